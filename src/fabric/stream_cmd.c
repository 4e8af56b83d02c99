// SPDX-License-Identifier: GPL-2.0-only
/*
 * Commands of the streams that keep qd= of them in flight (storage reads,
 * NIC transmits, P2P reads).  A command is a set of tracked requests (DMA
 * reads whose completions come back to the stream); it holds a slot until
 * the last of them completes.  An endpoint has FAB_TAGS tags, so a command
 * starts only when it can have a tag for every request at once: a partly
 * issued command could wait forever on tags its own stream holds.
 */
#include "workload.h"

int stream_cmd_open(struct fabric *f, struct fstream *s, uint32_t requests)
{
	uint32_t i = 0;

	if (s->outstanding >= s->qd || f->nodes[s->ep].tags_used + requests > FAB_TAGS)
		return -1;
	while (s->cmd_left[i]) /* fewer than qd = ncmd are open: one is free */
		i++;
	s->cmd_left[i] = (uint16_t)requests;
	s->outstanding++;
	return (int)i;
}

bool stream_cmd_close(struct fstream *s, uint16_t cmd)
{
	if (cmd >= s->ncmd || !s->cmd_left[cmd] || --s->cmd_left[cmd])
		return false;
	s->outstanding--;
	return true;
}

bool stream_command(struct fabric *f, struct fstream *s, const struct stream_cmd_shape *c,
		    uint64_t now)
{
	uint32_t reads = (c->bytes + f->mrrs - 1) / f->mrrs + 1 + (c->list_bytes ? 1 : 0);
	int cmd = stream_cmd_open(f, s, reads), idx;

	if (cmd < 0)
		return false;
	idx = stream_index(f, s);
	cpu_mmio_write(f, s->ep, 4, now);
	ep_dma_read(f, s->ep, fab_host_addr(f, c->desc_bytes), c->desc_bytes, idx, (uint16_t)cmd,
		    now);
	if (c->list_bytes)
		ep_dma_read(f, s->ep, fab_host_addr(f, 8), c->list_bytes, idx, (uint16_t)cmd, now);
	ep_dma_read(f, s->ep, fab_host_addr(f, c->data_align), c->bytes, idx, (uint16_t)cmd, now);
	return true;
}
