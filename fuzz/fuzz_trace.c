// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT trace chunks as an AUXTRACE payload holds them: arbitrary bytes go
 * through every text view (dump, line, JSON) and through the analyser, as
 * `report` would feed them.  The first input byte picks the direction
 * setting (bits 0-1) and an automatic or fixed timeline width (bit 2); the
 * rest is the chunk.  Whole-entry rounding must never exceed the chunk, the
 * analyser must account every whole entry exactly once, and its fast path
 * (analysis_feed_entries) must give every result the per-entry one
 * (tests/support/analysis_ref.c) gives.  Bits 3-4 of the first byte cut the
 * chunk into up to four stretches fed to segments (the threads of report
 * --stats, trace/analysis_merge.c) and bits 5-7 move the cuts; merged, every
 * result must equal one analyser's.
 *
 * Each input starts from reset analysers (analysis_reset: as fresh, which
 * its unit test checks), so nothing carries over between inputs and a crash
 * reproduces from its input alone; creating them per input costs a megabyte
 * of tables each and ran at under 100 inputs/s.  One pair is kept per set of
 * options.  The fixed width is wide enough for 8DW entries (32-bit times)
 * that a window run stays small.
 */
#include <stdint.h>
#include <stdlib.h>

#include <pciescope/out/wbuf.h>
#include <pciescope/trace/analysis.h>
#include <pciescope/trace/ptt_print.h>

#include "analysis_ref.h"
#include "trace/analysis_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void views(const uint8_t *buf, size_t len)
{
	struct wbuf w;

	if (wbuf_init_mem(&w))
		abort();
	ptt_dump_chunk(&w, buf, len, PTT_DUMP_PERF_6_1);
	ptt_dump_chunk(&w, buf, len, PTT_DUMP_PERF_7_3);
	struct ptt_clock c1 = { 0 }, c2 = { 0 };

	ptt_line_chunk(&w, buf, len, UINT64_MAX - len, &c1);
	ptt_json_chunk(&w, buf, len, 0, &c2);
	wbuf_close(&w);
}

/* A reset analyser for format f and the width mode picks; which: 0 or 1. */
static struct analysis *analyser(enum ptt_format f, uint8_t mode, int which)
{
	static struct analysis *pool[2][2][2];
	int fixed = !!(mode & 4), wide = f == PTT_FMT_8DW;
	struct analysis **a = &pool[fixed][wide][which];
	struct analysis_opts o = {0};

	if (*a) {
		analysis_reset(*a);
		return *a;
	}
	if (fixed)
		o.window_ns = wide ? 1u << 28 : 1000;
	if (analysis_create(&o, a))
		abort();
	return *a;
}

/* Every result of the two is the same. */
static void same_results(const struct analysis *a, const struct analysis *b)
{
	if (analysis_difference(a, b))
		abort();
}

/* The analysers of the cut check: [0] all in one, [1] the first stretch, [2..4] segments. */
static struct analysis *cut_analyser(int which)
{
	static struct analysis *pool[5];
	struct analysis_opts o = {.no_timeline = true};
	int err = 0;

	if (pool[which]) {
		analysis_reset(pool[which]);
		return pool[which];
	}
	if (which < 2)
		err = analysis_create(&o, &pool[which]);
	else if (pool[1])
		err = analysis_create_segment(pool[1], &pool[which]);
	else
		abort(); /* segments are made after the first stretch's analyser */
	if (err)
		abort();
	return pool[which];
}

/* The chunk in 1 + (mode >> 3 & 3) stretches, merged, against all of it at once. */
static void cut_and_merge(const uint8_t *buf, size_t whole, enum ptt_format f, enum analysis_dir d,
			  uint8_t mode)
{
	size_t sz = ptt_entry_size(f), n = whole / sz, parts = 1 + (mode >> 3 & 3), from = 0;
	struct analysis *all = cut_analyser(0), *first = cut_analyser(1);

	analysis_feed_entries(all, buf, whole, f, d);
	analysis_finish(all);
	for (size_t p = 0; p < parts; p++) {
		size_t to = p + 1 == parts ? n : (n * (p + 1) + (mode >> 5)) / parts;
		struct analysis *s = p ? cut_analyser(1 + (int)p) : first;

		to = to < from ? from : to > n ? n : to;
		analysis_feed_entries(s, buf + from * sz, (to - from) * sz, f, d);
		if (p && analysis_merge(first, s))
			abort();
		from = to;
	}
	analysis_finish(first);
	same_results(all, first);
}

static void analyse(const uint8_t *buf, size_t len, uint8_t mode)
{
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(buf, len, &f), sz = ptt_entry_size(f);
	enum analysis_dir d = analysis_dir_of_setting(f, mode & 3);
	struct analysis *each, *fast;

	if (whole > len || whole % sz)
		abort();
	each = analyser(f, mode, 0);
	fast = analyser(f, mode, 1);
	feed_one_by_one(each, buf, whole, f, d);
	analysis_finish(each);
	if (analysis_summary(each)->entries != whole / sz)
		abort();
	analysis_feed_entries(fast, buf, whole, f, d);
	analysis_finish(fast);
	same_results(each, fast);
	cut_and_merge(buf, whole, f, d, mode);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	views(data + 1, size - 1);
	analyse(data + 1, size - 1, data[0]);
	return 0;
}
