// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's hot path: one step per trace entry.  Everything is a table
 * index (kind, class, Requester ID) or an open-addressing probe; the only
 * allocations happen when a requester, latency key or window first appears.
 *
 * A step works on struct tlp_brief, the few header fields statistics need.
 * analysis_feed_entries decodes a chunk straight into it (ptt_entry_hdr,
 * tlp_decode_brief), several times cheaper than a struct ptt_entry and a
 * full struct tlp_hdr per entry; analysis_feed reduces a full decode to it,
 * so both paths count alike.
 */
#include <string.h>

#include "analysis_priv.h"

static void unwrap_time(struct analysis *a, enum ptt_format f, uint32_t time)
{
	uint32_t mask = f == PTT_FMT_4DW ? 0x7ffu : 0xffffffffu;
	uint32_t raw = time & mask;

	if (!a->started) {
		a->started = true;
		a->now = raw;
		a->sum.first = raw;
	} else if (f == a->last_fmt) {
		a->now += (raw - a->last_raw) & mask;
	}
	a->last_fmt = f;
	a->last_raw = raw;
	a->sum.last = a->now;
	a->sum.entries++;
}

/* Index of the node of rid in v (added on first sight), or -1 if out of memory. */
static long node_of(struct vec *v, uint32_t *idx, uint16_t rid)
{
	if (__builtin_expect(!idx[rid], 0)) {
		struct analysis_node n = {.rid = rid};

		if (vec_push(v, &n))
			return -1;
		idx[rid] = (uint32_t)v->n;
	}
	return (long)idx[rid] - 1;
}

static void add(struct analysis_counts *c, uint32_t bytes, uint32_t hbytes)
{
	c->tlps++;
	c->payload_bytes += bytes;
	c->header_bytes += hbytes;
}

/* Creates the latency slot of (requester node, kind); -1 if out of memory. */
static long new_lat(struct analysis *a, long node, enum tlp_kind k)
{
	static const uint32_t none[TLP_KIND_COUNT];
	struct analysis_lat *l;

	while (a->req_lat_idx.n <= (size_t)node)
		if (vec_push(&a->req_lat_idx, none))
			return -1;
	/* In place: a slot holds a 15 KiB histogram, not worth a temporary. */
	l = vec_add(&a->lats);
	if (!l)
		return -1;
	memset(l, 0, sizeof(*l));
	l->requester = ((struct analysis_node *)a->reqs.items)[node].rid;
	l->kind = k;
	lat_hist_init(&l->hist);
	((uint32_t *)a->req_lat_idx.items)[(size_t)node * TLP_KIND_COUNT + k] = (uint32_t)a->lats.n;
	return (long)a->lats.n - 1;
}

/* Latency slot of (requester node, kind), created on first use; -1 if out of memory. */
static long lat_of(struct analysis *a, long node, enum tlp_kind k)
{
	if ((size_t)node < a->req_lat_idx.n) {
		uint32_t i = ((uint32_t *)a->req_lat_idx.items)[(size_t)node * TLP_KIND_COUNT + k];

		if (i)
			return (long)i - 1;
	}
	return new_lat(a, node, k);
}

static void count_request(struct analysis *a, const struct tlp_brief *b, long node)
{
	long lat = lat_of(a, node, b->kind);

	if (lat < 0) {
		a->sum.unmatched_requests++;
		return;
	}
	((struct analysis_lat *)a->lats.items)[lat].requests++;
	match_request(a, b, (uint32_t)lat);
}

static void count_nodes(struct analysis *a, const struct tlp_brief *b, enum tlp_class c,
			uint32_t hbytes)
{
	long r = node_of(&a->reqs, a->req_idx, b->requester);

	if (r >= 0)
		add(&((struct analysis_node *)a->reqs.items)[r].cls[c], b->payload, hbytes);
	if (c == TLP_CLASS_CPL) {
		long n = node_of(&a->cpls, a->cpl_idx, b->completer);

		if (n >= 0)
			add(&((struct analysis_node *)a->cpls.items)[n].cls[c], b->payload, hbytes);
		match_completion(a, b);
	} else if (c == TLP_CLASS_NP && r >= 0) {
		count_request(a, b, r);
	}
}

/* One decoded entry: b from its header, prefix its 8DW prefix word. */
static inline void feed(struct analysis *a, enum ptt_format f, uint32_t time, uint32_t prefix,
			const struct tlp_brief *b, enum analysis_dir d)
{
	enum tlp_kind k = b->kind;
	enum tlp_class c = a->cls_of[k];
	uint32_t hbytes = a->hdr_bytes[b->fmt & 7] + (prefix ? 4 : 0);

	unwrap_time(a, f, time);
	add(&a->kind[d][k], b->payload, hbytes);
	if (!a->o.no_timeline)
		timeline_add(a, c, b->payload);
	if (c < ANALYSIS_NCLASS && k != TLP_UNKNOWN)
		count_nodes(a, b, c, hbytes);
}

static void brief_of(const struct tlp_hdr *h, struct tlp_brief *b)
{
	*b = (struct tlp_brief){
	    .kind = (uint8_t)(h->kind < TLP_KIND_COUNT ? h->kind : TLP_UNKNOWN),
	    .fmt = h->fmt,
	    .status = h->status,
	    .lower_address = h->lower_address,
	    .payload = (uint16_t)tlp_payload_bytes(h),
	    .requester = h->requester,
	    .tag = h->tag,
	    .completer = h->completer,
	    .byte_count = h->byte_count,
	};
}

static enum analysis_dir dir_index(enum analysis_dir d)
{
	return d < ANALYSIS_NDIR ? d : ANALYSIS_DIR_UNKNOWN;
}

void analysis_feed(struct analysis *a, const struct ptt_entry *e, const struct tlp_hdr *h,
		   enum analysis_dir d)
{
	struct tlp_brief b;

	brief_of(h, &b);
	feed(a, e->format, e->time, e->format == PTT_FMT_8DW ? e->prefix : 0, &b, dir_index(d));
}

void analysis_feed_undecoded(struct analysis *a, const struct ptt_entry *e)
{
	unwrap_time(a, e->format, e->time);
	a->sum.undecoded++;
}

/* f is a constant where this is inlined, so each format gets its own loop. */
static inline void feed_run(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
			    enum analysis_dir d)
{
	size_t sz = ptt_entry_size(f);

	for (size_t off = 0; off + sz <= len; off += sz) {
		uint32_t hdr[4], time, prefix = ptt_entry_hdr(buf + off, f, hdr, &time);
		struct tlp_brief b;

		if (tlp_decode_brief(hdr, 4, &b) > 0) {
			feed(a, f, time, prefix, &b, d);
		} else {
			unwrap_time(a, f, time);
			a->sum.undecoded++;
		}
	}
}

void analysis_feed_entries(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
			   enum analysis_dir d)
{
	if (f == PTT_FMT_8DW)
		feed_run(a, buf, len, PTT_FMT_8DW, dir_index(d));
	else
		feed_run(a, buf, len, PTT_FMT_4DW, dir_index(d));
}
