// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host backend on this machine's kernel: software events (which every
 * Linux has, whatever perf_event_paranoid says for a task counting itself),
 * the real /sys, and running commands.  Only what holds on any Linux is
 * asserted: a busy loop makes task-clock grow, enabled >= running.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "backend/backend_internal.h"

static struct backend *open_host(void)
{
	struct backend_options o = {.kind = "host"};
	struct backend *b = NULL;
	char err[256];

	assert_int_equal(host_backend_open(&o, &b, err, sizeof(err)), 0);
	assert_string_equal(b->ops->name, "host");
	return b;
}

static volatile uint64_t sink;

static void busy(void)
{
	for (uint64_t i = 0; i < 20000000; i++)
		sink += i;
}

/* Writing to freshly mapped memory faults at least once. */
static void touch_fresh_pages(void)
{
	char *p = malloc(4 << 20);

	assert_non_null(p);
	memset(p, 1, 4 << 20);
	sink += (uint64_t)p[12345];
	free(p);
}

static struct perf_event_attr sw_attr(uint64_t config, int disabled)
{
	struct perf_event_attr a = {
	    .type = PERF_TYPE_SOFTWARE, .size = sizeof(a), .config = config, .disabled = disabled};
	return a;
}

static void task_clock_counts_busy_work(void **state)
{
	struct backend *b = open_host();
	struct perf_event_attr a = sw_attr(PERF_COUNT_SW_TASK_CLOCK, 1);
	struct backend_count c;
	int ev = b->ops->event_open(b, &a, 0, -1, -1);

	assert_true(ev >= 0);
	assert_int_equal(b->ops->event_enable(b, ev), 0);
	busy();
	assert_int_equal(b->ops->event_disable(b, ev), 0);
	assert_int_equal(b->ops->event_read(b, ev, &c), 0);
	assert_true(c.value > 0);
	assert_true(c.enabled > 0);
	assert_true(c.enabled >= c.running);
	assert_true(b->ops->event_id(b, ev) > 0);
	/* A software event has no AUX area: the kernel says so, as the emulated core does. */
	assert_int_equal(b->ops->aux_map(b, ev, 64 * 4096), -EOPNOTSUPP);
	assert_int_equal(b->ops->next_record(b, ev, (char[64]){0}, 64), 0);
	assert_int_equal(b->ops->event_close(b, ev), 0);
	assert_int_equal(b->ops->event_read(b, ev, &c), -EBADF);
	backend_close(b);
}

static void group_enable_through_leader(void **state)
{
	struct backend *b = open_host();
	struct perf_event_attr lead = sw_attr(PERF_COUNT_SW_TASK_CLOCK, 1);
	struct perf_event_attr sib = sw_attr(PERF_COUNT_SW_PAGE_FAULTS, 0);
	struct backend_count cl, cs;
	int l = b->ops->event_open(b, &lead, 0, -1, -1);
	int s = b->ops->event_open(b, &sib, 0, -1, l);

	assert_true(l >= 0 && s >= 0);
	assert_int_equal(b->ops->event_open(b, &sib, 0, -1, 99), -EBADF);
	b->ops->event_enable(b, l);
	busy();
	touch_fresh_pages();
	b->ops->event_disable(b, l);
	assert_int_equal(b->ops->event_read(b, l, &cl), 0);
	assert_int_equal(b->ops->event_read(b, s, &cs), 0);
	assert_true(cl.value > 0);
	assert_true(cs.value > 0);
	assert_true(cs.enabled >= cs.running);
	backend_close(b);
}

static void bad_type_is_explained(void **state)
{
	struct backend *b = open_host();
	struct perf_event_attr a = sw_attr(0, 1);

	a.type = 0x7ffffff0;
	assert_int_equal(b->ops->event_open(b, &a, 0, -1, -1), -ENOENT);
	assert_non_null(strstr(backend_strerror(b), "no PMU with type"));
	backend_close(b);
}

static void real_sysfs(void **state)
{
	struct backend *b = open_host();
	char buf[64] = "", **names;
	size_t n;
	int found = 0;

	assert_int_equal(b->ops->sysfs_read(b, "/sys/bus/event_source/devices/software/type", buf,
					    sizeof(buf) - 1),
			 2);
	assert_string_equal(buf, "1\n");
	assert_int_equal(b->ops->sysfs_is_dir(b, "/sys/bus/event_source/devices/software"), 1);
	assert_int_equal(b->ops->sysfs_list(b, "/sys/bus/event_source/devices", &names, &n), 0);
	for (size_t i = 0; i < n; i++) {
		found += !strcmp(names[i], "software");
		if (i)
			assert_true(strcmp(names[i - 1], names[i]) < 0);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	assert_int_equal(found, 1);
	assert_int_equal(b->ops->sysfs_read(b, "/sys/nonexistent", buf, sizeof(buf)), -ENOENT);
	backend_close(b);
}

static void runs_commands_and_reports_status(void **state)
{
	struct backend *b = open_host();
	char *ok[] = {"sleep", "0.01", NULL}, *fail[] = {"sh", "-c", "exit 3", NULL};
	char *missing[] = {"pciescope-no-such-command", NULL};
	uint64_t ns = 0;
	int st = -1;

	assert_int_equal(b->ops->run(b, ok, NULL, NULL, &ns, &st), 0);
	assert_int_equal(st, 0);
	assert_int_equal(b->ops->run(b, fail, NULL, NULL, &ns, &st), 0);
	assert_int_equal(st, 3);
	assert_int_equal(b->ops->run(b, missing, NULL, NULL, &ns, &st), -ENOENT);
	assert_non_null(strstr(backend_strerror(b), "cannot run 'pciescope-no-such-command'"));
	backend_close(b);
}

static void sleep_durations(void **state)
{
	char *a[] = {"sleep", "5", NULL}, *b[] = {"sleep", "0.01", NULL};
	char *c[] = {"sleep", "5s", NULL}, *d[] = {"sleep", "1.5m", NULL};
	char *e[] = {"sleep", "-1", NULL}, *f[] = {"sleep", "5x", NULL};
	char *g[] = {"true", NULL}, *h[] = {"sleep", NULL};
	uint64_t ns;

	assert_int_equal(backend_parse_sleep(a, &ns), 1);
	assert_int_equal(ns, 5000000000ull);
	assert_int_equal(backend_parse_sleep(b, &ns), 1);
	assert_int_equal(ns, 10000000ull);
	assert_int_equal(backend_parse_sleep(c, &ns), 1);
	assert_int_equal(ns, 5000000000ull);
	assert_int_equal(backend_parse_sleep(d, &ns), 1);
	assert_int_equal(ns, 90000000000ull);
	assert_int_equal(backend_parse_sleep(e, &ns), -EINVAL);
	assert_int_equal(backend_parse_sleep(f, &ns), -EINVAL);
	assert_int_equal(backend_parse_sleep(g, &ns), 0);
	assert_int_equal(backend_parse_sleep(h, &ns), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(task_clock_counts_busy_work),
	    cmocka_unit_test(group_enable_through_leader),
	    cmocka_unit_test(bad_type_is_explained),
	    cmocka_unit_test(real_sysfs),
	    cmocka_unit_test(runs_commands_and_reports_status),
	    cmocka_unit_test(sleep_durations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
