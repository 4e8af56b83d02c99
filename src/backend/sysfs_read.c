// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sysfs read helpers of include/pciescope/backend/sysfs_read.h: only the
 * backend's ops, so they work alike on the emulated machine and a host.
 */
#include <stdlib.h>

#include <pciescope/backend/sysfs_read.h>

ssize_t backend_read_line(struct backend *b, const char *path, char *buf, size_t n)
{
	ssize_t len = b->ops->sysfs_read(b, path, buf, n - 1);

	if (len < 0)
		return len;
	buf[len] = 0;
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = 0;
	return len;
}

long backend_read_num(struct backend *b, const char *path)
{
	char buf[64];

	if (backend_read_line(b, path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 0);
}

int backend_list_dir(struct backend *b, const char *path, char ***names, size_t *count)
{
	*names = NULL;
	*count = 0;
	return b->ops->sysfs_list(b, path, names, count);
}

void backend_names_free(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}
