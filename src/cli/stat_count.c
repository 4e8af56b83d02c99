// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counting for `pciescope stat`, as perf stat does it: every event opened
 * with time_enabled/time_running, group leaders disabled until all are
 * open, then enabled together.  Events of PMUs with a cpumask (uncore PMUs
 * such as the PCIe PMU) are system-wide on that CPU; the others follow this
 * process and, by inheritance, the measured command.  Without a command the
 * events count in slices of `sleep` until SIGINT; with -I each interval's
 * deltas are printed when the (simulated or real) clock passes it.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pmu_source.h"
#include "stat.h"

#define NS_PER_MS 1000000ULL

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
	h = s->b->ops->event_open(s->b, &attr, cpu < 0 ? 0 : -1, cpu, group);
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

		if (s->c[i].spec->leader != i)
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
		int r = s->b->ops->event_read(s->b, s->c[i].handle, &s->c[i].cur);

		if (r < 0)
			return cli_errno(r, "'%s': cannot read", s->c[i].spec->text);
	}
	return 0;
}

void stat_close(struct stat_config *s)
{
	for (size_t i = s->n; i-- > 0;) {
		if (s->c[i].handle < 0)
			continue;
		if (s->c[i].spec->leader == i)
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
	stat_print(s, d, (double)(now - iv->start) / 1e9);
	iv->last = now;
	free(d);
}

static int poll_interval(void *ctx)
{
	struct interval *iv = ctx;
	uint64_t now;

	if (interrupted)
		return -EINTR;
	if (!iv->step)
		return 0;
	now = iv->s->b->ops->now_ns(iv->s->b);
	if (now < iv->next)
		return 0;
	print_delta(iv, now);
	while (iv->next <= now)
		iv->next += iv->step;
	return 0;
}

static int run_slices(struct stat_config *s, struct interval *iv, uint64_t *elapsed_ns)
{
	char slice[32];
	char *argv[] = {"sleep", slice, NULL};
	uint64_t step = iv->step ? iv->step : 100 * NS_PER_MS;
	int status, r = 0;

	snprintf(slice, sizeof(slice), "%.9f", (double)step / 1e9);
	*elapsed_ns = 0;
	while (!interrupted && !r) {
		uint64_t spent = 0;

		r = s->b->ops->run(s->b, argv, poll_interval, iv, &spent, &status);
		*elapsed_ns += spent;
		if (!r)
			r = poll_interval(iv);
	}
	return r == -EINTR ? 0 : r;
}

void stat_catch_sigint(void)
{
	struct sigaction sa = {.sa_handler = on_sigint};

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
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
	if (r == -EINTR)
		r = 0;
	if (r < 0)
		return cli_errno(r, "cannot run '%s'", s->argv ? s->argv[0] : "sleep");
	if (iv.step && s->b->ops->now_ns(s->b) > iv.last)
		print_delta(&iv, s->b->ops->now_ns(s->b));
	return 0;
}
