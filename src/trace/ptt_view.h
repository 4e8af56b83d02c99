/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One trace entry decoded for display: the entry, the kind of its TLP and,
 * when the kind is a request or completion, the decoded header.  Shared by
 * the line and JSON views and the report filter (ptt_filter.c), so that
 * what a filter keeps is judged on what the views print.  Internal to
 * src/trace/.
 */
#ifndef PCIESCOPE_SRC_TRACE_PTT_VIEW_H
#define PCIESCOPE_SRC_TRACE_PTT_VIEW_H

#include <stdbool.h>
#include <string.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/ptt_entry.h>
#include <pciescope/trace/ptt_filter.h>
#include <pciescope/trace/ptt_print.h>

struct ptt_view {
	enum tlp_kind kind;
	bool decoded; /* h is valid */
	struct tlp_hdr h;
};

/* Which fields a kind carries (the same for both views). */
enum ptt_view_shape { SHAPE_NONE, SHAPE_MEM, SHAPE_ATOMIC, SHAPE_CFG, SHAPE_MSG, SHAPE_CPL };

static inline enum ptt_view_shape ptt_view_shape(enum tlp_kind k)
{
	switch (k) {
	case TLP_MRD32:
	case TLP_MRD64:
	case TLP_MRDLK32:
	case TLP_MRDLK64:
	case TLP_MWR32:
	case TLP_MWR64:
	case TLP_IORD:
	case TLP_IOWR:
		return SHAPE_MEM;
	case TLP_FETCHADD32:
	case TLP_FETCHADD64:
	case TLP_SWAP32:
	case TLP_SWAP64:
	case TLP_CAS32:
	case TLP_CAS64:
		return SHAPE_ATOMIC;
	case TLP_CFGRD0:
	case TLP_CFGWR0:
	case TLP_CFGRD1:
	case TLP_CFGWR1:
		return SHAPE_CFG;
	case TLP_MSG:
	case TLP_MSGD:
		return SHAPE_MSG;
	case TLP_CPL:
	case TLP_CPLD:
	case TLP_CPLLK:
	case TLP_CPLDLK:
		return SHAPE_CPL;
	default:
		return SHAPE_NONE;
	}
}

/* Name of a kind in a zero-padded slot, and its length. */
struct ptt_name {
	char s[16];
	size_t n;
};
const struct ptt_name *ptt_kind_name(enum tlp_kind k);
const struct ptt_name *ptt_status_name(uint8_t status);

/* Copies the whole slot (the output has WBUF_SLACK room), keeps n bytes. */
static inline char *ptt_put_name(char *o, const struct ptt_name *n)
{
	memcpy(o, n->s, sizeof(n->s));
	return o + n->n;
}

static inline void ptt_view_decode(const struct ptt_entry *e, struct ptt_view *v)
{
	v->kind = tlp_kind_of(e->hdr[0]);
	v->decoded = ptt_view_shape(v->kind) != SHAPE_NONE && tlp_decode(e->hdr, 4, &v->h) > 0;
	if (!v->decoded && ptt_view_shape(v->kind) != SHAPE_NONE)
		v->kind = TLP_UNKNOWN;
}

/*
 * Whether filter keeps the entry v shows, at unwrapped time ticks: the one
 * rule of every view.  An entry whose header does not decode has no
 * Requester ID and is of kind Unknown.
 */
static inline bool ptt_view_keeps(const struct ptt_filter *f, const struct ptt_view *v,
				  uint64_t ticks)
{
	return ptt_filter_match(f, v->kind, v->decoded, v->decoded ? v->h.requester : 0, ticks);
}

/* A view's printer of one entry, e decoded as v, at stream offset off and unwrapped time ticks. */
typedef void (*ptt_view_entry_fn)(struct wbuf *w, const struct ptt_entry *e,
				  const struct ptt_view *v, uint64_t off, uint64_t ticks);

/*
 * Decodes every whole entry of a chunk and prints it with entry(), offsets
 * counted from base, times unwrapped on clk.  Inline so that entry, a constant at each call site,
 * is inlined into the loop as if written there.
 */
static inline int ptt_view_chunk(struct wbuf *w, const uint8_t *buf, size_t len, uint64_t base,
				 struct ptt_clock *clk, ptt_view_entry_fn entry)
{
	enum ptt_format f;
	size_t whole = ptt_chunk_whole(buf, len, &f), step = ptt_entry_size(f);
	struct ptt_entry e;
	struct ptt_view v;

	for (size_t off = 0; off < whole; off += step) {
		if (wbuf_reserve(w))
			return w->err;
		ptt_entry_decode(buf + off, f, &e);
		ptt_view_decode(&e, &v);
		entry(w, &e, &v, base + off, ptt_clock_tick(clk, f, e.time));
	}
	return w->err;
}

/*
 * ptt_view_chunk printing only the entries filter keeps (all of them with
 * NULL).  Each entry is decoded once, for the filter and the printer both.
 */
static inline int ptt_view_chunk_where(struct wbuf *w, const uint8_t *buf, size_t len,
				       uint64_t base, struct ptt_clock *clk,
				       const struct ptt_filter *filter, ptt_view_entry_fn entry)
{
	enum ptt_format f;
	size_t whole, step;
	struct ptt_entry e;
	struct ptt_view v;

	if (ptt_filter_none(filter))
		return ptt_view_chunk(w, buf, len, base, clk, entry);
	whole = ptt_chunk_whole(buf, len, &f);
	step = ptt_entry_size(f);
	for (size_t off = 0; off < whole; off += step) {
		uint64_t t;

		if (wbuf_reserve(w))
			return w->err;
		ptt_entry_decode(buf + off, f, &e);
		t = ptt_clock_tick(clk, f, e.time); /* every entry: the field wraps */
		ptt_view_decode(&e, &v);
		if (ptt_view_keeps(filter, &v, t))
			entry(w, &e, &v, base + off, t);
	}
	return w->err;
}

#endif
