// SPDX-License-Identifier: GPL-2.0-only
/*
 * Live diagnosis: while COMMAND runs, record a PTT trace that sees requests
 * with their completions (4DW, direction=2, all types: outbound all plus
 * inbound P, NP and CPL B), count the PCIe PMU of the same core and read
 * the links of the PTT's Root Ports, then hand all of it to the rules.
 *
 * The recording departs from the PTT document's rule (several types only
 * inbound), as --force does, and says so: matching needs both directions.
 *
 * The PMU's port filter names a Root Port's device number, so Root Ports
 * sharing one (00:10.0 and 00:10.1) share their counts: bandwidth is
 * judged only for a port that has its number alone.  The PMU has eight
 * counters: three bandwidth pairs for each of the first two port numbers
 * (inbound writes, outbound writes, outbound completions) and the read
 * latency pairs of both directions over all ports.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/search.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/aux_record.h>
#include <pciescope/tool/diag_events.h>
#include <pciescope/tool/topo.h>

#include "backend_opts.h"
#include "cli.h"
#include "diagnose_live.h"

#define MAX_PORTS DIAG_LIVE_MAX_PORTS
#define BW_PORTS 2

struct live {
	struct backend *b;
	char ptt[64], pmu[64], event[512];
	char port_bdf[MAX_PORTS][16];
	unsigned port_bit[MAX_PORTS];
	size_t nports;
	unsigned bw_bit[BW_PORTS];
	size_t nbw;
	struct diag_event *ev;
	size_t nev;
};

static int first_ptt(struct live *l)
{
	char **names;
	size_t n;
	int ret = cli_sysfs_list(l->b, PMU_SYSFS, &names, &n);

	if (ret)
		return cli_errno(ret, "diagnose: %s", PMU_SYSFS);
	for (size_t i = 0; i < n && !l->ptt[0]; i++)
		if (!strncmp(names[i], "hisi_ptt", 8))
			snprintf(l->ptt, sizeof(l->ptt), "%s", names[i]);
	cli_names_free(names, n);
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

	snprintf(dir, sizeof(dir), "%s/%s/root_port_filters", PMU_SYSFS, l->ptt);
	ret = cli_sysfs_list(l->b, dir, &names, &n);
	if (ret)
		return cli_errno(ret, "diagnose: %s", dir);
	*filter = 0;
	for (size_t i = 0; i < n; i++) {
		struct pci_bdf bdf;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (cli_sysfs_read(l->b, path, val, sizeof(val)) > 0)
			*filter |= strtoull(val, NULL, 0);
		if (l->nports == MAX_PORTS || pci_bdf_parse(names[i], &bdf))
			continue;
		snprintf(l->port_bdf[l->nports], sizeof(l->port_bdf[0]), "%s", names[i]);
		l->port_bit[l->nports++] = 1u << ((PCI_RID_DEV(bdf.rid) & 7) * 2);
	}
	cli_names_free(names, n);
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
	snprintf(dir, sizeof(dir), "%s/%s/root_port_filters", PMU_SYSFS, l->ptt);
	if (l->b->ops->sysfs_is_dir(l->b, dir) != 1)
		return cli_error("diagnose: %s: no such PTT (see 'pciescope list')", l->ptt);
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

static bool bit_shared(const struct live *l, unsigned bit)
{
	size_t n = 0;

	for (size_t i = 0; i < l->nports; i++)
		n += l->port_bit[i] == bit;
	return n > 1;
}

/* The PMU of the PTT's core and its events; no PMU: nothing counted. */
static int pmu_events(struct live *l)
{
	unsigned sicl, core, all = 0;
	char text[4096], dir[256];
	size_t len = 0;

	if (sscanf(l->ptt, "hisi_ptt%u_%u", &sicl, &core) != 2)
		return 0;
	snprintf(l->pmu, sizeof(l->pmu), "hisi_pcie%u_core%u", sicl, core);
	snprintf(dir, sizeof(dir), "%s/%s", PMU_SYSFS, l->pmu);
	if (l->b->ops->sysfs_is_dir(l->b, dir) != 1) {
		l->pmu[0] = 0;
		return 0;
	}
	for (size_t i = 0; i < l->nports; i++) {
		all |= l->port_bit[i];
		if (l->nbw < BW_PORTS && !bit_shared(l, l->port_bit[i]))
			l->bw_bit[l->nbw++] = l->port_bit[i];
	}
	for (size_t k = 0; k < l->nbw; k++)
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"%s{%s/rx_mwr_flux,port=0x%x/,%s/rx_mwr_time,port=0x%x/,%s/"
					"tx_mwr_flux,port=0x%x/,"
					"%s/tx_mwr_time,port=0x%x/,%s/tx_cpl_flux,port=0x%x/,%s/"
					"tx_cpl_time,port=0x%x/}",
					k ? "," : "", l->pmu, l->bw_bit[k], l->pmu, l->bw_bit[k],
					l->pmu, l->bw_bit[k], l->pmu, l->bw_bit[k], l->pmu,
					l->bw_bit[k], l->pmu, l->bw_bit[k]);
	snprintf(text + len, sizeof(text) - len,
		 "%s{%s/rx_mrd_latency,port=0x%x/,%s/rx_mrd_cnt,port=0x%x/},"
		 "{%s/tx_mrd_latency,port=0x%x/,%s/tx_mrd_cnt,port=0x%x/}",
		 len ? "," : "", l->pmu, all, l->pmu, all, l->pmu, all, l->pmu, all);
	return diag_events_parse(l->b, "diagnose", text, &l->ev, &l->nev);
}

static double pair(const struct diag_counters *c, size_t i)
{
	const char *unit;
	double v = 0;

	hisi_pcie_metric(hisi_pcie_event_class(c->ev[i].attr.config), diag_count_scaled(&c->val[i]),
			 diag_count_scaled(&c->val[i + 1]), &v, &unit);
	return v;
}

static void link_of(const struct topo *t, const char *bdf, struct diag_port *p)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct topo_dev *d = &t->d[i];

		if (!strcmp(d->bdf, bdf) && d->link) {
			p->speed = d->speed, p->max_speed = d->max_speed;
			p->width = d->width, p->max_width = d->max_width;
		}
		if (d->parent >= 0 && !strcmp(t->d[d->parent].bdf, bdf) && d->link &&
		    !p->have_dev) {
			p->have_dev = true;
			p->dev_max_speed = d->max_speed;
			p->dev_max_width = d->max_width;
		}
	}
}

static void fill_ports(struct live *l, const struct diag_counters *c, struct diag_live *out)
{
	struct topo t = {0};

	topo_scan(l->b, &t);
	for (size_t i = 0; i < l->nports; i++) {
		struct diag_port *p = &out->port[out->nport++];

		snprintf(p->bdf, sizeof(p->bdf), "%s", l->port_bdf[i]);
		link_of(&t, p->bdf, p);
		for (size_t k = 0; c && k < l->nbw; k++) {
			if (l->bw_bit[k] != l->port_bit[i])
				continue;
			p->have_bw = true;
			p->in_mbps = pair(c, 6 * k);
			p->out_mbps = pair(c, 6 * k + 2) + pair(c, 6 * k + 4);
		}
	}
	if (c) {
		out->rx_read_ns = pair(c, 6 * l->nbw);
		out->tx_read_ns = pair(c, 6 * l->nbw + 2);
		out->counted = true;
	}
	topo_free(&t);
}

/* A level that cannot be read is -1, "unknown" to the rules. */
static void read_levels(struct live *l, struct diag_tune_levels *lv)
{
	int *field[] = {&lv->qos_tx_cpl, &lv->qos_tx_np, &lv->qos_tx_p, &lv->rx_alloc_buf_level,
			&lv->tx_alloc_buf_level};
	char path[512], val[32];

	for (int i = 0; i < DIAG_TUNE_NPARAM; i++) {
		snprintf(path, sizeof(path), "%s/%s/tune/%s", PMU_SYSFS, l->ptt,
			 diag_tune_params[i]);
		*field[i] = cli_sysfs_read(l->b, path, val, sizeof(val)) > 0 ? atoi(val) : -1;
	}
}

static int record(struct live *l, const struct diagnose_live_opts *o, struct diag_live *out)
{
	struct aux_record_opts ro = {.events = {l->event},
				     .nr_events = 1,
				     .aux_bytes = AUX_RECORD_DEFAULT_BYTES,
				     .output = o->output,
				     .force = true,
				     .drain_every = 1,
				     .argv = o->argv,
				     .cmd_argc = o->cmd_argc,
				     .cmd_argv = o->cmd_argv,
				     .quiet = true};
	struct aux_record_result rr;
	struct diag_counters c;
	int ret = l->nev ? diag_counters_open(l->b, l->ev, l->nev, &c) : 0;

	if (ret)
		return cli_errno(ret, "diagnose: cannot count %s", l->pmu);
	ret = aux_record(l->b, &ro, &rr);
	if (!ret && l->nev && (ret = diag_counters_read(&c)))
		ret = cli_errno(ret, "diagnose: cannot read %s", l->pmu);
	if (!ret)
		fill_ports(l, l->nev ? &c : NULL, out);
	if (l->nev)
		diag_counters_close(&c);
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
		ret = pmu_events(&l);
	if (!ret) {
		read_levels(&l, &out->levels);
		ret = record(&l, o, out);
	}
	snprintf(out->ptt, sizeof(out->ptt), "%s", l.ptt);
	snprintf(out->pmu, sizeof(out->pmu), "%s", l.pmu);
	free(l.ev);
	backend_close(l.b);
	return ret;
}
