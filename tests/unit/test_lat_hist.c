// SPDX-License-Identifier: GPL-2.0-only
/* Log-linear latency histogram: bucket bounds, exact small values, percentile error. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

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
	free(h);
	free(g);
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
	    cmocka_unit_test(empty_histogram),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
