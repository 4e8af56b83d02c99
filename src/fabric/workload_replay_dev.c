// SPDX-License-Identifier: GPL-2.0-only
/*
 * A replayed device: two DMA engines, reads and posted requests
 * (fabric/replay.h), each a stream that takes its requests in the model's
 * interleave and issues them in order.  A read needs a slot of the
 * device's window (stream_cmd.c: held until all its MRRS pieces are back)
 * and a tag per piece, a write or a message a posted credit.  The first request that cannot go
 * stops the engine until a completion (read_done) or a credit coming back (ep_credit_return) wakes
 * it: a closed loop, as fast as its completions come back and faster when
 * a tune level speeds them.  A paced engine issues a burst per period and
 * never more; a coupled one as many as the other engine earned it.  An
 * engine with neither issues until it is stopped, so every fire ends on a
 * full window, no tag or no credit, all of which a completion or a credit
 * lifts.
 */
#include <errno.h>
#include <stdlib.h>

#include "workload_replay.h"

/* Host memory below 4 GiB (3DW headers), clear of the BARs the fabric places from 2 GiB. */
#define HOST32_BASE 0x40000000ull
#define HOST32_SPAN (1ull << 30)
/* What a coupled engine may have in hand, in thousandths: a burst, not a backlog without end. */
#define EARNED_MAX (1000ull * 1024)

static uint64_t host32_addr(struct fabric *f, uint32_t align)
{
	return (HOST32_BASE + fab_rand(f) % HOST32_SPAN) & ~(uint64_t)(align - 1);
}

/*
 * A read's alignment decides how its completions split at MPS boundaries,
 * so it is the model's; a write no larger than MPS starts on an MPS
 * boundary, so it stays one TLP as it was traced.
 */
static uint64_t address(struct fabric *f, const struct fabric_replay_op *o)
{
	uint32_t align = o->kind == FABRIC_REPLAY_WRITE && o->bytes <= f->mps ? f->mps : o->align;

	if (o->to == FABRIC_REPLAY_MSI)
		return FAB_MSI_ADDR;
	return o->to == FABRIC_REPLAY_HOST32 ? host32_addr(f, align) : fab_host_addr(f, align);
}

/* The other engine follows this one: it earned per_milli thousandths of a request. */
static void earn(struct fabric *f, const struct replay_stream *r, uint64_t now)
{
	struct replay_stream *o;

	if (r->partner < 0)
		return;
	o = f->streams[r->partner].replay;
	if (!o->eng->per_milli)
		return;
	o->earned += o->eng->per_milli;
	if (o->earned > EARNED_MAX)
		o->earned = EARNED_MAX;
	stream_wake(f, r->partner, now);
}

/* A read holds a slot of the window until the last of its MRRS pieces is back. */
static bool issue_read(struct fabric *f, struct fstream *s, const struct fabric_replay_op *o,
		       uint64_t now)
{
	int cmd = stream_cmd_open(f, s, (o->bytes + f->mrrs - 1) / f->mrrs);
	int idx = stream_index(f, s);

	if (cmd < 0)
		return false;
	if (o->to == FABRIC_REPLAY_PEER)
		ep_p2p_read(f, s->ep, s->replay->peer, o->bytes, idx, (uint16_t)cmd, now);
	else
		ep_dma_read(f, s->ep, address(f, o), o->bytes, idx, (uint16_t)cmd, now);
	return true;
}

static bool issue_posted(struct fabric *f, struct fstream *s, const struct fabric_replay_op *o,
			 uint64_t now)
{
	if (!ep_has_credit(f, s->ep)) {
		f->nodes[s->ep].stream_wait = stream_index(f, s);
		return false;
	}
	if (o->kind == FABRIC_REPLAY_MSG)
		ep_msg(f, s->ep, now);
	else
		ep_dma_write(f, s->ep, address(f, o), o->bytes,
			     o->to == FABRIC_REPLAY_PEER ? s->replay->peer : -1, now);
	earn(f, s->replay, now);
	return true;
}

static bool issue(struct fabric *f, struct fstream *s, uint64_t now)
{
	struct replay_stream *r = s->replay;
	const struct fabric_replay_op *o;
	bool coupled = r->eng->per_milli != 0;

	if (coupled && r->earned < 1000)
		return false; /* the other engine's next request or completion wakes it */
	if (r->next < 0)
		r->next = replay_pick(&r->mix);
	o = &r->dev->op[r->op[r->next]];
	if (!(o->kind == FABRIC_REPLAY_READ ? issue_read : issue_posted)(f, s, o, now))
		return false;
	r->next = -1;
	if (coupled)
		r->earned -= 1000;
	return true;
}

/* Requests in the next burst: the model's mean, its fraction carried over. */
static uint32_t burst_len(struct replay_stream *r)
{
	uint32_t milli = r->eng->burst_milli + r->carry;

	r->carry = milli % 1000;
	return milli / 1000;
}

static uint64_t engine_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	struct replay_stream *r = s->replay;

	if (!r->left)
		r->left = s->period ? burst_len(r) : UINT32_MAX;
	while (r->left) {
		if (!issue(f, s, now))
			return T_NEVER;
		r->left--;
	}
	return stream_next_issue(f, s, now);
}

/* One MRRS piece of a read came back whole; with the last, its slot is free. */
static void read_done(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now)
{
	if (!stream_cmd_close(s, cmd))
		return;
	earn(f, s->replay, now);
	stream_wake(f, stream_index(f, s), now);
}

/* The engine's stream, or none (0) when the device has no request of its kind. */
static int engine_stream(struct fabric *f, int ep, const struct fabric_replay_dev *d, int peer,
			 enum fabric_replay_engine_id e)
{
	struct replay_stream *r = calloc(1, sizeof(*r));
	struct fstream s = {.fire = engine_fire,
			    .done = read_done,
			    .ep = ep,
			    .peer = peer,
			    .period = d->eng[e].per_milli ? 0 : rate_period(f, d->eng[e].rate),
			    .qd = e == FABRIC_REPLAY_READS ? (d->window ? d->window : FAB_TAGS) : 0,
			    .replay = r};

	if (!r)
		return -ENOMEM;
	*r = (struct replay_stream){
	    .dev = d, .eng = &d->eng[e], .peer = peer, .next = -1, .partner = -1};
	for (unsigned i = 0; i < d->nops; i++) {
		if ((d->op[i].kind == FABRIC_REPLAY_READ) != (e == FABRIC_REPLAY_READS))
			continue;
		r->op[r->mix.n] = (uint8_t)i;
		r->mix.weight[r->mix.n++] = d->op[i].weight;
	}
	if (!r->mix.n) {
		free(r);
		return 0;
	}
	return stream_add(f, &s);
}

/*
 * The engine that follows the other is made first: streams due at the same
 * time go in the order they were made, so what a completion earns (an
 * NVMe drive's completion entry) leaves before the read that refills the
 * slot, as a device finishes a command before it starts the next.
 */
int streams_replay_dev(struct fabric *f, int ep, const struct fabric_replay_dev *d, int peer)
{
	enum fabric_replay_engine_id e =
	    d->eng[FABRIC_REPLAY_POSTED].per_milli ? FABRIC_REPLAY_POSTED : FABRIC_REPLAY_READS;
	int first = f->nstreams, r = engine_stream(f, ep, d, peer, e);

	if (!r)
		r = engine_stream(f, ep, d, peer, !e);
	if (!r && f->nstreams == first + 2) {
		f->streams[first].replay->partner = first + 1;
		f->streams[first + 1].replay->partner = first;
	}
	return r;
}
