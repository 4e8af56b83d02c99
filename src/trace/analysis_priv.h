/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * State of the trace analyser shared by its files: the hot path
 * (analysis_feed.c), request matching (analysis_match.h and .c), the
 * timeline (analysis_timeline.c) and the result getters (analysis.c).
 */
#ifndef PCIESCOPE_TRACE_ANALYSIS_PRIV_H
#define PCIESCOPE_TRACE_ANALYSIS_PRIV_H

#include <pciescope/trace/analysis.h>

#define RID_SPACE 65536

/* Growable array of fixed-size items; grows by doubling, never per TLP. */
struct vec {
	void *items;
	size_t n, cap, size;
};

int vec_push(struct vec *v, const void *item);
/* Room for one more item, filled by the caller (big items: no copy); NULL if out of memory. */
void *vec_add(struct vec *v);
void vec_free(struct vec *v);

/* Outstanding non-posted request.  key = (rid << 10 | tag) + 1, 0 = free slot. */
struct open_req {
	uint32_t key;
	uint32_t lat; /* index into analysis.lats */
	uint16_t ncpl;
	uint16_t completer;
	uint32_t bytes;
	uint64_t start;
};

/*
 * Slots of a new table of open requests: small, because analysers of short
 * stretches and inputs are made, reset and merged often (each scans or clears
 * the whole table); a trace with more requests in flight doubles it a few
 * times at its start.
 */
#define OPEN_SLOTS_AT_START 64

struct open_table {
	struct open_req *slot;
	uint32_t mask; /* capacity - 1, capacity a power of two */
	uint32_t used;
};

/* What header DW0[31:24] (Fmt, Type) says of an entry, looked up once per entry. */
struct feed_plan {
	uint8_t kind;	/* enum tlp_kind */
	uint8_t cls;	/* enum tlp_class */
	uint8_t hbytes; /* header bytes */
	uint8_t flags;	/* PLAN_* */
};

#define PLAN_CPL 1u  /* completion layout: requester and tag in DW2 */
#define PLAN_SLOW 2u /* a prefix or an unknown kind: tlp_decode_brief decides */

/* Time unwrapping (analysis.h): the views' rule, and the format it started in. */
struct clock {
	struct ptt_clock t;
	enum ptt_format first_fmt;
};

/*
 * A completion a segment found no request for, which the stretch before it
 * may have (analysis_merge.c).  bytes: what it adds to the request's bytes.
 */
struct orphan {
	uint32_t key;
	uint32_t bytes;
	uint64_t now;
	bool last;
};

/*
 * Tags one requester of a segment requested so far, and those an orphan
 * that closes a request went to: one bit per 10-bit tag.
 */
struct seg_tags {
	uint64_t requested[16], closed[16];
};

/*
 * The node index of the IDs a table folded (analysis_folded), beyond any
 * kept one; the latency index of kind k's folded slot is LAT_OTHER + k.
 */
#define NODE_OTHER ((long)ANALYSIS_MAX_KEYS)
#define LAT_OTHER 0x80000000u
/* Orphans a segment keeps: past them it is full (seg_full). */
#define SEG_MAX_ORPHANS 65536

struct analysis {
	struct analysis_opts o;
	bool filtered; /* o.filter keeps only some entries: analysis_feed_entries takes its own loop */
	enum tlp_class cls_of[TLP_KIND_COUNT];
	uint8_t hdr_bytes[8]; /* header bytes by fmt, from tlp_header_dws */
	struct feed_plan plan[256];

	struct clock clk;

	struct analysis_summary sum;
	struct analysis_counts kind[ANALYSIS_NDIR][TLP_KIND_COUNT];

	/* Requester ID -> index + 1 into the node vectors (0: not seen) */
	uint32_t *req_idx, *cpl_idx;
	struct vec reqs, cpls; /* struct analysis_node */
	/* (requester node, kind) -> index + 1 into lats */
	struct vec req_lat_idx; /* uint32_t[TLP_KIND_COUNT] per requester node */
	struct vec lats;	/* struct analysis_lat */
	struct analysis_lat kind_lat[TLP_KIND_COUNT];
	struct analysis_lat all_lat;
	struct analysis_folded fold;

	struct open_table open;
	uint32_t open_peak; /* most requests open at once */

	/* A segment's own (analysis_merge.c). */
	bool segment;
	struct vec seg_tags; /* struct seg_tags, by requester node */
	struct vec orphans;  /* struct orphan */
	bool seg_oom;	     /* the merge fails: something above was not kept */
	bool seg_full;	     /* a table filled up: the merge could not be exact */

	/* timeline */
	struct vec win; /* struct analysis_window */
	uint64_t win_ticks;
	uint64_t win_end; /* first tick after the current window */
	size_t win_cur;
	bool win_auto, win_overflow;
};

void feed_plan_init(struct analysis *a);

/*
 * Adds rid to v, or folds it (NODE_OTHER, counted in *folded) when v is
 * full; -1 if out of memory.
 */
long node_new(struct analysis *a, struct vec *v, uint32_t *idx, uint64_t *folded, uint16_t rid);

/* Index of the node of rid in v (added on first sight), NODE_OTHER or -1. */
static inline long node_of(struct analysis *a, struct vec *v, uint32_t *idx, uint64_t *folded,
			   uint16_t rid)
{
	if (__builtin_expect(!idx[rid], 0))
		return node_new(a, v, idx, folded, rid);
	return (long)idx[rid] - 1;
}

static inline long requester_of(struct analysis *a, uint16_t rid)
{
	return node_of(a, &a->reqs, a->req_idx, &a->fold.requesters, rid);
}

static inline long completer_of(struct analysis *a, uint16_t rid)
{
	return node_of(a, &a->cpls, a->cpl_idx, &a->fold.completers, rid);
}

static inline struct analysis_node *node_at(struct vec *v, struct analysis_node *other, long i)
{
	return i == NODE_OTHER ? other : (struct analysis_node *)v->items + i;
}

static inline struct analysis_lat *lat_at(struct analysis *a, uint32_t i)
{
	if (i >= LAT_OTHER)
		return &a->fold.latency[i - LAT_OTHER];
	return (struct analysis_lat *)a->lats.items + i;
}

/* Creates the latency slot of (requester node, kind), or folds it; -1 if out of memory. */
long lat_new(struct analysis *a, long node, enum tlp_kind k);

/* Latency slot of (requester node, kind), created on first use; -1 if out of memory. */
static inline long lat_of(struct analysis *a, long node, enum tlp_kind k)
{
	if (node == NODE_OTHER)
		return (long)(LAT_OTHER + k);
	if ((size_t)node < a->req_lat_idx.n) {
		uint32_t i = ((uint32_t *)a->req_lat_idx.items)[(size_t)node * TLP_KIND_COUNT + k];

		if (i)
			return (long)i - 1;
	}
	return lat_new(a, node, k);
}

int open_table_init(struct open_table *t, uint32_t capacity);
void open_table_free(struct open_table *t);
int open_grow(struct open_table *t);
/*
 * Room for one more request in a's table, grown if need be: 0, or -ENOSPC
 * with ANALYSIS_MAX_OPEN open (counted in a->fold.untracked), -ENOMEM.
 */
int open_room(struct analysis *a);
void open_erase(struct open_table *t, uint32_t i);
/* Tells on_txn of the request in slot i closed by completion b at now, then closes it. */
void match_close(struct analysis *a, uint32_t i, struct tlp_brief b, uint64_t now);
void match_finish(struct analysis *a);

/*
 * An analyser for a stretch of the trace after first's (same options), and
 * adding such a segment's results to a, whose stretch comes just before
 * it.  See analysis_merge.c.  -EINVAL when first keeps a timeline or has
 * on_txn; -ENOMEM; -EAGAIN (a unchanged) when the segment cannot be merged
 * exactly, its tables full: feed its stretch to a instead.
 */
int analysis_create_segment(const struct analysis *first, struct analysis **out);
int analysis_merge(struct analysis *a, const struct analysis *s);
/* In a segment: completion b at now matched no request here. */
void segment_orphan(struct analysis *a, const struct tlp_brief *b, uint32_t key, uint64_t now);
/* The seg_tags of requester node, added if new; NULL if out of memory or NODE_OTHER. */
struct seg_tags *segment_tags(struct analysis *a, long node);

/* In a segment: the requester at node asked with tag. */
static inline void segment_request(struct analysis *a, long node, uint16_t tag)
{
	struct seg_tags *t = (size_t)node < a->seg_tags.n
				 ? (struct seg_tags *)a->seg_tags.items + node
				 : segment_tags(a, node);

	if (t)
		t->requested[(tag & 0x3ff) >> 6] |= 1ull << (tag & 63);
}

int timeline_init(struct analysis *a);
void timeline_add(struct analysis *a, enum tlp_class c, uint32_t bytes, uint64_t now);

#endif
