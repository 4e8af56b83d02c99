// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-linear latency histogram: bucket bounds, exact small values,
 * percentile error, and buckets kept only as far as samples reach, with
 * the percentiles of a histogram that had every bucket from the start.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>
#include <math.h>

#include <pciescope/trace/lat_hist.h>

static void buckets_cover_values(void **state)
{
	uint64_t vs[] = {0, 1, 63, 64, 65, 127, 128, 1000, 4095, 4096, 123456789, UINT64_MAX};

	for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++) {
		unsigned b = lat_hist_bucket_of(vs[i]);

		assert_true(b < LAT_HIST_BUCKETS);
		assert_true(lat_hist_bucket_lo(b) <= vs[i]);
		assert_true(vs[i] - lat_hist_bucket_lo(b) < lat_hist_bucket_width(b));
	}
	assert_int_equal(lat_hist_bucket_of(UINT64_MAX), LAT_HIST_BUCKETS - 1);
}

static void small_values_are_exact(void **state)
{
	struct lat_hist *h = malloc(sizeof(*h));

	lat_hist_init(h);
	for (uint64_t v = 1; v <= 60; v++)
		lat_hist_add(h, v);
	assert_int_equal(h->count, 60);
	assert_int_equal(h->min, 1);
	assert_int_equal(h->max, 60);
	assert_int_equal(h->sum, 60 * 61 / 2);
	assert_int_equal(lat_hist_quantile(h, 0.5), 30);
	assert_int_equal(lat_hist_quantile(h, 0.99), 60);
	assert_int_equal(lat_hist_quantile(h, 1.0), 60);
	lat_hist_free(h);
	free(h);
}

static void percentiles_within_bucket_error(void **state)
{
	struct lat_hist *h = malloc(sizeof(*h)), *g = malloc(sizeof(*g));
	uint64_t p50, p99;

	lat_hist_init(h);
	lat_hist_init(g);
	for (uint64_t v = 1; v <= 100000; v++)
		lat_hist_add(v % 2 ? h : g, v * 10);
	lat_hist_merge(h, g);
	assert_int_equal(h->count, 100000);
	p50 = lat_hist_quantile(h, 0.5);
	p99 = lat_hist_quantile(h, 0.99);
	assert_true(p50 >= 500000 - 500000 / 32 && p50 <= 500000 + 500000 / 32);
	assert_true(p99 >= 990000 - 990000 / 32 && p99 <= 990000 + 990000 / 32);
	assert_int_equal(lat_hist_quantile(g, 1e-6), 20);
	lat_hist_free(h);
	lat_hist_free(g);
	free(h);
	free(g);
}

/* The quantile as a histogram with every bucket computes it: the middle of the rank's bucket. */
static uint64_t full_quantile(const uint64_t *bucket, uint64_t count, uint64_t min, uint64_t max,
			      double q)
{
	uint64_t rank = (uint64_t)ceil(q * (double)count), seen = 0, v;
	unsigned b;

	rank = rank < 1 ? 1 : rank;
	for (b = 0; b < LAT_HIST_BUCKETS && (seen += bucket[b]) < rank; b++)
		;
	v = lat_hist_bucket_lo(b) + lat_hist_bucket_width(b) / 2;
	return v < min ? min : v > max ? max : v;
}

static void growth_keeps_the_percentiles_of_every_bucket(void **state)
{
	static const double qs[] = {1e-6, 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1};
	uint64_t *full = calloc(LAT_HIST_BUCKETS, sizeof(*full)), min = UINT64_MAX, max = 0;
	uint64_t seed = 0x2545f4914f6cdd1dull;
	struct lat_hist h, part[3], merged;

	assert_non_null(full);
	lat_hist_init(&h);
	lat_hist_init(&merged);
	for (int i = 0; i < 3; i++)
		lat_hist_init(&part[i]);
	/* a narrow band first: only its buckets are kept */
	for (uint64_t v = 1000; v < 1100; v++) {
		lat_hist_add(&h, v);
		full[lat_hist_bucket_of(v)]++;
		min = v < min ? v : min;
		max = v > max ? v : max;
	}
	assert_true(h.n < LAT_HIST_BUCKETS / 8);
	/* then values on either side, down to 0 and up to 2^60, in no order */
	for (int i = 0; i < 20000; i++) {
		uint64_t v;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		v = seed >> (seed % 64);
		lat_hist_add(&h, v);
		lat_hist_add(&part[i % 3], v);
		full[lat_hist_bucket_of(v)]++;
		min = v < min ? v : min;
		max = v > max ? v : max;
	}
	for (uint64_t v = 1000; v < 1100; v++)
		lat_hist_add(&part[0], v);
	for (int i = 2; i >= 0; i--)
		lat_hist_merge(&merged, &part[i]);
	for (unsigned b = 0; b < LAT_HIST_BUCKETS; b++)
		assert_int_equal(lat_hist_at(&h, b), full[b]);
	assert_true(lat_hist_equal(&h, &merged));
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
		uint64_t want = full_quantile(full, h.count, min, max, qs[i]);

		assert_int_equal(lat_hist_quantile(&h, qs[i]), want);
		assert_int_equal(lat_hist_quantile(&merged, qs[i]), want);
	}
	lat_hist_free(&h);
	lat_hist_free(&merged);
	for (int i = 0; i < 3; i++)
		lat_hist_free(&part[i]);
	free(full);
}

static void empty_histogram(void **state)
{
	struct lat_hist *h = malloc(sizeof(*h));

	lat_hist_init(h);
	assert_int_equal(lat_hist_quantile(h, 0.5), 0);
	free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(buckets_cover_values),
	    cmocka_unit_test(small_values_are_exact),
	    cmocka_unit_test(percentiles_within_bucket_error),
	    cmocka_unit_test(growth_keeps_the_percentiles_of_every_bucket),
	    cmocka_unit_test(empty_histogram),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
