/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Non-posted request -> completion matching, the part that runs per TLP.
 * It is inline so that the analyser's hot loop (analysis_feed.c) keeps the
 * entry's fields in registers across it; the rare paths (growing the
 * table, closing a request, the end of the stream) are in analysis_match.c.
 *
 * Outstanding requests live in an open-addressing table keyed by (Requester
 * ID, 10-bit tag) with linear probing and backward-shift deletion, so a
 * lookup touches one or two cache lines and nothing is allocated per
 * request; ANALYSIS_MAX_OPEN bounds it.  A request is closed by the
 * completion whose Byte Count says that no bytes remain after it (split
 * completions count down), or by any completion with an error status.
 */
#ifndef PCIESCOPE_SRC_TRACE_ANALYSIS_MATCH_H
#define PCIESCOPE_SRC_TRACE_ANALYSIS_MATCH_H

#include "analysis_priv.h"

static inline uint32_t req_key(const struct tlp_brief *b)
{
	return ((uint32_t)b->requester << 10 | (b->tag & 0x3ff)) + 1;
}

static inline uint32_t open_home(const struct open_table *t, uint32_t key)
{
	uint32_t x = key * 0x9e3779b1u;

	return (x ^ (x >> 15)) & t->mask;
}

/* Slot of key, or of the free slot where it would go. */
static inline uint32_t open_find(const struct open_table *t, uint32_t key)
{
	uint32_t i = open_home(t, key);

	while (t->slot[i].key && t->slot[i].key != key)
		i = (i + 1) & t->mask;
	return i;
}

/* Payload bytes this completion carries of the remaining Byte Count. */
static inline uint32_t cpl_carried(const struct tlp_brief *b)
{
	uint32_t len = b->payload, skip = b->lower_address & 3;

	return len > skip ? len - skip : 0;
}

/* What a completion adds to its request's bytes: no more than its Byte Count. */
static inline uint32_t cpl_bytes(const struct tlp_brief *b)
{
	uint32_t carried = cpl_carried(b), bc = b->byte_count ? b->byte_count : 4096;

	return carried < bc ? carried : bc;
}

static inline bool cpl_is_last(const struct tlp_brief *b, uint32_t carried)
{
	uint32_t bc = b->byte_count ? b->byte_count : 4096;

	if (b->status != TLP_CPL_SC || b->kind == TLP_CPL || b->kind == TLP_CPLLK)
		return true;
	return bc <= carried;
}

/* Counts the latency of the request in slot i, closed at now, and frees the slot. */
static inline void open_close(struct analysis *a, uint32_t i, uint64_t now)
{
	struct open_req *r = &a->open.slot[i];
	struct analysis_lat *l = lat_at(a, r->lat);

	lat_hist_add(&l->hist, now - r->start);
	l->completions += r->ncpl;
	l->bytes += r->bytes;
	a->sum.matched++;
	open_erase(&a->open, i);
}

static inline enum analysis_match match_request(struct analysis *a, const struct tlp_brief *b,
						uint32_t lat, uint64_t now)
{
	struct open_table *t = &a->open;
	uint32_t key = req_key(b), i;
	enum analysis_match m = ANALYSIS_OPENED;

	if (__builtin_expect((t->used + 1) * 2 > t->mask + 1, 0) && open_room(a)) {
		a->sum.unmatched_requests++;
		return ANALYSIS_UNMATCHED;
	}
	i = open_find(t, key);
	if (t->slot[i].key) {
		a->sum.unmatched_requests++; /* tag reused: its completion never came */
		m = ANALYSIS_REOPENED;
	} else if (++t->used > a->open_peak) {
		a->open_peak = t->used;
	}
	t->slot[i] = (struct open_req){.key = key, .lat = lat, .start = now};
	return m;
}

/* *start: when the request was seen, for ANALYSIS_CLOSED. */
static inline enum analysis_match match_completion(struct analysis *a, const struct tlp_brief *b,
						   uint64_t now, uint64_t *start)
{
	struct open_table *t = &a->open;
	uint32_t key = req_key(b), i = open_find(t, key);
	struct open_req *r = &t->slot[i];

	if (!r->key) {
		a->sum.unmatched_completions++;
		if (a->segment)
			segment_orphan(a, b, key, now);
		return ANALYSIS_ORPHAN;
	}
	r->ncpl++;
	r->bytes += cpl_bytes(b);
	if (!cpl_is_last(b, cpl_carried(b)))
		return ANALYSIS_PARTIAL;
	*start = r->start;
	if (a->o.on_txn)
		match_close(a, i, *b, now);
	else
		open_close(a, i, now);
	return ANALYSIS_CLOSED;
}

#endif
