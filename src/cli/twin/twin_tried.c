// SPDX-License-Identifier: GPL-2.0-only
/*
 * `pciescope twin --try`: the events parsed and checked as stat checks
 * them, the twin run as it is and with the change (tool/twin.h:
 * twin_try), and one row per event: its count, or its pair's metric,
 * before and after, and the change in percent.
 */
#include <stdio.h>
#include <string.h>

#include <pciescope/out/table.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/stat.h>

#include "cli.h"
#include "twin_print.h"

/* The events on a backend of the twin's platform, as the runs will count them. */
static int parse(const struct twin_args *a, const struct twin *t, struct event_list *l)
{
	struct backend_options bo = {.kind = "emulated",
				     .platform = t->platform[0] ? t->platform : NULL,
				     .workload = "idle",
				     .ephemeral = true};
	struct perf_pmu_source src;
	struct backend *b;
	struct error e;
	int r = backend_open(&bo, &b, &e);

	if (r)
		return cli_error("twin: %s", e.msg);
	pmu_source_backend(b, &src);
	for (int i = 0; !r && i < a->nevents; i++)
		r = event_list_add(l, a->events[i], &src, &e);
	if (!r && !a->force)
		r = stat_check_event_rules(&l->parsed, &src, &e);
	backend_close(b);
	if (r)
		return cli_fail(&e);
	event_list_find_pairs(l);
	return 0;
}

static const char *unit_of(const struct event *ev)
{
	return ev->metric == HISI_PCIE_BANDWIDTH ? "MB/s"
	       : ev->metric == HISI_PCIE_LATENCY ? "ns"
						 : "";
}

static void print(const struct event_list *l, const double *before, const double *after)
{
	static const char *const h[] = {"event", "twin", "with the change", "change"};
	struct out_table *tb = out_table_new(4, h, "lrrr");

	for (size_t i = 0; tb && i < l->n; i++) {
		const struct event *ev = &l->ev[i];
		const char *u = unit_of(ev);

		if (ev->metric == HISI_PCIE_OTHER && ev->partner >= 0)
			continue; /* a pair's extended counter: its main row has the metric */
		out_table_cell(tb, "%s", ev->spec->text);
		out_table_cell(tb, "%.1f%s%s", before[i], *u ? " " : "", u);
		out_table_cell(tb, "%.1f%s%s", after[i], *u ? " " : "", u);
		if (before[i] != 0)
			out_table_cell(tb, "%+.1f %%", 100.0 * (after[i] - before[i]) / before[i]);
		else
			out_table_cell(tb, "-");
	}
	if (tb)
		out_table_print(tb, stdout);
	out_table_free(tb);
}

/* The PTT of the core the first PCIe PMU event counts (hisi_pcie0_core2: hisi_ptt0_2). */
static const char *ptt_of(const struct event_list *l, char *buf, size_t n)
{
	struct pmu_name p;

	for (size_t i = 0; i < l->n; i++)
		if (pmu_name_parse(l->ev[i].spec->pmu, &p) == PMU_HISI_PCIE) {
			p.family = PMU_HISI_PTT;
			return pmu_name_format(p, buf, n);
		}
	return NULL;
}

int twin_tried(const struct twin_args *a, const struct twin *t, char **argv)
{
	struct twin_try_opts o = {.model = &t->m,
				  .platform = t->platform[0] ? t->platform : a->platform,
				  .seed = a->seed,
				  .change = a->change,
				  .argv = argv};
	struct event_list l = {0};
	double before[64] = {0}, after[64] = {0};
	struct error e;
	char ptt[64];
	int r;

	if (!argv || !argv[0])
		return cli_error("twin: --try needs a command to run (e.g. -- sleep 0.001)");
	if (!a->nevents)
		return cli_error("twin: --try needs -e EVENT, what to count");
	r = parse(a, t, &l);
	o.change.ptt = a->ptt ? a->ptt : ptt_of(&l, ptt, sizeof(ptt));
	for (int i = 0; !r && i < HISI_PTT_TUNE_NPARAM && !o.change.ptt; i++)
		if (a->change.level[i] >= 0)
			r = cli_error("twin: --try %s=...: which PTT? (--ptt hisi_ptt0_2)",
				      hisi_ptt_tune_params[i]);
	if (!r && l.n > 64)
		r = cli_error("twin: at most 64 events");
	o.events = &l;
	if (!r && twin_try(&o, before, after, &e))
		r = cli_fail(&e);
	if (!r)
		print(&l, before, after);
	event_list_free(&l);
	return r;
}
