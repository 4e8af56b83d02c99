/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The evidence of diag/trace.h, shared by the collector (trace_evidence.c)
 * and the rule files (rules_*.c).  Tables are keyed by a 16-bit ID through
 * a direct index, in order of first appearance, and keep the first
 * ANALYSIS_MAX_KEYS IDs, as the analyser does: a corrupt trace names every
 * ID, and memory must not follow it.  The later IDs are counted together in
 * the table's other item, which no rule looks at (finding trace-folded
 * says how many).
 */
#ifndef PCIESCOPE_DIAG_TRACE_INTERNAL_H
#define PCIESCOPE_DIAG_TRACE_INTERNAL_H

#include <pciescope/diag/trace.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/tool/link_model.h>
#include <pciescope/trace/outstanding.h>
#include <pciescope/trace/ptt_sight.h>

#define DT_TAGS 1024
#define DT_MAX_TRACKED 1024 /* requesters whose outstanding requests are followed */
#define DT_LEN_BUCKETS 13   /* read lengths rounded up to 2^i bytes, i = 0..12 */
#define DT_MAX_LINKS 16

enum dt_msg { DT_ERR_COR, DT_ERR_NONFATAL, DT_ERR_FATAL, DT_NMSG };

struct dt_req {
	uint16_t rid;
	uint64_t np;			     /* non-posted requests */
	uint64_t cpls_to;		     /* completions returning to it */
	uint64_t cfg_sent;		     /* configuration requests: only the host sends them */
	uint64_t data_reads;		     /* memory reads of more than one DW */
	uint64_t len_bucket[DT_LEN_BUCKETS]; /* of those */
	uint64_t continued;		     /* of those, starting where its previous one ended */
	uint64_t next_addr;
	uint64_t unmatched;	/* tag reused before a completion closed it */
	uint64_t *open;		/* [DT_TAGS]: issue tick + 1, 0 = free */
	struct outstanding out; /* with time_at[DT_TAGS + 1], once open is */
	/*
	 * Per outstanding count n: completions that took it from n to n - 1,
	 * and how many of those the requester answered with a new request
	 * before its next completion.  A device held at a ceiling refills each
	 * freed tag or slot at once; one that sent a burst and is done lets its
	 * completions drain it.
	 */
	uint32_t *freed_at, *refilled_at; /* [DT_TAGS + 1] */
	unsigned refill_from;		  /* n of the last completion; 0: none pending */
	uint64_t matched_data_reads, matched_bytes, matched_ticks;
	uint64_t msg[DT_NMSG];
	uint64_t poisoned; /* poisoned requests it sent */
};

struct dt_cpl {
	uint16_t rid;
	uint64_t cpls, ur, ca, crs_bad, poisoned;
	uint64_t bytes; /* payload of its completions */
};

struct dt_cfg {
	uint16_t target;
	uint64_t n, first, last;
};

#define DT_FOLDED UINT32_MAX /* in dt_table.idx: the ID is counted in other */

struct dt_table {
	uint32_t *idx; /* [65536]: slot + 1, or DT_FOLDED */
	void *items;
	size_t n, cap, size;
	void *other;	 /* the folded IDs' item (ID 0) */
	uint64_t folded; /* distinct IDs in it */
};

/* Outbound payload and header bytes on one traced Root Port's link. */
struct dt_link {
	struct diag_trace_link l;
	uint64_t cpl, posted, other, hdr, tlps;
};

struct diag_trace {
	struct diag_trace_opts o;
	struct ptt_setting set; /* o.config's terms (meaningful with o.have_config) */
	uint16_t host[64];	/* o.host copied (at most 64) */
	char subject[48];	/* the PMU that recorded it, or "trace" */
	struct analysis *a;
	enum analysis_dir dir;
	bool err; /* out of memory on the way: some evidence is missing */
	uint64_t now, prev_raw;
	bool started;
	uint64_t first, last, entries;
	uint64_t mem_tlps; /* memory requests and completions with data */
	uint64_t payload[ANALYSIS_NCLASS];
	uint64_t np_requests, completions;
	size_t tracked; /* requesters with a tag table */
	struct dt_link link[DT_MAX_LINKS];
	size_t nlinks;
	uint8_t *link_of; /* [65536]: link + 1 of a function below a traced port; NULL: none */
	struct dt_table req, cpl, cfg;
	enum ptt_format fmt; /* of the first entries fed */
	struct diag_recording rec;
	struct diag_trace *next; /* another device of the recording (diag_trace_add_device) */
};

/*
 * The item for id, created zeroed (with its id set) when new, or the
 * table's other item when it is full; NULL if out of memory.
 */
void *dt_get(struct dt_table *t, uint16_t id);
/* The kept item of id, or NULL (never seen or folded). */
void *dt_find(const struct dt_table *t, uint16_t id);
void *dt_at(const struct dt_table *t, size_t i);

double dt_ns(const struct diag_trace *t, uint64_t ticks);
double dt_span_ns(const struct diag_trace *t);
/* What the trace's clock can give against the recording's span (ptt_sight_timing). */
struct ptt_timing dt_timing(const struct diag_trace *t);
/* The span rates divide by: the recording's when the trace's times lost gaps. */
double dt_rate_ns(const struct diag_trace *t);

/* rules_*.c: each appends its findings; 0 or -ENOMEM. */
int dt_rules_errors(const struct diag_trace *t, const struct diag_thresholds *th,
		    struct diag_findings *out);
int dt_rules_reads(const struct diag_trace *t, const struct diag_thresholds *th,
		   const struct diag_tune_levels *lv, struct diag_findings *out);
/* Finding trace-folded, when a table of the collector or the analyser folded IDs. */
int dt_rules_folded(const struct diag_trace *t, struct diag_findings *out);
int dt_rules_setup(const struct diag_trace *t, const struct diag_thresholds *th,
		   const struct diag_tune_levels *lv, struct diag_findings *out);
/* Requests of r open at the end that were issued before its last grace_ns. */
uint64_t dt_open_before(const struct diag_trace *t, const struct dt_req *r, double grace_ns);
/* The traced link rid sits below; NULL when unknown. */
const struct dt_link *dt_link_of(const struct diag_trace *t, uint16_t rid);
/* What a link's outbound TLPs carried over the trace (the link model's flow). */
void dt_link_tx_flow(const struct diag_trace *t, const struct dt_link *l, struct link_flow *f);
/* ... as a share of what the link carries for TLPs; 0 when unknown. */
double dt_link_tx_share(const struct diag_trace *t, const struct dt_link *l);
/* Whether rid is on the host side (see diag_trace_opts.host). */
bool dt_is_host(const struct diag_trace *t, uint16_t rid);
/* Whether the recording's setting lets a request's completions be seen at all. */
bool dt_sees_completions(const struct diag_trace *t);

#endif
