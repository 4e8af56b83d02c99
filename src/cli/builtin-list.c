// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope list [-v] [--json] [PATTERN...]: every PMU under
 * /sys/bus/event_source/devices with its type, cpumask, format/ and events/
 * entries, and the PTT extras (tune/ values, root_port_filters/,
 * requester_filters/).  It walks directories generically, so any PMU a
 * driver registers (or the host kernel has) shows up without code here.
 * The three views (perf list's layout, -v, --json) come from one collected
 * jansson tree; patterns are shell globs as perf list takes them.
 */
#include <fnmatch.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_names.h"
#include "list.h"

/* A whole decimal number as a JSON integer, anything else as its text. */
static json_t *value_of(const char *val, bool numbers)
{
	char *end;
	long long v;

	if (!numbers || !*val)
		return json_string(val);
	v = strtoll(val, &end, 10);
	return *end ? json_string(val) : json_integer(v);
}

/* Every file of dir as name -> text (unreadable files as their error). */
static json_t *list_dir_files(struct backend *b, const char *dir, bool numbers)
{
	json_t *o;
	char **names, path[512], val[4096];
	size_t n;

	if (b->ops->sysfs_is_dir(b, dir) != 1 || backend_list_dir(b, dir, &names, &n))
		return NULL;
	o = json_object();
	for (size_t i = 0; i < n; i++) {
		ssize_t len;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (b->ops->sysfs_is_dir(b, path) == 1)
			continue;
		len = backend_read_line(b, path, val, sizeof(val));
		json_object_set_new(o, names[i],
				    len >= 0 ? value_of(val, numbers)
					     : json_pack("{s:s}", "error", strerror((int)-len)));
	}
	backend_names_free(names, n);
	return o;
}

static void list_add_filters(struct backend *b, json_t *pmu, const char *base, const char *dir)
{
	char path[512];
	json_t *files, *ms;

	snprintf(path, sizeof(path), "%s/%s", base, dir);
	files = list_dir_files(b, path, false);
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

	snprintf(base, sizeof(base), "%s/%s", PMU_SYSFS_DIR, name);
	snprintf(path, sizeof(path), "%s/type", base);
	if (backend_read_line(b, path, val, sizeof(val)) >= 0)
		json_object_set_new(pmu, "type", json_integer(strtoll(val, NULL, 10)));
	snprintf(path, sizeof(path), "%s/cpumask", base);
	if (backend_read_line(b, path, val, sizeof(val)) >= 0)
		json_object_set_new(pmu, "cpumask", json_string(val));
	snprintf(path, sizeof(path), "%s/cpus", base);
	if (backend_read_line(b, path, val, sizeof(val)) >= 0)
		json_object_set_new(pmu, "cpus", json_string(val));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", base, dirs[i]);
		d = list_dir_files(b, path, !strcmp(dirs[i], "tune"));
		if (d)
			json_object_set_new(pmu, dirs[i], d);
	}
	list_add_filters(b, pmu, base, "root_port_filters");
	list_add_filters(b, pmu, base, "requester_filters");
	return pmu;
}

bool list_glob_match(struct list_globs *g, const char *name, bool nocase)
{
	bool any = !g->n;

	for (int i = 0; i < g->n; i++)
		if (!fnmatch(g->pat[i], name, nocase ? FNM_CASEFOLD : 0))
			any = g->hit[i] = true;
	return any;
}

/* The PMUs a pattern names (or all); every PMU when events are to be matched too. */
static int list_collect(struct backend *b, struct list_globs *g, bool by_pmu, json_t *pmus)
{
	char **names;
	size_t n;
	int ret = backend_list_dir(b, PMU_SYSFS_DIR, &names, &n);

	if (ret)
		return cli_errno(ret, "list: %s", PMU_SYSFS_DIR);
	for (size_t i = 0; i < n; i++)
		if (!by_pmu || list_glob_match(g, names[i], false))
			json_array_append_new(pmus, list_pmu(b, names[i]));
	backend_names_free(names, n);
	return 0;
}

static int list_show(struct backend *b, json_t *pmus, struct list_globs *g, bool json, bool verbose,
		     bool details)
{
	if (json) {
		json_t *root = json_pack("{s:O}", "pmus", pmus);

		json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		printf("\n");
		json_decref(root);
	} else if (verbose) {
		list_print_verbose(pmus);
	} else {
		if (isatty(STDOUT_FILENO))
			printf("\nList of pre-defined events (to be used in -e or -M):\n\n");
		if (list_print_perf(pmus, g, details))
			return cli_error("list: out of memory");
	}
	for (int i = 0; i < g->n; i++)
		if (!g->hit[i])
			return cli_unknown_in_dir(b, PMU_SYSFS_DIR, NULL, g->pat[i],
						  "see 'pciescope list'",
						  "list: no PMU or event matches '%s'", g->pat[i]);
	return 0;
}

static const char *const list_synopsis[] = {
    "list [-v|-d|--json] [--backend B] [--platform P] [PATTERN...]", NULL};

int cmd_list(int argc, char **argv)
{
	struct backend_opts bo = {0};
	bool hit[64] = {0}, json = false, verbose = false, details = false;
	const struct cli_option options[] = {
	    OPT_BOOL('d', "details", &details,
		     "every format term of each PMU, as perf list --details"),
	    OPT_BOOL('v', "verbose", &verbose,
		     "each PMU with its type, formats, events, tune values, filters"),
	    OPT_BOOL(0, "json", &json, "the same as JSON"),
	    OPT_BACKEND_OPTS(&bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {
	    list_synopsis, options,
	    "Without -v, PMU events as perf list prints them (pmu/event/ [Kernel PMU event])\n"
	    "and each PMU's format terms (pmu/term=0..N,.../modifier).  PATTERN is a shell\n"
	    "glob on PMU or event names ('hisi_ptt*', '*latency').\n",
	    0};
	struct list_globs g = {argv, 0, hit};
	struct backend *b;
	json_t *pmus;
	int ret = cli_parse_options(argc, argv, &cmd);

	if (ret < 0)
		return cli_parse_status(ret);
	if (ret > 64)
		return cli_error("list: more than 64 patterns");
	g.n = ret;
	if (json && verbose)
		return cli_error("list: --json and -v are two views; give one");
	b = backend_opts_open(&bo, "list");
	if (!b)
		return 1;
	pmus = json_array();
	ret = list_collect(b, &g, json || verbose, pmus);
	if (!ret)
		ret = list_show(b, pmus, &g, json, verbose, details);
	backend_close(b);
	json_decref(pmus);
	return ret;
}
