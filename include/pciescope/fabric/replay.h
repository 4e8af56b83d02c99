/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The replay workload: devices described by what they do, not by name.
 * A twin of a recording (tool/twin.h infers one from a PTT trace) is a
 * plain struct handed to the fabric, which knows no trace and no file.
 *
 * A device (an endpoint, by its Requester ID) is a DMA engine for reads
 * and one for posted requests (writes, MSIs, messages), each issuing its
 * operations in a fixed interleave (an op's weight is its share), a burst
 * at a time.  A read holds one of window slots until its last completion
 * comes back (a read longer than MRRS goes as several requests, a
 * transfer: the slot is the command's, as a device's queue depth is); when an engine's next request
 * finds no slot, no tag or no posted credit, the engine waits for one to free, so a level that
 * speeds completions speeds the device (closed loop).  An engine with a rate starts its bursts at
 * that rate (jittered by +-25 % like every paced stream), never faster; one coupled to the other
 * issues per_milli / 1000 requests for each the other finishes (a read whose last completion came
 * back, a posted request sent): the completion entry and the MSI an NVMe
 * drive writes per command it has read.
 *
 * The CPU's side is per endpoint: posted MMIO writes of a mix of sizes at
 * a rate or as fast as the Root Port's Tx request buffer takes them,
 * MMIO reads (a share from the remote die, answered as CPL B) and
 * configuration reads.
 *
 * The fixed sizes keep the model one block of memory that any layer can
 * copy and a command can keep on its stack.
 */
#ifndef PCIESCOPE_FABRIC_REPLAY_H
#define PCIESCOPE_FABRIC_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include <pciescope/fabric/fabric.h>

#define FABRIC_REPLAY_DEVS 64		  /* devices, and CPU streams' endpoints */
#define FABRIC_REPLAY_OPS 16		  /* operations of one device */
#define FABRIC_REPLAY_SIZES 8		  /* sizes of the CPU's writes to one endpoint */
#define FABRIC_REPLAY_MAX_RATE UINT64_MAX /* CPU writes: as fast as the buffer takes them */

enum fabric_replay_kind { FABRIC_REPLAY_READ, FABRIC_REPLAY_WRITE, FABRIC_REPLAY_MSG };

/* Where a request goes: host memory above or below 4 GiB (its header's size), MSI, a peer. */
enum fabric_replay_to {
	FABRIC_REPLAY_HOST,
	FABRIC_REPLAY_HOST32,
	FABRIC_REPLAY_MSI,
	FABRIC_REPLAY_PEER
};

struct fabric_replay_op {
	uint8_t kind;	/* enum fabric_replay_kind */
	uint8_t to;	/* enum fabric_replay_to */
	uint16_t peer;	/* to == PEER: the peer's Requester ID (same PCI domain) */
	uint32_t bytes; /* a write's payload (split at MPS), a read's length (split at MRRS) */
	uint32_t align; /* the address is a multiple of it (a power of two, 4 .. 4096) */
	uint32_t weight;
};

/* The two engines of a device: reads, and posted requests (writes and messages). */
enum fabric_replay_engine_id { FABRIC_REPLAY_READS, FABRIC_REPLAY_POSTED, FABRIC_REPLAY_ENGINES };

struct fabric_replay_engine {
	uint64_t rate;	      /* bursts per second; 0: as fast as it can, or coupled */
	uint32_t burst_milli; /* requests per burst x 1000 (1000 at least) */
	uint32_t per_milli;   /* coupled: requests per 1000 the other engine finishes; 0: not */
};

struct fabric_replay_dev {
	uint16_t domain, rid;
	uint32_t window; /* reads in flight at most (1 .. 1024); 0: as many as the tags allow */
	struct fabric_replay_engine eng[FABRIC_REPLAY_ENGINES];
	unsigned nops;
	struct fabric_replay_op op[FABRIC_REPLAY_OPS];
};

struct fabric_replay_size {
	uint32_t bytes, weight;
};

/* What the CPU sends one endpoint, through the Root Port above it. */
struct fabric_replay_cpu {
	uint16_t domain, rid; /* the endpoint */
	uint64_t wr_rate;     /* posted writes per second, or FABRIC_REPLAY_MAX_RATE */
	unsigned nsizes;      /* of the writes */
	struct fabric_replay_size wr[FABRIC_REPLAY_SIZES];
	uint64_t rd_rate;    /* MMIO reads of 4 bytes per second */
	uint32_t remote_pct; /* of them from the remote die */
	uint64_t cfg_rate;   /* configuration reads per second */
};

struct fabric_replay {
	unsigned ndev, ncpu;
	struct fabric_replay_dev dev[FABRIC_REPLAY_DEVS];
	struct fabric_replay_cpu cpu[FABRIC_REPLAY_DEVS];
};

/*
 * Makes m the workload (named "replay"), copied: the caller may free it.
 * Every Requester ID must name an endpoint of the fabric, a device's peers
 * one endpoint below another Root Port; -EINVAL with one line in e
 * otherwise (the first device or field at fault).
 */
int fabric_set_replay(struct fabric *f, const struct fabric_replay *m, struct error *e);

#endif
