// SPDX-License-Identifier: GPL-2.0-only
/*
 * PHB3 model: creation and the register window.  Every register is 64 bits;
 * 32-bit accesses see the low or high half, so a driver may use either width.
 * Tables start the way firmware leaves them: RTT and segment map pointing at
 * no PE, every M64 window disabled, no PE frozen.
 */
#include <stdlib.h>
#include <string.h>

#include "phb3_internal.h"

struct phb3 *phb3_create(const struct phb3_desc *d, struct bus_dma *dma)
{
	struct phb3 *p;

	if (d->num_pes == 0 || d->num_pes > PHB3_NUM_SEGS || d->reserved_pe >= d->num_pes)
		return NULL;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->d = *d;
	p->dma = dma;
	p->fn = calloc(d->nfn ? d->nfn : 1, sizeof(*p->fn));
	if (!p->fn) {
		free(p);
		return NULL;
	}
	for (unsigned i = 0; i < d->nfn; i++)
		p->fn[i].d = d->fn[i];
	p->d.fn = NULL;
	memset(p->rtt, 0xff, sizeof(p->rtt));
	for (unsigned i = 0; i < PHB3_NUM_SEGS; i++)
		p->m32_segmap[i] = PHB3_PE_INVALID;
	for (unsigned i = 0; i < PHB3_NUM_IRQS; i++)
		p->ive_pe[i] = PHB3_PE_INVALID;
	return p;
}

void phb3_destroy(struct phb3 *p)
{
	if (!p)
		return;
	free(p->regs);
	free(p->fn);
	free(p);
}

static uint64_t prop_read(const struct phb3 *p, uint64_t off)
{
	switch (off) {
	case PHB3_NUM_PES:
		return p->d.num_pes;
	case PHB3_RESERVED_PE:
		return p->d.reserved_pe;
	case PHB3_M32_CPU_BASE:
		return p->d.m32_cpu_base;
	case PHB3_M32_PCI_BASE:
		return p->d.m32_pci_base;
	case PHB3_M32_SIZE:
		return p->d.m32_size;
	case PHB3_M64_BASE:
		return p->d.m64_base;
	case PHB3_M64_SIZE:
		return p->d.m64_size;
	case PHB3_M64_RANGE:
		return (uint64_t)p->d.m64_first << 32 | p->d.m64_count;
	case PHB3_MSI_RANGE:
		return (uint64_t)p->d.msi_base << 32 | p->d.msi_count;
	case PHB3_MSI32_ADDR:
		return phb3_msi32_addr(p);
	case PHB3_MSI64_ADDR:
		return p->d.msi64_addr;
	case PHB3_FN_COUNT:
		return p->d.nfn;
	}
	return ~0ull;
}

static uint64_t bar_reg(const struct phb3_bar_desc *b, const uint64_t *base, uint64_t off,
			uint64_t first)
{
	unsigned i = (unsigned)((off - first) % 0x30 / 8);

	if (off < first + 0x30)
		return b[i].size;
	if (off < first + 0x60)
		return b[i].flags;
	return base[i];
}

static uint64_t fn_read(const struct phb3 *p, uint64_t off)
{
	const struct phb3_fn *f;

	if (p->fn_sel >= p->d.nfn)
		return ~0ull;
	f = &p->fn[p->fn_sel];
	switch (off) {
	case PHB3_FN_RID:
		return f->d.rid;
	case PHB3_FN_TYPE:
		return (uint64_t)f->d.type;
	case PHB3_FN_BUSES:
		return (uint64_t)f->d.secondary << 8 | f->d.subordinate;
	case PHB3_FN_ID:
		return (uint64_t)f->d.vendor << 16 | f->d.device;
	case PHB3_FN_CLASS:
		return f->d.class_code;
	case PHB3_FN_SRIOV_TOTAL:
		return f->d.total_vfs;
	case PHB3_FN_SRIOV_OFFSET:
		return (uint64_t)f->d.vf_offset << 16 | f->d.vf_stride;
	case PHB3_FN_SRIOV_NUMVFS:
		return f->num_vfs;
	case PHB3_FN_SRIOV_CTRL:
		return f->ctrl;
	}
	if (off >= PHB3_FN_BAR_SIZE(0) && off < PHB3_FN_BAR_BASE(PHB3_MAX_BARS))
		return bar_reg(f->d.bar, f->bar_base, off, PHB3_FN_BAR_SIZE(0));
	if (off >= PHB3_FN_VF_BAR_SIZE(0) && off < PHB3_FN_VF_BAR_BASE(PHB3_MAX_BARS))
		return bar_reg(f->d.vf_bar, f->vf_bar_base, off, PHB3_FN_VF_BAR_SIZE(0));
	return ~0ull;
}

static void fn_write(struct phb3 *p, uint64_t off, uint64_t val)
{
	struct phb3_fn *f;

	if (p->fn_sel >= p->d.nfn)
		return;
	f = &p->fn[p->fn_sel];
	if (off == PHB3_FN_SRIOV_NUMVFS && f->d.total_vfs)
		f->num_vfs = val <= f->d.total_vfs ? val : f->d.total_vfs;
	else if (off == PHB3_FN_SRIOV_CTRL && f->d.total_vfs)
		f->ctrl = val & 1;
	else if (off >= PHB3_FN_BAR_BASE(0) && off < PHB3_FN_BAR_BASE(PHB3_MAX_BARS))
		f->bar_base[(off - PHB3_FN_BAR_BASE(0)) / 8] = val;
	else if (off >= PHB3_FN_VF_BAR_BASE(0) && off < PHB3_FN_VF_BAR_BASE(PHB3_MAX_BARS))
		f->vf_bar_base[(off - PHB3_FN_VF_BAR_BASE(0)) / 8] = val;
}

static uint64_t phb3_read64(void *model, uint64_t off)
{
	struct phb3 *p = model;

	off &= ~7ull;
	if (off < PHB3_ARG(0))
		return prop_read(p, off);
	if (off >= PHB3_ARG(0) && off < PHB3_CALL)
		return p->arg[(off - PHB3_ARG(0)) / 8];
	if (off == PHB3_STATUS)
		return (uint64_t)p->status;
	if (off >= PHB3_OUT(0) && off < PHB3_OUT(4))
		return p->out[(off - PHB3_OUT(0)) / 8];
	if (off == PHB3_FN_SEL)
		return p->fn_sel;
	if (off > PHB3_FN_SEL)
		return fn_read(p, off);
	return ~0ull;
}

static void phb3_write64(void *model, uint64_t off, uint64_t val)
{
	struct phb3 *p = model;

	off &= ~7ull;
	if (off >= PHB3_ARG(0) && off < PHB3_CALL)
		p->arg[(off - PHB3_ARG(0)) / 8] = val;
	else if (off == PHB3_CALL)
		p->status = phb3_opal_call(p, val);
	else if (off == PHB3_FN_SEL)
		p->fn_sel = val;
	else if (off > PHB3_FN_SEL)
		fn_write(p, off, val);
}

static uint32_t phb3_read32(void *model, uint64_t off)
{
	uint64_t v = phb3_read64(model, off);

	return (uint32_t)(off & 4 ? v >> 32 : v);
}

/* A 32-bit write replaces one half; a token written to the call register's low half runs. */
static void phb3_write32(void *model, uint64_t off, uint32_t val)
{
	uint64_t v;

	if ((off & ~7ull) == PHB3_CALL) {
		if (!(off & 4))
			phb3_write64(model, off, val);
		return;
	}
	v = phb3_read64(model, off & ~7ull);
	if (off & 4)
		v = (v & 0xffffffffull) | (uint64_t)val << 32;
	else
		v = (v & ~0xffffffffull) | val;
	phb3_write64(model, off, v);
}

const struct bus_mmio_ops phb3_mmio_ops = {
    .read32 = phb3_read32,
    .write32 = phb3_write32,
    .read64 = phb3_read64,
    .write64 = phb3_write64,
};
