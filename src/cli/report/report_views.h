/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The analysis views of `pciescope report`: --stats, --latency, --timeline,
 * --csv, --chrome-trace, --html, with --tick.  builtin-report.c adds
 * REPORT_VIEWS_LONGOPTS to its getopt table, hands those options to
 * report_views_opt, and feeds every trace chunk to report_views_chunk; the
 * views print or write their files in report_views_finish.
 */
#ifndef PCIESCOPE_CLI_REPORT_VIEWS_H
#define PCIESCOPE_CLI_REPORT_VIEWS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <pciescope/trace/analysis.h>
#include <pciescope/trace/ptt_filter.h>

/* --threads takes at most this many. */
#define REPORT_MAX_THREADS 256

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
	size_t top;	      /* --top N: rows of the requester, completer, latency tables; 0: all */
};

/* getopt_long() entries of the view options, for builtin-report's table. */
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
#define REPORT_VIEWS_LONGOPTS                                                                      \
	{"stats", no_argument, NULL, REPORT_OPT_STATS},                                            \
	    {"latency", no_argument, NULL, REPORT_OPT_LATENCY},                                    \
	    {"timeline", required_argument, NULL, REPORT_OPT_TIMELINE},                            \
	    {"csv", no_argument, NULL, REPORT_OPT_CSV},                                            \
	    {"chrome-trace", required_argument, NULL, REPORT_OPT_CHROME},                          \
	    {"html", required_argument, NULL, REPORT_OPT_HTML},                                    \
	    {"tick", required_argument, NULL, REPORT_OPT_TICK},                                    \
	    {"requester", required_argument, NULL, REPORT_OPT_REQUESTER},                          \
	    {"kind", required_argument, NULL, REPORT_OPT_KIND},                                    \
	    {"time", required_argument, NULL, REPORT_OPT_TIME},                                    \
	    {"top", required_argument, NULL, REPORT_OPT_TOP},                                      \
	{                                                                                          \
		"threads", required_argument, NULL, REPORT_OPT_THREADS                             \
	}

/*
 * Takes the option getopt_long() returned as c with its argument.  Returns
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
/* Whether --requester, --kind or --time was given. */
bool report_filter_given(const struct report_views_opts *o);
/* Whether any view was asked for (then report prints no entry lines). */
bool report_views_selected(const struct report_views_opts *o);
/* Usage lines of the view options, for report --help. */
void report_views_usage(FILE *f);

struct report_views;

/*
 * config: the PTT event's perf config (format and direction decide the TLP
 * direction); have_config false when the file has none.  input names the
 * trace in the reports.  Returns 0 or 1 after printing an error.
 */
int report_views_start(const struct report_views_opts *o, const char *input, uint64_t config,
		       bool have_config, struct report_views **out);
struct perf_reader;
/* The same, with the config of the file's first event (file mode: from its header). */
int report_views_start_reader(const struct report_views_opts *o, const char *input,
			      const struct perf_reader *rd, struct report_views **out);
/*
 * Every entry of a piece of a trace chunk (an AUXTRACE payload), in order:
 * f is the chunk's format (ptt_chunk_whole) and len a multiple of its
 * entry size.
 */
void report_views_chunk(struct report_views *v, const uint8_t *buf, size_t len,
			enum ptt_format f);
/*
 * The same for the payloads of a whole file at once, with the threads of
 * --threads: sp[i] (their d set here) are read with read(ctx, ...).  0 or
 * 1 after printing an error.
 */
int report_views_spans(struct report_views *v, struct analysis_span *sp, size_t n,
		       analysis_read_fn read, void *ctx);
/* How long the recording lasted by the perf.data records' times (for ptt_sight_time). */
void report_views_recording(struct report_views *v, double ns);
/* Prints the text views to out, writes the files, frees v.  0 or 1 (error printed). */
int report_views_finish(struct report_views *v, FILE *out);

#endif
