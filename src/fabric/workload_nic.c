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
	if (!stream_cmd_close(s, cmd))
		return;
	ep_dma_write(f, s->ep, fab_host_addr(f, 16), 16, -1, now);
	ep_msi(f, s->ep, now);
	stream_wake(f, stream_index(f, s), now);
}

static bool transmit(struct fabric *f, struct fstream *s, uint64_t now)
{
	return stream_command(f, s, 16, 64, now);
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
	return stream_either(f, s, fab_rand(f) & 1, transmit, receive, now);
}

int stream_nic(struct fabric *f, int ep)
{
	struct fstream s = stream_template(f, ep, -1);

	s.fire = nic_fire;
	s.done = tx_done;
	s.qd = f->wp.qd;

	return stream_add(f, &s);
}
