/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * State of the trace analyser shared by its files: the hot path
 * (analysis_feed.c), request matching (analysis_match.c), the timeline
 * (analysis_timeline.c) and the result getters (analysis.c).
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

struct open_table {
	struct open_req *slot;
	uint32_t mask; /* capacity - 1, capacity a power of two */
	uint32_t used;
};

struct analysis {
	struct analysis_opts o;
	enum tlp_class cls_of[TLP_KIND_COUNT];
	uint8_t hdr_bytes[8]; /* header bytes by fmt, from tlp_header_dws */

	/* time unwrapping */
	bool started;
	enum ptt_format last_fmt;
	uint32_t last_raw;
	uint64_t now;

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

	struct open_table open;

	/* timeline */
	struct vec win; /* struct analysis_window */
	uint64_t win_ticks;
	uint64_t win_end; /* first tick after the current window */
	size_t win_cur;
	bool win_auto, win_overflow;
};

int open_table_init(struct open_table *t, uint32_t capacity);
void open_table_free(struct open_table *t);

void match_request(struct analysis *a, const struct tlp_brief *b, uint32_t lat);
void match_completion(struct analysis *a, const struct tlp_brief *b);
void match_finish(struct analysis *a);

int timeline_init(struct analysis *a);
void timeline_add(struct analysis *a, enum tlp_class c, uint32_t bytes);

#endif
