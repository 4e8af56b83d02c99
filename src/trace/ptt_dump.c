// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HISI PTT part of `perf report -D` as Linux perf 6.1 prints it.  Every
 * line is ".  <offset>: b0 b1 b2 b3 " + 30 blanks + "  " + a label, offsets
 * counting from the start of the AUXTRACE chunk.  8DW entries skip DW0 and
 * DW6 (marker, reserved) but count them in the offsets.  A 4DW DW0 is broken
 * down with 6.1's bit-field order (Format in the lowest bits, Time in the
 * highest), which is the reverse of the PTT document's drawing.
 */
#include <pciescope/trace/ptt_print.h>

static const char *const labels_8dw[8] = {
	NULL, "Prefix", "Header DW0", "Header DW1", "Header DW2", "Header DW3", NULL, "Time",
};

size_t ptt_chunk_whole(const uint8_t *buf, size_t len, enum ptt_format *f)
{
	*f = ptt_detect_format(buf, len);
	return len - len % ptt_entry_size(*f);
}

/*
 * ".  %08x: %02x %02x %02x %02x " and the fixed padding: a 57-byte template
 * copied whole, then the offset and byte digits written in place.
 */
#define DW_LINE 57

static void dw_prefix(struct wbuf *w, const uint8_t *p, size_t off)
{
	static const char tmpl[DW_LINE + 1] = ".  00000000: 00 00 00 00 "
					      "                                ";
	char *o = w->buf + w->len;

	memcpy(o, tmpl, DW_LINE);
	wb_hex(o + 3, off, 8);
	memcpy(o + 13, wbuf_hexpair[p[0]], 2);
	memcpy(o + 16, wbuf_hexpair[p[1]], 2);
	memcpy(o + 19, wbuf_hexpair[p[2]], 2);
	memcpy(o + 22, wbuf_hexpair[p[3]], 2);
	w->len += DW_LINE;
}

static void field(struct wbuf *w, const char *name, size_t n, uint32_t v, char end)
{
	wbuf_mem(w, name, n);
	wbuf_putc(w, ' ');
	wbuf_hexmin(w, v);
	wbuf_putc(w, end);
}

/* perf 6.1 reads DW0 through bit-fields allocated from bit 0 upwards. */
static void dw0_fields(struct wbuf *w, uint32_t v)
{
	field(w, "Format", 6, v & 0x3, ' ');
	field(w, "Type", 4, v >> 2 & 0x1f, ' ');
	field(w, "T9", 2, v >> 7 & 1, ' ');
	field(w, "T8", 2, v >> 8 & 1, ' ');
	field(w, "TH", 2, v >> 9 & 1, ' ');
	field(w, "SO", 2, v >> 10 & 1, ' ');
	field(w, "Length", 6, v >> 11 & 0x3ff, ' ');
	field(w, "Time", 4, v >> 21, '\n');
}

static void dump_4dw(struct wbuf *w, const uint8_t *p, size_t off)
{
	static const char *const labels[3] = { "Header DW1\n", "Header DW2\n", "Header DW3\n" };

	dw_prefix(w, p, off);
	dw0_fields(w, (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			      (uint32_t)p[3] << 24);
	for (int i = 0; i < 3; i++) {
		dw_prefix(w, p + 4 + 4 * i, off + 4 + 4 * i);
		wbuf_mem(w, labels[i], 11);
	}
}

static void dump_8dw(struct wbuf *w, const uint8_t *p, size_t off)
{
	for (int i = 1; i < 8; i++) {
		if (!labels_8dw[i])
			continue;
		dw_prefix(w, p + 4 * i, off + 4 * (size_t)i);
		wbuf_str(w, labels_8dw[i]);
		wbuf_putc(w, '\n');
	}
}

int ptt_dump_chunk(struct wbuf *w, const uint8_t *buf, size_t len)
{
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(buf, len, &f), step = ptt_entry_size(f);

	if (wbuf_reserve(w))
		return w->err;
	wbuf_lit(w, ". ... HISI PTT data: size ");
	wbuf_u64(w, whole);
	wbuf_lit(w, " bytes\n");
	for (size_t off = 0; off < whole; off += step) {
		/* one 8DW entry prints 6 lines of < 70 bytes: split the reservation */
		if (wbuf_reserve(w))
			return w->err;
		if (f == PTT_FMT_4DW) {
			dump_4dw(w, buf + off, off);
			continue;
		}
		dump_8dw(w, buf + off, off);
	}
	return w->err;
}
