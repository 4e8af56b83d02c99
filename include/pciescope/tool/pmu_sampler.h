/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PMU sampler of `serve` and `top`: counts PCIe PMU pairs per Root Port
 * port bit and TLP kind (perf/hisi_pcie_events.h), and every named event of
 * every AMD IOMMU PMU, through the stat engine, and hands out each
 * interval's deltas.  `serve` renders them as a Prometheus page
 * (cli/serve/serve_page.c), `top` as a screen.
 */
#ifndef PCIESCOPE_TOOL_PMU_SAMPLER_H
#define PCIESCOPE_TOOL_PMU_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/stat.h>

/*
 * One PMU counter pair of one TLP kind: counters main and main's partner.
 * Root Ports whose device numbers share a port bit (00:10.0 and 00:10.1)
 * share the counter too, so they are one series labelled with all of them.
 */
struct serve_series {
	unsigned sicl, core, port; /* port: the PMU's port bitmap bit */
	char bdf[128];		   /* the Root Ports, comma-separated */
	char tlp[8];		   /* "rx_mrd", ... */
	bool latency;		   /* a latency/cnt pair, else flux/time */
	size_t main;		   /* index into s.events */
};

/* One named event of an AMD IOMMU PMU (amd_iommu_<n>). */
struct serve_iommu {
	unsigned iommu;
	char event[64];
	size_t counter; /* index into s.events */
};

struct serve {
	struct stat_config s;
	struct serve_series *ser;
	size_t nser;
	struct serve_iommu *iommu;
	size_t niommu;
	uint64_t *shown;  /* per counter: the last _total exported, never decreasing */
	uint64_t last_ns; /* the clock at the last read */
	uint64_t span_ns; /* its advance from the read before */
};

/*
 * Opens a pair per Root Port and TLP kind on every PCIe PMU and every named
 * event of every AMD IOMMU PMU; 0 or -errno with the reason in sv->s.err.
 */
int serve_setup(struct serve *sv, struct backend *b);
/*
 * Reads the counters; delta[i] (one per event of s.events) gets what event i
 * counted since the previous read, span_ns the clock's advance since then.
 * 0 or -errno.  `top` samples this way.
 */
int serve_read(struct serve *sv, struct backend_count *delta);
void serve_teardown(struct serve *sv);

/* One PMU port bit over one interval (pmu_ports.c). */
struct serve_port {
	unsigned sicl, core, port;
	char bdf[128];	  /* the Root Ports sharing the bit, comma-separated */
	unsigned nlinks;  /* how many */
	double speed_gts; /* the first Root Port's link; 0 if unknown */
	long width;
	double capacity_mbps;		    /* per direction, summed over the bit's Root Ports */
	bool capacity_unknown;		    /* a Root Port's link could not be read */
	double mbps[HISI_PCIE_BW_KINDS];    /* MB/s (PMU flux); < 0 when not counted */
	double lat_ns[HISI_PCIE_LAT_KINDS]; /* average; < 0 when nothing completed */
	double reads_per_s[2];	/* reads completed: rx (the devices'), tx (the host's); < 0 not
				   counted */
	double traffic_mbps[2]; /* rx, tx: what crossed the links (pcie/traffic.h); < 0 unknown */
	double util[2];		/* % of capacity_mbps, at most 100; < 0 unknown */
};

struct serve_ports {
	struct serve_port *p;
	size_t n;
};

/* The port bits of one interval's deltas (serve_read). 0 or -ENOMEM. */
int serve_ports_build(struct serve_ports *ps, struct serve *sv, const struct backend_count *delta);
void serve_ports_free(struct serve_ports *ps);

#endif
