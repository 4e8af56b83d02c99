// SPDX-License-Identifier: GPL-2.0-only
/*
 * The findings as a user reads them: text (severity, id, subject, summary,
 * advice and evidence indented), JSON lines (one object per finding with
 * exactly id, severity, subject, summary, evidence, advice, and cause for a
 * finding another explains; evidence is an object of numbers) and one self-contained HTML page with
 * each finding's evidence as a table and a bar chart, and the trace's bandwidth over time.
 */
#include <errno.h>
#include <stdlib.h>

#include <pciescope/out/html.h>
#include <pciescope/out/json.h>
#include <pciescope/out/num.h>
#include <pciescope/out/svg.h>
#include <pciescope/out/table.h>
#include <pciescope/tool/link_model.h>

#include "cli.h"
#include "diagnose.h"

void diagnose_print_text(FILE *out, const struct diag_findings *l)
{
	char num[OUT_NUM_LEN];

	for (size_t i = 0; i < l->n; i++) {
		const struct diag_finding *f = &l->f[i];
		/* A consequence sits under its cause, indented. */
		const char *in = f->cause[0] ? "  " : "";

		if (f->cause[0])
			fprintf(out, "  because of %s:\n", f->cause);
		fprintf(out, "%s%-8s %-28s %-14s %s\n", in, diag_severity_name(f->severity), f->id,
			f->subject, f->summary);
		fprintf(out, "%s         advice: %s\n", in, f->advice);
		fprintf(out, "%s         evidence:", in);
		for (size_t k = 0; k < f->nfig; k++)
			fprintf(out, " %s=%s", f->fig[k].name,
				out_num_sig(num, sizeof(num), f->fig[k].value, OUT_NUM_DIGITS));
		fputc('\n', out);
	}
	fprintf(out, "%zu finding%s: %zu error, %zu warning, %zu info\n", l->n,
		l->n == 1 ? "" : "s", diag_count_at_least(l, DIAG_ERROR),
		diag_count_at_least(l, DIAG_WARNING) - diag_count_at_least(l, DIAG_ERROR),
		l->n - diag_count_at_least(l, DIAG_WARNING));
}

void diagnose_print_json(FILE *out, const struct diag_findings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct diag_finding *f = &l->f[i];

		fputs("{\"id\":", out);
		out_json_string(out, f->id);
		fputs(",\"severity\":", out);
		out_json_string(out, diag_severity_name(f->severity));
		fputs(",\"subject\":", out);
		out_json_string(out, f->subject);
		fputs(",\"summary\":", out);
		out_json_string(out, f->summary);
		fputs(",\"evidence\":{", out);
		for (size_t k = 0; k < f->nfig; k++) {
			if (k)
				fputc(',', out);
			out_json_string(out, f->fig[k].name);
			fputc(':', out);
			out_json_figure(out, f->fig[k].value);
		}
		fputs("},\"advice\":", out);
		out_json_string(out, f->advice);
		if (f->cause[0]) {
			fputs(",\"cause\":", out);
			out_json_string(out, f->cause);
		}
		fputs("}\n", out);
	}
}

static void evidence_table(FILE *h, const struct diag_finding *f)
{
	static const char *const cols[] = {"evidence", "value"};
	struct out_table *t = out_table_new(2, cols, "lr");
	char num[OUT_NUM_LEN];

	for (size_t k = 0; t && k < f->nfig; k++) {
		out_table_cell(t, "%s", f->fig[k].name);
		out_table_cell(t, "%s",
			       out_num_sig(num, sizeof(num), f->fig[k].value, OUT_NUM_DIGITS));
	}
	if (t)
		out_table_print_html(t, h);
	out_table_free(t);
}

static void finding_section(FILE *h, const struct diag_finding *f)
{
	const char *labels[DIAG_MAX_BARS];
	double v[DIAG_MAX_BARS];
	char heading[128];

	snprintf(heading, sizeof(heading), "%s %s: %s", diag_severity_name(f->severity), f->id,
		 f->subject);
	html_section(h, heading);
	html_para(h, f->summary);
	if (f->cause[0]) {
		fputs("<p><b>Because of:</b> ", h);
		html_escape(h, f->cause);
		fputs("</p>\n", h);
	}
	fputs("<p><b>Advice:</b> ", h);
	html_escape(h, f->advice);
	fputs("</p>\n", h);
	evidence_table(h, f);
	for (size_t k = 0; k < f->nbar; k++) {
		labels[k] = f->bar[k].label;
		v[k] = f->bar[k].value;
	}
	if (f->chart_title[0] && f->nbar)
		svg_bar_chart(h, f->chart_title, labels, v, f->nbar, f->chart_unit);
	html_section_end(h);
}

static int bandwidth_chart(FILE *h, const struct analysis *a)
{
	struct link_window *w;
	long n = link_trace_timeline(a, &w);
	struct svg_series s = {"all TLPs", NULL, "#333333"};
	double *x;

	if (n <= 0)
		return 0;
	x = calloc((size_t)n, 2 * sizeof(double));
	if (!x) {
		free(w);
		return -ENOMEM;
	}
	for (long i = 0; i < n; i++) {
		x[i] = w[i].start_ns / 1e3;
		x[n + i] = w[i].traffic_mbps;
	}
	s.y = x + n;
	html_section(h, "Trace: link traffic over time");
	svg_line_chart(h, "Link traffic over time (header + payload)", x, (size_t)n, &s, 1,
		       "time from first entry (us)", "MB/s");
	html_section_end(h);
	free(x);
	free(w);
	return 0;
}

int diagnose_write_html(const char *path, const struct diag_findings *l,
			const struct diag_trace *trace)
{
	FILE *h = fopen(path, "w");
	int err;

	if (!h)
		return cli_errno(-errno, "diagnose: %s", path);
	html_begin(h, "pciescope diagnose");
	if (!l->n)
		html_para(h, "No findings: nothing in the trace or the counters matched a rule.");
	for (size_t i = 0; i < l->n; i++)
		finding_section(h, &l->f[i]);
	err = trace ? bandwidth_chart(h, diag_trace_analysis(trace)) : 0;
	if (!err)
		err = html_end(h);
	if (fclose(h) && !err)
		err = -errno;
	return err ? cli_errno(err, "diagnose: writing %s", path) : 0;
}
