// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host backend's perf events on this machine's kernel: software events
 * (which every Linux has, whatever perf_event_paranoid says for a task
 * counting itself).  Only what holds on any Linux is asserted: a busy loop
 * makes task-clock grow, enabled >= running.  Native only: qemu-user has no
 * perf_event_open (ENOSYS; docs/portability.md).
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

#include "host_open.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(task_clock_counts_busy_work),
	    cmocka_unit_test(group_enable_through_leader),
	    cmocka_unit_test(bad_type_is_explained),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
