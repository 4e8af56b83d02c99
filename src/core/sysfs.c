// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sysfs tree: directories, attributes and symlinks.  Nodes are plain
 * heap objects owned by their parent; removing a node frees its subtree, as
 * kobject_del does for a device directory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs_internal.h"

struct sysfs *sysfs_create(void)
{
	struct sysfs *fs = calloc(1, sizeof(*fs));

	if (!fs)
		return NULL;
	fs->root = calloc(1, sizeof(*fs->root));
	if (!fs->root) {
		free(fs);
		return NULL;
	}
	fs->root->name = strdup("");
	fs->root->kind = SYSFS_DIR;
	fs->root->mode = 0755;
	fs->root->fs = fs;
	return fs;
}

static void node_free(struct sysfs_node *n)
{
	while (n->children) {
		struct sysfs_node *c = n->children;

		n->children = c->next;
		node_free(c);
	}
	free(n->name);
	free(n->text);
	free(n->target);
	free(n);
}

void sysfs_destroy(struct sysfs *fs)
{
	if (!fs)
		return;
	node_free(fs->root);
	free(fs);
}

struct sysfs_node *sysfs_child(struct sysfs_node *dir, const char *name)
{
	for (struct sysfs_node *c = dir->children; c; c = c->next)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* Links a new node into dir in name order; -EEXIST if the name is taken. */
static int node_insert(struct sysfs_node *dir, struct sysfs_node *n)
{
	struct sysfs_node **pp;

	if (!dir || dir->kind != SYSFS_DIR || !n->name || !*n->name || strchr(n->name, '/'))
		return -EINVAL;
	pp = &dir->children;
	while (*pp && strcmp((*pp)->name, n->name) < 0)
		pp = &(*pp)->next;
	if (*pp && !strcmp((*pp)->name, n->name))
		return -EEXIST;
	n->next = *pp;
	*pp = n;
	n->parent = dir;
	n->fs = dir->fs;
	return 0;
}

static struct sysfs_node *node_new(const char *name, enum sysfs_kind kind, unsigned mode)
{
	struct sysfs_node *n = calloc(1, sizeof(*n));

	if (!n)
		return NULL;
	n->name = strdup(name);
	n->kind = kind;
	n->mode = mode;
	return n;
}

static int node_add(struct sysfs_node *dir, struct sysfs_node *n)
{
	int ret = n && n->name ? node_insert(dir, n) : -ENOMEM;

	if (ret && n)
		node_free(n);
	return ret;
}

struct sysfs_node *sysfs_mkdir(struct sysfs_node *parent, const char *name)
{
	struct sysfs_node *n;

	if (!parent)
		return NULL;
	n = sysfs_child(parent, name);
	if (n)
		return n->kind == SYSFS_DIR ? n : NULL;
	n = node_new(name, SYSFS_DIR, 0755);
	return node_add(parent, n) ? NULL : n;
}

struct sysfs_node *sysfs_mkdir_p(struct sysfs *fs, const char *path)
{
	struct sysfs_node *dir = fs->root;
	char *copy = strdup(path), *save = NULL;

	if (!copy)
		return NULL;
	for (char *tok = strtok_r(copy, "/", &save); tok && dir; tok = strtok_r(NULL, "/", &save))
		dir = sysfs_mkdir(dir, tok);
	free(copy);
	return dir;
}

int sysfs_add_attr(struct sysfs_node *dir, const char *name, unsigned mode,
		   const struct sysfs_attr_ops *ops, void *ctx)
{
	struct sysfs_node *n = node_new(name, SYSFS_ATTR, mode & 0777);

	if (n) {
		n->ops = *ops;
		n->ctx = ctx;
	}
	return node_add(dir, n);
}

static ssize_t const_show(void *ctx, char *buf, size_t n)
{
	size_t len = strlen(ctx);

	if (len > n)
		len = n;
	memcpy(buf, ctx, len);
	return (ssize_t)len;
}

int sysfs_add_const(struct sysfs_node *dir, const char *name, const char *text)
{
	struct sysfs_node *n = node_new(name, SYSFS_ATTR, 0444);

	if (n) {
		n->text = strdup(text);
		n->ops.show = const_show;
		n->ctx = n->text;
		if (!n->text) {
			node_free(n);
			return -ENOMEM;
		}
	}
	return node_add(dir, n);
}

int sysfs_add_symlink(struct sysfs_node *dir, const char *name, const char *target)
{
	struct sysfs_node *n = node_new(name, SYSFS_LINK, 0777);

	if (n) {
		n->target = strdup(target);
		if (!n->target) {
			node_free(n);
			return -ENOMEM;
		}
	}
	return node_add(dir, n);
}

void sysfs_remove(struct sysfs_node *node)
{
	struct sysfs_node **pp;

	if (!node)
		return;
	if (!node->parent) /* the root stays */
		return;
	for (pp = &node->parent->children; *pp; pp = &(*pp)->next) {
		if (*pp == node) {
			*pp = node->next;
			break;
		}
	}
	node_free(node);
}

int sysfs_remove_path(struct sysfs *fs, const char *path)
{
	struct sysfs_node *n;
	int ret = sysfs_resolve(fs, path, 0, &n);

	if (ret)
		return ret;
	if (!n->parent)
		return -EBUSY;
	sysfs_remove(n);
	return 0;
}

struct sysfs_node *sysfs_lookup(struct sysfs *fs, const char *path)
{
	struct sysfs_node *n;

	return sysfs_resolve(fs, path, 1, &n) ? NULL : n;
}
