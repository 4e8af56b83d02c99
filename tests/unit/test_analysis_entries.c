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

#include "analysis_check.h"

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

#define ENTRIES 20000

static void check_format(enum ptt_format f, enum analysis_dir d)
{
	static uint8_t buf[ENTRIES * PTT_8DW_BYTES];
	struct txn_log la = {0}, lb = {0};
	struct analysis *a = new_analysis(&la), *b = new_analysis(&lb);
	size_t len = make_stream(buf, ENTRIES, f);

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
	len1 = make_stream(first, ENTRIES, PTT_FMT_8DW);
	len2 = make_stream(second, ENTRIES, PTT_FMT_4DW);
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
