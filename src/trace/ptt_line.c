// SPDX-License-Identifier: GPL-2.0-only
/*
 * One readable line per trace entry, in the spirit of `perf script`:
 *
 *   0x00000040 4dw     1234 MRd64    req=01:00.1 tag=0x12 len=16 addr=0x... lbe=f fbe=f
 *
 * columns (named by a header line, ptt_line_header): stream offset, format,
 * time (the time field unwrapped as the analysis does: ptt_clock), TLP
 * kind, then the fields
 * the kind carries (the JSON view's, less Length where it is reserved:
 * completions and messages without data).  A request with TLP Processing
 * Hints shows its address without the PH bits, then ph= and st=, and no
 * byte enables where ST took their place (src/pcie/tlp_hints.c decides).
 * Entries whose header is reserved or a prefix show their raw header DWs
 * instead.  Tags and byte enables are worded as everywhere else in
 * pciescope (pcie/tlp_format.c): tag=0x12, lbe=L fbe=F.
 */
#include <pciescope/pcie/bdf.h>
#include <pciescope/trace/ptt_print.h>

#include "ptt_view.h"

static void rid(struct wbuf *w, const char *key, size_t n, uint16_t r)
{
	wbuf_mem(w, key, n);
	wbuf_hex(w, PCI_RID_BUS(r), 2);
	wbuf_putc(w, ':');
	wbuf_hex(w, PCI_RID_DEV(r), 2);
	wbuf_putc(w, '.');
	wbuf_putc(w, (char)('0' + PCI_RID_FN(r)));
}

#define RID(w, k, v) rid((w), k, sizeof(k) - 1, (v))

static void pad_to(struct wbuf *w, size_t start, size_t width)
{
	while (w->len - start < width)
		wbuf_putc(w, ' ');
}

/* v right-aligned in width columns ("%*llu"). */
static void right_u64(struct wbuf *w, uint64_t v, size_t width)
{
	char tmp[20];
	size_t n = (size_t)(wb_u64(tmp, v) - tmp);

	for (size_t i = n; i < width; i++)
		wbuf_putc(w, ' ');
	wbuf_mem(w, tmp, n);
}

static void raw_dws(struct wbuf *w, const struct ptt_entry *e)
{
	wbuf_lit(w, " hdr=");
	for (int i = 0; i < 4; i++) {
		if (i)
			wbuf_putc(w, ' ');
		wbuf_hex(w, e->hdr[i], 8);
	}
}

/* " ph=N st=0xNN" of a request with TLP Processing Hints. */
static void hints(struct wbuf *w, const struct tlp_hdr *h)
{
	int st = tlp_steering_tag(h);

	if (st < 0)
		return;
	wbuf_lit(w, " ph=");
	wbuf_putc(w, (char)('0' + tlp_processing_hint(h)));
	wbuf_lit(w, " st=0x");
	wbuf_hex(w, (unsigned int)st, 2);
}

static void fields(struct wbuf *w, const struct ptt_view *v)
{
	const struct tlp_hdr *h = &v->h;
	enum ptt_view_shape shape = ptt_view_shape(v->kind);

	if (shape == SHAPE_CPL) {
		RID(w, " cpl=", h->completer);
		wbuf_lit(w, " status=");
		w->len =
		    (size_t)(ptt_put_name(w->buf + w->len, ptt_status_name(h->status)) - w->buf);
	}
	RID(w, " req=", h->requester);
	wbuf_lit(w, " tag=0x");
	wbuf_hex(w, h->tag, h->tag > 0xff ? 3 : 2);
	if (h->fmt & 2 || (shape != SHAPE_CPL && shape != SHAPE_MSG)) {
		wbuf_lit(w, " len=");
		wbuf_u64(w, h->length ? h->length : 1024);
	}
	if (shape == SHAPE_CPL) {
		wbuf_lit(w, " bc=");
		wbuf_u64(w, h->byte_count);
		wbuf_lit(w, " la=0x");
		wbuf_hex(w, h->lower_address, 2);
	} else if (shape == SHAPE_CFG) {
		RID(w, " cfg=", h->cfg_target);
		wbuf_lit(w, " reg=0x");
		wbuf_hex(w, (uint64_t)h->cfg_register * 4, 3);
	} else if (shape == SHAPE_MSG) {
		wbuf_lit(w, " code=0x");
		wbuf_hex(w, h->message_code, 2);
	} else {
		wbuf_lit(w, " addr=0x");
		wbuf_hex(w, tlp_request_address(h), 16);
		hints(w, h);
	}
	if ((shape == SHAPE_MEM && tlp_has_byte_enables(h)) || shape == SHAPE_CFG) {
		wbuf_lit(w, " lbe=");
		wbuf_hex(w, h->last_be, 1);
		wbuf_lit(w, " fbe=");
		wbuf_hex(w, h->first_be, 1);
	}
}

static void line_view(struct wbuf *w, const struct ptt_entry *e, const struct ptt_view *v,
		      uint64_t off, uint64_t ticks)
{
	size_t start;

	wbuf_lit(w, "0x");
	wbuf_hex(w, off, 10);
	wbuf_mem(w, e->format == PTT_FMT_8DW ? " 8dw " : " 4dw ", 5);
	right_u64(w, ticks, 10);
	wbuf_putc(w, ' ');
	start = w->len;
	w->len = (size_t)(ptt_put_name(w->buf + w->len, ptt_kind_name(v->kind)) - w->buf);
	pad_to(w, start, 10);
	if (v->decoded)
		fields(w, v);
	else
		raw_dws(w, e);
	if (e->format == PTT_FMT_8DW && e->prefix) {
		wbuf_lit(w, " prefix=0x");
		wbuf_hex(w, e->prefix, 8);
	}
	wbuf_putc(w, '\n');
}

void ptt_line_entry(struct wbuf *w, const struct ptt_entry *e, uint64_t off, uint64_t ticks)
{
	struct ptt_view v;

	ptt_view_decode(e, &v);
	line_view(w, e, &v, off, ticks);
}

int ptt_line_chunk(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
		   struct ptt_clock *clk)
{
	return ptt_view_chunk(w, buf, len, base, clk, line_view);
}

int ptt_line_chunk_where(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
			 struct ptt_clock *clk, const struct ptt_filter *filter)
{
	return ptt_view_chunk_where(w, buf, len, base, clk, filter, line_view);
}

/* Each name where ptt_line_entry starts its column ("time" right-aligned as the times are). */
void ptt_line_header(struct wbuf *w)
{
	wbuf_lit(w, "offset       fmt       time kind       fields\n");
}
