// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVMe-like storage streams, named for the DMA they make.  storage-read:
 * the device DMA-reads host memory (MRd inbound, CplD outbound), keeping
 * qd= commands of size= bytes in flight; storage-write: the device
 * DMA-writes host memory (MWr inbound), paced by its posted credits.  Each
 * command is a doorbell MMIO write by the CPU, a 64-byte command fetch,
 * the data, a 16-byte completion queue entry and an MSI.
 *
 * With sizes=real the commands are what a block layer sends an NVMe drive
 * rather than size= each: mostly 4 KiB pages, some 512-byte metadata and
 * journal blocks, some 8 and 16 KiB runs.  A command of more than two
 * pages points to a PRP list of 8 bytes per page after the first, which
 * the device reads after the command: the short reads (fewer than 16 DW) a
 * PMU's length filters and triggers see.
 */
#include "workload.h"

#define PAGE 4096u

static struct stream_cmd_shape nvme_command(struct fabric *f, const struct fstream *s)
{
	static const uint32_t sizes[8] = {PAGE, PAGE, PAGE, PAGE, PAGE, 512, 2 * PAGE, 4 * PAGE};
	uint32_t bytes = f->wp.real_sizes ? sizes[fab_rand(f) & 7] : s->size;
	uint32_t pages = (bytes + PAGE - 1) / PAGE;

	return (struct stream_cmd_shape){
	    .desc_bytes = 64,
	    .list_bytes = pages > 2 ? 8 * (pages - 1) : 0,
	    .bytes = bytes,
	    .data_align = PAGE,
	};
}

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
	struct stream_cmd_shape c = nvme_command(f, s);

	if (!stream_command(f, s, &c, now))
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
	struct stream_cmd_shape c;

	if (!ep_has_credit(f, s->ep)) {
		n->stream_wait = stream_index(f, s);
		return T_NEVER;
	}
	c = nvme_command(f, s);
	if (n->tags_used + (c.list_bytes ? 2 : 1) > FAB_TAGS)
		return T_NEVER;
	cpu_mmio_write(f, s->ep, 4, now);
	ep_dma_read(f, s->ep, fab_host_addr(f, c.desc_bytes), c.desc_bytes, stream_index(f, s), 0,
		    now);
	if (c.list_bytes)
		ep_dma_read(f, s->ep, fab_host_addr(f, 8), c.list_bytes, stream_index(f, s), 0,
			    now);
	ep_dma_write(f, s->ep, fab_host_addr(f, c.data_align), c.bytes, -1, now);
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
