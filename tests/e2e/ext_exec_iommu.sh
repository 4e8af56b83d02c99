#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The AMD IOMMU mail's command line as written, `perf stat -e
# iommuv2/config=0x8000000000000005,config1=0x0/u ls`, and amd_iommu_<n>
# events, run by the real perf through `pciescope exec --platform epyc`,
# count what `pciescope stat` counts for the same simulated time.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"

for ev in 'iommuv2/config=0x8000000000000005,config1=0x0/u' 'amd_iommu_0/mem_trans_total/'; do
	LAST_COUNTS=
	exec_compare --platform epyc "$ev" ls
	[[ $LAST_COUNTS =~ [1-9] ]] || err "$ev counted nothing during ls"
done
for ev in 'amd_iommu_0/mem_trans_total/' 'amd_iommu_1/mem_iommu_tlb_pte_mis/' \
	'amd_iommu_0/csource=0x0c,devid=0x4100,devid_mask=0x7/' \
	'{amd_iommu_0/mem_trans_total/,amd_iommu_0/mem_pass_untrans/}'; do
	exec_compare --platform epyc "$ev" sleep 0.2
done
finish
