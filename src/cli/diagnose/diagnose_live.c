// SPDX-License-Identifier: GPL-2.0-only
/*
 * Live diagnosis: while COMMAND runs, record a PTT trace that sees requests
 * with their completions (4DW, direction=2, all types: outbound all plus
 * inbound P, NP and CPL B), count the PCIe PMU of the same core with the
 * tool library's PMU sampler and read the links of the PTT's Root Ports
 * into its link model (tool/link_model.h), then hand all of it to the
 * rules.
 *
 * The recording departs from the PTT document's rule (several types only
 * inbound), as --force does, and says so: matching needs both directions.
 *
 * The PMU counts its pairs in turns (a group more per 4 ms mux interval);
 * a command shorter than the turns leaves some uncounted.  Where the
 * backend runs the machine's clock (the emulated one), the counting goes
 * on after the command until every pair has run, and the live line says
 * for how long; elsewhere what was not counted stays unknown.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/perf/hisi_ptt_tune.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/aux_record.h>
#include <pciescope/tool/pmu_sampler.h>
#include <pciescope/tool/ptt_tune.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_names.h"
#include "diagnose_live.h"
#include "record_summary.h"

/* The longest the PMU counts on after the command for its turns: far more than the turns take. */
#define MAX_EXTRA_NS 200000000ull

struct live {
	struct backend *b;
	char ptt[64], pmu[64], event[512];
	char port[DIAG_LIVE_MAX_PORTS][16]; /* the PTT's Root Ports */
	size_t nports;
	struct pmu_sampler ps;
	bool counting;
};

static int first_ptt(struct live *l)
{
	char **names;
	size_t n;
	int ret = backend_list_dir(l->b, PMU_SYSFS_DIR, &names, &n);

	if (ret)
		return cli_errno(ret, "diagnose: %s", PMU_SYSFS_DIR);
	for (size_t i = 0; i < n && !l->ptt[0]; i++)
		if (pmu_name_parse(names[i], NULL) == PMU_HISI_PTT)
			snprintf(l->ptt, sizeof(l->ptt), "%s", names[i]);
	backend_names_free(names, n);
	return l->ptt[0] ? 0
			 : cli_error("diagnose: no hisi_ptt PMU on this machine (see "
				     "'pciescope list')");
}

/* Root Ports of the PTT, and the OR of their filter values. */
static int root_ports(struct live *l, uint64_t *filter)
{
	char dir[256], path[512], val[32], **names;
	size_t n;
	int ret;

	snprintf(dir, sizeof(dir), "%s/%s/root_port_filters", PMU_SYSFS_DIR, l->ptt);
	ret = backend_list_dir(l->b, dir, &names, &n);
	if (ret)
		return cli_errno(ret, "diagnose: %s", dir);
	*filter = 0;
	for (size_t i = 0; i < n; i++) {
		struct pci_bdf bdf;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (backend_read_line(l->b, path, val, sizeof(val)) > 0)
			*filter |= strtoull(val, NULL, 0);
		if (l->nports < DIAG_LIVE_MAX_PORTS && !pci_bdf_parse(names[i], &bdf))
			snprintf(l->port[l->nports++], sizeof(l->port[0]), "%s", names[i]);
	}
	backend_names_free(names, n);
	return *filter ? 0 : cli_error("diagnose: %s has no Root Port to trace", l->ptt);
}

static int choose_event(struct live *l, const char *event)
{
	uint64_t filter;
	const char *slash = event ? strchr(event, '/') : NULL;
	char dir[256];
	int ret;

	if (event)
		snprintf(l->ptt, sizeof(l->ptt), "%.*s",
			 slash ? (int)(slash - event) : (int)strlen(event), event);
	else if ((ret = first_ptt(l)))
		return ret;
	snprintf(dir, sizeof(dir), "%s/%s/root_port_filters", PMU_SYSFS_DIR, l->ptt);
	if (l->b->ops->sysfs_is_dir(l->b, dir) != 1)
		return cli_unknown_in_dir(l->b, PMU_SYSFS_DIR, "root_port_filters", l->ptt,
					  "see 'pciescope list'", "diagnose: %s: no such PTT",
					  l->ptt);
	ret = root_ports(l, &filter);
	if (ret)
		return ret;
	if (slash)
		snprintf(l->event, sizeof(l->event), "%s", event);
	else
		snprintf(l->event, sizeof(l->event),
			 "%s/filter=0x%llx,direction=2,type=7,format=0/", l->ptt,
			 (unsigned long long)filter);
	fprintf(stderr,
		"pciescope: diagnose: recording %s: several TLP types in both directions depart "
		"from the PTT document's rule (several types only inbound), as --force does: "
		"matching requests with their completions needs both\n",
		l->event);
	return 0;
}

/* The PMU of the PTT's core, through the sampler; none: nothing counted. */
static int open_counts(struct live *l)
{
	struct pmu_name name;
	char dir[256];
	struct pmu_sampler_opts o = {.pmu = l->pmu, .traffic_only = true};

	if (pmu_name_parse(l->ptt, &name) != PMU_HISI_PTT)
		return 0;
	name.family = PMU_HISI_PCIE;
	pmu_name_format(name, l->pmu, sizeof(l->pmu));
	snprintf(dir, sizeof(dir), "%s/%s", PMU_SYSFS_DIR, l->pmu);
	if (l->b->ops->sysfs_is_dir(l->b, dir) != 1) {
		l->pmu[0] = 0;
		return 0;
	}
	if (pmu_sampler_open(&l->ps, l->b, &o))
		return cli_error("diagnose: cannot count %s: %s", l->pmu, l->ps.s.err.msg);
	l->counting = l->ps.nser > 0;
	return 0;
}

/* The PTT's Root Ports' links, in its order, and their trace-rule view. */
static int keep_links(struct live *l, const struct link_model *all, struct diag_live *out)
{
	out->links.l = calloc(l->nports ? l->nports : 1, sizeof(*out->links.l));
	if (!out->links.l)
		return cli_errno(-ENOMEM, "diagnose");
	for (size_t i = 0; i < l->nports; i++) {
		const struct link *k = link_model_find(all, l->port[i]);
		struct diag_trace_link *t = &out->link[out->links.n];

		if (!k)
			continue;
		out->links.l[out->links.n++] = *k;
		snprintf(t->bdf, sizeof(t->bdf), "%s", k->bdf);
		t->port = k->rid;
		t->capacity_mbps = k->capacity_mbps;
		for (size_t b = 0; b < k->nbelow && t->nbelow < DIAG_LINK_MAX_BELOW; b++)
			t->below[t->nbelow++] = k->below[b];
	}
	return 0;
}

/* After the command: the PMU's turns finished where the clock can run, then the counts read. */
static int read_counts(struct live *l, struct diag_live *out)
{
	struct backend_count *delta;
	int ret;

	if (!l->counting)
		return link_model_scan(&l->ps.links, l->b) ? cli_errno(-ENOMEM, "diagnose") : 0;
	ret = pmu_sampler_run_until_counted(&l->ps, l->b->ops->now_ns(l->b) + MAX_EXTRA_NS);
	delta = calloc(l->ps.s.events.n, sizeof(*delta));
	if (!ret && !delta)
		ret = -ENOMEM;
	if (!ret)
		ret = pmu_sampler_read(&l->ps, delta);
	if (!ret)
		ret = pmu_sampler_links(&l->ps, delta);
	free(delta);
	if (ret)
		return cli_error("diagnose: cannot read %s: %s", l->pmu,
				 l->ps.s.err.msg[0] ? l->ps.s.err.msg : strerror(-ret));
	out->counted = true;
	out->counted_ns = l->ps.span_ns;
	return 0;
}

/* A level that cannot be read is -1, "unknown" to the rules. */
static void read_levels(struct live *l, struct diag_tune_levels *lv)
{
	int *field[] = {&lv->qos_tx_cpl, &lv->qos_tx_np, &lv->qos_tx_p, &lv->rx_alloc_buf_level,
			&lv->tx_alloc_buf_level};
	int level[HISI_PTT_TUNE_NPARAM];

	ptt_tune_read(l->b, l->ptt, level, NULL);
	for (int i = 0; i < HISI_PTT_TUNE_NPARAM; i++)
		*field[i] = level[i];
}

static int record(struct live *l, const struct diagnose_live_opts *o, struct diag_live *out)
{
	struct aux_record_opts ro = {.events = {l->event},
				     .nr_events = 1,
				     .aux_bytes = AUX_RECORD_DEFAULT_BYTES,
				     .output = o->output,
				     .overwrite = o->temporary,
				     .force = true,
				     .drain_every = 1,
				     .argv = o->argv,
				     .cmd_argc = o->cmd_argc,
				     .cmd_argv = o->cmd_argv,
				     .quiet = true};
	struct aux_record_result rr;
	int ret = aux_record(l->b, &ro, &rr);

	if (ret)
		ret = cli_fail_event(l->b, &rr.err);
	else
		record_summary(&ro, &rr);
	out->command_ns = rr.elapsed_ns;
	if (!ret)
		ret = read_counts(l, out);
	if (!ret)
		ret = keep_links(l, &l->ps.links, out);
	if (!ret && rr.exit_status)
		fprintf(stderr, "pciescope: diagnose: '%s' exited with status %d\n", o->argv[0],
			rr.exit_status);
	return ret;
}

int diagnose_live(struct backend_opts *bo, const struct diagnose_live_opts *o,
		  struct diag_live *out)
{
	struct live l = {0};
	int ret;

	memset(out, 0, sizeof(*out));
	l.b = backend_opts_open(bo, "diagnose");
	if (!l.b)
		return 1;
	ret = choose_event(&l, o->event);
	if (!ret)
		ret = open_counts(&l);
	if (!ret) {
		read_levels(&l, &out->levels);
		ret = record(&l, o, out);
	}
	snprintf(out->ptt, sizeof(out->ptt), "%s", l.ptt);
	snprintf(out->pmu, sizeof(out->pmu), "%s", l.pmu);
	pmu_sampler_close(&l.ps);
	backend_close(l.b);
	return ret;
}

void diagnose_live_free(struct diag_live *l)
{
	link_model_free(&l->links);
}
