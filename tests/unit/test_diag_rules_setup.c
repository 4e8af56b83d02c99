// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rules about how a trace was recorded and how the link is used
 * (diag/rules_setup.c, rules_folded.c), each by a trace that fires it and
 * near misses that must not: data lost by the recording, times that lost
 * their gaps, a setting that hides completions, configuration space
 * polled during data traffic, the tune hint of a link busy with
 * completions and posted writes, and tables that folded what they could
 * not keep; and what the evidence decides on the way (the host side,
 * several traced devices).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "diag_rig.h"

#define NIC 0x0100u  /* 01:00.0 */
#define NVME 0x0200u /* 02:00.0 */
#define PORT 0x0008u /* 00:01.0, the Root Port above NIC */

/* A few healthy reads, so that a trace is not empty. */
static void some_reads(struct rig *r)
{
	for (uint16_t i = 0; i < 10; i++)
		rig_answered(r, i * 1000ull, NIC, i, 64, 300);
}

static size_t lost_findings(const struct perf_aux_loss *loss, struct diag_findings *l)
{
	struct diag_trace_opts o = {.pmu = "hisi_ptt0_2"};
	struct diag_recording rec = {
	    .rec_ns = 10000, .timed = true, .start_ns = 5000, .loss = *loss};
	struct rig r = {0};
	struct diag_trace *t;

	some_reads(&r);
	t = rig_trace(&r, &o, PTT_FMT_8DW);
	diag_trace_recording(t, &rec);
	rig_rules(t, NULL, l);
	return rig_count(l, "trace-lost-data");
}

static void data_the_recording_lost_is_said_first(void **state)
{
	struct perf_aux_loss loss = {.truncated = 1, .truncated_ns = 8000, .truncated_timed = true};
	struct diag_findings l;
	const struct diag_finding *f;

	assert_int_equal(lost_findings(&loss, &l), 1);
	f = rig_find(&l, "trace-lost-data", "hisi_ptt0_2");
	assert_non_null(f);
	assert_int_equal(f->severity, DIAG_WARNING);
	assert_true(rig_figure(f, "truncated_aux_records") == 1);
	assert_true(rig_figure(f, "stopped_at_ns") == 3000);
	diag_findings_free(&l);
	loss = (struct perf_aux_loss){.lost_records = 1, .lost = 7};
	assert_int_equal(lost_findings(&loss, &l), 1);
	assert_true(rig_figure(&l.f[0], "lost_records") == 7);
	diag_findings_free(&l);
}

static void a_whole_recording_is_no_loss(void **state)
{
	struct perf_aux_loss none = {0};
	struct diag_findings l;

	assert_int_equal(lost_findings(&none, &l), 0);
	assert_int_equal(l.n, 0);
	diag_findings_free(&l);
}

/* 100 entries 100 ticks apart (a 9.9 µs span) recorded over rec_ns. */
static size_t short_findings(enum ptt_format f, double rec_ns, struct diag_findings *l)
{
	struct diag_recording rec = {.rec_ns = rec_ns};
	struct diag_trace_opts o = {0};
	struct rig r = {0};
	struct diag_trace *t;

	for (unsigned i = 0; i < 100; i++)
		rig_write(&r, i * 100ull, NIC, 64, false);
	t = rig_trace(&r, &o, f);
	diag_trace_recording(t, &rec);
	rig_rules(t, NULL, l);
	return rig_count(l, "trace-times-short");
}

static void a_4dw_clock_that_lost_its_gaps_is_said(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;

	assert_int_equal(short_findings(PTT_FMT_4DW, 1e6, &l), 1);
	f = rig_find(&l, "trace-times-short", "trace");
	assert_non_null(f);
	assert_true(rig_figure(f, "span_ns") == 9900);
	assert_true(rig_figure(f, "recording_ns") == 1e6);
	diag_findings_free(&l);
}

static void times_short_near_misses(void **state)
{
	struct diag_findings l;

	/* the recording outlasts the span by less than one wrap of 2048 ticks */
	assert_int_equal(short_findings(PTT_FMT_4DW, 9900 + 2000, &l), 0);
	diag_findings_free(&l);
	/* 8DW times wrap every 2^32 ticks */
	assert_int_equal(short_findings(PTT_FMT_8DW, 1e6, &l), 0);
	diag_findings_free(&l);
	/* no record times to check against */
	assert_int_equal(short_findings(PTT_FMT_4DW, 0, &l), 0);
	diag_findings_free(&l);
}

/* PTT config terms: format config:32-35, direction 20-23, type 24-31. */
static uint64_t ptt_config(unsigned format, unsigned direction, unsigned type)
{
	return (uint64_t)format << 32 | (uint64_t)type << 24 | (uint64_t)direction << 20;
}

static void hidden_in(uint64_t config, struct diag_findings *l)
{
	struct diag_trace_opts o = {.config = config, .have_config = true, .pmu = "hisi_ptt0_2"};
	struct rig r = {0};

	rig_answered(&r, 0, NIC, 1, 64, 300);
	rig_judge(&r, &o, NULL, l);
}

static void a_setting_that_hides_completions_is_said_with_the_one_that_shows_them(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;

	hidden_in(ptt_config(0, 0, 7), &l);
	f = rig_find(&l, "direction-hides-completions", "hisi_ptt0_2");
	assert_non_null(f);
	assert_int_equal(f->severity, DIAG_INFO);
	assert_non_null(strstr(f->advice, "direction=2"));
	diag_findings_free(&l);
	hidden_in(ptt_config(1, 1, 7), &l);
	f = rig_find(&l, "direction-hides-completions", "hisi_ptt0_2");
	assert_non_null(f);
	assert_non_null(strstr(f->advice, "record 4DW (format=0)"));
	diag_findings_free(&l);
	hidden_in(ptt_config(0, 2, 3), &l);
	f = rig_find(&l, "direction-hides-completions", "hisi_ptt0_2");
	assert_non_null(f);
	assert_non_null(strstr(f->advice, "type=7"));
	diag_findings_free(&l);
}

static void settings_that_see_completions_are_not_told(void **state)
{
	struct diag_findings l;

	hidden_in(ptt_config(0, 2, 7), &l);
	assert_int_equal(l.n, 0);
	diag_findings_free(&l);
	hidden_in(ptt_config(0, 3, 7), &l);
	assert_int_equal(l.n, 0);
	diag_findings_free(&l);
}

static void no_latency_is_judged_where_completions_are_hidden(void **state)
{
	struct diag_trace_opts o = {.config = ptt_config(0, 0, 7), .have_config = true};
	struct diag_findings l;
	struct rig r = {0};

	for (unsigned i = 0; i < 100; i++) {
		rig_answered(&r, i * 1000ull, NIC, (uint16_t)i, 512, 500);
		rig_answered(&r, i * 1000ull + 10, NVME, (uint16_t)i, 512, 500);
		rig_answered(&r, i * 1000ull + 20, 0x0300, (uint16_t)i, 512, 5000);
	}
	rig_judge(&r, &o, NULL, &l);
	assert_int_equal(rig_count(&l, "latency-outlier"), 0);
	assert_int_equal(rig_count(&l, "direction-hides-completions"), 1);
	diag_findings_free(&l);
}

/*
 * The host reads NIC's configuration space n times, one every gap ns,
 * while NVME writes memory every 500 ns for 100 µs when traffic.
 */
static size_t polling(unsigned n, uint64_t gap, bool traffic, struct diag_findings *l)
{
	struct rig r = {0};

	for (unsigned i = 0; i < n; i++)
		rig_cfgrd(&r, i * gap, 0x0000, (uint16_t)(i & 0xff), NIC);
	for (unsigned i = 0; traffic && i < 200; i++)
		rig_write(&r, i * 500ull, NVME, 256, false);
	if (!traffic)
		rig_write(&r, 99500, NVME, 256, false);
	rig_judge(&r, NULL, NULL, l);
	return rig_count(l, "config-polling");
}

static void configuration_polled_through_data_traffic_is_found(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;

	assert_int_equal(polling(100, 1000, true, &l), 1);
	f = rig_find(&l, "config-polling", "01:00.0");
	assert_non_null(f);
	assert_true(rig_figure(f, "requests") == 100);
	assert_true(rig_figure(f, "rate_per_s") > 900000);
	assert_true(rig_figure(f, "span_share") > 0.98);
	diag_findings_free(&l);
}

static void config_polling_near_misses(void **state)
{
	struct diag_findings l;

	/* 49 reads are too few, even throughout the trace */
	assert_int_equal(polling(49, 2000, true, &l), 0);
	diag_findings_free(&l);
	/* a burst over the first half of the trace is a scan, not polling throughout */
	assert_int_equal(polling(50, 1000, true, &l), 0);
	diag_findings_free(&l);
	/* without data traffic the reads disturb nothing */
	assert_int_equal(polling(100, 1000, false, &l), 0);
	diag_findings_free(&l);
}

/*
 * NIC's Root Port link, capacity_mbps: over 100 µs the port sends NIC
 * completions of 256 bytes every 200 ns and posted writes of wr bytes
 * every µs.
 */
static void busy_link(double capacity_mbps, uint32_t wr, const struct diag_tune_levels *lv,
		      struct diag_findings *l)
{
	struct diag_trace_link link = {.bdf = "0000:00:01.0",
				       .port = PORT,
				       .capacity_mbps = capacity_mbps,
				       .below = {NIC},
				       .nbelow = 1};
	struct diag_trace_opts o = {.pmu = "hisi_ptt0_2", .links = &link, .nlinks = 1};
	struct rig r = {0};

	for (unsigned i = 0; i < 500; i++)
		rig_cpl(&r, i * 200ull, NIC, (uint16_t)(i & 0xff), RC, 256, TLP_CPL_SC);
	for (unsigned i = 0; i < 100; i++)
		rig_write(&r, i * 1000ull + 100, PORT, wr, false);
	rig_judge(&r, &o, lv, l);
}

static void a_link_busy_with_completions_and_writes_gets_the_weight_to_try(void **state)
{
	struct diag_tune_levels lv = {0, 1, 1, 1, 1};
	struct diag_findings l;
	const struct diag_finding *f;

	busy_link(1700, 256, &lv, &l);
	f = rig_find(&l, "tune-hint", "hisi_ptt0_2");
	assert_non_null(f);
	assert_true(rig_figure(f, "tx_share") >= 0.8);
	assert_true(rig_figure(f, "cpl_share") > 0.8);
	assert_true(rig_figure(f, "posted_share") > 0.1);
	assert_non_null(strstr(f->advice, "pciescope tune hisi_ptt0_2 qos_tx_cpl=2"));
	assert_non_null(strstr(f->advice, "--param qos_tx_cpl"));
	diag_findings_free(&l);
	/* the completion weight at its top: the posted weight is the next lever */
	lv.qos_tx_cpl = 2;
	busy_link(1700, 256, &lv, &l);
	f = rig_find(&l, "tune-hint", "hisi_ptt0_2");
	assert_non_null(f);
	assert_non_null(strstr(f->advice, "qos_tx_p=0"));
	diag_findings_free(&l);
}

static void tune_hint_near_misses(void **state)
{
	struct diag_tune_levels top = {2, 1, 0, 1, 1};
	struct diag_findings l;

	/* a link at 40 % is not queueing */
	busy_link(4000, 256, NULL, &l);
	assert_int_equal(rig_count(&l, "tune-hint"), 0);
	diag_findings_free(&l);
	/* completions alone: no weight decides between classes */
	busy_link(1700, 16, NULL, &l);
	assert_int_equal(rig_count(&l, "tune-hint"), 0);
	diag_findings_free(&l);
	/* both levers at their end: nothing left to hint */
	busy_link(1700, 256, &top, &l);
	assert_int_equal(rig_count(&l, "tune-hint"), 0);
	diag_findings_free(&l);
}

/* One read by each of n requesters (RIDs 0x1000 on). */
static size_t requesters(unsigned n, struct diag_findings *l)
{
	struct rig r = {0};

	for (unsigned i = 0; i < n; i++)
		rig_read(&r, i, (uint16_t)(0x1000 + i), 0, 64, 0x1000);
	rig_judge(&r, NULL, NULL, l);
	return rig_count(l, "trace-folded");
}

static void requesters_past_the_tables_are_said_to_be_unjudged(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;

	assert_int_equal(requesters(ANALYSIS_MAX_KEYS + 3, &l), 1);
	f = rig_find(&l, "trace-folded", "trace");
	assert_non_null(f);
	assert_true(rig_figure(f, "folded_requesters") == 3);
	diag_findings_free(&l);
	assert_int_equal(requesters(ANALYSIS_MAX_KEYS, &l), 0);
	diag_findings_free(&l);
}

/*
 * The Root Complex reads 200 times from NIC (CPU MMIO reads), 10 never
 * answered, and answers NIC's DMA reads with data: the host side, whose
 * completions every 4DW direction partly hides, unless the Root Ports
 * are named and it is not one of them.
 */
static size_t host_unmatched(const struct diag_trace_opts *o)
{
	struct diag_findings l;
	struct rig r = {0};
	size_t n;

	for (unsigned i = 0; i < 200; i++) {
		rig_read(&r, i * 1000ull, RC, (uint16_t)i, 4, 0x1000);
		if (i < 10 || i >= 20)
			rig_cpl(&r, i * 1000ull + 300, RC, (uint16_t)i, NIC, 4, TLP_CPL_SC);
		rig_answered(&r, i * 1000ull + 500, NIC, (uint16_t)i, 256, 200);
	}
	rig_judge(&r, o, NULL, &l);
	n = rig_count(&l, "unmatched-requests");
	diag_findings_free(&l);
	return n;
}

static void the_host_side_is_who_completes_with_data_unless_named(void **state)
{
	const uint16_t ports[] = {PORT};
	struct diag_trace_opts named = {.host = ports, .nhost = 1};

	assert_int_equal(host_unmatched(NULL), 0);
	assert_int_equal(host_unmatched(&named), 1);
}

static void every_device_of_a_recording_is_judged_under_its_own_name(void **state)
{
	struct diag_trace_opts a = {.pmu = "hisi_ptt0_2"}, b = {.pmu = "hisi_ptt0_3"};
	struct diag_recording lost = {.rec_ns = 10000, .loss = {.truncated = 1}};
	struct diag_trace *first, *second;
	struct diag_findings l;
	struct rig r = {0};

	some_reads(&r);
	first = rig_trace(&r, &a, PTT_FMT_8DW);
	assert_int_equal(diag_trace_add_device(first, &b, &second), 0);
	assert_ptr_equal(diag_trace_next(first), second);
	rig_msg(&r, 0, NIC, 0x31);
	rig_feed(&r, second, PTT_FMT_8DW);
	diag_trace_recording(first, &lost);
	diag_trace_recording(second, &lost);
	rig_rules(first, NULL, &l);
	assert_non_null(rig_find(&l, "trace-lost-data", "hisi_ptt0_2"));
	assert_non_null(rig_find(&l, "trace-lost-data", "hisi_ptt0_3"));
	assert_int_equal(rig_count(&l, "error-messages"), 1);
	diag_findings_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(data_the_recording_lost_is_said_first),
	    cmocka_unit_test(a_whole_recording_is_no_loss),
	    cmocka_unit_test(a_4dw_clock_that_lost_its_gaps_is_said),
	    cmocka_unit_test(times_short_near_misses),
	    cmocka_unit_test(a_setting_that_hides_completions_is_said_with_the_one_that_shows_them),
	    cmocka_unit_test(settings_that_see_completions_are_not_told),
	    cmocka_unit_test(no_latency_is_judged_where_completions_are_hidden),
	    cmocka_unit_test(configuration_polled_through_data_traffic_is_found),
	    cmocka_unit_test(config_polling_near_misses),
	    cmocka_unit_test(a_link_busy_with_completions_and_writes_gets_the_weight_to_try),
	    cmocka_unit_test(tune_hint_near_misses),
	    cmocka_unit_test(requesters_past_the_tables_are_said_to_be_unjudged),
	    cmocka_unit_test(the_host_side_is_who_completes_with_data_unless_named),
	    cmocka_unit_test(every_device_of_a_recording_is_judged_under_its_own_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
