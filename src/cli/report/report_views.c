// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analysis views of `pciescope report`: option parsing, feeding the
 * analyser, and the order in which the views print.  All views share one
 * pass over the trace and one analyser, so asking for several costs no
 * more reading than asking for one.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/perf/perf_data.h>

#include "cli.h"
#include "cli_number.h"
#include "report_views_impl.h"

/* "250", "250ns", "1.5us", "2ms", "1s" -> nanoseconds. */
static int parse_duration_ns(const char *s, double *ns)
{
	static const struct {
		const char *suffix;
		double scale;
	} units[] = {{"", 1}, {"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
	char *end;
	double v = strtod(s, &end);

	if (end == s || !isfinite(v) || v <= 0)
		return -EINVAL;
	for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++)
		if (!strcmp(end, units[k].suffix)) {
			*ns = v * units[k].scale;
			return 0;
		}
	return -EINVAL;
}

static int take_duration(const char *name, const char *val, double *ns)
{
	if (!val || parse_duration_ns(val, ns))
		return cli_error("--%s: '%s' is not a positive duration (e.g. 500, 2us, 1ms)", name,
				 val ? val : "");
	return 0;
}

static int take_threads(const char *val, unsigned *threads)
{
	uint64_t n;

	if (cli_parse_uint(val, 10, REPORT_MAX_THREADS, &n) || !n)
		return cli_error("--threads: '%s' is not a number of threads (1 to %u)", val,
				 REPORT_MAX_THREADS);
	*threads = (unsigned)n;
	return 0;
}

int report_views_opt(struct report_views_opts *o, int c, const char *arg)
{
	double ns;

	switch (c) {
	case REPORT_OPT_STATS:
		o->stats = true;
		return 0;
	case REPORT_OPT_LATENCY:
		o->latency = true;
		return 0;
	case REPORT_OPT_CSV:
		o->csv = true;
		return 0;
	case REPORT_OPT_CHROME:
		o->chrome_trace = arg;
		return 0;
	case REPORT_OPT_HTML:
		o->html = arg;
		return 0;
	case REPORT_OPT_TICK:
		return take_duration("tick", arg, &o->tick_ns);
	case REPORT_OPT_THREADS:
		return take_threads(arg, &o->threads);
	case REPORT_OPT_TIMELINE:
		if (take_duration("timeline", arg, &ns))
			return 1;
		if (ns < 1 || ns > 1e18)
			return cli_error("--timeline: '%s' must be between 1 ns and 1e18 ns", arg);
		o->timeline_ns = (uint64_t)llround(ns);
		return 0;
	default:
		return report_filter_opt(o, c, arg);
	}
}

bool report_views_selected(const struct report_views_opts *o)
{
	return o->stats || o->latency || o->csv || o->timeline_ns || o->chrome_trace || o->html;
}

void report_views_usage(FILE *f)
{
	fputs(
	    "      --stats           TLP counts and bytes per kind, class, requester, completer\n"
	    "      --latency         request -> completion latency per requester and kind\n"
	    "      --timeline WIDTH  bandwidth per window of WIDTH (ns, or 2us, 1ms, ...)\n"
	    "      --csv             the selected views as CSV (alone: --stats as CSV)\n"
	    "      --chrome-trace FILE  timeline for Perfetto: requests, completions, posted\n"
	    "                        TLPs, flows, outstanding requests, bandwidth\n"
	    "      --html FILE       self-contained HTML report with charts\n"
	    "      --tick NS         length of a trace time tick (default 1 ns)\n"
	    "      --threads N       analyse a trace file with N threads (default: one per CPU)\n"
	    "      --requester BDF   only TLPs whose Requester ID is BDF (its completions too)\n"
	    "      --kind K[,K...]   only TLPs of these kinds (MRd64, CplD, ...; classes P, NP, CPL)\n"
	    "      --time A..B       only entries at ticks A to B (A.., ..B; or 2us, 1ms, ...)\n"
	    "      --top N           the N busiest rows of the requester, completer, latency tables\n",
	    f);
}

/* Every matched request: a Chrome slice, a share of the outstanding-requests chart. */
static void on_txn(void *ctx, const struct analysis_txn *t)
{
	struct report_views *v = ctx;
	uint64_t first = analysis_summary(v->a)->first;

	if (v->chrome)
		rv_chrome_txn(v, t);
	if (v->html)
		rv_busy_add(&v->busy, t->start - first, t->end - first);
}

int report_views_start(const struct report_views_opts *o, const char *input, uint64_t config,
		       bool have_config, struct report_views **out)
{
	struct report_views *v = calloc(1, sizeof(*v));
	struct analysis_opts ao = {.tick_ns = o->tick_ns,
				   .window_ns = o->timeline_ns,
				   .no_timeline = !o->timeline_ns && !o->html,
				   .on_txn = o->chrome_trace || o->html ? on_txn : NULL,
				   .on_entry = o->chrome_trace ? rv_chrome_entry : NULL,
				   .filter = o->filter,
				   .ctx = v};
	int err;

	if (!v)
		return cli_errno(-ENOMEM, "report");
	v->o = *o;
	if (v->o.csv && !v->o.stats && !v->o.latency && !v->o.timeline_ns)
		v->o.stats = true;
	v->input = input;
	v->have_setting = have_config;
	v->setting = ptt_setting_of_config(config);
	v->dir = have_config ? analysis_dir_of_setting(v->setting.format, v->setting.direction)
			     : ANALYSIS_DIR_UNKNOWN;
	err = analysis_create(&ao, &v->a);
	if (err) {
		free(v);
		return err == -EINVAL ? cli_error("--timeline: window shorter than one tick")
				      : cli_errno(err, "report");
	}
	if (o->html && !(v->html = fopen(o->html, "w"))) {
		err = cli_errno(-errno, "%s", o->html);
		goto fail;
	}
	if (o->chrome_trace && rv_chrome_open(v)) {
		err = 1;
		goto fail;
	}
	*out = v;
	return 0;
fail:
	if (v->html)
		fclose(v->html);
	analysis_destroy(v->a);
	free(v);
	return err;
}

int report_views_start_reader(const struct report_views_opts *o, const char *input,
			      const struct perf_reader *rd, struct report_views **out)
{
	const struct perf_attr_info *a = perf_reader_nr_attrs(rd) ? perf_reader_attr(rd, 0) : NULL;

	return report_views_start(o, input, a ? a->attr.config : 0, a != NULL, out);
}

void report_views_recording(struct report_views *v, double ns)
{
	v->rec_ns = ns;
}

static void saw_format(struct report_views *v, enum ptt_format f)
{
	if (!v->have_fmt) {
		v->have_fmt = true;
		v->fmt = f;
	}
}

void report_views_chunk(struct report_views *v, const uint8_t *buf, size_t len, enum ptt_format f)
{
	saw_format(v, f);
	analysis_feed_entries(v->a, buf, len, f, v->dir);
}

int report_views_spans(struct report_views *v, struct analysis_span *sp, size_t n,
		       analysis_read_fn read, void *ctx)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned threads = v->o.threads;
	int err;

	if (!threads)
		threads = cpus < 1		      ? 1
			  : cpus > REPORT_MAX_THREADS ? REPORT_MAX_THREADS
						      : (unsigned)cpus;
	for (size_t i = 0; i < n; i++)
		sp[i].d = v->dir;
	if (n)
		saw_format(v, sp[0].f);
	err = analysis_feed_spans(v->a, sp, n, threads, read, ctx);
	return err ? cli_errno(err, "%s: reading the trace", v->input) : 0;
}

static int print_table(FILE *out, struct out_table *t, const char *title, bool csv, bool *first)
{
	if (!t)
		return -ENOMEM;
	if (!*first)
		fputc('\n', out);
	*first = false;
	if (csv) {
		out_table_print_csv(t, out);
	} else {
		fprintf(out, "%s\n", title);
		out_table_print(t, out);
	}
	out_table_free(t);
	return 0;
}

/*
 * A sentence beside a text table; with --csv once on stderr, so that
 * standard output stays CSV.
 */
static void print_note(FILE *out, bool csv, char *note)
{
	if (!note[0])
		return;
	fprintf(csv ? stderr : out, "%s%s\n", csv ? "pciescope: report: " : "", note);
	if (csv)
		note[0] = 0;
}

/* What --top left out of a table with rows rows in all; on stderr with --csv, as the notes. */
static void print_left_out(FILE *out, bool csv, size_t top, size_t rows, const char *what)
{
	if (rows > top)
		fprintf(csv ? stderr : out, "%s--top %zu left out %zu %s%s\n",
			csv ? "pciescope: report: " : "(", top, rows - top, what, csv ? "" : ")");
}

static int print_views(struct report_views *v, FILE *out)
{
	bool csv = v->o.csv, first = true;
	char lat[512] = "", tim[512] = "";
	size_t top = v->o.top ? v->o.top : SIZE_MAX, requesters, completers, lats;
	int err = 0;

	analysis_requesters(v->a, &requesters);
	analysis_completers(v->a, &completers);
	analysis_latencies(v->a, &lats);

	rv_latency_note(v, lat, sizeof(lat));
	rv_time_note(v, tim, sizeof(tim));
	if (v->o.stats) {
		err |= print_table(out, rv_summary_table(v), "Summary", csv, &first);
		print_note(out, csv, tim);
		print_note(out, csv, lat);
		err |= print_table(out, rv_class_table(v), "TLP classes", csv, &first);
		err |= print_table(out, rv_kind_table(v), "TLP kinds", csv, &first);
		err |= print_table(out, rv_requester_table(v, top), "Requesters", csv, &first);
		print_left_out(out, csv, top, requesters, "requesters");
		err |= print_table(out, rv_completer_table(v, top), "Completers", csv, &first);
		print_left_out(out, csv, top, completers, "completers");
	}
	if (v->o.latency && rv_latency_empty(v)) {
		if (!v->o.stats) {
			if (!first && !csv)
				fputc('\n', out);
			if (!csv)
				first = false; /* the note took the table's place on out */
			print_note(out, csv, lat);
		}
	} else if (v->o.latency) {
		err |= print_table(out, rv_latency_table(v, top), "Latency (request -> last completion)",
				   csv, &first);
		print_left_out(out, csv, top, lats, "requester and kind rows");
	}
	if (v->o.timeline_ns) {
		const struct analysis_window *w;
		uint64_t width;

		if (analysis_windows(v->a, &w, &width) < 0)
			return cli_error("--timeline: the trace needs more than %u windows of this "
					 "width; choose a wider one",
					 ANALYSIS_MAX_WINDOWS);
		err |= print_table(out, rv_timeline_table(v), "Bandwidth over time", csv, &first);
		print_note(out, csv, tim);
	}
	return err ? cli_errno(-ENOMEM, "report") : 0;
}

static int write_html(struct report_views *v)
{
	int err = rv_html_write(v, v->html);

	if (fclose(v->html) && !err)
		err = -errno;
	return err ? cli_errno(err, "report: writing %s", v->o.html) : 0;
}

int report_views_finish(struct report_views *v, FILE *out)
{
	int ret = 0;

	analysis_finish(v->a);
	if (v->chrome && rv_chrome_close(v))
		ret = 1;
	if (v->o.stats || v->o.latency || v->o.timeline_ns)
		ret |= print_views(v, out);
	if (v->o.html)
		ret |= write_html(v);
	analysis_destroy(v->a);
	free(v);
	return ret;
}
