#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope demo (what `make run` shows): on kunpeng930 the PTT part names
# the platform's PTT devices, tunes qos_tx_cpl, records a trace and
# summarises it, and the tour counts PCIe PMU pairs with metrics; on epyc it
# counts IOMMU misses, on power8 it places SR-IOV VFs; every platform the
# help offers works, and --seed changes both halves.  It saves nothing, so
# what a later command reads is unchanged.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE

export TMPDIR=$TEST_TMP/tmp
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
"$P" demo >"$TEST_TMP/demo.txt" 2>"$TEST_TMP/demo.err" || fail "demo: $(cat "$TEST_TMP/demo.err")"
d=$TEST_TMP/demo.txt
grep -q "hisi_ptt0_2    traces Root Ports 0000:00:10.0 0000:00:10.1 0000:00:12.0" "$d" ||
	fail "platform section"
grep -q "weight of Tx completions on the core's links: 1 -> 2" "$d" || fail "tune section"
grep -q "pciescope record -e hisi_ptt0_2/filter=0x80001,type=7,direction=2,format=1/" "$d" ||
	fail "record section"
n=$(sed -n 's/^ *\([0-9]*\) TLP headers, .*nothing lost$/\1/p' "$d")
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "summary: $(cat "$d")"
grep -Eq "^   MWr64 +[0-9]+ +[0-9.]+%$" "$d" || fail "no kind breakdown"
grep -Eq 'rx_mrd_latency,port=0xffff/ # +[0-9.]+ ns avg latency' "$d" || fail "no PMU latency metric"
grep -Eq 'rx_mrd_flux,port=0xffff/ # +[0-9.]+ MB/s bandwidth' "$d" || fail "no PMU bandwidth metric"

"$P" demo --platform epyc >"$TEST_TMP/epyc.txt" 2>&1 || fail "demo --platform epyc: $(cat "$TEST_TMP/epyc.txt")"
grep -Eq 'mem_iommu_tlb_pte_mis/ # +[0-9.]+ % IOTLB miss ratio' "$TEST_TMP/epyc.txt" || fail "no IOMMU section"
grep -q 'no PCIe Tune and Trace device' "$TEST_TMP/epyc.txt" || fail "epyc: PTT absence not said"
"$P" demo --platform power8 >"$TEST_TMP/p8.txt" 2>&1 || fail "demo --platform power8: $(cat "$TEST_TMP/p8.txt")"
grep -Eq '^  3 +0000:01:02.3 ' "$TEST_TMP/p8.txt" || fail "no SR-IOV placement"
grep -q 'hisi_pcie' "$TEST_TMP/p8.txt" && fail "power8 demo shows a PCIe PMU"

# --seed reaches the trace and the counting alike.
"$P" demo --seed 11 >"$TEST_TMP/s11.txt" 2>&1 || fail "demo --seed 11"
"$P" demo --seed 12 >"$TEST_TMP/s12.txt" 2>&1 || fail "demo --seed 12"
grep 'TLP headers' "$TEST_TMP/s11.txt" >"$TEST_TMP/a"; grep 'TLP headers' "$TEST_TMP/s12.txt" >"$TEST_TMP/b"
cmp -s "$TEST_TMP/a" "$TEST_TMP/b" && grep -A3 'first:' "$TEST_TMP/s11.txt" >"$TEST_TMP/a" &&
	grep -A3 'first:' "$TEST_TMP/s12.txt" >"$TEST_TMP/b" && cmp -s "$TEST_TMP/a" "$TEST_TMP/b" &&
	fail "--seed does not change the trace"
grep 'rx_mrd_latency,port' "$TEST_TMP/s11.txt" >"$TEST_TMP/a"; grep 'rx_mrd_latency,port' "$TEST_TMP/s12.txt" >"$TEST_TMP/b"
cmp -s "$TEST_TMP/a" "$TEST_TMP/b" && fail "--seed does not reach the PCIe PMU count"
grep -q -- '--seed 11 -- sleep' "$TEST_TMP/s11.txt" || fail "the tour's command line lacks --seed"
[ "$("$P" tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 1" ] || fail "demo saved its tune"
if "$P" platform --platform power8 | grep -q '01:02\.0'; then fail "demo left VFs enabled"; fi
[ -z "$(ls -A "$TMPDIR")" ] || fail "temporary files left behind: $(ls "$TMPDIR")"
echo ok
