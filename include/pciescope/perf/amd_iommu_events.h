/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Derived metrics of AMD IOMMU counter events, like perf's pmu-events
 * metrics (perf has none for these PMUs).  A metric is shown on its
 * numerator's line when the denominator event is counted on the same PMU
 * with the same filters (docs/amd_iommu.md):
 *   IOTLB miss ratio [%]         = mem_iommu_tlb_pte_mis / (pte_hit + pte_mis) * 100
 *   PDE cache miss ratio [%]     = mem_iommu_tlb_pde_mis / (pde_hit + pde_mis) * 100
 *   DTE cache miss ratio [%]     = mem_dte_mis / (mem_dte_hit + mem_dte_mis) * 100
 *   walk reads per translation   = page_tbl_read_tot / mem_trans_total
 */
#ifndef PCIESCOPE_PERF_AMD_IOMMU_EVENTS_H
#define PCIESCOPE_PERF_AMD_IOMMU_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

/* "amd_iommu_<n>" or the seed's "iommuv2". */
bool amd_iommu_pmu_name(const char *pmu);
/* The csource whose count a metric of csource divides by, or -1 if it has no metric. */
int amd_iommu_metric_partner(uint8_t csource);
/* The metric of csource from its count and its partner's; false if none. */
bool amd_iommu_metric(uint8_t csource, double count, double partner, double *value,
		      const char **unit);

#endif
