// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-linear latency buckets: what is not on the analyser's hot path (the
 * add is inline in lat_hist.h), and the growth of the band of buckets kept.
 * The band at least doubles when it widens, so a histogram is reallocated
 * a handful of times in its life, and it starts at LAT_HIST_FIRST_BAND
 * buckets: a single power of two of latencies with room on either side.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/trace/lat_hist.h>

#define SUB LAT_HIST_SUB
#define LAT_HIST_FIRST_BAND (2 * SUB)

void lat_hist_init(struct lat_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

void lat_hist_free(struct lat_hist *h)
{
	free(h->bucket);
	lat_hist_init(h);
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

uint64_t lat_hist_at(const struct lat_hist *h, unsigned b)
{
	return b - h->lo < h->n ? h->bucket[b - h->lo] : 0;
}

/* The band [lo, hi) to keep so that buckets [lo, hi) fit: at least twice the band kept now. */
static void band(const struct lat_hist *h, unsigned *lo, unsigned *hi)
{
	unsigned size, want = h->n ? 2 * h->n : LAT_HIST_FIRST_BAND;
	bool down = h->n && *lo < h->lo;

	if (h->n) {
		*lo = *lo < h->lo ? *lo : h->lo;
		*hi = *hi > h->lo + h->n ? *hi : h->lo + h->n;
	}
	size = *hi - *lo > want ? *hi - *lo : want;
	if (size > LAT_HIST_BUCKETS)
		size = LAT_HIST_BUCKETS;
	if (down) {
		*lo = *hi > size ? *hi - size : 0;
		*hi = *lo + size;
	} else {
		*hi = *lo + size > LAT_HIST_BUCKETS ? LAT_HIST_BUCKETS : *lo + size;
		*lo = *hi - size;
	}
}

/* Keeps buckets [lo, hi) at least; false if out of memory (h unchanged). */
static bool widen(struct lat_hist *h, unsigned lo, unsigned hi)
{
	uint64_t *b;

	if (h->n && lo >= h->lo && hi <= h->lo + h->n)
		return true;
	band(h, &lo, &hi);
	b = calloc(hi - lo, sizeof(*b));
	if (!b)
		return false;
	if (h->n)
		memcpy(b + (h->lo - lo), h->bucket, h->n * sizeof(*b));
	free(h->bucket);
	h->bucket = b;
	h->lo = lo;
	h->n = hi - lo;
	return true;
}

void lat_hist_add_outside(struct lat_hist *h, unsigned b)
{
	if (widen(h, b, b + 1))
		h->bucket[b - h->lo]++;
	else
		h->lost++;
}

void lat_hist_merge(struct lat_hist *dst, const struct lat_hist *src)
{
	if (!src->count)
		return;
	dst->count += src->count;
	dst->sum += src->sum;
	dst->lost += src->lost;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	if (!src->n)
		return;
	if (!widen(dst, src->lo, src->lo + src->n)) {
		dst->lost += src->count - src->lost;
		return;
	}
	for (unsigned b = 0; b < src->n; b++)
		dst->bucket[src->lo + b - dst->lo] += src->bucket[b];
}

bool lat_hist_equal(const struct lat_hist *x, const struct lat_hist *y)
{
	if (x->count != y->count || x->sum != y->sum || x->min != y->min || x->max != y->max ||
	    x->lost != y->lost)
		return false;
	/* outside both bands every bucket is 0 */
	for (unsigned b = x->lo < y->lo ? x->lo : y->lo; b < x->lo + x->n || b < y->lo + y->n; b++)
		if (lat_hist_at(x, b) != lat_hist_at(y, b))
			return false;
	return true;
}

uint64_t lat_hist_quantile(const struct lat_hist *h, double q)
{
	uint64_t rank, seen = 0, v;
	unsigned b;

	if (h->count == h->lost)
		return 0;
	rank = (uint64_t)ceil(q * (double)(h->count - h->lost));
	if (rank < 1)
		rank = 1;
	for (b = 0; b < h->n; b++) {
		seen += h->bucket[b];
		if (seen >= rank)
			break;
	}
	if (b == h->n)
		return h->max;
	v = lat_hist_bucket_lo(h->lo + b) + lat_hist_bucket_width(h->lo + b) / 2;
	if (v < h->min)
		v = h->min;
	if (v > h->max)
		v = h->max;
	return v;
}
