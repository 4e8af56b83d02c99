/* SPDX-License-Identifier: GPL-2.0-only */
/* State of the report analysis views, shared by report_view*.c. */
#ifndef PCIESCOPE_CLI_REPORT_VIEWS_INTERNAL_H
#define PCIESCOPE_CLI_REPORT_VIEWS_INTERNAL_H

#include <pciescope/out/chrome_trace.h>
#include <pciescope/out/table.h>
#include <pciescope/trace/outstanding.h>
#include <pciescope/trace/ptt_sight.h>

#include "report_views.h"

struct report_views {
	struct report_views_opts o;
	const char *input;
	enum analysis_dir dir;
	bool have_setting; /* the file says how the trace was recorded */
	struct ptt_setting setting;
	bool have_fmt; /* a chunk was seen: fmt is the trace's format */
	enum ptt_format fmt;
	struct report_device dev; /* what the recording says of the device */
	char dev_name[64];
	struct analysis *a;
	/* --html: requests in flight whose completions the trace holds, ticks from the first entry
	 */
	struct outstanding_seen *busy;
	struct outstanding_left left; /* the requests it left out */
	FILE *html;		      /* the shared page (report_files), or NULL */
	struct rv_chrome *chrome;     /* --chrome-trace */
	struct report_files *files;
	size_t dev_index; /* its number in the recording */
	char label[64];	  /* prefix of its Chrome track names, or "" */
};

struct report_files {
	const char *html_path, *chrome_path;
	FILE *html, *chrome;
	struct chrome_trace ct;
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
/* Ticks from the first entry to one past the last; 0 when there were none. */
uint64_t rv_span_ticks(const struct report_views *v);
double rv_ratio(uint64_t part, uint64_t whole);

/*
 * The sentences of ptt_sight for this trace, into buf; 0 when none is due.
 * rv_latency_note also covers a trace where nothing was matched.
 */
int rv_latency_note(const struct report_views *v, char *buf, size_t n);
int rv_time_note(const struct report_views *v, char *buf, size_t n);
/* What the outstanding-requests chart left out and why, after finish; 0 when nothing. */
int rv_outstanding_note(const struct report_views *v, char *buf, size_t n);
/* The sentence of what the device lost (perf_aux_loss_describe); 0 when nothing. */
int rv_loss_note(const struct report_views *v, char *buf, size_t n);
/* For a view that places entries in time (ptt_sight_placing); 0 when it can. */
int rv_placing_note(const struct report_views *v, const char *what, char *buf, size_t n);
/* The line under a table whose keys the analyser folded, into buf; 0 when none is due. */
enum rv_folded { RV_FOLDED_REQUESTERS, RV_FOLDED_COMPLETERS, RV_FOLDED_LATENCY };
int rv_folded_note(const struct report_views *v, enum rv_folded which, char *buf, size_t len);
/* Whether the latency views would hold only zeros. */
bool rv_latency_empty(const struct report_views *v);

/* --chrome-trace: the device's tracks in the shared file; rv_chrome_txn and rv_chrome_entry write
 * as the analyser tells. */
int rv_chrome_open(struct report_views *v);
void rv_chrome_txn(struct report_views *v, const struct analysis_txn *t);
void rv_chrome_entry(void *ctx, const struct analysis_entry *e);
void rv_chrome_close(struct report_views *v);

/* --html: the device's sections of the page (report_files writes its head and end). 0 or -errno. */
int rv_html_write(const struct report_views *v, FILE *f);

#endif
