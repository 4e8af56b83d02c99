// SPDX-License-Identifier: GPL-2.0-only
/*
 * Path resolution as namei does it: "." and "..", symlinks relative to the
 * directory holding them (absolute ones from the root), ELOOP after 40 link
 * hops, ENOTDIR when a file is used as a directory.  Every path is taken as
 * absolute, since the tree is mounted at "/".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs_internal.h"

#define SYSFS_MAX_LINKS 40

static int walk(struct sysfs *fs, struct sysfs_node *dir, const char *path, int follow_last,
		int *links, struct sysfs_node **out);

static int follow(struct sysfs *fs, struct sysfs_node *link, int *links, struct sysfs_node **out)
{
	if (++*links > SYSFS_MAX_LINKS)
		return -ELOOP;
	return walk(fs, link->parent, link->target, 1, links, out);
}

static int step(struct sysfs *fs, struct sysfs_node **cur, const char *name, int is_last,
		int follow_last, int *links)
{
	struct sysfs_node *c;

	if ((*cur)->kind != SYSFS_DIR)
		return -ENOTDIR;
	if (!strcmp(name, "."))
		return 0;
	if (!strcmp(name, "..")) {
		if ((*cur)->parent)
			*cur = (*cur)->parent;
		return 0;
	}
	c = sysfs_child(*cur, name);
	if (!c)
		return -ENOENT;
	if (c->kind == SYSFS_LINK && (!is_last || follow_last))
		return follow(fs, c, links, cur);
	*cur = c;
	return 0;
}

static int walk(struct sysfs *fs, struct sysfs_node *dir, const char *path, int follow_last,
		int *links, struct sysfs_node **out)
{
	struct sysfs_node *cur = path[0] == '/' ? fs->root : dir;
	char *copy = strdup(path), *save = NULL, *tok, *next;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	tok = strtok_r(copy, "/", &save);
	while (tok && !ret) {
		next = strtok_r(NULL, "/", &save);
		ret = step(fs, &cur, tok, next == NULL, follow_last, links);
		tok = next;
	}
	free(copy);
	if (!ret && path[0] && path[strlen(path) - 1] == '/' && cur->kind != SYSFS_DIR)
		ret = -ENOTDIR;
	if (!ret)
		*out = cur;
	return ret;
}

int sysfs_resolve(struct sysfs *fs, const char *path, int follow_last, struct sysfs_node **out)
{
	int links = 0;

	if (!path || !*path)
		return -ENOENT;
	return walk(fs, fs->root, path, follow_last, &links, out);
}
