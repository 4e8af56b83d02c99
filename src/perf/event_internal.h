/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Pieces of the event parser shared between its files: the term lexer, the
 * PMU term resolver, legacy symbols and modifiers.  Not a public interface.
 */
#ifndef PCIESCOPE_PERF_EVENT_INTERNAL_H
#define PCIESCOPE_PERF_EVENT_INTERNAL_H

#include <pciescope/perf/event_parse.h>

struct term_list {
	struct perf_term *v;
	size_t n;
	size_t cap; /* room in v; grows by doubling (a long term list stays linear) */
};

/*
 * Lexes "a=1,b,c=0x10,name=foo" (len bytes of s) into terms.  Returns 0 or
 * -EINVAL with the reason in e.
 */
int terms_lex(const char *s, size_t len, bool from_alias, struct term_list *out, struct error *e);
void terms_free(struct term_list *t);

/* Encodes ev->attr from ev->terms for PMU p: aliases, hardcoded terms, formats. */
int pmu_event_encode(const struct perf_pmu *p, struct perf_event_spec *ev, struct error *e);

/* Legacy symbols (cpu-clock, cycles, ...): type and config, or -ENOENT. */
int legacy_event_lookup(const char *name, size_t len, uint32_t *type, uint64_t *config);

/*
 * Applies perf's modifier letters (len bytes of mods) to an event whose
 * previous G/H state is *exclude_gh.  -EINVAL for an unknown or repeated one.
 */
int modifiers_apply(const char *mods, size_t len, struct perf_event_attr *a, bool *exclude_gh);

#endif
