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
#include <pciescope/backend/pace.h>

#define NS_PER_S 1000000000ull

static uint64_t mono_now(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

static void mono_sleep(void *ctx, uint64_t ns)
{
	struct timespec ts = {(time_t)(ns / NS_PER_S), (long)(ns % NS_PER_S)};

	(void)ctx;
	nanosleep(&ts, NULL);
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

struct pace_run {
	struct pace *p;
	uint64_t wall_due;
	int (*stop)(void *ctx);
	void *ctx;
};

static int between_slices(void *ctx)
{
	struct pace_run *r = ctx;

	if (r->stop && r->stop(r->ctx))
		return 2;
	return wall_elapsed(r->p) >= r->wall_due ? 1 : 0;
}

int pace_run(struct pace *p, struct backend *b, uint64_t sim_next, int (*stop)(void *ctx),
	     void *ctx)
{
	struct pace_run r = {p, sim_next > p->sim0 ? sim_next - p->sim0 : 0, stop, ctx};
	uint64_t now = b->ops->now_ns(b), spent;
	char secs[32];
	char *argv[] = {"sleep", secs, NULL};
	int status;

	if (!b->ops->advance || now >= sim_next)
		return 0;
	/* a "sleep" is simulated time, run in slices with between_slices asked after each */
	snprintf(secs, sizeof(secs), "%llu.%09llu", (unsigned long long)((sim_next - now) / NS_PER_S),
		 (unsigned long long)((sim_next - now) % NS_PER_S));
	return b->ops->run(b, argv, between_slices, &r, &spent, &status);
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
