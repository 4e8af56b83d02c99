/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Streaming analysis of a decoded PTT trace: what is on the link (counts and
 * bytes per TLP kind, direction, requester, completer; P/NP/CPL shares), how
 * long non-posted requests take (request -> last completion, matched by
 * Requester ID and tag) and how bandwidth varies over time.
 *
 * The analyser is fed one entry at a time and keeps bounded state: direct
 * tables indexed by Requester ID, an open-addressing table of outstanding
 * requests keyed by (Requester ID, tag) and log-linear latency histograms.
 * Nothing is allocated per TLP, so it keeps up with trace files of any size.
 *
 * Memory is bounded by the limits below, not by the trace: a corrupt or
 * mis-decoded trace names every Requester ID, tag and kind, and one table
 * row per key made 32 MiB of random entries take gigabytes.  Each table
 * keeps its first ANALYSIS_MAX_KEYS keys; the later ones are counted
 * together as "other" (struct analysis_folded), so every total stays exact
 * and a view can say how much it folded.
 *
 * Time.  Entries carry a raw time field: 11 bits in 4DW entries, 32 bits
 * (DW7) in 8DW entries.  It is unwrapped into a monotonic tick count by
 * adding the difference to the previous entry modulo the field's range, so a
 * gap between two consecutive entries longer than the range (2048 ticks for
 * 4DW, 2^32 for 8DW) cannot be seen: it is taken as the gap modulo the
 * range.  Times are kept in ticks; tick_ns converts them for display.
 */
#ifndef PCIESCOPE_TRACE_ANALYSIS_H
#define PCIESCOPE_TRACE_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/pcie/tlp.h>
#include <pciescope/trace/lat_hist.h>
#include <pciescope/trace/ptt_entry.h>
#include <pciescope/trace/ptt_filter.h>

/*
 * Default length of a trace time tick: the emulated PTT counts its time
 * field in nanoseconds.  Real hardware's tick is not documented; pass the
 * right one (report --tick NS).
 */
#define ANALYSIS_DEFAULT_TICK_NS 1.0
/* Windows the automatic bandwidth timeline keeps at most (it widens them). */
#define ANALYSIS_AUTO_WINDOWS 256
/* Windows a fixed-width timeline may have before it gives up. */
#define ANALYSIS_MAX_WINDOWS (1u << 20)

/* Keys a table keeps: requesters, completers, (requester, kind) latencies. */
#define ANALYSIS_MAX_KEYS 4096
/*
 * Requests followed at once (1.5 MiB of table): 64 requesters with every
 * 10-bit tag outstanding.  Past it a request is counted but not matched.
 */
#define ANALYSIS_MAX_OPEN 65536

/* Direction of the TLPs of a trace, relative to the Root Port. */
enum analysis_dir { ANALYSIS_DIR_IN, ANALYSIS_DIR_OUT, ANALYSIS_DIR_UNKNOWN, ANALYSIS_NDIR };

/*
 * What the PTT event's format and direction settings say about the direction
 * of each traced TLP: known only when the setting traces one direction
 * (4DW: 0 inbound, 1 outbound; 8DW: 1 outbound, 2 and 3 inbound).
 */
enum analysis_dir analysis_dir_of_setting(enum ptt_format f, unsigned direction);
const char *analysis_dir_name(enum analysis_dir d); /* "in", "out", "unknown" */

#define ANALYSIS_NCLASS 3 /* P, NP, CPL (enum tlp_class without PREFIX) */

struct analysis_counts {
	uint64_t tlps;
	uint64_t payload_bytes;
	uint64_t header_bytes; /* header DWs (and the 8DW prefix, when not 0) */
};

/* A requester or a completer, by its ID. */
struct analysis_node {
	uint16_t rid;
	struct analysis_counts cls[ANALYSIS_NCLASS];
};

/* Latency of one non-posted kind from one requester (or all of them). */
struct analysis_lat {
	uint16_t requester;
	enum tlp_kind kind;
	uint64_t requests;
	uint64_t completions;
	uint64_t bytes;	      /* completion payload bytes of the matched requests */
	struct lat_hist hist; /* request -> last completion, in ticks */
};

/*
 * What the tables had no room for.  The IDs past the first
 * ANALYSIS_MAX_KEYS requesters (completers) are counted in requester
 * (completer), whose rid is 0.  latency[k] holds the requests of kind k of
 * the folded requesters and of the (requester, kind) keys past the first
 * ANALYSIS_MAX_KEYS; the per-kind and overall latencies include them.
 */
struct analysis_folded {
	uint64_t requesters, completers; /* distinct IDs folded */
	uint64_t latencies;		 /* distinct (kept requester, kind) keys folded */
	uint64_t untracked;		 /* requests not matched: ANALYSIS_MAX_OPEN in flight */
	struct analysis_node requester, completer;
	struct analysis_lat latency[TLP_KIND_COUNT];
};

/* A matched non-posted request, for timeline writers. */
struct analysis_txn {
	uint16_t requester, completer, tag;
	enum tlp_kind kind;
	uint8_t status;	     /* of the last completion */
	uint16_t ncpl;	     /* completions it took */
	uint32_t bytes;	     /* completion payload bytes */
	uint64_t start, end; /* ticks */
};

/* What the analyser made of one entry, for writers that follow the trace (on_entry). */
enum analysis_match {
	ANALYSIS_UNMATCHED, /* posted, a prefix, or a request past ANALYSIS_MAX_OPEN */
	ANALYSIS_OPENED,    /* a non-posted request, now outstanding */
	ANALYSIS_REOPENED,  /* the same, replacing one whose completion never came (tag reused) */
	ANALYSIS_PARTIAL,   /* a completion of an outstanding request, with more to come */
	ANALYSIS_CLOSED,    /* the last completion of an outstanding request */
	ANALYSIS_ORPHAN,    /* a completion with no outstanding request */
};

struct analysis_entry {
	const struct tlp_brief *b;
	enum tlp_class cls;
	enum analysis_match match;
	uint64_t now;	 /* ticks */
	uint64_t start;	 /* ANALYSIS_CLOSED: ticks of the request */
	uint32_t hbytes; /* its header bytes, as analysis_counts.header_bytes counts them */
};

struct analysis_window {
	uint64_t tlps;
	uint64_t bytes[ANALYSIS_NCLASS]; /* header + payload: what crossed (pcie/traffic.h) */
};

struct analysis_opts {
	double tick_ns;	    /* 0: ANALYSIS_DEFAULT_TICK_NS */
	uint64_t window_ns; /* 0: automatic width, at most ANALYSIS_AUTO_WINDOWS */
	bool no_timeline;   /* keep no bandwidth windows (saves time per entry) */
	/*
	 * Only the entries it keeps are counted (summary entries included);
	 * the others only tick the clock, so first and last stay those of the
	 * whole trace.  A time window needs the absolute clock, so such an
	 * analyser uses one thread in analysis_feed_spans.
	 */
	struct ptt_filter filter;
	/* Called for every request closed by its last completion. */
	void (*on_txn)(void *ctx, const struct analysis_txn *t);
	/* Called for every decoded entry, in order, after what it did was counted. */
	void (*on_entry)(void *ctx, const struct analysis_entry *e);
	void *ctx;
};

struct analysis_summary {
	uint64_t entries;
	uint64_t undecoded;		/* entries whose header did not decode */
	uint64_t first, last;		/* ticks of the first and last entry */
	uint64_t matched;		/* requests closed by their last completion */
	uint64_t unmatched_requests;	/* tag reused before a completion came, or still open */
	uint64_t open_at_end;		/* part of unmatched_requests */
	uint64_t unmatched_completions; /* no open request with their Requester ID and tag */
};

struct analysis;

/* Returns 0 or -ENOMEM / -EINVAL (negative tick or a window under one tick). */
int analysis_create(const struct analysis_opts *o, struct analysis **out);
void analysis_destroy(struct analysis *a);
/*
 * Forgets everything fed, as if just created with the same options, but
 * keeps its tables: much cheaper than destroy + create (the Requester ID
 * tables are half a megabyte) when many short streams are analysed.
 */
void analysis_reset(struct analysis *a);

/* One decoded entry; h decoded from e->hdr.  d: from analysis_dir_of_setting. */
void analysis_feed(struct analysis *a, const struct ptt_entry *e, const struct tlp_hdr *h,
		   enum analysis_dir d);
/* An entry whose header did not decode: only its time counts. */
void analysis_feed_undecoded(struct analysis *a, const struct ptt_entry *e);
/*
 * Every entry of buf (len bytes of format f, whole entries), counted as if
 * each were decoded with ptt_entry_decode and tlp_decode and handed to
 * analysis_feed or analysis_feed_undecoded; several times faster.
 */
void analysis_feed_entries(struct analysis *a, const uint8_t *buf, size_t len, enum ptt_format f,
			   enum analysis_dir d);

/* A stretch of whole entries of one format and direction somewhere in a trace. */
struct analysis_span {
	uint64_t pos; /* where the read function finds its first byte */
	uint64_t len; /* bytes, a multiple of the entry size */
	enum ptt_format f;
	enum analysis_dir d;
};

/* Fills buf with len bytes from pos: 0 or a negative errno.  Called by several threads at once. */
typedef int (*analysis_read_fn)(void *ctx, uint64_t pos, size_t len, void *buf);

/*
 * The entries of the spans in order, as analysis_feed_entries on each in
 * turn would count them, with up to threads threads (the trace cut into one
 * stretch per thread, each analysed apart, the results merged): the results
 * are the same for any number.  An analyser with a timeline or on_txn uses
 * one thread, as both need the entries in order (on_entry too).  Returns 0, -ENOMEM or the
 * first error of read; after an error the results are incomplete.
 */
int analysis_feed_spans(struct analysis *a, const struct analysis_span *span, size_t nspan,
			unsigned threads, analysis_read_fn read, void *ctx);

/* Ends the stream: requests still open become unmatched.  Call once. */
void analysis_finish(struct analysis *a);

/*
 * Results.  Valid until analysis_destroy.  A fixed-width timeline that would
 * need more than ANALYSIS_MAX_WINDOWS windows stops growing and
 * analysis_windows returns -E2BIG.
 */
double analysis_tick_ns(const struct analysis *a);
/* Whether any entry was fed, kept by the filter or not (first and last then hold). */
bool analysis_clocked(const struct analysis *a);
const struct analysis_summary *analysis_summary(const struct analysis *a);
const struct analysis_counts *analysis_kind(const struct analysis *a, enum analysis_dir d,
					    enum tlp_kind k);
/* Sums of the kinds of one class over the directions in mask (1 << dir). */
struct analysis_counts analysis_class(const struct analysis *a, unsigned dir_mask,
				      enum tlp_class c);
struct analysis_counts analysis_total(const struct analysis *a);
/* Nodes in order of first appearance, at most ANALYSIS_MAX_KEYS. */
const struct analysis_node *analysis_requesters(const struct analysis *a, size_t *n);
const struct analysis_node *analysis_completers(const struct analysis *a, size_t *n);
/* Per requester and kind, in order of first appearance, at most ANALYSIS_MAX_KEYS. */
const struct analysis_lat *analysis_latencies(const struct analysis *a, size_t *n);
/* What the tables above had no room for. */
const struct analysis_folded *analysis_folded(const struct analysis *a);
/* After analysis_finish: every requester merged, per kind (requests == 0 for kinds never seen). */
const struct analysis_lat *analysis_latency_of_kind(const struct analysis *a, enum tlp_kind k);
/* After analysis_finish: every non-posted kind merged. */
const struct analysis_lat *analysis_latency_all(const struct analysis *a);
/* Windows start at the first entry; returns their number or -E2BIG. */
long analysis_windows(const struct analysis *a, const struct analysis_window **w,
		      uint64_t *width_ticks);

#endif
