// SPDX-License-Identifier: GPL-2.0-only
/*
 * PTT trace engine.  Writing TRACE_CTRL with EN compiles the fields into an
 * accept table ([direction][P, NP, CPL A, CPL B], from the 4DW or 8DW
 * direction table of the PTT document, ANDed with TYPE_SEL) and resolves the
 * four buffers' bus addresses to host pointers once, so the per-TLP path is
 * a table lookup, a filter compare and a 16- or 32-byte store.  The fabric
 * is told which directions and classes the table takes, so the TLPs it
 * leaves out (the outbound half of an inbound trace) cost no call at all.
 *
 * Direction tables: 4DW 0 = inbound all; 1 = outbound all; 2 = outbound all
 * + inbound P/NP/CPL B; 3 = outbound all + inbound CPL A.  8DW 0 = reserved
 * (this model traces nothing); 1 = outbound all; 2 = inbound P/NP/CPL B; 3 =
 * inbound CPL A.  Outbound completions are not split into A/B.
 *
 * Filters: Root Port mode matches TLPs crossing a Root Port whose bit
 * 1 << ((slot & 7) * 2) is in TARGET_SEL; Requester mode matches the
 * Requester ID field of the header (DW1[31:16] of a request, DW2[31:16] of a
 * completion, i.e. the function's own requests and the completions returning
 * to it).
 *
 * DMA reset: writing RST empties the ring at once; TRACE_WR_STS shows it
 * (reads 0) only after the configured number of reads (dma_reset_reads).
 *
 * Ring and loss: buffers fill 0, 1, 2, 3, 0, ...  When one is full its
 * TRACE_INT_STAT bit is set and, unless masked, MSI vector 0 is raised; the
 * engine moves on at once.  It never waits for software: entering a buffer
 * whose status bit is still set (interrupt masked or not serviced) overwrites
 * it, and the entries lost that way are counted in stats.overwritten.
 */
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/bdf.h>
#include <pciescope/pcie/tlp.h>

#include "ptt_internal.h"

_Static_assert((int)PTT_CLS_P == (int)TLP_CLASS_P && (int)PTT_CLS_NP == (int)TLP_CLASS_NP &&
		   (int)PTT_CLS_CPL_A == (int)TLP_CLASS_CPL,
	       "a TLP class indexes the accept table");

/* Which inbound/outbound classes a direction value selects, per format. */
static void ptt_direction_table(unsigned dir, bool fmt8, bool acc[2][PTT_CLS_COUNT])
{
	bool out_all = fmt8 ? dir == 1 : dir != 0;
	bool in_pnp = fmt8 ? dir == 2 : (dir == 0 || dir == 2);
	bool in_a = fmt8 ? dir == 3 : (dir == 0 || dir == 3);
	bool in_b = in_pnp;

	for (int c = 0; c < PTT_CLS_COUNT; c++)
		acc[FABRIC_OUTBOUND][c] = out_all;
	acc[FABRIC_INBOUND][PTT_CLS_P] = in_pnp;
	acc[FABRIC_INBOUND][PTT_CLS_NP] = in_pnp;
	acc[FABRIC_INBOUND][PTT_CLS_CPL_A] = in_a;
	acc[FABRIC_INBOUND][PTT_CLS_CPL_B] = in_b;
}

static void ptt_compile(struct ptt_trace *tr, uint32_t ctrl)
{
	unsigned dir = (ctrl & PTT_TRACE_CTRL_RXTX_MASK) >> PTT_TRACE_CTRL_RXTX_SHIFT;
	unsigned type = (ctrl & PTT_TRACE_CTRL_TYPE_MASK) >> PTT_TRACE_CTRL_TYPE_SHIFT;
	bool fmt8 = ctrl & PTT_TRACE_CTRL_FORMAT;
	static const unsigned cls_type[PTT_CLS_COUNT] = {PTT_TYPE_P, PTT_TYPE_NP, PTT_TYPE_CPL,
							 PTT_TYPE_CPL};

	ptt_direction_table(dir, fmt8, tr->accept);
	for (int d = 0; d < 2; d++)
		for (int c = 0; c < PTT_CLS_COUNT; c++)
			tr->accept[d][c] = tr->accept[d][c] && (type & cls_type[c]);
	tr->filter_rid = ctrl & PTT_TRACE_CTRL_FILTER_MODE;
	tr->target = (uint16_t)(ctrl >> PTT_TRACE_CTRL_TARGET_SHIFT);
	tr->esize = fmt8 ? PTT_ENTRY_8DW_BYTES : PTT_ENTRY_4DW_BYTES;
}

/* What the accept table takes, as the fabric's observer classes: the rest is never shown. */
static unsigned ptt_classes(const struct ptt_trace *tr)
{
	unsigned mask = 0;

	for (int d = 0; d < 2; d++) {
		if (tr->accept[d][PTT_CLS_P])
			mask |= FABRIC_CLASS_BIT(d, TLP_CLASS_P);
		if (tr->accept[d][PTT_CLS_NP])
			mask |= FABRIC_CLASS_BIT(d, TLP_CLASS_NP);
		if (tr->accept[d][PTT_CLS_CPL_A] || tr->accept[d][PTT_CLS_CPL_B])
			mask |= FABRIC_CLASS_BIT(d, TLP_CLASS_CPL);
	}
	return mask;
}

static uint16_t ptt_node_port_bit(const struct fabric *f, int node)
{
	const struct fabric_node_desc *d = fabric_node(f, node);

	if (!d || d->kind != FABRIC_ROOT_PORT)
		return 0;
	return (uint16_t)(1u << ((PCI_RID_DEV(d->rid) & 7) * 2));
}

/* Root Port bits by node index, extended when the fabric grows (hotplug). */
static void ptt_port_bits_refresh(struct ptt_trace *tr, const struct fabric *f)
{
	int n = f ? fabric_node_count(f) : 0;
	uint16_t *bits;

	if (n <= tr->nport_bit)
		return;
	bits = realloc(tr->port_bit, (size_t)n * sizeof(*bits));
	if (!bits)
		return;
	for (int i = tr->nport_bit; i < n; i++)
		bits[i] = ptt_node_port_bit(f, i);
	tr->port_bit = bits;
	tr->nport_bit = n;
}

static void ptt_map_buffers(struct ptt_hw *h)
{
	struct ptt_trace *tr = &h->tr;

	for (int i = 0; i < PTT_TRACE_BUF_CNT; i++)
		tr->buf[i] = tr->size >= tr->esize && h->dev->dma
				 ? bus_dma_ptr(h->dev->dma, tr->base[i], tr->size)
				 : NULL;
}

void ptt_trace_write_ctrl(struct ptt_hw *h, uint32_t val)
{
	struct ptt_trace *tr = &h->tr;
	bool was = tr->running, on = val & PTT_TRACE_CTRL_EN;

	/* Before it starts: the time the core catches up on is not traced. */
	if (on && !was && h->fabric)
		fabric_observer_want(h->fabric, ptt_hw_observe, h, true);
	tr->ctrl = val;
	if (val & PTT_TRACE_CTRL_RST) {
		tr->cur = 0;
		tr->wr = 0;
		tr->reset_left = h->dma_reset_reads;
	}
	tr->running = on;
	if (on != was)
		ptt_log_clear(&tr->log); /* what a repeat shows is of this trace */
	if (tr->running && !was) {
		ptt_compile(tr, val);
		ptt_map_buffers(h);
		ptt_port_bits_refresh(tr, h->fabric);
		if (h->fabric)
			fabric_observer_classes(h->fabric, ptt_hw_observe, h, ptt_classes(tr));
	}
	if (!on && was && h->fabric)
		fabric_observer_want(h->fabric, ptt_hw_observe, h, false);
}

void ptt_trace_clear_int(struct ptt_hw *h, uint32_t bits)
{
	h->tr.int_stat &= ~(bits & PTT_TRACE_INT_STAT_MASK);
}

uint32_t ptt_trace_wr_sts(struct ptt_hw *h)
{
	if (h->tr.reset_left) {
		h->tr.reset_left--;
		return PTT_HW_WR_STS_RESETTING;
	}
	return h->tr.wr | h->tr.cur << PTT_TRACE_WR_STS_BUFFER_SHIFT;
}

void ptt_trace_free(struct ptt_hw *h)
{
	free(h->tr.port_bit);
	h->tr.port_bit = NULL;
	h->tr.nport_bit = 0;
	ptt_log_free(&h->tr.log);
}

void ptt_buffer_full(struct ptt_hw *h, uint64_t ns)
{
	struct ptt_trace *tr = &h->tr;
	unsigned full = tr->cur;

	tr->int_stat |= 1u << full;
	tr->stats.buffers_full++;
	tr->cur = (full + 1) % PTT_TRACE_BUF_CNT;
	tr->wr = 0;
	if (tr->int_stat & (1u << tr->cur))
		tr->stats.overwritten += tr->size / tr->esize;
	if (!(tr->int_mask & (1u << full)))
		bus_raise_irq_at(h->dev, PTT_IRQ_DMA, ns);
}

static inline bool ptt_filter_match(struct ptt_hw *h, const struct fabric_tlp *t, int cls)
{
	struct ptt_trace *tr = &h->tr;
	uint16_t rid;

	if (tr->filter_rid) {
		rid = (uint16_t)((cls >= PTT_CLS_CPL_A ? t->hdr[2] : t->hdr[1]) >> 16);
		return rid == tr->target;
	}
	if (t->port < 0)
		return false;
	if (t->port >= tr->nport_bit)
		ptt_port_bits_refresh(tr, h->fabric);
	return t->port < tr->nport_bit && (tr->port_bit[t->port] & tr->target);
}

static inline void ptt_write_entry(struct ptt_trace *tr, uint8_t *p, const struct fabric_tlp *t)
{
	uint32_t d0 = t->hdr[0];

	if (tr->esize == PTT_ENTRY_8DW_BYTES) {
		ptt_put_le32(p, PTT_ENTRY_8DW_MARK);
		ptt_put_le32(p + 4, t->prefix);
		ptt_put_le32(p + 8, d0);
		ptt_put_le32(p + 12, t->hdr[1]);
		ptt_put_le32(p + 16, t->hdr[2]);
		ptt_put_le32(p + 20, t->hdr[3]);
		ptt_put_le32(p + 24, 0);
		ptt_put_le32(p + 28, (uint32_t)t->time_ns);
		return;
	}
	/*
	 * Fmt[1:0], Type, T9 (DW0 bits 30:23, contiguous: one shift), T8, TH,
	 * SO (= Relaxed Ordering clear), Length, Time.
	 */
	ptt_put_le32(p, ((d0 << 1) & 0xff000000u) | ((d0 << 4) & 0x00800000u) |
			    ((d0 << 6) & 0x00400000u) | ((~d0 << 8) & 0x00200000u) |
			    ((d0 << 11) & 0x001ff800u) |
			    ((uint32_t)t->time_ns & PTT_ENTRY_4DW_TIME_MASK));
	ptt_put_le32(p + 4, t->hdr[1]);
	ptt_put_le32(p + 8, t->hdr[2]);
	ptt_put_le32(p + 12, t->hdr[3]);
}

void ptt_hw_observe(void *hw, const struct fabric_tlp *t)
{
	struct ptt_hw *h = hw;
	struct ptt_trace *tr = &h->tr;
	uint8_t *buf;
	int cls;

	if (!tr->running || t->cls > TLP_CLASS_CPL)
		return;
	cls = t->cls;
	if (cls == TLP_CLASS_CPL && t->dir == FABRIC_INBOUND && t->cpl_set == FABRIC_CPL_B)
		cls = PTT_CLS_CPL_B;
	if (!tr->accept[t->dir & 1][cls] || !ptt_filter_match(h, t, cls))
		return;
	buf = tr->buf[tr->cur];
	if (!buf)
		return;
	ptt_write_entry(tr, buf + tr->wr, t);
	if (tr->log.on)
		ptt_log_add(&tr->log, buf + tr->wr, tr->esize, t->time_ns);
	tr->stats.traced++;
	tr->wr += tr->esize;
	if (tr->wr + tr->esize > tr->size)
		ptt_buffer_full(h, t->time_ns);
}
