// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVMe-like storage streams, named for the DMA they make.  storage-read:
 * the device DMA-reads host memory (MRd inbound, CplD outbound), keeping
 * qd= commands of size= bytes in flight; storage-write: the device
 * DMA-writes host memory (MWr inbound), paced by its posted credits.  Each
 * command is a doorbell MMIO write by the CPU, a 64-byte command fetch,
 * the data, a 16-byte completion queue entry and an MSI.
 */
#include "workload.h"

static void command_done(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now)
{
	if (!stream_cmd_close(s, cmd))
		return;
	ep_dma_write(f, s->ep, fab_host_addr(f, 16), 16, -1, now);
	ep_msi(f, s->ep, now);
	stream_wake(f, stream_index(f, s), now);
}

static uint64_t read_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	if (!stream_command(f, s, 64, 4096, now))
		return T_NEVER;
	return stream_next_issue(f, s, now);
}

int stream_storage_read(struct fabric *f, int ep)
{
	struct fstream s = stream_template(f, ep, -1);

	s.fire = read_fire;
	s.done = command_done;
	s.qd = f->wp.qd;

	return stream_add(f, &s);
}

static void fetch_done(struct fabric *f, struct fstream *s, uint16_t cmd, uint64_t now)
{
	stream_wake(f, stream_index(f, s), now);
}

static uint64_t write_fire(struct fabric *f, struct fstream *s, uint64_t now)
{
	struct fnode *n = &f->nodes[s->ep];

	if (!ep_has_credit(f, s->ep)) {
		n->stream_wait = stream_index(f, s);
		return T_NEVER;
	}
	if (n->tags_used >= FAB_TAGS)
		return T_NEVER;
	cpu_mmio_write(f, s->ep, 4, now);
	ep_dma_read(f, s->ep, fab_host_addr(f, 64), 64, stream_index(f, s), 0, now);
	ep_dma_write(f, s->ep, fab_host_addr(f, 4096), s->size, -1, now);
	ep_dma_write(f, s->ep, fab_host_addr(f, 16), 16, -1, now);
	ep_msi(f, s->ep, now);
	return stream_next_issue(f, s, now);
}

int stream_storage_write(struct fabric *f, int ep)
{
	struct fstream s = stream_template(f, ep, -1);

	s.fire = write_fire;
	s.done = fetch_done;

	return stream_add(f, &s);
}
