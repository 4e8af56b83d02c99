// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-linear latency buckets: what is not on the analyser's hot path (the
 * add is inline in lat_hist.h).
 */
#include <math.h>
#include <string.h>

#include <pciescope/trace/lat_hist.h>

#define SUB LAT_HIST_SUB

void lat_hist_init(struct lat_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
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
