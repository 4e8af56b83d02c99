// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-linear latency buckets.  The bucket of v is found from the position
 * of its top bit and the next LAT_HIST_SUB_BITS bits, with no loop, so an
 * add costs a few instructions on the analyser's hot path.
 */
#include <math.h>
#include <string.h>

#include <pciescope/trace/lat_hist.h>

#define SUB (1u << LAT_HIST_SUB_BITS)

void lat_hist_init(struct lat_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

unsigned lat_hist_bucket_of(uint64_t v)
{
	unsigned e;

	if (v < 2 * SUB)
		return (unsigned)v;
	e = 63 - (unsigned)__builtin_clzll(v);
	return ((e - LAT_HIST_SUB_BITS + 1) << LAT_HIST_SUB_BITS) +
	       (unsigned)((v >> (e - LAT_HIST_SUB_BITS)) & (SUB - 1));
}

uint64_t lat_hist_bucket_lo(unsigned b)
{
	unsigned e;

	if (b < 2 * SUB)
		return b;
	e = (b >> LAT_HIST_SUB_BITS) + LAT_HIST_SUB_BITS - 1;
	return (uint64_t)(SUB | (b & (SUB - 1))) << (e - LAT_HIST_SUB_BITS);
}

uint64_t lat_hist_bucket_width(unsigned b)
{
	if (b < 2 * SUB)
		return 1;
	return 1ull << ((b >> LAT_HIST_SUB_BITS) - 1);
}

void lat_hist_add(struct lat_hist *h, uint64_t v)
{
	h->count++;
	h->sum += v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->bucket[lat_hist_bucket_of(v)]++;
}

void lat_hist_merge(struct lat_hist *dst, const struct lat_hist *src)
{
	if (!src->count)
		return;
	dst->count += src->count;
	dst->sum += src->sum;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	for (unsigned b = 0; b < LAT_HIST_BUCKETS; b++)
		dst->bucket[b] += src->bucket[b];
}

uint64_t lat_hist_quantile(const struct lat_hist *h, double q)
{
	uint64_t rank, seen = 0, v;
	unsigned b;

	if (!h->count)
		return 0;
	rank = (uint64_t)ceil(q * (double)h->count);
	if (rank < 1)
		rank = 1;
	for (b = 0; b < LAT_HIST_BUCKETS; b++) {
		seen += h->bucket[b];
		if (seen >= rank)
			break;
	}
	if (b == LAT_HIST_BUCKETS)
		return h->max;
	v = lat_hist_bucket_lo(b) + lat_hist_bucket_width(b) / 2;
	if (v < h->min)
		v = h->min;
	if (v > h->max)
		v = h->max;
	return v;
}
