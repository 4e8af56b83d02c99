// SPDX-License-Identifier: GPL-2.0-only
/*
 * Peer-to-peer between two endpoints below different Root Ports, routed
 * through the Root Complex: alternately a size= write into the peer's BAR
 * and a size= read from it (qd= reads in flight).  The peer's completions
 * cross its Root Port inbound as CPL B.
 */
#include "workload.h"

static void read_done(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now)
{
	if (cmd >= s->ncmd || !s->cmd_left[cmd] || --s->cmd_left[cmd])
		return;
	s->outstanding--;
	stream_wake(f, (int)(s - f->streams), now);
}

static bool p2p_read(struct fabric *f, struct fstream *s, uint64_t now)
{
	uint32_t chunks = (s->size + f->mrrs - 1) / f->mrrs;
	uint16_t cmd;

	if (s->outstanding >= s->qd || f->nodes[s->ep].tags_used + chunks > FAB_TAGS)
		return false;
	cmd = stream_cmd_slot(s);
	s->cmd_left[cmd] = (uint16_t)chunks;
	s->outstanding++;
	ep_p2p_read(f, s->ep, s->peer, s->size, (int)(s - f->streams), cmd, now);
	return true;
}

static bool p2p_write(struct fabric *f, struct fstream *s, uint64_t now)
{
	if (!ep_has_credit(f, s->ep))
		return false;
	ep_dma_write(f, s->ep, 0, s->size, s->peer, now);
	return true;
}

static uint64_t p2p_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	bool rd = s->count++ & 1;
	bool done = rd ? p2p_read(f, s, now) || p2p_write(f, s, now)
		       : p2p_write(f, s, now) || p2p_read(f, s, now);

	if (!done) {
		f->nodes[s->ep].stream_wait = (int)(s - f->streams);
		return T_NEVER;
	}
	s->next_ok = now + jitter(f, s->period);
	return s->next_ok;
}

int stream_p2p(struct fabric *f, int ep, int peer)
{
	struct fstream s = stream_template(f, ep, peer);

	s.fire = p2p_fire;
	s.done = read_done;
	s.qd = f->wp.qd;

	return stream_add(f, &s);
}
