// SPDX-License-Identifier: GPL-2.0-only
/*
 * Outstanding requests over time, for the HTML report: every matched
 * request adds the time it was open to the bins it overlaps, so a bin's
 * total divided by its width is the average number of requests in flight
 * during it.  The bins cover the trace from its first entry; when a request
 * ends beyond the last bin, neighbouring bins merge and the width doubles,
 * so the memory is fixed whatever the trace's length (as the bandwidth
 * timeline does).  Requests arrive in the order they close, from one thread
 * (the HTML report analyses in time order).
 */
#include "report_views_impl.h"

static void widen(struct rv_busy *b)
{
	for (size_t i = 0; i < RV_BUSY_BINS / 2; i++)
		b->bins[i] = b->bins[2 * i] + b->bins[2 * i + 1];
	for (size_t i = RV_BUSY_BINS / 2; i < RV_BUSY_BINS; i++)
		b->bins[i] = 0;
	b->width *= 2;
}

void rv_busy_add(struct rv_busy *b, uint64_t start, uint64_t end)
{
	if (!b->width)
		b->width = 1;
	while (end / b->width >= RV_BUSY_BINS)
		widen(b);
	for (uint64_t i = start / b->width; i <= end / b->width; i++) {
		uint64_t lo = i * b->width, hi = lo + b->width;
		uint64_t s = start > lo ? start : lo, e = end < hi ? end : hi;

		if (e > s)
			b->bins[i] += (double)(e - s);
	}
	b->requests++;
}
