/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The twin's parts (tool/twin.h): the platform's topology as the inference
 * needs it (twin_topo.c), what one PTT trace showed (twin_seen.c, fed by
 * twin_read.c), and the model made of it (twin_infer.c).
 *
 * A trace entry does not say which Root Port it crossed nor which way (a
 * 4DW recording of both directions mixes them); the topology does: a
 * request with a Root Port's Requester ID is the CPU's, going down that
 * port; one from a function below a traced port goes up its port; one from
 * elsewhere was forwarded to a peer below a traced port.  A completion
 * travels towards its requester.
 */
#ifndef PCIESCOPE_TOOL_TWIN_INTERNAL_H
#define PCIESCOPE_TOOL_TWIN_INTERNAL_H

#include <pciescope/pcie/tlp.h>
#include <pciescope/tool/twin.h>
#include <pciescope/trace/outstanding.h>
#include <pciescope/trace/ptt_sight.h>

#define TWIN_NOWHERE 0xffffffffu
#define TWIN_MAX_PTTS 32
#define TWIN_PTT_PORTS 16
#define TWIN_TAGS 1024
#define TWIN_MAX_REQS 128   /* requesters followed per trace; a real core has tens */
#define TWIN_MAX_OPS 32	    /* kinds of request followed per requester, folded to 16 */
#define TWIN_MAX_REGIONS 64 /* CPU targets (1 MiB address regions) per trace */

enum twin_node_kind { TN_NONE, TN_PORT, TN_ENDPOINT, TN_OTHER };

struct twin_node {
	uint16_t rid;
	uint8_t kind; /* enum twin_node_kind */
	int port;     /* node index of its Root Port (a port: itself), -1 none */
	double mbps;  /* what its link carries for TLPs per direction; 0 unknown */
};

struct twin_ptt {
	char pmu[64];
	unsigned nports;
	uint16_t port[TWIN_PTT_PORTS];
	uint32_t value[TWIN_PTT_PORTS]; /* each port's filter value */
};

struct twin_topo {
	struct twin_node *n;
	size_t nn;
	int32_t *at; /* [65536]: node index of a Requester ID, -1 none */
	struct twin_ptt ptt[TWIN_MAX_PTTS];
	unsigned nptt;
};

int twin_topo_scan(struct backend *b, struct twin_topo *t, struct error *e);
void twin_topo_free(struct twin_topo *t);
const struct twin_node *twin_topo_node(const struct twin_topo *t, uint16_t rid);
/*
 * Sets traced[node] for the Root Ports the PTT pmu traces with filter (its
 * event's term); false when the platform has no such PTT.
 */
bool twin_topo_trace(const struct twin_topo *t, const char *pmu, uint32_t filter, uint8_t *traced);

/* One kind of request of a requester: what the model's op is made of. */
struct ts_op {
	uint8_t kind;	 /* enum fabric_replay_kind */
	uint8_t to;	 /* enum fabric_replay_to; HOST32 may still turn out a peer */
	uint32_t region; /* HOST32 and PEER: the address's 1 MiB region */
	uint32_t bytes;
	uint64_t n;
	uint64_t aligned[11]; /* of them at a multiple of 4 << i */
};

/* A transfer being read: requests that continue one another. */
struct ts_run {
	uint8_t kind, to;
	uint32_t region;
	uint64_t start, next; /* its first byte's address, and the one after its last */
	uint32_t bytes;	      /* 0: none */
};
#define TWIN_MAX_TRANSFER (256u << 10)

/* Completions and reads in flight: one per requester that reads. */
struct ts_reads {
	uint64_t open[TWIN_TAGS];   /* issue time + 1 (ns), 0 free */
	uint32_t region[TWIN_TAGS]; /* its address's region */
	uint8_t host[TWIN_TAGS];    /* it holds a slot of its port's Root Complex */
	struct outstanding out;
	uint64_t time_at[TWIN_TAGS + 1];
	uint64_t freed, refilled; /* completions at its most, and those answered at once */
	uint64_t freed_at;	  /* when the last completion at its most came, + 1 */
	uint64_t closed_at;	  /* when its last read closed, + 1 */
	double lat_sum;
	uint64_t lat_n;
};

struct ts_req {
	uint16_t rid;
	bool own; /* below a traced port */
	int port; /* node index where its requests were seen */
	struct ts_op op[TWIN_MAX_OPS];
	unsigned nops;
	uint64_t n[FABRIC_REPLAY_ENGINES];    /* transfers (the model's operations) */
	uint64_t tlps[FABRIC_REPLAY_ENGINES]; /* requests they took */
	struct ts_run run[FABRIC_REPLAY_ENGINES];
	uint64_t bursts[FABRIC_REPLAY_ENGINES];
	uint64_t follows[FABRIC_REPLAY_ENGINES]; /* bursts at once after a read closed */
	uint64_t last[FABRIC_REPLAY_ENGINES];	 /* ns of its last request of the engine, + 1 */
	double wire[FABRIC_REPLAY_ENGINES]; /* bytes its reads' completions, its posted carried */
	double fwd_wire; /* bytes of its requests forwarded to a peer below a traced port */
	struct ts_reads *rd;
};

/* What the CPU sent to one 1 MiB region (or, for configuration, one function) below a port. */
struct ts_cpu {
	int port;
	uint32_t region; /* TWIN_NOWHERE: the function rid */
	uint16_t rid;	 /* the function, once known */
	bool known;
	bool guessed; /* known by address order only (no completion named it) */
	unsigned nsizes;
	struct fabric_replay_size wr[FABRIC_REPLAY_SIZES];
	uint64_t writes, reads, reads_done, cfg;
	double wr_wire;
};

/* A port's link and its Root Complex slots as the trace saw them. */
struct ts_port {
	double wire[2]; /* bytes by enum fabric_dir, framing included */
	unsigned host_reads;
	struct outstanding slots;
	uint64_t slots_at[TWIN_TAGS + 1];
};

struct twin_trace {
	const struct twin_topo *topo;
	struct ptt_setting set;
	double tick_ns;
	struct ptt_clock clk; /* the entries' unwrapped time, ticks */
	uint64_t now, first, last, entries;
	double rec_ns; /* the recording's own span by its records, 0 unknown */
	struct ts_req req[TWIN_MAX_REQS];
	unsigned nreq;
	int32_t *req_at; /* [65536] */
	struct ts_cpu cpu[TWIN_MAX_REGIONS];
	unsigned ncpu;
	struct ts_port *port;		       /* [topo->nn] */
	uint16_t region_rid[TWIN_MAX_REGIONS]; /* a region's function, learnt from completions */
	uint32_t region_key[TWIN_MAX_REGIONS];
	unsigned nregions;
	uint64_t folded;  /* entries of requesters or regions past the tables */
	uint8_t *traced;  /* [topo->nn]: the Root Ports the PTT traced */
	bool ports_known; /* traced comes from the platform's PTT, not from the trace */
	bool stopped;	  /* it stopped with its AUX area full before the recording ended */
	bool cut;	  /* its file ends inside a payload: the entries before the cut */
	char pmu[64];
};

int twin_trace_init(struct twin_trace *t, const struct twin_topo *topo, const char *pmu,
		    uint64_t config, double tick_ns);
void twin_trace_free(struct twin_trace *t);
/* len bytes of whole entries of format f. */
void twin_trace_feed(struct twin_trace *t, const uint8_t *buf, size_t len, enum ptt_format f);
void twin_trace_finish(struct twin_trace *t);
/* What rates divide by, ns. */
double twin_trace_span(const struct twin_trace *t);
/* The function a region belongs to, TWIN_NOWHERE when no completion said. */
uint32_t twin_trace_region_rid(const struct twin_trace *t, uint32_t region);

/* twin_read.c: every traced device of a recording, each a twin_trace (the caller frees them). */
int twin_read(const char *path, const struct twin_topo *topo, double tick_ns,
	      struct twin_trace **out, unsigned *n, struct error *e);

/* twin_infer.c: the model made of the traces, into t. */
void twin_build(const struct twin_topo *topo, struct twin_trace *tr, unsigned n, struct twin *t);
/* twin_cpu.c: what the CPU sent each function, into t. */
void twin_cpu_streams(struct twin *t, struct twin_trace *tr, unsigned n);
/* twin_notes.c: what the recordings could not show, into t's notes. */
void twin_notes(struct twin *t, const struct twin_trace *tr, unsigned n);
/* One note (fmt with one string), once per kind of note (its first 24 characters). */
void twin_note(struct twin *t, const char *fmt, const char *arg);

/* How busy a traced port's link was one way over the trace, 0..1 (0: unknown). */
double twin_busy(const struct twin_trace *tr, int port, int dir);

#define TWIN_BUSY_LINK 0.9

#endif
