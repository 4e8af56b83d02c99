// SPDX-License-Identifier: GPL-2.0-only
/*
 * Requests in flight over time (trace/outstanding.h).  Each change closes
 * a stretch of constant count: its length goes to the count's time and
 * count x length, spread over the bins it overlaps, to the series, whose
 * bin total over its width is then the average in flight during the bin.
 * A series is additive, so a requester's, kept apart until its completions
 * show they are seen, is added to the trace's when they do.  One caller,
 * one thread: the views feed it as they walk the trace.
 */
#include <string.h>

#include <pciescope/trace/outstanding.h>

void outstanding_init(struct outstanding *o, uint64_t *time_at, unsigned levels,
		      struct outstanding_series *series)
{
	*o = (struct outstanding){
	    .time_at = levels ? time_at : NULL, .levels = levels, .series = series};
	if (series)
		*series = (struct outstanding_series){0};
}

static void widen(struct outstanding_series *s)
{
	for (size_t i = 0; i < OUTSTANDING_BINS / 2; i++)
		s->bins[i] = s->bins[2 * i] + s->bins[2 * i + 1];
	for (size_t i = OUTSTANDING_BINS / 2; i < OUTSTANDING_BINS; i++)
		s->bins[i] = 0;
	s->width *= 2;
}

/* n in flight over [start, end). */
static void series_add(struct outstanding_series *s, uint64_t start, uint64_t end, unsigned n)
{
	if (!s->width)
		s->width = 1;
	while ((end - 1) / s->width >= OUTSTANDING_BINS)
		widen(s);
	for (uint64_t i = start / s->width; i <= (end - 1) / s->width; i++) {
		uint64_t lo = i * s->width, hi = lo + s->width;
		uint64_t a = start > lo ? start : lo, b = end < hi ? end : hi;

		s->bins[i] += (double)n * (double)(b - a);
	}
}

void outstanding_set(struct outstanding *o, uint64_t now, unsigned n)
{
	if (o->n && now > o->since) {
		if (o->time_at)
			o->time_at[o->n < o->levels ? o->n : o->levels - 1] += now - o->since;
		if (o->series)
			series_add(o->series, o->since, now, o->n);
	}
	o->since = now;
	o->n = n;
	if (n > o->max)
		o->max = n;
}

size_t outstanding_series_len(const struct outstanding_series *s, uint64_t span)
{
	uint64_t n;

	if (!s->width || !span)
		return 0;
	n = (span - 1) / s->width + 1;
	return n < OUTSTANDING_BINS ? (size_t)n : OUTSTANDING_BINS;
}

double outstanding_series_avg(const struct outstanding_series *s, size_t i, uint64_t span)
{
	uint64_t lo = (uint64_t)i * s->width, len;

	if (!s->width || lo >= span)
		return 0;
	len = span - lo < s->width ? span - lo : s->width;
	return s->bins[i] / (double)len;
}

/* Widens s until its bins are w ticks wide (a power of two of its own, or it is empty). */
static void widen_to(struct outstanding_series *s, uint64_t w)
{
	if (!s->width) {
		s->width = w;
		return;
	}
	while (s->width < w)
		widen(s);
}

/* Adds from's bins into to's, both at the wider of their widths. */
static void series_merge(struct outstanding_series *to, struct outstanding_series *from)
{
	if (!from->width)
		return;
	widen_to(to, from->width);
	widen_to(from, to->width);
	for (size_t i = 0; i < OUTSTANDING_BINS; i++)
		to->bins[i] += from->bins[i];
}

void outstanding_seen_init(struct outstanding_seen *o)
{
	memset(o->state, 0, sizeof(o->state));
	o->nheld = 0;
	outstanding_init(&o->all, NULL, 0, &o->series);
}

/* rid's requests join the count at now, with the time they were in flight before. */
static void join(struct outstanding_seen *o, uint64_t now, uint16_t rid)
{
	struct outstanding_held *h = &o->held[o->slot[rid]];

	outstanding_set(&h->o, now, h->o.n);
	series_merge(&o->series, &h->s);
	outstanding_set(&o->all, now, o->all.n + h->o.n);
	o->state[rid] = OUTSTANDING_COUNTED;
}

/* A requester first seen: held apart while there is room, else counted at once. */
static void first_seen(struct outstanding_seen *o, uint16_t rid)
{
	struct outstanding_held *h;

	if (o->nheld == OUTSTANDING_HELD) {
		o->state[rid] = OUTSTANDING_COUNTED;
		return;
	}
	h = &o->held[o->nheld];
	h->rid = rid;
	h->requests = 0;
	outstanding_init(&h->o, NULL, 0, &h->s);
	o->slot[rid] = (uint8_t)o->nheld++;
	o->state[rid] = OUTSTANDING_HELD_APART;
}

void outstanding_seen_step(struct outstanding_seen *o, uint64_t now, uint16_t rid, int step)
{
	struct outstanding *c = &o->all;

	if (o->state[rid] == OUTSTANDING_UNSEEN)
		first_seen(o, rid);
	if (o->state[rid] == OUTSTANDING_HELD_APART) {
		c = &o->held[o->slot[rid]].o;
		o->held[o->slot[rid]].requests += step >= 0;
	}
	if (step > 0 || (step < 0 && c->n))
		outstanding_set(c, now, step > 0 ? c->n + 1 : c->n - 1);
}

void outstanding_seen_join(struct outstanding_seen *o, uint64_t now, uint16_t rid)
{
	if (o->state[rid] == OUTSTANDING_HELD_APART)
		join(o, now, rid);
	else
		o->state[rid] = OUTSTANDING_COUNTED;
}

void outstanding_seen_finish(struct outstanding_seen *o, uint64_t end,
			     struct outstanding_left *left)
{
	*left = (struct outstanding_left){0};
	outstanding_set(&o->all, end, o->all.n);
	for (unsigned i = 0; i < o->nheld; i++) {
		const struct outstanding_held *h = &o->held[i];

		if (o->state[h->rid] != OUTSTANDING_HELD_APART || !h->requests)
			continue;
		if (left->requesters < OUTSTANDING_NAMED)
			left->rid[left->requesters] = h->rid;
		left->requesters++;
		left->requests += h->requests;
	}
}
