// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the CPU and the device do besides the data path: posted MMIO
 * writes (mmio= per second, "max" = as fast as the Root Port's Tx request
 * buffer accepts them), MMIO reads of a status register (mmio_rd=, a share
 * remote= of them from the other die, whose completions are CPL B),
 * configuration reads (cfg=) and LTR messages from the device (msg=).
 */
#include <stdlib.h>

#include "workload.h"

/* ps: the least a message stream waits between two tries, so that time moves on. */
#define MSG_MIN_GAP 1000

/*
 * A device's messages take posted credits and its link, so it sends them no
 * faster than both come back; one it has no credit for is not sent (a
 * device holds its latest LTR value, it does not queue them).  At a rate
 * beyond that they would otherwise pile up without end.
 */
static uint64_t msg_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	uint64_t next = now + jitter(f, s->period);

	if (ep_has_credit(f, s->ep))
		ep_msg(f, s->ep, now);
	if (next < f->nodes[s->ep].link_free)
		next = f->nodes[s->ep].link_free;
	return next > now + MSG_MIN_GAP ? next : now + MSG_MIN_GAP;
}

static uint64_t host_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	if (s->kind != HOST_MSG && !cpu_can_issue(f, s->ep, s->kind == HOST_MMIO_WR)) {
		cpu_wait(f, s->ep, (int)(s - f->streams));
		return T_NEVER;
	}
	switch (s->kind) {
	case HOST_MMIO_WR:
		/* Unlimited: fill the buffer, then sleep until it drains to half. */
		do
			cpu_mmio_write(f, s->ep, s->replay ? replay_write_bytes(s) : 64, now);
		while (!s->period && cpu_can_issue(f, s->ep, true));
		break;
	case HOST_MMIO_RD:
		cpu_mmio_read(f, s->ep, fab_rand(f) % 100 < s->remote_pct, now);
		break;
	case HOST_CFG:
		cpu_cfg_read(f, s->ep, now);
		break;
	default:
		return msg_fire(f, s, now);
	}
	return now + jitter(f, s->period);
}

static void no_done(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now)
{
}

int stream_host(struct fabric *f, int ep, enum host_kind kind, uint64_t rate, uint32_t remote_pct,
		struct replay_stream *replay)
{
	struct fstream s = {.fire = host_fire,
			    .done = no_done,
			    .ep = ep,
			    .peer = -1,
			    .kind = (uint8_t)kind,
			    .period = rate_period(f, rate),
			    .remote_pct = remote_pct,
			    .replay = replay};

	if (!rate) {
		free(replay);
		return 0;
	}
	return stream_add(f, &s);
}

int streams_host(struct fabric *f, int ep, uint64_t mmio)
{
	uint32_t remote = f->wp.remote_pct;
	int r = stream_host(f, ep, HOST_MMIO_WR, mmio, remote, NULL);

	if (!r)
		r = stream_host(f, ep, HOST_MMIO_RD, f->wp.mmio_rd, remote, NULL);
	if (!r)
		r = stream_host(f, ep, HOST_CFG, f->wp.cfg, remote, NULL);
	if (!r)
		r = stream_host(f, ep, HOST_MSG, f->wp.msg, remote, NULL);
	return r;
}
