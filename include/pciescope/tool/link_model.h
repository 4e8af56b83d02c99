/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The link model: what each Root Port's link carried per direction over a
 * span, how much of what it can carry that was, and how long its reads
 * took, in one place for every view (top, serve, stat --metrics, diagnose,
 * report).  The views print these figures; none works them out again.
 *
 * Directions are the PCIe PMU's, at the Root Port: rx towards the host
 * (the devices' writes, their reads' requests, the completions of the
 * host's reads), tx towards the devices.
 *
 * One definition of each figure:
 *  - traffic: pcie/traffic.h's, the bytes of the TLPs that crossed
 *    (writes and completions with their headers, a read request's header,
 *    never the length a read asks for), in MB/s (10^6 bytes/s);
 *  - capacity: what the link carries for TLPs at its Max Payload Size
 *    (pcie_link_tlp_capacity_mbps: the lanes' rate after line coding less
 *    the Ack/UpdateFC DLLPs and SKP ordered sets, docs/fabric.md *Link
 *    layer*), per direction; 256 bytes is taken for an unknown MPS;
 *  - utilisation: traffic over capacity in percent, at most 100.  TLP
 *    framing is not traffic, so a link at its ceiling reads 91-97 %
 *    (64-byte to 256-byte TLPs), never less than LINK_BUSY_PCT.
 *
 * Built from three sources:
 *  - the platform (link_model_scan): every Root Port with its link state
 *    (sysfs link files, configuration space), the functions below it and
 *    the PCIe PMU port bit that counts it, read through a backend;
 *  - PMU counts (link_model_count): the flux/time and latency/cnt pairs of
 *    an event list (tool/event_list.h), whoever opened them: the PMU
 *    sampler of top, serve and diagnose, or stat's own -e/-M events;
 *  - a trace (link_flow_from_bytes): bytes and TLPs over a span, and a
 *    trace's traffic over time (link_trace_timeline).
 *
 * A PMU port bit covers the Root Ports of one device number (00:10.0 and
 * 00:10.1 share bit 0x1), so its counts are their sum.  The model splits
 * them per link with counters that filter by requester (bdf=, which the
 * PMU allows for bandwidth events only; link_split_targets says which to
 * open): a request going up and the completions coming down to it carry
 * the Requester ID of a function below one of the links, the host's
 * requests and the completions coming up to them the Root Port's own ID.
 * What no such counter can place (a peer's requests from another core,
 * counters the PMU has not run yet) leaves a range each link may carry;
 * a link whose range reaches LINK_BUSY_PCT is marked busy, so a saturated
 * link is never hidden behind its wider neighbour.  Read latencies cannot
 * be filtered by requester: a shared bit's links show the bit's.
 */
#ifndef PCIESCOPE_TOOL_LINK_MODEL_H
#define PCIESCOPE_TOOL_LINK_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/backend/backend.h>
#include <pciescope/pcie/traffic.h>
#include <pciescope/perf/hisi_pcie_events.h>
#include <pciescope/tool/event_list.h>
#include <pciescope/trace/analysis.h>

enum link_dir { LINK_RX, LINK_TX, LINK_NDIR };

/* Utilisation at or above which a link is busy (saturated, or may be). */
#define LINK_BUSY_PCT 90.0
/* Functions below one Root Port the model keeps (the requesters it can split by). */
#define LINK_MAX_BELOW 64

/* How a direction's figures were obtained. */
enum link_basis {
	LINK_UNKNOWN, /* nothing counted or traced it */
	LINK_COUNTED, /* a PMU port bit that counts this link alone */
	LINK_SPLIT,   /* a shared port bit, split by requester (bdf=) counters */
	LINK_RANGE,   /* a shared port bit only partly split: lo..hi */
	LINK_TRACED,  /* a PTT trace */
};

/* One direction of one link over the model's span; MB/s unless said. */
struct link_flow {
	enum link_basis basis;
	struct pcie_flow mbps;	 /* by class; meaningful when traffic_mbps >= 0 */
	double traffic_mbps;	 /* pcie_flow_total(&mbps); < 0 unknown (LINK_RANGE too) */
	double lo_mbps, hi_mbps; /* what it may have carried; both traffic_mbps when known */
	double util_pct;	 /* traffic over capacity, <= 100; < 0 unknown */
	double util_lo_pct, util_hi_pct; /* of lo and hi; < 0 when the capacity is unknown */
	bool busy;			 /* util_hi_pct >= LINK_BUSY_PCT */
	double bytes;			 /* traffic over the span in bytes; < 0 unknown */
	double tlps;	    /* TLPs over the span; < 0 unknown (a PMU cannot count all) */
	double reads_per_s; /* read requests sent this way; < 0 unknown */
	double read_ns;	    /* their average latency, request to last completion; < 0 none */
};

struct link {
	char bdf[16]; /* the Root Port, dddd:bb:dd.f */
	uint16_t rid;
	/* state, from sysfs and configuration space; 0 unknown */
	double speed_gts, max_speed_gts;
	unsigned width, max_width;
	bool have_dev; /* the device at the other end, with its own maximum */
	double dev_max_speed_gts;
	unsigned dev_max_width;
	unsigned mps;			/* the smaller Max Payload Size of its two ends */
	double capacity_mbps;		/* for TLPs, per direction (header comment); 0 unknown */
	uint16_t below[LINK_MAX_BELOW]; /* requester IDs of the functions below it */
	size_t nbelow;
	/* the PCIe PMU port bit that counts it */
	bool on_pmu;
	unsigned sicl, core, port; /* port: the bit as a bitmap value (0x1, 0x100, ...) */
	char shares[128];	   /* the other Root Ports on its bit, comma-separated; "" alone */
	/* figures over the span (link_model_count, or the caller for a trace) */
	struct link_flow dir[LINK_NDIR];
	double
	    kind_mbps[HISI_PCIE_BW_KINDS];  /* PMU flux per TLP kind (a read: the length it asks) */
	double lat_ns[HISI_PCIE_LAT_KINDS]; /* PMU average latency per kind (a shared bit's) */
};

struct link_model {
	struct link *l;
	size_t n;
};

/*
 * Every Root Port of the machine (a bridge at the top of the PCI tree) with
 * its link state, the functions below it and its PMU port bit, figures
 * unknown.  Replaces what m held.  0 or -ENOMEM.
 */
int link_model_scan(struct link_model *m, struct backend *b);
void link_model_free(struct link_model *m);
/* The link of Root Port bdf, or NULL. */
struct link *link_model_find(const struct link_model *m, const char *bdf);
/* Every figure unknown again, the state kept. */
void link_model_forget(struct link_model *m);

/*
 * Figures from the PCIe PMU pairs of l (event_list_find_pairs done), vals
 * being what each event counted over the span (event_list_delta, or the
 * counts of a whole run).  A pair counts for the model when it counts
 * whole TLPs (no threshold, trigger or len_mode other than payload and
 * header) of one port bit or one requester.  Links whose bit no pair
 * counted keep their figures.
 */
void link_model_count(struct link_model *m, const struct event_list *l,
		      const struct backend_count *vals);

/* One requester-filtered counter link_model_count splits a shared bit with. */
struct link_target {
	unsigned sicl, core;
	int kind;	    /* index into hisi_pcie_bw_kinds */
	uint16_t requester; /* the bdf= value */
};

/*
 * The counters that split each shared port bit of the PMU hisi_pcie<sicl>_core<core>
 * (every PMU when pmu is NULL): up to max into out; returns how many there
 * are.  Per bit, for every link but the one with the most functions (which
 * takes what the others leave of its bit), the functions' writes, read
 * requests and the completions returning to them; for every link, the Root
 * Port's (the host's) writes, read requests and the completions returning
 * to it.
 */
size_t link_split_targets(const struct link_model *m, const char *pmu, struct link_target *out,
			  size_t max);

/* Which pairs link_model_add_events opens. */
enum link_events {
	LINK_EVENTS_ALL,     /* every kind: what top shows per kind */
	LINK_EVENTS_TRAFFIC, /* what traffic and read latency need: fewer pairs, longer turns */
};

/*
 * Adds to l the PCIe PMU pairs link_model_count reads for the links of
 * PMU pmu (hisi_pcie<sicl>_core<core>; NULL: every PMU): per port bit a
 * flux/time pair of each TLP kind and a latency/cnt pair of each kind with
 * a latency (LINK_EVENTS_TRAFFIC: writes, completions and the reads'
 * latency pairs), per shared bit the pairs of link_split_targets, in
 * groups of one PMU (a group counts whole, the PMU rotates groups; a
 * kind's pair and its splitting pairs share one).  event_list_find_pairs
 * is the caller's.  0 or -errno with the reason in e.
 */
int link_model_add_events(const struct link_model *m, const char *pmu, enum link_events what,
			  struct event_list *l, const struct perf_pmu_source *src, struct error *e);

/*
 * A direction from what crossed over span_ns (a trace): bytes by class,
 * TLPs (< 0 unknown), against capacity_mbps (0 unknown).  Reads and
 * latency are left unknown.
 */
void link_flow_from_bytes(struct link_flow *f, const struct pcie_flow *bytes, double tlps,
			  double span_ns, double capacity_mbps);

/* One window of a trace's timeline (trace/analysis.h), as MB/s. */
struct link_window {
	double start_ns, span_ns; /* from the first entry; the last window covers what it holds */
	uint64_t tlps;
	struct pcie_flow mbps; /* posted, completions, non-posted (requests: their headers) */
	double traffic_mbps;   /* pcie_flow_total(&mbps) */
};

/*
 * The link traffic of a finished analysis over time, one entry per window
 * of its timeline into *out (malloc'ed, free it): their number, or
 * -E2BIG (the timeline overflowed) or -ENOMEM.
 */
long link_trace_timeline(const struct analysis *a, struct link_window **out);

/* MB/s of bytes over span_ns; 0 for an empty span.  The one such division of every view. */
double link_mbps(double bytes, double span_ns);

/*
 * The read latency of a PMU's links together (sicl, core), direction d:
 * each port bit's average weighted by its reads, as one pair over all of
 * them would count; < 0 when no read completed.
 */
double link_model_read_ns(const struct link_model *m, unsigned sicl, unsigned core,
			  enum link_dir d);

#endif
