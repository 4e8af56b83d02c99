/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The replay workload's streams (fabric/replay.h): what workload_replay.c
 * builds from the model and workload_replay_dev.c plays.
 */
#ifndef PCIESCOPE_FABRIC_WORKLOAD_REPLAY_H
#define PCIESCOPE_FABRIC_WORKLOAD_REPLAY_H

#include <pciescope/fabric/replay.h>

#include "workload.h"

/*
 * A device's requests, or a CPU stream's write sizes, interleaved by
 * smooth weighted round robin: every item comes at its share, spread
 * evenly, with no random draw (the order is the model's, whichever engine
 * runs the stream).
 */
struct replay_mix {
	unsigned n;
	uint32_t weight[FABRIC_REPLAY_OPS];
	int64_t cur[FABRIC_REPLAY_OPS];
};

struct replay_stream {
	const struct fabric_replay_dev *dev; /* a device's engine, or */
	const struct fabric_replay_cpu *cpu; /* a CPU stream's write sizes */
	const struct fabric_replay_engine *eng;
	struct replay_mix mix;
	uint8_t op[FABRIC_REPLAY_OPS]; /* the device's op of each item of the mix */
	int peer;		       /* node of the device's peer, -1 none */
	int next;		       /* the item picked and not issued yet, -1 none */
	uint32_t left;		       /* requests of the burst still to issue */
	uint32_t carry;		       /* thousandths of a request carried to the next burst */
	uint64_t earned; /* coupled: thousandths of requests the other engine earned */
	int partner;	 /* the stream of the device's other engine, -1 none */
};

/* The next item of the mix. */
int replay_pick(struct replay_mix *m);
/* The streams that play device d of endpoint ep, one per engine (workload_replay_dev.c). */
int streams_replay_dev(struct fabric *f, int ep, const struct fabric_replay_dev *d, int peer);

#endif
