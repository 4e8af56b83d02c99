#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The AMD IOMMU event encodings of `pciescope stat --dry-run` (epyc's
# amd_iommu_<n> with the 6.x layout and the seed's iommuv2) agree with the
# real perf 6.1 on the exported tree (tests/e2e/lib/encoding.sh).
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/encoding.sh"
tree=$TEST_TMP/devices
rm -rf "$tree"
"$PCIESCOPE" sysfs export "$tree" --platform epyc >/dev/null

events=(
	'amd_iommu_0/mem_trans_total/'
	'amd_iommu_1/mem_iommu_tlb_pte_mis/'
	'amd_iommu_0/csource=0x0c,devid=0x4100,devid_mask=0x7/'
	'amd_iommu_0/mem_trans_total,domid=0x12,pasid=0x3,pasid_mask=0xfffff/'
	'amd_iommu_0/smi_blk,domid_mask=0xffff/'
	'iommuv2/config=0x8000000000000005,config1=0x0/'
	'iommuv2/mem_trans_total,devid=0x200,devid_filter,pasid=0x3,pasid_filter/'
	'iommuv2/csource=0x7,domain=0x9,domain_filter,domain_mask=0xff/'
)
encoding_compare "$tree" epyc "${events[@]}"
finish
