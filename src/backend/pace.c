// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pacing simulated time against the wall clock (backend/pace.h).  Only
 * differences from the two starts are compared, so the simulated clock's
 * origin (a fixed start) and the wall clock's never meet.
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include <pciescope/backend/backend.h>
#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/pace.h>

#define NS_PER_S 1000000000ull

static uint64_t mono_now(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

/* Ends early on a stop request, whichever thread its signal reached. */
static void mono_sleep(void *ctx, uint64_t ns)
{
	(void)ctx;
	interrupt_sleep_ns(ns);
}

const struct wall_clock wall_clock_monotonic = {mono_now, mono_sleep, NULL};

void pace_start(struct pace *p, const struct wall_clock *clk, uint64_t sim_now)
{
	p->clk = *clk;
	p->wall0 = clk->now_ns(clk->ctx);
	p->sim0 = sim_now;
	p->next_warn = NS_PER_S;
}

static uint64_t wall_elapsed(const struct pace *p)
{
	return p->clk.now_ns(p->clk.ctx) - p->wall0;
}

bool pace_wait(struct pace *p, uint64_t sim_next)
{
	uint64_t want = sim_next > p->sim0 ? sim_next - p->sim0 : 0, have = wall_elapsed(p);

	if (have >= want)
		return true;
	p->clk.sleep_ns(p->clk.ctx, want - have);
	return wall_elapsed(p) >= want;
}

/*
 * pace_run simulates in chunks of at least CATCH_UP_NS (or to the
 * interval's end) that end where the wall clock already is, so the
 * simulated clock never passes it; a simulation less than a chunk behind
 * sleeps until a chunk is due, so a fast one costs a wake-up per chunk.  The last chunk may end
 * CATCH_UP_NS after the interval on the wall clock; a simulation still short of it then is cut.
 * An interval that starts already past that point (one slice took longer than a whole
 * interval: a very slow simulation, a loaded machine) still runs one slice, so every frame a
 * view draws covers simulated time that the one before did not.
 */
#define CATCH_UP_NS (10 * 1000000ull)

struct pace_run {
	struct pace *p;
	uint64_t due; /* the interval's end, from the starts */
	int (*stop)(void *ctx);
	void *ctx;
};

static int between_slices(void *ctx)
{
	struct pace_run *r = ctx;

	if (r->stop && r->stop(r->ctx))
		return PACE_STOPPED;
	return wall_elapsed(r->p) >= r->due + CATCH_UP_NS ? PACE_CUT : PACE_REACHED;
}

/* Runs b's clock to sim_to in its slices, between_slices asked after each: PACE_* or -errno. */
static int run_to(struct backend *b, uint64_t sim_to, struct pace_run *r)
{
	uint64_t now = b->ops->now_ns(b), spent;
	char secs[32];
	char *argv[] = {"sleep", secs, NULL};
	int status;

	snprintf(secs, sizeof(secs), "%llu.%09llu", (unsigned long long)((sim_to - now) / NS_PER_S),
		 (unsigned long long)((sim_to - now) % NS_PER_S));
	return b->ops->run(b, argv, between_slices, r, &spent, &status);
}

int pace_run(struct pace *p, struct backend *b, uint64_t sim_next, int (*stop)(void *ctx),
	     void *ctx)
{
	struct pace_run r = {p, sim_next > p->sim0 ? sim_next - p->sim0 : 0, stop, ctx};
	bool ran = false;

	if (!b->ops->run_for)
		return PACE_REACHED;
	for (;;) {
		uint64_t sim = b->ops->now_ns(b) - p->sim0, wall = wall_elapsed(p);
		int ret;

		if (sim >= r.due)
			return PACE_REACHED;
		if (ran && wall >= r.due + CATCH_UP_NS)
			return PACE_CUT;
		if (wall > r.due)
			wall = r.due;
		/* less than a chunk behind, short of the end: sleep until a chunk is due */
		if (wall < r.due && (sim >= wall || wall - sim < CATCH_UP_NS)) {
			uint64_t to = sim + CATCH_UP_NS < r.due ? sim + CATCH_UP_NS : r.due;

			p->clk.sleep_ns(p->clk.ctx, to - wall);
			if (stop && stop(ctx))
				return PACE_STOPPED;
			continue;
		}
		ret = run_to(b, p->sim0 + wall, &r);
		ran = true;
		if (ret)
			return ret;
	}
}

uint64_t pace_lag_ns(const struct pace *p, uint64_t sim_now)
{
	uint64_t sim = sim_now > p->sim0 ? sim_now - p->sim0 : 0, wall = wall_elapsed(p);

	return wall > sim ? wall - sim : 0;
}

bool pace_lag_news(struct pace *p, uint64_t sim_now, uint64_t *lag_ns)
{
	*lag_ns = pace_lag_ns(p, sim_now);
	if (*lag_ns < p->next_warn)
		return false;
	while (p->next_warn <= *lag_ns)
		p->next_warn *= 2;
	return true;
}

static int step_stop(void *ctx)
{
	const struct pace_step *s = ctx;

	return interrupt_requested() || (s->poll && s->poll(s->ctx));
}

/* The tool reads its counts at the step's goal: the machine may spread its simulation to there. */
int pace_step(struct pace *p, struct backend *b, struct pace_step *s)
{
	uint64_t now = b->ops->now_ns(b);
	int r;

	if (b->ops->reading_span)
		b->ops->reading_span(b, s->goal > now ? s->goal - now : 0);
	r = pace_run(p, b, s->goal, step_stop, s);

	while (r == PACE_CUT && s->whole) {
		pace_start(p, &p->clk, b->ops->now_ns(b));
		r = pace_run(p, b, s->goal, step_stop, s);
	}
	if (r == PACE_REACHED && (!s->no_wait || !b->ops->run_for))
		while (!pace_wait(p, s->goal))
			if (step_stop(s)) {
				r = PACE_STOPPED;
				break;
			}
	s->lag_ns = pace_lag_ns(p, b->ops->now_ns(b));
	return r;
}
