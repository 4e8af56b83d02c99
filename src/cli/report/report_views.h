/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The analysis views of `pciescope report`: --stats, --latency, --timeline,
 * --csv, --chrome-trace, --html, with --tick.  builtin-report.c adds
 * REPORT_VIEWS_OPTIONS to its option table, which hands those options to
 * report_views_opt, and feeds every trace chunk to report_views_chunk; the
 * views print or write their parts of the files in report_views_finish.
 * One report_views analyses one traced device (one PMU, its trace in one
 * or more AUX buffers) on its own clock; a recording of several has one per device, which share the
 * --html and --chrome-trace files (report_files).
 */
#ifndef PCIESCOPE_CLI_REPORT_VIEWS_H
#define PCIESCOPE_CLI_REPORT_VIEWS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <pciescope/perf/aux_streams.h>
#include <pciescope/trace/analysis.h>
#include <pciescope/trace/ptt_sight.h>
#include <pciescope/trace/ptt_filter.h>

#include "parse_options.h"

/* --threads takes at most this many. */
#define REPORT_MAX_THREADS 256
/* --top takes at most this many rows: more than any trace has requesters, the same on every ABI. */
#define REPORT_MAX_TOP 1000000000u

struct report_views_opts {
	bool stats, latency, csv;
	uint64_t timeline_ns;	  /* 0: no --timeline */
	const char *chrome_trace; /* --chrome-trace FILE */
	const char *html;	  /* --html FILE */
	double tick_ns;		  /* --tick NS; 0: default */
	unsigned threads;	  /* --threads N; 0: one per online CPU */
	/* --requester, --kind, --time (report_filter.c): every view, the entry views too */
	struct ptt_filter filter;
	const char *time_arg; /* --time, resolved with --tick by report_filter_resolve */
	size_t top; /* --top N: rows of the requester, completer, latency tables; 0: all */
};

/* The view options' codes, for report_views_opt. */
enum {
	REPORT_OPT_STATS = 0x200,
	REPORT_OPT_LATENCY,
	REPORT_OPT_TIMELINE,
	REPORT_OPT_CSV,
	REPORT_OPT_CHROME,
	REPORT_OPT_HTML,
	REPORT_OPT_TICK,
	REPORT_OPT_THREADS,
	REPORT_OPT_REQUESTER,
	REPORT_OPT_KIND,
	REPORT_OPT_TIME,
	REPORT_OPT_TOP,
};
/*
 * The view options as entries of builtin-report's option table
 * (util/parse_options.h), each handed to report_views_opt with its code.
 */
struct cli_option;
int report_views_cb(const struct cli_option *opt, const char *arg);
#define REPORT_VIEWS_OPTIONS(o)                                                                    \
	OPT_CALLBACK_DATA(0, "stats", (o), NULL,                                                   \
			  "TLP counts and bytes per kind, class, requester, completer",            \
			  report_views_cb, REPORT_OPT_STATS),                                      \
	    OPT_CALLBACK_DATA(0, "latency", (o), NULL,                                             \
			      "request -> completion latency per requester and kind",              \
			      report_views_cb, REPORT_OPT_LATENCY),                                \
	    OPT_CALLBACK_DATA(0, "timeline", (o), "WIDTH",                                         \
			      "bandwidth per window of WIDTH (ns, or 2us, 1ms, ...)",              \
			      report_views_cb, REPORT_OPT_TIMELINE),                               \
	    OPT_CALLBACK_DATA(0, "csv", (o), NULL,                                                 \
			      "the selected views as CSV (alone: --stats as CSV)",                 \
			      report_views_cb, REPORT_OPT_CSV),                                    \
	    OPT_CALLBACK_DATA(0, "chrome-trace", (o), "FILE",                                      \
			      "timeline for Perfetto: requests, completions, posted\n"             \
			      "TLPs, flows, outstanding requests, bandwidth",                      \
			      report_views_cb, REPORT_OPT_CHROME),                                 \
	    OPT_CALLBACK_DATA(0, "html", (o), "FILE", "self-contained HTML report with charts",    \
			      report_views_cb, REPORT_OPT_HTML),                                   \
	    OPT_CALLBACK_DATA(0, "tick", (o), "NS", "length of a trace time tick (default 1 ns)",  \
			      report_views_cb, REPORT_OPT_TICK),                                   \
	    OPT_CALLBACK_DATA(0, "threads", (o), "N",                                              \
			      "analyse a trace file with N threads (default: one per CPU)",        \
			      report_views_cb, REPORT_OPT_THREADS),                                \
	    OPT_CALLBACK_DATA(0, "requester", (o), "BDF",                                          \
			      "only TLPs whose Requester ID is BDF (its completions too)",         \
			      report_views_cb, REPORT_OPT_REQUESTER),                              \
	    OPT_CALLBACK_DATA(0, "kind", (o), "K[,K...]",                                          \
			      "only TLPs of these kinds (MRd64, CplD, ...; classes P, NP, CPL)",   \
			      report_views_cb, REPORT_OPT_KIND),                                   \
	    OPT_CALLBACK_DATA(0, "time", (o), "A..B",                                              \
			      "only entries at ticks A to B (A.., ..B; or 2us, 1ms, ...)",         \
			      report_views_cb, REPORT_OPT_TIME),                                   \
	    OPT_CALLBACK_DATA(0, "top", (o), "N",                                                  \
			      "the N busiest rows of the requester, completer, latency\n"          \
			      "tables (--stats, --latency, --html)",                               \
			      report_views_cb, REPORT_OPT_TOP)

/*
 * Takes the view option whose code is c with its argument.  Returns
 * 0 when taken, 1 after printing the error for a bad value, -1 when c is
 * not a view option.
 */
int report_views_opt(struct report_views_opts *o, int c, const char *arg);
/* The filter and --top options of report_views_opt (report_filter.c); same returns. */
int report_filter_opt(struct report_views_opts *o, int c, const char *arg);
/* After every option: --time in ticks of --tick.  0 or 1 after printing an error. */
int report_filter_resolve(struct report_views_opts *o);
/* The filter in words ("requester 01:00.0; kinds MRd64,CplD; ticks 100..200"), into buf. */
size_t report_filter_describe(const struct ptt_filter *f, char *buf, size_t n);
/*
 * Before the entry views of a --time window print (report_window.c): 1
 * after printing why, when a device's clock lost gaps and cannot place the
 * window; 0 otherwise, and for a file that is not a regular one.
 */
int report_window_check(const char *path, double tick_ns);
/* Whether --requester, --kind or --time was given. */
bool report_filter_given(const struct report_views_opts *o);
/* Whether any view was asked for (then report prints no entry lines). */
bool report_views_selected(const struct report_views_opts *o);

struct report_views;

/*
 * The files of --html and --chrome-trace: one each for the whole
 * recording, into which every device's views write their part (the HTML
 * page a section per device, the Chrome trace its own tracks).  open:
 * 0 or 1 after printing an error; close ends and closes them, 0 or 1.
 */
struct report_files;
int report_files_open(const struct report_views_opts *o, struct report_files **out);
int report_files_close(struct report_files *f);

/*
 * config: the PTT event's perf config (format and direction decide the TLP
 * direction); have_config false when the file has none.  input names the
 * trace in the reports.  files (from report_files_open, may be NULL
 * without --html and --chrome-trace) take this device's part; dev numbers
 * the device in the recording (< PERF_AUX_MAX_STREAMS) and label, when not
 * NULL, names its Chrome tracks.  Returns 0 or 1 after printing an error.
 */
int report_views_start(const struct report_views_opts *o, const char *input, uint64_t config,
		       bool have_config, struct report_files *files, size_t dev, const char *label,
		       struct report_views **out);
/*
 * Every entry of a piece of a trace chunk (an AUXTRACE payload), in order:
 * f is the chunk's format (ptt_chunk_whole) and len a multiple of its
 * entry size.
 */
void report_views_chunk(struct report_views *v, const uint8_t *buf, size_t len, enum ptt_format f);
/*
 * The same for the payloads of a whole file at once, with the threads of
 * --threads: sp[i] (their d set here) are read with read(ctx, ...).  0 or
 * 1 after printing an error.
 */
int report_views_spans(struct report_views *v, struct analysis_span *sp, size_t n,
		       analysis_read_fn read, void *ctx);
/*
 * What the recording says of the device v analyses (perf/aux_streams.h):
 * its name (NULL: unknown), how long it was traced by the records' times
 * (0: unknown; rates use it when the trace's own clock lost gaps, see
 * ptt_sight_timing) and what it lost.  heading: the recording traced
 * several devices, so v's text views start with a line naming it.
 */
struct report_device {
	const char *name;
	double rec_ns;
	bool timed; /* start_ns holds: loss times are counted from it */
	uint64_t start_ns;
	struct perf_aux_loss loss;
	size_t streams; /* AUX buffers its trace came in */
	bool heading;
	bool first; /* the first device printed: no empty line before its heading */
};
void report_views_device(struct report_views *v, const struct report_device *d);
/* After report_views_device: ptt_sight_timing of v's trace (what its clock can give). */
struct ptt_timing report_views_timing(const struct report_views *v);
/* Prints the text views to out, writes the files, frees v.  0 or 1 (error printed). */
int report_views_finish(struct report_views *v, FILE *out);

#endif
