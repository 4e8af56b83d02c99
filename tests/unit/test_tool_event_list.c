// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tool library's event list (tool/event_list.h) on the emulated
 * machine: a group's members count over their leader's span, a count of
 * an event that shared its counter is scaled by enabled/running, an event
 * the machine does not have is "<not supported>" while the others count
 * on, and a PMU refusing a configuration is an error that names the event
 * and leaves nothing open.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/pmu_source.h>

#include "emulated_open.h"

#define PMU "hisi_pcie0_core0"

struct rig {
	struct backend *b;
	struct perf_pmu_source src;
	struct event_list l;
	struct error e;
};

static int setup(void **state)
{
	struct rig *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	r->b = open_emulated();
	pmu_source_backend(r->b, &r->src);
	*state = r;
	return 0;
}

static int teardown(void **state)
{
	struct rig *r = *state;

	event_list_free(&r->l);
	backend_close(r->b);
	free(r);
	return 0;
}

static void add(struct rig *r, const char *text)
{
	if (event_list_add(&r->l, text, &r->src, &r->e))
		fail_msg("%s: %s", text, r->e.msg);
}

/* The machine's default workload for secs, then one read of every event. */
static void count_for(struct rig *r, const char *secs)
{
	char *argv[] = {"sleep", (char *)secs, NULL};
	uint64_t elapsed;
	int status;

	assert_int_equal(event_list_open(&r->l, r->b, &r->e), 0);
	assert_int_equal(r->b->ops->run(r->b, argv, NULL, NULL, &elapsed, &status), 0);
	assert_int_equal(event_list_read(&r->l, &r->e), 0);
}

static void a_groups_members_count_over_its_leaders_span(void **state)
{
	struct rig *r = *state;

	add(r, PMU "/rx_mrd_flux,port=0x1/");
	add(r, "{" PMU "/rx_mwr_flux,port=0x1/," PMU "/rx_mwr_time,port=0x1/}");
	count_for(r, "0.002");
	assert_int_equal(r->l.n, 3);
	assert_int_equal(r->l.ev[2].spec->leader, 1);
	assert_true(r->l.ev[2].cur.enabled > 0);
	assert_true(r->l.ev[2].cur.value > 0); /* time: cycles of the PMU clock */
	assert_int_equal(r->l.ev[2].cur.enabled, r->l.ev[1].cur.enabled);
	assert_int_equal(r->l.ev[2].cur.running, r->l.ev[1].cur.running);
}

static void a_multiplexed_count_is_scaled_by_enabled_over_running(void **state)
{
	struct rig *r = *state;
	struct backend_count half = {.value = 100, .enabled = 10, .running = 5};
	struct backend_count never = {.value = 0, .enabled = 10, .running = 0};
	char ev[128];
	size_t shared = 0;

	assert_true(count_scaled(&half) == 200.0);
	assert_true(count_scaled(&never) == 0.0);
	/* twelve unrelated events for the PMU's eight counters take turns, a few times */
	for (unsigned port = 0x1; port <= 0x2; port++)
		for (size_t k = 0; k < HISI_PCIE_BW_KINDS; k++) {
			snprintf(ev, sizeof(ev), PMU "/%s_flux,port=%#x/", hisi_pcie_bw_kinds[k],
				 port);
			add(r, ev);
		}
	count_for(r, "0.02");
	for (size_t i = 0; i < r->l.n; i++) {
		const struct backend_count *v = &r->l.ev[i].cur;

		assert_true(v->running <= v->enabled);
		if (v->running && v->running < v->enabled) {
			shared++;
			assert_true(count_scaled(v) ==
				    (double)v->value * (double)v->enabled / (double)v->running);
		}
	}
	assert_true(shared > 0);
}

static void a_missing_event_is_not_supported_and_the_rest_count(void **state)
{
	struct rig *r = *state;

	/* the emulated machine has no CPU PMU for the generic cycles event */
	add(r, "cycles,{" PMU "/rx_mrd_flux,port=0xffff/," PMU "/rx_mrd_time,port=0xffff/}");
	event_list_find_pairs(&r->l);
	count_for(r, "0.002");
	assert_true(r->l.ev[0].unsupported);
	assert_int_equal(r->l.ev[0].handle, -1);
	assert_int_equal(r->l.ev[0].cur.enabled, 0);
	assert_false(r->l.ev[1].unsupported);
	assert_false(r->l.ev[2].unsupported);
	assert_true(r->l.ev[2].cur.value > 0);
	assert_int_equal(r->l.ev[1].partner, 2);
	assert_int_equal(r->l.ev[1].metric, HISI_PCIE_BANDWIDTH);
}

static void a_refused_event_fails_with_its_reason_and_nothing_stays_open(void **state)
{
	struct rig *r = *state;

	add(r, PMU "/rx_mrd_flux,port=0x1/");
	/* no port, and a requester outside the PMU's bus range: the driver refuses it */
	add(r, PMU "/rx_mrd_flux,bdf=0xffff/");
	assert_true(event_list_open(&r->l, r->b, &r->e) < 0);
	assert_false(r->l.ev[1].unsupported);
	assert_non_null(
	    strstr(r->e.msg, "'" PMU "/rx_mrd_flux,bdf=0xffff/': cannot open the event"));
	assert_int_equal(r->l.ev[0].handle, -1);
	assert_null(r->l.b);
}

static void a_parse_error_leaves_the_list_as_it_was(void **state)
{
	struct rig *r = *state;

	add(r, PMU "/rx_mrd_flux,port=0x1/");
	assert_int_equal(event_list_add(&r->l, PMU "/no_such_term=1/", &r->src, &r->e), -EINVAL);
	assert_non_null(strstr(r->e.msg, "no_such_term"));
	assert_int_equal(r->l.n, 1);
	count_for(r, "0.002");
	assert_true(r->l.ev[0].cur.enabled > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(a_groups_members_count_over_its_leaders_span, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(a_multiplexed_count_is_scaled_by_enabled_over_running,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(a_missing_event_is_not_supported_and_the_rest_count,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		a_refused_event_fails_with_its_reason_and_nothing_stays_open, setup, teardown),
	    cmocka_unit_test_setup_teardown(a_parse_error_leaves_the_list_as_it_was, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
