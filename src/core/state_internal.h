/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct kstate, shared by the locking half (state.c) and the table half
 * (state_kv.c): a snapshot of the file taken at open, and a journal of the
 * changes made since, replayed onto the file's newest contents at close.
 */
#ifndef PCIESCOPE_CORE_STATE_INTERNAL_H
#define PCIESCOPE_CORE_STATE_INTERNAL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

struct kstate_entry {
	char *key, *val;
	unsigned line; /* of the file the value came from; 0 if set since */
};

struct kstate {
	char path[PATH_MAX];
	struct kstate_entry *e; /* sorted by key */
	size_t n, cap;
	struct kstate_entry *journal; /* in order; val NULL for a deletion */
	size_t njournal;
	struct stat seen;	  /* the file when the snapshot was taken (zero: none) */
	char bad[PATH_MAX + 192]; /* the first line of the file not used, and why */
	unsigned nbad;		  /* how many such lines */
};

int kstate_path(const char *name, const char *suffix, char *buf, size_t n);
int kstate_load(struct kstate *s);
/* Notes a line of the file that is not used (line 0: the whole file). */
void kstate_note_bad(struct kstate *s, unsigned line, const char *why);
/* The text form: parse adds f's lines to the table, write prints the table. */
int kstate_parse(struct kstate *s, FILE *f);
void kstate_write(struct kstate *s, FILE *f);
int kstate_save(struct kstate *s);
/* Applies s's journal to the table of into. */
int kstate_replay(struct kstate *s, struct kstate *into);
void kstate_free(struct kstate *s);

#endif
