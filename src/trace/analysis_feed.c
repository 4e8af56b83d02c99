// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analyser's hot path: one call per trace entry.  Everything is a table
 * index (kind, class, Requester ID) or an open-addressing probe; the only
 * allocations happen when a requester, latency key or window first appears.
 */
#include <stdlib.h>

#include "analysis_priv.h"

static void unwrap_time(struct analysis *a, const struct ptt_entry *e)
{
	uint32_t mask = e->format == PTT_FMT_4DW ? 0x7ffu : 0xffffffffu;
	uint32_t raw = e->time & mask;

	if (!a->started) {
		a->started = true;
		a->now = raw;
		a->sum.first = raw;
	} else if (e->format == a->last_fmt) {
		a->now += (raw - a->last_raw) & mask;
	}
	a->last_fmt = e->format;
	a->last_raw = raw;
	a->sum.last = a->now;
	a->sum.entries++;
}

/* Index of the node of rid in v (added on first sight), or -1 if out of memory. */
static long node_of(struct vec *v, uint32_t *idx, uint16_t rid)
{
	if (!idx[rid]) {
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

/* Latency slot of (requester node, kind), created on first use; -1 if out of memory. */
static long lat_of(struct analysis *a, long node, enum tlp_kind k)
{
	static const uint32_t none[TLP_KIND_COUNT];
	uint32_t *idx;

	while (a->req_lat_idx.n <= (size_t)node)
		if (vec_push(&a->req_lat_idx, none))
			return -1;
	idx = (uint32_t *)a->req_lat_idx.items + (size_t)node * TLP_KIND_COUNT;
	if (!idx[k]) {
		struct analysis_lat *l = calloc(1, sizeof(*l));
		int err;

		if (!l)
			return -1;
		l->requester = ((struct analysis_node *)a->reqs.items)[node].rid;
		l->kind = k;
		lat_hist_init(&l->hist);
		err = vec_push(&a->lats, l);
		free(l);
		if (err)
			return -1;
		idx[k] = (uint32_t)a->lats.n;
	}
	return (long)idx[k] - 1;
}

static void count_request(struct analysis *a, const struct tlp_hdr *h, long node)
{
	long lat = lat_of(a, node, h->kind);

	if (lat < 0) {
		a->sum.unmatched_requests++;
		return;
	}
	((struct analysis_lat *)a->lats.items)[lat].requests++;
	match_request(a, h, (uint32_t)lat);
}

static void count_nodes(struct analysis *a, const struct tlp_hdr *h, enum tlp_class c,
			uint32_t bytes, uint32_t hbytes)
{
	long r = node_of(&a->reqs, a->req_idx, h->requester);

	if (r >= 0)
		add(&((struct analysis_node *)a->reqs.items)[r].cls[c], bytes, hbytes);
	if (c == TLP_CLASS_CPL) {
		long n = node_of(&a->cpls, a->cpl_idx, h->completer);

		if (n >= 0)
			add(&((struct analysis_node *)a->cpls.items)[n].cls[c], bytes, hbytes);
		match_completion(a, h);
	} else if (c == TLP_CLASS_NP && r >= 0) {
		count_request(a, h, r);
	}
}

void analysis_feed(struct analysis *a, const struct ptt_entry *e, const struct tlp_hdr *h,
		   enum analysis_dir d)
{
	enum tlp_kind k = h->kind < TLP_KIND_COUNT ? h->kind : TLP_UNKNOWN;
	enum tlp_class c = a->cls_of[k];
	uint32_t bytes = tlp_payload_bytes(h);
	uint32_t hbytes = a->hdr_bytes[h->fmt & 7];

	if (e->format == PTT_FMT_8DW && e->prefix)
		hbytes += 4;
	unwrap_time(a, e);
	add(&a->kind[d < ANALYSIS_NDIR ? d : ANALYSIS_DIR_UNKNOWN][k], bytes, hbytes);
	if (!a->o.no_timeline)
		timeline_add(a, c, bytes);
	if (c < ANALYSIS_NCLASS && k != TLP_UNKNOWN)
		count_nodes(a, h, c, bytes, hbytes);
}

void analysis_feed_undecoded(struct analysis *a, const struct ptt_entry *e)
{
	unwrap_time(a, e);
	a->sum.undecoded++;
}
