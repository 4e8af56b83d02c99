// SPDX-License-Identifier: GPL-2.0-only
/*
 * analysis_feed_spans gives the results of one analyser fed every entry in
 * order, whatever the number of threads: on pseudo-random streams of
 * several spans (both formats, a format change, different directions) whose
 * requests, split completions and reused tags cross the cuts between
 * threads.  A read error comes back as the call's result.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#include "analysis_check.h"

#define NSPAN 6
#define SPAN_ENTRIES 25000

static uint8_t trace[NSPAN * SPAN_ENTRIES * PTT_8DW_BYTES];

struct reader {
	uint64_t fail_at; /* a read that covers this byte fails; UINT64_MAX: none */
};

static int read_trace(void *ctx, uint64_t pos, size_t len, void *buf)
{
	const struct reader *r = ctx;

	if (r->fail_at >= pos && r->fail_at - pos < len)
		return -EIO;
	memcpy(buf, trace + pos, len);
	return 0;
}

/* Spans of random sizes back to back in trace, formats as given. */
static size_t make_spans(struct analysis_span *sp, const enum ptt_format *f)
{
	uint64_t pos = 0;

	for (size_t i = 0; i < NSPAN; i++) {
		size_t n = 1 + rnd() % SPAN_ENTRIES;

		sp[i] =
		    (struct analysis_span){.pos = pos, .f = f[i], .d = (enum analysis_dir)(i % 3)};
		sp[i].len = make_stream(trace + pos, n, f[i]);
		pos += sp[i].len;
	}
	return NSPAN;
}

static struct analysis *fed_in_order(const struct analysis_span *sp, size_t n)
{
	struct analysis_opts o = {.no_timeline = true};
	struct analysis *a;

	assert_int_equal(analysis_create(&o, &a), 0);
	for (size_t i = 0; i < n; i++)
		analysis_feed_entries(a, trace + sp[i].pos, sp[i].len, sp[i].f, sp[i].d);
	analysis_finish(a);
	return a;
}

static void check_threads(const enum ptt_format *f)
{
	static const unsigned threads[] = {1, 2, 3, 4, 7, 16, 64};
	struct analysis_span sp[NSPAN];
	struct reader r = {.fail_at = UINT64_MAX};
	size_t n = make_spans(sp, f);
	struct analysis *want = fed_in_order(sp, n);

	assert_true(analysis_summary(want)->matched > 1000);
	assert_true(analysis_summary(want)->unmatched_requests > 100);
	for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
		struct analysis_opts o = {.no_timeline = true};
		struct analysis *a;

		assert_int_equal(analysis_create(&o, &a), 0);
		assert_int_equal(analysis_feed_spans(a, sp, n, threads[t], read_trace, &r), 0);
		analysis_finish(a);
		assert_same(want, a);
		analysis_destroy(a);
	}
	analysis_destroy(want);
}

struct spans_case {
	enum ptt_format f[NSPAN];
	uint64_t seed;
};

static const struct spans_case all_4dw = {
    {PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_4DW},
    0xa4093822299f31d0ull};
static const struct spans_case all_8dw = {
    {PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_8DW},
    0x082efa98ec4e6c89ull};
static const struct spans_case format_changes = {
    {PTT_FMT_8DW, PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_4DW},
    0x452821e638d01377ull};

static void any_thread_count_counts_alike(void **state)
{
	const struct spans_case *c = *state;

	rng = c->seed;
	check_threads(c->f);
}

/* A timeline needs entries in order: the call takes one thread and still counts alike. */
static void timeline_counts_alike(void **state)
{
	static const enum ptt_format f[NSPAN] = {PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_4DW,
						 PTT_FMT_4DW, PTT_FMT_4DW, PTT_FMT_4DW};
	struct analysis_opts o = {.window_ns = 20000};
	struct reader r = {.fail_at = UINT64_MAX};
	struct analysis_span sp[NSPAN];
	struct analysis *a, *b;
	size_t n;

	(void)state;
	rng = 0xbe5466cf34e90c6cull;
	n = make_spans(sp, f);
	assert_int_equal(analysis_create(&o, &a), 0);
	assert_int_equal(analysis_create(&o, &b), 0);
	for (size_t i = 0; i < n; i++)
		analysis_feed_entries(a, trace + sp[i].pos, sp[i].len, sp[i].f, sp[i].d);
	assert_int_equal(analysis_feed_spans(b, sp, n, 8, read_trace, &r), 0);
	analysis_finish(a);
	analysis_finish(b);
	assert_same(a, b);
	analysis_destroy(a);
	analysis_destroy(b);
}

static void read_error_is_returned(void **state)
{
	static const enum ptt_format f[NSPAN] = {PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_8DW,
						 PTT_FMT_8DW, PTT_FMT_8DW, PTT_FMT_8DW};
	struct analysis_opts o = {.no_timeline = true};
	struct analysis_span sp[NSPAN];
	struct reader r;
	struct analysis *a;
	size_t n;

	(void)state;
	rng = 0xc0ac29b7c97c50ddull;
	n = make_spans(sp, f);
	r.fail_at = sp[n - 1].pos + sp[n - 1].len / 2;
	for (unsigned threads = 1; threads <= 4; threads++) {
		assert_int_equal(analysis_create(&o, &a), 0);
		assert_int_equal(analysis_feed_spans(a, sp, n, threads, read_trace, &r), -EIO);
		analysis_destroy(a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    {"any_thread_count_counts_4dw_alike", any_thread_count_counts_alike, NULL, NULL,
	     (void *)&all_4dw},
	    {"any_thread_count_counts_8dw_alike", any_thread_count_counts_alike, NULL, NULL,
	     (void *)&all_8dw},
	    {"format_changes_count_alike", any_thread_count_counts_alike, NULL, NULL,
	     (void *)&format_changes},
	    cmocka_unit_test(timeline_counts_alike),
	    cmocka_unit_test(read_error_is_returned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
