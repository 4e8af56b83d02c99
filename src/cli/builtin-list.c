// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope list [--json] [PMU...]: every PMU under
 * /sys/bus/event_source/devices with its type, cpumask, format/ and events/
 * entries, and the PTT extras (tune/ values, root_port_filters/,
 * requester_filters/).  It walks directories generically, so any PMU a
 * driver registers (or the host kernel has) shows up without code here.
 * The text form and the JSON form come from one collected jansson tree.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"

/* Every file of dir as name -> text (unreadable files as their error). */
static json_t *list_dir_files(struct backend *b, const char *dir)
{
	json_t *o;
	char **names, path[512], val[4096];
	size_t n;

	if (b->ops->sysfs_is_dir(b, dir) != 1 || cli_sysfs_list(b, dir, &names, &n))
		return NULL;
	o = json_object();
	for (size_t i = 0; i < n; i++) {
		ssize_t len;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (b->ops->sysfs_is_dir(b, path) == 1)
			continue;
		len = cli_sysfs_read(b, path, val, sizeof(val));
		json_object_set_new(o, names[i],
				    len >= 0 ? json_string(val)
					     : json_pack("{s:s}", "error", strerror((int)-len)));
	}
	cli_names_free(names, n);
	return o;
}

static void list_add_filters(struct backend *b, json_t *pmu, const char *base, const char *dir)
{
	char path[512];
	json_t *files, *ms;

	snprintf(path, sizeof(path), "%s/%s", base, dir);
	files = list_dir_files(b, path);
	if (!files)
		return;
	ms = json_object_get(files, "multiselect");
	json_object_set_new(pmu, dir,
			    json_pack("{s:b,s:O}", "multiselect",
				      ms && !strcmp(json_string_value(ms) ?: "", "1"), "filters",
				      files));
	json_object_del(json_object_get(json_object_get(pmu, dir), "filters"), "multiselect");
	json_decref(files);
}

static json_t *list_pmu(struct backend *b, const char *name)
{
	static const char *const dirs[] = {"format", "events", "tune"};
	char base[384], path[512], val[4096];
	json_t *pmu = json_pack("{s:s}", "name", name), *d;

	snprintf(base, sizeof(base), "%s/%s", PMU_SYSFS, name);
	snprintf(path, sizeof(path), "%s/type", base);
	if (cli_sysfs_read(b, path, val, sizeof(val)) >= 0)
		json_object_set_new(pmu, "type", json_integer(strtoll(val, NULL, 10)));
	snprintf(path, sizeof(path), "%s/cpumask", base);
	if (cli_sysfs_read(b, path, val, sizeof(val)) >= 0)
		json_object_set_new(pmu, "cpumask", json_string(val));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", base, dirs[i]);
		d = list_dir_files(b, path);
		if (d)
			json_object_set_new(pmu, dirs[i], d);
	}
	list_add_filters(b, pmu, base, "root_port_filters");
	list_add_filters(b, pmu, base, "requester_filters");
	return pmu;
}

static void print_map(const char *title, json_t *o)
{
	const char *k;
	json_t *v;

	if (!o || !json_object_size(o))
		return;
	printf("  %-8s", title);
	json_object_foreach(o, k, v)
	{
		if (json_is_string(v))
			printf(" %s=%s", k, json_string_value(v));
		else
			printf(" %s=<%s>", k, json_string_value(json_object_get(v, "error")));
	}
	printf("\n");
}

static void print_filters(json_t *pmu, const char *dir)
{
	json_t *f = json_object_get(pmu, dir), *files = json_object_get(f, "filters"), *v;
	const char *k;

	if (!f)
		return;
	printf("  %s%s:%s\n", dir,
	       json_is_true(json_object_get(f, "multiselect")) ? " (several at once)"
							       : " (one at a time)",
	       json_object_size(files) ? "" : " none");
	json_object_foreach(files, k, v) printf("    %s  %s\n", k, json_string_value(v) ?: "?");
}

static void print_pmu(json_t *pmu)
{
	json_t *t = json_object_get(pmu, "type");

	printf("%s", json_string_value(json_object_get(pmu, "name")));
	if (t)
		printf("  type %lld", (long long)json_integer_value(t));
	if (json_object_get(pmu, "cpumask"))
		printf("  cpumask %s", json_string_value(json_object_get(pmu, "cpumask")));
	printf("\n");
	print_map("format:", json_object_get(pmu, "format"));
	print_map("events:", json_object_get(pmu, "events"));
	print_map("tune:", json_object_get(pmu, "tune"));
	print_filters(pmu, "root_port_filters");
	print_filters(pmu, "requester_filters");
}

static int list_usage(void)
{
	fprintf(stderr, "usage: pciescope list [--json] [--backend B] [--platform P] [PMU...]\n");
	return 1;
}

static int list_collect(struct backend *b, char **only, int nonly, json_t *pmus)
{
	char **names;
	size_t n;
	int ret = cli_sysfs_list(b, PMU_SYSFS, &names, &n);

	if (ret)
		return cli_errno(ret, "list: %s", PMU_SYSFS);
	for (int j = 0; j < nonly; j++) {
		size_t i;

		for (i = 0; i < n && strcmp(names[i], only[j]); i++)
			;
		if (i == n) {
			cli_names_free(names, n);
			return cli_error("list: no PMU named '%s'", only[j]);
		}
	}
	for (size_t i = 0; i < n; i++) {
		int j;

		for (j = 0; j < nonly && strcmp(names[i], only[j]); j++)
			;
		if (!nonly || j < nonly)
			json_array_append_new(pmus, list_pmu(b, names[i]));
	}
	cli_names_free(names, n);
	return 0;
}

int cmd_list(int argc, char **argv)
{
	struct backend_opts bo = {0};
	char *only[64];
	int nonly = 0, json = 0, ret;
	struct backend *b;
	json_t *pmus;

	for (int i = 1; i < argc; i++) {
		ret = backend_opts_parse(&bo, argc, argv, &i);
		if (ret < 0)
			return 1;
		if (ret)
			continue;
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return list_usage() - 1;
		else if (argv[i][0] == '-' || nonly == 64)
			return list_usage();
		else
			only[nonly++] = argv[i];
	}
	b = backend_opts_open(&bo, "list");
	if (!b)
		return 1;
	pmus = json_array();
	ret = list_collect(b, only, nonly, pmus);
	backend_close(b);
	if (!ret && json) {
		json_t *root = json_pack("{s:O}", "pmus", pmus);

		json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		printf("\n");
		json_decref(root);
	} else if (!ret) {
		size_t i;
		json_t *p;

		json_array_foreach(pmus, i, p) print_pmu(p);
	}
	json_decref(pmus);
	return ret;
}
