/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Diagnosis of a PTT trace: the evidence the rules need, gathered in one
 * pass beside the trace analyser (trace/analysis.h, which matches requests
 * with completions and keeps latency histograms), then the rules of the
 * catalogue (docs/diagnose.md) turned into findings.
 *
 * What the analyser does not keep is collected here per requester:
 * read request lengths, outstanding non-posted requests over time (a tag
 * table fed by the analyser's matched requests), requests that never
 * complete, error messages and poisoned TLPs; per completer the completion
 * statuses; per configuration target the configuration requests.
 */
#ifndef PCIESCOPE_DIAG_TRACE_H
#define PCIESCOPE_DIAG_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/base/error.h>
#include <pciescope/diag/finding.h>
#include <pciescope/perf/aux_streams.h>
#include <pciescope/trace/analysis.h>

/* Every default threshold of the catalogue; docs/diagnose.md lists them. */
struct diag_thresholds {
	unsigned small_read_bytes;	/* median MRd length at most this */
	unsigned small_read_min;	/* over at least this many reads */
	double small_read_continued;	/* ... this share continuing the previous read */
	double latency_factor;		/* p99 >= factor x median of the p50s */
	unsigned latency_min_reads;	/* matched reads per requester */
	double outstanding_share;	/* share of busy time at the maximum */
	double outstanding_refill;	/* ... freed tags or slots refilled at once */
	double outstanding_span_share;	/* ... time at the maximum, share of the trace */
	unsigned outstanding_min_reads; /* matched data reads */
	double unmatched_pct;		/* percent of non-posted requests */
	unsigned unmatched_min;		/* requests before the rule looks */
	double unmatched_grace_ns;	/* requests this close to the end aside */
	double cfg_rate;		/* configuration requests per second */
	unsigned cfg_min;		/* ... and at least this many */
	double cfg_span_share;		/* spread over this share of the trace */
	double hint_tx_busy;		/* tune hint: a link's outbound share of its capacity */
	double hint_cpl_share;		/* ... of which completions (payload) at least */
	double hint_p_share;		/* ... and posted writes at least */
	double saturated_share;		/* link-saturated: share of capacity */
};

void diag_thresholds_default(struct diag_thresholds *t);

/* Tune levels of the traced core, when known (live diagnosis); -1 = unknown. */
struct diag_tune_levels {
	int qos_tx_cpl, qos_tx_np, qos_tx_p, rx_alloc_buf_level, tx_alloc_buf_level;
};

/*
 * A Root Port the PTT traces, known in live diagnosis: its requester ID (the
 * CPU's MMIO writes carry it), what its link carries and the functions below
 * it, so that outbound TLPs can be put on the link they leave by: a
 * completion goes to its requester's port, a posted write from the host to
 * the port whose ID it carries.
 */
#define DIAG_LINK_MAX_BELOW 32
struct diag_trace_link {
	char bdf[16];	      /* dddd:bb:dd.f, for the findings */
	uint16_t port;	      /* requester ID of the Root Port */
	double capacity_mbps; /* after line encoding; 0: unknown */
	uint16_t below[DIAG_LINK_MAX_BELOW];
	size_t nbelow;
};

struct diag_trace_opts {
	double tick_ns;	  /* 0: ANALYSIS_DEFAULT_TICK_NS */
	uint64_t config;  /* the PTT event's perf config (format, direction, type) */
	bool have_config; /* false: the setting is unknown */
	const char
	    *pmu; /* the PTT that recorded it (subject of recording findings); NULL: "trace" */
	/*
	 * Requester IDs of the host side (the traced Root Ports, whose ID the
	 * CPU's requests carry); none: taken to be the completers whose
	 * completions carry more than 8 bytes on average (the Root Complex
	 * answering DMA reads).  Their requests are answered by CPL A or CPL
	 * B completions, one of which every 4DW direction leaves out.
	 */
	const uint16_t *host;
	size_t nhost;
	/* The traced Root Ports' links (live); none: outbound per link is unknown. */
	const struct diag_trace_link *links;
	size_t nlinks;
};

struct diag_trace;

int diag_trace_create(const struct diag_trace_opts *o, struct diag_trace **out);
/*
 * Another traced device of the same recording, analysed on its own clock:
 * a trace created like diag_trace_create and chained after first, so that
 * diag_trace_rules judges every device of the chain (each the subject of
 * its recording findings) and diag_trace_destroy frees them all.
 */
int diag_trace_add_device(struct diag_trace *first, const struct diag_trace_opts *o,
			  struct diag_trace **out);
/* The next device of the chain, or NULL. */
struct diag_trace *diag_trace_next(const struct diag_trace *t);
void diag_trace_destroy(struct diag_trace *t);
/* Whole entries of format f, in trace order. */
void diag_trace_feed(struct diag_trace *t, const uint8_t *buf, size_t len, enum ptt_format f);
/* Ends the trace; call once before the rules. */
void diag_trace_finish(struct diag_trace *t);
/*
 * What the recording says of the traced device (perf/aux_streams.h): how
 * long it was traced by the records' times (rec_ns, 0: unknown) and what
 * it lost, loss times counted from start_ns when timed.  The rules then
 * judge rates over the recording's span when the trace's own clock lost
 * gaps (ptt_sight_timing), leave out the rules that weigh time, and say
 * both, and what was lost, as findings.  Before diag_trace_rules.
 */
struct diag_recording {
	double rec_ns;
	bool timed;
	uint64_t start_ns;
	struct perf_aux_loss loss;
};
void diag_trace_recording(struct diag_trace *t, const struct diag_recording *r);
/*
 * A PTT perf.data read into the collector (trace_read.c): each traced
 * device of the recording gets a trace of its own, chained after the
 * first, with its own clock, the setting of its event (o->config and
 * o->pmu are the file's) and what the records say of its span and loss;
 * every trace is finished.  o gives the rest (tick, host side, links).
 * 0 and the chain's head in *out, or -errno with e naming the file.  A
 * file that was never closed is warned of (tool_warn).
 */
int diag_trace_read(const char *path, const struct diag_trace_opts *o, struct diag_trace **out,
		    struct error *e);
/* The analyser's results (summary, latency, windows), for the printers' charts. */
const struct analysis *diag_trace_analysis(const struct diag_trace *t);

/*
 * Appends the findings of the trace, and of every device chained after it,
 * to out.  levels may be NULL (unknown).  Returns 0 or -ENOMEM.
 */
int diag_trace_rules(const struct diag_trace *t, const struct diag_thresholds *th,
		     const struct diag_tune_levels *levels, struct diag_findings *out);

#endif
