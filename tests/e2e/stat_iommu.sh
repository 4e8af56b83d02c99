#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# AMD IOMMU counting through the CLI on the epyc platform: the seed's command
# line as written, both layouts counting the same thing, the 6.x PMU refusing
# /u, filters that match nothing, metrics, and multiplexing beyond 8 counters.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
count() { awk -v ev="$1" '$2 == ev { print $1 }' "$2"; }

"$P" stat --platform epyc -e 'iommuv2/config=0x8000000000000005,config1=0x0/u' -- sleep 0.01 \
	2>seed.txt
seed=$(count 'iommuv2/config=0x8000000000000005,config1=0x0/u' seed.txt)
[ -n "$seed" ] && [ "$seed" -gt 0 ] || fail "seed command counted '$seed'"

"$P" stat --platform epyc -e amd_iommu_0/mem_trans_total/ -e amd_iommu_0/csource=0x5,devid=0x4100/ \
	-- sleep 0.01 2>six.txt
[ "$(count amd_iommu_0/mem_trans_total/ six.txt)" = "$seed" ] || fail "layouts disagree"
# 41:00.0 sits below the other IOMMU: nothing of it is translated here
[ "$(count amd_iommu_0/csource=0x5,devid=0x4100/ six.txt)" = 0 ] || fail "filter on 41:00.0"

if "$P" stat --platform epyc -e amd_iommu_0/mem_trans_total/u -- sleep 0.01 2>u.txt; then
	fail "amd_iommu_0 accepted /u"
fi
grep -q 'Invalid argument' u.txt || fail "/u refusal: $(cat u.txt)"

"$P" stat --metrics --platform epyc -e amd_iommu_0/mem_iommu_tlb_pte_mis/ \
	-e amd_iommu_0/mem_iommu_tlb_pte_hit/ -e amd_iommu_0/page_tbl_read_tot/ \
	-e amd_iommu_0/mem_trans_total/ -- sleep 0.01 2>m.txt
mis=$(count amd_iommu_0/mem_iommu_tlb_pte_mis/ m.txt)
hit=$(count amd_iommu_0/mem_iommu_tlb_pte_hit/ m.txt)
want=$(awk -v m="$mis" -v h="$hit" 'BEGIN { printf "%.2f", 100 * m / (m + h) }')
grep -q "# *$want % IOTLB miss ratio" m.txt || fail "miss ratio $want: $(cat m.txt)"
grep -q 'walk reads/translation' m.txt || fail "no walk metric"

events=()
for i in 1 2 3 4 5 6 7 8 9; do events+=(-e amd_iommu_0/mem_trans_total/); done
"$P" stat --platform epyc "${events[@]}" -- sleep 0.01 2>mux.txt
grep -Eq 'mem_trans_total/ +\([0-9.]+%\)' mux.txt || fail "no running percentage: $(cat mux.txt)"
echo ok
