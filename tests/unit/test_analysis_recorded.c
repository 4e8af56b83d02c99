// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analysis of a trace recorded on the emulated kunpeng930 (PTT model,
 * hisi_ptt driver and perf core, as `pciescope record` uses them) against
 * the fabric's own log of the same TLPs.  The event traces the Root Ports
 * 00:10.0/00:10.1 of hisi_ptt0_2 with 4DW direction 2 (outbound all and
 * inbound P, NP, CPL B), so it sees DMA reads and their completions:
 * - counts and payload bytes per class equal the log's;
 * - every matched request has exactly the latency the fabric knows (the
 *   completion carries the time its request crossed the port), through the
 *   11-bit time field of 4DW entries;
 * - every request is matched or counted unmatched once, and only the Root
 *   Port's own reads (whose inbound CPL A completions direction 2 leaves
 *   out) and reads still open at the end are unmatched.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#include "ptt_rig.h"

struct truth {
	uint64_t time, req_time;
	int cls, dir;
	uint32_t bytes;
};

struct rig {
	struct ptt_rig rig;
	struct truth *log;
	size_t nlog, caplog, fed;
	struct analysis *a;
	uint64_t txns;
};

/* What direction 2 with type 7 selects at the Root Ports of filter bit 0x1. */
static void ground_truth(void *ctx, const struct fabric_tlp *t)
{
	struct rig *r = ctx;
	const struct fabric_node_desc *rp = fabric_node(r->rig.f, t->port);
	bool in_b = t->cls != TLP_CLASS_CPL || t->cpl_set == FABRIC_CPL_B;

	if (!r->rig.logging || PCI_RID_BUS(rp->rid) || PCI_RID_DEV(rp->rid) != 0x10 ||
	    (t->dir == FABRIC_INBOUND && !in_b))
		return;
	r->log = ptt_rig_grow(r->log, r->nlog, &r->caplog, sizeof(*r->log));
	r->log[r->nlog++] =
	    (struct truth){t->time_ns, t->req_time_ns, t->cls, t->dir, t->payload_bytes};
}

/* Called while entry r->fed is fed: that entry is the closing completion. */
static void on_txn(void *ctx, const struct analysis_txn *t)
{
	struct rig *r = ctx;
	const struct truth *c = &r->log[r->fed];

	assert_int_equal(c->cls, TLP_CLASS_CPL);
	assert_int_equal(t->end - t->start, c->time - c->req_time);
	r->txns++;
}

static void analyse(struct rig *r)
{
	struct analysis_opts o = {.on_txn = on_txn, .ctx = r};
	enum analysis_dir d = analysis_dir_of_setting(PTT_FMT_4DW, 2);

	assert_int_equal(analysis_create(&o, &r->a), 0);
	for (r->fed = 0; r->fed < r->rig.aux.len / PTT_4DW_BYTES; r->fed++) {
		struct ptt_entry e;
		struct tlp_hdr h;

		ptt_entry_decode(r->rig.aux.data + r->fed * PTT_4DW_BYTES, PTT_FMT_4DW, &e);
		assert_true(tlp_decode(e.hdr, 4, &h) > 0);
		analysis_feed(r->a, &e, &h, d);
		/* the unwrapped time follows the fabric's clock */
		assert_int_equal(analysis_summary(r->a)->last - analysis_summary(r->a)->first,
				 r->log[r->fed].time - r->log[0].time);
	}
	analysis_finish(r->a);
}

static void recorded_trace_matches_fabric(void **state)
{
	struct rig r = {0};
	uint64_t tlps[ANALYSIS_NCLASS] = {0}, bytes[ANALYSIS_NCLASS] = {0}, np_in = 0, np_out = 0;
	const struct analysis_summary *s;

	ptt_rig_boot(&r.rig, "storage-read", 5);
	ptt_rig_record(&r.rig, PTT_CFG(0x80001, 2, 7, 0), 16u << 20, 2000000, ground_truth, &r);
	assert_true(r.nlog > 1000);
	assert_int_equal(r.rig.aux.len, r.nlog * PTT_4DW_BYTES);
	analyse(&r);

	for (size_t i = 0; i < r.nlog; i++) {
		tlps[r.log[i].cls]++;
		bytes[r.log[i].cls] += r.log[i].bytes;
		if (r.log[i].cls == TLP_CLASS_NP)
			*(r.log[i].dir == FABRIC_INBOUND ? &np_in : &np_out) += 1;
	}
	for (int c = 0; c < ANALYSIS_NCLASS; c++) {
		struct analysis_counts n = analysis_class(r.a, ~0u, (enum tlp_class)c);

		assert_int_equal(n.tlps, tlps[c]);
		assert_int_equal(n.payload_bytes, bytes[c]);
	}
	s = analysis_summary(r.a);
	assert_true(r.txns > 100);
	assert_int_equal(s->matched, r.txns);
	/* every request is matched or unmatched once; only the Root Port's own
	 * reads (their CPL A completions are not traced) and the endpoints'
	 * reads still open at the end stay unmatched */
	assert_int_equal(s->unmatched_completions, 0);
	assert_int_equal(s->matched + s->unmatched_requests, np_in + np_out);
	assert_true(np_in - s->matched <= s->open_at_end);
	assert_true(np_out > 0 && np_in > s->matched);
	analysis_destroy(r.a);
	ptt_rig_shutdown(&r.rig);
	free(r.log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(recorded_trace_matches_fabric),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
