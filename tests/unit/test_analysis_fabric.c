// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser against the fabric's ground truth: every TLP crossing the
 * Root Ports of core 0 under the storage-read and nic workloads is written
 * as a PTT entry (8DW, then 4DW), decoded and analysed.  Counts and payload
 * bytes per direction and class must equal the fabric's own port statistics,
 * and every request -> completion pair must have exactly the latency the fabric
 * knows (the completion carries the time its request crossed the port).
 * Peer-to-peer reads are left out: the fabric stamps their completions with
 * the time the Root Complex forwarded the request, not the port crossing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#include "fabric_topo.h"

#define MS 1000000ull

struct run {
	struct analysis *a;
	enum ptt_format fmt;
	uint64_t t0;			 /* time of the first entry */
	uint64_t cpl_time, cpl_req_time; /* of the completion being fed */
	uint64_t txns, lat_sum, np_requests, max_gap, last_time;
	bool started;
};

static void on_txn(void *ctx, const struct analysis_txn *t)
{
	struct run *r = ctx;

	/* closed by the completion being fed, opened when its request crossed */
	assert_int_equal(t->end - t->start, r->cpl_time - r->cpl_req_time);
	assert_int_equal(t->end - analysis_summary(r->a)->first, r->cpl_time - r->t0);
	r->txns++;
	r->lat_sum += t->end - t->start;
}

static void observe(void *ctx, const struct fabric_tlp *o)
{
	struct run *r = ctx;
	uint8_t raw[PTT_8DW_BYTES];
	struct ptt_entry e;
	struct tlp_hdr h;

	if (!r->started) {
		r->started = true;
		r->t0 = r->last_time = o->time_ns;
	}
	if (o->time_ns - r->last_time > r->max_gap)
		r->max_gap = o->time_ns - r->last_time;
	r->last_time = o->time_ns;
	if (r->fmt == PTT_FMT_8DW)
		ptt_entry_encode_8dw(o->hdr, o->prefix, (uint32_t)o->time_ns, raw);
	else
		ptt_entry_encode_4dw(o->hdr, (uint32_t)o->time_ns & 0x7ff, raw);
	ptt_entry_decode(raw, r->fmt, &e);
	assert_true(tlp_decode(e.hdr, 4, &h) > 0);
	if (tlp_class_of(h.kind) == TLP_CLASS_NP)
		r->np_requests++;
	r->cpl_time = o->time_ns;
	r->cpl_req_time = o->req_time_ns;
	analysis_feed(r->a, &e, &h, o->dir == FABRIC_INBOUND ? ANALYSIS_DIR_IN : ANALYSIS_DIR_OUT);
}

static void run_workload(const char *workload, enum ptt_format fmt)
{
	struct fabric *f = test_fabric(11);
	struct run r = {.fmt = fmt};
	struct analysis_opts o = {.on_txn = on_txn, .ctx = &r};
	struct fabric_port_stats s[2];
	const struct analysis_summary *sum;
	struct error err;

	assert_non_null(f);
	assert_int_equal(analysis_create(&o, &r.a), 0);
	assert_int_equal(fabric_set_workload(f, workload, NULL, &err), 0);
	fabric_add_observer(f, 0, 0, observe, &r);
	assert_int_equal(fabric_run_until(f, 2 * MS), 0);
	analysis_finish(r.a);
	assert_int_equal(fabric_port_stats(f, T_RP0, &s[0]), 0);
	assert_int_equal(fabric_port_stats(f, T_RP1, &s[1]), 0);

	for (int d = 0; d < 2; d++)
		for (int c = 0; c < ANALYSIS_NCLASS; c++) {
			struct analysis_counts n = analysis_class(r.a, 1u << d, (enum tlp_class)c);

			assert_int_equal(n.tlps, s[0].tlps[d][c] + s[1].tlps[d][c]);
			assert_int_equal(n.payload_bytes, s[0].bytes[d][c] + s[1].bytes[d][c]);
		}
	sum = analysis_summary(r.a);
	assert_true(r.txns > 1000);
	assert_int_equal(sum->matched, r.txns);
	assert_int_equal(analysis_latency_all(r.a)->hist.sum, r.lat_sum);
	assert_int_equal(sum->unmatched_completions, 0);
	assert_int_equal(sum->unmatched_requests, sum->open_at_end);
	assert_int_equal(sum->matched + sum->open_at_end, r.np_requests);
	if (fmt == PTT_FMT_4DW) /* the 11-bit time saw every gap */
		assert_true(r.max_gap < 2048);
	analysis_destroy(r.a);
	fabric_destroy(f);
}

static void storage_read_8dw(void **state)
{
	run_workload("storage-read", PTT_FMT_8DW);
}

static void storage_read_4dw(void **state)
{
	run_workload("storage-read", PTT_FMT_4DW);
}

static void nic_8dw(void **state)
{
	run_workload("nic", PTT_FMT_8DW);
}

static void nic_4dw(void **state)
{
	run_workload("nic", PTT_FMT_4DW);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(storage_read_8dw),
	    cmocka_unit_test(storage_read_4dw),
	    cmocka_unit_test(nic_8dw),
	    cmocka_unit_test(nic_4dw),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
