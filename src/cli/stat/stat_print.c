// SPDX-License-Identifier: GPL-2.0-only
/*
 * The three layouts of perf stat 6.1, checked against the installed perf:
 *  text:  "%18s %-4s %-32s  # metric", header and "seconds time elapsed";
 *  -x S:  value S unit S event S run-time S pcnt-running S metric S unit;
 *  -j:    one object per line with perf's keys and spacing.
 * -I prefixes each line with the interval time ("%6u.%09u"), JSON with an
 * "interval" key.  cpu-clock and task-clock are shown in msec like perf,
 * with perf's "CPUs utilized" (clock time over the span counted); counts
 * that never ran print "<not counted>", events the machine lacks "<not
 * supported>".  With -r the values are the runs' means and each line
 * carries perf's spread of the mean: "( +- x.xx% )", a -x column after the
 * event, a "variance" key.  Text columns (value 18, unit 4, event 32, the
 * metric 33 after '#') are perf's, compared in tests/e2e/ext_stat_layout.sh.
 */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include <pciescope/tool/event_list.h>
#include <pciescope/tool/link_model.h>

#include "link_text.h"
#include "stat_print.h"

struct line {
	bool unsupported;
	double noise; /* -r: spread of the mean in %, < 0 without -r */
	int mprec;    /* digits of the text metric */
	const char *name, *unit, *munit;
	char value[48], json_value[48]; /* perf prints JSON counts with %f */
	double metric;
	bool has_metric;
	uint64_t running;
	double pcnt;
};

static bool has_pair(const struct event *c)
{
	return c->partner >= 0 || c->denom >= 0;
}

static void make_line(const struct stat_config *s, const struct backend_count *vals, size_t i,
		      struct line *l)
{
	const struct event *c = &s->events.ev[i];
	const struct backend_count *v = &vals[i];
	double val = count_scaled(v);

	l->name = c->spec->name ? c->spec->name : c->spec->text;
	l->unit = c->clock ? "msec" : "";
	l->unsupported = c->unsupported;
	l->noise = s->noise ? stat_noise_pct(&s->noise[i]) : -1;
	l->mprec = c->clock ? 3 : 2;
	l->running = v->running;
	l->pcnt = v->enabled ? 100.0 * (double)v->running / (double)v->enabled : 100.0;
	if (c->clock)
		val /= 1e6;
	if (c->unsupported) {
		l->unit = "";
		l->running = 0;
		l->pcnt = 100.0;
		snprintf(l->value, sizeof(l->value), "<not supported>");
		snprintf(l->json_value, sizeof(l->json_value), "<not supported>");
		l->has_metric = false;
		return;
	}
	if (!v->running) {
		snprintf(l->value, sizeof(l->value), "<not counted>");
		snprintf(l->json_value, sizeof(l->json_value), "<not counted>");
	} else {
		snprintf(l->value, sizeof(l->value), c->clock ? "%.2f" : "%.0f", val);
		snprintf(l->json_value, sizeof(l->json_value), "%f", val);
	}
	l->has_metric = v->running && (c->clock || s->metrics || !has_pair(c)) &&
			stat_metric_value(s, i, vals, &l->metric, &l->munit);
	if (l->has_metric && !c->clock && !has_pair(c))
		l->mprec = 3;
}

static void print_ts(const struct stat_config *s, double ts)
{
	unsigned long sec = (unsigned long)ts;
	unsigned long nsec = (unsigned long)((ts - (double)sec) * 1e9 + 0.5);

	if (nsec >= 1000000000UL) {
		sec++;
		nsec -= 1000000000UL;
	}
	fprintf(s->out, "%6lu.%09lu%s", sec, nsec, s->layout == STAT_CSV ? s->sep : " ");
}

static void print_text(const struct stat_config *s, const struct line *l)
{
	fprintf(s->out, "%18s %-4s %-32s", l->value, l->unit, l->name);
	if (l->unsupported) {
		fprintf(s->out, "%28s\n", "");
		return;
	}
	if (l->has_metric)
		fprintf(s->out, " # %8.*f %-23s", l->mprec, l->metric, l->munit);
	else
		fprintf(s->out, "%35s", "");
	/* perf leaves the spread out when it is zero (every run counted alike) */
	if (l->noise > 0)
		fprintf(s->out, "  ( +-%6.2f%% )", l->noise);
	/* A multiplexed count was scaled: say for how much of the time it ran. */
	if (l->running && l->pcnt < 100.0)
		fprintf(s->out, "  (%.2f%%)", l->pcnt);
	fputc('\n', s->out);
}

static void print_csv(const struct stat_config *s, const struct line *l)
{
	const char *x = s->sep;

	fprintf(s->out, "%s%s%s%s%s%s", l->value, x, l->unit, x, l->name, x);
	if (l->noise >= 0)
		fprintf(s->out, "%.2f%%%s", l->noise, x);
	fprintf(s->out, "%llu%s%.2f%s", (unsigned long long)l->running, x, l->pcnt, x);
	if (l->has_metric)
		fprintf(s->out, "%.3f%s%s\n", l->metric, x, l->munit);
	else
		fprintf(s->out, "%s\n", x);
}

static void json_string(FILE *out, const char *str)
{
	fputc('"', out);
	for (; *str; str++) {
		if (*str == '"' || *str == '\\')
			fputc('\\', out);
		fputc(*str, out);
	}
	fputc('"', out);
}

static void print_json(const struct stat_config *s, const struct line *l, double ts)
{
	FILE *o = s->out;

	fputc('{', o);
	if (ts >= 0)
		fprintf(o, "\"interval\" : %.9f, ", ts);
	fprintf(o, "\"counter-value\" : \"%s\", \"unit\" : ", l->json_value);
	json_string(o, l->unit);
	fprintf(o, ", \"event\" : ");
	json_string(o, l->name);
	if (l->noise >= 0)
		fprintf(o, ", \"variance\" : %.2f", l->noise);
	fprintf(o, ", \"event-runtime\" : %llu, \"pcnt-running\" : %.2f, ",
		(unsigned long long)l->running, l->pcnt);
	fprintf(o, "\"metric-value\" : %f, \"metric-unit\" : ", l->has_metric ? l->metric : 0.0);
	json_string(o, l->has_metric ? l->munit : "");
	fputs("}\n", o);
}

static void print_line(const struct stat_config *s, const struct line *l, double ts)
{
	if (ts >= 0 && s->layout != STAT_JSON)
		print_ts(s, ts);
	if (s->layout == STAT_CSV)
		print_csv(s, l);
	else if (s->layout == STAT_JSON)
		print_json(s, l, ts);
	else
		print_text(s, l);
}

/*
 * A link's direction as a metric line: its traffic as the value ("lo-hi"
 * where a shared port bit leaves a range), its use as the metric.
 */
static void link_line(const struct link *k, enum link_dir d, char *name, size_t n, struct line *l)
{
	const struct link_flow *f = &k->dir[d];

	*l = (struct line){.noise = -1, .mprec = 1, .unit = "MB/s", .pcnt = 100.0};
	snprintf(name, n, "link:%s/%s/", k->bdf, d == LINK_RX ? "rx" : "tx");
	l->name = name;
	cli_link_traffic(f, 1, l->value, sizeof(l->value));
	snprintf(l->json_value, sizeof(l->json_value), "%s", l->value);
	l->has_metric = f->util_hi_pct >= 0;
	l->metric = f->util_pct >= 0 ? f->util_pct : f->util_hi_pct;
	l->munit = f->util_pct >= 0 ? "% link use" : "% link use at most";
}

/*
 * --metrics: the link model's figures for every link whose pairs were
 * counted (tool/link_model.h; -M pcie_link counts them all), after the
 * events, as perf prints a metric group's metrics.
 */
static void print_links(const struct stat_config *s, const struct backend_count *vals, double ts)
{
	struct link_model m = {0};
	char name[64];
	struct line l;

	if (!s->metrics || link_model_scan(&m, s->b))
		return;
	link_model_count(&m, &s->events, vals);
	for (size_t i = 0; i < m.n; i++)
		for (int d = 0; d < LINK_NDIR; d++) {
			if (m.l[i].dir[d].basis == LINK_UNKNOWN)
				continue;
			link_line(&m.l[i], (enum link_dir)d, name, sizeof(name), &l);
			print_line(s, &l, ts);
		}
	link_model_free(&m);
}

void stat_print(const struct stat_config *s, const struct backend_count *vals, double ts)
{
	for (size_t i = 0; i < s->events.n; i++) {
		struct line l;

		make_line(s, vals, i, &l);
		print_line(s, &l, ts);
	}
	print_links(s, vals, ts);
	fflush(s->out);
}

void stat_print_header(const struct stat_config *s)
{
	if (s->layout != STAT_TEXT)
		return;
	if (s->interval_ms) {
		fprintf(s->out, "#           time             counts unit events\n");
		return;
	}
	fprintf(s->out, "\n Performance counter stats for '");
	if (!s->argv)
		fprintf(s->out, "system wide");
	for (char **a = s->argv; a && *a; a++)
		fprintf(s->out, "%s%s", a == s->argv ? "" : " ", *a);
	if (s->repeat > 1)
		fprintf(s->out, "' (%u runs):\n\n", s->repeat);
	else
		fprintf(s->out, "':\n\n");
}

/*
 * A command of the host ran as a child: its user and system time, as perf
 * prints them.  A simulated `sleep` has no process to account.
 */
static void print_rusage(const struct stat_config *s)
{
	struct rusage ru;

	if (!s->argv || strcmp(s->b->ops->name, "host") || getrusage(RUSAGE_CHILDREN, &ru))
		return;
	fprintf(s->out, "%18.9f seconds user\n%18.9f seconds sys\n\n",
		(double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
		(double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6);
}

/*
 * The emulated machine runs no tasks: its clocks count simulated time the
 * whole span (so "1.000 CPUs utilized" whatever the command did) and its
 * other software events nothing.  Said once under the counts, so a 0 is not
 * taken for a measurement; the host's counts need no such note.
 */
static void print_emulated_note(const struct stat_config *s)
{
	bool clock = false, other = false;

	if (strcmp(s->b->ops->name, "emulated"))
		return;
	for (size_t i = 0; i < s->events.n; i++) {
		const struct perf_event_attr *a = &s->events.ev[i].spec->attr;

		if (a->type != PERF_TYPE_SOFTWARE)
			continue;
		if (s->events.ev[i].clock)
			clock = true;
		else
			other = true;
	}
	if (clock)
		fputs("Note: on the emulated backend cpu-clock and task-clock are the simulated\n"
		      "time of the whole span, so CPUs utilized is 1.000 whatever the command "
		      "does.\n",
		      s->out);
	if (other)
		fputs(
		    "Note: the emulated machine runs no tasks: page-faults, context-switches and\n"
		    "the other software events count 0 there.\n",
		    s->out);
	if (clock || other)
		fputc('\n', s->out);
}

/* perf's digits for a mean and its spread: two past the spread's first significant one. */
static int precision(double sd)
{
	int n = 0;

	if (sd <= 0)
		return 9;
	while (sd < 1 && n < 9) {
		sd *= 10;
		n++;
	}
	return n + 2 > 9 ? 9 : n + 2;
}

void stat_print_footer(const struct stat_config *s, uint64_t elapsed_ns)
{
	double mean, sd;
	int p;

	if (s->layout != STAT_TEXT || s->interval_ms)
		return;
	if (s->repeat <= 1) {
		fprintf(s->out, "\n%18.9f seconds time elapsed\n\n", (double)elapsed_ns / 1e9);
		print_rusage(s);
		print_emulated_note(s);
		return;
	}
	mean = s->elapsed_noise.mean / 1e9;
	sd = stat_noise_sd_mean(&s->elapsed_noise) / 1e9;
	p = precision(sd);
	fprintf(s->out, "\n%18.*f +- %.*f seconds time elapsed", p, mean, p, sd);
	if (stat_noise_pct(&s->elapsed_noise) > 0)
		fprintf(s->out, "  ( +-%6.2f%% )", stat_noise_pct(&s->elapsed_noise));
	fputs("\n\n", s->out);
	print_emulated_note(s);
}
