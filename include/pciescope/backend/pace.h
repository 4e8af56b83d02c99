/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Pacing a backend's clock against the wall clock, for runs that no command
 * bounds (stat until Ctrl-C, stat -I without a command, serve): the tool
 * waits until the wall clock has reached the end of the next slice before
 * the backend runs it, so simulated time never runs ahead of wall time and
 * the process sleeps between slices.  When the simulation is slower than
 * real time, the lag (wall elapsed - simulated elapsed) is what a tool
 * reports instead.  The wall clock is a parameter so a test can drive it.
 * On the host backend the slices are real sleeps and the waits return at once.
 */
#ifndef PCIESCOPE_BACKEND_PACE_H
#define PCIESCOPE_BACKEND_PACE_H

#include <stdbool.h>
#include <stdint.h>

struct backend;

struct wall_clock {
	uint64_t (*now_ns)(void *ctx);
	/* Sleeps up to ns; may return early (a signal). */
	void (*sleep_ns)(void *ctx, uint64_t ns);
	void *ctx;
};

/* CLOCK_MONOTONIC and nanosleep. */
extern const struct wall_clock wall_clock_monotonic;

struct pace {
	struct wall_clock clk;
	uint64_t wall0, sim0;
	uint64_t next_warn; /* lag that is reported next: 1 s, then doubling */
};

void pace_start(struct pace *p, const struct wall_clock *clk, uint64_t sim_now);
/*
 * Sleeps until the wall clock has gone as far past the start as sim_next
 * is past the simulated start.  True once it has; false if the sleep ended
 * early (the caller checks its signals and asks again).
 */
bool pace_wait(struct pace *p, uint64_t sim_next);
/* How far simulated time at sim_now is behind the wall clock; 0 if not behind. */
uint64_t pace_lag_ns(const struct pace *p, uint64_t sim_now);
/*
 * Live views (top, serve, stat -I): runs b's clock towards sim_next, never
 * ahead of the wall clock (it simulates in chunks up to where the wall
 * clock is and sleeps on clk when it has caught up), and gives up when the
 * wall clock is past sim_next's point by a 10 ms grace, so a view draws on
 * time whatever the simulation's speed and shows what was simulated by
 * then; at least one slice is run, so a frame always moves on.  stop (may be NULL) is asked between
 * the backend's slices of simulated time, which are short (platform/run.c), and after each sleep,
 * so a quit request ends the run at once.  Returns 0 when the clock reached
 * sim_next, 1 when the wall clock got there first, 2 when stop said so, or
 * -errno.  On the host it returns 0 at once: the host's clock is the wall
 * clock (the caller sleeps with pace_wait).
 */
int pace_run(struct pace *p, struct backend *b, uint64_t sim_next, int (*stop)(void *ctx),
	     void *ctx);
/* True (once per doubling, from 1 s on) when the lag at sim_now is worth saying. */
bool pace_lag_news(struct pace *p, uint64_t sim_now, uint64_t *lag_ns);

#endif
