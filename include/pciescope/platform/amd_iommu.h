/* SPDX-License-Identifier: GPL-2.0-only */
/* Ground truth of the AMD IOMMU model behind a platform device (tests, tools). */
#ifndef PCIESCOPE_PLATFORM_AMD_IOMMU_H
#define PCIESCOPE_PLATFORM_AMD_IOMMU_H

#include <stdint.h>

/* How often event csource happened since boot, unfiltered; model from platform_model(). */
uint64_t amd_iommu_model_event_total(void *model, unsigned csource);

#endif
