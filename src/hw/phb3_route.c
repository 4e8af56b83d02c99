// SPDX-License-Identifier: GPL-2.0-only
/*
 * PHB3 routing and freezing.  Outbound (CPU) addresses pick a PE from the
 * address alone: M64 windows first, lowest window number first (so an
 * SR-IOV window placed over the default split window wins, as Linux relies
 * on), then the M32 window through its segment table.  Inbound DMA and MSIs
 * pick the PE from the requester ID through the RTT.  An access the PHB
 * cannot complete (no device behind an address, a DMA translation fault)
 * freezes the PE it maps to; an error message freezes the requester's PE and
 * every PE its PELT-V entry names.
 */
#include "phb3_internal.h"

uint64_t phb3_msi32_addr(const struct phb3 *p)
{
	return p->d.m32_pci_base + p->d.m32_size - PHB3_MSI_SPACE;
}

static bool m64_route(const struct phb3 *p, uint64_t addr, struct phb3_target *t)
{
	for (int w = 0; w < PHB3_NUM_M64; w++) {
		const struct phb3_m64 *m = &p->m64[w];

		if (m->mode == OPAL_DISABLE_M64 || addr < m->base || addr - m->base >= m->size)
			continue;
		t->window = PHB3_WIN_M64;
		t->index = w;
		if (m->mode == OPAL_ENABLE_M64_SPLIT) {
			t->segment = (unsigned)((addr - m->base) / (m->size / PHB3_NUM_SEGS));
			t->pe = t->segment < p->d.num_pes ? t->segment : PHB3_PE_INVALID;
		} else {
			t->pe = m->pe;
		}
		return true;
	}
	return false;
}

void phb3_route(const struct phb3 *p, uint64_t addr, struct phb3_target *t)
{
	uint64_t off = addr - p->d.m32_cpu_base;

	*t = (struct phb3_target){.window = PHB3_WIN_NONE, .pe = PHB3_PE_INVALID};
	if (m64_route(p, addr, t))
		return;
	if (addr < p->d.m32_cpu_base || off >= p->d.m32_size)
		return;
	t->segment = (unsigned)(off / (p->d.m32_size / PHB3_NUM_SEGS));
	if (off >= p->d.m32_size - PHB3_MSI_SPACE) {
		t->window = PHB3_WIN_MSI;
		return;
	}
	t->window = PHB3_WIN_M32;
	t->pe = p->m32_segmap[t->segment];
}

static bool in_bar(uint64_t addr, uint64_t base, uint64_t size)
{
	return base && size && addr >= base && addr - base < size;
}

/* True when a BAR (or a VF's BAR) of some function decodes addr. */
bool phb3_claimed(const struct phb3 *p, uint64_t addr)
{
	for (unsigned i = 0; i < p->d.nfn; i++) {
		const struct phb3_fn *f = &p->fn[i];

		for (int b = 0; b < PHB3_MAX_BARS; b++) {
			if (in_bar(addr, f->bar_base[b], f->d.bar[b].size))
				return true;
			if ((f->ctrl & 1) &&
			    in_bar(addr, f->vf_bar_base[b], f->d.vf_bar[b].size * f->num_vfs))
				return true;
		}
	}
	return false;
}

void phb3_freeze(struct phb3 *p, unsigned pe, unsigned action, int cause)
{
	struct phb3_pest *s;

	if (pe >= p->d.num_pes)
		return;
	s = &p->pest[pe];
	if (!s->mmio && !s->dma)
		s->cause = (uint8_t)cause;
	if (action & OPAL_EEH_ACTION_MMIO)
		s->mmio = true;
	if (action & OPAL_EEH_ACTION_DMA)
		s->dma = true;
}

void phb3_unfreeze(struct phb3 *p, unsigned pe, unsigned action)
{
	struct phb3_pest *s;

	if (pe >= p->d.num_pes)
		return;
	s = &p->pest[pe];
	if (action & OPAL_EEH_ACTION_MMIO)
		s->mmio = false;
	if (action & OPAL_EEH_ACTION_DMA)
		s->dma = false;
	if (!s->mmio && !s->dma)
		s->cause = PHB3_CAUSE_NONE;
}

/* Common part of a load and a store: returns the PE or -1 with *acc set. */
static int cpu_access(struct phb3 *p, uint64_t addr, int *acc)
{
	struct phb3_target t;

	phb3_route(p, addr, &t);
	if (t.pe >= p->d.num_pes) {
		*acc = PHB3_ACC_UNCLAIMED;
		return -1;
	}
	if (p->pest[t.pe].mmio) {
		*acc = PHB3_ACC_FROZEN;
		return -1;
	}
	if (!phb3_claimed(p, addr)) {
		/* Unsupported Request: the PE freezes, both halves as hardware does. */
		phb3_freeze(p, t.pe, OPAL_EEH_ACTION_ALL, PHB3_CAUSE_MMIO_UR);
		*acc = PHB3_ACC_UNCLAIMED;
		return -1;
	}
	*acc = PHB3_ACC_OK;
	return (int)t.pe;
}

uint64_t phb3_cpu_load(struct phb3 *p, uint64_t addr, int *acc)
{
	uint64_t *slot;

	if (cpu_access(p, addr, acc) < 0)
		return ~0ull;
	slot = phb3_reg_slot(p, addr, false);
	return slot ? *slot : 0;
}

int phb3_cpu_store(struct phb3 *p, uint64_t addr, uint64_t val)
{
	int acc;
	uint64_t *slot;

	if (cpu_access(p, addr, &acc) < 0)
		return acc;
	slot = phb3_reg_slot(p, addr, true);
	if (slot)
		*slot = val;
	return acc;
}

static uint64_t tce_translate(struct phb3 *p, const struct phb3_tve *v, uint64_t off, int *acc)
{
	uint64_t idx = off >> v->shift, *tce;

	*acc = PHB3_ACC_FAULT;
	if (v->kind == TVE_BYPASS) {
		if (off >= v->size)
			return ~0ull;
		*acc = PHB3_ACC_OK;
		return off;
	}
	if (v->kind != TVE_TCE || idx >= v->entries)
		return ~0ull;
	tce = bus_dma_ptr(p->dma, v->table + idx * 8, 8);
	if (!tce || !(*tce & (PHB3_TCE_READ | PHB3_TCE_WRITE)))
		return ~0ull;
	*acc = PHB3_ACC_OK;
	return (*tce & ~0xfffull) | (off & ((1ull << v->shift) - 1));
}

uint64_t phb3_dev_dma(struct phb3 *p, uint16_t rid, uint64_t addr, int *acc)
{
	unsigned pe = p->rtt[rid];
	uint64_t sys;

	if (pe >= p->d.num_pes) {
		*acc = PHB3_ACC_FAULT;
		return ~0ull;
	}
	if (p->pest[pe].dma) {
		*acc = PHB3_ACC_FROZEN;
		return ~0ull;
	}
	sys = tce_translate(p, &p->tvt[pe * 2 + !!(addr & PHB3_DMA_BIT59)], addr & ~PHB3_DMA_BIT59,
			    acc);
	if (*acc != PHB3_ACC_OK)
		phb3_freeze(p, pe, OPAL_EEH_ACTION_ALL, PHB3_CAUSE_DMA_FAULT);
	return sys;
}

static bool msi_window(const struct phb3 *p, uint64_t addr)
{
	uint64_t a32 = phb3_msi32_addr(p);

	return (addr >= a32 && addr - a32 < PHB3_MSI_SPACE) ||
	       (p->d.msi64_addr && addr >= p->d.msi64_addr &&
		addr - p->d.msi64_addr < PHB3_MSI_SPACE);
}

int phb3_dev_msi(struct phb3 *p, uint16_t rid, uint64_t addr, uint64_t data)
{
	unsigned pe = p->rtt[rid], irq = (unsigned)(data & (PHB3_NUM_IRQS - 1));

	if (!msi_window(p, addr))
		return PHB3_ACC_UNCLAIMED;
	if (pe >= p->d.num_pes || irq >= p->d.msi_count)
		return PHB3_ACC_REJECTED;
	/* An MSI is an inbound write: the DMA half of the freeze blocks it. */
	if (p->pest[pe].dma)
		return PHB3_ACC_FROZEN;
	if (p->ive_pe[irq] != pe)
		return PHB3_ACC_REJECTED;
	p->irq_count[irq]++;
	return PHB3_ACC_OK;
}

void phb3_err_msg(struct phb3 *p, uint16_t rid)
{
	unsigned pe = p->rtt[rid];

	if (pe >= p->d.num_pes)
		return;
	phb3_freeze(p, pe, OPAL_EEH_ACTION_ALL, PHB3_CAUSE_ERR_MSG);
	for (unsigned c = 0; c < p->d.num_pes; c++)
		if (c != pe && (p->peltv[pe][c / 64] >> (c % 64) & 1))
			phb3_freeze(p, c, OPAL_EEH_ACTION_ALL, PHB3_CAUSE_PELTV);
}
