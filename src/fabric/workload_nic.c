// SPDX-License-Identifier: GPL-2.0-only
/*
 * A NIC (or one of its SR-IOV VFs) moving packets at rate= packets per
 * second.  Transmit: the CPU rings a doorbell (outbound posted MMIO write),
 * the NIC reads a 16-byte descriptor and the packet (DMA reads), then
 * writes a completion and an MSI.  Receive: the NIC writes the packet and
 * a descriptor, with an MSI every 8 packets (interrupt moderation).
 */
#include "workload.h"

static void tx_done(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now)
{
	if (cmd >= s->ncmd || !s->cmd_left[cmd] || --s->cmd_left[cmd])
		return;
	s->outstanding--;
	ep_dma_write(f, s->ep, fab_host_addr(f, 16), 16, -1, now);
	ep_msi(f, s->ep, now);
	stream_wake(f, (int)(s - f->streams), now);
}

static bool transmit(struct fabric *f, struct fstream *s, uint64_t now)
{
	uint32_t chunks = (s->size + f->mrrs - 1) / f->mrrs + 1;
	int idx = (int)(s - f->streams);
	uint16_t cmd;

	if (s->outstanding >= s->qd || f->nodes[s->ep].tags_used + chunks > FAB_TAGS)
		return false;
	cmd = stream_cmd_slot(s);
	s->cmd_left[cmd] = (uint16_t)chunks;
	s->outstanding++;
	cpu_mmio_write(f, s->ep, 4, now);
	ep_dma_read(f, s->ep, fab_host_addr(f, 16), 16, idx, cmd, now);
	ep_dma_read(f, s->ep, fab_host_addr(f, 64), s->size, idx, cmd, now);
	return true;
}

static bool receive(struct fabric *f, struct fstream *s, uint64_t now)
{
	if (!ep_has_credit(f, s->ep))
		return false;
	ep_dma_write(f, s->ep, fab_host_addr(f, 64), s->size, -1, now);
	ep_dma_write(f, s->ep, fab_host_addr(f, 16), 16, -1, now);
	if (++s->count % 8 == 0)
		ep_msi(f, s->ep, now);
	return true;
}

static uint64_t nic_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	bool tx_first = fab_rand(f) & 1;
	bool done = tx_first ? transmit(f, s, now) || receive(f, s, now)
			     : receive(f, s, now) || transmit(f, s, now);

	if (!done) {
		f->nodes[s->ep].stream_wait = (int)(s - f->streams);
		return T_NEVER;
	}
	s->next_ok = now + jitter(f, s->period);
	return s->next_ok;
}

int stream_nic(struct fabric *f, int ep)
{
	struct fstream s = stream_template(f, ep, -1);

	s.fire = nic_fire;
	s.done = tx_done;
	s.qd = f->wp.qd;

	return stream_add(f, &s);
}
