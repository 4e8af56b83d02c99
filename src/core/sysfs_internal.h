/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The sysfs tree's private node layout, shared by the tree, path and file
 * halves.  Children are kept sorted by name so readdir needs no sort and a
 * listing is identical on every run.
 */
#ifndef PCIESCOPE_CORE_SYSFS_INTERNAL_H
#define PCIESCOPE_CORE_SYSFS_INTERNAL_H

#include <pciescope/core/sysfs.h>

#define SYSFS_PAGE 4096

enum sysfs_kind { SYSFS_DIR, SYSFS_ATTR, SYSFS_LINK };

struct sysfs_node {
	char *name;
	enum sysfs_kind kind;
	unsigned mode;
	struct sysfs_attr_ops ops;
	void *ctx;
	char *text;   /* constant attributes */
	char *target; /* symlinks */
	struct sysfs *fs;
	struct sysfs_node *parent, *children, *next;
};

struct sysfs {
	struct sysfs_node *root;
};

/* Resolves path; follow_last: also follow a symlink in the last component. */
int sysfs_resolve(struct sysfs *fs, const char *path, int follow_last, struct sysfs_node **out);
struct sysfs_node *sysfs_child(struct sysfs_node *dir, const char *name);

#endif
