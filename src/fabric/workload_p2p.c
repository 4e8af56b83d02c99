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
	if (stream_cmd_close(s, cmd))
		stream_wake(f, stream_index(f, s), now);
}

static bool p2p_read(struct fabric *f, struct fstream *s, uint64_t now)
{
	int cmd = stream_cmd_open(f, s, (s->size + f->mrrs - 1) / f->mrrs);

	if (cmd < 0)
		return false;
	ep_p2p_read(f, s->ep, s->peer, s->size, stream_index(f, s), (uint16_t)cmd, now);
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
	return stream_either(f, s, s->count++ & 1, p2p_read, p2p_write, now);
}

int stream_p2p(struct fabric *f, int ep, int peer)
{
	struct fstream s = stream_template(f, ep, peer);

	s.fire = p2p_fire;
	s.done = read_done;
	s.qd = f->wp.qd;

	return stream_add(f, &s);
}
