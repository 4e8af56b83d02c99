/* SPDX-License-Identifier: GPL-2.0-only */
/* Internal to the AMD IOMMU PMU driver: per-IOMMU state shared by its files. */
#ifndef PCIESCOPE_DRIVERS_AMD_IOMMU_PMU_H
#define PCIESCOPE_DRIVERS_AMD_IOMMU_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include <pciescope/core/kernel.h>
#include <pciescope/perf/pmu_name.h>

/* The two config layouts: Linux 6.x amd_iommu_<n>, and the 2013 iommuv2 proposal. */
enum amd_layout { AMD_LAYOUT_6X, AMD_LAYOUT_2013 };

/* What one event programs into a counter, whatever layout it came from. */
struct amd_counter_cfg {
	uint8_t csource;
	uint64_t devid_match, pasid_match, domid_match; /* full register values */
};

struct amd_iommu_pmu {
	struct kcore *k;
	struct bus_device *bus;
	unsigned index;
	unsigned banks, counters;
	uint64_t used; /* one bit per bank * counters + counter */
	struct pmu pmu;
	struct pmu seed_pmu; /* iommuv2, on the first IOMMU only */
	bool has_seed_pmu;
	char name[PMU_NAME_LEN], seed_name[PMU_NAME_LEN];
};

int amd_iommu_pmu_decode(enum amd_layout l, const struct perf_event_attr *a,
			 struct amd_counter_cfg *c);
int amd_iommu_pmu_sysfs(struct pmu *p, enum amd_layout l, struct kcore *k);

#endif
