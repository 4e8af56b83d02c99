/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AMD IOMMU model: DMA address translation (device table cache, IOTLB with
 * PTE- and PDE-level entries, page-table walks, interrupt remapping, the
 * invalidation commands an OS issues when it unmaps) producing the events
 * the performance counters count, and the counter banks in MMIO.
 */
#ifndef PCIESCOPE_HW_AMD_IOMMU_H
#define PCIESCOPE_HW_AMD_IOMMU_H

#include <stdbool.h>
#include <stdint.h>

#include <pciescope/bus/bus.h>
#include <pciescope/regs/amd_iommu.h>

struct amd_iommu_hw;

struct amd_iommu_hw_config {
	unsigned banks, counters;	/* announced in Counter Configuration */
	unsigned unmap_every;		/* an invalidation per N translations, 0 = never */
	uint64_t excl_base, excl_limit; /* exclusion range, limit 0 = none */
};

enum amd_iommu_dte_mode {
	AMD_DTE_TRANSLATE,   /* host page table (v1), PASID requests use guest tables */
	AMD_DTE_PASSTHROUGH, /* identity: requests pass untranslated */
	AMD_DTE_ABORT,	     /* valid entry without a page table: target abort */
};

struct amd_iommu_dte {
	enum amd_iommu_dte_mode mode;
	uint16_t domain;
	uint8_t levels;	      /* host page-table levels, 1..6 */
	uint8_t guest_levels; /* guest (PASID) levels, 4 or 5 */
	bool vapic;	      /* guest virtual APIC interrupts */
};

/* One request seen by the IOMMU. */
struct amd_iommu_req {
	uint16_t rid;
	uint32_t pasid; /* 0: no PASID prefix */
	uint64_t address;
	bool write;
	bool translated; /* AT = translated (ATS) */
};

struct amd_iommu_hw *amd_iommu_hw_create(const struct amd_iommu_hw_config *c);
void amd_iommu_hw_destroy(struct amd_iommu_hw *hw);
extern const struct bus_mmio_ops amd_iommu_hw_mmio_ops;

void amd_iommu_hw_set_dte(struct amd_iommu_hw *hw, uint16_t rid, const struct amd_iommu_dte *d);
/* Translates one request, counting every event it causes. */
void amd_iommu_hw_request(struct amd_iommu_hw *hw, const struct amd_iommu_req *r);

/* Ground truth: how often each event happened since creation, unfiltered. */
uint64_t amd_iommu_hw_event_total(const struct amd_iommu_hw *hw, unsigned csource);

#endif
