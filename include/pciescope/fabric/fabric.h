/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fabric: PCIe topology plus a deterministic discrete-event traffic
 * engine in simulated nanoseconds.  It moves TLPs between endpoints and the
 * Root Complex over links of given width and speed, with per-link Tx
 * arbitration among posted, non-posted and completion queues and Tx buffers
 * with watermarks.  Observers (hardware models such as PTT and the PCIe PMU)
 * see every TLP as it crosses a Root Port.
 *
 * Same topology + workload + seed -> same TLPs at the same times.  Cores
 * that no traffic joins are simulated independently, and those no observer
 * looks at only when something could tell (fabric_observer_want).
 */
#ifndef PCIESCOPE_FABRIC_FABRIC_H
#define PCIESCOPE_FABRIC_FABRIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/base/error.h>

struct fabric;

enum fabric_node_kind {
	FABRIC_ROOT_PORT,
	FABRIC_SWITCH_UP,
	FABRIC_SWITCH_DOWN,
	FABRIC_ENDPOINT,
	FABRIC_RCIEP,
};

/* Endpoint roles: what traffic a workload makes it produce. */
enum fabric_ep_role {
	FABRIC_EP_NONE,
	FABRIC_EP_NVME,
	FABRIC_EP_NIC,
	FABRIC_EP_GPU,
	FABRIC_EP_ACCEL
};

struct fabric_node_desc {
	enum fabric_node_kind kind;
	uint16_t domain;
	uint16_t rid;		  /* bus << 8 | devfn */
	int parent;		  /* node index of the upstream port, -1 for Root Ports */
	uint16_t sicl, core;	  /* owning Root Complex core (Root Ports; inherited below) */
	int width;		  /* link lanes, 1..32 (the link to the parent / below a RP) */
	int speed;		  /* link generation 1..5 (2.5 .. 32 GT/s) */
	int max_width, max_speed; /* capability; 0 = same as current */
	enum fabric_ep_role role;
	uint16_t pasid; /* non-zero: DMA carries a PASID prefix */
	bool sriov_vf;
};

enum fabric_dir { FABRIC_INBOUND = 0, FABRIC_OUTBOUND = 1 };

/* Which completions PTT calls "CPL A" (CHI/DMA/native NP) vs "CPL B" (remote2local, P2P). */
enum fabric_cpl_set { FABRIC_CPL_NONE = 0, FABRIC_CPL_A = 1, FABRIC_CPL_B = 2 };

/* One TLP as it crosses a Root Port.  Directions are relative to the Root Port. */
struct fabric_tlp {
	uint64_t time_ns;
	/*
	 * Order of crossing within its domain (cores joined by traffic); a bulk
	 * record (count below) stands for TLPs that did not each cross: its seq
	 * is the crossings so far with FABRIC_SEQ_BULK set.
	 */
	uint64_t seq;
	uint32_t hdr[4]; /* TLP header DW0..DW3, wire order, host-order words */
	uint32_t prefix; /* PASID (or other) prefix DW, 0 if none */
	int port;	 /* node index of the Root Port crossed */
	uint16_t sicl, core;
	uint8_t dir;	 /* enum fabric_dir */
	uint8_t cls;	 /* enum tlp_class */
	uint8_t cpl_set; /* enum fabric_cpl_set, inbound completions only */
	uint32_t payload_bytes;
	uint64_t req_time_ns; /* completions: when their request crossed this port */
	/*
	 * TLPs this record stands for: 1, or more for an observer that only
	 * counts (fabric_observer_counts) under the rate model, which is then
	 * shown its TLPs in bulk: count TLPs with this one's port, direction,
	 * class, CPL set, header DW0, requester, payload and prefix, and
	 * lat_sum_ns the sum of their time_ns - req_time_ns (completions).
	 */
	uint64_t count;
	uint64_t lat_sum_ns;
};

#define FABRIC_SEQ_BULK (1ull << 63)

typedef void (*fabric_observer)(void *ctx, const struct fabric_tlp *t);

struct fabric *fabric_create(uint64_t seed);
void fabric_destroy(struct fabric *f);

/* Returns the new node's index or -errno. */
int fabric_add_node(struct fabric *f, const struct fabric_node_desc *d);
/* Hot-remove: the node and everything below stop taking part in traffic. */
int fabric_remove_node(struct fabric *f, int node);
/* Rescan: the node and everything below take part again, with fresh state. */
int fabric_restore_node(struct fabric *f, int node);
/*
 * Max Payload Size of every link (128 .. 4096, a power of two; 256 at
 * creation): writes and completions are split at it, and the link layer's
 * Ack and UpdateFC intervals grow with it.  -EINVAL for another value.
 */
int fabric_set_mps(struct fabric *f, uint32_t mps);
int fabric_find_node(const struct fabric *f, uint16_t domain, uint16_t rid);
const struct fabric_node_desc *fabric_node(const struct fabric *f, int node);
int fabric_node_count(const struct fabric *f);
bool fabric_node_present(const struct fabric *f, int node);

/* Observers of one core's Root Ports (sicl/core), or of all with sicl = core = 0xffff. */
int fabric_add_observer(struct fabric *f, uint16_t sicl, uint16_t core, fabric_observer fn,
			void *ctx);
void fabric_remove_observer(struct fabric *f, fabric_observer fn, void *ctx);
/*
 * Whether an observer looks (on when added); one that does not is not
 * called.  The cores no observer looks at, with no log set, are not
 * simulated until something could tell: an observer starting to look, a
 * tune knob, the topology or the workload changing, their statistics read.
 * They are then brought to the present in exactly the state they would
 * have had (an observer starting to look sees the TLPs from then on), so an
 * observer sees the same TLPs whether or not the others were run.
 */
void fabric_observer_want(struct fabric *f, fabric_observer fn, void *ctx, bool want);
/*
 * Whether the observer only counts: one that does adds up what it is shown
 * and may be shown TLPs in bulk (fabric_tlp.count), so the cores only such
 * observers look at can run in the rate model (fabric_set_rate_model).  An
 * observer that is not told so (or told so no longer) is shown every TLP,
 * one at a time.  A looking observer's domains are at the present, so the
 * change takes effect there.
 */
void fabric_observer_counts(struct fabric *f, fabric_observer fn, void *ctx, bool counts);
/*
 * A counting observer that asks (fabric_observer_catch_up) before its
 * counts are read, and before it changes what it counts, may be shown a
 * skip of the rate model late: when it asks or when the skip ends, rather
 * than as simulated time passes.  A domain whose every observer asks then
 * costs nothing between its windows.
 */
void fabric_observer_asks(struct fabric *f, fabric_observer fn, void *ctx, bool asks);
/* Everything the observer is owed up to its domains' present, shown now. */
void fabric_observer_catch_up(struct fabric *f, fabric_observer fn, void *ctx);
/*
 * What an observer that repeats is asked (fabric_observer_repeats): what it
 * made of the TLPs it was shown crossing at from_ns .. to_ns - 1 happens
 * again shift_ns later (from_ns = to_ns: nothing).  It keeps what it makes
 * of the TLPs it is shown from keep_ns on, for later calls; nothing before
 * keep_ns is asked again, and keep_ns = UINT64_MAX: keep nothing.  It
 * answers how many TLPs it has kept in all: what a window costs is weighed
 * against what it gives the trace.
 */
struct fabric_repeat {
	uint64_t from_ns, to_ns, shift_ns, keep_ns;
};
typedef uint64_t (*fabric_repeater)(void *ctx, const struct fabric_repeat *r);
/*
 * Whether the observer may stand for the TLPs of a skip of the rate model
 * by repeating what it made of the windows before it (rep; NULL: it may
 * not): a tracer, which needs every TLP's header, whose cores then run in
 * the rate model too.  It is shown every TLP of the windows, and told to
 * repeat stretches of them, in time order, where the skips are
 * (docs/fabric.md, *Tracing in the rate model*).
 */
void fabric_observer_repeats(struct fabric *f, fabric_observer fn, void *ctx, fabric_repeater rep);
/*
 * The rate model: a domain (the cores traffic joins) that no observer looks
 * at TLP by TLP, with no log set, simulates at most about tlps_per_s TLPs
 * per simulated second: it runs the engine a window at a time and skips
 * ahead by as many windows as its rate exceeds that, adding the window's
 * counts, scaled, to the statistics and the counting observers
 * (docs/fabric.md, *The rate model*).  0 (at creation): every TLP is
 * simulated.
 */
void fabric_set_rate_model(struct fabric *f, uint64_t tlps_per_s);
/*
 * The simulated time between two reads of the counts (a live view's
 * interval), 0 (at creation) when not known.  Over a span of 100 ms or
 * more, a domain the rate model's budget skips long already skips longer
 * still (never shorter), so that some 200 windows spread over the span: a
 * view that reads every second then costs what its readings need rather
 * than a continuous simulation (docs/fabric.md, *The rate model*).
 */
void fabric_set_reading_span(struct fabric *f, uint64_t span_ns);
/*
 * Which TLPs an observer is shown, from the next one on: those whose
 * FABRIC_CLASS_BIT(direction, class) is in mask (all of them when added).
 * It says nothing of looking: an observer that looks still has its cores
 * run whatever it is shown; what it is not shown costs no call (a tracer
 * whose direction and type fields leave out half the traffic).
 */
#define FABRIC_CLASS_BIT(dir, cls) (1u << ((dir)*4 + (cls)))
#define FABRIC_CLASSES_ALL 0xffu
void fabric_observer_classes(struct fabric *f, fabric_observer fn, void *ctx, unsigned mask);
/* Ground-truth log: every TLP crossing any Root Port, after the observers (NULL = off). */
void fabric_set_log(struct fabric *f, fabric_observer fn, void *ctx);

/* Tune knobs of one PCIe core (levels 0..2; the hardware clamps above). */
enum fabric_qos_class { FABRIC_QOS_P, FABRIC_QOS_NP, FABRIC_QOS_CPL };
void fabric_set_qos_weight(struct fabric *f, uint16_t sicl, uint16_t core, enum fabric_qos_class c,
			   unsigned level);
void fabric_set_buf_level(struct fabric *f, uint16_t sicl, uint16_t core, bool rx, unsigned level);

/*
 * Workloads: "storage-read", "storage-write", "nic", "p2p", "mixed", "idle".
 * params: "key=value,..." (e.g. "rate=2000000,size=4096,qd=32"), may be NULL.
 * Returns -EINVAL with a message in e for an unknown name or parameter.
 */
int fabric_set_workload(struct fabric *f, const char *name, const char *params, struct error *e);
/* The i-th workload name fabric_set_workload knows, or NULL past the last. */
const char *fabric_workload_name(size_t i);
const char *fabric_workload(const struct fabric *f);
/* Runs the engine until simulated time t_ns; returns 0 or -errno. */
int fabric_run_until(struct fabric *f, uint64_t t_ns);
uint64_t fabric_now(const struct fabric *f);

/* Ground truth totals since creation, per node (Root Port or endpoint). */
struct fabric_port_stats {
	uint64_t tlps[2][3];  /* [dir][class] */
	uint64_t bytes[2][3]; /* payload bytes */
	uint64_t hdr_bytes[2][3];
	uint64_t rd_latency_sum_ns, rd_count; /* non-posted request -> last completion */
};
int fabric_port_stats(struct fabric *f, int node, struct fabric_port_stats *s);

#endif
