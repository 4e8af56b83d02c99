// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's memory bound: each table keeps its first ANALYSIS_MAX_KEYS
 * keys and counts the rest together (analysis_folded), at most
 * ANALYSIS_MAX_OPEN requests are followed, every total stays exact, and a
 * trace that fills the tables gives the same results on any number of
 * threads.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#include "analysis_ref.h"
#include "xorshift.h"

#define RC 0x0000

struct trace {
	uint8_t *buf;
	size_t n, cap; /* entries */
};

static void put_le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* A 4DW entry of header dw, one tick after the previous one. */
static void put(struct trace *t, uint32_t dw0, uint32_t dw1, uint32_t dw2)
{
	uint8_t *e;

	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->buf = realloc(t->buf, t->cap * PTT_4DW_BYTES);
		assert_non_null(t->buf);
	}
	e = t->buf + t->n * PTT_4DW_BYTES;
	put_le(e, (dw0 >> 29 & 3) << 30 | (dw0 >> 24 & 0x1f) << 25 | (dw0 & 0x3ff) << 11 |
		      (uint32_t)(t->n & 0x7ff));
	put_le(e + 4, dw1);
	put_le(e + 8, dw2);
	put_le(e + 12, 0);
	t->n++;
}

static void mwr64(struct trace *t, uint16_t rid)
{
	put(t, 0x60000010u, (uint32_t)rid << 16 | 0xff, 0x1);
}

static void mrd(struct trace *t, bool wide, uint16_t rid, uint8_t tag)
{
	put(t, (wide ? 0x20000000u : 0) | 1, (uint32_t)rid << 16 | (uint32_t)tag << 8 | 0xf,
	    0x1000);
}

static void cpld(struct trace *t, uint16_t completer, uint16_t rid, uint8_t tag)
{
	put(t, 0x4a000001u, (uint32_t)completer << 16 | 4,
	    (uint32_t)rid << 16 | (uint32_t)tag << 8);
}

static struct analysis *analyse(const struct trace *t)
{
	struct analysis_opts o = {.no_timeline = true};
	struct analysis *a;

	assert_int_equal(analysis_create(&o, &a), 0);
	analysis_feed_entries(a, t->buf, t->n * PTT_4DW_BYTES, PTT_FMT_4DW, ANALYSIS_DIR_IN);
	analysis_finish(a);
	return a;
}

static uint64_t node_sum(const struct analysis_node *n, size_t cnt, const struct analysis_node *o,
			 enum tlp_class c)
{
	uint64_t s = o->cls[c].tlps;

	for (size_t i = 0; i < cnt; i++)
		s += n[i].cls[c].tlps;
	return s;
}

static void requesters_past_the_cap_are_folded_and_counted(void **state)
{
	struct trace t = {0};
	struct analysis *a;
	const struct analysis_node *r;
	const struct analysis_folded *f;
	size_t n;

	for (unsigned rid = 1; rid <= 6000; rid++)
		mwr64(&t, (uint16_t)rid);
	for (unsigned rid = 1; rid <= 6000; rid++) {
		mrd(&t, true, (uint16_t)rid, 1);
		cpld(&t, (uint16_t)(rid + 10000), (uint16_t)rid, 1);
	}
	a = analyse(&t);
	r = analysis_requesters(a, &n);
	f = analysis_folded(a);
	assert_int_equal(n, ANALYSIS_MAX_KEYS);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(r[i].rid, i + 1); /* the first ones, in order */
	assert_int_equal(f->requesters, 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(f->requester.cls[TLP_CLASS_P].tlps, 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(f->requester.cls[TLP_CLASS_P].payload_bytes,
			 (6000 - ANALYSIS_MAX_KEYS) * 64);
	assert_int_equal(node_sum(r, n, &f->requester, TLP_CLASS_P), 6000);
	assert_int_equal(node_sum(r, n, &f->requester, TLP_CLASS_NP), 6000);
	assert_int_equal(node_sum(r, n, &f->requester, TLP_CLASS_CPL), 6000);
	r = analysis_completers(a, &n);
	assert_int_equal(n, ANALYSIS_MAX_KEYS);
	assert_int_equal(f->completers, 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(node_sum(r, n, &f->completer, TLP_CLASS_CPL), 6000);
	/* every request still matched, the folded requesters' under other */
	assert_int_equal(analysis_summary(a)->matched, 6000);
	assert_int_equal(f->latency[TLP_MRD64].requests, 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(f->latency[TLP_MRD64].hist.count, 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(analysis_latency_of_kind(a, TLP_MRD64)->requests, 6000);
	assert_int_equal(analysis_latency_all(a)->hist.count, 6000);
	analysis_destroy(a);
	free(t.buf);
}

static void latency_keys_past_the_cap_are_folded_and_counted(void **state)
{
	struct trace t = {0};
	struct analysis *a;
	const struct analysis_lat *l;
	const struct analysis_folded *f;
	size_t n;

	for (unsigned rid = 1; rid <= 3000; rid++) {
		mrd(&t, true, (uint16_t)rid, 2);
		mrd(&t, false, (uint16_t)rid, 3);
		cpld(&t, RC, (uint16_t)rid, 2);
		cpld(&t, RC, (uint16_t)rid, 3);
	}
	a = analyse(&t);
	l = analysis_latencies(a, &n);
	f = analysis_folded(a);
	assert_int_equal(n, ANALYSIS_MAX_KEYS);
	assert_int_equal(l[0].requester, 1);
	assert_int_equal(l[0].kind, TLP_MRD64);
	assert_int_equal(l[1].kind, TLP_MRD32);
	assert_int_equal(f->latencies, 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(f->requesters, 0);
	assert_int_equal(f->latency[TLP_MRD64].requests + f->latency[TLP_MRD32].requests,
			 6000 - ANALYSIS_MAX_KEYS);
	assert_int_equal(analysis_latency_of_kind(a, TLP_MRD64)->hist.count, 3000);
	assert_int_equal(analysis_latency_of_kind(a, TLP_MRD32)->hist.count, 3000);
	analysis_destroy(a);
	free(t.buf);
}

static void requests_past_the_open_cap_are_counted_not_matched(void **state)
{
	struct trace t = {0};
	struct analysis *a;
	unsigned total = ANALYSIS_MAX_OPEN + 1000;

	for (unsigned i = 0; i < total; i++)
		mrd(&t, true, (uint16_t)(i >> 8), (uint8_t)i);
	a = analyse(&t);
	assert_int_equal(analysis_folded(a)->untracked, 1000);
	assert_int_equal(analysis_summary(a)->unmatched_requests, total);
	assert_int_equal(analysis_summary(a)->open_at_end, ANALYSIS_MAX_OPEN);
	assert_int_equal(analysis_latency_of_kind(a, TLP_MRD64)->requests, total);
	analysis_destroy(a);
	free(t.buf);
}

static int read_buf(void *ctx, uint64_t pos, size_t len, void *buf)
{
	memcpy(buf, (const uint8_t *)ctx + pos, len);
	return 0;
}

/* Random entries: what a corrupt trace looks like, every table filled. */
static void full_segments_give_the_results_of_one_pass(void **state)
{
	size_t len = 4u << 20;
	uint32_t *raw = malloc(len);
	struct analysis_span sp = {.pos = 0, .len = len, .f = PTT_FMT_4DW, .d = ANALYSIS_DIR_IN};
	struct analysis_opts o = {.no_timeline = true};
	struct analysis *one, *many;

	assert_non_null(raw);
	for (size_t i = 0; i < len / 4; i++)
		raw[i] = rnd();
	assert_int_equal(analysis_create(&o, &one), 0);
	assert_int_equal(analysis_create(&o, &many), 0);
	assert_int_equal(analysis_feed_spans(one, &sp, 1, 1, read_buf, raw), 0);
	assert_int_equal(analysis_feed_spans(many, &sp, 1, 4, read_buf, raw), 0);
	analysis_finish(one);
	analysis_finish(many);
	assert_true(analysis_folded(one)->requesters > 0);
	assert_null(analysis_difference(one, many));
	analysis_destroy(one);
	analysis_destroy(many);
	free(raw);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(requesters_past_the_cap_are_folded_and_counted),
	    cmocka_unit_test(latency_keys_past_the_cap_are_folded_and_counted),
	    cmocka_unit_test(requests_past_the_open_cap_are_counted_not_matched),
	    cmocka_unit_test(full_segments_give_the_results_of_one_pass),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
