/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private state of the fabric engine.  Time inside the engine is kept in
 * picoseconds so that serialisation times of single bytes stay exact
 * integers; only the public API speaks nanoseconds.
 *
 * The only contended links are those below Root Ports (every endpoint's
 * traffic to the Root Complex shares them); an endpoint's own link only
 * paces what that endpoint can issue.  Everything that happens is driven
 * by "agents" (one transmitter per Root Port direction, one per traffic
 * stream) kept in a calendar (calendar.c) ordered by (time, agent id): the
 * agent id breaks ties, which makes the TLP sequence a pure function of
 * topology, workload and seed.
 */
#ifndef PCIESCOPE_FABRIC_INTERNAL_H
#define PCIESCOPE_FABRIC_INTERNAL_H

#include <pciescope/fabric/fabric.h>
#include <pciescope/pcie/tlp.h>

#define PS_PER_NS 1000ull
#define T_NEVER UINT64_MAX
#define FAB_TAGS 1024
#define FAB_MAX_OBS 16
#define FAB_CREDITS 32 /* inbound posted TLPs an endpoint may have queued */
#define FAB_CAUSES 255 /* streams a TLP can name as its cause (struct ptlp's src) */
#define FAB_MSI_ADDR 0xfee00000ull

/* What a queued TLP is; the wire header is derived from it only when observed. */
enum fkind { FK_MRD, FK_MWR, FK_CPLD, FK_CFGRD, FK_MSG };

/* Header templates (hdr.c). */
enum {
	TPL_MRD32,
	TPL_MRD64,
	TPL_MWR32,
	TPL_MWR64,
	TPL_CPLD,
	TPL_CFGRD0,
	TPL_CFGRD1,
	TPL_MSG,
	TPL_COUNT
};

enum ptlp_flags {
	PF_LAST = 1,	/* last completion of its request */
	PF_P2P = 2,	/* peer-to-peer: routed through the RC to another port */
	PF_CPU = 4,	/* request issued by the CPU (Root Complex) */
	PF_REMOTE = 8,	/* CPU request from the remote die, and its completion (CPL B) */
	PF_STREAM = 16, /* counts against the issuing endpoint's posted credits */
	PF_CFG0 = 32,	/* configuration request of Type 0 (target right below the port) */
	PF_EPOCH = 192, /* its domain's epoch, mod 4, when the fire that caused it happened */
};
#define PF_EPOCH_SHIFT 6

/*
 * A TLP waiting in (or being sent from) a Tx queue.  Kept small: queues copy
 * it, and the engine is bound by memory traffic more than by instructions,
 * so it fits 48 bytes (a payload is at most MPS, 256 bytes).
 */
struct ptlp {
	uint64_t ready; /* ps: earliest time it may be sent */
	uint64_t addr;
	uint64_t req_time; /* ps: for completions, when the request crossed the port */
	uint32_t prefix;
	uint16_t rid; /* requester */
	uint16_t tag;
	uint16_t cid;	     /* completer (completions), target RID (config) */
	uint16_t byte_count; /* completions: bytes left; reads: bytes requested */
	uint8_t kind;	     /* enum fkind */
	uint8_t cls;	     /* enum tlp_class */
	uint8_t src;	     /* 1 + the stream whose fire caused it, 0 none (see fabric.cause) */
	uint8_t flags;
	int16_t ep;	/* endpoint node on the device side of the port, -1 none */
	int16_t peer;	/* the other endpoint of a P2P transaction, else -1 */
	uint16_t bytes; /* payload bytes */
	uint16_t wire;	/* bytes on the wire, set when queued at a port */
};
_Static_assert(sizeof(struct ptlp) == 48, "Tx ring entries stay small");

struct pring {
	struct ptlp *buf;
	uint32_t head, tail, mask;
	uint32_t cap; /* mask + 1, 0 without a buffer: one test says "grow" */
};

/* One direction of a Root Port's link, from the port's point of view. */
struct ftx {
	struct pring q[3]; /* by enum tlp_class P, NP, CPL */
	uint64_t vt[3];	   /* weighted fair queueing: virtual finish times */
	uint64_t vclock;
	uint8_t shift[3]; /* virtual time per wire byte: 1 << shift = 4 / weight */
	struct ptlp cur;  /* on the wire, crosses the port at the agent's time */
	uint64_t ll_free; /* ps: the link layer's share holds the wire until then */
	bool busy;
	int agent;
};

struct fobs {
	/* FABRIC_CLASS_BIT of the TLPs it is shown */
	uint8_t classes;
	fabric_observer fn;
	void *ctx;
	uint16_t sicl, core;
	bool want;	     /* it looks at what it is shown: its cores must be run */
	bool counts;	     /* it only counts: it may be shown TLPs in bulk (rate.c) */
	fabric_repeater rep; /* it may repeat what it made of windows (rate_replay.c) */
	bool repeats;	     /* rep, and it sees one domain: it may stand for a skip */
	bool asks;	     /* it asks before it reads or changes: it may be shown a skip late */
};

/* A PCIe core: the unit PTT tunes. */
struct fcore {
	uint16_t sicl, core;
	unsigned qos[3]; /* levels 0..2 by enum fabric_qos_class */
	unsigned rx_level, tx_level;
};

struct fport {
	int node;
	int fcore;
	int dom;	       /* index into the fabric's domains */
	uint32_t ppb_raw, ppb; /* link: ps per byte << 10, raw and with the link layer */
	struct ftx tx[2];      /* [enum fabric_dir] */
	unsigned rx_inflight;  /* inbound NP requests the RC is serving */
	unsigned tx_requests;  /* CPU requests waiting in the outbound P/NP queues */
	uint16_t cpu_tag;
	/* streams waiting for Tx request buffer room, woken in the order they came
	 * (fstream.wait_next) */
	int wait_head, wait_tail; /* -1: none */
	/* FABRIC_CLASS_BIT of the TLPs some observer in obs is shown */
	uint8_t classes;
	uint8_t repeats; /* the same, of the observers that repeat (rate_replay.c) */
	struct fobs obs[FAB_MAX_OBS + 1]; /* + the rate model's recorder */
	int nobs;
};

struct ftag {
	uint32_t remaining;
	int16_t stream; /* stream to notify on completion, -1 none */
	uint16_t cmd;
	bool busy;
};

struct fnode {
	struct fabric_node_desc d;
	bool present;
	int port;	       /* index into ports of the Root Port above (or self) */
	uint32_t ppb_raw, ppb; /* own link: ps per byte << 10, raw and with the link layer */
	uint64_t link_free;    /* ps: own upstream link free from */
	uint64_t bar;	       /* MMIO address CPU and peers write to */
	uint32_t prefix;       /* PASID prefix of its requests, 0 if none */
	unsigned posted;       /* inbound posted TLPs queued, against credits */
	struct ftag *tags;     /* endpoints: 10-bit tag table, from the first request */
	uint16_t next_tag;
	unsigned tags_used;
	int stream_wait; /* stream waiting for posted credits, -1 none */
	struct fabric_port_stats st;
};

struct fabric;
struct fstream;
struct fabric_replay;
struct replay_stream;
struct fport;
struct ptlp;
/* Shown a TLP crossing port p of the running domain (struct fdomain's tap). */
typedef void (*fab_tap)(struct fabric *f, struct fport *p, int dir, const struct ptlp *t,
			uint64_t now);
typedef uint64_t (*stream_fire_fn)(struct fabric *f, struct fstream *s, uint64_t now);
typedef void (*stream_done_fn)(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now);

/* One traffic source of a workload. */
struct fstream {
	stream_fire_fn fire;
	stream_done_fn done; /* a tracked request of the stream completed */
	int ep, peer;	     /* node indices; peer -1 unless P2P */
	int agent;
	uint64_t period; /* ps between issues, 0 = as fast as allowed */
	uint32_t size, qd, outstanding;
	uint32_t remote_pct;
	uint16_t *cmd_left; /* per command slot: tracked requests still open */
	uint32_t ncmd;
	uint32_t count;
	uint64_t next_ok; /* ps: earliest next issue under rate= */
	uint64_t fires;	  /* times it issued */
	int wait_next;	  /* the next stream waiting at its port, -1 the last; read while waiting */
	bool waiting;
	uint8_t kind;
	bool coin;		      /* the pair's first toss, for the second (workload_nic.c) */
	struct replay_stream *replay; /* the device or CPU stream it plays (workload_replay.c) */
};

enum agent_kind { AG_TX, AG_STREAM };

#define CAL_SHIFT 16 /* bucket width 65.5 ns: most rate-paced streams fit the wheel */
#define CAL_BUCKETS 4096
#define CAL_NONE -1  /* not scheduled (time T_NEVER) */
#define CAL_FAR -2   /* beyond the wheel, in the far heap */
#define CAL_STALE -2 /* the earliest stream agent must be looked for again */

struct fagent {
	uint64_t t;
	uint8_t kind;
	int dom;	/* its domain */
	unsigned leaf;	/* transmitters: its leaf's node in the domain's winner tree */
	int idx;	/* port or stream index */
	int slot;	/* bucket, CAL_NONE or CAL_FAR */
	int next, prev; /* bucket list */
	int pos;	/* place in the far heap */
};

struct fworkload_params {
	uint64_t rate; /* issues per second per stream, 0 = closed loop */
	uint32_t size, qd;
	uint64_t mmio; /* CPU posted MMIO writes per second per endpoint; UINT64_MAX = max */
	uint64_t mmio_rd, cfg, msg; /* per second per endpoint */
	uint32_t remote_pct;
	bool real_sizes; /* sizes=real: the mix of sizes devices issue, not size= alone */
};

/*
 * A group of PCIe cores that traffic joins (a P2P pair across cores), with
 * everything that orders its events: the calendar, the random generator and
 * the crossing count.  Events of one domain touch nothing of another, so a
 * domain's TLPs do not depend on whether, or when, the others are run.
 */
struct fdomain {
	/* read per event: one cache line */
	/*
	 * Winner tree of the transmitter agents, node i's earliest agent below it
	 * and its time ([1] is the earliest; a = -1: an unused leaf).  Two arrays,
	 * so a node is reached by a scaled index, with no multiply or shift.
	 */
	uint64_t *tx_t;
	int32_t *tx_a; /* in tx_t's allocation */
	unsigned ntx;
	int stream_min;	   /* earliest stream agent in wheel or heap, -1 none, or CAL_STALE */
	uint64_t stream_t; /* its time (T_NEVER: none), read per event without its agent */
	uint64_t cal_base;
	uint64_t rng;
	uint64_t seq;
	uint64_t now;  /* ps: how far it has been run */
	bool wanted;   /* an observer looks, or the log is on: run it with the fabric */
	uint8_t epoch; /* stamped on the TLPs of each fire (PF_EPOCH); advanced by a model beside */
	/* shown each TLP crossing, before the observers, by a model beside the engine */
	fab_tap tap;
	unsigned tx_nodes; /* 2 x the tree's leaves (calendar.c) */
	int *far;
	int nfar;
	uint64_t bucket_words; /* which bucket_bits words are non-zero */
	uint64_t bucket_bits[CAL_BUCKETS / 64];
	int bucket[CAL_BUCKETS];
	uint64_t shift; /* ps: a skip's move of its state not made yet (dom_shift) */
};

struct fabric {
	uint64_t seed;
	uint64_t now;	 /* ps: the running domain's time, else the fabric's */
	unsigned builds; /* domain rebuilds: seeds each rebuild's generators */

	struct fnode *nodes;
	int nnodes, cap_nodes;
	int nremoved; /* nodes ever removed: queues must be checked for them */
	struct fport *ports;
	int nports;
	struct fcore *cores;
	int ncores;

	struct fagent *agents;
	int nagents, cap_agents;
	int ntx; /* transmitter agents: ids 0 .. ntx-1 */
	struct fdomain *doms;
	int ndoms;
	int *core_up; /* union-find of the cores traffic ever joined */
	int ncores_joined;
	struct fdomain *running; /* the domain being run (its generator, its count), else NULL */
	bool obs_dirty;		 /* the Root Ports' observer lists are to be rebuilt */

	struct fstream *streams;
	int nstreams;
	struct fworkload_params wp;
	char workload[32];
	struct fabric_replay *replay; /* the replay workload's model (a copy), or NULL */

	struct fobs obs[FAB_MAX_OBS];
	int nobs;
	fabric_observer log_fn;
	void *log_ctx;
	/*
	 * The fire whose TLPs are being issued (a stream firing, or what a
	 * command does once its reads are in): struct ptlp's src | its PF_EPOCH
	 * flags << 8, stamped on every TLP it issues, so that whoever looks at a
	 * TLP can tell which fire of which stream caused it.
	 */
	uint16_t cause;
	struct rate_model *rate; /* the rate model beside the engine (rate.h), NULL until set */

	uint32_t tpl[TPL_COUNT];
	uint32_t mps, mrrs; /* MPS boundaries are multiples of the 64-byte RCB */
	uint64_t lat_mem, lat_route, lat_dev, lat_cfg; /* ps */
};

/* rng.c */
/* The next of generator x's numbers (xorshift64*). */
uint64_t rng_next(uint64_t *x);
uint64_t fab_rand(struct fabric *f);
uint64_t dom_rand(struct fdomain *d);
uint64_t fab_seed_mix(uint64_t seed);

/* link.c */
/* ps per byte << 10 at the lanes' rate after line coding. */
uint32_t link_ppb_raw(int width, int speed);
/* The same with the link layer's share (DLLPs, SKP ordered sets) included. */
uint32_t link_ppb(int width, int speed, uint32_t mps);

/*
 * Bytes on the wire: header (3 or 4 DW), an optional prefix, the payload and
 * 8 bytes of framing, sequence number and LCRC (STP+seq+LCRC+END on Gen1/2,
 * the 4-byte STP token + LCRC on Gen3+: both 8).  Inline: once per TLP on
 * the hot path.
 */
static inline uint32_t tlp_wire_bytes(const struct ptlp *t)
{
	uint32_t hdr = 12;

	if (t->kind == FK_MSG || ((t->kind == FK_MRD || t->kind == FK_MWR) && t->addr >> 32))
		hdr = 16;
	return hdr + (t->prefix ? 4 : 0) + ((t->bytes + 3) & ~3u) + 8;
}
static inline uint64_t link_time(uint32_t ppb, uint32_t bytes)
{
	return ((uint64_t)bytes * ppb + 1023) >> 10; /* never faster than the link */
}

/*
 * A TLP put on a link at start has crossed when its bytes have, at the
 * lanes' rate (the returned time); the link layer's share of its time
 * holds the wire after it, until *free.  An idle link absorbs that share,
 * so a lone TLP is not slowed, and TLPs back to back go at the model's
 * TLP bandwidth.
 */
static inline uint64_t link_send(uint32_t ppb_raw, uint32_t ppb, uint32_t bytes, uint64_t start,
				 uint64_t *free)
{
	*free = start + link_time(ppb, bytes);
	return start + link_time(ppb_raw, bytes);
}

/*
 * queue.c: Tx rings.  A TLP is built in place in the slot past the tail and
 * then pushed: built on the stack and copied in, its many narrow stores
 * could not be forwarded to the copy's wide loads, a stall per TLP.
 * Inline (once per TLP), but growing (-ENOMEM) is not.
 */
int pring_grow(struct pring *r);
/* NULL: no memory */
static inline struct ptlp *pring_slot(struct pring *r)
{
	if (r->tail - r->head >= r->cap && pring_grow(r))
		return NULL;
	return &r->buf[r->tail & r->mask];
}
static inline void pring_push(struct pring *r)
{
	r->tail++;
}
static inline bool pring_empty(const struct pring *r)
{
	return r->head == r->tail;
}
static inline struct ptlp *pring_head(struct pring *r)
{
	return &r->buf[r->head & r->mask];
}
static inline void pring_pop(struct pring *r)
{
	r->head++;
}
void pring_free(struct pring *r);

/* calendar.c: when agents act */
/* An agent, not yet in any calendar: domain_build places it. */
int agent_new(struct fabric *f, enum agent_kind kind, int idx, uint64_t t);
/* The earliest stream agent of domain d, -1 none (agent_next, when the one it knew moved). */
int cal_first_stream(const struct fabric *f, const struct fdomain *d);
void agent_set(struct fabric *f, int a, uint64_t t);
/* Domain d's calendar made from scratch over its agents (their times kept). */
int calendar_build(struct fabric *f, struct fdomain *d, int dom);
void calendar_free(struct fdomain *d);
/* Every agent of domain d acts delta ps later; the order stays. */
void calendar_shift(struct fabric *f, struct fdomain *d, int dom, uint64_t delta);

/*
 * A transmitter moves: its leaf, then each node up to the root takes the
 * earlier of the winner carried up from below and the sibling.  Leaves are
 * in id order, so on a tie the left child (the lower id) wins and the root
 * is the earliest transmitter by (time, id).  Inline: once per TLP.  The
 * choice is made with a mask, not a branch: which child wins is a coin
 * toss to a branch predictor, and a mispredicted branch per level cost a
 * quarter of the engine's time.  The winner's time is carried in a
 * register, so a level waits on no memory: copying the winning child up
 * from the tree instead took fewer instructions but chained every level
 * through a store and its reload, and ran slower.  Its agent id, which the
 * next level does not compare, is copied up by index.  tx_agent_set_in:
 * g in domain d, for a caller that knows it (the running domain's own
 * transmitter) without reading g's.
 */
static inline void tx_agent_set_in(const struct fdomain *d, struct fagent *g, uint64_t t)
{
	uint64_t *wt = d->tx_t;
	int32_t *wa = d->tx_a;
	size_t i = g->leaf; /* word-sized: indexing needs no widening */
	uint64_t ct = t;

	g->t = t;
	wt[i] = t; /* a leaf's agent never changes */
	while (i > 1) {
		uint64_t st = wt[i ^ 1];
		/* a right child (odd i) loses ties to its left sibling */
		size_t take = (st < ct) | ((st == ct) & (i & 1));

		ct ^= (ct ^ st) & -(uint64_t)take;
		wa[i >> 1] = wa[i ^ take];
		i >>= 1;
		wt[i] = ct;
	}
}

static inline void tx_agent_set(struct fabric *f, int a, uint64_t t)
{
	struct fagent *g = &f->agents[a];

	tx_agent_set_in(&f->doms[g->dom], g, t);
}

void agents_clear_streams(struct fabric *f);

/*
 * The next agent of domain d (the running one) due before limit, or -1;
 * time moves to its time.  Inline: once per event, and the loop that
 * calls it keeps f and d in registers.
 */
static inline int agent_next(struct fabric *f, struct fdomain *d, uint64_t limit)
{
	uint64_t t = T_NEVER;
	int a = -1;

	if (d->ntx) {
		t = d->tx_t[1];
		a = d->tx_a[1];
	}
	if (d->stream_min == CAL_STALE) {
		d->stream_min = cal_first_stream(f, d);
		d->stream_t = d->stream_min >= 0 ? f->agents[d->stream_min].t : T_NEVER;
	}
	if (d->stream_t < t) {
		a = d->stream_min;
		t = d->stream_t;
	}
	if (a < 0 || t >= limit)
		return -1;
	d->cal_base = t & ~((1ull << CAL_SHIFT) - 1);
	f->now = t;
	return a;
}

/* hdr.c */
void fab_templates(struct fabric *f);
void fab_header(const struct fabric *f, const struct ptlp *t, uint32_t hdr[4]);
uint32_t fab_pasid_prefix(uint32_t pasid);

/* A completion's latency as observers are shown it: whole ns from its request's crossing. */
static inline uint64_t fab_shown_latency(const struct ptlp *t, uint64_t now)
{
	uint64_t at = now / PS_PER_NS, req = t->req_time / PS_PER_NS;

	return t->cls == TLP_CLASS_CPL && at >= req ? at - req : 0;
}

/*
 * What an observer is shown of a TLP crossing port p, but its header DWs.
 * Inline: the engine shows every TLP some observer looks at.
 */
static inline void fab_tlp_view(const struct fabric *f, const struct fport *p, int dir,
				const struct ptlp *t, uint64_t now, struct fabric_tlp *o)
{
	const struct fabric_node_desc *d = &f->nodes[p->node].d;
	bool cpl_in = dir == FABRIC_INBOUND && t->cls == TLP_CLASS_CPL;

	*o = (struct fabric_tlp){
	    .time_ns = now / PS_PER_NS,
	    .seq = f->running->seq,
	    .prefix = t->prefix,
	    .port = p->node,
	    .sicl = d->sicl,
	    .core = d->core,
	    .dir = (uint8_t)dir,
	    .cls = t->cls,
	    /* B: completions of P2P requests and of the remote die's (route.c) */
	    .cpl_set = (uint8_t)(!cpl_in			   ? FABRIC_CPL_NONE
				 : t->flags & (PF_P2P | PF_REMOTE) ? FABRIC_CPL_B
								   : FABRIC_CPL_A),
	    .payload_bytes = t->bytes,
	    .req_time_ns = t->req_time / PS_PER_NS,
	    .count = 1,
	};
	o->lat_sum_ns = fab_shown_latency(t, now);
}

/* hdr.c: a TLP crossing port p shown, with its header, to the observers there that take it. */
void fab_notify(struct fabric *f, struct fport *p, int dir, const struct ptlp *t, uint64_t now);

/* engine.c */
/* Where to build a TLP of class cls for a port's direction (NULL: no memory), then fab_send it. */
static inline struct ptlp *fab_slot(struct fabric *f, int port, int dir, int cls)
{
	return pring_slot(&f->ports[port].tx[dir].q[cls]);
}
/*
 * fab_queue: t queued at its port, its wire size already known (an
 * endpoint's request sized for its own link, a forwarded copy);
 * fab_send: the size worked out first.
 */
void fab_queue(struct fabric *f, int port, int dir, struct ptlp *t);
static inline void fab_send(struct fabric *f, int port, int dir, struct ptlp *t)
{
	t->wire = (uint16_t)tlp_wire_bytes(t);
	fab_queue(f, port, dir, t);
}
/* A transmitter's event: the TLP on the wire crosses, the next is picked. */
void fab_tx_fire_in(struct fabric *f, struct fport *p, uint64_t now);
void fab_tx_fire_out(struct fabric *f, struct fport *p, uint64_t now);
void fab_port_observers(struct fabric *f);
/* Whether an observer is shown the TLPs of a Root Port (its desc d). */
bool fab_obs_sees(const struct fobs *ob, const struct fabric_node_desc *d);
void fab_observers_rebuild(struct fabric *f);
/* The Tx weights of a port from its core's qos levels: after either changes. */
void fab_port_weights(struct fabric *f, struct fport *p);

/* route.c */
void route_inbound(struct fabric *f, struct fport *p, struct ptlp *t, uint64_t now);
void route_outbound(struct fabric *f, struct fport *p, struct ptlp *t, uint64_t now);

/* endpoint.c: what endpoints and the CPU issue */
int ep_tag_alloc(struct fabric *f, int ep, uint32_t bytes, int stream, uint16_t cmd);
int ep_dma_read(struct fabric *f, int ep, uint64_t addr, uint32_t bytes, int stream, uint16_t cmd,
		uint64_t now);
int ep_dma_write(struct fabric *f, int ep, uint64_t addr, uint32_t bytes, int peer, uint64_t now);
int ep_p2p_read(struct fabric *f, int ep, int peer, uint32_t bytes, int stream, uint16_t cmd,
		uint64_t now);
int ep_msg(struct fabric *f, int ep, uint64_t now);
int ep_msi(struct fabric *f, int ep, uint64_t now);
bool cpu_can_issue(struct fabric *f, int ep, bool posted);
void cpu_wait(struct fabric *f, int ep, int stream);
void cpu_request_done(struct fabric *f, struct fport *p);
int cpu_mmio_write(struct fabric *f, int ep, uint32_t bytes, uint64_t now);
int cpu_mmio_read(struct fabric *f, int ep, bool remote, uint64_t now);
int cpu_cfg_read(struct fabric *f, int ep, uint64_t now);
void ep_completion(struct fabric *f, int ep, const struct ptlp *t, uint64_t now);
bool ep_has_credit(struct fabric *f, int ep);
void ep_credit_return(struct fabric *f, int ep, uint64_t now);
uint64_t fab_host_addr(struct fabric *f, uint32_t align);

/* domain.c */
/* Domains from the streams of the workload, all starting now (callers first dom_sync). */
int domains_build(struct fabric *f);
void domains_free(struct fabric *f);
/* Runs domain d (or, for DOM_ALL, every domain) up to the fabric's time. */
#define DOM_ALL -1
void dom_sync(struct fabric *f, int d);
/* Recomputes which domains someone looks at. */
void dom_wanted(struct fabric *f);
void dom_run(struct fabric *f, struct fdomain *d, uint64_t end);
/* The engine itself, TLP by TLP, up to end. */
void dom_run_tlps(struct fabric *f, struct fdomain *d, uint64_t end);
/*
 * Every time of domain d's state, delta later: what was to happen, happens
 * then (made before the domain runs again or dom_sync returns).
 */
void dom_shift(struct fabric *f, struct fdomain *d, uint64_t delta);
/* Whether node (a port or what is below one) is in domain d. */
static inline bool dom_has_node(const struct fabric *f, int node, int d)
{
	int port = f->nodes[node].port;

	return port >= 0 && f->ports[port].dom == d;
}

/*
 * rate.c: the rate model, a layer beside the engine (rate.h).  The engine
 * asks it how to run a domain and tells it when domains, nodes and observers
 * change; it runs the engine (dom_run_tlps), moves a domain's times
 * (dom_shift), watches the crossings through a recorder among the
 * observers and the domain's tap, and shows counting observers bulk records.
 */
/* Whether domain d runs in the rate model; rate_run runs it there up to end. */
bool rate_runs(const struct fabric *f, const struct fdomain *d);
void rate_run(struct fabric *f, struct fdomain *d, uint64_t end);
/* The domains were rebuilt: the model's state of each starts afresh; -ENOMEM. */
int rate_domains(struct fabric *f);
/* Which domains may run in the model, from their ports' observers (after they change). */
void rate_wanted(struct fabric *f);
/* The model's recorder joins the observers of the ports of the domains it runs. */
void rate_observers(struct fabric *f);
/* Whether an observer that repeats may stand for a skip by what it is shown (rate_replay.c). */
bool rate_replay_may(const struct fabric *f, const struct fobs *ob);
/* A knob of domain d's cores changed: the model learns it afresh from the present. */
void rate_restart(struct fabric *f, int d);
/*
 * What a skip of domain d owes its observers up to its present (a lazy
 * one's), shown now; and if stats, what it owes the statistics.
 */
void rate_settle(struct fabric *f, struct fdomain *d, bool stats);
/* Whether some domain's observers are owed a skip's counts (rate_settle would show them). */
bool rate_owes(const struct fabric *f);
void rate_destroy(struct fabric *f);

/* workload*.c */
void stream_fire(struct fabric *f, int s, uint64_t now);
void stream_wake(struct fabric *f, int s, uint64_t now);
int workload_build(struct fabric *f);
void workload_free(struct fabric *f);
/* workload_replay.c: forgets the replay model (another workload, or the fabric destroyed). */
void replay_free(struct fabric *f);

#endif
