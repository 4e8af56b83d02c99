// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fabric's rate model (docs/fabric.md, *The rate model*): a domain
 * only counters look at runs a window at a time and skips ahead.  The
 * tests compare it with the per-TLP engine on the same machine and seed:
 * what a saturated link carries, what a light rate-paced stream beside
 * heavy ones adds up (the fluid part), what a counting observer adds up,
 * that an observer that looks at every TLP keeps its domain exact, and
 * that how the run is cut changes nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/pcie/tlp.h>

#include "kunpeng_fabric.h"
#include "test_scale.h"

#define MS 1000000ull
#define BUDGET 2000000 /* TLPs per simulated second per domain */

/* kunpeng930 under a workload, the rate model at budget (0: off). */
static struct fabric *rated(const char *workload, uint64_t budget)
{
	struct fabric *f = kunpeng(workload);

	fabric_set_rate_model(f, budget);
	return f;
}

/* What a counter adds up: TLPs and payload bytes by direction and class, and the bulk records. */
struct tally {
	uint64_t tlps[2][3], bytes[2][3];
	uint64_t records, bulk; /* records shown, and those that stood for more than one TLP */
	uint64_t h;		/* FNV over every record, for the observer that looks at each */
};

static void tally_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct tally *y = ctx;
	const uint64_t v[] = {t->time_ns, t->seq,	    t->hdr[0], t->hdr[1],     t->hdr[2],
			      t->port,	  t->payload_bytes, t->count,  t->req_time_ns};

	y->tlps[t->dir][t->cls] += t->count;
	y->bytes[t->dir][t->cls] += t->count * t->payload_bytes;
	y->records++;
	y->bulk += t->count > 1;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		y->h = (y->h ^ v[i]) * 0x100000001b3ull;
}

static void assert_within(uint64_t engine, uint64_t rate, unsigned permille)
{
	uint64_t d = engine > rate ? engine - rate : rate - engine;

	if (d * 1000 > engine * permille)
		fail_msg("rate model %llu against the engine's %llu: more than %u.%u %% apart",
			 (unsigned long long)rate, (unsigned long long)engine, permille / 10,
			 permille % 10);
}

/*
 * storage-write saturates the link of Root Port 00:00.0 (39:00.0, Gen4
 * x8) with DMA writes: what it carries, read from the port's statistics,
 * and what a counter on its core adds up are within 2 % of the per-TLP engine, and the counter was
 * shown bulk records (the rate model ran).
 */
static void saturated_link_carries_what_the_engine_does(void **state)
{
	const uint64_t end = test_size(5 * MS, MS);
	struct fabric_port_stats s[2];
	struct tally y[2] = {{.h = 0}, {.h = 0}};

	for (int r = 0; r < 2; r++) {
		struct fabric *f = rated("storage-write", r ? BUDGET : 0);

		assert_int_equal(fabric_add_observer(f, 0, 0, tally_tlp, &y[r]), 0);
		fabric_observer_counts(f, tally_tlp, &y[r], true);
		assert_int_equal(fabric_run_until(f, end), 0);
		assert_int_equal(fabric_port_stats(f, node(f, 0x0000), &s[r]), 0);
		fabric_destroy(f);
	}
	assert_true(s[0].bytes[FABRIC_INBOUND][TLP_CLASS_P] > end * 10); /* > 10 GB/s */
	assert_within(s[0].bytes[FABRIC_INBOUND][TLP_CLASS_P],
		      s[1].bytes[FABRIC_INBOUND][TLP_CLASS_P], 20);
	assert_within(s[0].tlps[FABRIC_INBOUND][TLP_CLASS_P],
		      s[1].tlps[FABRIC_INBOUND][TLP_CLASS_P], 20);
	assert_within(y[0].bytes[FABRIC_INBOUND][TLP_CLASS_P],
		      y[1].bytes[FABRIC_INBOUND][TLP_CLASS_P], 20);
	assert_int_equal(y[0].bulk, 0);
	assert_true(y[1].bulk > 0);
	assert_true(y[1].records * 4 < y[0].records);
}

/* What a counter of 4-byte completions inbound sees, per Root Port node. */
struct light {
	uint64_t cpl4[256];
	uint64_t bulk;
};

static void light_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct light *y = ctx;

	if (t->dir == FABRIC_INBOUND && t->cls == TLP_CLASS_CPL && t->payload_bytes == 4 &&
	    t->port >= 0 && t->port < 256)
		y->cpl4[t->port] += t->count;
	y->bulk += t->count > 1;
}

/*
 * storage-read keeps every NVMe link busy (qd 32, the CPU's MMIO writes at
 * max) while the CPU reads a status register of each device at 100 k/s:
 * 4-byte completions inbound, a few hundred per port in 5 ms, where the
 * compressed run the rate model extrapolates holds a handful.  Counted
 * from their rate (the fluid part), what the port statistics and a
 * counter add up of them is within 2 % of the per-TLP engine at every Root
 * Port, and the heavy completions outbound beside them stay within 2 %.
 */
static void light_stream_beside_heavy_counts_as_the_engine_does(void **state)
{
	const uint64_t end = 5 * MS; /* the size is the point: a few hundred per port */
	static struct fabric_port_stats s[2][256];
	struct light y[2] = {{.bulk = 0}, {.bulk = 0}};
	int nodes = 0, ports = 0;

	for (int r = 0; r < 2; r++) {
		struct fabric *f = rated("storage-read", r ? BUDGET : 0);

		assert_int_equal(fabric_add_observer(f, 0xffff, 0xffff, light_tlp, &y[r]), 0);
		fabric_observer_counts(f, light_tlp, &y[r], true);
		assert_int_equal(fabric_run_until(f, end), 0);
		nodes = fabric_node_count(f);
		assert_true(nodes <= 256);
		for (int i = 0; i < nodes; i++)
			if (fabric_node(f, i)->kind == FABRIC_ROOT_PORT)
				assert_int_equal(fabric_port_stats(f, i, &s[r][i]), 0);
			else
				memset(&s[r][i], 0, sizeof(s[r][i]));
		fabric_destroy(f);
	}
	assert_int_equal(y[0].bulk, 0);
	assert_true(y[1].bulk > 0);
	for (int i = 0; i < nodes; i++) {
		const uint64_t *e = s[0][i].tlps[FABRIC_INBOUND], *m = s[1][i].tlps[FABRIC_INBOUND];

		if (!e[TLP_CLASS_CPL])
			continue;
		ports++;
		assert_true(e[TLP_CLASS_CPL] > 400 && e[TLP_CLASS_CPL] < 1000); /* light */
		assert_within(e[TLP_CLASS_CPL], m[TLP_CLASS_CPL], 20);
		assert_within(s[0][i].bytes[FABRIC_INBOUND][TLP_CLASS_CPL],
			      s[1][i].bytes[FABRIC_INBOUND][TLP_CLASS_CPL], 20);
		assert_within(y[0].cpl4[i], y[1].cpl4[i], 20);
		assert_within(s[0][i].bytes[FABRIC_OUTBOUND][TLP_CLASS_CPL],
			      s[1][i].bytes[FABRIC_OUTBOUND][TLP_CLASS_CPL], 20);
	}
	assert_true(ports >= 4);
}

/* Up to end in one step, or in many: the rate model's counts are the same. */
static void counts_do_not_depend_on_the_steps(void **state)
{
	const uint64_t end = test_size(2 * MS, MS / 2);
	struct fabric_port_stats s[2];
	struct tally y[2] = {{.h = 0}, {.h = 0}};

	for (int r = 0; r < 2; r++) {
		struct fabric *f = rated("mixed", BUDGET);
		int steps = r ? 37 : 1;

		assert_int_equal(fabric_add_observer(f, 0, 0, tally_tlp, &y[r]), 0);
		fabric_observer_counts(f, tally_tlp, &y[r], true);
		for (int i = 1; i <= steps; i++)
			assert_int_equal(fabric_run_until(f, end * (uint64_t)i / (uint64_t)steps),
					 0);
		assert_int_equal(fabric_port_stats(f, node(f, 0x0080), &s[r]), 0);
		fabric_destroy(f);
	}
	assert_true(y[0].bulk > 0);
	assert_memory_equal(&s[0], &s[1], sizeof(s[0]));
	assert_memory_equal(y[0].tlps, y[1].tlps, sizeof(y[0].tlps));
	assert_memory_equal(y[0].bytes, y[1].bytes, sizeof(y[0].bytes));
}

/*
 * An observer that is not told to only count (a PTT tracing) is shown
 * every TLP of its domain, the very ones the per-TLP engine shows it,
 * while the domains only counters look at skip.
 */
static void looking_observer_keeps_its_domain_exact(void **state)
{
	const uint64_t end = test_size(2 * MS, MS / 2);
	struct tally y[2] = {{.h = 0}, {.h = 0}}, other;

	for (int r = 0; r < 2; r++) {
		struct fabric *f = rated("mixed", r ? BUDGET : 0);

		memset(&other, 0, sizeof(other));
		assert_int_equal(fabric_add_observer(f, 0, 3, tally_tlp, &y[r]), 0);
		assert_int_equal(fabric_add_observer(f, 0, 0, tally_tlp, &other), 0);
		fabric_observer_counts(f, tally_tlp, &other, true);
		assert_int_equal(fabric_run_until(f, end), 0);
		fabric_destroy(f);
	}
	assert_true(y[0].records > 1000);
	assert_int_equal(y[1].bulk, 0);
	assert_int_equal(y[0].records, y[1].records);
	assert_int_equal(y[0].h, y[1].h);
	assert_true(other.bulk > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(saturated_link_carries_what_the_engine_does),
	    cmocka_unit_test(light_stream_beside_heavy_counts_as_the_engine_does),
	    cmocka_unit_test(counts_do_not_depend_on_the_steps),
	    cmocka_unit_test(looking_observer_keeps_its_domain_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
