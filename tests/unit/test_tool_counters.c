// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tool library's counting: an event the machine does not have is
 * "<not supported>" and counting goes on (perf stat's rule), while a PMU
 * refusing a configuration stays an error; a multiplexed count is scaled
 * by enabled/running.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/counters.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/stat.h>

#include "emulated_open.h"

static void missing_events_are_not_supported_refusals_are_errors(void **state)
{
	struct perf_event_attr hw = {.type = PERF_TYPE_HARDWARE}, raw = {.type = 42};

	assert_true(counter_unsupported(&hw, -ENOENT));
	assert_true(counter_unsupported(&hw, -EOPNOTSUPP));
	assert_true(counter_unsupported(&raw, -ENXIO));
	assert_false(counter_unsupported(&raw, -EOPNOTSUPP));
	assert_false(counter_unsupported(&raw, -EINVAL));
	assert_false(counter_unsupported(&hw, -EACCES));
}

static void a_multiplexed_count_is_scaled(void **state)
{
	struct backend_count half = {.value = 100, .enabled = 10, .running = 5};
	struct backend_count full = {.value = 100, .enabled = 10, .running = 10};
	struct backend_count never = {.value = 0, .enabled = 10, .running = 0};

	assert_true(count_scaled(&half) == 200.0);
	assert_true(count_scaled(&full) == 100.0);
	assert_true(count_scaled(&never) == 0.0);
}

static void stat_counts_on_beside_a_cycles_event_the_machine_lacks(void **state)
{
	struct stat_config s = {.b = open_emulated()};
	struct perf_pmu_source src;
	char err[512];
	uint64_t elapsed;
	int status;
	char *argv[] = {"sleep", "0.001", NULL};

	s.argv = argv;
	pmu_source_backend(s.b, &src);
	assert_int_equal(perf_events_parse(&s.events,
					   "cycles,{hisi_pcie0_core0/rx_mrd_flux,port=0xffff/,"
					   "hisi_pcie0_core0/rx_mrd_time,port=0xffff/}",
					   &src, err, sizeof(err)),
			 0);
	assert_int_equal(stat_make_counters(&s), 0);
	assert_int_equal(stat_open(&s), 0);
	assert_int_equal(stat_run(&s, &elapsed, &status), 0);
	assert_int_equal(stat_read(&s), 0);
	assert_true(s.c[0].unsupported);
	assert_int_equal(s.c[0].handle, -1);
	assert_false(s.c[1].unsupported);
	assert_false(s.c[2].unsupported);
	assert_true(s.c[2].cur.value > 0); /* the time half counts cycles of the PMU clock */
	assert_int_equal(s.c[1].partner, 2);
	stat_close(&s);
	free(s.c);
	perf_events_free(&s.events);
	backend_close(s.b);
}

static void a_refused_event_fails_with_its_reason(void **state)
{
	struct stat_config s = {.b = open_emulated()};
	struct perf_pmu_source src;
	char err[512];

	pmu_source_backend(s.b, &src);
	/* no port, and a requester outside the PMU's bus range: the driver refuses it */
	assert_int_equal(perf_events_parse(&s.events, "hisi_pcie0_core0/rx_mrd_flux,bdf=0xffff/",
					   &src, err, sizeof(err)),
			 0);
	assert_int_equal(stat_make_counters(&s), 0);
	assert_true(stat_open(&s) < 0);
	assert_false(s.c[0].unsupported);
	assert_non_null(strstr(s.err.msg, "cannot open the event"));
	stat_close(&s);
	free(s.c);
	perf_events_free(&s.events);
	backend_close(s.b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(missing_events_are_not_supported_refusals_are_errors),
	    cmocka_unit_test(a_multiplexed_count_is_scaled),
	    cmocka_unit_test(stat_counts_on_beside_a_cycles_event_the_machine_lacks),
	    cmocka_unit_test(a_refused_event_fails_with_its_reason),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
