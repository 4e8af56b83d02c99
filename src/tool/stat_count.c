// SPDX-License-Identifier: GPL-2.0-only
/*
 * A `stat` run over its open event list (tool/event_list.h: cpumask, read
 * format, groups, "<not supported>"): the measured command runs or,
 * without one, the events count until SIGINT or SIGTERM; with -I each
 * interval's deltas go to the configuration's print_interval when the
 * (real or, paced by it, simulated) clock passes it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/interrupt.h>
#include <pciescope/backend/pace.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/stat.h>
#include <pciescope/tool/warn.h>

#define NS_PER_MS 1000000ULL
#define SLICE_NS (100 * NS_PER_MS)

struct interval {
	struct stat_config *s;
	uint64_t start, next, step, last;
};

static void print_delta(struct interval *iv, uint64_t now)
{
	struct stat_config *s = iv->s;
	struct backend_count *d = calloc(s->events.n ? s->events.n : 1, sizeof(*d));

	if (!d || event_list_read(&s->events, &s->err)) {
		free(d);
		return;
	}
	event_list_delta(&s->events, d);
	s->span_ns = now - iv->last;
	if (s->print_interval)
		s->print_interval(s, d, (double)(now - iv->start) / 1e9);
	iv->last = now;
	free(d);
}

static int poll_interval(void *ctx)
{
	struct interval *iv = ctx;
	uint64_t now;

	if (interrupt_requested())
		return -EINTR;
	now = iv->s->b->ops->now_ns(iv->s->b);
	if (iv->step && now >= iv->next) {
		print_delta(iv, now);
		while (iv->next <= now)
			iv->next += iv->step;
	}
	/* --timeout: the run ends here (a host's command gets SIGTERM) */
	if (iv->s->timeout_ns && now - iv->start >= iv->s->timeout_ns)
		return -ETIME;
	return 0;
}

/*
 * The emulated backend without a command: each interval (or slice) is
 * simulated up to the wall clock's end of it (pace_step), so an interval
 * prints on time whatever the simulation's speed, with what was simulated
 * by then; a cut one says so and how far the clock is behind.  --timeout
 * ends at its wall-clock deadline too.
 */
static int run_paced(struct stat_config *s, struct interval *iv)
{
	struct backend *b = s->b;
	uint64_t goal = iv->start, end = iv->start + s->timeout_ns;
	struct pace_step st = {0};
	struct pace pc;
	int r = 0;

	pace_start(&pc, &wall_clock_monotonic, iv->start);
	while (!interrupt_requested() && r >= 0) {
		goal = iv->step ? iv->next : goal + SLICE_NS;
		if (s->timeout_ns && goal > end)
			goal = end;
		st.goal = goal;
		r = pace_step(&pc, b, &st);
		if (r < 0 || interrupt_requested())
			break;
		if (iv->step && goal == iv->next) {
			uint64_t now = b->ops->now_ns(b);

			if (r == PACE_CUT)
				tool_warn("this interval: %.1f ms simulated by its end on the "
					  "wall clock, %.1f s behind",
					  (double)(now - iv->last) / 1e6, (double)st.lag_ns / 1e9);
			print_delta(iv, now);
			iv->next += iv->step;
		}
		stat_note_lag(&pc, b->ops->now_ns(b));
		if (s->timeout_ns && goal == end)
			break;
	}
	return r < 0 ? r : 0;
}

/*
 * No command bounds the run: count until SIGINT or SIGTERM, paced on the
 * emulated backend (run_paced), in slices of real sleep on a host, each
 * ending at the next -I boundary so the intervals stay exact.
 */
static int run_slices(struct stat_config *s, struct interval *iv, uint64_t *elapsed_ns)
{
	struct backend *b = s->b;
	uint64_t t0 = b->ops->now_ns(b);
	char slice[32];
	char *argv[] = {"sleep", slice, NULL};
	int status, r = 0;

	if (b->ops->run_for) {
		r = run_paced(s, iv);
		*elapsed_ns = b->ops->now_ns(b) - t0;
		return r;
	}
	while (!interrupt_requested() && !r) {
		uint64_t now = b->ops->now_ns(b), len = SLICE_NS, spent;

		if (iv->step && iv->next > now && iv->next - now < len)
			len = iv->next - now;
		if (s->timeout_ns && iv->start + s->timeout_ns - now < len)
			len = iv->start + s->timeout_ns - now;
		snprintf(slice, sizeof(slice), "%.9f", (double)len / 1e9);
		r = b->ops->run(b, argv, poll_interval, iv, &spent, &status);
		if (!r)
			r = poll_interval(iv);
	}
	*elapsed_ns = b->ops->now_ns(b) - t0;
	return r == -EINTR || r == -ETIME ? 0 : r;
}

void stat_note_lag(struct pace *pc, uint64_t sim_now)
{
	uint64_t lag;

	if (pace_lag_news(pc, sim_now, &lag))
		tool_warn("warning: the emulated platform runs slower than the wall clock: its "
			  "clock is %.1f s behind (it never runs ahead)",
			  (double)lag / 1e9);
}

int stat_run(struct stat_config *s, uint64_t *elapsed_ns, int *status)
{
	struct interval iv = {.s = s, .step = (uint64_t)s->interval_ms * NS_PER_MS};
	int r;

	iv.start = s->b->ops->now_ns(s->b);
	iv.next = iv.start + iv.step;
	iv.last = iv.start;
	*status = 0;
	/* the backend's own words for why the command cannot run ("sleep: invalid time interval")
	 */
	s->b->err[0] = 0;
	if (s->argv)
		r = s->b->ops->run(s->b, s->argv, poll_interval, &iv, elapsed_ns, status);
	else
		r = run_slices(s, &iv, elapsed_ns);
	if (r == -EINTR || r == -ETIME)
		r = 0;
	if (r < 0 && backend_strerror(s->b))
		return error_set(&s->err, r, "%s", backend_strerror(s->b));
	if (r < 0)
		return error_set_errno(&s->err, r, "cannot run '%s'",
				       s->argv ? s->argv[0] : "sleep");
	if (iv.step && s->b->ops->now_ns(s->b) > iv.last)
		print_delta(&iv, s->b->ops->now_ns(s->b));
	return 0;
}
