// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT trace entry codec.  Fields follow the PTT document's drawing (see
 * docs/trace-format.md); the reversed bit order that perf 6.1 prints lives in
 * ptt_dump.c only, so every decoded view agrees with the document.
 */
#include <string.h>

#include <pciescope/trace/ptt_entry.h>

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

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
	return (get_le32(buf) & PTT_8DW_MARK_MASK) == PTT_8DW_MARK_MASK ? PTT_FMT_8DW : PTT_FMT_4DW;
}

size_t ptt_entry_size(enum ptt_format f)
{
	return f == PTT_FMT_8DW ? PTT_8DW_BYTES : PTT_4DW_BYTES;
}

/*
 * TLP DW0 from the fields a 4DW entry keeps.  The entry's 2-bit Fmt is
 * Fmt[1:0] of the header: Fmt[2] only marks a prefix, and prefixes are not
 * traced in 4DW mode.
 */
static uint32_t tlp_dw0_of_4dw(uint32_t w)
{
	uint32_t fmt = w >> 30 & 0x3, type = w >> 25 & 0x1f;
	uint32_t t9 = w >> 24 & 1, t8 = w >> 23 & 1, th = w >> 22 & 1;
	uint32_t len = w >> 11 & 0x3ff;

	return fmt << 29 | type << 24 | t9 << 23 | t8 << 19 | th << 16 | len;
}

void ptt_entry_decode(const uint8_t *buf, enum ptt_format f, struct ptt_entry *e)
{
	e->format = f;
	for (size_t i = 0; i < 4; i++)
		e->dw[i] = get_le32(buf + 4 * i);
	if (f == PTT_FMT_8DW) {
		for (size_t i = 4; i < 8; i++)
			e->dw[i] = get_le32(buf + 4 * i);
		e->prefix = e->dw[1];
		memcpy(e->hdr, &e->dw[2], sizeof(e->hdr));
		e->time = e->dw[7];
		e->hdr_dws = 4;
		return;
	}
	memset(&e->dw[4], 0, 4 * sizeof(e->dw[0]));
	e->prefix = 0;
	e->time = e->dw[0] & 0x7ff;
	e->hdr[0] = tlp_dw0_of_4dw(e->dw[0]);
	e->hdr[1] = e->dw[1];
	e->hdr[2] = e->dw[2];
	e->hdr[3] = e->dw[3];
	e->hdr_dws = 3;
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
