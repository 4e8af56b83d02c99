// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table source: a linear scan is enough, tables are a few dozen files.
 * Directory listings are derived from the paths, so a table needs no
 * separate directory entries.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pciescope/perf/pmu_table.h>

static int table_read(void *ctx, const char *pmu, const char *file, char *buf, size_t n)
{
	const struct perf_pmu_table_file *f = ctx;
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", pmu, file);
	for (; f->path; f++) {
		if (strcmp(f->path, path))
			continue;
		size_t len = strlen(f->text);

		if (len >= n)
			len = n - 1;
		memcpy(buf, f->text, len);
		buf[len] = 0;
		return (int)len;
	}
	return -ENOENT;
}

static int table_list(void *ctx, const char *pmu, const char *dir,
		      int (*fn)(void *arg, const char *name), void *arg)
{
	const struct perf_pmu_table_file *f = ctx;
	char prefix[512];
	size_t plen;
	int found = 0;

	plen = (size_t)snprintf(prefix, sizeof(prefix), "%s/%s/", pmu, dir);
	for (; f->path; f++) {
		if (strncmp(f->path, prefix, plen) || strchr(f->path + plen, '/'))
			continue;
		found = 1;
		int r = fn(arg, f->path + plen);

		if (r)
			return r;
	}
	return found ? 0 : -ENOENT;
}

void perf_pmu_table_source(const struct perf_pmu_table_file *files, struct perf_pmu_source *src)
{
	src->ctx = (void *)files;
	src->read = table_read;
	src->list = table_list;
}
