// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser with a report filter, on the pseudo-random streams of
 * analysis_check.h: filtered by requester it counts exactly that
 * requester's row of the unfiltered analysis (its completions and latency
 * included); by kind, exactly that kind's counts; two time windows that
 * cut the trace in two add up to the whole (every entry still ticks the
 * clock); and analysis_feed_spans gives the same for any thread count.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/trace/analysis.h>

#include "analysis_check.h"

#define ENTRIES 60000

static uint8_t trace[ENTRIES * PTT_8DW_BYTES];

static int read_trace(void *ctx, uint64_t pos, size_t len, void *buf)
{
	(void)ctx;
	memcpy(buf, trace + pos, len);
	return 0;
}

static struct analysis *analysed(const struct ptt_filter *f, size_t len, enum ptt_format fmt)
{
	struct analysis_opts o = {.no_timeline = true};
	struct analysis *a;

	if (f)
		o.filter = *f;
	assert_int_equal(analysis_create(&o, &a), 0);
	analysis_feed_entries(a, trace, len, fmt, ANALYSIS_DIR_IN);
	analysis_finish(a);
	return a;
}

static const struct analysis_node *node(const struct analysis *a, uint16_t rid)
{
	size_t n;
	const struct analysis_node *r = analysis_requesters(a, &n);

	for (size_t i = 0; i < n; i++)
		if (r[i].rid == rid)
			return &r[i];
	fail_msg("no requester %04x", rid);
	return NULL;
}

static void by_requester_is_its_row(enum ptt_format fmt)
{
	size_t len = make_stream(trace, ENTRIES, fmt);
	struct analysis *all = analysed(NULL, len, fmt);
	const struct analysis_node *want = node(all, 0x3901);
	struct ptt_filter f = {.by_requester = true, .requester = 0x3901};
	struct analysis *one = analysed(&f, len, fmt);
	size_t n, lats_all, lats_one;
	const struct analysis_lat *la = analysis_latencies(all, &lats_all);
	const struct analysis_lat *lo = analysis_latencies(one, &lats_one);

	analysis_requesters(one, &n);
	assert_int_equal(n, 1);
	for (int c = 0; c < ANALYSIS_NCLASS; c++) {
		struct analysis_counts got = analysis_class(one, ~0u, (enum tlp_class)c);

		assert_int_equal(got.tlps, want->cls[c].tlps);
		assert_int_equal(got.payload_bytes, want->cls[c].payload_bytes);
	}
	assert_true(analysis_summary(one)->matched > 100);
	for (size_t i = 0, j = 0; i < lats_all; i++) {
		if (la[i].requester != 0x3901)
			continue;
		assert_true(j < lats_one);
		assert_int_equal(lo[j].kind, la[i].kind);
		assert_int_equal(lo[j].requests, la[i].requests);
		assert_int_equal(lo[j].completions, la[i].completions);
		assert_int_equal(lo[j].hist.count, la[i].hist.count);
		assert_int_equal(lo[j].hist.sum, la[i].hist.sum);
		j++;
	}
	analysis_destroy(all);
	analysis_destroy(one);
}

static void requester_keeps_its_completions(void **state)
{
	(void)state;
	rng = 0x243f6a8885a308d3ull;
	by_requester_is_its_row(PTT_FMT_8DW);
	by_requester_is_its_row(PTT_FMT_4DW);
}

static void kind_counts_that_kind_only(void **state)
{
	size_t len;
	struct ptt_filter f = {.by_kind = true, .kinds = 1u << TLP_MRD64 | 1u << TLP_MWR64};
	struct analysis *all, *some;

	(void)state;
	rng = 0x13198a2e03707344ull;
	len = make_stream(trace, ENTRIES, PTT_FMT_4DW);
	all = analysed(NULL, len, PTT_FMT_4DW);
	some = analysed(&f, len, PTT_FMT_4DW);
	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		const struct analysis_counts *w = analysis_kind(all, ANALYSIS_DIR_IN, k);
		const struct analysis_counts *g = analysis_kind(some, ANALYSIS_DIR_IN, k);
		bool kept = f.kinds >> k & 1;

		assert_int_equal(g->tlps, kept ? w->tlps : 0);
		assert_int_equal(g->payload_bytes, kept ? w->payload_bytes : 0);
	}
	assert_true(analysis_kind(some, ANALYSIS_DIR_IN, TLP_MRD64)->tlps > 1000);
	assert_int_equal(analysis_summary(some)->entries,
			 analysis_kind(all, ANALYSIS_DIR_IN, TLP_MRD64)->tlps +
			     analysis_kind(all, ANALYSIS_DIR_IN, TLP_MWR64)->tlps);
	/* no completion kept: nothing matched, every request unmatched */
	assert_int_equal(analysis_summary(some)->matched, 0);
	assert_int_equal(analysis_summary(some)->unmatched_requests,
			 analysis_kind(all, ANALYSIS_DIR_IN, TLP_MRD64)->tlps);
	analysis_destroy(all);
	analysis_destroy(some);
}

static void time_windows_add_up(void **state)
{
	for (int fmt = 0; fmt < 2; fmt++) {
		size_t len = make_stream(trace, ENTRIES, (enum ptt_format)fmt);
		struct analysis *all = analysed(NULL, len, (enum ptt_format)fmt);
		const struct analysis_summary *s = analysis_summary(all);
		uint64_t mid = s->first + (s->last - s->first) / 2;
		struct ptt_filter early = {.by_time = true, .from = 0, .to = mid};
		struct ptt_filter late = {.by_time = true, .from = mid + 1, .to = UINT64_MAX};
		struct analysis *a = analysed(&early, len, (enum ptt_format)fmt);
		struct analysis *b = analysed(&late, len, (enum ptt_format)fmt);

		(void)state;
		assert_true(analysis_summary(a)->entries > ENTRIES / 4);
		assert_true(analysis_summary(b)->entries > ENTRIES / 4);
		assert_int_equal(analysis_summary(a)->entries + analysis_summary(b)->entries,
				 s->entries);
		assert_int_equal(analysis_summary(a)->undecoded + analysis_summary(b)->undecoded,
				 s->undecoded);
		/* the clock ran over every entry: the same first and last */
		assert_int_equal(analysis_summary(a)->first, s->first);
		assert_int_equal(analysis_summary(b)->last, s->last);
		for (int k = 0; k < TLP_KIND_COUNT; k++)
			assert_int_equal(analysis_kind(a, ANALYSIS_DIR_IN, k)->tlps +
					     analysis_kind(b, ANALYSIS_DIR_IN, k)->tlps,
					 analysis_kind(all, ANALYSIS_DIR_IN, k)->tlps);
		analysis_destroy(all);
		analysis_destroy(a);
		analysis_destroy(b);
	}
}

static void threads_do_not_change_filtered_results(void **state)
{
	static const struct ptt_filter filters[] = {
	    {.by_requester = true, .requester = 0x0101},
	    {.by_kind = true, .kinds = 1u << TLP_MRD32 | 1u << TLP_CPLD | 1u << TLP_CPL},
	    {.by_time = true, .from = 0, .to = 1u << 26},
	};
	struct analysis_span sp;
	size_t len;

	(void)state;
	rng = 0xa4093822299f31d0ull;
	len = make_stream(trace, ENTRIES, PTT_FMT_4DW);
	sp = (struct analysis_span){.pos = 0, .len = len, .f = PTT_FMT_4DW, .d = ANALYSIS_DIR_IN};
	for (size_t i = 0; i < sizeof(filters) / sizeof(filters[0]); i++) {
		struct analysis *want = analysed(&filters[i], len, PTT_FMT_4DW);

		assert_true(analysis_summary(want)->entries > 1000);
		for (unsigned t = 2; t <= 16; t *= 2) {
			struct analysis_opts o = {.no_timeline = true, .filter = filters[i]};
			struct analysis *a;

			assert_int_equal(analysis_create(&o, &a), 0);
			assert_int_equal(analysis_feed_spans(a, &sp, 1, t, read_trace, NULL), 0);
			analysis_finish(a);
			assert_same(want, a);
			analysis_destroy(a);
		}
		analysis_destroy(want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(requester_keeps_its_completions),
	    cmocka_unit_test(kind_counts_that_kind_only),
	    cmocka_unit_test(time_windows_add_up),
	    cmocka_unit_test(threads_do_not_change_filtered_results),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
