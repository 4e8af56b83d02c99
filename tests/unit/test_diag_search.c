// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tune search (diag/search.h) as a specification.  Its strategy runs
 * over a landscape the test draws (search_internal.h's ops): it climbs to
 * the best levels, takes a diagonal step where no single one helps,
 * measures no candidate twice, and writes the starting levels back, or the
 * best with apply, whatever ends it: the end, a failed run, a stop.  Its
 * runs (search_backend_ops) on the emulated machine: the levels a run
 * writes are what the next one reads, the same seed counts the same, and
 * a command that fails is named.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/tool/pmu_source.h>

#include "diag/search_internal.h"

#define NP HISI_PTT_TUNE_NPARAM

/* The landscape: its value per candidate and what the search did to the machine. */
static struct {
	double (*value)(const int level[NP]);
	int start[NP], written[NP];
	unsigned writes, measures, fail_measure; /* fail_measure: that measure fails (1-based) */
	unsigned stop_measure;			 /* that measure asks to stop */
	int read_err, write_err;
	unsigned rep_seen; /* OR of 1 << rep */
} land;

static int read_levels(const struct diag_search_opts *o, int level[NP], struct error *e)
{
	if (land.read_err)
		return error_set(e, land.read_err, "cannot read");
	memcpy(level, land.start, sizeof(land.start));
	return 0;
}

static int write_levels(const struct diag_search_opts *o, const struct hold *h, const int level[NP],
			struct diag_search_result *res, struct error *e)
{
	land.writes++;
	if (land.write_err)
		return error_set(e, land.write_err, "the levels were not saved");
	memcpy(land.written, level, sizeof(land.written));
	return 0;
}

static int measure(const struct diag_search_opts *o, struct hold *h, const int level[NP],
		   unsigned rep, double *v, struct error *e)
{
	land.measures++;
	land.rep_seen |= 1u << rep;
	if (land.measures == land.fail_measure)
		return error_set(e, -EIO, "the run failed");
	if (land.measures == land.stop_measure)
		interrupt_request();
	*v = land.value(level) + rep;
	return 0;
}

static const struct search_ops ops = {read_levels, write_levels, measure};

static const int goal[NP] = {2, 0, 1, 2, 0};

/* A hill: the further from goal, the lower. */
static double hill(const int level[NP])
{
	double v = 0;

	for (int p = 0; p < NP; p++)
		v -= (level[p] - goal[p]) * (level[p] - goal[p]);
	return v;
}

static void reset(double (*value)(const int level[NP]), const int start[NP])
{
	memset(&land, 0, sizeof(land));
	land.value = value;
	memcpy(land.start, start, sizeof(land.start));
}

static struct diag_search_opts all_params(void)
{
	/* a machine that keeps nothing: the landscape takes no hold */
	return (struct diag_search_opts){
	    .bo = {.ephemeral = true}, .search = {true, true, true, true, true}, .repeat = 1};
}

static void no_candidate_twice(const struct diag_search_result *r)
{
	for (size_t i = 0; i < r->n; i++)
		for (size_t j = i + 1; j < r->n; j++)
			assert_memory_not_equal(r->c[i].level, r->c[j].level,
						sizeof(r->c[i].level));
}

static void the_search_climbs_to_the_best_levels_and_puts_the_start_back(void **state)
{
	const int start[NP] = {1, 1, 1, 1, 1};
	struct diag_search_opts o = all_params();
	struct diag_search_result r;
	struct error err;

	reset(hill, start);
	assert_int_equal(search_with(&ops, &o, &r, &err), 0);
	assert_memory_equal(r.c[0].level, start, sizeof(start));
	assert_memory_equal(r.c[r.best].level, goal, sizeof(goal));
	no_candidate_twice(&r);
	assert_int_equal(r.runs, r.n);
	assert_int_equal(land.measures, r.n);
	/* far fewer runs than the 243 of the grid */
	assert_true(r.n < 40);
	assert_memory_equal(land.written, start, sizeof(start));
	assert_true(r.restored);
	diag_search_free(&r);
}

/* Only (1, 1) of the first two levels is better; each alone is worse than (0, 0). */
static double ridge(const int level[NP])
{
	if (level[0] == 1 && level[1] == 1)
		return 10;
	return level[0] == level[1] ? 0 : -1;
}

static void a_diagonal_step_is_tried_where_no_single_step_helps(void **state)
{
	const int start[NP] = {0, 0, 1, 1, 1};
	struct diag_search_opts o = {.search = {true, true}, .repeat = 1};
	struct diag_search_result r;
	struct error err;

	reset(ridge, start);
	assert_int_equal(search_with(&ops, &o, &r, &err), 0);
	assert_int_equal(r.c[r.best].level[0], 1);
	assert_int_equal(r.c[r.best].level[1], 1);
	/* the parameters not searched keep their levels */
	for (size_t i = 0; i < r.n; i++)
		assert_memory_equal(r.c[i].level + 2, start + 2, sizeof(int) * (NP - 2));
	diag_search_free(&r);
}

static double sum(const int level[NP])
{
	double v = 0;

	for (int p = 0; p < NP; p++)
		v += level[p];
	return v;
}

static void minimize_looks_for_the_smallest_and_apply_keeps_it(void **state)
{
	const int start[NP] = {2, 2, 2, 2, 2}, zero[NP] = {0};
	struct diag_search_opts o = all_params();
	struct diag_search_result r;
	struct error err;

	o.minimize = true;
	o.apply = true;
	reset(sum, start);
	assert_int_equal(search_with(&ops, &o, &r, &err), 0);
	assert_memory_equal(r.c[r.best].level, zero, sizeof(zero));
	assert_memory_equal(land.written, zero, sizeof(zero));
	/* 10 lower than the start's 10: the gain of a minimum is positive */
	assert_true(diag_search_gain(&o, &r, r.best) == 100);
	o.minimize = false;
	assert_true(diag_search_gain(&o, &r, r.best) == -100);
	diag_search_free(&r);
}

static void the_grid_runs_every_candidate_once(void **state)
{
	const int start[NP] = {1, 1, 1, 1, 1};
	struct diag_search_opts o = {.search = {true, false, true}, .repeat = 1, .grid = true};
	struct diag_search_result r;
	struct error err;

	reset(hill, start);
	assert_int_equal(search_with(&ops, &o, &r, &err), 0);
	assert_int_equal(r.n, 9);
	no_candidate_twice(&r);
	assert_int_equal(r.c[r.best].level[0], 2);
	assert_int_equal(r.c[r.best].level[2], 1);
	assert_int_equal(r.c[r.best].level[1], 1);
	diag_search_free(&r);
}

static void repeats_run_on_successive_seeds_and_give_the_spread(void **state)
{
	const int start[NP] = {2, 0, 1, 2, 0};
	struct diag_search_opts o = {.search = {true}, .repeat = 3};
	struct diag_search_result r;
	struct error err;

	reset(hill, start);
	assert_int_equal(search_with(&ops, &o, &r, &err), 0);
	/* the value plus the seed offset: 0, 1 and 2 above the landscape */
	assert_int_equal(land.rep_seen, 7);
	assert_int_equal(r.c[0].runs, 3);
	assert_true(r.c[0].mean == 1);
	assert_true(r.c[0].sd == 1);
	assert_true(r.c[0].min == 0 && r.c[0].max == 2);
	assert_int_equal(r.runs, 3 * r.n);
	diag_search_free(&r);
}

static void a_failed_run_ends_the_search_and_the_start_comes_back(void **state)
{
	const int start[NP] = {1, 1, 1, 1, 1};
	struct diag_search_opts o = all_params();
	struct diag_search_result r;
	struct error err;

	o.apply = true;
	reset(hill, start);
	land.fail_measure = 3;
	assert_int_equal(search_with(&ops, &o, &r, &err), -EIO);
	assert_string_equal(err.msg, "the run failed");
	/* what was measured is kept; apply takes no best from a search that failed */
	assert_int_equal(r.n, 2);
	assert_memory_equal(land.written, start, sizeof(start));
	assert_true(r.restored);
	diag_search_free(&r);
}

static void levels_that_cannot_be_put_back_are_the_error(void **state)
{
	const int start[NP] = {1, 1, 1, 1, 1};
	struct diag_search_opts o = all_params();
	struct diag_search_result r;
	struct error err;

	reset(hill, start);
	land.write_err = -EIO;
	assert_int_equal(search_with(&ops, &o, &r, &err), -EIO);
	assert_string_equal(err.msg, "the levels were not saved");
	assert_false(r.restored);
	diag_search_free(&r);
}

static void unreadable_levels_measure_nothing(void **state)
{
	const int start[NP] = {1, 1, 1, 1, 1};
	struct diag_search_opts o = all_params();
	struct diag_search_result r;
	struct error err;

	reset(hill, start);
	land.read_err = -ENOENT;
	assert_int_equal(search_with(&ops, &o, &r, &err), -ENOENT);
	assert_int_equal(r.n, 0);
	assert_int_equal(land.measures + land.writes, 0);
	diag_search_free(&r);
}

/* The emulated machine's runs: its state kept between runs, as on the host. */
static struct diag_search_opts machine(struct event_list *l, char *const *argv)
{
	return (struct diag_search_opts){
	    .bo = {.kind = "emulated", .workload = "storage-read", .seed = 7},
	    .ptt = "hisi_ptt0_2",
	    .events = l,
	    .metric = DIAG_METRIC_COUNT,
	    .repeat = 1,
	    .argv = argv};
}

static void levels_a_run_writes_are_what_the_next_reads(void **state)
{
	struct diag_search_opts o = machine(NULL, NULL);
	const int want[NP] = {2, 0, 1, 0, 2};
	struct diag_search_result r = {0};
	int got[NP];
	struct error err;

	assert_int_equal(backend_reset_state(&o.bo, &err), 0);
	assert_int_equal(search_backend_ops.write_levels(&o, NULL, want, &r, &err), 0);
	assert_int_equal(search_backend_ops.read_levels(&o, got, &err), 0);
	assert_memory_equal(got, want, sizeof(want));
	o.ptt = "hisi_ptt9_9";
	assert_int_equal(search_backend_ops.read_levels(&o, got, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "hisi_ptt9_9/tune/qos_tx_cpl"));
	assert_int_equal(backend_reset_state(&o.bo, &err), 0);
}

/* One run of the search under argv: its return, the count in *v, the reason in e. */
static int counted(char *const *argv, double *v, struct error *e)
{
	struct event_list l = {0};
	struct diag_search_opts o = machine(&l, argv);
	const int level[NP] = {1, 1, 1, 1, 1};
	struct perf_pmu_source src;
	struct backend *b;
	int ret;

	assert_int_equal(backend_open(&o.bo, &b, e), 0);
	pmu_source_backend(b, &src);
	assert_int_equal(event_list_add(&l, "hisi_pcie0_core2/tx_cpl_flux,port=0x1/", &src, e), 0);
	backend_close(b);
	ret = search_backend_ops.measure(&o, NULL, level, 0, v, e);
	event_list_free(&l);
	return ret;
}

static void the_same_seed_counts_the_same(void **state)
{
	char *const argv[] = {"sleep", "0.0001", NULL};
	double a = -1, b = -1;
	struct error err;

	assert_int_equal(counted(argv, &a, &err), 0);
	assert_int_equal(counted(argv, &b, &err), 0);
	assert_true(a > 0);
	assert_true(a == b);
}

static void a_command_that_fails_is_named(void **state)
{
	char *const argv[] = {"false", NULL};
	struct error err;
	double v;

	assert_int_equal(counted(argv, &v, &err), -ECHILD);
	assert_string_equal(err.msg, "'false' exited with status 1");
}

/* Last: the stop flag cannot be lowered again in this process. */
static void a_stop_ends_the_search_and_the_start_comes_back(void **state)
{
	const int start[NP] = {1, 1, 1, 1, 1};
	struct diag_search_opts o = all_params();
	struct diag_search_result r;
	struct error err;

	o.apply = true;
	reset(hill, start);
	land.stop_measure = 2;
	assert_int_equal(search_with(&ops, &o, &r, &err), -EINTR);
	assert_memory_equal(land.written, start, sizeof(start));
	assert_true(r.restored);
	diag_search_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(the_search_climbs_to_the_best_levels_and_puts_the_start_back),
	    cmocka_unit_test(a_diagonal_step_is_tried_where_no_single_step_helps),
	    cmocka_unit_test(minimize_looks_for_the_smallest_and_apply_keeps_it),
	    cmocka_unit_test(the_grid_runs_every_candidate_once),
	    cmocka_unit_test(repeats_run_on_successive_seeds_and_give_the_spread),
	    cmocka_unit_test(a_failed_run_ends_the_search_and_the_start_comes_back),
	    cmocka_unit_test(levels_that_cannot_be_put_back_are_the_error),
	    cmocka_unit_test(unreadable_levels_measure_nothing),
	    cmocka_unit_test(levels_a_run_writes_are_what_the_next_reads),
	    cmocka_unit_test(the_same_seed_counts_the_same),
	    cmocka_unit_test(a_command_that_fails_is_named),
	    cmocka_unit_test(a_stop_ends_the_search_and_the_start_comes_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
