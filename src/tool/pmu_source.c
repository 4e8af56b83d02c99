// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/tool/pmu_source.h>

static int src_read(void *ctx, const char *pmu, const char *file, char *buf, size_t n)
{
	struct backend *b = ctx;
	char path[512];
	ssize_t r;

	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/%s", pmu, file);
	r = b->ops->sysfs_read(b, path, buf, n - 1);
	if (r < 0)
		return (int)r;
	buf[r] = 0;
	return (int)r;
}

static int src_list(void *ctx, const char *pmu, const char *dir,
		    int (*fn)(void *arg, const char *name), void *arg)
{
	struct backend *b = ctx;
	char path[512];
	char **names = NULL;
	size_t count = 0;
	int r;

	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/%s", pmu, dir);
	r = b->ops->sysfs_list(b, path, &names, &count);
	for (size_t i = 0; i < count; i++) {
		if (!r)
			r = fn(arg, names[i]);
		free(names[i]);
	}
	free(names);
	return r;
}

void pmu_source_backend(struct backend *b, struct perf_pmu_source *src)
{
	src->ctx = b;
	src->read = src_read;
	src->list = src_list;
}
