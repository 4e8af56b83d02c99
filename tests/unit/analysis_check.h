/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For the analyser's tests: pseudo-random PTT entry streams (split and
 * failed completions, reused tags, 8DW prefixes, prefix DWs in the header,
 * undecodable entries), and assert_same over analysis_difference.
 */
#ifndef PCIESCOPE_TESTS_ANALYSIS_CHECK_H
#define PCIESCOPE_TESTS_ANALYSIS_CHECK_H

#include <pciescope/trace/analysis.h>

#include "analysis_ref.h"
#include "xorshift.h"

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

/* Every result of a and b is the same; else the test fails naming the first that differs. */
#define assert_same(a, b)                                                                          \
	do {                                                                                       \
		const char *differs_ = analysis_difference(a, b);                                  \
		if (differs_)                                                                      \
			fail_msg("the analysers' %s differ", differs_);                            \
	} while (0)

#endif
