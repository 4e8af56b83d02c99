// SPDX-License-Identifier: GPL-2.0-only
/* AMD IOMMU event metrics: ratios of a miss count to its hits, reads per translation. */
#include <string.h>

#include <pciescope/perf/amd_iommu_events.h>
#include <pciescope/perf/pmu_name.h>

static const struct {
	uint8_t csource, partner;
	bool ratio; /* count / (count + partner) in %, else count / partner */
	const char *unit;
} metrics[] = {
    {0x07, 0x06, true, "% IOTLB miss ratio"},
    {0x09, 0x08, true, "% PDE cache miss ratio"},
    {0x0b, 0x0a, true, "% DTE cache miss ratio"},
    {0x0c, 0x05, false, "walk reads/translation"},
};

bool amd_iommu_pmu_name(const char *pmu)
{
	enum pmu_family f = pmu_name_parse(pmu, NULL);

	return f == PMU_AMD_IOMMU || f == PMU_IOMMUV2;
}

int amd_iommu_metric_partner(uint8_t csource)
{
	for (unsigned i = 0; i < sizeof(metrics) / sizeof(metrics[0]); i++)
		if (metrics[i].csource == csource)
			return metrics[i].partner;
	return -1;
}

bool amd_iommu_metric(uint8_t csource, double count, double partner, double *value,
		      const char **unit)
{
	for (unsigned i = 0; i < sizeof(metrics) / sizeof(metrics[0]); i++) {
		double den;

		if (metrics[i].csource != csource)
			continue;
		den = metrics[i].ratio ? count + partner : partner;
		if (den <= 0)
			return false;
		*value = metrics[i].ratio ? 100.0 * count / den : count / den;
		*unit = metrics[i].unit;
		return true;
	}
	return false;
}
