// SPDX-License-Identifier: GPL-2.0-only
/*
 * The read rules of a trace (diag/rules_reads.c), each by a trace that
 * fires it and near misses that must not: reads cut small, a requester
 * whose reads are far slower than the others', a device pinned at a
 * ceiling of outstanding reads (and where the ceiling is), and requests
 * that never complete.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "diag_rig.h"

#define NIC 0x0100u   /* 01:00.0 */
#define NVME 0x0200u  /* 02:00.0 */
#define ACCEL 0x0300u /* 03:00.0 */

/* n reads of bytes each, one every µs, at addresses one after the other when sequential. */
static void reads(struct rig *r, uint16_t rid, unsigned n, uint32_t bytes, bool sequential)
{
	for (unsigned i = 0; i < n; i++)
		rig_read(r, i * 1000u, rid, (uint16_t)(i & 0xff), bytes,
			 sequential ? 0x10000u + (uint64_t)i * bytes : 0x10000u + i * 8192ull);
}

static size_t small_reads_of(unsigned n, uint32_t bytes, bool sequential)
{
	struct diag_findings l;
	struct rig r = {0};
	size_t found;

	reads(&r, NIC, n, bytes, sequential);
	rig_judge(&r, NULL, NULL, &l);
	found = rig_count(&l, "small-read-requests");
	if (found) {
		const struct diag_finding *f = rig_find(&l, "small-read-requests", "01:00.0");

		assert_non_null(f);
		assert_true(rig_figure(f, "median_bytes") == bytes);
		assert_true(rig_figure(f, "reads") == n);
	}
	diag_findings_free(&l);
	return found;
}

static void one_transfer_cut_into_small_reads_is_found(void **state)
{
	assert_int_equal(small_reads_of(100, 64, true), 1);
	assert_int_equal(small_reads_of(200, 128, true), 1);
}

static void small_reads_near_misses(void **state)
{
	/* too few to judge */
	assert_int_equal(small_reads_of(99, 64, true), 0);
	/* small reads of scattered data are what the device wants, not a cut transfer */
	assert_int_equal(small_reads_of(100, 64, false), 0);
	/* a transfer read in 256-byte requests is read in requests large enough */
	assert_int_equal(small_reads_of(100, 256, true), 0);
	/* one-DW reads are register reads, not data */
	assert_int_equal(small_reads_of(200, 4, true), 0);
}

/* n reads of 512 bytes by rid, one every µs from start, each answered after lat ns. */
static void answered(struct rig *r, uint16_t rid, unsigned n, uint64_t start, uint64_t lat)
{
	for (unsigned i = 0; i < n; i++)
		rig_answered(r, start + i * 1000ull, rid, (uint16_t)(i & 0xff), 512, lat);
}

static void latency_of_three(uint64_t slow_lat, unsigned slow_reads, struct diag_findings *l)
{
	struct rig r = {0};

	answered(&r, NIC, 100, 0, 500);
	answered(&r, NVME, 100, 10, 500);
	answered(&r, ACCEL, slow_reads, 20, slow_lat);
	rig_judge(&r, NULL, NULL, l);
}

static void a_requester_four_times_slower_than_the_others_is_an_outlier(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;

	latency_of_three(5000, 100, &l);
	assert_int_equal(rig_count(&l, "latency-outlier"), 1);
	f = rig_find(&l, "latency-outlier", "03:00.0");
	assert_non_null(f);
	assert_true(rig_figure(f, "p99_ns") >= 4 * rig_figure(f, "median_p50_ns"));
	assert_true(rig_figure(f, "median_p50_ns") < 1000);
	diag_findings_free(&l);
}

static void latency_outlier_near_misses(void **state)
{
	struct diag_findings l;

	/* three times slower is slower, not an outlier */
	latency_of_three(1500, 100, &l);
	assert_int_equal(rig_count(&l, "latency-outlier"), 0);
	diag_findings_free(&l);
	/* 99 reads are too few to judge */
	latency_of_three(5000, 99, &l);
	assert_int_equal(rig_count(&l, "latency-outlier"), 0);
	diag_findings_free(&l);
}

static void a_lone_requester_has_no_others_to_be_slower_than(void **state)
{
	struct diag_findings l;
	struct rig r = {0};

	answered(&r, ACCEL, 100, 0, 5000);
	rig_judge(&r, NULL, NULL, &l);
	assert_int_equal(rig_count(&l, "latency-outlier"), 0);
	diag_findings_free(&l);
}

/*
 * slots chains of reads by NIC, each read 1 µs long and the next sent 2 ns
 * after its completion, the chains spread over a read's time: the device
 * refills every freed slot at once and is at its ceiling nearly always.
 */
static void pinned(struct rig *r, unsigned slots, unsigned per_chain)
{
	for (unsigned s = 0; s < slots; s++)
		for (unsigned k = 0; k < per_chain; k++)
			rig_answered(r, s * (1000ull / slots) + k * 1002ull, NIC,
				     (uint16_t)(s * 64 + (k & 63)), 512, 1000);
}

static const struct diag_finding *outstanding(struct diag_findings *l,
					      const struct diag_trace_opts *o,
					      const struct diag_tune_levels *lv, unsigned slots)
{
	struct rig r = {0};

	pinned(&r, slots, 120);
	rig_judge(&r, o, lv, l);
	return rig_find(l, "outstanding-limit", "01:00.0");
}

static void a_device_refilling_every_freed_slot_is_held_at_its_ceiling(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f = outstanding(&l, NULL, NULL, 4);

	assert_non_null(f);
	assert_true(rig_figure(f, "max_outstanding") == 4);
	assert_true(rig_figure(f, "share_at_max") > 0.9);
	assert_true(rig_figure(f, "refilled_share") > 0.9);
	/* 4 reads of 512 bytes per µs */
	assert_true(rig_figure(f, "limit_mbps") > 2000 && rig_figure(f, "limit_mbps") < 2100);
	/* the level is unknown from a file: both levers are named */
	assert_non_null(strstr(f->advice, "if 4 is the Root Complex's slots"));
	diag_findings_free(&l);
}

static void the_ceiling_is_named_by_the_rx_buffer_level(void **state)
{
	struct diag_tune_levels lv = {1, 1, 1, 0, 1};
	struct diag_findings l;
	const struct diag_finding *f = outstanding(&l, NULL, &lv, 4);

	/* rx_alloc_buf_level 0 holds 4 reads per Root Port: exactly this ceiling */
	assert_non_null(f);
	assert_non_null(strstr(f->advice, "Root Complex's 4 request slots are the ceiling"));
	assert_non_null(strstr(f->advice, "rx_alloc_buf_level=2"));
	diag_findings_free(&l);
	/* at level 2 (16 slots) a ceiling of 4 is the device's own */
	lv.rx_alloc_buf_level = 2;
	f = outstanding(&l, NULL, &lv, 4);
	assert_non_null(f);
	assert_non_null(strstr(f->advice, "the ceiling is 01:00.0's own"));
	diag_findings_free(&l);
	/* 16 at level 2: the buffer is at its largest */
	f = outstanding(&l, NULL, &lv, 16);
	assert_non_null(f);
	assert_non_null(strstr(f->advice, "at its largest"));
	diag_findings_free(&l);
}

static void outstanding_limit_near_misses(void **state)
{
	const uint16_t below[] = {NIC};
	struct diag_trace_link link = {.bdf = "0000:00:01.0", .port = 0x0008, .capacity_mbps = 100};
	struct diag_trace_opts o = {.links = &link, .nlinks = 1};
	struct diag_findings l;
	struct rig r = {0};

	/* one read at a time is how devices fetch descriptors, not a ceiling */
	assert_null(outstanding(&l, NULL, NULL, 1));
	diag_findings_free(&l);
	/* a device whose link is saturated outbound is held by its completions' link */
	memcpy(link.below, below, sizeof(below));
	link.nbelow = 1;
	assert_null(outstanding(&l, &o, NULL, 4));
	diag_findings_free(&l);
	/* eight reads at once, drained by their completions: at 8 often, waiting never */
	for (unsigned b = 0; b < 20; b++)
		for (unsigned k = 0; k < 8; k++)
			rig_answered(&r, b * 5000ull + k, NIC, (uint16_t)(b * 8 + k), 512,
				     400 + 50 * k);
	rig_judge(&r, NULL, NULL, &l);
	assert_int_equal(rig_count(&l, "outstanding-limit"), 0);
	diag_findings_free(&l);
}

/* 200 reads by rid, one a µs; those from lost_from on, lost of them, are never answered. */
static void lossy(struct rig *r, uint16_t rid, unsigned n, unsigned lost_from, unsigned lost)
{
	for (unsigned i = 0; i < n; i++) {
		if (i >= lost_from && i < lost_from + lost)
			rig_read(r, i * 1000ull, rid, (uint16_t)i, 64, 0x1000);
		else
			rig_answered(r, i * 1000ull, rid, (uint16_t)i, 64, 300);
	}
}

static size_t unmatched_of(const struct diag_trace_opts *o, unsigned n, unsigned lost_from,
			   unsigned lost)
{
	struct diag_findings l;
	struct rig r = {0};
	size_t found;

	lossy(&r, NIC, n, lost_from, lost);
	rig_judge(&r, o, NULL, &l);
	found = rig_count(&l, "unmatched-requests");
	if (found) {
		const struct diag_finding *f = rig_find(&l, "unmatched-requests", "01:00.0");

		assert_non_null(f);
		assert_true(rig_figure(f, "unmatched") == lost);
		assert_true(rig_figure(f, "requests") == n);
	}
	diag_findings_free(&l);
	return found;
}

static void requests_that_never_complete_are_found(void **state)
{
	assert_int_equal(unmatched_of(NULL, 200, 10, 10), 1);
	assert_int_equal(unmatched_of(NULL, 200, 10, 3), 1);
}

static void unmatched_requests_near_misses(void **state)
{
	const uint16_t host[] = {NIC};
	struct diag_trace_opts o = {.host = host, .nhost = 1};

	/* 1 % is the threshold: 2 of 200 are not more */
	assert_int_equal(unmatched_of(NULL, 200, 10, 2), 0);
	/* requests of the last 10 µs may still complete after the trace */
	assert_int_equal(unmatched_of(NULL, 200, 190, 10), 0);
	/* too few requests to judge */
	assert_int_equal(unmatched_of(NULL, 99, 10, 10), 0);
	/* the host side's completions are partly out of every 4DW direction's sight */
	assert_int_equal(unmatched_of(&o, 200, 10, 10), 0);
	/* a requester no completion returns to: the recording cannot see them */
	assert_int_equal(unmatched_of(NULL, 200, 0, 200), 0);
}

static void a_tag_reused_before_its_completion_never_completed(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;
	struct rig r = {0};

	/* tags 0..9 are sent again before their first requests were answered */
	for (unsigned i = 0; i < 200; i++) {
		if (i < 10)
			rig_read(&r, i * 1000ull, NIC, (uint16_t)i, 64, 0x1000);
		else if (i < 20)
			rig_answered(&r, i * 1000ull, NIC, (uint16_t)(i - 10), 64, 300);
		else
			rig_answered(&r, i * 1000ull, NIC, (uint16_t)i, 64, 300);
	}
	rig_judge(&r, NULL, NULL, &l);
	f = rig_find(&l, "unmatched-requests", "01:00.0");
	assert_non_null(f);
	assert_true(rig_figure(f, "unmatched") == 10);
	diag_findings_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(one_transfer_cut_into_small_reads_is_found),
	    cmocka_unit_test(small_reads_near_misses),
	    cmocka_unit_test(a_requester_four_times_slower_than_the_others_is_an_outlier),
	    cmocka_unit_test(latency_outlier_near_misses),
	    cmocka_unit_test(a_lone_requester_has_no_others_to_be_slower_than),
	    cmocka_unit_test(a_device_refilling_every_freed_slot_is_held_at_its_ceiling),
	    cmocka_unit_test(the_ceiling_is_named_by_the_rx_buffer_level),
	    cmocka_unit_test(outstanding_limit_near_misses),
	    cmocka_unit_test(requests_that_never_complete_are_found),
	    cmocka_unit_test(unmatched_requests_near_misses),
	    cmocka_unit_test(a_tag_reused_before_its_completion_never_completed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
