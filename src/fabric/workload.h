/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stream construction shared by the workload files: workload.c turns names
 * and parameters into streams, workload_<kind>.c say what each stream does.
 *
 * What every stream keeps (docs/fabric.md, *Workloads*): it draws from its
 * domain's generator (fab_rand) only as its own events in the engine lead
 * it to (a fire, a completion, a credit back), never as anything else
 * decides: not which engine runs its domain, nor any state of the rate
 * model, nor the wall clock.  So a workload draws the same random numbers
 * whichever engine runs it, and the rate model's windows joined end to end
 * are the per-TLP engine's run (tests/unit/test_fabric_rate_draws.c).  A
 * draw whose spread a short sample would carry is made so in every engine
 * (workload_nic.c's coin per two packets).
 */
#ifndef PCIESCOPE_FABRIC_WORKLOAD_H
#define PCIESCOPE_FABRIC_WORKLOAD_H

#include "fabric_internal.h"

#define RATE_MAX UINT64_MAX

/* A stream like tpl; it owns tpl->replay from then on, also when it fails. */
int stream_add(struct fabric *f, const struct fstream *tpl);
/*
 * A stream of endpoint ep (peer -1 if none) paced and sized by the workload
 * parameters; the caller sets what it does (fire, done) and, for streams
 * that queue commands, qd.
 */
struct fstream stream_template(struct fabric *f, int ep, int peer);
uint64_t rate_period(struct fabric *f, uint64_t per_s);
uint64_t jitter(struct fabric *f, uint64_t period);

static inline int stream_index(const struct fabric *f, const struct fstream *s)
{
	return (int)(s - f->streams);
}

/* After an issue: the next one no sooner than a jittered period later. */
static inline uint64_t stream_next_issue(struct fabric *f, struct fstream *s, uint64_t now)
{
	s->next_ok = now + jitter(f, s->period);
	return s->next_ok;
}

typedef bool (*stream_try_fn)(struct fabric *f, struct fstream *s, uint64_t now);

/*
 * A stream that does one of two things per issue: tries a first or b
 * first; when neither can go it waits for the endpoint's posted credits (or
 * for a command to complete).  Inline, so that a and b are direct calls.
 */
static inline uint64_t stream_either(struct fabric *f, struct fstream *s, bool a_first,
				     stream_try_fn a, stream_try_fn b, uint64_t now)
{
	bool done = a_first ? a(f, s, now) || b(f, s, now) : b(f, s, now) || a(f, s, now);

	if (!done) {
		f->nodes[s->ep].stream_wait = stream_index(f, s);
		return T_NEVER;
	}
	return stream_next_issue(f, s, now);
}

/* stream_cmd.c: commands of streams with qd= of them in flight. */
/* A slot for a command of that many tracked requests; -1 if it cannot start now. */
int stream_cmd_open(struct fabric *f, struct fstream *s, uint32_t requests);
/* One of the command's requests completed: true if it was the last. */
bool stream_cmd_close(struct fstream *s, uint16_t cmd);
/*
 * A command as a driver issues one: the CPU rings the doorbell (a 4-byte
 * MMIO write), the device reads its desc_bytes descriptor and list_bytes
 * of a list the descriptor points to (an NVMe PRP list; 0: none), then
 * bytes of data at a data_align-aligned host address; false if it cannot
 * start now.
 */
struct stream_cmd_shape {
	uint32_t desc_bytes, list_bytes, bytes, data_align;
};
bool stream_command(struct fabric *f, struct fstream *s, const struct stream_cmd_shape *c,
		    uint64_t now);

/* The streams of one endpoint for the current workload. */
int workload_endpoint(struct fabric *f, int ep);
/* Peer-to-peer streams between endpoints of different Root Ports. */
int workload_pairs(struct fabric *f);

/* Stream kinds (workload_storage.c, workload_nic.c, workload_host.c, workload_p2p.c). */
int stream_storage_read(struct fabric *f, int ep);
int stream_storage_write(struct fabric *f, int ep);
int stream_nic(struct fabric *f, int ep);
int stream_p2p(struct fabric *f, int ep, int peer);
int streams_host(struct fabric *f, int ep, uint64_t mmio);

/*
 * One stream of what the CPU (or, for messages, the device) does besides
 * the data path, at rate per second (0: none; RATE_MAX: MMIO writes as
 * fast as the Tx request buffer takes them); remote_pct of MMIO reads
 * from the other die; replay: the replay's state whose sizes the MMIO
 * writes take (replay_write_bytes), or NULL for 64 bytes each.
 */
enum host_kind { HOST_MMIO_WR, HOST_MMIO_RD, HOST_CFG, HOST_MSG };
int stream_host(struct fabric *f, int ep, enum host_kind kind, uint64_t rate, uint32_t remote_pct,
		struct replay_stream *replay);

/* workload_replay*.c: the replay workload (fabric/replay.h). */
int workload_replay_endpoint(struct fabric *f, int ep);
/* The size of the next MMIO write of a replayed CPU stream. */
uint32_t replay_write_bytes(struct fstream *s);

#endif
