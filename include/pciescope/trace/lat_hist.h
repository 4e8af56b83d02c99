/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Latency histogram with log-linear buckets: values below 64 have a bucket
 * each, above that every power of two is split into 32 equal buckets.  A
 * percentile is therefore known to within 1/32 (about 3 %) of its value
 * while the histogram has a fixed size, so a trace of any length is
 * summarised without keeping its samples.
 */
#ifndef PCIESCOPE_TRACE_LAT_HIST_H
#define PCIESCOPE_TRACE_LAT_HIST_H

#include <stdint.h>

#define LAT_HIST_SUB_BITS 5
#define LAT_HIST_BUCKETS ((64 - LAT_HIST_SUB_BITS + 1) << LAT_HIST_SUB_BITS)

struct lat_hist {
	uint64_t count, sum, min, max;
	uint64_t bucket[LAT_HIST_BUCKETS];
};

#define LAT_HIST_SUB (1u << LAT_HIST_SUB_BITS)

void lat_hist_init(struct lat_hist *h);
/* Adds every sample of src into dst. */
void lat_hist_merge(struct lat_hist *dst, const struct lat_hist *src);

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
	h->count++;
	h->sum += v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->bucket[lat_hist_bucket_of(v)]++;
}
/* Values in bucket b are [lo, lo + width). */
uint64_t lat_hist_bucket_lo(unsigned b);
uint64_t lat_hist_bucket_width(unsigned b);

/*
 * The q-quantile (0 < q <= 1): the middle of the bucket holding the
 * ceil(q * count)-th smallest sample, clamped to [min, max].  0 when empty.
 */
uint64_t lat_hist_quantile(const struct lat_hist *h, double q);

#endif
