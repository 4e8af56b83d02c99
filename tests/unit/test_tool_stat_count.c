// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf stat's runs in the tool library (tool/stat.h's stat_count) on the
 * emulated machine: one run counts the command's span; -r runs it again
 * with the events opened afresh, averages the counts and keeps each
 * counter's spread; -I leaves the intervals as all there is.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/stat.h>

#include "emulated_open.h"

static char *sleep_argv[] = {"sleep", "0.0002", NULL};

static void start(struct stat_config *s, unsigned repeat)
{
	struct perf_pmu_source src;

	*s = (struct stat_config){.b = open_emulated(), .argv = sleep_argv, .repeat = repeat};
	pmu_source_backend(s->b, &src);
	if (event_list_add(&s->events, "hisi_pcie0_core0/rx_mrd_cnt,port=0x1/", &src, &s->err))
		fail_msg("%s", s->err.msg);
}

static void stop(struct stat_config *s)
{
	stat_release(s);
	backend_close(s->b);
}

static void one_run_counts_the_commands_span(void **state)
{
	struct backend_count avg = {0};
	struct stat_config s;
	int status = -1;

	start(&s, 0);
	assert_int_equal(stat_count(&s, &avg, &status), 0);
	assert_int_equal(status, 0);
	assert_true(avg.value > 0);
	assert_int_equal(s.span_ns, 200000);
	assert_null(s.noise);
	stop(&s);
}

static void repeated_runs_average_and_keep_the_spread(void **state)
{
	struct backend_count avg = {0};
	struct stat_config s;
	int status;

	start(&s, 3);
	assert_int_equal(stat_count(&s, &avg, &status), 0);
	assert_non_null(s.noise);
	assert_int_equal(s.noise[0].n, 3);
	assert_int_equal(s.elapsed_noise.n, 3);
	/* every run counted for 200 µs: the average is the runs' mean */
	assert_int_equal(s.span_ns, 200000);
	assert_true(fabs((double)avg.value - s.noise[0].mean) <= 1);
	assert_true(avg.enabled == 200000 && avg.running == 200000);
	stop(&s);
}

static void a_failing_command_gives_its_status(void **state)
{
	char *argv[] = {"false", NULL};
	struct backend_count avg = {0};
	struct stat_config s;
	int status = 0;

	start(&s, 0);
	s.argv = argv;
	assert_int_equal(stat_count(&s, &avg, &status), 0);
	assert_int_equal(status, 1);
	stop(&s);
}

static unsigned intervals, starts;

static void on_interval(const struct stat_config *s, const struct backend_count *v, double ts)
{
	intervals++;
}

static void on_start(const struct stat_config *s)
{
	assert_int_equal(intervals, 0);
	starts++;
}

static void intervals_are_all_there_is_with_i(void **state)
{
	char *argv[] = {"sleep", "0.0035", NULL};
	struct backend_count avg = {0};
	struct stat_config s;
	int status;

	start(&s, 2);
	s.argv = argv;
	s.interval_ms = 1;
	s.print_interval = on_interval;
	s.print_start = on_start;
	assert_int_equal(stat_count(&s, &avg, &status), 0);
	assert_int_equal(starts, 1);
	assert_true(intervals >= 6);
	assert_int_equal(avg.value, 0);
	stop(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(one_run_counts_the_commands_span),
	    cmocka_unit_test(repeated_runs_average_and_keep_the_spread),
	    cmocka_unit_test(a_failing_command_gives_its_status),
	    cmocka_unit_test(intervals_are_all_there_is_with_i),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
