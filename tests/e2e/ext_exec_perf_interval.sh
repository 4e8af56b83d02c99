#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `perf stat -I 100 -x,` through `pciescope exec`: one line per interval,
# each a slice of simulated time that follows the wall clock, and together
# they count what `pciescope stat` counts over their sum (simulated time
# run in slices gives the same counts as in one run).  perf prints no line
# for the part interval at the end; how many full ones fit in 0.6 s depends
# on how fast the machine simulates, at least two.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"
ev='hisi_pcie0_core0/rx_mwr_latency,port=0x1/'

"$PCIESCOPE" exec --workload "$W" -- perf stat -I 100 -x, -e "$ev" sleep 0.6 \
	2>"$TEST_TMP/iv" || err "perf stat -I: $(cat "$TEST_TMP/iv")"
# ts,value,unit,event,run,pct: the event's own comma makes run field 6.
grep ",$ev," "$TEST_TMP/iv" >"$TEST_TMP/lines"
n=$(wc -l <"$TEST_TMP/lines")
[ "$n" -ge 2 ] || err "$n interval lines for 0.6 s: $(cat "$TEST_TMP/iv")"
prev=0 sum=0 run=0
while IFS=, read -r ts value _ _ _ r _; do
	[ "$r" -gt 0 ] || err "an interval with no time running: $ts"
	awk -v a="$ts" -v b="$prev" 'BEGIN { exit !(a > b) }' || err "timestamps not increasing: $ts after $prev"
	prev=$ts
	sum=$((sum + value))
	run=$((run + r))
done <"$TEST_TMP/lines"
"$PCIESCOPE" stat --workload "$W" -x';' -e "$ev" sleep "$(ns_to_s "$run")" 2>"$TEST_TMP/total" ||
	err "pciescope stat: $(cat "$TEST_TMP/total")"
total=$(grep ";$ev;" "$TEST_TMP/total" | cut -d';' -f1)
[ "$sum" -gt 0 ] && [ "$sum" = "$total" ] || err "intervals sum to $sum over $run ns, stat counts $total"
echo "$n intervals, $sum over $run ns"
