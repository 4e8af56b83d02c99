// SPDX-License-Identifier: GPL-2.0-only
/*
 * --html FILE: one self-contained page (inline style and SVG, no script, no
 * external resource) with the summary, the TLP mix, bandwidth over time,
 * the latency histogram, outstanding requests over time and the busiest
 * requesters.  Where the recording could not see what a section shows, the
 * section says so in a sentence (report_view_notes.c) instead of drawing
 * zeros; so do the charts over time when the trace's clock lost gaps, and
 * the summary tells what the recording lost.  The charts are made
 * by out/svg from the same analysis the text views print.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/out/html.h>
#include <pciescope/out/svg.h>

#include <pciescope/tool/link_model.h>

#include "report_views_internal.h"

#define HIST_BINS 40
/* The rows of the requester and completer tables without --top: a page, not a dump. */
#define TOP_REQUESTERS 20

/* --top N trims the page's tables as it trims --stats and --latency. */
static size_t rows(const struct report_views *v, size_t otherwise)
{
	return v->o.top ? v->o.top : otherwise;
}

static void table_section(FILE *f, const char *heading, struct out_table *t)
{
	html_section(f, heading);
	if (t)
		out_table_print_html(t, f);
	out_table_free(t);
	html_section_end(f);
}

static void mix_chart(const struct report_views *v, FILE *f)
{
	const char *labels[TLP_KIND_COUNT];
	double val[TLP_KIND_COUNT];
	size_t n = 0;

	for (int k = 0; k < TLP_KIND_COUNT; k++) {
		uint64_t tlps = 0;

		for (int d = 0; d < ANALYSIS_NDIR; d++)
			tlps += analysis_kind(v->a, d, k)->tlps;
		if (!tlps)
			continue;
		labels[n] = tlp_kind_name(k);
		val[n++] = (double)tlps;
	}
	svg_bar_chart(f, "TLP mix (TLPs per kind)", labels, val, n, "TLPs");
}

static int bandwidth_chart(const struct report_views *v, FILE *f)
{
	struct link_window *w;
	long n = link_trace_timeline(v->a, &w);
	double *x, *y;
	struct svg_series s[3] = {{"posted", NULL, "#4a7fb5"},
				  {"completions", NULL, "#c0504d"},
				  {"all", NULL, "#333333"}};

	if (n == -E2BIG) {
		html_para(f, "The timeline needs more windows than the analyser keeps; "
			     "choose a wider --timeline.");
		return 0;
	}
	if (n < 0)
		return (int)n;
	x = calloc((size_t)n + 1, 4 * sizeof(double));
	if (!x) {
		free(w);
		return -ENOMEM;
	}
	y = x + n + 1;
	for (long i = 0; i < n; i++) {
		x[i] = w[i].start_ns / 1e3;
		y[i] = w[i].mbps.posted;
		y[n + 1 + i] = w[i].mbps.completions;
		y[2 * (n + 1) + i] = w[i].traffic_mbps;
	}
	s[0].y = y;
	s[1].y = y + n + 1;
	s[2].y = y + 2 * (n + 1);
	svg_line_chart(f, "Link traffic over time (header + payload)", x, (size_t)n, s, 3,
		       "time from first entry (us)", "MB/s");
	free(x);
	free(w);
	return 0;
}

/*
 * Adds n samples spread evenly over [x, x + width) to the bins of width w
 * from lo; what lies beyond the last bin goes into it.  Spreading (rather
 * than dropping each bucket into one bin) keeps the shape free of the
 * stripes that two different bucket grids would draw.
 */
static void spread(double *bins, double lo, double w, double x, double width, double n)
{
	for (int i = 0; i < HIST_BINS; i++) {
		double b0 = lo + w * i, b1 = i == HIST_BINS - 1 ? x + width : b0 + w;
		double o0 = x > b0 ? x : b0, o1 = x + width < b1 ? x + width : b1;

		if (i == 0 && x < lo)
			o0 = x;
		if (o1 > o0)
			bins[i] += n * (o1 - o0) / width;
	}
}

/*
 * Regroups the log-linear buckets into equal bins from the minimum to twice
 * the 99th percentile (or the maximum, if lower): a few outliers would
 * otherwise squeeze the whole distribution into one bar.  The rare
 * latencies beyond fall into the last bin.
 */
static void latency_chart(const struct report_views *v, FILE *f)
{
	const struct lat_hist *h = &analysis_latency_all(v->a)->hist;
	double bins[HIST_BINS] = {0}, lo, hi, w;

	if (!h->count) {
		html_para(f, "No request was matched with its completions in this trace.");
		return;
	}
	lo = rv_ns(v, h->min);
	hi = rv_ns(v, h->max);
	if (hi > 2 * rv_ns(v, lat_hist_quantile(h, 0.99)))
		hi = 2 * rv_ns(v, lat_hist_quantile(h, 0.99));
	w = (hi - lo) / HIST_BINS;
	if (w <= 0)
		w = analysis_tick_ns(v->a);
	for (unsigned b = 0; b < LAT_HIST_BUCKETS; b++)
		if (lat_hist_at(h, b))
			spread(bins, lo, w, rv_ns(v, lat_hist_bucket_lo(b)),
			       rv_ns(v, lat_hist_bucket_width(b)), (double)lat_hist_at(h, b));
	svg_histogram(f, "Latency, request to last completion (all requesters)", lo, w, bins,
		      HIST_BINS, "ns");
}

/*
 * Average requests in flight per bin of the outstanding-requests series,
 * and what it left out.
 */
static int outstanding_chart(const struct report_views *v, FILE *f)
{
	const struct outstanding_series *b = &v->busy->series;
	uint64_t span = rv_span_ticks(v);
	size_t n = outstanding_series_len(b, span);
	double *x = calloc(2 * OUTSTANDING_BINS, sizeof(double)), *y = x + OUTSTANDING_BINS;
	struct svg_series series = {"requests in flight", NULL, "#4a7fb5"};
	char text[768];

	if (!x)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		x[i] = rv_ns(v, i * b->width) / 1e3;
		y[i] = outstanding_series_avg(b, i, span);
	}
	series.y = y;
	svg_line_chart(f, "Outstanding non-posted requests (average per interval)", x, n, &series,
		       1, "time from first entry (us)", "requests");
	free(x);
	if (rv_outstanding_note(v, text, sizeof(text)))
		html_para(f, text);
	return 0;
}

static void note(FILE *f, const char *text)
{
	if (text[0])
		html_para(f, text);
}

static void folded_note(const struct report_views *v, FILE *f, enum rv_folded which)
{
	char text[512];

	rv_folded_note(v, which, text, sizeof(text));
	note(f, text);
}

/*
 * The latency views only when requests were matched: otherwise the sentence
 * that says why not, instead of a chart and a table of zeros.
 */
static int latency_sections(const struct report_views *v, FILE *f, const char *lat,
			    const char *place)
{
	int err = 0;

	html_section(f, "Latency");
	if (rv_latency_empty(v)) {
		note(f, lat);
		html_section_end(f);
		return 0;
	}
	latency_chart(v, f);
	html_section_end(f);
	html_section(f, "Outstanding requests over time");
	if (place[0])
		note(f, place);
	else
		err = outstanding_chart(v, f);
	html_section_end(f);
	table_section(f, "Latency per requester and kind", rv_latency_table(v, rows(v, SIZE_MAX)));
	folded_note(v, f, RV_FOLDED_LATENCY);
	return err;
}

int rv_html_write(const struct report_views *v, FILE *f)
{
	char lat[512] = "", tim[512] = "", loss[512] = "", place[512] = "";
	int err = 0;

	rv_latency_note(v, lat, sizeof(lat));
	rv_time_note(v, tim, sizeof(tim));
	rv_loss_note(v, loss, sizeof(loss));
	rv_placing_note(v, "The charts over time", place, sizeof(place));
	if (v->dev.heading) {
		char h[96];

		snprintf(h, sizeof(h), "Device %s", v->dev.name ? v->dev.name : "(unnamed)");
		html_section(f, h);
		html_section_end(f);
	}
	table_section(f, "Summary", rv_summary_table(v));
	note(f, loss);
	note(f, tim);
	table_section(f, "TLP classes", rv_class_table(v));
	html_section(f, "TLP mix");
	mix_chart(v, f);
	html_section_end(f);
	html_section(f, "Bandwidth over time");
	if (place[0])
		note(f, place);
	else
		err = bandwidth_chart(v, f);
	note(f, tim);
	html_section_end(f);
	if (!err)
		err = latency_sections(v, f, lat, place);
	table_section(f, "Top requesters", rv_requester_table(v, rows(v, TOP_REQUESTERS)));
	folded_note(v, f, RV_FOLDED_REQUESTERS);
	if (analysis_class(v->a, (1u << ANALYSIS_NDIR) - 1, TLP_CLASS_CPL).tlps) {
		table_section(f, "Top completers", rv_completer_table(v, rows(v, TOP_REQUESTERS)));
		folded_note(v, f, RV_FOLDED_COMPLETERS);
	}
	table_section(f, "TLP kinds", rv_kind_table(v));
	return err; /* a write error is the file's: report_files_close tells it with its cause */
}
