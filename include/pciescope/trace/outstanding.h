/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Requests in flight over time, one computation for every view that shows
 * it (report's chart, diagnose's outstanding-limit): the caller tells each
 * change of the count, in time order, and the time spent at every count
 * (for one requester) and the average count per interval (for the trace)
 * follow from the same integral.  Times are ticks from any origin the
 * caller keeps; the series starts at tick 0 of that origin.
 *
 * Time with nothing in flight is not kept: before the first request its
 * start is unknown, and the rules ask how long a requester waited with
 * n > 0 requests open.
 */
#ifndef PCIESCOPE_TRACE_OUTSTANDING_H
#define PCIESCOPE_TRACE_OUTSTANDING_H

#include <stddef.h>
#include <stdint.h>

/*
 * Fixed memory whatever the trace's length: when a change lies beyond the
 * last bin, neighbouring bins merge and the width doubles (as the
 * bandwidth timeline does).
 */
#define OUTSTANDING_BINS 256

struct outstanding_series {
	uint64_t width;		       /* ticks per bin; 0 before anything was in flight */
	double bins[OUTSTANDING_BINS]; /* tick-requests in flight in each bin */
};

struct outstanding {
	unsigned n, max; /* in flight now, and the most ever */
	uint64_t since;	 /* tick of the last change */
	uint64_t
	    *time_at; /* [levels]: ticks spent with n in flight (the last holds more); or NULL */
	unsigned levels;
	struct outstanding_series *series; /* or NULL */
};

/* Nothing in flight; what to keep: time_at[levels] and/or series (either may be NULL). */
void outstanding_init(struct outstanding *o, uint64_t *time_at, unsigned levels,
		      struct outstanding_series *series);

/* From tick now on, n requests are in flight (now never before the last change). */
void outstanding_set(struct outstanding *o, uint64_t now, unsigned n);

/* The bins of s that a span of span ticks from tick 0 covers. */
size_t outstanding_series_len(const struct outstanding_series *s, uint64_t span);
/* Average requests in flight in bin i of them (the last bin ends with the span). */
double outstanding_series_avg(const struct outstanding_series *s, size_t i, uint64_t span);

#endif
