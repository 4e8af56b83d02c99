// SPDX-License-Identifier: GPL-2.0-only
/*
 * The memory bound of the trace analyser and the diagnosis collector on a
 * hostile trace.  The input (after its first byte) is a template of 4DW
 * entries, laid down COPIES times with the Requester ID, completer and tag
 * of every copy moved apart, so that a short input names thousands of IDs,
 * as a corrupt trace does.  Run with -rss_limit_mb=256 (fuzz_trace_bound.
 * options): a table that grows with the input instead of stopping at
 * ANALYSIS_MAX_KEYS fails there.  Checked on every input: no table holds
 * more than ANALYSIS_MAX_KEYS rows, the rows plus what was folded add up to
 * the class totals, and three threads give one thread's results (segments
 * that fill up are fed again in order).  The first byte's bits move the
 * copies' IDs by different strides.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/trace.h>
#include <pciescope/trace/analysis.h>

#include "analysis_ref.h"

#define COPIES 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

/*
 * ASan keeps freed memory in a quarantine, 256 MiB by default, which counts
 * in the RSS the bound is checked against; 32 MiB still holds the last few
 * inputs' memory, to catch a use after free.
 */
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=32";
}

/* The 16-bit field at bytes [at, at + 2) of entry e, little-endian, moved by d. */
static void move_id(uint8_t *e, size_t at, uint16_t d)
{
	uint16_t v = (uint16_t)(e[at] | e[at + 1] << 8);

	v ^= d;
	e[at] = (uint8_t)v;
	e[at + 1] = (uint8_t)(v >> 8);
}

static uint8_t *amplify(const uint8_t *tpl, size_t n, uint8_t stride, size_t *len)
{
	uint8_t *buf = malloc(n * COPIES * PTT_4DW_BYTES);

	if (!buf)
		abort();
	for (size_t c = 0; c < COPIES; c++)
		for (size_t i = 0; i < n; i++) {
			uint8_t *e = buf + (c * n + i) * PTT_4DW_BYTES;
			uint16_t d = (uint16_t)(c * (2u * stride + 1) * 0x9e3u);

			memcpy(e, tpl + i * PTT_4DW_BYTES, PTT_4DW_BYTES);
			move_id(e, 6, d);	      /* DW1[31:16]: requester or completer */
			move_id(e, 10, (uint16_t)~d); /* DW2[31:16]: a completion's requester */
			e[5] ^= (uint8_t)c;	      /* DW1[15:8]: the tag */
		}
	*len = n * COPIES * PTT_4DW_BYTES;
	return buf;
}

static int read_buf(void *ctx, uint64_t pos, size_t len, void *buf)
{
	memcpy(buf, (const uint8_t *)ctx + pos, len);
	return 0;
}

static uint64_t rows_plus_other(const struct analysis_node *n, size_t cnt,
				const struct analysis_node *other, enum tlp_class c)
{
	uint64_t s = other->cls[c].tlps;

	if (cnt > ANALYSIS_MAX_KEYS)
		abort();
	for (size_t i = 0; i < cnt; i++)
		s += n[i].cls[c].tlps;
	return s;
}

static void check_bounds(const struct analysis *a)
{
	const struct analysis_folded *f = analysis_folded(a);
	const struct analysis_node *n;
	size_t cnt;

	n = analysis_requesters(a, &cnt);
	for (int c = 0; c < ANALYSIS_NCLASS; c++)
		if (rows_plus_other(n, cnt, &f->requester, c) != analysis_class(a, ~0u, c).tlps)
			abort();
	n = analysis_completers(a, &cnt);
	if (rows_plus_other(n, cnt, &f->completer, TLP_CLASS_CPL) !=
	    analysis_class(a, ~0u, TLP_CLASS_CPL).tlps)
		abort();
	analysis_latencies(a, &cnt);
	if (cnt > ANALYSIS_MAX_KEYS)
		abort();
}

static struct analysis *analyse(const uint8_t *buf, size_t len, unsigned threads)
{
	struct analysis_span sp = {.len = len, .f = PTT_FMT_4DW, .d = ANALYSIS_DIR_UNKNOWN};
	struct analysis_opts o = {.no_timeline = true};
	struct analysis *a;

	if (analysis_create(&o, &a) ||
	    analysis_feed_spans(a, &sp, 1, threads, read_buf, (void *)buf))
		abort();
	analysis_finish(a);
	return a;
}

static void diagnose(const uint8_t *buf, size_t len)
{
	struct diag_trace_opts o = {
	    .have_config = true, .pmu = "hisi_ptt0_2", .config = 7ull << 24 | 2ull << 20 | 0x80001};
	struct diag_findings l = {0};
	struct diag_thresholds th;
	struct diag_trace *t;

	if (diag_trace_create(&o, &t))
		abort();
	diag_trace_feed(t, buf, len, PTT_FMT_4DW);
	diag_trace_finish(t);
	diag_thresholds_default(&th);
	if (diag_trace_rules(t, &th, NULL, &l))
		abort();
	diag_findings_free(&l);
	diag_trace_destroy(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n = size ? (size - 1) / PTT_4DW_BYTES : 0, len;
	struct analysis *one, *three;
	uint8_t *buf;

	if (!n)
		return 0;
	buf = amplify(data + 1, n, data[0], &len);
	one = analyse(buf, len, 1);
	three = analyse(buf, len, 3);
	check_bounds(one);
	if (analysis_difference(one, three))
		abort();
	analysis_destroy(one);
	analysis_destroy(three);
	diagnose(buf, len);
	free(buf);
	return 0;
}
