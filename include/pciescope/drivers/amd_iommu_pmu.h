/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PCIESCOPE_DRIVERS_AMD_IOMMU_PMU_PUB_H
#define PCIESCOPE_DRIVERS_AMD_IOMMU_PMU_PUB_H

#include <pciescope/core/device.h>

/* Binds to AMD IOMMU functions; registers amd_iommu_<n> (and iommuv2 on the first). */
extern const struct kdriver amd_iommu_pmu_driver;

#endif
