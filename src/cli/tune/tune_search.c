// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope tune DEVICE --search ...: which tune levels help, measured.
 * The loop is the diag library's (diag/search.h); this file parses the
 * options, checks the target, catches SIGINT/SIGTERM so the levels are
 * written back, and prints the candidates (text table, --html chart).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/diag/search.h>
#include <pciescope/out/html.h>
#include <pciescope/out/svg.h>
#include <pciescope/out/table.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/ptt_tune.h>
#include <pciescope/tool/stat.h>
#include <pciescope/tool/ptt_tune.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_hold.h"
#include "cli_names.h"

struct search_args {
	struct backend_opts bo;
	const char *dev, *event, *metric, *params, *html;
	int minimize; /* -1: the metric's default */
	unsigned repeat;
	bool apply, grid, force, wait;
	char **argv; /* COMMAND [ARGS] */
	int argc;
};

static const char *const search_synopsis[] = {
    "tune DEVICE --search [--param NAME,...] -e EVENT [--wait]\n"
    "                      [--metric count|bandwidth|latency] [--maximize|--minimize]\n"
    "                      [--repeat N] [--apply] [--grid] [--html FILE] [--force]\n"
    "                      [--backend B] [--platform P] [--workload W] [--seed N]\n"
    "                      -- COMMAND [ARGS]",
    NULL};

static const char search_notes[] =
    "Runs COMMAND under candidate levels and measures EVENT (a count, or the metric\n"
    "of a PCIe PMU pair: {*_flux,*_time} bandwidth, {*_latency,*_cnt} latency), e.g.\n"
    "  pciescope tune hisi_ptt0_2 --search -e '{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,"
    "hisi_pcie0_core2/tx_cpl_time,port=0x1/}' -- sleep 0.0002\n";

static int set_direction(const struct cli_option *opt, const char *arg)
{
	struct search_args *a = opt->value;

	a->minimize = !strcmp(opt->long_name, "minimize");
	return 0;
}

/* argv[0] is DEVICE (tune DEVICE --search ...), or "tune" when none was given. */
static int parse_args(struct search_args *a, int argc, char **argv)
{
	uint64_t repeat = a->repeat;
	bool search = false;
	const struct cli_option options[] = {
	    OPT_BOOL(0, "search", &search, "measure candidate levels (this mode)"),
	    OPT_STRING(0, "param", &a->params, "NAME,...",
		       "the tune files to search (all five by default)"),
	    OPT_STRING('e', "event", &a->event, "EVENT", "the target to measure (perf syntax)"),
	    OPT_STRING(0, "metric", &a->metric, "M", "count, bandwidth or latency"),
	    OPT_CALLBACK(0, "maximize", a, NULL, "the best candidate has the highest mean",
			 set_direction),
	    OPT_CALLBACK(0, "minimize", a, NULL, "the lowest (latency's default)", set_direction),
	    OPT_UINT(0, "repeat", &repeat, 1, 1000, "N", "runs per candidate (1)"),
	    OPT_BOOL(0, "apply", &a->apply, "leave the best levels applied"),
	    OPT_BOOL(0, "grid", &a->grid, "every candidate, not a coordinate descent"),
	    OPT_STRING(0, "html", &a->html, "FILE", "a bar chart of the candidates"),
	    OPT_BOOL(0, "force", &a->force, "pass events that break the PCIe PMU document's rules"),
	    OPT_BOOL(0, "wait", &a->wait, "wait for another search of DEVICE to end, not refuse"),
	    OPT_BACKEND_OPTS(&a->bo),
	    OPT_END(),
	};
	const struct cli_command_options cmd = {search_synopsis, options, search_notes,
						CLI_PARSE_STOP_AT_NON_OPTION};
	int n = cli_parse_options(argc, argv, &cmd);

	if (n < 0)
		return n == CLI_PARSE_HELP ? -1 : 1;
	a->repeat = (unsigned)repeat;
	a->argv = argv;
	a->argc = n;
	return 0;
}

static int parse_params(const char *list, bool search[HISI_PTT_TUNE_NPARAM])
{
	char buf[256], *save = NULL;

	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		search[i] = !list;
	if (!list)
		return 0;
	snprintf(buf, sizeof(buf), "%s", list);
	for (char *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		int k = hisi_ptt_tune_param_index(p);

		if (k < 0)
			return cli_unknown_name(p, hisi_ptt_tune_params, NULL,
						"tune: --param %s: no such tune parameter", p);
		search[k] = true;
	}
	return 0;
}

/* The metric of events 0 and 1 when they are a PCIe PMU pair (event_list_find_pairs). */
static enum hisi_pcie_class first_pair(const struct event_list *l)
{
	if (l->n < 2 || l->ev[0].partner != 1)
		return HISI_PCIE_OTHER;
	return l->ev[0].metric ? l->ev[0].metric : l->ev[1].metric;
}

/* The target from --metric (or the events), and its default direction. */
static int choose_metric(const struct search_args *a, const struct event_list *l,
			 struct diag_search_opts *o)
{
	enum hisi_pcie_class cls = first_pair(l);
	const char *m = a->metric;

	if (!m)
		m = cls == HISI_PCIE_LATENCY	 ? "latency"
		    : cls == HISI_PCIE_BANDWIDTH ? "bandwidth"
						 : "count";
	if (!strcmp(m, "count"))
		o->metric = DIAG_METRIC_COUNT;
	else if (!strcmp(m, "bandwidth") && cls == HISI_PCIE_BANDWIDTH)
		o->metric = DIAG_METRIC_BANDWIDTH;
	else if (!strcmp(m, "latency") && cls == HISI_PCIE_LATENCY)
		o->metric = DIAG_METRIC_LATENCY;
	else if (!strcmp(m, "bandwidth") || !strcmp(m, "latency"))
		return cli_error(
		    "tune: --metric %s needs its PCIe PMU pair as the first two events, e.g. %s", m,
		    !strcmp(m, "latency") ? "{hisi_pcie0_core2/rx_mrd_latency,port=0x1/,"
					    "hisi_pcie0_core2/rx_mrd_cnt,port=0x1/}"
					  : "{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,"
					    "hisi_pcie0_core2/tx_cpl_time,port=0x1/}");
	else
		return cli_error("tune: --metric %s: expected count, bandwidth or latency", m);
	o->minimize = a->minimize >= 0 ? a->minimize : o->metric == DIAG_METRIC_LATENCY;
	return 0;
}

static const char *metric_unit(enum diag_metric m)
{
	return m == DIAG_METRIC_BANDWIDTH ? "MB/s" : m == DIAG_METRIC_LATENCY ? "ns" : "count";
}

static unsigned searched(const struct diag_search_opts *o)
{
	unsigned mask = 0;

	for (int p = 0; p < HISI_PTT_TUNE_NPARAM; p++)
		mask |= o->search[p] ? 1u << p : 0;
	return mask;
}

static void print_table(const struct diag_search_opts *o, const struct diag_search_result *r)
{
	const char *const cols[] = {hisi_ptt_tune_params[0],
				    hisi_ptt_tune_params[1],
				    hisi_ptt_tune_params[2],
				    hisi_ptt_tune_params[3],
				    hisi_ptt_tune_params[4],
				    "mean",
				    "spread (sd)",
				    "min",
				    "max",
				    "gain %"};
	struct out_table *t = out_table_new(10, cols, "rrrrrrrrrr");

	for (size_t i = 0; t && i < r->n; i++) {
		const struct diag_candidate *c = &r->c[i];

		for (int p = 0; p < HISI_PTT_TUNE_NPARAM; p++)
			out_table_cell(t, "%d%s", c->level[p], o->search[p] ? "" : "*");
		out_table_cell(t, "%.2f", c->mean);
		out_table_cell(t, "%.2f", c->sd);
		out_table_cell(t, "%.2f", c->min);
		out_table_cell(t, "%.2f", c->max);
		out_table_cell(t, "%+.1f", diag_search_gain(o, r, i));
	}
	if (t)
		out_table_print(t, stdout);
	out_table_free(t);
}

static unsigned grid_size(const struct diag_search_opts *o)
{
	unsigned n = 1;

	for (int p = 0; p < HISI_PTT_TUNE_NPARAM; p++)
		n *= o->search[p] ? HISI_PTT_TUNE_LEVELS : 1;
	return n;
}

static void print_result(const struct diag_search_opts *o, const struct diag_search_result *r)
{
	char best[256], start[256];

	if (!r->n)
		return;
	print_table(o, r);
	ptt_tune_text(r->c[r->best].level, searched(o), best, sizeof(best));
	ptt_tune_text(r->c[0].level, searched(o), start, sizeof(start));
	printf("best: %s: %.2f %s, %+.1f %% over the starting levels (%s: %.2f %s)\n", best,
	       r->c[r->best].mean, metric_unit(o->metric), diag_search_gain(o, r, r->best), start,
	       r->c[0].mean, metric_unit(o->metric));
	printf("runs: %u (%zu candidates x %u repeats; the full grid is %u candidates)\n", r->runs,
	       r->n, o->repeat, grid_size(o));
}

static int write_html(const char *path, const struct diag_search_opts *o,
		      const struct diag_search_result *r)
{
	FILE *h = fopen(path, "w");
	const char **labels = calloc(r->n ? r->n : 1, sizeof(*labels));
	char(*text)[16] = calloc(r->n ? r->n : 1, sizeof(*text));
	double *v = calloc(r->n ? r->n : 1, sizeof(*v));
	int ret = 0;

	if (!h || !labels || !text || !v) {
		ret = cli_errno(h ? -ENOMEM : -errno, "tune: %s", path);
		goto out;
	}
	html_begin(h, "pciescope tune --search");
	html_section(h, "Candidates (levels qos_tx_cpl qos_tx_np qos_tx_p rx tx)");
	for (size_t i = 0; i < r->n; i++) {
		for (int p = 0; p < HISI_PTT_TUNE_NPARAM; p++)
			text[i][p] = (char)('0' + r->c[i].level[p]);
		labels[i] = text[i];
		v[i] = r->c[i].mean;
	}
	svg_bar_chart(h, "mean of the target per candidate", labels, v, r->n,
		      metric_unit(o->metric));
	html_section_end(h);
	ret = html_end(h);
	if (ret)
		ret = cli_errno(ret, "tune: writing %s", path);
out:
	if (h && fclose(h) && !ret)
		ret = cli_errno(-errno, "tune: %s", path);
	free(labels);
	free(text);
	free(v);
	return ret;
}

/* The events parsed and checked on a backend of their own (each run opens another). */
static int prepare(struct search_args *a, struct event_list *l)
{
	struct backend *b = backend_opts_open(&a->bo, "tune");
	struct perf_pmu_source src;
	char dir[384];
	struct error e;
	int ret;

	if (!b)
		return 1;
	ptt_tune_path(a->dev, NULL, dir, sizeof(dir));
	if (b->ops->sysfs_is_dir(b, dir) != 1)
		ret = cli_unknown_in_dir(b, PMU_SYSFS_DIR, "tune", a->dev, "see 'pciescope list'",
					 "tune: %s: no such PMU with tune parameters", a->dev);
	else {
		pmu_source_backend(b, &src);
		ret = event_list_add(l, a->event, &src, &e);
		if (ret)
			ret = cli_fail_event(b, &e);
		else if (!a->force && stat_check_event_rules(&l->parsed, &src, &e))
			ret = cli_fail(&e);
	}
	if (!ret)
		event_list_find_pairs(l);
	backend_close(b);
	return ret;
}

/* " (qos_tx_np=2 kept: set by another command since the search wrote it)", or "". */
static const char *kept_text(const struct diag_search_result *r, char *buf, size_t n)
{
	char levels[160];

	if (!r->kept)
		return "";
	ptt_tune_text(r->kept_level, r->kept, levels, sizeof(levels));
	snprintf(buf, n, " (%s kept: set by another command since the search wrote %s)", levels,
		 r->kept & (r->kept - 1) ? "them" : "it");
	return buf;
}

static int finish(int ret, const char *err, const struct diag_search_result *r, bool apply)
{
	const char *levels = apply && !ret ? "the best levels are applied"
			     : r->restored ? "the starting levels were restored"
					   : "the starting levels could NOT be restored";
	char buf[256];
	const char *kept = kept_text(r, buf, sizeof(buf));

	if (ret == -EINTR)
		return cli_error("tune: --search: interrupted after %u runs; %s%s", r->runs, levels,
				 kept);
	if (ret)
		return cli_error("tune: --search: %s; %s%s", err, levels, kept);
	printf("levels: %s%s\n", levels, kept);
	return r->restored ? 0 : 1;
}

int tune_search_main(const char *dev, int argc, char **argv)
{
	struct search_args a = {.dev = dev, .minimize = -1, .repeat = 1};
	struct diag_search_opts o = {0};
	struct diag_search_result r = {0};
	struct event_list events = {0};
	struct error err;
	int ret = parse_args(&a, argc, argv);

	if (ret)
		return ret < 0 ? 0 : ret;
	if (!a.dev)
		return cli_error("tune: --search needs a DEVICE first: pciescope tune DEVICE "
				 "--search ... (see 'pciescope tune --search --help')");
	if (!a.event)
		return cli_error("tune: --search needs -e EVENT, the target to measure");
	if (!a.argc)
		return cli_error("tune: --search needs a command to run (e.g. -- sleep 0.001)");
	if (parse_params(a.params, o.search) || prepare(&a, &events)) {
		event_list_free(&events);
		return 1;
	}
	o.events = &events;
	if (choose_metric(&a, &events, &o)) {
		event_list_free(&events);
		return 1;
	}
	o.bo = a.bo.o;
	o.ptt = a.dev;
	o.repeat = a.repeat;
	o.apply = a.apply;
	o.grid = a.grid;
	o.wait = a.wait;
	o.argv = a.argv;
	interrupt_catch();
	ret = diag_search(&o, &r, &err);
	if (r.busy.pid) {
		ret = cli_hold_refused(ret, a.dev, &r.busy, "its levels", &err);
		event_list_free(&events);
		return ret;
	}
	print_result(&o, &r);
	fflush(stdout);
	if (a.html && r.n && write_html(a.html, &o, &r) && !ret)
		ret = error_set(&err, -EIO, "writing %s", a.html);
	ret = finish(ret, err.msg, &r, a.apply);
	diag_search_free(&r);
	event_list_free(&events);
	return ret;
}
