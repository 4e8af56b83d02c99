// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rate model at a medium load (docs/fabric.md, *The rate model*): a
 * domain skipping a few windows per window, where a window more or less is
 * much of a window's weight.  Under p2p:rate=200000 the GPU below 00:08.0
 * writes into its peer and reads from it by turns, once per 5 us, the
 * window's length, and its domain skips two to three windows per window.
 * k rounded down sat on a step the last window's TLPs tipped, and the
 * window after a read's is often a write's: the writes in came out 0.7 %
 * heavier than the per-TLP engine's, the read completions out 0.7 %
 * lighter.  With k's fraction drawn, what a counter at 00:08.0 sees over
 * 20 ms is the engine's: the two as many bytes, each within 2 % per seed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#include "kunpeng_fabric.h"

#define MS 1000000ull
#define SEEDS 5

/* A counter of core 1 (00:08.0) over 20 ms, looked at every 100 us as the platform does. */
static void count_20ms(uint64_t seed, uint64_t budget, struct port_count *c)
{
	struct fabric *f = kunpeng_with("p2p", "rate=200000", seed);

	fabric_set_rate_model(f, budget);
	port_count_add(f, c, 0x0040, 1);
	for (uint64_t t = 100000; t <= 20 * MS; t += 100000)
		assert_int_equal(fabric_run_until(f, t), 0);
	fabric_destroy(f);
}

static void assert_within(const char *what, uint64_t engine, uint64_t rate, uint64_t per_10k)
{
	uint64_t d = engine > rate ? engine - rate : rate - engine;

	if (d * 10000 > engine * per_10k)
		fail_msg(
		    "%s: rate model %llu against the engine's %llu, more than %llu.%02llu %% apart",
		    what, (unsigned long long)rate, (unsigned long long)engine,
		    (unsigned long long)(per_10k / 100), (unsigned long long)(per_10k % 100));
}

static void writes_and_reads_weigh_what_the_engine_shows(void **state)
{
	uint64_t e_wr = 0, e_cpl = 0, r_wr = 0, r_cpl = 0;

	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		struct port_count e, r;

		count_20ms(seed, 0, &e);
		count_20ms(seed, 2000000, &r);
		assert_true(r.bulk > 0); /* the rate model ran */
		assert_int_equal(e.bulk, 0);
		assert_within("writes in", e.wr_bytes, r.wr_bytes, 200);
		assert_within("completions out", e.cpl_bytes, r.cpl_bytes, 200);
		e_wr += e.wr_bytes;
		e_cpl += e.cpl_bytes;
		r_wr += r.wr_bytes;
		r_cpl += r.cpl_bytes;
	}
	/* the writes' share of the two, over the seeds: the engine's within 0.25 % */
	assert_within("writes per 10000 bytes of the two", e_wr * 10000 / (e_wr + e_cpl),
		      r_wr * 10000 / (r_wr + r_cpl), 25);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(writes_and_reads_weigh_what_the_engine_shows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
