// SPDX-License-Identifier: GPL-2.0-only
/* The PMUs of a backend as data (tool/pmu_list.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/pmu_list.h>

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

json_t *pmu_list_one(struct backend *b, const char *name)
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

int pmu_list_all(struct backend *b, bool (*want)(const char *name, void *ctx), void *ctx,
		 json_t *out)
{
	char **names;
	size_t n;
	int ret = backend_list_dir(b, PMU_SYSFS_DIR, &names, &n);

	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++)
		if (!want || want(names[i], ctx))
			json_array_append_new(out, pmu_list_one(b, names[i]));
	backend_names_free(names, n);
	return 0;
}
