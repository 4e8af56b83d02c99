// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counting for `pciescope stat`, as perf stat does it: every event opened
 * with time_enabled/time_running, group leaders disabled until all are
 * open, then enabled together.  Events of PMUs with a cpumask (uncore PMUs
 * such as the PCIe PMU) are system-wide on that CPU; the others follow this
 * process and, by inheritance, the measured command.  Without a command the
 * events count until SIGINT or SIGTERM; with -I each interval's deltas are
 * printed when the (real or, paced by it, simulated) clock passes it.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/pace.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/stat.h>

#include "cli.h"

#define NS_PER_MS 1000000ULL
#define SLICE_NS (100 * NS_PER_MS)

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	interrupted = 1;
}

static int pmu_cpu(struct backend *b, const char *pmu)
{
	char path[512], buf[64];
	ssize_t r;

	if (!pmu)
		return -1;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/cpumask", pmu);
	r = b->ops->sysfs_read(b, path, buf, sizeof(buf) - 1);
	if (r <= 0)
		return -1;
	buf[r] = 0;
	return atoi(buf);
}

/*
 * perf stat's "<not supported>": the machine has no such event (no PMU for
 * a generic hardware event, as in a VM), so it is shown and counting goes
 * on.  A PMU refusing a configuration stays an error.
 */
static bool unsupported(const struct perf_event_attr *a, int h)
{
	bool generic = a->type == PERF_TYPE_HARDWARE || a->type == PERF_TYPE_HW_CACHE;

	return h == -ENOENT || h == -ENXIO || (generic && h == -EOPNOTSUPP);
}

static int open_one(struct stat_config *s, size_t i)
{
	const struct perf_event_spec *ev = s->c[i].spec;
	struct perf_event_attr attr = ev->attr;
	int cpu = pmu_cpu(s->b, ev->pmu), group = -1, h;

	attr.size = sizeof(attr);
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.disabled = ev->leader == i;
	attr.inherit = cpu < 0;
	if (ev->leader != i)
		group = s->c[ev->leader].handle;
	if (ev->leader != i && group < 0)
		attr.disabled = 1; /* an unsupported leader: enabled on its own below */
	h = s->b->ops->event_open(s->b, &attr, cpu < 0 ? 0 : -1, cpu, group);
	if (unsupported(&attr, h)) {
		s->c[i].unsupported = true;
		return 0;
	}
	if ((h == -EACCES || h == -EPERM) && backend_strerror(s->b))
		return cli_error("'%s': cannot open the event: %s", ev->text,
				 backend_strerror(s->b));
	if (h < 0)
		return cli_errno(h,
				 "'%s': cannot open the event (type=%u config=0x%llx "
				 "config1=0x%llx config2=0x%llx)",
				 ev->text, attr.type, (unsigned long long)attr.config,
				 (unsigned long long)attr.config1,
				 (unsigned long long)attr.config2);
	s->c[i].handle = h;
	return 0;
}

int stat_open(struct stat_config *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (open_one(s, i))
			return 1;
	for (size_t i = 0; i < s->n; i++) {
		int r;

		size_t leader = s->c[i].spec->leader;

		if (s->c[i].handle < 0 || (leader != i && s->c[leader].handle >= 0))
			continue;
		r = s->b->ops->event_enable(s->b, s->c[i].handle);
		if (r < 0)
			return cli_errno(r, "'%s': cannot enable", s->c[i].spec->text);
	}
	return 0;
}

int stat_read(struct stat_config *s)
{
	for (size_t i = 0; i < s->n; i++) {
		int r;

		if (s->c[i].handle < 0) {
			s->c[i].cur = (struct backend_count){0};
			continue;
		}
		r = s->b->ops->event_read(s->b, s->c[i].handle, &s->c[i].cur);
		if (r < 0)
			return cli_errno(r, "'%s': cannot read", s->c[i].spec->text);
	}
	return 0;
}

void stat_close(struct stat_config *s)
{
	for (size_t i = s->n; i-- > 0;) {
		size_t leader = s->c[i].spec->leader;

		if (s->c[i].handle >= 0 && (leader == i || s->c[leader].handle < 0))
			s->b->ops->event_disable(s->b, s->c[i].handle);
	}
	for (size_t i = s->n; i-- > 0;) {
		if (s->c[i].handle >= 0)
			s->b->ops->event_close(s->b, s->c[i].handle);
		s->c[i].handle = -1;
	}
}

struct interval {
	struct stat_config *s;
	uint64_t start, next, step, last;
};

static void print_delta(struct interval *iv, uint64_t now)
{
	struct stat_config *s = iv->s;
	struct backend_count *d = calloc(s->n ? s->n : 1, sizeof(*d));

	if (!d || stat_read(s)) {
		free(d);
		return;
	}
	for (size_t i = 0; i < s->n; i++) {
		d[i].value = s->c[i].cur.value - s->c[i].prev.value;
		d[i].enabled = s->c[i].cur.enabled - s->c[i].prev.enabled;
		d[i].running = s->c[i].cur.running - s->c[i].prev.running;
		s->c[i].prev = s->c[i].cur;
	}
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

	if (interrupted)
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

static int stop_requested(void *ctx)
{
	(void)ctx;
	return interrupted;
}

/*
 * The emulated backend without a command: each interval (or slice) is
 * simulated up to the wall clock's end of it (pace_run), so an interval
 * prints on time whatever the simulation's speed, with what was simulated
 * by then; a cut one says so and how far the clock is behind.  --timeout
 * ends at its wall-clock deadline too.
 */
static int run_paced(struct stat_config *s, struct interval *iv)
{
	struct backend *b = s->b;
	uint64_t goal = iv->start, end = iv->start + s->timeout_ns;
	struct pace pc;
	int r = 0;

	pace_start(&pc, &wall_clock_monotonic, iv->start);
	while (!interrupted && r >= 0) {
		goal = iv->step ? iv->next : goal + SLICE_NS;
		if (s->timeout_ns && goal > end)
			goal = end;
		r = pace_run(&pc, b, goal, stop_requested, NULL);
		if (r == 0)
			while (!interrupted && !pace_wait(&pc, goal))
				;
		if (r < 0 || interrupted)
			break;
		if (iv->step && goal == iv->next) {
			uint64_t now = b->ops->now_ns(b);

			if (r == 1)
				fprintf(stderr,
					"pciescope: stat: this interval: %.1f ms simulated by its end "
					"on the wall clock, %.1f s behind\n",
					(double)(now - iv->last) / 1e6,
					(double)pace_lag_ns(&pc, now) / 1e9);
			print_delta(iv, now);
			iv->next += iv->step;
		}
		stat_note_lag(&pc, b->ops->now_ns(b), "stat");
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

	if (b->ops->advance) {
		r = run_paced(s, iv);
		*elapsed_ns = b->ops->now_ns(b) - t0;
		return r;
	}
	while (!interrupted && !r) {
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

void stat_note_lag(struct pace *pc, uint64_t sim_now, const char *cmd)
{
	uint64_t lag;

	if (pace_lag_news(pc, sim_now, &lag))
		fprintf(stderr,
			"pciescope: %s: warning: the emulated platform runs slower than the wall "
			"clock: its clock is %.1f s behind (it never runs ahead)\n",
			cmd, (double)lag / 1e9);
}

bool stat_interrupted(void)
{
	return interrupted;
}

void stat_catch_sigint(void)
{
	struct sigaction sa = {.sa_handler = on_sigint};

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	/* a service manager's stop: the counts so far are printed, as for Ctrl-C */
	sigaction(SIGTERM, &sa, NULL);
}

int stat_run(struct stat_config *s, uint64_t *elapsed_ns, int *status)
{
	struct interval iv = {.s = s, .step = (uint64_t)s->interval_ms * NS_PER_MS};
	int r;

	iv.start = s->b->ops->now_ns(s->b);
	iv.next = iv.start + iv.step;
	iv.last = iv.start;
	*status = 0;
	if (s->argv)
		r = s->b->ops->run(s->b, s->argv, poll_interval, &iv, elapsed_ns, status);
	else
		r = run_slices(s, &iv, elapsed_ns);
	if (r == -EINTR || r == -ETIME)
		r = 0;
	if (r < 0)
		return cli_errno(r, "cannot run '%s'", s->argv ? s->argv[0] : "sleep");
	if (iv.step && s->b->ops->now_ns(s->b) > iv.last)
		print_delta(&iv, s->b->ops->now_ns(s->b));
	return 0;
}
