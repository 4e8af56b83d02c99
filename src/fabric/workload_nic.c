// SPDX-License-Identifier: GPL-2.0-only
/*
 * A NIC (or one of its SR-IOV VFs) moving packets at rate= packets per
 * second.  Transmit: the CPU rings a doorbell (outbound posted MMIO write),
 * the NIC reads a 16-byte descriptor and the packet (DMA reads), then
 * writes a completion and an MSI.  Receive: the NIC writes the packet and
 * a descriptor, with an MSI every 8 packets (interrupt moderation).
 *
 * With sizes=real packets are the bimodal mix of a data centre link
 * (minimum-size frames, a few 576-byte ones, most at the 1500-byte MTU)
 * and transmit descriptors 16, 32 or 64 bytes (one to four 16-byte
 * entries fetched at once) rather than size= and 16 bytes each.
 */
#include "workload.h"

static uint32_t packet_bytes(struct fabric *f, const struct fstream *s)
{
	static const uint32_t sizes[8] = {64, 64, 64, 576, 1500, 1500, 1500, 1500};

	return f->wp.real_sizes ? sizes[fab_rand(f) & 7] : s->size;
}

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
	struct stream_cmd_shape c = {.desc_bytes = 16, .data_align = 64};

	if (f->wp.real_sizes)
		c.desc_bytes = 16u << (fab_rand(f) % 3);
	c.bytes = packet_bytes(f, s);
	return stream_command(f, s, &c, now);
}

static bool receive(struct fabric *f, struct fstream *s, uint64_t now)
{
	if (!ep_has_credit(f, s->ep))
		return false;
	ep_dma_write(f, s->ep, fab_host_addr(f, 64), packet_bytes(f, s), -1, now);
	ep_dma_write(f, s->ep, fab_host_addr(f, 16), 16, -1, now);
	if (++s->count % 8 == 0)
		ep_msi(f, s->ep, now);
	return true;
}

/*
 * Transmit or receive first: a coin per two packets, one each way in the
 * toss's order.  Each packet's odds are those of a coin per packet, but the
 * split between the two no longer strays: with a coin per packet it
 * strayed by a few percent over milliseconds, and the rate model, whose
 * windows run a sample of about one packet in k + 1 (rate.c), made every
 * figure of the link carry that.  The coin is the same whichever engine
 * runs the stream (workload.h).  The parity of the fires that issued says
 * which of the two is next, so a fire that could not issue leaves the pair
 * whole.
 */
static bool transmit_first(struct fabric *f, struct fstream *s)
{
	if (!(s->fires & 1))
		s->coin = fab_rand(f) & 1;
	return (s->fires & 1) ? !s->coin : s->coin;
}

static uint64_t nic_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	return stream_either(f, s, transmit_first(f, s), transmit, receive, now);
}

int stream_nic(struct fabric *f, int ep)
{
	struct fstream s = stream_template(f, ep, -1);

	s.fire = nic_fire;
	s.done = tx_done;
	s.qd = f->wp.qd;

	return stream_add(f, &s);
}
