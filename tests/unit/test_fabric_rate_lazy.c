// SPDX-License-Identifier: GPL-2.0-only
/*
 * A live view's counters under the rate model (docs/fabric.md, *The rate
 * model*): a counter that asks before it reads (fabric_observer_asks) is
 * shown a skip when it asks or when the skip ends, and reads what it
 * would have read had it been shown the skip as it went; and a reading
 * span (fabric_set_reading_span) lengthens the skips of a busy domain
 * without moving its counts.  Root Port 00:00.0 under mixed, its core 0
 * skipping long.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "kunpeng_fabric.h"
#include "test_scale.h"

#define MS 1000000ull
#define STEP 100000ull /* the platform's slice */
#define BUDGET 2000000

/* A counter of 00:00.0 that asks; caught up every step (or only at the end), its counts. */
static void asking(uint64_t end, bool each_step, struct port_count *c, bool *owed)
{
	struct fabric *f = kunpeng("mixed");

	fabric_set_rate_model(f, BUDGET);
	port_count_add(f, c, 0x0000, 0);
	fabric_observer_asks(f, port_count_tlp, c, true);
	*owed = false;
	for (uint64_t t = STEP; t <= end; t += STEP) {
		uint64_t before = c->tlps;

		assert_int_equal(fabric_run_until(f, t), 0);
		if (!each_step && t < end)
			continue;
		fabric_observer_catch_up(f, port_count_tlp, c);
		*owed |= c->tlps != before;
	}
	fabric_destroy(f);
}

/*
 * Asked every slice or once at the end, the counter reads the same; and
 * asking showed it counts it had not been shown yet.
 */
static void asking_counter_reads_what_it_would_have_been_shown(void **state)
{
	const uint64_t end = test_size(20 * MS, 5 * MS);
	struct port_count each, once;
	bool owed, owed_once;

	asking(end, true, &each, &owed);
	asking(end, false, &once, &owed_once);
	assert_true(each.bulk > 0);
	assert_true(owed);
	assert_int_equal(each.tlps, once.tlps);
	assert_int_equal(each.wr_bytes, once.wr_bytes);
	assert_int_equal(each.cpl_bytes, once.cpl_bytes);
}

/* 00:00.0's counter over end, the reading span span_ms (0: none), shown when it asks at the end. */
static void spanned(uint64_t end, uint64_t span_ms, struct port_count *c)
{
	struct fabric *f = kunpeng("mixed");

	fabric_set_rate_model(f, BUDGET);
	fabric_set_reading_span(f, span_ms * MS);
	port_count_add(f, c, 0x0000, 0);
	fabric_observer_asks(f, port_count_tlp, c, true);
	for (uint64_t t = STEP; t <= end; t += STEP)
		assert_int_equal(fabric_run_until(f, t), 0);
	fabric_observer_catch_up(f, port_count_tlp, c);
	fabric_destroy(f);
}

static void assert_within_2pct(uint64_t want, uint64_t got)
{
	uint64_t d = want > got ? want - got : got - want;

	if (d * 50 > want)
		fail_msg("%llu with the reading span against %llu without: more than 2 %% apart",
			 (unsigned long long)got, (unsigned long long)want);
}

/*
 * A second between reads: the domain skips longer (fewer skips, so
 * fewer bulk records: about half, while the fluid part still learns what
 * its streams' fires make), and the devices' writes in and the
 * completions out are within 2 % of the budget's alone.
 */
static void reading_span_skips_longer_with_the_same_counts(void **state)
{
	const uint64_t end = test_size(100 * MS, 30 * MS);
	struct port_count plain, spread;

	spanned(end, 0, &plain);
	spanned(end, 1000, &spread);
	assert_true(plain.wr_bytes > end); /* > 1 GB/s */
	assert_true(spread.bulk > 0);
	assert_true(spread.bulk * 4 < plain.bulk * 3);
	assert_within_2pct(plain.wr_bytes, spread.wr_bytes);
	assert_within_2pct(plain.cpl_bytes, spread.cpl_bytes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(asking_counter_reads_what_it_would_have_been_shown),
	    cmocka_unit_test(reading_span_skips_longer_with_the_same_counts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
