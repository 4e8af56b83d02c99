// SPDX-License-Identifier: GPL-2.0-only
/*
 * Requests in flight over time: the time at each count, the most ever, and
 * the series' averages, against counts worked out by hand; the series keeps
 * its integral when a long trace makes its bins merge; and the trace's
 * series counts only requesters whose completions came, from their first
 * request, leaving the others out and saying which.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include <pciescope/trace/outstanding.h>

static void time_at_each_count(void **state)
{
	uint64_t at[4] = {0};
	struct outstanding o;

	outstanding_init(&o, at, 4, NULL);
	outstanding_set(&o, 10, 1); /* idle before: not counted */
	outstanding_set(&o, 15, 2);
	outstanding_set(&o, 18, 1);
	outstanding_set(&o, 20, 0);
	outstanding_set(&o, 30, 3);
	outstanding_set(&o, 32, 5); /* beyond the last level: held there */
	outstanding_set(&o, 40, 0);
	assert_int_equal(at[0], 0);
	assert_int_equal(at[1], 5 + 2);
	assert_int_equal(at[2], 3);
	assert_int_equal(at[3], 2 + 8);
	assert_int_equal(o.max, 5);
	assert_int_equal(o.n, 0);
}

static void series_averages_per_bin(void **state)
{
	struct outstanding_series s;
	struct outstanding o;

	outstanding_init(&o, NULL, 0, &s);
	outstanding_set(&o, 0, 2);
	outstanding_set(&o, 3, 1);
	outstanding_set(&o, 4, 0);
	assert_int_equal(s.width, 1);
	assert_int_equal(outstanding_series_len(&s, 4), 4);
	assert_float_equal(outstanding_series_avg(&s, 0, 4), 2, 1e-12);
	assert_float_equal(outstanding_series_avg(&s, 2, 4), 2, 1e-12);
	assert_float_equal(outstanding_series_avg(&s, 3, 4), 1, 1e-12);
	assert_float_equal(outstanding_series_avg(&s, 4, 4), 0, 1e-12);
}

static void series_widens_and_keeps_the_integral(void **state)
{
	const uint64_t end = 10 * OUTSTANDING_BINS;
	struct outstanding_series s;
	struct outstanding o;
	double sum = 0;
	size_t n;

	outstanding_init(&o, NULL, 0, &s);
	for (uint64_t t = 0; t < end; t += 2) {
		outstanding_set(&o, t, 3);
		outstanding_set(&o, t + 1, 1);
	}
	outstanding_set(&o, end, 0);
	n = outstanding_series_len(&s, end);
	assert_true(s.width >= 16);
	assert_true(n <= OUTSTANDING_BINS);
	for (size_t i = 0; i < n; i++) {
		assert_float_equal(outstanding_series_avg(&s, i, end), 2, 1e-9);
		sum += s.bins[i];
	}
	assert_float_equal(sum, 2.0 * (double)end, 1e-6);
}

static void nothing_in_flight_has_no_series(void **state)
{
	struct outstanding_series s;
	struct outstanding o;

	outstanding_init(&o, NULL, 0, &s);
	outstanding_set(&o, 5, 0);
	assert_int_equal(outstanding_series_len(&s, 100), 0);
	assert_int_equal(o.max, 0);
}

/*
 * 00:02.0 reads from 0 with completions (two in flight over [0, 10), one
 * over [10, 20)); 00:10.1's reads never complete (five of them, one a tag
 * reused).  The series is 00:02.0's alone, its first ticks included.
 */
static void only_requests_whose_completions_come_count(void **state)
{
	struct outstanding_seen *o = malloc(sizeof(*o));
	struct outstanding_left left;
	const uint16_t ep = 0x0010, cpu = 0x0081;
	double sum = 0;

	outstanding_seen_init(o);
	outstanding_seen_step(o, 0, ep, 1);
	outstanding_seen_step(o, 0, ep, 1);
	for (uint64_t t = 1; t <= 4; t++)
		outstanding_seen_step(o, t, cpu, 1);
	outstanding_seen_step(o, 5, cpu, 0);
	outstanding_seen_completion(o, 10, ep); /* the first: 00:02.0's reads count, from 0 */
	outstanding_seen_step(o, 10, ep, -1);
	outstanding_seen_completion(o, 20, ep);
	outstanding_seen_step(o, 20, ep, -1);
	outstanding_seen_finish(o, 30, &left);
	for (size_t i = 0; i < outstanding_series_len(&o->series, 30); i++)
		sum += o->series.bins[i];
	assert_float_equal(sum, 2 * 10 + 1 * 10, 1e-9);
	assert_float_equal(outstanding_series_avg(&o->series, 0, 30), 2, 1e-9);
	assert_int_equal(o->all.n, 0);
	assert_int_equal(left.requesters, 1);
	assert_int_equal(left.requests, 5);
	assert_int_equal(left.rid[0], cpu);
	free(o);
}

/* Past OUTSTANDING_HELD requesters, a new one counts at once; a completion alone leaves none out.
 */
static void requesters_past_the_held_ones_count_at_once(void **state)
{
	struct outstanding_seen *o = malloc(sizeof(*o));
	struct outstanding_left left;

	outstanding_seen_init(o);
	for (uint16_t r = 0; r < OUTSTANDING_HELD; r++)
		outstanding_seen_step(o, 0, r, 1);
	outstanding_seen_step(o, 0, 0x1000, 1);
	outstanding_seen_completion(o, 1, 0x2000);
	outstanding_seen_finish(o, 4, &left);
	assert_int_equal(o->all.n, 1);
	assert_float_equal(outstanding_series_avg(&o->series, 0, 4), 1, 1e-9);
	assert_int_equal(left.requesters, OUTSTANDING_HELD);
	assert_int_equal(left.requests, OUTSTANDING_HELD);
	free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(time_at_each_count),
	    cmocka_unit_test(series_averages_per_bin),
	    cmocka_unit_test(series_widens_and_keeps_the_integral),
	    cmocka_unit_test(nothing_in_flight_has_no_series),
	    cmocka_unit_test(only_requests_whose_completions_come_count),
	    cmocka_unit_test(requesters_past_the_held_ones_count_at_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
