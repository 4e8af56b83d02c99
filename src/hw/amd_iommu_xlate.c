// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AMD IOMMU's translation path, reduced to what the performance
 * counters can see:
 *
 *  - every request looks its Device Table Entry up in a small DTE cache
 *    (mem_dte_* for memory requests, int_dte_* for MSI writes);
 *  - a request without a valid DTE, or with a passthrough DTE, passes
 *    untranslated; an ATS-translated request passes pre-translated; one in
 *    the exclusion range passes excluded; an ABORT DTE target-aborts;
 *  - every other request is translated (mem_trans_total): an IOTLB keyed by
 *    domain, PASID and 4 KiB page gives PTE hits/misses; on a miss a PDE
 *    cache keyed by the 2 MiB region decides whether the walk reads one
 *    level (PDE hit) or the whole table.  Host-table reads count as
 *    page_tbl_read_tot; a PASID request walks the guest table (levels read
 *    as _gst) and translates each guest pointer plus the final address
 *    through the host table (_nst), all of them in _tot;
 *  - every cfg.unmap_every translations the OS "unmaps": an
 *    INVALIDATE_IOMMU_PAGES and a COMPLETION_WAIT command are processed and
 *    the domain's cached translations are dropped.
 *
 * Caches are direct-mapped and hashed, so the same request stream always
 * gives the same hits and misses.
 */
#include "amd_iommu_internal.h"

#define MSI_BASE 0xfee00000ull
#define MSI_LIMIT 0xfeefffffull

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return x;
}

void amd_iommu_hw_set_dte(struct amd_iommu_hw *hw, uint16_t rid, const struct amd_iommu_dte *d)
{
	hw->dte[rid].valid = d != NULL;
	if (d)
		hw->dte[rid].dte = *d;
	for (unsigned i = 0; i < AMD_DTE_CACHE; i++)
		if (hw->dte_cache[i] == rid)
			hw->dte_cache[i] = -1;
}

static bool dte_cache_lookup(struct amd_iommu_hw *hw, uint16_t rid)
{
	int32_t *slot = &hw->dte_cache[mix(rid) & (AMD_DTE_CACHE - 1)];

	if (*slot == rid)
		return true;
	*slot = rid;
	return false;
}

static bool tlb_lookup(struct amd_tlb_entry *t, unsigned size, uint64_t tag, uint32_t gen)
{
	struct amd_tlb_entry *e = &t[mix(tag) & (size - 1)];

	if (e->valid && e->tag == tag && e->gen == gen)
		return true;
	e->valid = true;
	e->tag = tag;
	e->gen = gen;
	return false;
}

static void count_walk(struct amd_iommu_hw *hw, const struct amd_iommu_req *r,
		       const struct amd_iommu_dte *d, unsigned levels_read)
{
	uint64_t gst = 0, nst = 0, tot = levels_read;

	if (r->pasid) {
		gst = levels_read;
		nst = (uint64_t)(levels_read + 1) * d->levels;
		tot = gst + nst;
	}
	amd_iommu_hw_count(hw, AMD_IOMMU_EV_PAGE_TBL_READ_TOT, r->rid, r->pasid, d->domain, tot);
	if (nst)
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_PAGE_TBL_READ_NST, r->rid, r->pasid, d->domain,
				   nst);
	if (gst)
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_PAGE_TBL_READ_GST, r->rid, r->pasid, d->domain,
				   gst);
}

static void unmap(struct amd_iommu_hw *hw, uint16_t domain)
{
	hw->domain_gen[domain]++;
	amd_iommu_hw_count_global(hw, AMD_IOMMU_EV_CMD_PROCESSED, 2);
	amd_iommu_hw_count_global(hw, AMD_IOMMU_EV_CMD_PROCESSED_INV, 1);
	amd_iommu_hw_count_global(hw, AMD_IOMMU_EV_TLB_INV, 1);
}

static void translate(struct amd_iommu_hw *hw, const struct amd_iommu_req *r,
		      const struct amd_iommu_dte *d)
{
	uint32_t gen = hw->domain_gen[d->domain];
	uint64_t key = (uint64_t)d->domain << 48 ^ (uint64_t)r->pasid << 28;
	unsigned levels = r->pasid ? d->guest_levels : d->levels;

	amd_iommu_hw_count(hw, AMD_IOMMU_EV_MEM_TRANS_TOTAL, r->rid, r->pasid, d->domain, 1);
	if (tlb_lookup(hw->iotlb, AMD_IOTLB, key ^ r->address >> 12, gen)) {
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_TLB_PTE_HIT, r->rid, r->pasid, d->domain, 1);
	} else {
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_TLB_PTE_MIS, r->rid, r->pasid, d->domain, 1);
		if (tlb_lookup(hw->pde, AMD_PDE_CACHE, key ^ r->address >> 21, gen)) {
			amd_iommu_hw_count(hw, AMD_IOMMU_EV_TLB_PDE_HIT, r->rid, r->pasid,
					   d->domain, 1);
			count_walk(hw, r, d, 1);
		} else {
			amd_iommu_hw_count(hw, AMD_IOMMU_EV_TLB_PDE_MIS, r->rid, r->pasid,
					   d->domain, 1);
			count_walk(hw, r, d, levels);
		}
	}
	if (hw->cfg.unmap_every && ++hw->translations % hw->cfg.unmap_every == 0)
		unmap(hw, d->domain);
}

static void interrupt(struct amd_iommu_hw *hw, const struct amd_iommu_req *r,
		      const struct amd_dte_slot *s, bool cached)
{
	uint16_t dom = s->valid ? s->dte.domain : 0;

	amd_iommu_hw_count(hw, cached ? AMD_IOMMU_EV_INT_DTE_HIT : AMD_IOMMU_EV_INT_DTE_MIS, r->rid,
			   r->pasid, dom, 1);
	if (s->valid)
		amd_iommu_hw_count(hw,
				   s->dte.vapic ? AMD_IOMMU_EV_VAPIC_INT_GUEST
						: AMD_IOMMU_EV_VAPIC_INT_NON_GUEST,
				   r->rid, r->pasid, dom, 1);
}

void amd_iommu_hw_request(struct amd_iommu_hw *hw, const struct amd_iommu_req *r)
{
	const struct amd_dte_slot *s = &hw->dte[r->rid];
	bool cached = dte_cache_lookup(hw, r->rid);
	uint16_t dom = s->valid ? s->dte.domain : 0;

	if (r->write && r->address >= MSI_BASE && r->address <= MSI_LIMIT) {
		interrupt(hw, r, s, cached);
		return;
	}
	amd_iommu_hw_count(hw, cached ? AMD_IOMMU_EV_MEM_DTE_HIT : AMD_IOMMU_EV_MEM_DTE_MIS, r->rid,
			   r->pasid, dom, 1);
	if (!s->valid || s->dte.mode == AMD_DTE_PASSTHROUGH)
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_MEM_PASS_UNTRANS, r->rid, r->pasid, dom, 1);
	else if (r->translated)
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_MEM_PASS_PRETRANS, r->rid, r->pasid, dom, 1);
	else if (hw->cfg.excl_limit && r->address >= hw->cfg.excl_base &&
		 r->address <= hw->cfg.excl_limit)
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_MEM_PASS_EXCL, r->rid, r->pasid, dom, 1);
	else if (s->dte.mode == AMD_DTE_ABORT)
		amd_iommu_hw_count(hw, AMD_IOMMU_EV_MEM_TARGET_ABORT, r->rid, r->pasid, dom, 1);
	else
		translate(hw, r, &s->dte);
}
