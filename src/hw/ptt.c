// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTT register file: decodes BAR 2 accesses into the tune engine and the
 * trace engine.  Unimplemented offsets read 0 and ignore writes, like the
 * reserved space of the real BAR.
 */
#include <errno.h>
#include <stdlib.h>

#include "ptt_internal.h"

static uint32_t ptt_buf_reg_read(const struct ptt_hw *h, uint64_t off)
{
	unsigned i = (unsigned)(off - PTT_TRACE_ADDR_BASE_LO(0)) / 8;

	if (i >= PTT_TRACE_BUF_CNT)
		return 0;
	if (off & 4)
		return (uint32_t)(h->tr.base[i] >> 32);
	return (uint32_t)h->tr.base[i];
}

static void ptt_buf_reg_write(struct ptt_hw *h, uint64_t off, uint32_t val)
{
	unsigned i = (unsigned)(off - PTT_TRACE_ADDR_BASE_LO(0)) / 8;

	if (i >= PTT_TRACE_BUF_CNT)
		return;
	if (off & 4)
		h->tr.base[i] = (h->tr.base[i] & 0xffffffffull) | (uint64_t)val << 32;
	else
		h->tr.base[i] = (h->tr.base[i] & ~0xffffffffull) | val;
}

static uint32_t ptt_read32(void *model, uint64_t off)
{
	struct ptt_hw *h = model;

	switch (off) {
	case PTT_TUNING_CTRL:
		return h->tuning_ctrl;
	case PTT_TUNING_DATA:
		return h->tuning_data;
	case PTT_TUNING_INT_STAT:
		if (h->tuning_busy_polls > 0) {
			h->tuning_busy_polls--;
			return PTT_TUNING_INT_BUSY;
		}
		return 0;
	case PTT_TRACE_ADDR_SIZE:
		return h->tr.size;
	case PTT_TRACE_CTRL:
		return h->tr.ctrl;
	case PTT_TRACE_INT_STAT:
		return h->tr.int_stat;
	case PTT_TRACE_INT_MASK:
		return h->tr.int_mask;
	case PTT_TRACE_WR_STS:
		return ptt_trace_wr_sts(h);
	case PTT_TRACE_STS:
		return h->tr.running ? 0 : PTT_TRACE_IDLE;
	case PTT_DEVICE_RANGE:
		return (uint32_t)h->rp_hi << 16 | h->rp_lo;
	case PTT_LOCATION:
		return (uint32_t)h->sicl << 16 | h->core;
	}
	if (off >= PTT_TRACE_ADDR_BASE_LO(0) && off < PTT_TRACE_ADDR_BASE_LO(PTT_TRACE_BUF_CNT))
		return ptt_buf_reg_read(h, off);
	return 0;
}

static void ptt_write32(void *model, uint64_t off, uint32_t val)
{
	struct ptt_hw *h = model;

	switch (off) {
	case PTT_TUNING_CTRL:
		h->tuning_ctrl = val;
		return;
	case PTT_TUNING_DATA:
		ptt_tune_write_data(h, val);
		return;
	case PTT_TRACE_ADDR_SIZE:
		h->tr.size = val;
		return;
	case PTT_TRACE_CTRL:
		ptt_trace_write_ctrl(h, val);
		return;
	case PTT_TRACE_INT_STAT:
		ptt_trace_clear_int(h, val);
		return;
	case PTT_TRACE_INT_MASK:
		h->tr.int_mask = val & PTT_TRACE_INT_MASK_ALL;
		return;
	}
	if (off >= PTT_TRACE_ADDR_BASE_LO(0) && off < PTT_TRACE_ADDR_BASE_LO(PTT_TRACE_BUF_CNT))
		ptt_buf_reg_write(h, off, val);
}

static const struct bus_mmio_ops ptt_mmio_ops = {
    .read32 = ptt_read32,
    .write32 = ptt_write32,
};

int ptt_hw_create(const struct ptt_hw_config *c, struct ptt_hw **out)
{
	struct ptt_hw *h = calloc(1, sizeof(*h));
	int ret;

	if (!h)
		return -ENOMEM;
	h->dev = c->dev;
	h->fabric = c->fabric;
	h->sicl = c->sicl;
	h->core = c->core;
	h->rp_lo = c->rp_lo;
	h->rp_hi = c->rp_hi;
	h->dma_reset_reads = c->dma_reset_reads;
	h->tr.int_mask = PTT_TRACE_INT_MASK_ALL;
	for (int t = 0; t < PTT_HW_TUNE_COUNT; t++) {
		h->tune[t] = PTT_HW_TUNE_DEFAULT;
		ptt_tune_push(h, t);
	}
	if (h->fabric) {
		ret = fabric_add_observer(h->fabric, h->sicl, h->core, ptt_hw_observe, h);
		if (ret < 0) {
			free(h);
			return ret;
		}
		fabric_observer_want(h->fabric, ptt_hw_observe, h, false); /* not tracing yet */
		fabric_observer_repeats(h->fabric, ptt_hw_observe, h, ptt_hw_repeat);
	}
	c->dev->bar[PTT_BAR] =
	    (struct bus_bar){.ops = &ptt_mmio_ops, .model = h, .size = PTT_BAR_SIZE};
	c->dev->nvectors = PTT_NVECTORS;
	*out = h;
	return 0;
}

void ptt_hw_destroy(struct ptt_hw *h)
{
	if (!h)
		return;
	if (h->fabric)
		fabric_remove_observer(h->fabric, ptt_hw_observe, h);
	if (h->dev->bar[PTT_BAR].model == h)
		h->dev->bar[PTT_BAR] = (struct bus_bar){0};
	ptt_trace_free(h);
	free(h);
}

void ptt_hw_stats(const struct ptt_hw *h, struct ptt_hw_stats *s)
{
	*s = h->tr.stats;
}
