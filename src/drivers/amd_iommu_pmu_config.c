// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf config -> counter registers, for both layouts.
 *
 * 6.x (amd_iommu_<n>): csource [7:0], devid [23:8], domid [39:24],
 * pasid [59:40]; config1 masks devid [15:0], domid [31:16], pasid [51:32].
 * A match register is enabled (bit 31) whenever its value or mask is
 * non-zero.
 *
 * 2013 (iommuv2, the seed): csource [7:0], devid [23:8], pasid [39:24],
 * domain [55:40], enables devid 56 (implied by devid != 0), pasid 57,
 * domain 58, bit 63 "raw" ignored; config1 masks devid [15:0],
 * pasid [31:16], domain [47:32].  Translated explicitly rather than by
 * reinterpreting bits, so both end in the same registers.
 */
#include <errno.h>

#include <pciescope/regs/amd_iommu.h>

#include "amd_iommu_pmu.h"

static uint64_t bits(uint64_t v, unsigned lo, unsigned width)
{
	return (v >> lo) & ((1ull << width) - 1);
}

static uint64_t match_reg(uint64_t value, uint64_t mask, bool enable)
{
	uint64_t reg = value | mask << AMD_IOMMU_MATCH_MASK_SHIFT;

	if (!enable)
		return 0;
	/* The register is written 48 bits wide: high PASID mask bits are lost. */
	return (reg | AMD_IOMMU_MATCH_EN) & AMD_IOMMU_COUNTER_MASK;
}

static void decode_6x(uint64_t c, uint64_t c1, struct amd_counter_cfg *o)
{
	uint64_t devid = bits(c, 8, 16), domid = bits(c, 24, 16), pasid = bits(c, 40, 20);
	uint64_t devm = bits(c1, 0, 16), domm = bits(c1, 16, 16), pasm = bits(c1, 32, 20);

	o->devid_match = match_reg(devid, devm, devid || devm);
	o->domid_match = match_reg(domid, domm, domid || domm);
	o->pasid_match = match_reg(pasid, pasm, pasid || pasm);
}

static void decode_2013(uint64_t c, uint64_t c1, struct amd_counter_cfg *o)
{
	uint64_t devid = bits(c, 8, 16), pasid = bits(c, 24, 16), dom = bits(c, 40, 16);

	o->devid_match = match_reg(devid, bits(c1, 0, 16), devid || bits(c, 56, 1));
	o->pasid_match = match_reg(pasid, bits(c1, 16, 16), bits(c, 57, 1));
	o->domid_match = match_reg(dom, bits(c1, 32, 16), bits(c, 58, 1));
}

int amd_iommu_pmu_decode(enum amd_layout l, const struct perf_event_attr *a,
			 struct amd_counter_cfg *c)
{
	c->csource = (uint8_t)a->config;
	if (l == AMD_LAYOUT_6X)
		decode_6x(a->config, a->config1, c);
	else
		decode_2013(a->config, a->config1, c);
	return 0;
}
