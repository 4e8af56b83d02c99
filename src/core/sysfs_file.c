// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysfs as a process sees it through open/read/write.  kernfs refuses an
 * open for reading when the mode has no read bit or there is no show op,
 * and for writing when there is no write bit or no store op, with EACCES,
 * even for root; that is what is done here.  A read gets at most one page,
 * as show() fills one; a write is cut to PAGE_SIZE - 1 bytes and handed to
 * store() NUL-terminated, as sysfs does.  Nothing in the core touches a
 * node after store() returns: a "remove" attribute may delete itself.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs_internal.h"

static int open_attr(struct sysfs *fs, const char *path, struct sysfs_node **out)
{
	int ret = sysfs_resolve(fs, path, 1, out);

	if (ret)
		return ret;
	return (*out)->kind == SYSFS_DIR ? -EISDIR : 0;
}

ssize_t sysfs_read(struct sysfs *fs, const char *path, char *buf, size_t n)
{
	struct sysfs_node *a;
	char page[SYSFS_PAGE];
	ssize_t len;
	int ret = open_attr(fs, path, &a);

	if (ret)
		return ret;
	if (!(a->mode & 0444) || !a->ops.show)
		return -EACCES;
	memset(page, 0, sizeof(page));
	len = a->ops.show(a->ctx, page, sizeof(page));
	if (len < 0)
		return len;
	if ((size_t)len > sizeof(page))
		len = sizeof(page);
	if ((size_t)len > n)
		len = (ssize_t)n;
	memcpy(buf, page, (size_t)len);
	return len;
}

ssize_t sysfs_write(struct sysfs *fs, const char *path, const char *buf, size_t len)
{
	struct sysfs_node *a;
	char page[SYSFS_PAGE];
	ssize_t ret = open_attr(fs, path, &a);

	if (ret)
		return ret;
	if (!(a->mode & 0222) || !a->ops.store)
		return -EACCES;
	if (len > SYSFS_PAGE - 1)
		len = SYSFS_PAGE - 1;
	if (len == 0)
		return 0;
	memcpy(page, buf, len);
	page[len] = '\0';
	return a->ops.store(a->ctx, page, len);
}

static void fill_stat(const struct sysfs_node *n, struct sysfs_stat *st)
{
	st->is_dir = n->kind == SYSFS_DIR;
	st->is_link = n->kind == SYSFS_LINK;
	st->mode = n->mode;
}

/* Follows links like stat(2), but is_link tells whether the last component is one. */
int sysfs_stat(struct sysfs *fs, const char *path, struct sysfs_stat *st)
{
	struct sysfs_node *n, *last;
	int ret = sysfs_resolve(fs, path, 0, &last);

	if (!ret)
		ret = sysfs_resolve(fs, path, 1, &n);
	if (ret)
		return ret;
	fill_stat(n, st);
	st->is_link = last->kind == SYSFS_LINK;
	return 0;
}

int sysfs_readdir(struct sysfs *fs, const char *path,
		  int (*fn)(void *ctx, const char *name, const struct sysfs_stat *st), void *ctx)
{
	struct sysfs_node *dir, *c;
	struct sysfs_stat st;
	int ret = sysfs_resolve(fs, path, 1, &dir);

	if (ret)
		return ret;
	if (dir->kind != SYSFS_DIR)
		return -ENOTDIR;
	for (c = dir->children; c; c = c->next) {
		fill_stat(c, &st);
		ret = fn(ctx, c->name, &st);
		if (ret)
			return ret;
	}
	return 0;
}
