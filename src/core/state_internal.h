/* SPDX-License-Identifier: GPL-2.0-only */
/* struct kstate, shared by the locking half (state.c) and the table half (state_kv.c). */
#ifndef PCIESCOPE_CORE_STATE_INTERNAL_H
#define PCIESCOPE_CORE_STATE_INTERNAL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct kstate_entry {
	char *key, *val;
};

struct kstate {
	int lock_fd;
	char path[PATH_MAX];
	struct kstate_entry *e; /* sorted by key */
	size_t n, cap;
	bool dirty;
};

int kstate_path(const char *name, const char *suffix, char *buf, size_t n);
int kstate_load(struct kstate *s);
int kstate_save(struct kstate *s);
void kstate_free(struct kstate *s);

#endif
