/* SPDX-License-Identifier: GPL-2.0-only */
/* State of the report analysis views, shared by report_view*.c. */
#ifndef PCIESCOPE_CLI_REPORT_VIEWS_IMPL_H
#define PCIESCOPE_CLI_REPORT_VIEWS_IMPL_H

#include <pciescope/out/chrome_trace.h>
#include <pciescope/out/table.h>
#include <pciescope/trace/ptt_sight.h>

#include "report_views.h"

/* Outstanding requests over time (report_view_busy.c), ticks from the first entry. */
#define RV_BUSY_BINS 256
struct rv_busy {
	uint64_t width; /* ticks per bin; 0 before the first request */
	uint64_t requests;
	double bins[RV_BUSY_BINS]; /* tick-requests spent open in each bin */
};
void rv_busy_add(struct rv_busy *b, uint64_t start, uint64_t end);

struct report_views {
	struct report_views_opts o;
	const char *input;
	enum analysis_dir dir;
	bool have_setting;	    /* the file says how the trace was recorded */
	struct ptt_setting setting;
	bool have_fmt;		    /* a chunk was seen: fmt is the trace's format */
	enum ptt_format fmt;
	double rec_ns;		    /* how long the recording lasted by record times; 0: unknown */
	struct analysis *a;
	struct rv_busy busy;	    /* --html */
	FILE *html;
	struct rv_chrome *chrome; /* --chrome-trace */
};

/* Tables of the analysis; NULL when out of memory. */
struct out_table *rv_summary_table(const struct report_views *v);
struct out_table *rv_class_table(const struct report_views *v);
struct out_table *rv_kind_table(const struct report_views *v);
struct out_table *rv_requester_table(const struct report_views *v, size_t limit);
struct out_table *rv_completer_table(const struct report_views *v, size_t limit);
/* The limit busiest rows per requester and kind (by requests), then the rows of all requesters. */
struct out_table *rv_latency_table(const struct report_views *v, size_t limit);
/* NULL also when the timeline overflowed (see analysis_windows). */
struct out_table *rv_timeline_table(const struct report_views *v);

double rv_ns(const struct report_views *v, uint64_t ticks);
/* Length of window i of n: the last one ends one tick after the last entry. */
double rv_window_ns(const struct report_views *v, long i, long n, uint64_t width);
double rv_ratio(uint64_t part, uint64_t whole);

/*
 * The sentences of ptt_sight for this trace, into buf; 0 when none is due.
 * rv_latency_note also covers a trace where nothing was matched.
 */
int rv_latency_note(const struct report_views *v, char *buf, size_t n);
int rv_time_note(const struct report_views *v, char *buf, size_t n);
/* Whether the latency views would hold only zeros. */
bool rv_latency_empty(const struct report_views *v);

/* --chrome-trace: opens the file; rv_chrome_txn and rv_chrome_entry write as the analyser tells. */
int rv_chrome_open(struct report_views *v);
void rv_chrome_txn(struct report_views *v, const struct analysis_txn *t);
void rv_chrome_entry(void *ctx, const struct analysis_entry *e);
int rv_chrome_close(struct report_views *v);

/* --html: the whole page. 0 or -errno. */
int rv_html_write(const struct report_views *v, FILE *f);

#endif
