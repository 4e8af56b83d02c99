// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page `pciescope serve` exposes, in Prometheus text format (0.0.4):
 *
 *  - per Root Port of every PCIe PMU (hisi_pcie<sicl>_core<core>) and TLP
 *    kind, the raw counters as `_total` counters (bytes, transactions) and
 *    the derived metrics of the pair over the last interval as gauges
 *    (bandwidth in bytes per second, average latency in seconds), computed
 *    by the stat code so `serve` and `stat --metrics` agree, NaN where
 *    nothing was measured (a latency with no completed request, a pair
 *    the multiplexed PMU did not run), as top shows "-";
 *  - every named event of every AMD IOMMU PMU (amd_iommu_<n>) as a counter;
 *  - per Root Port's link and direction, the link model's figures over the
 *    last interval (tool/link_model.h): what crossed it (pcie/traffic.h:
 *    a read counts its header, not the data it asks for), its share of
 *    what the link carries for TLPs, never above 1, and whether it is
 *    busy; Root Ports sharing a port bit are split by requester counters,
 *    and where those leave a range its bounds are series of their own;
 *  - the PTT tune levels of every hisi_ptt PMU;
 *  - the link of every PCI device: current and maximum speed and width, and
 *    whether it trained below its maximum (a downgraded link);
 *  - the machine's clock, the simulated time the last interval covered and
 *    how far the emulated clock is behind the wall clock.
 *
 * The counters and links come from the tool library's PMU sampler; everything is read
 * through the backend, so the page is the same on the emulated platform and
 * on a host.  The format itself (escaping, names, numbers) is out/prom.h's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <pciescope/diag/search.h>
#include <pciescope/out/prom.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/ptt_tune.h>
#include <pciescope/tool/topo.h>

#include "backend_opts.h"
#include "serve.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * A _total as Prometheus wants a counter: a whole number that never goes
 * back.  A multiplexed count is scaled by enabled/running, an estimate that
 * can dip below the previous one; the previous one is shown then.
 */
static uint64_t total(struct pmu_sampler *sv, size_t i)
{
	double v = count_scaled(&sv->s.events.ev[i].cur);
	uint64_t n = v < 0 ? 0 : (uint64_t)llround(v);

	if (n < sv->shown[i])
		n = sv->shown[i];
	sv->shown[i] = n;
	return n;
}

/* The labels of a Root Port's series. */
static void port_labels(struct prom_labels *l, unsigned sicl, unsigned core, unsigned port,
			const char *bdf)
{
	prom_labelf(l, "sicl", "%u", sicl);
	prom_labelf(l, "core", "%u", core);
	prom_labelf(l, "port", "%#x", port);
	prom_label(l, "bdf", bdf);
}

static void pmu_series(FILE *f, struct pmu_sampler *sv, const struct backend_count *delta,
		       bool latency, bool gauge)
{
	for (size_t i = 0; i < sv->nser; i++) {
		const struct pmu_series *se = &sv->ser[i];
		const struct event *c = &sv->s.events.ev[se->main];
		bool is_lat = c->metric == HISI_PCIE_LATENCY;
		const char *name = latency ? (gauge ? "pciescope_pcie_latency_seconds"
						    : "pciescope_pcie_transactions_total")
					   : (gauge ? "pciescope_pcie_bandwidth_bytes_per_second"
						    : "pciescope_pcie_bytes_total");
		struct prom_labels l = {0};
		double v;
		const char *unit;

		if (c->partner < 0 || is_lat != latency)
			continue;
		port_labels(&l, se->sicl, se->core, se->port, se->bdf);
		prom_label(&l, "tlp", se->tlp);
		if (!gauge) {
			prom_sample_u64(f, name, &l,
					total(sv, latency ? (size_t)c->partner : se->main));
			continue;
		}
		if (stat_metric_value(&sv->s, se->main, delta, &v, &unit))
			v = latency ? v * 1e-9 : v * 1e6;
		else
			v = NAN;
		prom_sample(f, name, &l, v);
	}
}

static void render_pmu(FILE *f, struct pmu_sampler *sv, const struct backend_count *delta)
{
	if (!sv->nser)
		return;
	prom_family(f, "pciescope_pcie_bytes_total", "counter",
		    "Payload bytes of a TLP kind through a Root Port (PCIe PMU flux)");
	pmu_series(f, sv, delta, false, false);
	prom_family(f, "pciescope_pcie_bandwidth_bytes_per_second", "gauge",
		    "Bandwidth of a TLP kind through a Root Port over the last interval");
	pmu_series(f, sv, delta, false, true);
	prom_family(f, "pciescope_pcie_transactions_total", "counter",
		    "Transactions of a TLP kind through a Root Port (PCIe PMU cnt)");
	pmu_series(f, sv, delta, true, false);
	prom_family(f, "pciescope_pcie_latency_seconds", "gauge",
		    "Average latency of a TLP kind through a Root Port over the last interval");
	pmu_series(f, sv, delta, true, true);
}

/*
 * A link's series of one direction; a ratio says whether the Root Port
 * shares its PMU port bit (its figures then split by requester).
 */
static void link_sample(FILE *f, const char *name, const struct link *k, int d, bool shared,
			double v)
{
	static const char *const dir[LINK_NDIR] = {"rx", "tx"};
	struct prom_labels l = {0};

	port_labels(&l, k->sicl, k->core, k->port, k->bdf);
	prom_label(&l, "direction", dir[d]);
	if (shared)
		prom_labelf(&l, "shared", "%d", k->shares[0] != 0);
	prom_sample(f, name, &l, v);
}

enum link_series { TRAFFIC, TRAFFIC_MIN, TRAFFIC_MAX, UTIL, BUSY, NSERIES };

/* The value of series s of a link's direction; false when it has none. */
static bool link_value(const struct link_flow *fl, enum link_series s, double *v)
{
	bool range = fl->basis == LINK_RANGE;

	switch (s) {
	case TRAFFIC:
		*v = fl->traffic_mbps * 1e6;
		return fl->traffic_mbps >= 0;
	case TRAFFIC_MIN:
		*v = fl->lo_mbps * 1e6;
		return range;
	case TRAFFIC_MAX:
		*v = fl->hi_mbps * 1e6;
		return range;
	case UTIL:
		*v = fl->util_pct / 100;
		return fl->util_pct >= 0;
	default:
		*v = fl->busy;
		return fl->basis != LINK_UNKNOWN && fl->util_hi_pct >= 0;
	}
}

static void render_links_traffic(FILE *f, struct pmu_sampler *sv, const struct backend_count *delta)
{
	static const char *const names[NSERIES][2] = {
	    {"pciescope_pcie_link_traffic_bytes_per_second",
	     "What crossed a Root Port's link per direction over the last interval: writes and "
	     "completions with their headers, read request headers"},
	    {"pciescope_pcie_link_traffic_min_bytes_per_second",
	     "The least a link may have carried, where a shared PMU port bit's counts leave a "
	     "range"},
	    {"pciescope_pcie_link_traffic_max_bytes_per_second",
	     "The most a link may have carried, where a shared PMU port bit's counts leave a "
	     "range"},
	    {"pciescope_pcie_link_utilization_ratio",
	     "Link traffic over what the link carries for TLPs at its Max Payload Size, 0..1"},
	    {"pciescope_pcie_link_busy",
	     "1 if the link is at 90 % or more of what it carries for TLPs (for a range, at its "
	     "top)"}};
	const struct link_model *m = &sv->links;
	double v;

	if (!sv->nser || pmu_sampler_links(sv, delta))
		return;
	for (int s = 0; s < NSERIES; s++) {
		prom_family(f, names[s][0], "gauge", names[s][1]);
		for (size_t i = 0; i < m->n; i++)
			for (int d = 0; d < LINK_NDIR && m->l[i].on_pmu; d++)
				if (link_value(&m->l[i].dir[d], (enum link_series)s, &v))
					link_sample(f, names[s][0], &m->l[i], d, s == UTIL, v);
	}
}

static void render_iommu(FILE *f, struct pmu_sampler *sv)
{
	if (!sv->niommu)
		return;
	prom_family(f, "pciescope_iommu_events_total", "counter",
		    "AMD IOMMU performance counter events (amd_iommu_<n> PMU, named events)");
	for (size_t i = 0; i < sv->niommu; i++) {
		struct prom_labels l = {0};

		prom_labelf(&l, "iommu", "%u", sv->iommu[i].iommu);
		prom_label(&l, "event", sv->iommu[i].event);
		prom_sample_u64(f, "pciescope_iommu_events_total", &l,
				total(sv, sv->iommu[i].counter));
	}
}

static void render_tune(FILE *f, struct backend *b)
{
	char **pmus = NULL;
	size_t n = 0;
	bool head = false;

	if (b->ops->sysfs_list(b, PMU_SYSFS_DIR, &pmus, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		int level[HISI_PTT_TUNE_NPARAM];
		struct pmu_name name;

		if (pmu_name_parse(pmus[i], &name) == PMU_HISI_PTT)
			ptt_tune_read(b, pmus[i], level, NULL);
		for (size_t k = 0; name.family == PMU_HISI_PTT && k < HISI_PTT_TUNE_NPARAM; k++) {
			struct prom_labels l = {0};

			if (level[k] < 0)
				continue;
			if (!head)
				prom_family(
				    f, "pciescope_ptt_tune_level", "gauge",
				    "PTT tune parameter level of a PCIe core (0 low .. 2 high)");
			head = true;
			prom_labelf(&l, "sicl", "%u", name.sicl);
			prom_labelf(&l, "core", "%u", name.core);
			prom_label(&l, "param", hisi_ptt_tune_params[k]);
			prom_sample(f, "pciescope_ptt_tune_level", &l, (double)level[k]);
		}
		free(pmus[i]);
	}
	free(pmus);
}

/* Links as topo judges them (topo_link.c): downgraded only below what both ends support. */
static void render_links(FILE *f, struct backend *b)
{
	static const char *const names[] = {
	    "pciescope_pcie_link_speed_gigatransfers_per_second",
	    "pciescope_pcie_link_max_speed_gigatransfers_per_second",
	    "pciescope_pcie_link_width_lanes",
	    "pciescope_pcie_link_max_width_lanes",
	    "pciescope_pcie_link_downgraded",
	    "pciescope_pcie_link_limited_by_partner"};
	static const char *const help[] = {
	    "Current link speed",
	    "Maximum link speed (capability)",
	    "Current link width",
	    "Maximum link width (capability)",
	    "1 if the link trained below what both its ends support",
	    "1 if the link runs below this end's maximum because the other end supports no more"};
	struct topo t = {0};

	if (topo_scan(b, &t))
		return;
	for (size_t m = 0; m < ARRAY_SIZE(names); m++) {
		prom_family(f, names[m], "gauge", help[m]);
		for (size_t i = 0; i < t.n; i++) {
			const struct topo_dev *d = &t.d[i];
			struct prom_labels pl = {0};
			struct topo_link l;
			double v[6];

			if (!d->link)
				continue;
			l = topo_link_of(&t, i);
			v[0] = d->speed, v[1] = d->max_speed, v[2] = d->width, v[3] = d->max_width;
			v[4] = l.downgraded, v[5] = l.limited_by >= 0;
			prom_label(&pl, "bdf", d->bdf);
			prom_sample(f, names[m], &pl, v[m]);
		}
	}
	topo_free(&t);
}

int serve_sample(struct pmu_sampler *sv, uint64_t lag_ns, char **page, size_t *len)
{
	struct stat_config *s = &sv->s;
	struct backend_count *delta = calloc(s->events.n ? s->events.n : 1, sizeof(*delta));
	FILE *f;

	if (!delta || pmu_sampler_read(sv, delta)) {
		free(delta);
		return -EIO;
	}
	f = open_memstream(page, len);
	if (!f) {
		free(delta);
		return -ENOMEM;
	}
	render_pmu(f, sv, delta);
	render_links_traffic(f, sv, delta);
	render_iommu(f, sv);
	render_tune(f, s->b);
	render_links(f, s->b);
	prom_family(f, "pciescope_time_seconds", "gauge",
		    "Clock of the machine measured (simulated time on the emulated backend)");
	prom_sample_ns(f, "pciescope_time_seconds", NULL, s->b->ops->now_ns(s->b));
	prom_family(
	    f, "pciescope_interval_seconds", "gauge",
	    "Time the last interval's gauges cover (simulated on the emulated backend: less "
	    "than the interval when the simulation cannot keep up with the wall clock)");
	prom_sample_ns(f, "pciescope_interval_seconds", NULL, sv->span_ns);
	prom_family(f, "pciescope_clock_lag_seconds", "gauge",
		    "How far the machine's clock is behind the wall clock (0 on a host)");
	prom_sample_ns(f, "pciescope_clock_lag_seconds", NULL, lag_ns);
	free(delta);
	return fclose(f) ? -errno : 0;
}
