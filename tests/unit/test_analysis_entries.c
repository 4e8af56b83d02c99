// SPDX-License-Identifier: GPL-2.0-only
/*
 * analysis_feed_entries (the fast path `pciescope report` takes) counts a
 * chunk exactly as decoding each entry with ptt_entry_decode and tlp_decode
 * and feeding it with analysis_feed does: on pseudo-random 8DW and 4DW
 * streams with split and failed completions, reused tags, 8DW prefixes,
 * prefix DWs in the header and undecodable entries, every result and every
 * matched transaction is the same.  An analyser reset after one stream
 * counts the next as a fresh one does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#define ENTRIES 20000

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 32);
}

static const uint16_t rids[] = {0x0000, 0x0101, 0x3900, 0x3901, 0x8000};

static uint16_t some_rid(void)
{
	return rids[rnd() % (sizeof(rids) / sizeof(rids[0]))];
}

/* Header DW0..DW3 of a TLP the stream might carry. */
static void some_header(uint32_t h[4])
{
	uint32_t tag = rnd() & 0x30f, pick = rnd() % 16;
	uint32_t t98 = (tag >> 9 & 1) << 23 | (tag >> 8 & 1) << 19;
	uint32_t rq = (uint32_t)some_rid() << 16 | (tag & 0xff) << 8;

	h[3] = rnd();
	if (pick < 5) { /* MRd64, MRd32 */
		h[0] = (pick & 1 ? 0x20000000u : 0) | t98 | (rnd() & 0x3ff);
		h[1] = rq | 0xff;
		h[2] = rnd();
	} else if (pick < 10) { /* CplD, Cpl, some split or failed */
		h[0] = (pick == 9 ? 0x0a000000u : 0x4a000000u) | t98 | (rnd() & 0x3f);
		h[1] = (uint32_t)some_rid() << 16 | (rnd() % 7 ? 0 : rnd() & 7) << 13 |
		       (rnd() & 0x1ff);
		h[2] = rq | (rnd() & 0x7f);
	} else if (pick < 13) { /* MWr64 */
		h[0] = 0x60000000u | (rnd() & 0x3ff);
		h[1] = rq | 0xff;
		h[2] = rnd();
	} else if (pick < 14) { /* a prefix DW, then a request */
		h[0] = 0x91000000u | (rnd() & 0xfffff);
		h[1] = 0x00000004u;
		h[2] = rq | 0xff;
		h[3] = rnd();
	} else { /* anything, often reserved */
		h[0] = rnd();
		h[1] = rnd();
		h[2] = rnd();
	}
}

/* A stream of entries of format f, times advancing by up to 3000 ticks. */
static size_t make_stream(uint8_t *buf, enum ptt_format f)
{
	size_t sz = ptt_entry_size(f);
	uint32_t time = rnd();

	for (size_t i = 0; i < ENTRIES; i++) {
		uint32_t h[4];

		some_header(h);
		time += rnd() % 3000;
		if (f == PTT_FMT_8DW)
			ptt_entry_encode_8dw(h, rnd() % 4 ? 0 : rnd(), time, buf + i * sz);
		else
			ptt_entry_encode_4dw(h, time, buf + i * sz);
	}
	return ENTRIES * sz;
}

struct txn_log {
	size_t n;
	uint64_t sum;
};

static void on_txn(void *ctx, const struct analysis_txn *t)
{
	struct txn_log *l = ctx;

	l->n++;
	l->sum = l->sum * 31 +
		 ((uint64_t)t->requester << 48 ^ (uint64_t)t->completer << 32 ^ t->tag << 20 ^
		  t->kind << 12 ^ t->status << 8 ^ t->ncpl) +
		 t->bytes + t->start * 7 + t->end * 13;
}

static struct analysis *new_analysis(struct txn_log *log)
{
	struct analysis_opts o = {.window_ns = 50000, .on_txn = on_txn, .ctx = log};
	struct analysis *a;

	assert_int_equal(analysis_create(&o, &a), 0);
	return a;
}

static void feed_one_by_one(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
			    enum analysis_dir d)
{
	for (size_t off = 0; off < len; off += ptt_entry_size(f)) {
		struct ptt_entry e;
		struct tlp_hdr h;

		ptt_entry_decode(buf + off, f, &e);
		if (tlp_decode(e.hdr, 4, &h) > 0)
			analysis_feed(a, &e, &h, d);
		else
			analysis_feed_undecoded(a, &e);
	}
}

/* The fast path in pieces of random whole-entry lengths. */
static void feed_in_pieces(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
			   enum analysis_dir d)
{
	size_t sz = ptt_entry_size(f);

	for (size_t off = 0, n; off < len; off += n) {
		n = sz * (rnd() % 700);
		if (n > len - off)
			n = len - off;
		analysis_feed_entries(a, buf + off, n, f, d);
	}
}

/* Field by field: the structs have padding. */
static void same_nodes(const struct analysis_node *a, size_t na, const struct analysis_node *b,
		       size_t nb)
{
	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++) {
		assert_int_equal(a[i].rid, b[i].rid);
		assert_memory_equal(a[i].cls, b[i].cls, sizeof(a[i].cls));
	}
}

static void same_lat(const struct analysis_lat *a, const struct analysis_lat *b)
{
	assert_int_equal(a->requester, b->requester);
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->requests, b->requests);
	assert_int_equal(a->completions, b->completions);
	assert_int_equal(a->bytes, b->bytes);
	assert_memory_equal(&a->hist, &b->hist, sizeof(a->hist));
}

static void assert_same(struct analysis *a, struct analysis *b)
{
	const struct analysis_window *wa, *wb;
	const struct analysis_node *pa, *pb;
	const struct analysis_lat *la, *lb;
	uint64_t width_a, width_b;
	size_t na, nb;
	long n;

	assert_memory_equal(analysis_summary(a), analysis_summary(b),
			    sizeof(struct analysis_summary));
	for (int d = 0; d < ANALYSIS_NDIR; d++)
		for (int k = 0; k < TLP_KIND_COUNT; k++)
			assert_memory_equal(analysis_kind(a, d, k), analysis_kind(b, d, k),
					    sizeof(struct analysis_counts));
	pa = analysis_requesters(a, &na);
	pb = analysis_requesters(b, &nb);
	same_nodes(pa, na, pb, nb);
	pa = analysis_completers(a, &na);
	pb = analysis_completers(b, &nb);
	same_nodes(pa, na, pb, nb);
	la = analysis_latencies(a, &na);
	lb = analysis_latencies(b, &nb);
	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++)
		same_lat(&la[i], &lb[i]);
	for (int k = 0; k < TLP_KIND_COUNT; k++)
		same_lat(analysis_latency_of_kind(a, k), analysis_latency_of_kind(b, k));
	same_lat(analysis_latency_all(a), analysis_latency_all(b));
	n = analysis_windows(a, &wa, &width_a);
	assert_int_equal(analysis_windows(b, &wb, &width_b), n);
	assert_int_equal(width_a, width_b);
	assert_memory_equal(wa, wb, (size_t)n * sizeof(*wa));
}

static void check_format(enum ptt_format f, enum analysis_dir d)
{
	static uint8_t buf[ENTRIES * PTT_8DW_BYTES];
	struct txn_log la = {0}, lb = {0};
	struct analysis *a = new_analysis(&la), *b = new_analysis(&lb);
	size_t len = make_stream(buf, f);

	feed_one_by_one(a, buf, len, f, d);
	feed_in_pieces(b, buf, len, f, d);
	analysis_finish(a);
	analysis_finish(b);
	assert_true(analysis_summary(a)->matched > 100);
	assert_true(analysis_summary(a)->undecoded > 100);
	assert_same(a, b);
	assert_int_equal(la.n, lb.n);
	assert_int_equal(la.sum, lb.sum);
	analysis_destroy(a);
	analysis_destroy(b);
}

static void fast_path_counts_8dw_alike(void **state)
{
	(void)state;
	rng = 0x243f6a8885a308d3ull;
	check_format(PTT_FMT_8DW, ANALYSIS_DIR_IN);
}

static void fast_path_counts_4dw_alike(void **state)
{
	(void)state;
	rng = 0x13198a2e03707344ull;
	check_format(PTT_FMT_4DW, ANALYSIS_DIR_UNKNOWN);
}

/* A reset analyser counts a second stream exactly as a fresh one does. */
static void reset_forgets_the_first_stream(void **state)
{
	static uint8_t first[ENTRIES * PTT_8DW_BYTES], second[ENTRIES * PTT_4DW_BYTES];
	struct txn_log la = {0}, lb = {0};
	struct analysis *a = new_analysis(&la), *b = new_analysis(&lb);
	size_t len1, len2;

	(void)state;
	rng = 0xa4093822299f31d0ull;
	len1 = make_stream(first, PTT_FMT_8DW);
	len2 = make_stream(second, PTT_FMT_4DW);
	feed_one_by_one(b, first, len1, PTT_FMT_8DW, ANALYSIS_DIR_IN);
	analysis_finish(b);
	assert_true(analysis_summary(b)->matched > 100);
	analysis_reset(b);
	lb = (struct txn_log){0};
	feed_one_by_one(a, second, len2, PTT_FMT_4DW, ANALYSIS_DIR_OUT);
	feed_in_pieces(b, second, len2, PTT_FMT_4DW, ANALYSIS_DIR_OUT);
	analysis_finish(a);
	analysis_finish(b);
	assert_same(a, b);
	assert_int_equal(la.n, lb.n);
	assert_int_equal(la.sum, lb.sum);
	analysis_destroy(a);
	analysis_destroy(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(fast_path_counts_8dw_alike),
	    cmocka_unit_test(fast_path_counts_4dw_alike),
	    cmocka_unit_test(reset_forgets_the_first_stream),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
