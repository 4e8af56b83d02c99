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
 * Per PMU port bit and direction, the link's traffic as pcie/traffic.h
 * defines it: writes and completions (inbound completions too: a P2P
 * read's data, a device's DMA reads answered by memory) and each read's
 * header, from the read latency pairs' counts — never a read's asked-for
 * length.  Root Ports sharing a bit (00:10.0 and 00:10.1) share its
 * counts, so the first of them carries the bit's total against the sum of
 * their links' capacity and the others say whom they are counted with.
 * Each bit takes three groups of four counters (inbound flux, outbound
 * flux, read latency both ways); the PMU has eight, so it multiplexes and
 * the counts are scaled, as perf stat's.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/search.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/traffic.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/aux_record.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/ptt_tune.h>
#include <pciescope/tool/topo.h>

#include "backend_opts.h"
#include "cli.h"
#include "diagnose_live.h"
#include "record_summary.h"

#define MAX_PORTS DIAG_LIVE_MAX_PORTS
/* Counters per port bit: three groups of two pairs. */
#define PER_BIT 12
enum { RX_MWR, RX_CPL = 2, TX_MWR = 4, TX_CPL = 6, RX_MRD_LAT = 8, TX_MRD_LAT = 10 };

struct live {
	struct backend *b;
	char ptt[64], pmu[64], event[512];
	char port_bdf[MAX_PORTS][16];
	unsigned port_bit[MAX_PORTS];
	size_t nports;
	unsigned bw_bit[MAX_PORTS]; /* the distinct port bits, in the order counted */
	size_t nbw;
	struct event_list events; /* PER_BIT a port bit, in bw_bit's order; none without a PMU */
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
		if (l->nports == MAX_PORTS || pci_bdf_parse(names[i], &bdf))
			continue;
		snprintf(l->port_bdf[l->nports], sizeof(l->port_bdf[0]), "%s", names[i]);
		l->port_bit[l->nports++] = hisi_pcie_port_bit(bdf.rid);
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

static bool bit_counted(const struct live *l, unsigned bit)
{
	for (size_t k = 0; k < l->nbw; k++)
		if (l->bw_bit[k] == bit)
			return true;
	return false;
}

/* The PMU of the PTT's core and its events; no PMU: nothing counted. */
static int pmu_events(struct live *l)
{
	struct pmu_name name;
	char text[8192], dir[256];
	size_t len = 0;

	if (pmu_name_parse(l->ptt, &name) != PMU_HISI_PTT)
		return 0;
	name.family = PMU_HISI_PCIE;
	pmu_name_format(name, l->pmu, sizeof(l->pmu));
	snprintf(dir, sizeof(dir), "%s/%s", PMU_SYSFS_DIR, l->pmu);
	if (l->b->ops->sysfs_is_dir(l->b, dir) != 1) {
		l->pmu[0] = 0;
		return 0;
	}
	for (size_t i = 0; i < l->nports; i++)
		if (!bit_counted(l, l->port_bit[i]))
			l->bw_bit[l->nbw++] = l->port_bit[i];
	for (size_t k = 0; k < l->nbw && len < sizeof(text); k++) {
		const char *m = l->pmu;
		unsigned b = l->bw_bit[k];

		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"%s{%s/rx_mwr_flux,port=0x%x/,%s/rx_mwr_time,port=0x%x/,%s/"
					"rx_cpl_flux,port=0x%x/,"
					"%s/rx_cpl_time,port=0x%x/},"
					"{%s/tx_mwr_flux,port=0x%x/,%s/tx_mwr_time,port=0x%x/,%s/"
					"tx_cpl_flux,port=0x%x/,"
					"%s/tx_cpl_time,port=0x%x/},"
					"{%s/rx_mrd_latency,port=0x%x/,%s/rx_mrd_cnt,port=0x%x/,%s/"
					"tx_mrd_latency,port=0x%x/,"
					"%s/tx_mrd_cnt,port=0x%x/}",
					k ? "," : "", m, b, m, b, m, b, m, b, m, b, m, b, m, b, m,
					b, m, b, m, b, m, b, m, b);
	}
	struct perf_pmu_source src;
	struct error e;

	if (!l->nbw)
		return 0;
	pmu_source_backend(l->b, &src);
	if (event_list_add(&l->events, text, &src, &e))
		return cli_fail(&e);
	event_list_find_pairs(&l->events);
	return 0;
}

/* TLPs on a link are no larger than the smaller MPS its two ends are set to. */
static void lower_mps(struct diag_port *p, const struct topo_dev *d)
{
	if (d->have_cfg && d->cfg.mps && (!p->mps || d->cfg.mps < p->mps))
		p->mps = d->cfg.mps;
}

static void link_of(const struct topo *t, const char *bdf, struct diag_port *p)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct topo_dev *d = &t->d[i];

		if (!strcmp(d->bdf, bdf) && d->link) {
			p->speed = d->speed, p->max_speed = d->max_speed;
			p->width = d->width, p->max_width = d->max_width;
			lower_mps(p, d);
		}
		if (d->parent >= 0 && !strcmp(t->d[d->parent].bdf, bdf) && d->link &&
		    !p->have_dev) {
			p->have_dev = true;
			p->dev_max_speed = d->max_speed;
			p->dev_max_width = d->max_width;
			lower_mps(p, d);
		}
	}
}

static double pair(const struct event_list *c, size_t i)
{
	const struct event *ev = &c->ev[i];
	const char *unit;
	double v = 0;

	if (ev->partner >= 0)
		hisi_pcie_metric(ev->metric, count_scaled(&ev->cur),
				 count_scaled(&c->ev[ev->partner].cur), &v, &unit);
	return v;
}

/* Read request headers in MB/s: the latency pair's count over its enabled time; 0 if not run. */
static double read_headers_mbps(const struct event_list *c, size_t lat)
{
	const struct backend_count *cnt = &c->ev[lat + 1].cur;

	return cnt->running
		   ? count_scaled(cnt) * PCIE_READ_REQ_HDR_BYTES * 1e3 / (double)cnt->enabled
		   : 0;
}

/* The bit's traffic per direction on the first of its ports, the bit's capacity on it too. */
static void bit_traffic(struct live *l, const struct event_list *c, size_t k,
			struct diag_port *port)
{
	size_t at = PER_BIT * k, first = SIZE_MAX;
	struct pcie_flow in = {pair(c, at + RX_MWR), pair(c, at + RX_CPL),
			       read_headers_mbps(c, at + RX_MRD_LAT)},
			 out = {pair(c, at + TX_MWR), pair(c, at + TX_CPL),
				read_headers_mbps(c, at + TX_MRD_LAT)};
	double cap = 0;

	for (size_t i = 0; i < l->nports; i++) {
		if (l->port_bit[i] != l->bw_bit[k])
			continue;
		cap += pcie_link_tlp_capacity_mbps(port[i].speed, port[i].width,
						   diag_port_mps(&port[i]));
		if (first == SIZE_MAX) {
			first = i;
			continue;
		}
		snprintf(port[i].counted_with, sizeof(port[i].counted_with), "%s", port[first].bdf);
		snprintf(port[first].shares + strlen(port[first].shares),
			 sizeof(port[first].shares) - strlen(port[first].shares), "%s%s",
			 port[first].shares[0] ? "," : "", port[i].bdf);
	}
	port[first].have_bw = true;
	port[first].in_mbps = pcie_flow_total(&in);
	port[first].out_mbps = pcie_flow_total(&out);
	port[first].capacity_mbps = cap;
}

/* Read latency over every bit: the sums of the pairs, as one pair over all ports would count. */
static double read_latency(const struct event_list *c, size_t nbw, size_t lat)
{
	double cycles = 0, reads = 0, v = 0;
	const char *unit;

	for (size_t k = 0; k < nbw; k++) {
		cycles += count_scaled(&c->ev[PER_BIT * k + lat].cur);
		reads += count_scaled(&c->ev[PER_BIT * k + lat + 1].cur);
	}
	if (!hisi_pcie_metric(c->ev[lat].metric, cycles, reads, &v, &unit))
		return 0;
	return v;
}

static bool below(const struct topo *t, const struct topo_dev *d, const char *port)
{
	for (int up = d->parent; up >= 0; up = t->d[up].parent)
		if (!strcmp(t->d[up].bdf, port))
			return true;
	return false;
}

/* The port's link for the trace rules: its ID, capacity and the functions below it. */
static void trace_link(const struct topo *t, const struct diag_port *p, struct diag_trace_link *k)
{
	struct pci_bdf bdf;

	_Static_assert(sizeof(k->bdf) == sizeof(p->bdf), "one BDF buffer size");
	memcpy(k->bdf, p->bdf, sizeof(k->bdf));
	k->port = pci_bdf_parse(p->bdf, &bdf) ? 0 : bdf.rid;
	k->capacity_mbps = pcie_link_capacity_mbps(p->speed, p->width);
	for (size_t i = 0; i < t->n && k->nbelow < DIAG_LINK_MAX_BELOW; i++)
		if (below(t, &t->d[i], p->bdf) && !pci_bdf_parse(t->d[i].bdf, &bdf))
			k->below[k->nbelow++] = bdf.rid;
}

static void fill_ports(struct live *l, const struct event_list *c, struct diag_live *out)
{
	struct topo t = {0};

	topo_scan(l->b, &t);
	for (size_t i = 0; i < l->nports; i++) {
		struct diag_port *p = &out->port[out->nport];

		snprintf(p->bdf, sizeof(p->bdf), "%s", l->port_bdf[i]);
		link_of(&t, p->bdf, p);
		trace_link(&t, p, &out->link[out->nport++]);
	}
	for (size_t k = 0; c && k < l->nbw; k++)
		bit_traffic(l, c, k, out->port);
	if (c) {
		out->rx_read_ns = read_latency(c, l->nbw, RX_MRD_LAT);
		out->tx_read_ns = read_latency(c, l->nbw, TX_MRD_LAT);
		out->counted = true;
	}
	topo_free(&t);
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
				     .force = true,
				     .drain_every = 1,
				     .argv = o->argv,
				     .cmd_argc = o->cmd_argc,
				     .cmd_argv = o->cmd_argv,
				     .quiet = true};
	struct aux_record_result rr;
	struct event_list *c = &l->events;
	struct error e;
	int ret = c->n ? event_list_open(c, l->b, &e) : 0;

	if (ret)
		return cli_error("diagnose: cannot count %s: %s", l->pmu, e.msg);
	ret = aux_record(l->b, &ro, &rr);
	if (ret)
		ret = cli_fail(&rr.err);
	else
		record_summary(&ro, &rr);
	if (!ret && c->n && event_list_read(c, &e))
		ret = cli_error("diagnose: cannot read %s: %s", l->pmu, e.msg);
	if (!ret)
		fill_ports(l, c->n ? c : NULL, out);
	event_list_close(c);
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
	event_list_free(&l.events);
	backend_close(l.b);
	return ret;
}
