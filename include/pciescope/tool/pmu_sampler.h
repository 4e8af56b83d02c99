/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PMU sampler of `serve`, `top` and live `diagnose`: counts, through
 * the stat engine, a PCIe PMU pair per Root Port port bit and TLP kind
 * (perf/hisi_pcie_events.h), the requester-filtered pairs that split a
 * port bit shared by several Root Ports (tool/link_model.h,
 * link_split_targets) and every named event of every AMD IOMMU PMU, and
 * hands out each interval's deltas and the link model over them.  `serve`
 * renders them as a Prometheus page (cli/serve/serve_page.c), `top` as a
 * screen, `diagnose` as findings.
 */
#ifndef PCIESCOPE_TOOL_PMU_SAMPLER_H
#define PCIESCOPE_TOOL_PMU_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/link_model.h>
#include <pciescope/tool/stat.h>

/*
 * One PMU counter pair of one TLP kind: counters main and main's partner.
 * Root Ports whose device numbers share a port bit (00:10.0 and 00:10.1)
 * share the counter too, so they are one series labelled with all of them.
 */
struct pmu_series {
	unsigned sicl, core, port; /* port: the PMU's port bitmap bit */
	char bdf[128];		   /* the Root Ports, comma-separated */
	char tlp[8];		   /* "rx_mrd", ... */
	bool latency;		   /* a latency/cnt pair, else flux/time */
	size_t main;		   /* index into s.events */
};

/* One named event of an AMD IOMMU PMU (amd_iommu_<n>). */
struct pmu_iommu_event {
	unsigned iommu;
	char event[64];
	size_t counter; /* index into s.events */
};

struct pmu_sampler_opts {
	const char *pmu;   /* only this PCIe PMU (hisi_pcie<sicl>_core<core>); NULL: every one */
	bool iommu;	   /* the AMD IOMMU PMUs' events too */
	bool traffic_only; /* only the pairs the links' traffic needs (LINK_EVENTS_TRAFFIC) */
};

struct pmu_sampler {
	struct stat_config s;
	struct pmu_series *ser;
	size_t nser;
	struct pmu_iommu_event *iommu;
	size_t niommu;
	struct link_model links; /* the machine's links and, after pmu_sampler_links, figures */
	uint64_t *shown;	 /* per counter: the last _total exported, never decreasing */
	uint64_t last_ns;	 /* the clock at the last read */
	uint64_t span_ns;	 /* its advance from the read before */
};

/*
 * Opens the pairs and events o asks for (NULL: every PCIe PMU and the AMD
 * IOMMU PMUs); 0 or -errno with the reason in ps->s.err.
 */
int pmu_sampler_open(struct pmu_sampler *ps, struct backend *b, const struct pmu_sampler_opts *o);
/*
 * Reads the counters; delta[i] (one per event of s.events) gets what event i
 * counted since the previous read, span_ns the clock's advance since then.
 * 0 or -errno.
 */
int pmu_sampler_read(struct pmu_sampler *ps, struct backend_count *delta);
/*
 * Whether every open counter has run since the last pmu_sampler_read: a
 * multiplexed PMU schedules its groups in turns, one more per mux
 * interval, so an interval shorter than the turns leaves some uncounted.
 */
bool pmu_sampler_all_counted(struct pmu_sampler *ps);
/*
 * Where the backend runs the machine's clock (the emulated one), runs it on
 * in 1 ms steps until every counter has run since the last read or the
 * clock reaches until_ns (a stop request ends it too): a span shorter than
 * the PMU's turns of its groups would leave kinds uncounted.  On a host,
 * nothing.  0 or the backend's -errno.
 */
int pmu_sampler_run_until_counted(struct pmu_sampler *ps, uint64_t until_ns);
/*
 * ps->links over one read's deltas: the links' state read again (a
 * retrained or removed link shows at once) and their figures from delta.
 * 0 or -ENOMEM.
 */
int pmu_sampler_links(struct pmu_sampler *ps, const struct backend_count *delta);
void pmu_sampler_close(struct pmu_sampler *ps);

#endif
