/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Holds: what a running pciescope command relies on, said in the state
 * directory so that another command does not change it underneath.
 *
 * - A tune search holds a PTT PMU's tune levels (HOLD_SEARCH): another
 *   search of the device, or a `tune` that would set a level, is refused
 *   (or waits) until it ends.  The hold keeps the search's starting levels
 *   and the levels it last wrote; a search that dies without putting its
 *   starting levels back (SIGKILL, a crash) has them put back by the next
 *   command that opens the machine (hold_repair), except a level someone
 *   else set since: one the device no longer holds as the search left it.
 * - A live view (serve, top, exec, sysfs mount) holds the machine
 *   (HOLD_VIEW): `platform remove/rescan/reset` is refused (or waits) while
 *   it runs, as they are while a search does.
 *
 * Each hold is a file of its own, "<machine>.holds/<pid>.<n>" in the state
 * directory, on which its process keeps an flock until it ends: the kernel
 * drops that lock when the process dies, however it dies, so a hold whose
 * file is not locked (or whose pid has gone: a child may keep a lock it
 * inherited for a moment) is stale.  A lock on "<machine>.holds/lock",
 * held only for a moment, orders taking, checking, changing and putting
 * back holds.  The machine is the one backend_state_name names (a host's
 * holds are its user's: state directories are per user).  One thread of a
 * process at a time takes and checks holds (a sysfs mount's FUSE requests
 * are serialised by its own mutex).
 */
#ifndef PCIESCOPE_TOOL_HOLD_H
#define PCIESCOPE_TOOL_HOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <pciescope/backend/backend.h>
#include <pciescope/perf/hisi_ptt_tune.h>
#include <pciescope/base/error.h>

enum hold_kind { HOLD_SEARCH, HOLD_VIEW };

/* Which levels a search's hold records (hold_note). */
enum hold_levels { HOLD_START, HOLD_LAST, HOLD_NEXT, HOLD_NLEVELS };

struct hold_info {
	pid_t pid;
	enum hold_kind kind;
	char device[64];  /* HOLD_SEARCH: the PMU whose levels it holds */
	char command[32]; /* "tune --search", "serve", ... */
	/* HOLD_SEARCH: the starting levels, the last ones written and kept,
	 * the ones being written; known[] says which were recorded */
	int level[HOLD_NLEVELS][HISI_PTT_TUNE_NPARAM];
	bool known[HOLD_NLEVELS];
	bool live;
};

struct hold;

/*
 * Puts back the starting levels of every search on o's machine that ended
 * without doing so, and forgets the holds of views that died; one line
 * (tool_warn) per search put back.  Every command calls it before it
 * opens its backend.  0, or -errno with e set.
 */
int hold_repair(const struct backend_options *o, struct error *e);

/*
 * Takes a hold on o's machine.  kind HOLD_SEARCH conflicts with a live
 * search of the same device, HOLD_VIEW with nothing.  On a conflict:
 * -EBUSY with *busy set, or with wait, waits for it to end (-EINTR if a
 * signal came, -EDEADLK if the holder runs this process); stale holds are
 * repaired first.  *out is NULL on a machine that keeps nothing.
 */
int hold_take(const struct backend_options *o, enum hold_kind kind, const char *device,
	      const char *command, bool wait, struct hold **out, struct hold_info *busy,
	      struct error *e);
/* Records levels in a search's hold (HOLD_START, _LAST, _NEXT); 0 or -errno. */
int hold_note(struct hold *h, enum hold_levels which, const int level[HISI_PTT_TUNE_NPARAM]);
/* The levels a search's hold records, to put back with (hold_restore_mask). */
const struct hold_info *hold_own(const struct hold *h);
/* Removes the hold; NULL is nothing. */
void hold_release(struct hold *h);

/*
 * A moment during which o's machine changes hands: its holds are locked,
 * stale ones repaired, and none conflicts: a live search of device (or of
 * any device, and any live view, when device is NULL: a platform change).
 * On a conflict -EBUSY with *busy, or with wait it waits as hold_take.
 * Between hold_guard and hold_guard_end no hold is taken or changed; keep
 * it short (one tune, one platform change).
 */
struct hold_guard;
int hold_guard(const struct backend_options *o, const char *device, bool wait,
	       struct hold_guard **out, struct hold_info *busy, struct error *e);
void hold_guard_end(struct hold_guard *g);

/* "a tune search of hisi_ptt0_2 (pid 42)", "serve (pid 42)". */
const char *hold_describe(const struct hold_info *h, char *buf, size_t n);

/*
 * Which levels a search may put back: those the device holds as the search
 * left them (its last write or the one under way).  A level that differs
 * was set by someone else since and stays.  cur: the device's levels now.
 */
unsigned hold_restore_mask(const struct hold_info *h, const int cur[HISI_PTT_TUNE_NPARAM]);

#endif
