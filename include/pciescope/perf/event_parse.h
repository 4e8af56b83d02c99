/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf event syntax of `perf stat -e` (perf 6.1): comma lists, {groups}
 * with :modifiers, legacy symbols (cpu-clock, cycles, ...), raw rNNN, and
 * pmu/term=val,term,.../mods with named events taken from the PMU's events/
 * directory.  The result is one perf_event_attr per event, encoded exactly
 * as perf encodes it (config, config1, config2, exclude bits), plus what the
 * caller needs to reason about it (the alias used, the terms given).
 *
 * Errors are one line naming the event, the bad term and the PMU, worded as
 * perf words them ("unknown term 'foo' for pmu 'hisi_pcie0_core0'").
 */
#ifndef PCIESCOPE_PERF_EVENT_PARSE_H
#define PCIESCOPE_PERF_EVENT_PARSE_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/perf/pmu.h>

/* One term after alias expansion, in the order perf applies it. */
struct perf_term {
	char *name;
	char *str; /* string value (name=...), else NULL */
	uint64_t val;
	bool bare; /* written without a value: means 1 */
	bool from_alias;
};

struct perf_event_spec {
	char *text;  /* the event as written: "hisi_pcie0_core0/rx_mwr_cnt,port=0x1/" */
	char *pmu;   /* NULL for a legacy symbol or a raw rNNN event */
	char *alias; /* the events/ entry used (its own spelling), or NULL */
	char *name;  /* the name= term, or NULL */
	struct perf_event_attr attr;
	size_t leader; /* index of the group leader in the list; itself for a leader */
	struct perf_term *terms;
	size_t nterms;
	bool exclude_gh; /* a G or H modifier was given (decides what 'u' does) */
};

struct perf_event_list {
	struct perf_event_spec *ev;
	size_t n;
};

/*
 * Parses one -e argument and appends its events to l (call again for each
 * -e; the list starts zeroed).  On error l is unchanged, e holds one line
 * and the result is -EINVAL (syntax, term, value) or -ENOENT (no such PMU).
 */
int perf_events_parse(struct perf_event_list *l, const char *str, const struct perf_pmu_source *src,
		      struct error *e);
void perf_events_free(struct perf_event_list *l);

/* The value of a term given for ev (last one wins), false if absent. */
bool perf_event_term(const struct perf_event_spec *ev, const char *name, uint64_t *val);

#endif
