/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Requests in flight over time, one computation for every view that shows
 * it (report's chart, diagnose's outstanding-limit): the caller tells each
 * change of the count, in time order, and the time spent at every count
 * (for one requester) and the average count per interval (for the trace)
 * follow from the same integral; for the trace, only requests whose
 * completions it can see count (outstanding_seen).  Times are ticks from any origin the
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

/*
 * Requests in flight of a whole trace, counting only requests whose
 * completions the trace can hold.  Which requesters those are is told by
 * the trace itself, not guessed from the setting: a requester's requests
 * are kept apart until its first completion comes, then join the count
 * (with the time they were already in flight); at the end the requests of
 * a requester none of whose completions came are left out, and counted,
 * for a view to say so.  The first OUTSTANDING_HELD requesters are kept
 * apart so; later ones (a trace of thousands) join at once, as before.
 */
#define OUTSTANDING_HELD 64
#define OUTSTANDING_NAMED 4 /* requesters left out that outstanding_seen_left names */

struct outstanding_held {
	uint16_t rid;
	uint64_t requests;
	struct outstanding o;
	struct outstanding_series s;
};

/* What a requester's requests are to the count (outstanding_seen.state). */
enum { OUTSTANDING_UNSEEN, OUTSTANDING_HELD_APART, OUTSTANDING_COUNTED };

struct outstanding_seen {
	struct outstanding all; /* requesters whose completions came */
	struct outstanding_series series;
	uint8_t state[65536]; /* by Requester ID; a held one's is in held[slot] */
	uint8_t slot[65536];
	struct outstanding_held held[OUTSTANDING_HELD];
	unsigned nheld;
};

/* What was left out, after outstanding_seen_finish. */
struct outstanding_left {
	uint64_t requests;
	unsigned requesters;
	uint16_t rid[OUTSTANDING_NAMED]; /* the first of them (min(requesters, NAMED)) */
};

void outstanding_seen_init(struct outstanding_seen *o);
/*
 * A request of rid opened (+1), closed by its last completion (-1), or put
 * in the place of one whose completion never came (0: the count stays) at
 * tick now.
 */
void outstanding_seen_step(struct outstanding_seen *o, uint64_t now, uint16_t rid, int step);
/* A completion for rid came at tick now: its requests count from now on, and since they began. */
void outstanding_seen_join(struct outstanding_seen *o, uint64_t now, uint16_t rid);
static inline void outstanding_seen_completion(struct outstanding_seen *o, uint64_t now,
					       uint16_t rid)
{
	if (o->state[rid] != OUTSTANDING_COUNTED) /* the first of rid's completions */
		outstanding_seen_join(o, now, rid);
}
/* Ends the series at tick end (requests still open stay in flight to it); fills left. */
void outstanding_seen_finish(struct outstanding_seen *o, uint64_t end,
			     struct outstanding_left *left);

/* The bins of s that a span of span ticks from tick 0 covers. */
size_t outstanding_series_len(const struct outstanding_series *s, uint64_t span);
/* Average requests in flight in bin i of them (the last bin ends with the span). */
double outstanding_series_avg(const struct outstanding_series *s, size_t i, uint64_t span);

#endif
