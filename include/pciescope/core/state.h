/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Persistent platform state between pciescope invocations: a key/value store
 * (string keys, 64-bit values and short strings) kept in one file under the
 * state directory ($PCIESCOPE_STATE_DIR, else $XDG_STATE_HOME/pciescope, else
 * ~/.local/state/pciescope).  Opening takes an exclusive lock for the whole
 * command, so concurrent invocations serialise instead of losing updates;
 * `pciescope platform reset` deletes the file.
 */
#ifndef PCIESCOPE_CORE_STATE_H
#define PCIESCOPE_CORE_STATE_H

#include <stdbool.h>
#include <stdint.h>

struct kstate;

/* name: platform name, so each platform has its own file. */
int kstate_open(const char *name, struct kstate **out);
/* Writes changes atomically (temp file + rename), releases the lock. */
int kstate_close(struct kstate *s);
int kstate_reset(const char *name);

bool kstate_get_u64(struct kstate *s, const char *key, uint64_t *val);
int kstate_set_u64(struct kstate *s, const char *key, uint64_t val);
const char *kstate_get_str(struct kstate *s, const char *key);
int kstate_set_str(struct kstate *s, const char *key, const char *val);
int kstate_del(struct kstate *s, const char *key);
/* Calls fn for each key starting with prefix. */
void kstate_foreach(struct kstate *s, const char *prefix,
		    void (*fn)(void *ctx, const char *key, const char *val), void *ctx);

#endif
