/* SPDX-License-Identifier: GPL-2.0-only */
/* State shared by the AMD IOMMU model's register file and translation engine. */
#ifndef PCIESCOPE_HW_AMD_IOMMU_INTERNAL_H
#define PCIESCOPE_HW_AMD_IOMMU_INTERNAL_H

#include <pciescope/hw/amd_iommu.h>

#define AMD_PC_MAX_BANKS 64
#define AMD_PC_MAX_COUNTERS 16

/* Direct-mapped caches; sizes are powers of two. */
#define AMD_DTE_CACHE 64
#define AMD_IOTLB 512
#define AMD_PDE_CACHE 64

enum { MATCH_PASID, MATCH_DOMID, MATCH_DEVID, MATCH_COUNT };

struct amd_pc {
	uint64_t counter; /* 48-bit */
	uint64_t csource;
	uint64_t match[MATCH_COUNT];
};

struct amd_dte_slot {
	bool valid;
	struct amd_iommu_dte dte;
};

struct amd_tlb_entry {
	uint64_t tag; /* domain, pasid and page number folded together */
	uint32_t gen; /* domain generation when filled; invalidation bumps it */
	bool valid;
};

struct amd_iommu_hw {
	struct amd_iommu_hw_config cfg;
	struct amd_pc pc[AMD_PC_MAX_BANKS][AMD_PC_MAX_COUNTERS];
	struct amd_pc *active[AMD_PC_MAX_BANKS * AMD_PC_MAX_COUNTERS];
	unsigned nactive;
	uint64_t totals[AMD_IOMMU_EV_COUNT];

	struct amd_dte_slot *dte;	  /* 65536 entries, indexed by RID */
	int32_t dte_cache[AMD_DTE_CACHE]; /* RID cached in each slot, -1 empty */
	struct amd_tlb_entry iotlb[AMD_IOTLB];
	struct amd_tlb_entry pde[AMD_PDE_CACHE];
	uint32_t domain_gen[65536];
	uint64_t translations;
};

/* Counts n occurrences of event ev caused by (rid, pasid, domain). */
void amd_iommu_hw_count(struct amd_iommu_hw *hw, unsigned ev, uint16_t rid, uint32_t pasid,
			uint16_t domain, uint64_t n);
/* Counts an event with no requester (commands): match registers do not apply. */
void amd_iommu_hw_count_global(struct amd_iommu_hw *hw, unsigned ev, uint64_t n);

#endif
