// SPDX-License-Identifier: GPL-2.0-only
/*
 * Trace analyser on synthetic entry streams: TLP headers built by hand,
 * wrapped in 8DW or 4DW PTT entries, decoded by the trace and pcie codecs
 * and fed in order, as `pciescope report` does.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#define RC 0x0000  /* Root Complex (completer of DMA reads) */
#define EP1 0x0101 /* 01:00.1 */
#define EP2 0x3900 /* 39:00.0 */

struct hdr {
	uint32_t dw[4];
};

static struct hdr mrd64(uint16_t rid, uint16_t tag, unsigned len_dw)
{
	return (struct hdr){{0x20000000u | (len_dw & 0x3ff),
			     (uint32_t)rid << 16 | (tag & 0xff) << 8 | 0xff, 0x1, 0x2000}};
}

static struct hdr mrd32(uint16_t rid, uint16_t tag, unsigned len_dw)
{
	return (struct hdr){
	    {len_dw & 0x3ff, (uint32_t)rid << 16 | (tag & 0xff) << 8 | 0xff, 0x1000, 0}};
}

static struct hdr mwr64(uint16_t rid, unsigned len_dw)
{
	return (struct hdr){
	    {0x60000000u | (len_dw & 0x3ff), (uint32_t)rid << 16 | 0xff, 0x1, 0x4000}};
}

static struct hdr cpld(uint16_t completer, uint16_t rid, uint16_t tag, unsigned len_dw,
		       unsigned byte_count)
{
	return (struct hdr){{0x4a000000u | (len_dw & 0x3ff),
			     (uint32_t)completer << 16 | (byte_count & 0xfff),
			     (uint32_t)rid << 16 | (tag & 0xff) << 8, 0}};
}

static struct hdr cpl_ur(uint16_t completer, uint16_t rid, uint16_t tag)
{
	return (struct hdr){{0x0a000000u, (uint32_t)completer << 16 | 1u << 13 | 4,
			     (uint32_t)rid << 16 | (tag & 0xff) << 8, 0}};
}

static void put_le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* Builds the 8DW entry by hand, decodes it and feeds it. */
static void feed8(struct analysis *a, struct hdr h, uint32_t time)
{
	uint8_t raw[PTT_8DW_BYTES];
	struct ptt_entry e;
	struct tlp_hdr t;

	put_le(raw, 0xffffffffu);
	put_le(raw + 4, 0);
	for (int i = 0; i < 4; i++)
		put_le(raw + 8 + 4 * i, h.dw[i]);
	put_le(raw + 24, 0);
	put_le(raw + 28, time);
	ptt_entry_decode(raw, PTT_FMT_8DW, &e);
	assert_int_equal(e.time, time);
	assert_true(tlp_decode(e.hdr, e.hdr_dws, &t) > 0);
	analysis_feed(a, &e, &t, ANALYSIS_DIR_IN);
}

/* 4DW entry: DW0 keeps Fmt[1:0] Type T9 T8 TH SO Length and the 11-bit time. */
static void feed4(struct analysis *a, struct hdr h, uint32_t time)
{
	uint8_t raw[PTT_4DW_BYTES];
	uint32_t fmt = h.dw[0] >> 29 & 3, type = h.dw[0] >> 24 & 0x1f, len = h.dw[0] & 0x3ff;
	struct ptt_entry e;
	struct tlp_hdr t;

	put_le(raw, fmt << 30 | type << 25 | len << 11 | (time & 0x7ff));
	for (int i = 1; i < 4; i++)
		put_le(raw + 4 * i, h.dw[i]);
	ptt_entry_decode(raw, PTT_FMT_4DW, &e);
	assert_true(tlp_decode(e.hdr, 4, &t) > 0);
	analysis_feed(a, &e, &t, ANALYSIS_DIR_UNKNOWN);
}

static struct analysis *new_analysis(uint64_t window_ns)
{
	struct analysis_opts o = {.window_ns = window_ns};
	struct analysis *a;

	assert_int_equal(analysis_create(&o, &a), 0);
	return a;
}

static const struct analysis_node *node(const struct analysis_node *n, size_t cnt, uint16_t rid)
{
	for (size_t i = 0; i < cnt; i++)
		if (n[i].rid == rid)
			return &n[i];
	fail_msg("no node %04x", rid);
	return NULL;
}

static void counts_are_exact(void **state)
{
	struct analysis *a = new_analysis(0);
	const struct analysis_node *r;
	struct analysis_counts c;
	size_t n;

	feed8(a, mrd64(EP1, 1, 32), 100);
	feed8(a, mwr64(EP1, 16), 110);
	feed8(a, mwr64(EP2, 64), 120);
	feed8(a, cpld(RC, EP1, 1, 32, 128), 300);
	feed8(a, mrd32(EP2, 2, 1), 400);
	analysis_finish(a);

	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, TLP_MRD64)->tlps, 1);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, TLP_MWR64)->tlps, 2);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, TLP_MWR64)->payload_bytes, 320);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, TLP_MWR64)->header_bytes, 32);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, TLP_MRD32)->header_bytes, 12);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, TLP_CPLD)->payload_bytes, 128);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_OUT, TLP_CPLD)->tlps, 0);
	c = analysis_class(a, 1u << ANALYSIS_DIR_IN, TLP_CLASS_P);
	assert_int_equal(c.tlps, 2);
	c = analysis_class(a, ~0u, TLP_CLASS_NP);
	assert_int_equal(c.tlps, 2);
	assert_int_equal(c.payload_bytes, 0);
	c = analysis_class(a, 1u << ANALYSIS_DIR_OUT, TLP_CLASS_CPL);
	assert_int_equal(c.tlps, 0);
	assert_int_equal(analysis_total(a).tlps, 5);
	assert_int_equal(analysis_total(a).payload_bytes, 448);

	r = analysis_requesters(a, &n);
	assert_int_equal(n, 2);
	assert_int_equal(r[0].rid, EP1); /* first seen first */
	assert_int_equal(node(r, n, EP1)->cls[TLP_CLASS_P].payload_bytes, 64);
	assert_int_equal(node(r, n, EP1)->cls[TLP_CLASS_NP].tlps, 1);
	assert_int_equal(node(r, n, EP1)->cls[TLP_CLASS_CPL].tlps, 1);
	assert_int_equal(node(r, n, EP2)->cls[TLP_CLASS_P].payload_bytes, 256);
	r = analysis_completers(a, &n);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].rid, RC);
	assert_int_equal(r[0].cls[TLP_CLASS_CPL].payload_bytes, 128);
	assert_int_equal(analysis_summary(a)->entries, 5);
	assert_int_equal(analysis_summary(a)->first, 100);
	assert_int_equal(analysis_summary(a)->last, 400);
	analysis_destroy(a);
}

struct txns {
	int n;
	struct analysis_txn t[8];
};

static void on_txn(void *ctx, const struct analysis_txn *t)
{
	struct txns *x = ctx;

	if (x->n < 8)
		x->t[x->n] = *t;
	x->n++;
}

static void split_completions_close_on_byte_count(void **state)
{
	struct txns x = {0};
	struct analysis_opts o = {.tick_ns = 2.5, .on_txn = on_txn, .ctx = &x};
	const struct analysis_lat *l;
	struct analysis *a;
	size_t n;

	assert_int_equal(analysis_create(&o, &a), 0);
	assert_true(analysis_tick_ns(a) == 2.5);
	feed8(a, mrd64(EP1, 7, 128), 1000); /* 512 bytes */
	feed8(a, mrd64(EP1, 8, 16), 1010);  /* 64 bytes, one completion */
	feed8(a, cpld(RC, EP1, 7, 64, 512), 1100);
	assert_int_equal(x.n, 0); /* 256 of 512 bytes still due */
	feed8(a, cpld(RC, EP1, 8, 16, 64), 1150);
	feed8(a, cpld(RC, EP1, 7, 64, 256), 1300);
	analysis_finish(a);

	assert_int_equal(x.n, 2);
	assert_int_equal(x.t[0].tag, 8);
	assert_int_equal(x.t[0].start, 1010);
	assert_int_equal(x.t[0].end, 1150);
	assert_int_equal(x.t[0].ncpl, 1);
	assert_int_equal(x.t[1].tag, 7);
	assert_int_equal(x.t[1].kind, TLP_MRD64);
	assert_int_equal(x.t[1].requester, EP1);
	assert_int_equal(x.t[1].completer, RC);
	assert_int_equal(x.t[1].ncpl, 2);
	assert_int_equal(x.t[1].bytes, 512);
	assert_int_equal(x.t[1].end - x.t[1].start, 300);

	l = analysis_latencies(a, &n);
	assert_int_equal(n, 1);
	assert_int_equal(l[0].requester, EP1);
	assert_int_equal(l[0].requests, 2);
	assert_int_equal(l[0].completions, 3);
	assert_int_equal(l[0].bytes, 576);
	assert_int_equal(l[0].hist.min, 140);
	assert_int_equal(l[0].hist.max, 300);
	assert_int_equal(l[0].hist.sum, 440);
	assert_int_equal(analysis_latency_of_kind(a, TLP_MRD64)->hist.count, 2);
	assert_int_equal(analysis_latency_all(a)->hist.count, 2);
	assert_int_equal(analysis_summary(a)->matched, 2);
	assert_int_equal(analysis_summary(a)->unmatched_requests, 0);
	assert_int_equal(analysis_summary(a)->unmatched_completions, 0);
	analysis_destroy(a);
}

static void unmatched_are_counted(void **state)
{
	struct analysis *a = new_analysis(0);
	const struct analysis_summary *s = analysis_summary(a);

	feed8(a, cpld(RC, EP2, 3, 1, 4), 10); /* its request predates the trace */
	feed8(a, mrd64(EP1, 5, 1), 20);
	feed8(a, mrd64(EP1, 5, 1), 30);	  /* tag 5 reused: the first got no completion */
	feed8(a, mrd64(EP2, 5, 1), 40);	  /* same tag, other requester: distinct */
	feed8(a, cpl_ur(RC, EP2, 5), 50); /* error status closes it */
	feed8(a, mrd32(EP1, 6, 1), 60);	  /* still open at the end */
	analysis_finish(a);

	assert_int_equal(s->unmatched_completions, 1);
	assert_int_equal(s->matched, 1);
	assert_int_equal(s->open_at_end, 2);
	assert_int_equal(s->unmatched_requests, 3);
	assert_int_equal(analysis_latency_of_kind(a, TLP_MRD64)->hist.max, 10);
	analysis_destroy(a);
}

static void many_outstanding_requests(void **state)
{
	struct analysis *a = new_analysis(0);
	uint32_t t = 0;

	/* 64 requesters x 256 tags outstanding at once: the open table grows */
	for (uint16_t r = 0; r < 64; r++)
		for (uint16_t tag = 0; tag < 256; tag++)
			feed8(a, mrd64(0x100 + r, tag, 1), t++);
	for (uint16_t r = 0; r < 64; r++)
		for (uint16_t tag = 0; tag < 256; tag++)
			feed8(a, cpld(RC, 0x100 + r, tag, 1, 4), t++);
	analysis_finish(a);
	assert_int_equal(analysis_summary(a)->matched, 64 * 256);
	assert_int_equal(analysis_summary(a)->unmatched_requests, 0);
	assert_int_equal(analysis_latency_all(a)->hist.min, 64 * 256);
	assert_int_equal(analysis_latency_all(a)->hist.max, 64 * 256);
	analysis_destroy(a);
}

static void time_unwraps_4dw_and_8dw(void **state)
{
	struct analysis *a = new_analysis(0);

	feed4(a, mwr64(EP1, 1), 2000);
	feed4(a, mwr64(EP1, 1), 10); /* +58 across the 11-bit wrap */
	feed4(a, mwr64(EP1, 1), 5);  /* +2043: read as one wrap, not as going back */
	assert_int_equal(analysis_summary(a)->first, 2000);
	assert_int_equal(analysis_summary(a)->last, 2000 + 58 + 2043);
	analysis_destroy(a);

	a = new_analysis(0);
	feed8(a, mwr64(EP1, 1), 0xfffffff0u);
	feed8(a, mwr64(EP1, 1), 0x10);
	assert_int_equal(analysis_summary(a)->last, 0xfffffff0ull + 0x20);
	analysis_destroy(a);
}

static void latency_across_4dw_wrap(void **state)
{
	struct analysis *a = new_analysis(0);

	feed4(a, mrd64(EP1, 9, 1), 2040);
	feed4(a, cpld(RC, EP1, 9, 1, 4), 30); /* 38 ticks later */
	analysis_finish(a);
	assert_int_equal(analysis_latency_all(a)->hist.max, 38);
	assert_int_equal(analysis_kind(a, ANALYSIS_DIR_UNKNOWN, TLP_CPLD)->tlps, 1);
	analysis_destroy(a);
}

static void bandwidth_windows(void **state)
{
	struct analysis *a = new_analysis(100);
	const struct analysis_window *w;
	uint64_t width;

	feed8(a, mwr64(EP1, 16), 1000);		 /* window 0 */
	feed8(a, mwr64(EP1, 16), 1099);		 /* window 0 */
	feed8(a, cpld(RC, EP1, 1, 8, 32), 1100); /* window 1 (no request: unmatched) */
	feed8(a, mwr64(EP1, 1), 1350);		 /* window 3 */
	assert_int_equal(analysis_windows(a, &w, &width), 4);
	assert_int_equal(width, 100);
	assert_int_equal(w[0].tlps, 2);
	/* header and payload: 4DW writes, a 3DW completion (pcie/traffic.h) */
	assert_int_equal(w[0].bytes[TLP_CLASS_P], 2 * (16 + 64));
	assert_int_equal(w[1].bytes[TLP_CLASS_CPL], 12 + 32);
	assert_int_equal(w[2].tlps, 0);
	assert_int_equal(w[3].bytes[TLP_CLASS_P], 16 + 4);
	analysis_destroy(a);
}

static void automatic_windows_widen(void **state)
{
	struct analysis *a = new_analysis(0);
	const struct analysis_window *w;
	uint64_t width, total = 0;
	long n;

	for (uint32_t t = 0; t < 100000; t += 10)
		feed8(a, mwr64(EP1, 1), t);
	n = analysis_windows(a, &w, &width);
	assert_true(n > ANALYSIS_AUTO_WINDOWS / 2 && n <= ANALYSIS_AUTO_WINDOWS);
	assert_int_equal(width, 512);
	for (long i = 0; i < n; i++)
		total += w[i].tlps;
	assert_int_equal(total, 10000);
	analysis_destroy(a);
}

static void fixed_windows_have_a_limit(void **state)
{
	struct analysis *a = new_analysis(1);
	const struct analysis_window *w;
	uint64_t width;

	feed8(a, mwr64(EP1, 1), 0);
	feed8(a, mwr64(EP1, 1), ANALYSIS_MAX_WINDOWS + 5);
	assert_int_equal(analysis_windows(a, &w, &width), -E2BIG);
	analysis_destroy(a);
}

static void bad_options(void **state)
{
	struct analysis_opts o = {.tick_ns = 10, .window_ns = 4};
	struct analysis *a;

	assert_int_equal(analysis_create(&o, &a), -EINVAL); /* window under one tick */
	o.tick_ns = -1;
	assert_int_equal(analysis_create(&o, &a), -EINVAL);
}

static void direction_from_setting(void **state)
{
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_4DW, 0), ANALYSIS_DIR_IN);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_4DW, 1), ANALYSIS_DIR_OUT);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_4DW, 2), ANALYSIS_DIR_UNKNOWN);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_4DW, 3), ANALYSIS_DIR_UNKNOWN);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_8DW, 0), ANALYSIS_DIR_UNKNOWN);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_8DW, 1), ANALYSIS_DIR_OUT);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_8DW, 2), ANALYSIS_DIR_IN);
	assert_int_equal(analysis_dir_of_setting(PTT_FMT_8DW, 3), ANALYSIS_DIR_IN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(counts_are_exact),
	    cmocka_unit_test(split_completions_close_on_byte_count),
	    cmocka_unit_test(unmatched_are_counted),
	    cmocka_unit_test(many_outstanding_requests),
	    cmocka_unit_test(time_unwraps_4dw_and_8dw),
	    cmocka_unit_test(latency_across_4dw_wrap),
	    cmocka_unit_test(bandwidth_windows),
	    cmocka_unit_test(automatic_windows_widen),
	    cmocka_unit_test(fixed_windows_have_a_limit),
	    cmocka_unit_test(bad_options),
	    cmocka_unit_test(direction_from_setting),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
