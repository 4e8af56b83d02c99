// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-Root-Port PMU sampler of `serve` and `top`:
 *
 *  - per Root Port of every PCIe PMU (hisi_pcie<sicl>_core<core>) and TLP
 *    kind, a counter pair (flux/time, latency/cnt) whose derived metric the
 *    stat code computes, so `serve`, `top` and `stat --metrics` agree;
 *  - every named event of every AMD IOMMU PMU (amd_iommu_<n>).
 *
 * Everything is read through the backend, so the samples are the same on the
 * emulated platform and on a host.  Counters are opened once, as perf stat
 * opens them (groups, system-wide on the PMU's cpumask); the PMU multiplexes
 * them and values are scaled by enabled/running.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/base/error.h>
#include <pciescope/backend/sysfs_read.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/perf/pmu_name.h>
#include <pciescope/tool/pmu_sampler.h>
#include <pciescope/tool/pmu_source.h>
#include <pciescope/tool/topo.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static int new_series(struct serve *sv, const char *pmu, const char *kind, bool latency,
		      const char *bdf, unsigned port, const struct perf_pmu_source *src)
{
	char ev[256];
	struct serve_series *s = realloc(sv->ser, (sv->nser + 1) * sizeof(*s));
	size_t first = sv->s.events.n;
	struct pmu_name name;

	if (!s)
		return -ENOMEM;
	sv->ser = s;
	s = &s[sv->nser];
	snprintf(ev, sizeof(ev), "{%s/%s_%s,port=%#x/,%s/%s_%s,port=%#x/}", pmu, kind,
		 latency ? "latency" : "flux", port, pmu, kind, latency ? "cnt" : "time", port);
	if (event_list_add(&sv->s.events, ev, src, &sv->s.err))
		return -EINVAL;
	pmu_name_parse(pmu, &name);
	s->sicl = name.sicl;
	s->core = name.core;
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
	struct pmu_name name;

	if (pmu_name_parse(pmu, &name) != PMU_HISI_PCIE)
		return NULL;
	for (size_t i = 0; i < sv->nser; i++) {
		struct serve_series *se = &sv->ser[i];

		if (se->sicl == name.sicl && se->core == name.core && se->port == port &&
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
			return error_set(&sv->s.err, -E2BIG,
					 "too many Root Ports share port bit %#x of %s", port, pmu);
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
	bus = backend_read_num(b, path);
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bdf_min", pmu);
	lo = backend_read_num(b, path);
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/bdf_max", pmu);
	hi = backend_read_num(b, path);
	for (size_t i = 0; i < ndev && !r; i++) {
		struct pci_bdf d;
		unsigned port;

		snprintf(path, sizeof(path), PCI_DEVICES_DIR "/%s/class", devs[i]);
		if (pci_bdf_parse(devs[i], &d) || (d.rid >> 8) != bus || d.rid < lo || d.rid > hi ||
		    backend_read_line(b, path, cls, sizeof(cls)) <= 0 || strncmp(cls, "0x0604", 6))
			continue;
		port = hisi_pcie_port_bit(d.rid);
		for (size_t k = 0; k < HISI_PCIE_BW_KINDS && !r; k++)
			r = add_series(sv, pmu, hisi_pcie_bw_kinds[k], false, devs[i], port, src);
		for (size_t k = 0; k < HISI_PCIE_LAT_KINDS && !r; k++)
			r = add_series(sv, pmu, hisi_pcie_lat_kinds[k], true, devs[i], port, src);
	}
	return r;
}

static int add_iommu_event(struct serve *sv, const char *pmu, unsigned n, const char *event,
			   const struct perf_pmu_source *src)
{
	char ev[192];
	struct serve_iommu *io = realloc(sv->iommu, (sv->niommu + 1) * sizeof(*io));

	if (!io)
		return -ENOMEM;
	sv->iommu = io;
	io = &io[sv->niommu];
	io->counter = sv->s.events.n;
	snprintf(ev, sizeof(ev), "%s/%s/", pmu, event);
	if (event_list_add(&sv->s.events, ev, src, &sv->s.err))
		return -EINVAL;
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
	struct pmu_name name;
	int r = 0;

	if (pmu_name_parse(pmu, &name) != PMU_AMD_IOMMU)
		return 0;
	snprintf(path, sizeof(path), PMU_SYSFS_DIR "/%s/events", pmu);
	if (b->ops->sysfs_list(b, path, &ev, &nev))
		return 0;
	for (size_t i = 0; i < nev; i++) {
		if (!r && !strchr(ev[i], '.'))
			r = add_iommu_event(sv, pmu, name.index, ev[i], src);
		free(ev[i]);
	}
	free(ev);
	return r;
}

static int finish_events(struct serve *sv)
{
	struct stat_config *s = &sv->s;

	event_list_find_pairs(&s->events);
	sv->shown = calloc(s->events.n ? s->events.n : 1, sizeof(*sv->shown));
	if (!sv->shown)
		return error_set(&s->err, -ENOMEM, "out of memory");
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
	if (b->ops->sysfs_list(b, PCI_DEVICES_DIR, &devs, &ndev))
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
		stat_note_kernel_differences(&sv->s.events.parsed, &src);
	if (!r)
		r = finish_events(sv);
	if (!r && sv->s.events.n)
		r = event_list_open(&sv->s.events, b, &sv->s.err);
	sv->last_ns = b->ops->now_ns(b);
	return r;
}

int serve_read(struct serve *sv, struct backend_count *delta)
{
	struct stat_config *s = &sv->s;
	uint64_t now = s->b->ops->now_ns(s->b);

	int r = s->events.n ? event_list_read(&s->events, &s->err) : 0;

	if (r)
		return r;
	sv->span_ns = now - sv->last_ns;
	sv->last_ns = now;
	event_list_delta(&s->events, delta);
	return 0;
}

bool serve_all_counted(struct serve *sv)
{
	struct event_list *l = &sv->s.events;

	if (l->n && event_list_read(l, &sv->s.err))
		return true; /* the next serve_read meets the error and tells it */
	for (size_t i = 0; i < l->n; i++)
		if (l->ev[i].handle >= 0 && l->ev[i].cur.running == l->ev[i].prev.running)
			return false;
	return true;
}

void serve_teardown(struct serve *sv)
{
	event_list_free(&sv->s.events);
	free(sv->ser);
	free(sv->iommu);
	free(sv->shown);
}
