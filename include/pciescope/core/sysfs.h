/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The in-process sysfs: a tree of directories, attributes and symlinks with
 * absolute paths exactly as on Linux ("/sys/bus/event_source/devices/...").
 * Attributes are show/store callbacks returning byte counts or -errno, so a
 * driver's attribute behaves like its kernel counterpart, errno included.
 */
#ifndef PCIESCOPE_CORE_SYSFS_H
#define PCIESCOPE_CORE_SYSFS_H

#include <stddef.h>
#include <sys/types.h>

struct sysfs;
struct sysfs_node;

struct sysfs_attr_ops {
	/* Prints into buf (size n, at least 4096); returns length or -errno. */
	ssize_t (*show)(void *ctx, char *buf, size_t n);
	/* buf holds len bytes, not NUL-terminated; returns len or -errno. */
	ssize_t (*store)(void *ctx, const char *buf, size_t len);
};

struct sysfs *sysfs_create(void);
void sysfs_destroy(struct sysfs *fs);

/* Creates every missing directory of an absolute path; returns the last. */
struct sysfs_node *sysfs_mkdir_p(struct sysfs *fs, const char *path);
struct sysfs_node *sysfs_mkdir(struct sysfs_node *parent, const char *name);
/* mode as in the kernel (0444, 0644, 0600, 0400, 0200). */
int sysfs_add_attr(struct sysfs_node *dir, const char *name, unsigned mode,
		   const struct sysfs_attr_ops *ops, void *ctx);
/* A read-only attribute with fixed text (format strings, event strings). */
int sysfs_add_const(struct sysfs_node *dir, const char *name, const char *text);
int sysfs_add_symlink(struct sysfs_node *dir, const char *name, const char *target);
/* Removes a node and everything below it. */
void sysfs_remove(struct sysfs_node *node);
int sysfs_remove_path(struct sysfs *fs, const char *path);
struct sysfs_node *sysfs_lookup(struct sysfs *fs, const char *path);

/* File-level operations, the way a user process sees them. */
ssize_t sysfs_read(struct sysfs *fs, const char *path, char *buf, size_t n);
ssize_t sysfs_write(struct sysfs *fs, const char *path, const char *buf, size_t len);

struct sysfs_stat {
	int is_dir, is_link;
	unsigned mode;
};
int sysfs_stat(struct sysfs *fs, const char *path, struct sysfs_stat *st);

/* Calls fn for each entry of a directory, sorted by name; stops on non-zero. */
int sysfs_readdir(struct sysfs *fs, const char *path,
		  int (*fn)(void *ctx, const char *name, const struct sysfs_stat *st), void *ctx);

#endif
