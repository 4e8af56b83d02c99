/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For the analyser's tests: pseudo-random PTT entry streams (split and
 * failed completions, reused tags, 8DW prefixes, prefix DWs in the header,
 * undecodable entries) and a comparison of every result of two analysers.
 */
#ifndef PCIESCOPE_TESTS_ANALYSIS_CHECK_H
#define PCIESCOPE_TESTS_ANALYSIS_CHECK_H

#include <pciescope/trace/analysis.h>

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

/* entries entries of format f, times advancing by up to 3000 ticks. */
static size_t make_stream(uint8_t *buf, size_t entries, enum ptt_format f)
{
	size_t sz = ptt_entry_size(f);
	uint32_t time = rnd();

	for (size_t i = 0; i < entries; i++) {
		uint32_t h[4];

		some_header(h);
		time += rnd() % 3000;
		if (f == PTT_FMT_8DW)
			ptt_entry_encode_8dw(h, rnd() % 4 ? 0 : rnd(), time, buf + i * sz);
		else
			ptt_entry_encode_4dw(h, time, buf + i * sz);
	}
	return entries * sz;
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

#endif
