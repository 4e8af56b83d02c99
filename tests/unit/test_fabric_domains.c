// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ground truth for the fabric's domains (docs/fabric.md): the cores that P2P
 * traffic joins run on their own, and a domain nobody looks at is not run
 * until something could tell.  Every test compares a fabric where some
 * cores were left behind with one where everything was simulated all
 * along (an all-cores observer that wants every TLP), and asserts that
 * what a user can see - the TLPs an observer is shown, the statistics of a
 * port - is the same, bit for bit.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fabric_topo.h"
#include "kunpeng_fabric.h"
#include "test_scale.h"

#define MS 1000000ull
#define ALL 0xffff

/*
 * What one observer saw: an FNV hash and a count of the TLPs before `from`
 * ns and of those from it on.  `on` is the observer's own state, as a model
 * has it: it asks the fabric to be shown TLPs before it turns itself on,
 * and anything it is shown while off is kept apart (the fabric promises
 * there is none: one that does not look is not called).
 */
struct tap {
	uint64_t from;
	bool on;
	uint64_t h[2], n[2];   /* [0]: before from, [1]: from on */
	uint64_t off_h, off_n; /* seen while off */
};

static void tap_init(struct tap *t, uint64_t from, bool on)
{
	*t = (struct tap){.from = from, .on = on};
	t->h[0] = t->h[1] = t->off_h = 0xcbf29ce484222325ull;
}

/* Field by field: the struct's padding is not part of what an observer is shown. */
static void fnv(uint64_t *h, const struct fabric_tlp *t)
{
	const uint64_t v[] = {t->time_ns, t->seq,	    t->hdr[0],	   t->hdr[1],
			      t->hdr[2],  t->hdr[3],	    t->prefix,	   (uint64_t)t->port,
			      t->sicl,	  t->core,	    t->dir,	   t->cls,
			      t->cpl_set, t->payload_bytes, t->req_time_ns};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		*h = (*h ^ v[i]) * 0x100000001b3ull;
}

static void tap_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct tap *p = ctx;
	int late = t->time_ns >= p->from;

	if (!p->on) {
		fnv(&p->off_h, t);
		p->off_n++;
		return;
	}
	fnv(&p->h[late], t);
	p->n[late]++;
}

/* A tap on one core; want=false: it does not look, so it must be shown nothing. */
static void watch(struct fabric *f, uint16_t sicl, uint16_t core, struct tap *t, bool want)
{
	assert_int_equal(fabric_add_observer(f, sicl, core, tap_tlp, t), 0);
	if (!want)
		fabric_observer_want(f, tap_tlp, t, false);
}

static uint64_t total_tlps(const struct fabric_port_stats *s)
{
	uint64_t n = 0;

	for (int d = 0; d < 2; d++)
		for (int c = 0; c < 3; c++)
			n += s->tlps[d][c];
	return n;
}

/*
 * Up to end in eight steps, as the platform runs the fabric: domains run
 * one after the other within a step, so only across steps would a draw or
 * a crossing count shared between domains show in another's TLPs.
 */
static void run_in_steps(struct fabric *f, uint64_t end)
{
	for (uint64_t i = 1; i <= 8; i++)
		assert_int_equal(fabric_run_until(f, end * i / 8), 0);
}

static const uint16_t other_cores[][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 0}};
#define NOTHER (sizeof(other_cores) / sizeof(other_cores[0]))

/*
 * Run A: a tap on core (0,0) and taps that do not look on every other core;
 * run B: the same plus an all-cores tap, so that every core is run.  Core
 * (0,0) sees the same TLPs; the taps that do not look see nothing in either.
 */
static void observed_core_same_tlps_whether_others_run(void **state)
{
	const uint64_t end = test_size(2 * MS, MS / 4);
	struct tap x[2], others[2][NOTHER], all;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");

		tap_init(&x[run], 0, true);
		watch(f, 0, 0, &x[run], true);
		for (size_t i = 0; i < NOTHER; i++) {
			tap_init(&others[run][i], 0, true);
			watch(f, other_cores[i][0], other_cores[i][1], &others[run][i], false);
		}
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		run_in_steps(f, end);
		fabric_destroy(f);
	}
	assert_true(x[0].n[1] > test_size(50000, 5000));
	assert_int_equal(x[0].n[1], x[1].n[1]);
	assert_int_equal(x[0].h[1], x[1].h[1]);
	for (int run = 0; run < 2; run++)
		for (size_t i = 0; i < NOTHER; i++)
			assert_int_equal(others[run][i].n[1] + others[run][i].off_n, 0);
	assert_true(all.n[1] > x[1].n[1] * 3);
}

/* TLPs seen per core (sicl * 4 + core), for the log. */
static void per_core_tlp(void *ctx, const struct fabric_tlp *t)
{
	uint64_t *n = ctx;

	n[(t->sicl * 4 + t->core) & 7]++;
}

/*
 * The log is ground truth: with it set, no core is left behind although no
 * observer looks (the one on (0,3) does not): it shows every core's TLPs.
 */
static void log_runs_every_core(void **state)
{
	struct fabric *f = kunpeng("mixed");
	uint64_t n[8] = {0};
	struct tap lazy;

	tap_init(&lazy, 0, true);
	watch(f, 0, 3, &lazy, false);
	fabric_set_log(f, per_core_tlp, n);
	assert_int_equal(fabric_run_until(f, test_size(MS / 2, MS / 10)), 0);
	for (size_t i = 0; i < NOTHER; i++)
		assert_true(n[other_cores[i][0] * 4 + other_cores[i][1]] > 0);
	assert_true(n[0] > 0);
	assert_int_equal(lazy.n[1] + lazy.off_n, 0);
	fabric_destroy(f);
}

/*
 * A lazy core's statistics, read at T1 and again at T2 (each read brings
 * it to the present), are those of the run where it was simulated all
 * along.
 */
static void stats_read_catches_up_exactly(void **state)
{
	const uint64_t t[2] = {test_size(MS, MS / 8), test_size(2 * MS, MS / 4)};
	struct fabric_port_stats rp[2][2], ep[2][2];
	struct tap lazy[2], x[2], all;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");
		int n_rp = node(f, 0x00c0), n_ep = node(f, 0x7000); /* 00:18.0, 70:00.0 */

		tap_init(&x[run], 0, true);
		tap_init(&lazy[run], 0, true);
		watch(f, 0, 0, &x[run], true);
		watch(f, 0, 3, &lazy[run], false);
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		for (int i = 0; i < 2; i++) {
			assert_int_equal(fabric_run_until(f, t[i]), 0);
			/* the endpoint first at T2: its read must catch the core up too */
			if (i == 1)
				assert_int_equal(fabric_port_stats(f, n_ep, &ep[run][i]), 0);
			assert_int_equal(fabric_port_stats(f, n_rp, &rp[run][i]), 0);
			if (i == 0)
				assert_int_equal(fabric_port_stats(f, n_ep, &ep[run][i]), 0);
		}
		fabric_destroy(f);
	}
	for (int i = 0; i < 2; i++) {
		assert_true(total_tlps(&rp[1][i]) > test_size(10000, 1000));
		assert_memory_equal(&rp[0][i], &rp[1][i], sizeof(rp[0][i]));
		assert_memory_equal(&ep[0][i], &ep[1][i], sizeof(ep[0][i]));
	}
	assert_true(total_tlps(&rp[1][1]) > total_tlps(&rp[1][0]));
}

enum knob_when { KNOB_NEVER, KNOB_AT_0, KNOB_AT_T1 };

static void turn_knobs(struct fabric *f)
{
	fabric_set_qos_weight(f, 0, 0, FABRIC_QOS_CPL, 2);
	fabric_set_qos_weight(f, 0, 0, FABRIC_QOS_P, 0);
	fabric_set_buf_level(f, 0, 0, true, 2);
	fabric_set_buf_level(f, 0, 0, false, 0);
}

/*
 * Core (0,0)'s first Root Port at T2 with its knobs turned at T1 (or not),
 * under storage-read, where they decide the completions' share of the link
 * (under mixed this port's queues stay short and no knob shows).  Lazy:
 * only (0,3) is looked at, so (0,0) catches up at the knob and at the read.
 */
static void knob_run(bool lazy, enum knob_when when, struct fabric_port_stats *s)
{
	const uint64_t t1 = test_size(MS, MS / 8), t2 = test_size(2 * MS, MS / 4);
	struct fabric *f = kunpeng("storage-read");
	struct tap all, other;

	tap_init(&other, 0, true);
	tap_init(&all, 0, true);
	watch(f, 0, 3, &other, true);
	if (!lazy)
		watch(f, ALL, ALL, &all, true);
	if (when == KNOB_AT_0)
		turn_knobs(f);
	assert_int_equal(fabric_run_until(f, t1), 0);
	if (when == KNOB_AT_T1)
		turn_knobs(f);
	assert_int_equal(fabric_run_until(f, t2), 0);
	assert_int_equal(fabric_port_stats(f, node(f, 0x0000), s), 0);
	fabric_destroy(f);
}

static void knob_on_lazy_core_applies_at_its_time(void **state)
{
	struct fabric_port_stats lazy, full, never, at0;

	knob_run(true, KNOB_AT_T1, &lazy);
	knob_run(false, KNOB_AT_T1, &full);
	knob_run(false, KNOB_NEVER, &never);
	knob_run(false, KNOB_AT_0, &at0);
	assert_true(total_tlps(&full) > test_size(10000, 1000));
	assert_memory_equal(&lazy, &full, sizeof(lazy));
	/* the knobs matter, and when they are turned matters */
	assert_memory_not_equal(&full, &never, sizeof(full));
	assert_memory_not_equal(&full, &at0, sizeof(full));
}

/*
 * An observer that starts looking at T1, as a PMU starting to count does:
 * it asks first, then turns itself on.  It is shown nothing of the past its
 * core catches up on, and from T1 on exactly what the fully run fabric
 * shows after T1.
 */
static void late_observer_sees_from_its_start(void **state)
{
	const uint64_t t1 = test_size(MS, MS / 8), t2 = test_size(2 * MS, MS / 4);
	struct tap late, truth, all;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");
		struct tap *t = run ? &truth : &late;

		tap_init(t, t1, run == 1);
		watch(f, 0, 3, t, run == 1);
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		assert_int_equal(fabric_run_until(f, t1), 0);
		if (run == 0) {
			assert_int_equal(late.off_n, 0);
			fabric_observer_want(f, tap_tlp, &late, true);
			late.on = true;
		}
		assert_int_equal(fabric_run_until(f, t2), 0);
		fabric_destroy(f);
	}
	assert_true(truth.n[0] > 0);
	assert_true(truth.n[1] > test_size(10000, 1000));
	assert_int_equal(late.n[0], 0);
	assert_int_equal(late.n[1], truth.n[1]);
	assert_int_equal(late.h[1], truth.h[1]);
	assert_int_equal(late.off_n, 0);
}

/*
 * An observer added at T1 to a core left behind sees the TLPs from T1 on,
 * none of the past the core catches up on first; an observer already there
 * that does not look is shown nothing at all.
 */
static void observer_added_late_sees_from_then(void **state)
{
	const uint64_t t1 = test_size(MS, MS / 8), t2 = test_size(2 * MS, MS / 4);
	struct tap added[2], old[2], x, all;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");

		tap_init(&x, 0, true);
		tap_init(&old[run], t1, true);
		watch(f, 0, 0, &x, true);
		watch(f, 0, 3, &old[run], false);
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		assert_int_equal(fabric_run_until(f, t1), 0);
		tap_init(&added[run], t1, true);
		watch(f, 0, 3, &added[run], true);
		assert_int_equal(fabric_run_until(f, t2), 0);
		fabric_destroy(f);
	}
	assert_true(added[1].n[1] > test_size(10000, 1000));
	assert_int_equal(added[0].n[0], 0);
	assert_int_equal(added[1].n[0], 0);
	assert_int_equal(added[0].n[1], added[1].n[1]);
	assert_int_equal(added[0].h[1], added[1].h[1]);
	for (int run = 0; run < 2; run++)
		assert_int_equal(old[run].n[0] + old[run].n[1] + old[run].off_n, 0);
}

/*
 * A trigger: an observer of core (0,0) that, at its first TLP from T1 on,
 * starts a tap of core (0,3) from inside its callback (as a model raising
 * an interrupt whose handler starts counting would).  (0,3) catches up in
 * the middle of (0,0)'s run; neither core's TLPs change for it: (0,0)'s
 * are those of a run with no trigger, (0,3)'s from the trigger's TLP on
 * those of the fully run fabric.  The tap counts from the next nanosecond:
 * TLPs of the trigger's own nanosecond may fall on either side of it.
 */
struct trigger {
	struct fabric *f;
	struct tap self, *target;
	uint64_t at;
	bool fired;
};

static void trigger_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct trigger *g = ctx;

	tap_tlp(&g->self, t);
	if (!g->fired && t->time_ns >= g->at) {
		g->fired = true;
		g->at = t->time_ns + 1;
		if (g->target) {
			g->target->from = g->at;
			fabric_observer_want(g->f, tap_tlp, g->target, true);
		}
	}
}

static void observer_started_from_a_callback(void **state)
{
	const uint64_t t1 = test_size(MS / 2, MS / 16), end = test_size(MS, MS / 8);
	struct trigger g[2];
	struct tap target[2], all;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");

		g[run] = (struct trigger){.f = f, .at = t1, .target = run ? NULL : &target[0]};
		tap_init(&g[run].self, 0, true);
		tap_init(&target[run], run ? g[0].at : 0, true);
		assert_int_equal(fabric_add_observer(f, 0, 0, trigger_tlp, &g[run]), 0);
		watch(f, 0, 3, &target[run], run == 1);
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		run_in_steps(f, end);
		fabric_destroy(f);
	}
	assert_true(g[0].fired);
	assert_int_equal(g[0].at, g[1].at);
	assert_true(target[1].n[1] > test_size(10000, 1000));
	assert_int_equal(g[0].self.n[1], g[1].self.n[1]);
	assert_int_equal(g[0].self.h[1], g[1].self.h[1]);
	assert_int_equal(target[0].n[1], target[1].n[1]);
	assert_int_equal(target[0].h[1], target[1].h[1]);
}

/*
 * An observer that stops wanting leaves its core behind: it is shown
 * nothing more until its statistics are read, which are still exact.
 */
static void observer_stopping_leaves_core_behind(void **state)
{
	const uint64_t t1 = test_size(MS, MS / 8), t2 = test_size(2 * MS, MS / 4);
	struct fabric_port_stats s[2];
	struct tap t[2], all;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");
		uint64_t seen;

		tap_init(&t[run], 0, true);
		watch(f, 0, 3, &t[run], true);
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		assert_int_equal(fabric_run_until(f, t1), 0);
		fabric_observer_want(f, tap_tlp, &t[run], false);
		seen = t[run].n[1];
		assert_int_equal(fabric_run_until(f, t2), 0);
		if (run == 0)
			assert_int_equal(t[run].n[1], seen);
		assert_int_equal(fabric_port_stats(f, node(f, 0x00c0), &s[run]), 0);
		fabric_destroy(f);
	}
	assert_true(t[1].n[1] > test_size(10000, 1000));
	assert_memory_equal(&s[0], &s[1], sizeof(s[0]));
	assert_int_equal(t[0].n[1], t[1].n[1]);
	assert_int_equal(t[0].h[1], t[1].h[1]);
}

/*
 * A workload change and a hot removal at T1 first bring the lazy core to
 * T1: its statistics at T2 are those of the fully run fabric.
 */
static void workload_and_topology_changes_catch_up(void **state)
{
	const uint64_t t1 = test_size(MS, MS / 8), t2 = test_size(2 * MS, MS / 4);
	const uint64_t t3 = t2 + t1;
	struct fabric_port_stats s[2][2];
	struct error err;

	for (int run = 0; run < 2; run++) {
		struct fabric *f = kunpeng("mixed");
		int n_rp = node(f, 0x0000), n_ep2 = node(f, 0x3a00); /* 00:00.0, 3a:00.0 */
		struct tap x, all;

		tap_init(&x, 0, true);
		watch(f, 0, 3, &x, true);
		if (run == 1) {
			tap_init(&all, 0, true);
			watch(f, ALL, ALL, &all, true);
		}
		assert_int_equal(fabric_run_until(f, t1), 0);
		assert_int_equal(fabric_set_workload(f, "storage-read", NULL, &err), 0);
		assert_int_equal(fabric_run_until(f, t2), 0);
		assert_int_equal(fabric_remove_node(f, n_ep2), 0);
		assert_int_equal(fabric_run_until(f, t3), 0);
		assert_int_equal(fabric_port_stats(f, n_rp, &s[run][0]), 0);
		assert_int_equal(fabric_port_stats(f, n_ep2, &s[run][1]), 0);
		fabric_destroy(f);
	}
	assert_true(total_tlps(&s[1][0]) > test_size(10000, 1000));
	assert_true(total_tlps(&s[1][1]) > 0);
	assert_memory_equal(&s[0][0], &s[1][0], sizeof(s[0][0]));
	assert_memory_equal(&s[0][1], &s[1][1], sizeof(s[0][1]));
}

/*
 * test_fabric's accelerator (core 0) and GPU (core 2) are a P2P pair: one
 * domain.  Looking at core 0 alone runs core 2 with it, so core 0 sees
 * the TLPs of the fully observed fabric, P2P ones included (they would
 * never complete without the GPU), and core 2's figures are the same.
 */
static void p2p_joined_cores_are_one_domain(void **state)
{
	static const char *const workloads[] = {"p2p", "mixed"};

	for (size_t w = 0; w < 2; w++) {
		struct tap c0[2], c2[2], all;
		struct fabric_port_stats s[2];

		for (int run = 0; run < 2; run++) {
			struct fabric *f = test_fabric(5);
			struct error err;

			assert_non_null(f);
			assert_int_equal(fabric_set_workload(f, workloads[w], NULL, &err), 0);
			tap_init(&c0[run], 0, true);
			tap_init(&c2[run], 0, true);
			watch(f, 0, 0, &c0[run], true);
			watch(f, 0, 2, &c2[run], false);
			if (run == 1) {
				tap_init(&all, 0, true);
				watch(f, ALL, ALL, &all, true);
			}
			run_in_steps(f, test_size(MS, MS / 4));
			assert_int_equal(fabric_port_stats(f, T_RP2, &s[run]), 0);
			fabric_destroy(f);
		}
		assert_true(c0[0].n[1] > test_size(10000, 1000));
		assert_int_equal(c0[0].n[1], c0[1].n[1]);
		assert_int_equal(c0[0].h[1], c0[1].h[1]);
		assert_true(total_tlps(&s[1]) > 0);
		assert_memory_equal(&s[0], &s[1], sizeof(s[0]));
		assert_int_equal(c2[0].n[1] + c2[1].n[1], 0);
	}
}

/* The TLPs of some directions and classes: those outside `mask` count as strays. */
struct class_tap {
	unsigned mask;
	uint64_t h, n, strays;
};

static void class_tap_tlp(void *ctx, const struct fabric_tlp *t)
{
	struct class_tap *c = ctx;

	if (!(c->mask & FABRIC_CLASS_BIT(t->dir, t->cls))) {
		c->strays++;
		return;
	}
	fnv(&c->h, t);
	c->n++;
}

/*
 * An observer shown inbound TLPs and outbound completions only, beside one
 * shown everything that keeps the same classes apart: the first is shown
 * exactly the second's TLPs of its classes, and nothing else.
 */
static void observer_shown_only_its_classes(void **state)
{
	const unsigned mask =
	    FABRIC_CLASS_BIT(FABRIC_INBOUND, 0) | FABRIC_CLASS_BIT(FABRIC_INBOUND, 1) |
	    FABRIC_CLASS_BIT(FABRIC_INBOUND, 2) | FABRIC_CLASS_BIT(FABRIC_OUTBOUND, 2);
	struct class_tap some = {.mask = mask, .h = 0xcbf29ce484222325ull};
	struct class_tap all = some;
	struct fabric *f = kunpeng("mixed");

	assert_int_equal(fabric_add_observer(f, 0, 2, class_tap_tlp, &some), 0);
	fabric_observer_classes(f, class_tap_tlp, &some, mask);
	assert_int_equal(fabric_add_observer(f, 0, 2, class_tap_tlp, &all), 0);
	run_in_steps(f, test_size(2 * MS, MS / 4));
	fabric_destroy(f);
	assert_true(some.n > test_size(50000, 5000));
	assert_true(all.strays > 0);
	assert_int_equal(some.strays, 0);
	assert_int_equal(some.n, all.n);
	assert_int_equal(some.h, all.h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(observed_core_same_tlps_whether_others_run),
	    cmocka_unit_test(log_runs_every_core),
	    cmocka_unit_test(stats_read_catches_up_exactly),
	    cmocka_unit_test(knob_on_lazy_core_applies_at_its_time),
	    cmocka_unit_test(late_observer_sees_from_its_start),
	    cmocka_unit_test(observer_added_late_sees_from_then),
	    cmocka_unit_test(observer_started_from_a_callback),
	    cmocka_unit_test(observer_stopping_leaves_core_behind),
	    cmocka_unit_test(workload_and_topology_changes_catch_up),
	    cmocka_unit_test(p2p_joined_cores_are_one_domain),
	    cmocka_unit_test(observer_shown_only_its_classes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
