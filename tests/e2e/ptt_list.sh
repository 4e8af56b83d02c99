#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope list: perf list's layout by default (the PMU document's example
# line, the PTT as pmu// with its format terms), globs as perf list takes
# them; -v with formats, tune values and filter lists wrapped to the
# terminal; JSON with numbers as numbers; the filters follow the seed's values.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE

"$P" list >"$TEST_TMP/perf.txt"
grep -qx '  hisi_pcie0_core0/rx_mwr_latency/ *\[Kernel PMU event\]' "$TEST_TMP/perf.txt" ||
	fail "no perf list line for rx_mwr_latency"
[ "$(grep -c 'Kernel PMU event' "$TEST_TMP/perf.txt")" -ge 90 ] || fail "events missing"
grep -qx '  hisi_ptt0_2// *\[Kernel PMU event\]' "$TEST_TMP/perf.txt" || fail "no hisi_ptt0_2//"
grep -qx '  hisi_ptt0_2/direction=0..15,filter=0..0xfffff,format=0..15,.../modifier \[Raw hardware event descriptor\]' \
	"$TEST_TMP/perf.txt" || fail "no PTT raw descriptor"
# a long descriptor still leaves a blank before its bracket, as perf's does
if grep -q '[^ ]\[Raw hardware event descriptor\]' "$TEST_TMP/perf.txt"; then
	fail "a raw descriptor runs into its bracket"
fi
awk '/Kernel PMU event/ && length($0) != 71 { bad = 1 } END { exit bad }' "$TEST_TMP/perf.txt" ||
	fail "event lines not in perf's %-50s column"
"$P" list -d 'hisi_ptt0_2' >"$TEST_TMP/details.txt"
grep -qx '        hisi_ptt0_2/direction=0..15,filter=0..0xfffff,format=0..15,type=0..255/modifier' \
	"$TEST_TMP/details.txt" || fail "--details terms"
[ "$(grep -c . "$TEST_TMP/details.txt")" = 3 ] || fail "a PMU pattern selects only that PMU"
"$P" list 'hisi_ptt*' >"$TEST_TMP/glob.txt"
[ "$(grep -c '^  hisi_ptt[0-9]_[0-9]//' "$TEST_TMP/glob.txt")" = 5 ] || fail "glob hisi_ptt*"
grep -q hisi_pcie "$TEST_TMP/glob.txt" && fail "glob hisi_ptt* shows the PCIe PMU"
"$P" list '*MWR_LATENCY' >"$TEST_TMP/ev.txt"
[ "$(grep -c 'rx_mwr_latency/ ' "$TEST_TMP/ev.txt")" = 5 ] || fail "event glob, no case"

COLUMNS=80 "$P" list -v >"$TEST_TMP/list.txt"
grep -q "^hisi_ptt0_2  type [0-9]*  cpumask 0-31" "$TEST_TMP/list.txt" || fail "pmu line"
grep -q "filter=config:0-19" "$TEST_TMP/list.txt" || fail "format"
grep -q "0000:00:10.0  0x80001" "$TEST_TMP/list.txt" || fail "root port filter"
grep -q "rx_mwr_latency=config=0x10" "$TEST_TMP/list.txt" || fail "-v events"
awk 'length($0) > 80 { bad = 1 } END { exit bad }' "$TEST_TMP/list.txt" || fail "-v wider than COLUMNS"

"$P" list --json hisi_ptt0_2 >"$TEST_TMP/list.json"
q() { jq -r "$1" "$TEST_TMP/list.json"; }
[ "$(q '.pmus | length')" = 1 ] || fail "only the named PMU"
[ "$(q '.pmus[0].format.direction')" = "config:20-23" ] || fail "json format"
[ "$(q '.pmus[0].format.type')" = "config:24-31" ] || fail "json type format"
[ "$(q '.pmus[0].format.format')" = "config:32-35" ] || fail "json format format"
[ "$(q '.pmus[0].tune.qos_tx_cpl | type')" = number ] || fail "json tune value is a number"
[ "$(q '.pmus[0].tune.qos_tx_cpl')" = 1 ] || fail "json tune"
[ "$(q '.pmus[0].root_port_filters.multiselect')" = true ] || fail "multiselect"
[ "$(q '.pmus[0].requester_filters.multiselect')" = false ] || fail "requester multiselect"
[ "$(q '.pmus[0].root_port_filters.filters["0000:00:10.0"]')" = 0x80001 ] || fail "rp 10.0"
[ "$(q '.pmus[0].root_port_filters.filters["0000:00:12.0"]')" = 0x80010 ] || fail "rp 12.0"
[ "$(q '.pmus[0].requester_filters.filters["0000:01:00.1"]')" = 0x00101 ] || fail "ep 01:00.1"
[ "$(q '.pmus[0].type')" -ge 6 ] || fail "type"

if "$P" list nosuchpmu 2>"$TEST_TMP/err"; then fail "unknown pmu accepted"; fi
grep -qx "pciescope: list: no PMU or event matches 'nosuchpmu' (see 'pciescope list')" "$TEST_TMP/err" || fail "unknown pmu message"
if "$P" list -v --json 2>"$TEST_TMP/err"; then fail "-v --json accepted"; fi
grep -q "give one" "$TEST_TMP/err" || fail "conflict message"
echo ok
