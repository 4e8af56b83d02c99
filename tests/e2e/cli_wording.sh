#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What the commands print reads right: counts agree with their nouns (demo's
# "1 PMU"), notes say what an emulated reading means (stat's software
# events), events are labelled by their names (-M iommu).
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

# power8 has one PMU (the PHB's), kunpeng930 many: the noun follows the count
"$P" demo --platform power8 >demo1.txt
grep -Eq '^1\. The platform: [0-9]+ PCI functions, 1 PMU$' demo1.txt ||
	fail "power8 demo: $(grep 'The platform' demo1.txt)"
"$P" demo >demo.txt
grep -Eq '^1\. The platform: [0-9]+ PCI functions, ([02-9]|[1-9][0-9]+) PMUs$' demo.txt ||
	fail "kunpeng930 demo: $(grep 'The platform' demo.txt)"

# stat's software events on the emulated machine: the counts, then why
"$P" stat -e task-clock,page-faults -- sleep 0.01 2>sw.txt
grep -q '1.000 CPUs utilized' sw.txt || fail "task-clock: $(cat sw.txt)"
grep -q '^Note: on the emulated backend cpu-clock and task-clock are the simulated' sw.txt ||
	fail "no note on the clocks: $(cat sw.txt)"
grep -q '^Note: the emulated machine runs no tasks: page-faults' sw.txt ||
	fail "no note on page-faults: $(cat sw.txt)"
"$P" stat -e hisi_pcie0_core0/rx_mwr_flux,port=0x1/ -- sleep 0.001 2>pmu.txt
if grep -q '^Note:' pmu.txt; then fail "a note without a software event: $(cat pmu.txt)"; fi
"$P" stat -x, -e page-faults -- sleep 0.001 2>csv.txt
if grep -q '^Note:' csv.txt; then fail "a note in the -x layout"; fi

# -M iommu names each event as its events/ file does, never by raw csource
"$P" stat --platform epyc -M iommu -- sleep 0.001 2>iommu.txt
[ "$(grep -c 'amd_iommu_[0-9]/' iommu.txt)" -ge 8 ] || fail "-M iommu lines: $(cat iommu.txt)"
if grep -q 'csource=' iommu.txt; then fail "-M iommu labels by raw config: $(cat iommu.txt)"; fi
for ev in mem_iommu_tlb_pte_mis mem_iommu_tlb_pte_hit mem_dte_mis page_tbl_read_tot mem_trans_total; do
	grep -Eq "^ +[0-9]+ +amd_iommu_0/$ev/ " iommu.txt || fail "-M iommu lacks $ev"
done
grep -q 'IOTLB miss ratio' iommu.txt || fail "-M iommu metric lost"
echo ok
