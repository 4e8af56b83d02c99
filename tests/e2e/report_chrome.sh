#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report --chrome-trace against the Trace Event Format's rules and the trace
# it shows (lib/chrome_trace_check.py): on a recording of the emulated
# kunpeng930 with both directions (requests matched with completions), on
# traces with every TLP kind (error completions, posted writes, messages)
# and on a generated trace with known matches, with --timeline's window.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf "$PCIESCOPE_STATE_DIR" ./*.data ./*.json
chrome_trace_ok() { python3 "$SRC_DIR/tests/e2e/lib/chrome_trace_check.py" "$@"; }

"$PCIESCOPE" record -o r4.data --force -e hisi_ptt0_2/filter=0x80001,type=7,direction=2/ \
	-- sleep 0.001 2>/dev/null
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o k4.data -f 4dw -k 4096 1616
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o k8.data -f 8dw -k 4096 2048
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/bench/bench_stats_gen" s8.data 1 8dw >s8.truth

# run TRACE WINDOW_NS [report options]: the checker's summary line
run() {
	local t=$1 w=$2
	shift 2
	"$PCIESCOPE" report -i $t.data --json >$t.json
	"$PCIESCOPE" report -i $t.data --chrome-trace $t.trace.json "$@" >/dev/null
	chrome_trace_ok $t.trace.json $t.json "$w" || fail "$t: the Chrome trace breaks a rule"
}
out=$(run r4 1000)
echo "$out"
matched=$("$PCIESCOPE" report -i r4.data --stats | awk '$1 == "matched" { print $3 }')
[ "$matched" -gt 100 ] || fail "r4: only $matched matched requests"
echo "$out" | grep -q " $matched async slices, $matched flows," || fail "r4: slices or flows != $matched"
for t in k4 k8; do
	out=$(run $t 1000)
	echo "$out"
	n=$(jq -r 'select(.status != null and .status != "SC") | .offset' $t.json | wc -l)
	[ "$n" -gt 10 ] || fail "$t: too few error completions to test"
	echo "$out" | grep -q " $n error completions$" || fail "$t: not $n error completions"
done
out=$(run s8 5000 --timeline 5us)
echo "$out"
matched=$(awk '$1 == "matched" { print $2 }' s8.truth)
echo "$out" | grep -q " $matched flows," || fail "s8: flows != $matched"
