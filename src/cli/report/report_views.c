// SPDX-License-Identifier: GPL-2.0-only
/*
 * The analysis views of `pciescope report`: option parsing, feeding the
 * analyser, and the order in which the views print.  All views share one
 * pass over the trace and one analyser, so asking for several costs no
 * more reading than asking for one.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/out/html.h>
#include <pciescope/perf/perf_data.h>

#include "cli.h"
#include "cli_number.h"
#include "report_views_internal.h"

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
		return cli_error("--threads: '%s' is not a number from 1 to %u", val,
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

int report_views_cb(const struct cli_option *opt, const char *arg)
{
	return report_views_opt(opt->value, (int)opt->data, arg) ? 1 : 0;
}

/* Every matched request: a Chrome slice. */
static void on_txn(void *ctx, const struct analysis_txn *t)
{
	rv_chrome_txn(ctx, t);
}

/*
 * Every entry: a Chrome instant, and a step of the requests in flight when
 * the analyser opened or closed one (a reused tag replaces one that never
 * completed: the count stays); any completion shows its requester's
 * completions are in the trace.
 */
static void on_entry(void *ctx, const struct analysis_entry *e)
{
	struct report_views *v = ctx;
	uint64_t at;

	if (v->chrome)
		rv_chrome_entry(v, e);
	if (!v->busy || e->match == ANALYSIS_UNMATCHED)
		return;
	at = e->now - analysis_summary(v->a)->first;
	switch (e->match) {
	case ANALYSIS_OPENED:
		outstanding_seen_step(v->busy, at, e->b->requester, 1);
		break;
	case ANALYSIS_REOPENED:
		outstanding_seen_step(v->busy, at, e->b->requester, 0);
		break;
	case ANALYSIS_CLOSED:
		outstanding_seen_completion(v->busy, at, e->b->requester);
		outstanding_seen_step(v->busy, at, e->b->requester, -1);
		break;
	default: /* a completion with more to come, or of no request followed */
		outstanding_seen_completion(v->busy, at, e->b->requester);
		break;
	}
}

int report_files_open(const struct report_views_opts *o, struct report_files **out)
{
	struct report_files *f = calloc(1, sizeof(*f));

	if (!f)
		return cli_errno(-ENOMEM, "report");
	f->html_path = o->html;
	f->chrome_path = o->chrome_trace;
	if (o->html && !(f->html = fopen(o->html, "w"))) {
		cli_errno(-errno, "%s", o->html);
		free(f);
		return 1;
	}
	if (o->chrome_trace && !(f->chrome = fopen(o->chrome_trace, "w"))) {
		cli_errno(-errno, "%s", o->chrome_trace);
		if (f->html)
			fclose(f->html);
		free(f);
		return 1;
	}
	if (f->html)
		html_begin(f->html, "pciescope trace report");
	if (f->chrome)
		chrome_trace_begin(&f->ct, f->chrome);
	*out = f;
	return 0;
}

static int close_one(FILE *f, int err, const char *path)
{
	if (fclose(f) && !err)
		err = -errno;
	return err ? cli_errno(err, "report: writing %s", path) : 0;
}

int report_files_close(struct report_files *f)
{
	int ret = 0;

	if (!f)
		return 0;
	if (f->html)
		ret |= close_one(f->html, html_end(f->html), f->html_path);
	if (f->chrome)
		ret |= close_one(f->chrome, chrome_trace_end(&f->ct), f->chrome_path);
	free(f);
	return ret;
}

int report_views_start(const struct report_views_opts *o, const char *input, uint64_t config,
		       bool have_config, struct report_files *files, size_t dev, const char *label,
		       struct report_views **out)
{
	struct report_views *v = calloc(1, sizeof(*v));
	struct analysis_opts ao = {.tick_ns = o->tick_ns,
				   .window_ns = o->timeline_ns,
				   .no_timeline = !o->timeline_ns && !o->html,
				   .on_txn = o->chrome_trace ? on_txn : NULL,
				   .on_entry = o->chrome_trace || o->html ? on_entry : NULL,
				   .filter = o->filter,
				   .ctx = v};
	int err;

	if (!v)
		return cli_errno(-ENOMEM, "report");
	v->o = *o;
	if (v->o.csv && !v->o.stats && !v->o.latency && !v->o.timeline_ns)
		v->o.stats = true;
	v->input = input;
	v->files = files;
	v->dev_index = dev;
	snprintf(v->label, sizeof(v->label), "%s", label ? label : "");
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
	v->html = files ? files->html : NULL;
	if (v->html && !(v->busy = malloc(sizeof(*v->busy)))) {
		analysis_destroy(v->a);
		free(v);
		return cli_errno(-ENOMEM, "report");
	}
	if (v->busy)
		outstanding_seen_init(v->busy);
	if (files && files->chrome && rv_chrome_open(v)) {
		analysis_destroy(v->a);
		free(v->busy);
		free(v);
		return 1;
	}
	*out = v;
	return 0;
}

void report_views_device(struct report_views *v, const struct report_device *d)
{
	v->dev = *d;
	if (d->name) {
		snprintf(v->dev_name, sizeof(v->dev_name), "%s", d->name);
		v->dev.name = v->dev_name;
	}
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

/* What the analyser folded into other under a table; on stderr with --csv, as the notes. */
static void print_folded(const struct report_views *v, FILE *out, enum rv_folded which)
{
	char note[512];

	if (!rv_folded_note(v, which, note, sizeof(note)))
		return;
	if (v->o.csv)
		fprintf(stderr, "pciescope: report: %s\n", note);
	else
		fprintf(out, "(%s)\n", note);
}

static int print_views(struct report_views *v, FILE *out)
{
	bool csv = v->o.csv, first = true;
	char lat[512] = "", tim[512] = "", loss[512] = "", place[512] = "";
	size_t top = v->o.top ? v->o.top : SIZE_MAX, requesters, completers, lats;
	int err = 0;

	if (v->dev.heading && !csv) {
		fprintf(out, "%sDevice %s\n", v->dev.first ? "" : "\n",
			v->dev.name ? v->dev.name : "(unnamed)");
	} else if (v->dev.heading && !v->dev.first) {
		fputc('\n', out); /* CSV tables are apart by one empty line, across devices too */
	}

	analysis_requesters(v->a, &requesters);
	analysis_completers(v->a, &completers);
	analysis_latencies(v->a, &lats);

	rv_latency_note(v, lat, sizeof(lat));
	rv_time_note(v, tim, sizeof(tim));
	rv_loss_note(v, loss, sizeof(loss));
	rv_placing_note(v, "--timeline", place, sizeof(place));
	if (v->o.stats) {
		err |= print_table(out, rv_summary_table(v), "Summary", csv, &first);
		print_note(out, csv, loss);
		print_note(out, csv, tim);
		print_note(out, csv, lat);
		err |= print_table(out, rv_class_table(v), "TLP classes", csv, &first);
		err |= print_table(out, rv_kind_table(v), "TLP kinds", csv, &first);
		err |= print_table(out, rv_requester_table(v, top), "Requesters", csv, &first);
		print_left_out(out, csv, top, requesters, "requesters");
		print_folded(v, out, RV_FOLDED_REQUESTERS);
		err |= print_table(out, rv_completer_table(v, top), "Completers", csv, &first);
		print_left_out(out, csv, top, completers, "completers");
		print_folded(v, out, RV_FOLDED_COMPLETERS);
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
		err |= print_table(out, rv_latency_table(v, top),
				   "Latency (request -> last completion)", csv, &first);
		print_left_out(out, csv, top, lats, "requester and kind rows");
		print_folded(v, out, RV_FOLDED_LATENCY);
	}
	if (v->o.timeline_ns && place[0]) {
		if (!first && !csv)
			fputc('\n', out);
		first = false;
		print_note(out, csv, place);
	} else if (v->o.timeline_ns) {
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

	return err ? cli_errno(err, "report: writing %s", v->o.html) : 0;
}

/*
 * The Chrome trace places entries on the trace's clock: when it lost gaps,
 * one line on standard error says so (the HTML page and --timeline say it
 * in place of their charts).
 */
static void say_placing(const struct report_views *v)
{
	char line[512], what[128];

	snprintf(what, sizeof(what), "%s%s--chrome-trace", v->dev.name ? v->dev.name : "",
		 v->dev.name ? ": " : "");
	if (v->o.chrome_trace && rv_placing_note(v, what, line, sizeof(line)))
		cli_warn("%s", line);
}

/*
 * --time chose entries by the trace's clock: when it lost gaps, the window
 * holds other entries than the user's times name, and its rates would be
 * over the whole recording.  Refused in one line, instead of the views.
 */
static int refuse_window(const struct report_views *v)
{
	char line[512], what[128];

	snprintf(what, sizeof(what), "%s%s--time", v->dev.name ? v->dev.name : "",
		 v->dev.name ? ": " : "");
	if (!v->o.filter.by_time || !rv_placing_note(v, what, line, sizeof(line)))
		return 0;
	return cli_error("%s: %s", v->input, line);
}

uint64_t rv_span_ticks(const struct report_views *v)
{
	const struct analysis_summary *s = analysis_summary(v->a);

	return s->entries ? s->last - s->first + 1 : 0;
}

int report_views_finish(struct report_views *v, FILE *out)
{
	int ret = 0;

	analysis_finish(v->a);
	if (v->busy) /* requests still open stay in flight to the end of the trace */
		outstanding_seen_finish(v->busy, rv_span_ticks(v), &v->left);
	say_placing(v);
	if (v->chrome)
		rv_chrome_close(v);
	if (refuse_window(v))
		ret = 1;
	else if (v->o.stats || v->o.latency || v->o.timeline_ns)
		ret |= print_views(v, out);
	if (v->html && !ret)
		ret |= write_html(v);
	analysis_destroy(v->a);
	free(v->busy);
	free(v);
	return ret;
}
