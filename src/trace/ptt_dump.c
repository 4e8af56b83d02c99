// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HISI PTT part of `perf report -D`, in the layout of Linux perf 6.1 or
 * of perf 7.3 (docs/trace-format.md).  Every line is ".  <offset>: b b b b "
 * + 30 blanks + "  " + a label, offsets counting from the start of the
 * AUXTRACE chunk.  8DW entries skip DW0 and DW6 (marker, reserved) but count
 * them in the offsets.  The layouts differ in two facts only:
 *
 * - 6.1 prints a DW's bytes in memory order, 7.3 most significant first;
 * - a 4DW DW0 is broken down by 6.1 with its bit-field order (Format in the
 *   lowest bits, Time in the highest: the reverse of the PTT document's
 *   drawing), by 7.3 with masks in the document's order (Time in [10:0]).
 *
 * A dump is ~20 times the size of its trace, so it is written like a copy:
 * each entry's fixed text comes from a template built once per chunk, and
 * only the offset digits, the byte pairs and the DW0 numbers are patched in.
 * The entry offsets are multiples of the entry size, so the last hex digit
 * of a 4DW line's offset (the last two of an 8DW line's) is known when the
 * template is built, and the rest is the same for all lines of an entry.
 */
#include <pciescope/trace/ptt_print.h>

#define DW_LINE 57 /* ".  00000000: 00 00 00 00 " and the padding before the label */
#define BYTES_AT 13

static const char line_tmpl[DW_LINE + 1] = ".  00000000: 00 00 00 00 "
					   "                                ";

/* A 4DW entry's DW1..DW3 lines: 3 x (57 + "Header DWn\n") */
#define LINE_4DW (DW_LINE + 11)
/* An 8DW entry's six lines: 6 x 57 + the six labels and newlines */
#define TEXT_8DW (6 * DW_LINE + 7 + 11 * 4 + 5)

struct dump_tmpl {
	char dw123[3 * LINE_4DW];
	char e8[TEXT_8DW];
	size_t line8[6]; /* where each 8DW line starts in e8 */
};

size_t ptt_chunk_whole(const uint8_t *buf, size_t len, enum ptt_format *f)
{
	*f = ptt_detect_format(buf, len);
	return len - len % ptt_entry_size(*f);
}

static void build_tmpl(struct dump_tmpl *t)
{
	static const char *const labels_8dw[6] = {
	    "Prefix\n", "Header DW0\n", "Header DW1\n", "Header DW2\n", "Header DW3\n", "Time\n",
	};
	char *o = t->e8;

	for (int i = 0; i < 3; i++) {
		char *l = t->dw123 + i * LINE_4DW;

		memcpy(l, line_tmpl, DW_LINE);
		l[10] = wbuf_hexdig[4 * (i + 1)];
		memcpy(l + DW_LINE, "Header DW", 9);
		l[DW_LINE + 9] = (char)('1' + i);
		l[DW_LINE + 10] = '\n';
	}
	for (int i = 0; i < 6; i++) {
		t->line8[i] = (size_t)(o - t->e8);
		o = wb_mem(o, line_tmpl, DW_LINE);
		o = wb_mem(o, labels_8dw[i], strlen(labels_8dw[i]));
	}
}

/* The four byte pairs of the DW at p into a line at l. */
static inline void put_bytes(char *l, const uint8_t *p, enum ptt_dump_layout layout)
{
	int msb = layout == PTT_DUMP_PERF_7_3;

	for (int i = 0; i < 4; i++)
		memcpy(l + BYTES_AT + 3 * i, wbuf_hexpair[p[msb ? 3 - i : i]], 2);
}

/* Up to three hex digits of v < 0x1000, "%x", without a branch per digit. */
static inline char *hex3(char *o, uint32_t v)
{
	unsigned int n = 1u + (v > 0xf) + (v > 0xff);
	uint32_t d = (uint32_t)(unsigned char)wbuf_hexdig[v >> 8 & 0xf] |
		     (uint32_t)(unsigned char)wbuf_hexdig[v >> 4 & 0xf] << 8 |
		     (uint32_t)(unsigned char)wbuf_hexdig[v & 0xf] << 16;

	d >>= 8 * (3 - n);
	o[0] = (char)d;
	o[1] = (char)(d >> 8);
	o[2] = (char)(d >> 16);
	return o + n;
}

/* "Format f Type t T9 a T8 b TH c SO d Length l Time m\n" */
static inline char *dw0_fields(char *o, uint32_t v, enum ptt_dump_layout layout)
{
	static const char mid[] = " T9 0 T8 0 TH 0 SO 0 Length ";
	uint32_t fmt, type, flags, len, time;

	if (layout == PTT_DUMP_PERF_7_3) {
		fmt = v >> 30;
		type = v >> 25 & 0x1f;
		flags = v >> 21 & 0xf; /* SO T9 T8 TH from bit 21 up: T9 highest */
		time = v & 0x7ff;
	} else {
		/* 6.1's bit-fields from bit 0: Format, Type, T9, T8, TH, SO, Length, Time */
		fmt = v & 0x3;
		type = v >> 2 & 0x1f;
		flags = (v >> 7 & 1) << 3 | (v >> 8 & 1) << 2 | (v >> 9 & 1) << 1 | (v >> 10 & 1);
		time = v >> 21;
	}
	len = v >> 11 & 0x3ff;
	o = wb_lit(o, "Format ");
	*o++ = wbuf_hexdig[fmt];
	o = hex3(wb_lit(o, " Type "), type);
	memcpy(o, mid, sizeof(mid) - 1);
	o[4] = (char)('0' + (flags >> 3 & 1));
	o[9] = (char)('0' + (flags >> 2 & 1));
	o[14] = (char)('0' + (flags >> 1 & 1));
	o[19] = (char)('0' + (flags & 1));
	o = hex3(o + sizeof(mid) - 1, len);
	o = hex3(wb_lit(o, " Time "), time);
	*o++ = '\n';
	return o;
}

static char *dump_4dw(char *o, const struct dump_tmpl *t, const uint8_t *p, size_t off,
		      enum ptt_dump_layout layout)
{
	char hi[7]; /* offset digits but the last: the same on the entry's four lines */

	wb_hex(hi, off >> 4, 7);
	memcpy(o, line_tmpl, DW_LINE);
	memcpy(o + 3, hi, 7);
	put_bytes(o, p, layout);
	o = dw0_fields(o + DW_LINE, ptt_le32(p), layout);
	memcpy(o, t->dw123, sizeof(t->dw123));
	for (int i = 0; i < 3; i++) {
		char *l = o + i * LINE_4DW;

		memcpy(l + 3, hi, 7);
		put_bytes(l, p + 4 + 4 * i, layout);
	}
	return o + sizeof(t->dw123);
}

static char *dump_8dw(char *o, const struct dump_tmpl *t, const uint8_t *p, size_t off,
		      enum ptt_dump_layout layout)
{
	static const unsigned int dw[6] = {1, 2, 3, 4, 5, 7};
	char hi[6];		   /* offset digits but the last two */
	uint8_t lo = (uint8_t)off; /* a multiple of 32: lo + 28 stays below 0x100 */

	wb_hex(hi, off >> 8, 6);
	memcpy(o, t->e8, sizeof(t->e8));
	for (int i = 0; i < 6; i++) {
		char *l = o + t->line8[i];

		memcpy(l + 3, hi, 6);
		memcpy(l + 9, wbuf_hexpair[lo + 4 * dw[i]], 2);
		put_bytes(l, p + 4 * dw[i], layout);
	}
	return o + sizeof(t->e8);
}

/* Whole entries that fit in one WBUF_SLACK reservation: 4DW < 330 bytes, 8DW 398. */
#define PER_RESERVE_4DW 3
#define PER_RESERVE_8DW 2

int ptt_dump_chunk(struct wbuf *w, const uint8_t *buf, size_t len, enum ptt_dump_layout layout)
{
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(buf, len, &f), step = ptt_entry_size(f);
	int per = f == PTT_FMT_4DW ? PER_RESERVE_4DW : PER_RESERVE_8DW;
	struct dump_tmpl t;

	if (wbuf_reserve(w))
		return w->err;
	wbuf_lit(w, ". ... HISI PTT data: size ");
	wbuf_u64(w, whole);
	wbuf_lit(w, " bytes\n");
	build_tmpl(&t);
	for (size_t off = 0; off < whole;) {
		char *o;

		if (wbuf_reserve(w))
			return w->err;
		o = w->buf + w->len;
		for (int k = 0; k < per && off < whole; k++, off += step)
			o = f == PTT_FMT_4DW ? dump_4dw(o, &t, buf + off, off, layout)
					     : dump_8dw(o, &t, buf + off, off, layout);
		w->len = (size_t)(o - w->buf);
	}
	return w->err;
}
