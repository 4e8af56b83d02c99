// SPDX-License-Identifier: GPL-2.0-only
/*
 * One JSON object per trace entry, one per line.  The key names are a
 * contract with users' scripts (README, docs/trace-format.md): offset,
 * format, time (raw field), prefix, dw, ticks (time unwrapped), fmt, type,
 * length, kind, then the fields the
 * kind carries: a request with TLP Processing Hints has its address without
 * the PH bits, then ph and st (and no first_be/last_be where ST took their
 * place).  Keys are memcpy'd constants and numbers come from pair
 * tables through a local cursor, so a 256 MiB trace converts at hundreds of
 * MB/s.
 */
#include <pciescope/pcie/bdf.h>
#include <pciescope/trace/ptt_print.h>

#include "ptt_view.h"

#define KEY_U(o, k, v) wb_u64(wb_lit((o), k), (v))
#define KEY_S(o, k, v) wb_u16(wb_lit((o), k), (v)) /* v < 65536 */

static inline char *hex32_str(char *o, uint32_t v)
{
	o = wb_lit(o, "\"0x");
	o = wb_hex(o, v, 8);
	*o++ = '"';
	return o;
}

/* "bb:dd.f" */
static inline char *rid_str(char *o, uint16_t rid)
{
	o[0] = '"';
	memcpy(o + 1, wbuf_hexpair[PCI_RID_BUS(rid)], 2);
	o[3] = ':';
	memcpy(o + 4, wbuf_hexpair[PCI_RID_DEV(rid)], 2);
	o[6] = '.';
	o[7] = (char)('0' + PCI_RID_FN(rid));
	o[8] = '"';
	return o + 9;
}

static char *kind_fields(char *o, const struct ptt_view *v)
{
	const struct tlp_hdr *h = &v->h;
	enum ptt_view_shape shape = ptt_view_shape(v->kind);
	if (shape == SHAPE_CPL) {
		o = rid_str(wb_lit(o, ",\"completer\":"), h->completer);
		o = wb_lit(o, ",\"status\":\"");
		o = ptt_put_name(o, ptt_status_name(h->status));
		*o++ = '"';
		o = KEY_S(o, ",\"byte_count\":", h->byte_count);
		o = KEY_S(o, ",\"lower_address\":", h->lower_address);
	}
	o = rid_str(wb_lit(o, ",\"requester\":"), h->requester);
	o = KEY_S(o, ",\"tag\":", h->tag);
	if (shape == SHAPE_MEM || shape == SHAPE_ATOMIC) {
		int st = tlp_steering_tag(h);

		o = wb_hex(wb_lit(o, ",\"address\":\"0x"), tlp_request_address(h), 16);
		*o++ = '"';
		if (st >= 0) {
			o = KEY_S(o, ",\"ph\":", (uint32_t)tlp_processing_hint(h));
			o = KEY_S(o, ",\"st\":", (uint32_t)st);
		}
	}
	if (shape == SHAPE_CFG) {
		o = KEY_S(o, ",\"bus\":", PCI_RID_BUS(h->cfg_target));
		o = KEY_S(o, ",\"device\":", PCI_RID_DEV(h->cfg_target));
		o = KEY_S(o, ",\"function\":", PCI_RID_FN(h->cfg_target));
		o = KEY_S(o, ",\"register\":", h->cfg_register);
	}
	if ((shape == SHAPE_MEM && tlp_has_byte_enables(h)) || shape == SHAPE_CFG) {
		o = KEY_S(o, ",\"first_be\":", h->first_be);
		o = KEY_S(o, ",\"last_be\":", h->last_be);
	}
	if (shape == SHAPE_MSG)
		o = KEY_S(o, ",\"message_code\":", h->message_code);
	return o;
}

static void json_view(struct wbuf *w, const struct ptt_entry *e, const struct ptt_view *v,
		      uint64_t off, uint64_t ticks)
{
	char *o = w->buf + w->len;
	uint32_t dw0 = e->hdr[0];

	o = KEY_U(o, "{\"offset\":", off);
	if (e->format == PTT_FMT_8DW) {
		o = KEY_U(o, ",\"format\":\"8dw\",\"time\":", e->time);
		o = hex32_str(wb_lit(o, ",\"prefix\":"), e->prefix);
		o = hex32_str(wb_lit(o, ",\"dw\":["), e->hdr[0]);
		*o++ = ',';
	} else {
		o = KEY_S(o, ",\"format\":\"4dw\",\"time\":", e->time);
		o = wb_lit(o, ",\"dw\":[");
	}
	o = hex32_str(o, e->hdr[1]);
	*o++ = ',';
	o = hex32_str(o, e->hdr[2]);
	*o++ = ',';
	o = hex32_str(o, e->hdr[3]);
	o = KEY_U(o, "],\"ticks\":", ticks);
	o = KEY_S(o, ",\"fmt\":", dw0 >> 29);
	o = KEY_S(o, ",\"type\":", dw0 >> 24 & 0x1f);
	o = KEY_S(o, ",\"length\":", dw0 & 0x3ff);
	o = wb_lit(o, ",\"kind\":\"");
	o = ptt_put_name(o, ptt_kind_name(v->kind));
	*o++ = '"';
	if (v->decoded)
		o = kind_fields(o, v);
	o = wb_lit(o, "}\n");
	w->len = (size_t)(o - w->buf);
}

void ptt_json_entry(struct wbuf *w, const struct ptt_entry *e, uint64_t off, uint64_t ticks)
{
	struct ptt_view v;

	ptt_view_decode(e, &v);
	json_view(w, e, &v, off, ticks);
}

int ptt_json_chunk(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
		   struct ptt_clock *clk)
{
	return ptt_view_chunk(w, buf, len, base, clk, json_view);
}

int ptt_json_chunk_where(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
			 struct ptt_clock *clk, const struct ptt_filter *filter)
{
	return ptt_view_chunk_where(w, buf, len, base, clk, filter, json_view);
}
