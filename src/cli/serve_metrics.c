// SPDX-License-Identifier: GPL-2.0-only
/*
 * What `pciescope serve` exposes, in Prometheus text format (0.0.4):
 *
 *  - per Root Port of every PCIe PMU (hisi_pcie<sicl>_core<core>) and TLP
 *    kind, the raw counters as `_total` counters (bytes, transactions) and
 *    the derived metrics of the pair over the last interval as gauges
 *    (bandwidth in bytes per second, average latency in seconds), computed
 *    by the stat code so `serve` and `stat --metrics` agree;
 *  - every named event of every AMD IOMMU PMU (amd_iommu_<n>) as a counter;
 *  - the PTT tune levels of every hisi_ptt PMU;
 *  - the link of every PCI device: current and maximum speed and width, and
 *    whether it trained below its maximum (a downgraded link).
 *
 * Everything is read through the backend, so the page is the same on the
 * emulated platform and on a host.  Counters are opened once, as perf stat
 * opens them (groups, system-wide on the PMU's cpumask); the PMU multiplexes
 * them and values are scaled by enabled/running.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/counters.h>
#include <pciescope/diag/search.h>
#include <pciescope/pcie/bdf.h>

#include "cli.h"
#include "pmu_source.h"
#include "serve.h"
#include "topo.h"

#define PCI_DEVICES "/sys/bus/pci/devices"

const char *const serve_bw_kinds[SERVE_BW_KINDS] = {"rx_mwr", "rx_mrd", "rx_cpl",
						     "tx_mwr", "tx_mrd", "tx_cpl"};
const char *const serve_lat_kinds[SERVE_LAT_KINDS] = {"rx_mwr", "rx_mrd", "tx_mrd"};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static long read_num(struct backend *b, const char *path)
{
	char buf[64];
	ssize_t n = b->ops->sysfs_read(b, path, buf, sizeof(buf) - 1);

	if (n <= 0)
		return -1;
	buf[n] = 0;
	return strtol(buf, NULL, 0);
}

/* Reads a one-line sysfs file without its newline; false if unreadable. */
static bool read_line(struct backend *b, const char *path, char *buf, size_t n)
{
	ssize_t r = b->ops->sysfs_read(b, path, buf, n - 1);

	if (r <= 0)
		return false;
	buf[r] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return true;
}

static int new_series(struct serve *sv, const char *pmu, const char *kind, bool latency,
		      const char *bdf, unsigned port, const struct perf_pmu_source *src)
{
	char ev[256], err[512];
	struct serve_series *s = realloc(sv->ser, (sv->nser + 1) * sizeof(*s));
	size_t first = sv->s.events.n;

	if (!s)
		return -ENOMEM;
	sv->ser = s;
	s = &s[sv->nser];
	snprintf(ev, sizeof(ev), "{%s/%s_%s,port=%#x/,%s/%s_%s,port=%#x/}", pmu, kind,
		 latency ? "latency" : "flux", port, pmu, kind, latency ? "cnt" : "time", port);
	if (perf_events_parse(&sv->s.events, ev, src, err, sizeof(err)))
		return cli_error("serve: %s", err);
	sscanf(pmu, "hisi_pcie%u_core%u", &s->sicl, &s->core);
	s->port = port;
	snprintf(s->bdf, sizeof(s->bdf), "%s", bdf);
	snprintf(s->tlp, sizeof(s->tlp), "%s", kind);
	s->latency = latency;
	s->main = first;
	sv->nser++;
	return 0;
}

/* The series of pmu's port bit and kind already made for a sibling Root Port. */
static struct serve_series *find_series(struct serve *sv, const char *pmu, const char *kind,
					bool latency, unsigned port)
{
	unsigned sicl, core;

	if (sscanf(pmu, "hisi_pcie%u_core%u", &sicl, &core) != 2)
		return NULL;
	for (size_t i = 0; i < sv->nser; i++) {
		struct serve_series *se = &sv->ser[i];

		if (se->sicl == sicl && se->core == core && se->port == port &&
		    se->latency == latency && !strcmp(se->tlp, kind))
			return se;
	}
	return NULL;
}

static int add_series(struct serve *sv, const char *pmu, const char *kind, bool latency,
		      const char *bdf, unsigned port, const struct perf_pmu_source *src)
{
	struct serve_series *shared = find_series(sv, pmu, kind, latency, port);

	if (shared) {
		size_t len = strlen(shared->bdf);

		if (len + 1 + strlen(bdf) >= sizeof(shared->bdf))
			return cli_error("serve: too many Root Ports share port bit %#x of %s", port,
					 pmu);
		snprintf(shared->bdf + len, sizeof(shared->bdf) - len, ",%s", bdf);
		return 0;
	}
	return new_series(sv, pmu, kind, latency, bdf, port, src);
}

/* Root Ports of a PMU: bridges on its bus with a RID in [bdf_min, bdf_max]. */
static int add_pmu(struct serve *sv, struct backend *b, const char *pmu, char **devs, size_t ndev,
		   const struct perf_pmu_source *src)
{
	char path[512], cls[32];
	long bus, lo, hi;
	int r = 0;

	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bus", pmu);
	bus = read_num(b, path);
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bdf_min", pmu);
	lo = read_num(b, path);
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bdf_max", pmu);
	hi = read_num(b, path);
	for (size_t i = 0; i < ndev && !r; i++) {
		struct pci_bdf d;
		unsigned port;

		snprintf(path, sizeof(path), PCI_DEVICES "/%s/class", devs[i]);
		if (pci_bdf_parse(devs[i], &d) || (d.rid >> 8) != bus || d.rid < lo || d.rid > hi ||
		    !read_line(b, path, cls, sizeof(cls)) || strncmp(cls, "0x0604", 6))
			continue;
		port = 1u << (((d.rid >> 3) & 7) * 2);
		for (size_t k = 0; k < SERVE_BW_KINDS && !r; k++)
			r = add_series(sv, pmu, serve_bw_kinds[k], false, devs[i], port, src);
		for (size_t k = 0; k < SERVE_LAT_KINDS && !r; k++)
			r = add_series(sv, pmu, serve_lat_kinds[k], true, devs[i], port, src);
	}
	return r;
}

static int add_iommu_event(struct serve *sv, const char *pmu, unsigned n, const char *event,
			   const struct perf_pmu_source *src)
{
	char ev[192], err[512];
	struct serve_iommu *io = realloc(sv->iommu, (sv->niommu + 1) * sizeof(*io));

	if (!io)
		return -ENOMEM;
	sv->iommu = io;
	io = &io[sv->niommu];
	io->counter = sv->s.events.n;
	snprintf(ev, sizeof(ev), "%s/%s/", pmu, event);
	if (perf_events_parse(&sv->s.events, ev, src, err, sizeof(err)))
		return cli_error("serve: %s", err);
	io->iommu = n;
	snprintf(io->event, sizeof(io->event), "%s", event);
	sv->niommu++;
	return 0;
}

static int add_iommu(struct serve *sv, struct backend *b, const char *pmu,
		     const struct perf_pmu_source *src)
{
	char path[256], **ev = NULL;
	size_t nev = 0;
	unsigned n;
	int r = 0;

	if (sscanf(pmu, "amd_iommu_%u", &n) != 1)
		return 0;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/events", pmu);
	if (b->ops->sysfs_list(b, path, &ev, &nev))
		return 0;
	for (size_t i = 0; i < nev; i++) {
		if (!r && !strchr(ev[i], '.'))
			r = add_iommu_event(sv, pmu, n, ev[i], src);
		free(ev[i]);
	}
	free(ev);
	return r;
}

static int make_counters(struct serve *sv)
{
	struct stat_config *s = &sv->s;

	s->n = s->events.n;
	s->c = calloc(s->n ? s->n : 1, sizeof(*s->c));
	sv->last = calloc(s->n ? s->n : 1, sizeof(*sv->last));
	sv->shown = calloc(s->n ? s->n : 1, sizeof(*sv->shown));
	if (!s->c || !sv->last || !sv->shown)
		return cli_errno(-ENOMEM, "serve");
	for (size_t i = 0; i < s->n; i++) {
		s->c[i].spec = &s->events.ev[i];
		s->c[i].handle = -1;
		s->c[i].partner = -1;
		s->c[i].denom = -1;
	}
	stat_find_pairs(s);
	return 0;
}

int serve_setup(struct serve *sv, struct backend *b)
{
	struct perf_pmu_source src;
	char **pmus = NULL, **devs = NULL;
	size_t npmu = 0, ndev = 0;
	int r = 0;

	sv->s.b = b;
	pmu_source_backend(b, &src);
	if (b->ops->sysfs_list(b, PMU_SYSFS_DIR, &pmus, &npmu))
		npmu = 0;
	if (b->ops->sysfs_list(b, PCI_DEVICES, &devs, &ndev))
		ndev = 0;
	for (size_t i = 0; i < npmu && !r; i++)
		r = hisi_pcie_pmu_name(pmus[i]) ? add_pmu(sv, b, pmus[i], devs, ndev, &src)
						: add_iommu(sv, b, pmus[i], &src);
	for (size_t i = 0; i < npmu; i++)
		free(pmus[i]);
	for (size_t i = 0; i < ndev; i++)
		free(devs[i]);
	free(pmus);
	free(devs);
	if (!r)
		stat_note_kernel_differences(&sv->s.events, &src, "serve");
	if (!r)
		r = make_counters(sv);
	if (!r && sv->s.n)
		r = stat_open(&sv->s);
	return r;
}

/*
 * A _total as Prometheus wants a counter: a whole number that never goes
 * back.  A multiplexed count is scaled by enabled/running, an estimate that
 * can dip below the previous one; the previous one is shown then.
 */
static unsigned long long total(struct serve *sv, size_t i)
{
	double v = diag_count_scaled(&sv->s.c[i].cur);
	uint64_t n = v < 0 ? 0 : (uint64_t)llround(v);

	if (n < sv->shown[i])
		n = sv->shown[i];
	sv->shown[i] = n;
	return n;
}

static void family(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void pmu_series(FILE *f, struct serve *sv, const struct backend_count *delta, bool latency,
		       bool gauge)
{
	for (size_t i = 0; i < sv->nser; i++) {
		const struct serve_series *se = &sv->ser[i];
		const struct stat_counter *c = &sv->s.c[se->main];
		bool is_lat = c->metric == HISI_PCIE_LATENCY;
		double v;
		const char *unit;

		if (c->partner < 0 || is_lat != latency)
			continue;
		fprintf(f, "%s{sicl=\"%u\",core=\"%u\",port=\"%#x\",bdf=\"%s\",tlp=\"%s\"} ",
			latency ? (gauge ? "pciescope_pcie_latency_seconds"
					 : "pciescope_pcie_transactions_total")
				: (gauge ? "pciescope_pcie_bandwidth_bytes_per_second"
					 : "pciescope_pcie_bytes_total"),
			se->sicl, se->core, se->port, se->bdf, se->tlp);
		if (!gauge) {
			fprintf(f, "%llu\n", total(sv, latency ? (size_t)c->partner : se->main));
			continue;
		}
		if (stat_metric_value(&sv->s, se->main, delta, &v, &unit))
			v = latency ? v * 1e-9 : v * 1e6;
		else
			v = 0;
		fprintf(f, "%.17g\n", v);
	}
}

static void render_pmu(FILE *f, struct serve *sv, const struct backend_count *delta)
{
	if (!sv->nser)
		return;
	family(f, "pciescope_pcie_bytes_total", "counter",
	       "Payload bytes of a TLP kind through a Root Port (PCIe PMU flux)");
	pmu_series(f, sv, delta, false, false);
	family(f, "pciescope_pcie_bandwidth_bytes_per_second", "gauge",
	       "Bandwidth of a TLP kind through a Root Port over the last interval");
	pmu_series(f, sv, delta, false, true);
	family(f, "pciescope_pcie_transactions_total", "counter",
	       "Transactions of a TLP kind through a Root Port (PCIe PMU cnt)");
	pmu_series(f, sv, delta, true, false);
	family(f, "pciescope_pcie_latency_seconds", "gauge",
	       "Average latency of a TLP kind through a Root Port over the last interval");
	pmu_series(f, sv, delta, true, true);
}

static void render_iommu(FILE *f, struct serve *sv)
{
	if (!sv->niommu)
		return;
	family(f, "pciescope_iommu_events_total", "counter",
	       "AMD IOMMU performance counter events (amd_iommu_<n> PMU, named events)");
	for (size_t i = 0; i < sv->niommu; i++)
		fprintf(f, "pciescope_iommu_events_total{iommu=\"%u\",event=\"%s\"} %llu\n",
			sv->iommu[i].iommu, sv->iommu[i].event, total(sv, sv->iommu[i].counter));
}

static void render_tune(FILE *f, struct backend *b)
{
	char **pmus = NULL, path[512];
	size_t n = 0;
	bool head = false;

	if (b->ops->sysfs_list(b, PMU_SYSFS_DIR, &pmus, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		unsigned sicl, core;

		for (size_t k = 0; k < DIAG_TUNE_NPARAM &&
				   sscanf(pmus[i], "hisi_ptt%u_%u", &sicl, &core) == 2;
		     k++) {
			long v;

			snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/tune/%s", pmus[i],
				 diag_tune_params[k]);
			v = read_num(b, path);
			if (v < 0)
				continue;
			if (!head)
				family(f, "pciescope_ptt_tune_level", "gauge",
				       "PTT tune parameter level of a PCIe core (0 low .. 2 high)");
			head = true;
			fprintf(
			    f,
			    "pciescope_ptt_tune_level{sicl=\"%u\",core=\"%u\",param=\"%s\"} %ld\n",
			    sicl, core, diag_tune_params[k], v);
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
	    "pciescope_pcie_link_width_lanes", "pciescope_pcie_link_max_width_lanes",
	    "pciescope_pcie_link_downgraded", "pciescope_pcie_link_limited_by_partner"};
	static const char *const help[] = {
	    "Current link speed", "Maximum link speed (capability)", "Current link width",
	    "Maximum link width (capability)",
	    "1 if the link trained below what both its ends support",
	    "1 if the link runs below this end's maximum because the other end supports no more"};
	struct topo t = {0};

	if (topo_scan(b, &t))
		return;
	for (size_t m = 0; m < ARRAY_SIZE(names); m++) {
		family(f, names[m], "gauge", help[m]);
		for (size_t i = 0; i < t.n; i++) {
			const struct topo_dev *d = &t.d[i];
			struct topo_link l;
			double v[6];

			if (!d->link)
				continue;
			l = topo_link_of(&t, i);
			v[0] = d->speed, v[1] = d->max_speed, v[2] = d->width, v[3] = d->max_width;
			v[4] = l.downgraded, v[5] = l.limited_by >= 0;
			fprintf(f, "%s{bdf=\"%s\"} %g\n", names[m], d->bdf, v[m]);
		}
	}
	topo_free(&t);
}

int serve_read(struct serve *sv, struct backend_count *delta)
{
	struct stat_config *s = &sv->s;

	if (s->n && stat_read(s))
		return -EIO;
	for (size_t i = 0; i < s->n; i++) {
		delta[i].value = s->c[i].cur.value - sv->last[i].value;
		delta[i].enabled = s->c[i].cur.enabled - sv->last[i].enabled;
		delta[i].running = s->c[i].cur.running - sv->last[i].running;
		sv->last[i] = s->c[i].cur;
	}
	return 0;
}

int serve_sample(struct serve *sv, char **page, size_t *len)
{
	struct stat_config *s = &sv->s;
	struct backend_count *delta = calloc(s->n ? s->n : 1, sizeof(*delta));
	FILE *f;

	if (!delta || serve_read(sv, delta)) {
		free(delta);
		return -EIO;
	}
	f = open_memstream(page, len);
	if (!f) {
		free(delta);
		return -ENOMEM;
	}
	render_pmu(f, sv, delta);
	render_iommu(f, sv);
	render_tune(f, s->b);
	render_links(f, s->b);
	family(f, "pciescope_time_seconds", "gauge",
	       "Clock of the machine measured (simulated time on the emulated backend)");
	fprintf(f, "pciescope_time_seconds %.9f\n", (double)s->b->ops->now_ns(s->b) * 1e-9);
	free(delta);
	return fclose(f) ? -errno : 0;
}

void serve_teardown(struct serve *sv)
{
	if (sv->s.c)
		stat_close(&sv->s);
	perf_events_free(&sv->s.events);
	free(sv->s.c);
	free(sv->ser);
	free(sv->iommu);
	free(sv->last);
	free(sv->shown);
}
