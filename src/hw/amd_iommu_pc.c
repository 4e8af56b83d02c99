// SPDX-License-Identifier: GPL-2.0-only
/*
 * AMD IOMMU performance counter banks as MMIO registers.
 *
 * Each counter has CSource (non-zero selects an event and starts counting),
 * three match registers and a 48-bit ICounter that wraps silently.  Match
 * registers hold the value in their low bits, an enable bit 31 and a mask
 * at [47:32]; a mask bit set means "don't care" for that bit of the ID,
 * which is why an exact match on ID 0 cannot be expressed (value 0 and mask
 * 0 is the all-zero, disabled register).  The registers are 64 bits wide
 * and accessed as two 32-bit halves or one 64-bit access.
 */
#include <stdlib.h>

#include "amd_iommu_internal.h"

static uint64_t match_field(unsigned which)
{
	return which == MATCH_PASID ? 0xfffff : 0xffff;
}

static bool match_ok(uint64_t reg, unsigned which, uint32_t id)
{
	uint64_t field = match_field(which);
	uint64_t mask = reg >> AMD_IOMMU_MATCH_MASK_SHIFT;

	if (!(reg & AMD_IOMMU_MATCH_EN))
		return true;
	return (((uint64_t)id ^ reg) & ~mask & field) == 0;
}

void amd_iommu_hw_count(struct amd_iommu_hw *hw, unsigned ev, uint16_t rid, uint32_t pasid,
			uint16_t domain, uint64_t n)
{
	hw->totals[ev] += n;
	for (unsigned i = 0; i < hw->nactive; i++) {
		struct amd_pc *pc = hw->active[i];

		if ((pc->csource & 0xff) != ev ||
		    !match_ok(pc->match[MATCH_DEVID], MATCH_DEVID, rid) ||
		    !match_ok(pc->match[MATCH_PASID], MATCH_PASID, pasid) ||
		    !match_ok(pc->match[MATCH_DOMID], MATCH_DOMID, domain))
			continue;
		pc->counter = (pc->counter + n) & AMD_IOMMU_COUNTER_MASK;
	}
}

void amd_iommu_hw_count_global(struct amd_iommu_hw *hw, unsigned ev, uint64_t n)
{
	hw->totals[ev] += n;
	for (unsigned i = 0; i < hw->nactive; i++)
		if ((hw->active[i]->csource & 0xff) == ev)
			hw->active[i]->counter =
			    (hw->active[i]->counter + n) & AMD_IOMMU_COUNTER_MASK;
}

/* The list of counters with a non-zero CSource, so counting skips idle ones. */
static void rebuild_active(struct amd_iommu_hw *hw)
{
	hw->nactive = 0;
	for (unsigned b = 0; b < hw->cfg.banks; b++)
		for (unsigned c = 0; c < hw->cfg.counters; c++)
			if (hw->pc[b][c].csource & 0xff)
				hw->active[hw->nactive++] = &hw->pc[b][c];
}

/* Resolves a PC-region offset to a 64-bit register, or NULL if none is there. */
static uint64_t *pc_reg(struct amd_iommu_hw *hw, uint64_t off, unsigned *fxn)
{
	uint64_t rel = off - AMD_IOMMU_PC_BASE;
	unsigned bank = (unsigned)(rel >> 12), cntr = (unsigned)(rel >> 8) & 0xf;
	struct amd_pc *pc;

	*fxn = (unsigned)(rel & 0xf8);
	if (off < AMD_IOMMU_PC_BASE || bank >= hw->cfg.banks || cntr >= hw->cfg.counters)
		return NULL;
	pc = &hw->pc[bank][cntr];
	switch (*fxn) {
	case AMD_IOMMU_PC_COUNTER:
		return &pc->counter;
	case AMD_IOMMU_PC_CSOURCE:
		return &pc->csource;
	case AMD_IOMMU_PC_PASID_MATCH:
		return &pc->match[MATCH_PASID];
	case AMD_IOMMU_PC_DOMID_MATCH:
		return &pc->match[MATCH_DOMID];
	case AMD_IOMMU_PC_DEVID_MATCH:
		return &pc->match[MATCH_DEVID];
	default:
		return NULL;
	}
}

static uint64_t reg_read64(struct amd_iommu_hw *hw, uint64_t off)
{
	unsigned fxn;
	uint64_t *r;

	if (off == AMD_IOMMU_EFR)
		return AMD_IOMMU_EFR_PCSUP;
	if (off == AMD_IOMMU_CNTR_CONF)
		return (uint64_t)hw->cfg.banks << AMD_IOMMU_CNTR_CONF_BANKS_SHIFT |
		       (uint64_t)hw->cfg.counters << AMD_IOMMU_CNTR_CONF_COUNTERS_SHIFT;
	r = pc_reg(hw, off, &fxn);
	return r ? *r & AMD_IOMMU_COUNTER_MASK : 0;
}

static void reg_write64(struct amd_iommu_hw *hw, uint64_t off, uint64_t val)
{
	unsigned fxn;
	uint64_t *r = pc_reg(hw, off, &fxn);

	if (!r)
		return;
	*r = val & AMD_IOMMU_COUNTER_MASK;
	if (fxn == AMD_IOMMU_PC_CSOURCE)
		rebuild_active(hw);
}

static uint64_t mmio_read64(void *model, uint64_t off)
{
	return reg_read64(model, off);
}

static void mmio_write64(void *model, uint64_t off, uint64_t val)
{
	reg_write64(model, off, val);
}

static uint32_t mmio_read32(void *model, uint64_t off)
{
	uint64_t v = reg_read64(model, off & ~7ull);

	return (uint32_t)(off & 4 ? v >> 32 : v);
}

static void mmio_write32(void *model, uint64_t off, uint32_t val)
{
	uint64_t base = off & ~7ull, old = reg_read64(model, base);
	uint64_t v =
	    off & 4 ? (old & 0xffffffffull) | (uint64_t)val << 32 : (old & ~0xffffffffull) | val;

	reg_write64(model, base, v);
}

const struct bus_mmio_ops amd_iommu_hw_mmio_ops = {
    .read32 = mmio_read32,
    .write32 = mmio_write32,
    .read64 = mmio_read64,
    .write64 = mmio_write64,
};

struct amd_iommu_hw *amd_iommu_hw_create(const struct amd_iommu_hw_config *c)
{
	struct amd_iommu_hw *hw;

	if (c->banks > AMD_PC_MAX_BANKS || c->counters > AMD_PC_MAX_COUNTERS)
		return NULL;
	hw = calloc(1, sizeof(*hw));
	if (!hw)
		return NULL;
	hw->dte = calloc(65536, sizeof(*hw->dte));
	if (!hw->dte) {
		free(hw);
		return NULL;
	}
	hw->cfg = *c;
	for (unsigned i = 0; i < AMD_DTE_CACHE; i++)
		hw->dte_cache[i] = -1;
	return hw;
}

void amd_iommu_hw_destroy(struct amd_iommu_hw *hw)
{
	if (!hw)
		return;
	free(hw->dte);
	free(hw);
}

uint64_t amd_iommu_hw_event_total(const struct amd_iommu_hw *hw, unsigned csource)
{
	return csource < AMD_IOMMU_EV_COUNT ? hw->totals[csource] : 0;
}
