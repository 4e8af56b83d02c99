/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Latency histogram with log-linear buckets: values below 64 have a bucket
 * each, above that every power of two is split into 32 equal buckets.  A
 * percentile is therefore known to within 1/32 (about 3 %) of its value
 * without keeping the samples, so a trace of any length is summarised in
 * bounded memory.
 *
 * Only the buckets between the lowest and the highest used are kept,
 * allocated on first use and widened (at least doubled) as samples land
 * outside them: a trace analysis keeps one histogram per requester and
 * kind, most of which see a narrow band of latencies or none, and all
 * LAT_HIST_BUCKETS up front cost 15 KiB each.  A sample whose bucket cannot
 * be allocated still counts in count, sum, min and max, but not in the
 * quantiles (lost says how many).
 */
#ifndef PCIESCOPE_TRACE_LAT_HIST_H
#define PCIESCOPE_TRACE_LAT_HIST_H

#include <stdbool.h>
#include <stdint.h>

#define LAT_HIST_SUB_BITS 5
#define LAT_HIST_BUCKETS ((64 - LAT_HIST_SUB_BITS + 1) << LAT_HIST_SUB_BITS)

struct lat_hist {
	uint64_t count, sum, min, max;
	uint64_t lost;	  /* samples in count but in no bucket (out of memory) */
	uint64_t *bucket; /* counts of buckets lo .. lo + n - 1; NULL while n is 0 */
	uint32_t lo, n;
};

#define LAT_HIST_SUB (1u << LAT_HIST_SUB_BITS)

/* An empty histogram (no memory yet); lat_hist_free releases what adds allocated. */
void lat_hist_init(struct lat_hist *h);
void lat_hist_free(struct lat_hist *h);
/* Adds every sample of src into dst. */
void lat_hist_merge(struct lat_hist *dst, const struct lat_hist *src);
/* Samples in bucket b (0 .. LAT_HIST_BUCKETS - 1). */
uint64_t lat_hist_at(const struct lat_hist *h, unsigned b);
/* Same samples in the same buckets (however wide either was allocated). */
bool lat_hist_equal(const struct lat_hist *x, const struct lat_hist *y);
/* Widens h's buckets to hold bucket b and counts a sample there. */
void lat_hist_add_outside(struct lat_hist *h, unsigned b);

/*
 * The bucket of v, from the position of its top bit and the next
 * LAT_HIST_SUB_BITS bits, with no loop: inline, as the trace analyser adds
 * a sample per matched request.
 */
static inline unsigned lat_hist_bucket_of(uint64_t v)
{
	unsigned e;

	if (v < 2 * LAT_HIST_SUB)
		return (unsigned)v;
	e = 63 - (unsigned)__builtin_clzll(v);
	return ((e - LAT_HIST_SUB_BITS + 1) << LAT_HIST_SUB_BITS) +
	       (unsigned)((v >> (e - LAT_HIST_SUB_BITS)) & (LAT_HIST_SUB - 1));
}

static inline void lat_hist_add(struct lat_hist *h, uint64_t v)
{
	unsigned b = lat_hist_bucket_of(v);

	h->count++;
	h->sum += v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	/* b below lo wraps around to a large offset: one test for both sides */
	if (__builtin_expect(b - h->lo < h->n, 1))
		h->bucket[b - h->lo]++;
	else
		lat_hist_add_outside(h, b);
}
/* Values in bucket b are [lo, lo + width). */
uint64_t lat_hist_bucket_lo(unsigned b);
uint64_t lat_hist_bucket_width(unsigned b);

/*
 * The q-quantile (0 < q <= 1) of the samples in buckets: the middle of the
 * bucket holding the ceil(q * n)-th smallest, clamped to [min, max].  0
 * when empty.
 */
uint64_t lat_hist_quantile(const struct lat_hist *h, double q);

#endif
