// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT trace entry codec.  Fields follow the PTT document's drawing (see
 * docs/trace-format.md); the reversed bit order that perf 6.1 prints lives in
 * ptt_dump.c only, so every decoded view agrees with the document.  Where
 * the TLP header and time sit in an entry is written once, in ptt_entry_hdr
 * (ptt_entry.h), which the analyser's hot loop inlines.
 */
#include <pciescope/trace/ptt_entry.h>

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

enum ptt_format ptt_detect_format(const uint8_t *buf, size_t len)
{
	if (len < 4)
		return PTT_FMT_4DW;
	return (ptt_le32(buf) & PTT_8DW_MARK_MASK) == PTT_8DW_MARK_MASK ? PTT_FMT_8DW : PTT_FMT_4DW;
}

size_t ptt_entry_size(enum ptt_format f)
{
	return f == PTT_FMT_8DW ? PTT_8DW_BYTES : PTT_4DW_BYTES;
}

void ptt_entry_decode(const uint8_t *buf, enum ptt_format f, struct ptt_entry *e)
{
	size_t words = ptt_entry_size(f) / 4;

	e->format = f;
	for (size_t i = 0; i < 8; i++)
		e->dw[i] = i < words ? ptt_le32(buf + 4 * i) : 0;
	e->prefix = ptt_entry_hdr(buf, f, e->hdr, &e->time);
	e->hdr_dws = f == PTT_FMT_8DW ? 4 : 3;
}

void ptt_entry_encode_4dw(const uint32_t hdr[4], uint32_t time, uint8_t out[PTT_4DW_BYTES])
{
	uint32_t h = hdr[0];
	uint32_t w = (h >> 29 & 0x3) << 30 | (h >> 24 & 0x1f) << 25 | (h >> 23 & 1) << 24 |
		     (h >> 19 & 1) << 23 | (h >> 16 & 1) << 22 | (h & 0x3ff) << 11 | (time & 0x7ff);

	put_le32(out, w);
	for (int i = 1; i < 4; i++)
		put_le32(out + 4 * i, hdr[i]);
}

void ptt_entry_encode_8dw(const uint32_t hdr[4], uint32_t prefix, uint32_t time,
			  uint8_t out[PTT_8DW_BYTES])
{
	put_le32(out, 0xffffffffu);
	put_le32(out + 4, prefix);
	for (int i = 0; i < 4; i++)
		put_le32(out + 8 + 4 * i, hdr[i]);
	put_le32(out + 24, 0);
	put_le32(out + 28, time);
}
