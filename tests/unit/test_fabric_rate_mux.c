// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rate model under multiplexing (docs/fabric.md, *The rate model*):
 * perf rotates a PMU's counters every 4 ms, so a counter's figure is what
 * it counted in the slices it had, scaled up.  Two counting observers
 * that take turns, the way two rotated counters do, beside one that
 * counts throughout: what the two add up is exactly what the third does
 * (a skip's counts land in the slice they stand for), and what each adds
 * up of its own slices is what the per-TLP engine shows it, within 2 %.
 *
 * Under nic each NIC packet goes one way or the other on a coin toss.
 * The windows run only a sample of the packets, and with a coin per
 * packet the sample's split strayed: by up to 8 % in a 4 ms slice at the
 * start of a run, where one counter's whole figure may come from.
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
#define STEP_NS 100000ull /* the platform's slice between perf's looks */
#define TURN_NS (4 * MS)  /* perf's rotation: 1000 / HZ, HZ = 250 */
#define TURNS 4
#define SEEDS 5

/* all[0] counts throughout; all[1] and all[2] take turns, all[1] first. */
static void run_in_turns(uint64_t seed, uint64_t budget, struct port_count all[3])
{
	struct fabric *f = kunpeng_seeded("nic", seed);

	fabric_set_rate_model(f, budget);
	for (int i = 0; i < 3; i++) { /* at 00:10.0 */
		port_count_add(f, &all[i], 0x0080, 2);
		fabric_observer_want(f, port_count_tlp, &all[i], i < 2);
	}
	for (uint64_t t = STEP_NS; t <= TURNS * TURN_NS; t += STEP_NS) {
		assert_int_equal(fabric_run_until(f, t), 0);
		if (t % TURN_NS)
			continue;
		for (int i = 1; i < 3; i++)
			fabric_observer_want(f, port_count_tlp, &all[i],
					     (t / TURN_NS + i) % 2 == 1);
	}
	fabric_destroy(f);
}

static void assert_within_2pc(const char *what, uint64_t seed, uint64_t engine, uint64_t rate)
{
	uint64_t d = engine > rate ? engine - rate : rate - engine;

	if (d * 50 > engine)
		fail_msg("seed %llu, %s: rate model %llu against the engine's %llu, more than 2 %% "
			 "apart",
			 (unsigned long long)seed, what, (unsigned long long)rate,
			 (unsigned long long)engine);
}

static void counters_in_turns_see_what_the_engine_shows_them(void **state)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		struct port_count e[3], r[3];

		run_in_turns(seed, 0, e);
		run_in_turns(seed, 2000000, r);
		assert_true(r[0].bulk > 0); /* the rate model ran */
		assert_int_equal(e[0].bulk, 0);
		for (int i = 1; i < 3; i++) {
			assert_true(e[i].wr_bytes > 10 * MS); /* > 1.25 GB/s in its slices */
			assert_within_2pc("writes in", seed, e[i].wr_bytes, r[i].wr_bytes);
			assert_within_2pc("completions out", seed, e[i].cpl_bytes, r[i].cpl_bytes);
		}
		assert_int_equal(r[1].wr_bytes + r[2].wr_bytes, r[0].wr_bytes);
		assert_int_equal(r[1].cpl_bytes + r[2].cpl_bytes, r[0].cpl_bytes);
		assert_int_equal(r[1].tlps + r[2].tlps, r[0].tlps);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(counters_in_turns_see_what_the_engine_shows_them),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
