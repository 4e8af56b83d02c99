/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The two halves of tool/hold.h: the hold files and their lock (hold.c),
 * and putting back what a dead search left (hold_repair.c).
 */
#ifndef PCIESCOPE_TOOL_HOLD_INTERNAL_H
#define PCIESCOPE_TOOL_HOLD_INTERNAL_H

#include <limits.h>

#include <pciescope/tool/hold.h>

/* A machine's holds directory, locked. */
struct hold_dir {
	char path[PATH_MAX];
	const struct backend_options *o; /* to open the machine with, to put levels back */
};

/*
 * Locks o's holds directory, made if create; 1 when there is none to lock
 * (the machine keeps nothing, or nothing was ever held and !create).
 */
int hold_dir_lock(const struct backend_options *o, bool create, struct hold_dir *d);
/* Locks a directory hold_dir_lock found before; 0 or -errno. */
int hold_dir_relock(struct hold_dir *d);
void hold_dir_unlock(struct hold_dir *d);

/* Calls fn for each hold of a locked directory, with the path of its file; stops at fn's non-zero.
 */
int hold_dir_each(struct hold_dir *d,
		  int (*fn)(void *ctx, struct hold_dir *d, const struct hold_info *h,
			    const char *path),
		  void *ctx);

/* Puts back what the stale holds of a locked directory left, and removes them. */
int hold_repair_locked(struct hold_dir *d, struct error *e);

#endif
