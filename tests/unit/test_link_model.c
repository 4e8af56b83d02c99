// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link model (tool/link_model.h) as a specification, on the default
 * emulated machine's links (kunpeng930: 00:10.0 x16 and 00:10.1 x4 share
 * port bit 0x1 of hisi_pcie0_core2, 00:12.0 x8 has bit 0x10 alone) and
 * PMU counts set by hand on the pairs the model asks for:
 *  - a link alone on its bit: traffic is writes and completions with
 *    their headers plus a request header per read, never the length a
 *    read asks for; use is traffic over what the link carries for TLPs at
 *    its MPS; a pair the PMU never ran leaves its direction unknown, not 0;
 *  - a shared bit split by requester counters, link by link, the bit's
 *    reads shared by the lengths each link's requesters asked;
 *  - a peer's traffic beyond the counts' spread, or split counters not
 *    run, leave a range, and the link whose range reaches 90 % is busy
 *    (a saturated x4 is not hidden behind its x16 neighbour);
 *  - a trace's bytes over a span give the same figures as counts of the
 *    same traffic; a trace's timeline divides its last window by what it
 *    covers;
 *  - a shared bit is split by its smaller link's functions and both Root
 *    Ports' own IDs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/link_model.h>
#include <pciescope/tool/pmu_source.h>

#include "emulated_open.h"

#define SPAN_NS 10000000.0 /* the span every pair counted: 10 ms */
#define CYCLES 1000000.0   /* 10 ms of the PMU's 100 MHz clock */
#define NONE -1

struct rig {
	struct backend *b;
	struct link_model m;
	struct event_list l;
	struct backend_count *v;
};

static void rig_open(struct rig *r)
{
	struct perf_pmu_source src;
	struct error e;

	memset(r, 0, sizeof(*r));
	r->b = open_emulated();
	assert_int_equal(link_model_scan(&r->m, r->b), 0);
	pmu_source_backend(r->b, &src);
	assert_int_equal(
	    link_model_add_events(&r->m, "hisi_pcie0_core2", LINK_EVENTS_ALL, &r->l, &src, &e), 0);
	event_list_find_pairs(&r->l);
	r->v = calloc(r->l.n, sizeof(*r->v));
	assert_non_null(r->v);
}

static void rig_close(struct rig *r)
{
	free(r->v);
	event_list_free(&r->l);
	link_model_free(&r->m);
	backend_close(r->b);
}

/* The main event of core 2's pair of code kind on port bit port, or of requester req. */
static size_t pair(const struct rig *r, bool latency, int kind, unsigned port, int req)
{
	for (size_t i = 0; i < r->l.n; i++) {
		const struct perf_event_attr *a = &r->l.ev[i].spec->attr;
		int k = latency ? hisi_pcie_lat_kind(a->config) : hisi_pcie_bw_kind(a->config);
		bool target = port ? (a->config2 & 0xffff) == port
				   : !(a->config2 & 0xffff) && (int)(a->config2 >> 16) == req;

		if (k == kind && target && !(a->config & HISI_PCIE_EXT_COUNTER))
			return i;
	}
	fail_msg("no pair of kind %d, port %#x, requester %#x", kind, port, req);
	return 0;
}

static void counted(struct rig *r, size_t i, double main, double ext)
{
	r->v[i] = (struct backend_count){(uint64_t)main, (uint64_t)SPAN_NS, (uint64_t)SPAN_NS};
	r->v[r->l.ev[i].partner] =
	    (struct backend_count){(uint64_t)ext, (uint64_t)SPAN_NS, (uint64_t)SPAN_NS};
}

/* A flux/time pair at mbps: flux bytes over 10 ms of cycles. */
static void bw(struct rig *r, int kind, unsigned port, int req, double mbps)
{
	counted(r, pair(r, false, kind, port, req), mbps * SPAN_NS / 1e3, CYCLES);
}

/* A latency/cnt pair: reads_per_s reads over 10 ms, each ns long (10 ns a cycle). */
static void lat(struct rig *r, int kind, unsigned port, double ns, double reads_per_s)
{
	double reads = reads_per_s * SPAN_NS / 1e9;

	counted(r, pair(r, true, kind, port, NONE), ns / 10 * reads, reads);
}

static const struct link *count(struct rig *r, const char *bdf)
{
	link_model_count(&r->m, &r->l, r->v);
	return link_model_find(&r->m, bdf);
}

static void near(double got, double want)
{
	double d = got - want;

	if (d < -1e-6 * (want > 1 ? want : 1) || d > 1e-6 * (want > 1 ? want : 1))
		fail_msg("%.9g, want %.9g", got, want);
}

static double hdr_mbps(double reads_per_s)
{
	return reads_per_s * PCIE_READ_REQ_HDR_BYTES / 1e6;
}

static void alone_on_its_bit(struct rig *r)
{
	bw(r, HISI_PCIE_RX_MWR, 0x10, NONE, 1000);
	bw(r, HISI_PCIE_RX_MRD, 0x10, NONE, 4096);
	bw(r, HISI_PCIE_RX_CPL, 0x10, NONE, 500);
	bw(r, HISI_PCIE_TX_MWR, 0x10, NONE, 200);
	bw(r, HISI_PCIE_TX_MRD, 0x10, NONE, 64);
	bw(r, HISI_PCIE_TX_CPL, 0x10, NONE, 3000);
	lat(r, HISI_PCIE_LAT_RX_MWR, 0x10, 20, 1e6);
	lat(r, HISI_PCIE_LAT_RX_MRD, 0x10, 600, 1e6);
	lat(r, HISI_PCIE_LAT_TX_MRD, 0x10, 900, 1e5);
}

static void a_link_alone_on_its_bit_carries_the_bits_count(void **state)
{
	struct rig r;
	const struct link *k;

	rig_open(&r);
	alone_on_its_bit(&r);
	k = count(&r, "0000:00:12.0");
	assert_non_null(k);
	assert_int_equal(k->dir[LINK_RX].basis, LINK_COUNTED);
	/* the 4096 MB/s the reads ask for flow back as completions, not on rx */
	near(k->dir[LINK_RX].traffic_mbps, 1000 + 500 + hdr_mbps(1e6));
	near(k->dir[LINK_TX].traffic_mbps, 200 + 3000 + hdr_mbps(1e5));
	near(k->capacity_mbps, pcie_link_tlp_capacity_mbps(16, 8, k->mps ? k->mps : 256));
	near(k->dir[LINK_TX].util_pct, 100 * k->dir[LINK_TX].traffic_mbps / k->capacity_mbps);
	near(k->dir[LINK_RX].reads_per_s, 1e6);
	near(k->dir[LINK_RX].read_ns, 600);
	near(k->dir[LINK_TX].read_ns, 900);
	near(k->kind_mbps[HISI_PCIE_RX_MRD], 4096);
	assert_false(k->dir[LINK_TX].busy);
	assert_string_equal(k->shares, "");
	rig_close(&r);
}

static void a_pair_never_run_is_unknown_not_zero(void **state)
{
	struct rig r;
	const struct link *k;

	rig_open(&r);
	alone_on_its_bit(&r);
	r.v[pair(&r, false, HISI_PCIE_RX_CPL, 0x10, NONE)].running = 0;
	r.v[r.l.ev[pair(&r, false, HISI_PCIE_RX_CPL, 0x10, NONE)].partner].running = 0;
	k = count(&r, "0000:00:12.0");
	assert_int_equal(k->dir[LINK_RX].basis, LINK_UNKNOWN);
	assert_true(k->dir[LINK_RX].traffic_mbps < 0);
	assert_true(k->dir[LINK_RX].util_pct < 0);
	assert_true(k->kind_mbps[HISI_PCIE_RX_CPL] < 0);
	/* the other direction stands on its own pairs */
	assert_int_equal(k->dir[LINK_TX].basis, LINK_COUNTED);
	rig_close(&r);
}

/* No read completed: no latency, but none read, so the traffic is known. */
static void no_read_is_no_latency_and_no_header(void **state)
{
	struct rig r;
	const struct link *k;

	rig_open(&r);
	alone_on_its_bit(&r);
	counted(&r, pair(&r, true, HISI_PCIE_LAT_RX_MRD, 0x10, NONE), 0, 0);
	k = count(&r, "0000:00:12.0");
	near(k->dir[LINK_RX].traffic_mbps, 1500);
	near(k->dir[LINK_RX].reads_per_s, 0);
	assert_true(k->dir[LINK_RX].read_ns < 0);
	rig_close(&r);
}

/*
 * 00:10.1's drive (02:00.0) against 00:10.0's NIC: the devices' side by
 * 02:00.0's counters (00:10.0 takes the rest of the bit), the host's by
 * each Root Port's own ID.
 */
static void shared_bit(struct rig *r, double cpl_to_drive)
{
	bw(r, HISI_PCIE_RX_MWR, 0x1, NONE, 1000);
	bw(r, HISI_PCIE_RX_MWR, 0, 0x200, 100);
	bw(r, HISI_PCIE_RX_MRD, 0x1, NONE, 400);
	bw(r, HISI_PCIE_RX_MRD, 0, 0x200, 100);
	bw(r, HISI_PCIE_TX_CPL, 0x1, NONE, cpl_to_drive + 2000);
	bw(r, HISI_PCIE_TX_CPL, 0, 0x200, cpl_to_drive);
	bw(r, HISI_PCIE_TX_MWR, 0x1, NONE, 600);
	bw(r, HISI_PCIE_TX_MWR, 0, 0x80, 400);
	bw(r, HISI_PCIE_TX_MWR, 0, 0x81, 200);
	bw(r, HISI_PCIE_TX_MRD, 0x1, NONE, 10);
	bw(r, HISI_PCIE_TX_MRD, 0, 0x80, 5);
	bw(r, HISI_PCIE_TX_MRD, 0, 0x81, 5);
	bw(r, HISI_PCIE_RX_CPL, 0x1, NONE, 20);
	bw(r, HISI_PCIE_RX_CPL, 0, 0x80, 10);
	bw(r, HISI_PCIE_RX_CPL, 0, 0x81, 10);
	lat(r, HISI_PCIE_LAT_RX_MWR, 0x1, 10, 1e6);
	lat(r, HISI_PCIE_LAT_RX_MRD, 0x1, 500, 1e6);
	lat(r, HISI_PCIE_LAT_TX_MRD, 0x1, 700, 2e5);
}

static void a_shared_bit_is_split_by_requester(void **state)
{
	struct rig r;
	const struct link *nic, *drive;

	rig_open(&r);
	shared_bit(&r, 3000);
	drive = count(&r, "0000:00:10.1");
	nic = link_model_find(&r.m, "0000:00:10.0");
	assert_string_equal(drive->shares, "0000:00:10.0");
	assert_string_equal(nic->shares, "0000:00:10.1");
	for (int d = 0; d < LINK_NDIR; d++) {
		assert_int_equal(drive->dir[d].basis, LINK_SPLIT);
		assert_int_equal(nic->dir[d].basis, LINK_SPLIT);
	}
	/* a quarter of the asked lengths: a quarter of the bit's reads */
	near(drive->dir[LINK_RX].traffic_mbps, 100 + 10 + hdr_mbps(0.25e6));
	near(nic->dir[LINK_RX].traffic_mbps, 900 + 10 + hdr_mbps(0.75e6));
	near(drive->dir[LINK_TX].traffic_mbps, 200 + 3000 + hdr_mbps(1e5));
	near(nic->dir[LINK_TX].traffic_mbps, 400 + 2000 + hdr_mbps(1e5));
	near(drive->kind_mbps[HISI_PCIE_TX_CPL], 3000);
	near(nic->kind_mbps[HISI_PCIE_RX_MWR], 900);
	/* latencies cannot be filtered by requester: the bit's */
	near(drive->dir[LINK_TX].read_ns, 700);
	near(nic->dir[LINK_TX].read_ns, 700);
	near(drive->capacity_mbps,
	     pcie_link_tlp_capacity_mbps(16, 4, drive->mps ? drive->mps : 256));
	rig_close(&r);
}

/* The storage-read: the x4 drive's Tx at 92 % hides in 17 % of the bit's two links. */
static void a_saturated_link_is_not_hidden_by_its_neighbour(void **state)
{
	struct rig r;
	const struct link *nic, *drive;
	double cap;

	rig_open(&r);
	cap = pcie_link_tlp_capacity_mbps(16, 4, 256);
	shared_bit(&r, 0.92 * cap - 200 - hdr_mbps(1e5));
	drive = count(&r, "0000:00:10.1");
	nic = link_model_find(&r.m, "0000:00:10.0");
	assert_true(drive->dir[LINK_TX].util_pct >= 91.9 && drive->dir[LINK_TX].util_pct < 92.1);
	assert_true(drive->dir[LINK_TX].busy);
	assert_false(nic->dir[LINK_TX].busy);
	assert_true(nic->dir[LINK_TX].util_pct < 10);
	rig_close(&r);
}

/* What the bit counts within 2 % beyond the Root Ports' own counters is their spread. */
static void the_counts_spread_is_shared_out(void **state)
{
	struct rig r;
	const struct link *nic, *drive;

	rig_open(&r);
	shared_bit(&r, 3000);
	bw(&r, HISI_PCIE_TX_MWR, 0x1, NONE, 600 * 1.015);
	drive = count(&r, "0000:00:10.1");
	nic = link_model_find(&r.m, "0000:00:10.0");
	assert_int_equal(drive->dir[LINK_TX].basis, LINK_SPLIT);
	near(drive->kind_mbps[HISI_PCIE_TX_MWR] + nic->kind_mbps[HISI_PCIE_TX_MWR], 609);
	near(drive->kind_mbps[HISI_PCIE_TX_MWR], 203);
	rig_close(&r);
}

/* A peer's writes (a device of another core) into the bit's links: either may carry them. */
static void a_peers_traffic_is_a_range(void **state)
{
	struct rig r;
	const struct link *nic, *drive;
	double cap;

	rig_open(&r);
	cap = pcie_link_tlp_capacity_mbps(16, 4, 256);
	shared_bit(&r, 0.85 * cap - 200 - hdr_mbps(1e5));
	bw(&r, HISI_PCIE_TX_MWR, 0x1, NONE, 600 + 800);
	drive = count(&r, "0000:00:10.1");
	nic = link_model_find(&r.m, "0000:00:10.0");
	assert_int_equal(drive->dir[LINK_TX].basis, LINK_RANGE);
	assert_int_equal(nic->dir[LINK_TX].basis, LINK_RANGE);
	assert_true(drive->dir[LINK_TX].traffic_mbps < 0 && drive->dir[LINK_TX].util_pct < 0);
	near(drive->dir[LINK_TX].lo_mbps, 0.85 * cap);
	near(drive->dir[LINK_TX].hi_mbps, 0.85 * cap + 800);
	near(nic->dir[LINK_TX].hi_mbps, nic->dir[LINK_TX].lo_mbps + 800);
	/* the x4 may be saturated, the x16 may not */
	assert_true(drive->dir[LINK_TX].busy);
	assert_false(nic->dir[LINK_TX].busy);
	assert_true(drive->kind_mbps[HISI_PCIE_TX_MWR] < 0);
	/* rx stands split */
	assert_int_equal(drive->dir[LINK_RX].basis, LINK_SPLIT);
	rig_close(&r);
}

/* Split counters the multiplexed PMU has not run yet: each link may carry what the bit did. */
static void split_counters_not_run_leave_the_bit_as_a_range(void **state)
{
	struct rig r;
	const struct link *nic, *drive;

	rig_open(&r);
	bw(&r, HISI_PCIE_RX_MWR, 0x1, NONE, 100);
	bw(&r, HISI_PCIE_RX_MRD, 0x1, NONE, 0);
	bw(&r, HISI_PCIE_RX_CPL, 0x1, NONE, 0);
	bw(&r, HISI_PCIE_TX_MWR, 0x1, NONE, 0);
	bw(&r, HISI_PCIE_TX_MRD, 0x1, NONE, 0);
	bw(&r, HISI_PCIE_TX_CPL, 0x1, NONE, 9000);
	lat(&r, HISI_PCIE_LAT_RX_MRD, 0x1, 0, 0);
	lat(&r, HISI_PCIE_LAT_TX_MRD, 0x1, 0, 0);
	drive = count(&r, "0000:00:10.1");
	nic = link_model_find(&r.m, "0000:00:10.0");
	assert_int_equal(drive->dir[LINK_TX].basis, LINK_RANGE);
	near(drive->dir[LINK_TX].lo_mbps, 0);
	near(drive->dir[LINK_TX].hi_mbps, drive->capacity_mbps);
	near(nic->dir[LINK_TX].hi_mbps, 9000);
	assert_true(drive->dir[LINK_TX].busy);
	assert_false(nic->dir[LINK_TX].busy);
	rig_close(&r);
}

/* One capacity and one use, whatever measured the traffic. */
static void a_trace_and_counts_of_the_same_traffic_agree(void **state)
{
	struct rig r;
	const struct link *k;
	struct link_flow f;
	struct pcie_flow bytes;

	rig_open(&r);
	alone_on_its_bit(&r);
	k = count(&r, "0000:00:12.0");
	/* the same traffic as bytes over 10 ms: 200 MB/s of writes is 2 MB in 10 ms */
	bytes = (struct pcie_flow){200 * SPAN_NS / 1e3, 3000 * SPAN_NS / 1e3,
				   hdr_mbps(1e5) * SPAN_NS / 1e3};
	link_flow_from_bytes(&f, &bytes, 1e3, SPAN_NS, k->capacity_mbps);
	assert_int_equal(f.basis, LINK_TRACED);
	near(f.traffic_mbps, k->dir[LINK_TX].traffic_mbps);
	near(f.util_pct, k->dir[LINK_TX].util_pct);
	near(f.bytes, pcie_flow_total(&bytes));
	near(f.tlps, 1e3);
	near(link_mbps(1e6, 1e6), 1000);
	near(link_mbps(1e6, 0), 0);
	/* use never passes 100 %, and a link at its ceiling is busy */
	bytes.completions *= 10;
	link_flow_from_bytes(&f, &bytes, -1, SPAN_NS, k->capacity_mbps);
	near(f.util_pct, 100);
	assert_true(f.busy);
	rig_close(&r);
}

/* The PMU's read latency over its links: each bit's, weighted by its reads. */
static void read_latency_weighs_each_bit_by_its_reads(void **state)
{
	struct rig r;

	rig_open(&r);
	alone_on_its_bit(&r);
	shared_bit(&r, 3000);
	count(&r, "0000:00:12.0");
	/* rx: 00:12.0 1e6 reads at 600 ns, the shared bit 1e6 at 500 */
	near(link_model_read_ns(&r.m, 0, 2, LINK_RX), 550);
	/* tx: 1e5 at 900, 2e5 at 700 */
	near(link_model_read_ns(&r.m, 0, 2, LINK_TX), (1e5 * 900 + 2e5 * 700) / 3e5);
	assert_true(link_model_read_ns(&r.m, 0, 0, LINK_RX) < 0);
	rig_close(&r);
}

static void put_le(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* An 8DW entry of a 64-bit MWr of 256 bytes from 01:00.0 at time t. */
static void mwr_entry(uint8_t *raw, uint32_t t)
{
	const uint32_t hdr[4] = {0x60000000u | 64, 0x0100u << 16 | 0xff, 0x1, 0x4000};

	memset(raw, 0, PTT_8DW_BYTES);
	put_le(raw, 0xffffffffu);
	for (int i = 0; i < 4; i++)
		put_le(raw + 8 + 4 * i, hdr[i]);
	put_le(raw + 28, t);
}

/* Windows of 1 us; the last holds one entry at its first tick, so it spans one tick. */
static void a_trace_timeline_divides_by_what_each_window_covers(void **state)
{
	struct analysis_opts o = {.window_ns = 1000};
	uint8_t raw[3 * PTT_8DW_BYTES];
	struct link_window *w;
	struct analysis *a;

	mwr_entry(raw, 0);
	mwr_entry(raw + PTT_8DW_BYTES, 500);
	mwr_entry(raw + 2 * PTT_8DW_BYTES, 1000);
	assert_int_equal(analysis_create(&o, &a), 0);
	analysis_feed_entries(a, raw, sizeof(raw), PTT_FMT_8DW, ANALYSIS_DIR_IN);
	analysis_finish(a);
	assert_int_equal(link_trace_timeline(a, &w), 2);
	near(w[0].span_ns, 1000);
	near(w[0].mbps.posted, link_mbps(2 * (256 + 16), 1000));
	near(w[0].traffic_mbps, w[0].mbps.posted);
	assert_int_equal(w[0].tlps, 2);
	near(w[1].start_ns, 1000);
	near(w[1].span_ns, 1);
	near(w[1].traffic_mbps, link_mbps(256 + 16, 1));
	free(w);
	analysis_destroy(a);
}

/* Only the drive's link is split by its functions: 00:10.0 takes the rest of the bit. */
static void split_targets_count_the_smaller_link(void **state)
{
	struct rig r;
	struct link_target t[64];
	size_t n;
	bool drive = false, nic_fn = false;

	rig_open(&r);
	n = link_split_targets(&r.m, "hisi_pcie0_core2", t, 64);
	assert_int_equal(n, 3 + 3 + 3); /* 02:00.0's three kinds, each Root Port's three */
	for (size_t i = 0; i < n; i++) {
		drive |= t[i].requester == 0x200;
		nic_fn |= (t[i].requester >> 8) == 1;
		assert_int_equal(t[i].core, 2);
	}
	assert_true(drive);
	assert_false(nic_fn);
	assert_int_equal(link_split_targets(&r.m, "hisi_pcie0_core0", t, 64), 0);
	rig_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_link_alone_on_its_bit_carries_the_bits_count),
	    cmocka_unit_test(a_pair_never_run_is_unknown_not_zero),
	    cmocka_unit_test(no_read_is_no_latency_and_no_header),
	    cmocka_unit_test(a_shared_bit_is_split_by_requester),
	    cmocka_unit_test(a_saturated_link_is_not_hidden_by_its_neighbour),
	    cmocka_unit_test(the_counts_spread_is_shared_out),
	    cmocka_unit_test(a_peers_traffic_is_a_range),
	    cmocka_unit_test(split_counters_not_run_leave_the_bit_as_a_range),
	    cmocka_unit_test(a_trace_and_counts_of_the_same_traffic_agree),
	    cmocka_unit_test(read_latency_weighs_each_bit_by_its_reads),
	    cmocka_unit_test(split_targets_count_the_smaller_link),
	    cmocka_unit_test(a_trace_timeline_divides_by_what_each_window_covers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
