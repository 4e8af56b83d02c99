// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pacing against a wall clock the test drives: the simulated clock never
 * runs ahead of it, the waits sleep exactly the difference, an early wake
 * is seen, and a simulation slower than real time is reported as a lag
 * that grows, once per doubling; a live view's interval (pace_run) is cut
 * where the wall clock reaches its end, runs whole and never ahead of the
 * wall clock when the simulation is faster, and stops when asked.  The
 * step top, serve and stat -I take (pace_step) ends an interval at the
 * wall clock's end of it, says how far behind a slow one is, runs it whole
 * when asked to, and ends at once on a key or the interrupt flag.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/backend/backend.h>
#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/pace.h>

#define MS 1000000ull

struct fake {
	uint64_t now, slept, tick;
	unsigned sleeps;
	bool wake_early; /* the next sleep ends halfway (a signal) */
};

static uint64_t fake_now(void *ctx)
{
	return ((struct fake *)ctx)->now;
}

static void fake_sleep(void *ctx, uint64_t ns)
{
	struct fake *f = ctx;

	if (f->wake_early) {
		ns /= 2;
		f->wake_early = false;
	}
	f->now += ns;
	f->slept += ns;
	f->sleeps++;
}

static struct wall_clock clock_of(struct fake *f)
{
	return (struct wall_clock){fake_now, fake_sleep, f};
}

static void waits_until_the_wall_clock_reaches_the_slice(void **state)
{
	struct fake f = {.now = 5000 * MS};
	struct wall_clock c = clock_of(&f);
	struct pace p;

	pace_start(&p, &c, 77 * MS);
	assert_true(pace_wait(&p, 177 * MS));
	assert_int_equal(f.slept, 100 * MS);
	assert_true(pace_wait(&p, 177 * MS)); /* already there: no sleep */
	assert_int_equal(f.sleeps, 1);
	f.wake_early = true;
	assert_false(pace_wait(&p, 277 * MS));
	assert_true(pace_wait(&p, 277 * MS));
	assert_int_equal(f.now, 5200 * MS);
	assert_int_equal(pace_lag_ns(&p, 277 * MS), 0);
}

static void a_slow_simulation_lags_and_says_so_once_per_doubling(void **state)
{
	struct fake f = {0};
	struct wall_clock c = clock_of(&f);
	struct pace p;
	uint64_t sim = 0, lag;
	unsigned news = 0;

	pace_start(&p, &c, 0);
	/* each 100 ms slice costs 150 ms of wall time: only the first waits */
	for (int i = 0; i < 100; i++) {
		assert_true(pace_wait(&p, sim + 100 * MS));
		f.now += 150 * MS;
		sim += 100 * MS;
		assert_int_equal(pace_lag_ns(&p, sim), 100 * MS + (uint64_t)(i + 1) * 50 * MS);
		if (pace_lag_news(&p, sim, &lag)) {
			news++;
			assert_true(lag >= 1000 * MS);
		}
	}
	assert_int_equal(f.sleeps, 1);
	/* 5.1 s of lag at the end: said at 1, 2 and 4 s */
	assert_int_equal(news, 3);
}

/* The emulated backend, paced as stat and serve pace it, with a slice costing 30 ms. */
static void the_emulated_clock_never_runs_ahead_of_the_wall_clock(void **state)
{
	struct backend_options o = {
	    .kind = "emulated", .workload = "idle", .ephemeral = true, .seed = 1};
	struct error err;
	char slice[] = "0.1";
	char *argv[] = {"sleep", slice, NULL};
	struct fake f = {.now = 123 * MS};
	struct wall_clock c = clock_of(&f);
	struct backend *b;
	struct pace p;
	uint64_t sim0, spent;
	int status;

	assert_int_equal(backend_open(&o, &b, &err), 0);
	sim0 = b->ops->now_ns(b);
	pace_start(&p, &c, sim0);
	for (int i = 0; i < 20; i++) {
		while (!pace_wait(&p, b->ops->now_ns(b) + 100 * MS))
			;
		assert_int_equal(b->ops->run(b, argv, NULL, NULL, &spent, &status), 0);
		f.now += 30 * MS;
		assert_true(b->ops->now_ns(b) - sim0 <= f.now - 123 * MS);
	}
	assert_int_equal(b->ops->now_ns(b) - sim0, 2000 * MS);
	/* the process slept what the simulation did not use: 20 x (100 - 30) ms, less the first 30
	 */
	assert_int_equal(f.slept, 2000 * MS - 19 * 30 * MS);
	backend_close(b);
}

/* A wall clock that moves on each time it is read: the cost of one slice of simulation. */
static uint64_t ticking_now(void *ctx)
{
	struct fake *f = ctx;

	f->now += f->tick;
	return f->now;
}

static struct backend *idle_backend(void)
{
	struct backend_options o = {
	    .kind = "emulated", .workload = "idle", .ephemeral = true, .seed = 1};
	struct backend *b;
	struct error err;

	assert_int_equal(backend_open(&o, &b, &err), 0);
	return b;
}

/* An idle emulated machine paced against a wall clock that costs tick per read. */
struct rig {
	struct fake f;
	struct wall_clock c;
	struct backend *b;
	uint64_t sim0;
	struct pace p;
};

static void rig_start(struct rig *r, uint64_t tick)
{
	r->f = (struct fake){.tick = tick};
	r->c = (struct wall_clock){ticking_now, fake_sleep, &r->f};
	r->b = idle_backend();
	r->sim0 = r->b->ops->now_ns(r->b);
	pace_start(&r->p, &r->c, r->sim0);
}

/* How far the machine's clock went since the start. */
static uint64_t simulated(const struct rig *r)
{
	return r->b->ops->now_ns(r->b) - r->sim0;
}

static void a_slow_interval_is_cut_where_the_wall_clock_ends_it(void **state)
{
	struct rig r;

	rig_start(&r, 1 * MS); /* each 100 us slice costs 1 ms: 10x slower */
	assert_int_equal(pace_run(&r.p, r.b, r.sim0 + 100 * MS, NULL, NULL), 1);
	/* a tenth of the interval, never ahead of the wall clock, which passed its end */
	assert_true(simulated(&r) > 5 * MS && simulated(&r) < 20 * MS);
	assert_true(r.f.now >= 100 * MS);
	backend_close(r.b);
}

/* One slice costs more than an interval: each interval still moves the clock on. */
static void an_interval_that_starts_late_still_moves_on(void **state)
{
	struct fake f = {.tick = 1 * MS};
	struct wall_clock c = {ticking_now, fake_sleep, &f};
	struct backend *b = idle_backend();
	uint64_t sim0 = b->ops->now_ns(b), before;
	struct pace p;

	pace_start(&p, &c, sim0);
	f.now += 2000 * MS; /* the wall clock is far past the first two 100 ms intervals */
	for (int i = 1; i <= 2; i++) {
		before = b->ops->now_ns(b);
		assert_int_equal(pace_run(&p, b, sim0 + (uint64_t)i * 100 * MS, NULL, NULL), 1);
		assert_true(b->ops->now_ns(b) > before);
	}
	backend_close(b);
}

static void a_fast_interval_runs_whole(void **state)
{
	struct rig r;

	rig_start(&r, 1000); /* 1 us per slice */
	assert_int_equal(pace_run(&r.p, r.b, r.sim0 + 100 * MS, NULL, NULL), 0);
	assert_int_equal(simulated(&r), 100 * MS);
	/* it slept while the wall clock went ahead and simulated only behind it */
	assert_true(r.f.sleeps >= 1);
	assert_true(r.f.slept > 90 * MS);
	assert_true(r.f.now >= 100 * MS);
	backend_close(r.b);
}

static int stop_after_five(void *ctx)
{
	return ++*(int *)ctx >= 5;
}

static void a_stop_request_ends_the_interval_between_slices(void **state)
{
	struct rig r;
	int asked = 0;

	rig_start(&r, 1000);
	assert_int_equal(pace_run(&r.p, r.b, r.sim0 + 3600000 * MS, stop_after_five, &asked), 2);
	assert_int_equal(asked, 5);
	assert_true(simulated(&r) < 100 * MS);
	backend_close(r.b);
}

/* What a stop callback saw: the machine's clock at each ask. */
struct asks {
	struct backend *b;
	uint64_t last, longest, at_stop;
	int n, stop_at;
};

static int ask(void *ctx)
{
	struct asks *a = ctx;
	uint64_t now = a->b->ops->now_ns(a->b);

	if (now - a->last > a->longest)
		a->longest = now - a->last;
	a->last = now;
	if (++a->n < a->stop_at)
		return 0;
	a->at_stop = now;
	return 1;
}

/*
 * Ten seconds behind the wall clock, a view catches up in one long run: it
 * asks for a stop after every slice of at most 100 us of simulated time,
 * and no slice runs after the stop, so how soon a view ends is what one
 * slice costs, at any load and any lag.
 */
static void a_catch_up_asks_between_short_slices_and_stops_there(void **state)
{
	struct rig r;
	struct asks a;

	rig_start(&r, 1 * MS);
	a = (struct asks){.b = r.b, .last = r.sim0, .stop_at = 40};
	r.f.now += 10000 * MS;
	assert_int_equal(pace_run(&r.p, r.b, r.sim0 + 3600000 * MS, ask, &a), PACE_STOPPED);
	assert_int_equal(a.n, 40);
	assert_true(a.longest > 0 && a.longest <= 100000);
	assert_int_equal(r.b->ops->now_ns(r.b), a.at_stop);
	backend_close(r.b);
}

static void a_step_ends_with_the_interval_on_the_wall_clock(void **state)
{
	struct rig r;
	struct pace_step s = {0};

	rig_start(&r, 1000);
	s.goal = r.sim0 + 250 * MS;
	assert_int_equal(pace_step(&r.p, r.b, &s), PACE_REACHED);
	assert_int_equal(r.b->ops->now_ns(r.b), s.goal);
	assert_true(r.f.now >= 250 * MS);
	/* behind by no more than the clock's ticks of reading it */
	assert_true(s.lag_ns < 1 * MS);
	backend_close(r.b);
}

static void a_slow_step_is_cut_and_says_how_far_behind(void **state)
{
	struct rig r;
	struct pace_step s = {0};

	rig_start(&r, 1 * MS);
	s.goal = r.sim0 + 100 * MS;
	assert_int_equal(pace_step(&r.p, r.b, &s), PACE_CUT);
	assert_true(r.b->ops->now_ns(r.b) < s.goal);
	/* the wall clock is past the interval's end by more than what was simulated */
	assert_true(s.lag_ns > 80 * MS);
	assert_true(pace_lag_ns(&r.p, r.b->ops->now_ns(r.b)) - s.lag_ns <= 2 * MS);
	backend_close(r.b);
}

static void a_whole_step_runs_to_its_goal_however_late(void **state)
{
	struct rig r;
	struct pace_step s = {.whole = true};

	rig_start(&r, 1 * MS);
	s.goal = r.sim0 + 100 * MS;
	assert_int_equal(pace_step(&r.p, r.b, &s), PACE_REACHED);
	assert_int_equal(r.b->ops->now_ns(r.b), s.goal);
	assert_true(r.f.now > 500 * MS);
	backend_close(r.b);
}

static void a_key_ends_the_step(void **state)
{
	struct rig r;
	int asked = 0;
	struct pace_step s = {.poll = stop_after_five, .ctx = &asked};

	rig_start(&r, 1000);
	s.goal = r.sim0 + 3600000 * MS;
	assert_int_equal(pace_step(&r.p, r.b, &s), PACE_STOPPED);
	assert_int_equal(asked, 5);
	assert_true(simulated(&r) < 100 * MS);
	backend_close(r.b);
}

/* Last: the flag, once raised, stays raised for the process. */
static void the_interrupt_flag_ends_the_step(void **state)
{
	struct rig r;
	struct pace_step s = {0};

	assert_false(interrupt_requested());
	interrupt_request();
	rig_start(&r, 1000);
	s.goal = r.sim0 + 3600000 * MS;
	assert_int_equal(pace_step(&r.p, r.b, &s), PACE_STOPPED);
	assert_true(simulated(&r) < 100 * MS);
	assert_int_equal(interrupt_signal(), 0);
	backend_close(r.b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(waits_until_the_wall_clock_reaches_the_slice),
	    cmocka_unit_test(a_slow_simulation_lags_and_says_so_once_per_doubling),
	    cmocka_unit_test(the_emulated_clock_never_runs_ahead_of_the_wall_clock),
	    cmocka_unit_test(a_slow_interval_is_cut_where_the_wall_clock_ends_it),
	    cmocka_unit_test(an_interval_that_starts_late_still_moves_on),
	    cmocka_unit_test(a_fast_interval_runs_whole),
	    cmocka_unit_test(a_stop_request_ends_the_interval_between_slices),
	    cmocka_unit_test(a_catch_up_asks_between_short_slices_and_stops_there),
	    cmocka_unit_test(a_step_ends_with_the_interval_on_the_wall_clock),
	    cmocka_unit_test(a_slow_step_is_cut_and_says_how_far_behind),
	    cmocka_unit_test(a_whole_step_runs_to_its_goal_however_late),
	    cmocka_unit_test(a_key_ends_the_step),
	    cmocka_unit_test(the_interrupt_flag_ends_the_step),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
