// SPDX-License-Identifier: GPL-2.0-only
/*
 * Requests in flight over time (trace/outstanding.h).  Each change closes
 * a stretch of constant count: its length goes to the count's time and
 * count x length, spread over the bins it overlaps, to the series, whose
 * bin total over its width is then the average in flight during the bin.
 * One caller, one thread: the views feed it as they walk the trace.
 */
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
