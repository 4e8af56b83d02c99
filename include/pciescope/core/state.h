/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Persistent platform state between pciescope invocations: a key/value store
 * (string keys, 64-bit values and short strings) kept in one file under the
 * state directory ($PCIESCOPE_STATE_DIR, else $XDG_STATE_HOME/pciescope, else
 * ~/.local/state/pciescope).  Opening reads a snapshot under a lock; closing
 * replays this handle's changes onto the file as it is then, under the lock,
 * so concurrent invocations (and a pciescope run by a pciescope) each land
 * their changes, and a key both changed goes to the one that closes last.
 * `pciescope platform reset` deletes the file.
 */
#ifndef PCIESCOPE_CORE_STATE_H
#define PCIESCOPE_CORE_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kstate;

/*
 * The state directory, made if missing; what else pciescope keeps between
 * invocations (tool/hold.h) lives there too.  -ENOENT when no variable
 * names one.
 */
int kstate_dir(char *buf, size_t n);
/* name: platform name, so each platform has its own file. */
int kstate_open(const char *name, struct kstate **out);
/* Merges this handle's changes into the file atomically (temp file + rename). */
int kstate_close(struct kstate *s);
int kstate_reset(const char *name);
/* Whether another handle has saved the file since s took its snapshot. */
bool kstate_changed(struct kstate *s);
/*
 * Takes what the table holds now as found, not changed: the journal is
 * dropped.  For a user that fills in defaults for keys the file lacks, so
 * that its close does not write them over another handle's changes.
 */
void kstate_baseline(struct kstate *s);

/*
 * One line on what of the file was not used: the first line that is not
 * key=value or whose number did not parse (kstate_get_u64 notes those), as
 * "<path>:<line>: <why>" with how many more; or why the file could not be
 * read.  NULL if every line was used.  Written into buf.
 */
const char *kstate_warning(struct kstate *s, char *buf, size_t n);

bool kstate_get_u64(struct kstate *s, const char *key, uint64_t *val);
int kstate_set_u64(struct kstate *s, const char *key, uint64_t val);
const char *kstate_get_str(struct kstate *s, const char *key);
int kstate_set_str(struct kstate *s, const char *key, const char *val);
int kstate_del(struct kstate *s, const char *key);
/* Calls fn for each key starting with prefix. */
void kstate_foreach(struct kstate *s, const char *prefix,
		    void (*fn)(void *ctx, const char *key, const char *val), void *ctx);

#endif
