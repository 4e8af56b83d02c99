#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The analysis says what the recording could not see.  On the emulated
# platform, 10 ms of the default workload recorded:
#  - 4DW direction=0 (inbound only, all types): --latency, --stats and
#    --html give the one sentence naming direction=2 instead of latency
#    tables and charts of zeros;
#  - 8DW direction=2 and a type without NP: the same, naming their setting;
#  - 4DW direction=2 type=6 (with --force): latency table, and the HTML page
#    has TLP mix, bandwidth, latency and outstanding-requests charts;
#  - 4DW times span far less than the 10 ms the record times say: flagged
#    beside the time figures, rates over the 10 ms, and every view that
#    places entries in time (--timeline, HTML charts, Chrome trace, pcap)
#    says it cannot, and a --time window is refused in one line before
#    anything is printed; the 8DW trace of the same traffic is not, and its
#    --time window's figures are the window's (its span, its rate);
#  - the line view's time is the analysis's unwrapped time: its last minus
#    its first equals --stats' time span, in 4DW and 8DW, with threads.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
export PCIESCOPE_STATE_DIR=$TEST_TMP/state
P=$PCIESCOPE
rec() { # file event [--force]
	"$P" record -o "$1" ${3:-} -e "hisi_ptt0_2/$2/" -- sleep 0.01 2>/dev/null || fail "record $2"
}

rec in.data filter=0x80001,type=7,direction=0
rec both.data filter=0x80001,type=6,direction=2,format=0 --force
rec both8.data filter=0x80001,type=6,direction=2,format=1 --force
rec posted.data filter=0x80001,type=1,direction=0

# direction=0: one sentence, no latency table
"$P" report -i in.data --latency >lat.txt
[ "$(wc -l <lat.txt)" -eq 1 ] || fail "direction=0 --latency: $(cat lat.txt)"
grep -q '^No request latency: direction=0 traces inbound TLPs only, .*record with direction=2 ' lat.txt ||
	fail "direction=0 sentence: $(cat lat.txt)"
"$P" report -i in.data --stats --latency >stats.txt
[ "$(grep -c '^No request latency: direction=0' stats.txt)" -eq 1 ] || fail "--stats sentence"
! grep -q 'Latency (request' stats.txt || fail "latency table of zeros"
"$P" report -i in.data --latency --csv >lat.csv 2>lat.err
[ ! -s lat.csv ] || fail "--csv prints a latency table: $(cat lat.csv)"
grep -q '^pciescope: report: No request latency: direction=0' lat.err || fail "--csv note"
"$P" report -i in.data --html in.html
grep -q 'No request latency: direction=0' in.html || fail "HTML sentence"
! grep -q 'Latency per requester\|Outstanding requests' in.html || fail "HTML zero sections"

# 8DW and a type without NP name their own setting
"$P" report -i both8.data --latency | grep -q '^No request latency: format=1 (8DW) with direction=2 ' ||
	fail "8DW sentence"
"$P" report -i posted.data --latency | grep -q '^No request latency: type=1 traces no non-posted' ||
	fail "type=1 sentence"
"$P" report -i posted.data --html posted.html
! grep -q 'Top completers' posted.html || fail "completers table without completions"

# both directions with NP and CPL: the tables and the four charts
"$P" report -i both.data --latency >lat2.txt
grep -q '^Latency (request -> last completion)' lat2.txt || fail "no latency table"
awk '$1 == "all" && $2 == "all" { exit !($4 > 0) }' lat2.txt || fail "nothing matched"
! grep -q 'No request latency' lat2.txt || fail "sentence with completions"
"$P" report -i both.data --html both.html
for h in 'TLP mix' 'Bandwidth over time' 'Latency' 'Outstanding requests over time' \
	'Latency per requester and kind'; do
	grep -q "<h2>$h</h2>" both.html || fail "HTML lacks $h"
done
# the mix and latency charts; the two over time need times that place entries (below)
[ "$(grep -c '<svg' both.html)" -ge 2 ] || fail "HTML has fewer than 2 charts"
"$P" report -i both8.data --html both8.html
[ "$(grep -c '<svg' both8.html)" -ge 2 ] || fail "8DW HTML has no bandwidth chart"

# 4DW times: short by the record times, flagged beside the figures, the
# traffic over the recording's 10 ms (within 10 % of the link bytes over
# 10 ms), and the views that place entries in time say in one line that
# they cannot; 8DW not
"$P" report -i both.data --stats --timeline 1ms >t4.txt 2>t4.err
[ "$(grep -c '^Times are short: the recording lasted 10.000 ms (perf.data record times) but the 4DW times span only ' t4.txt)" -eq 1 ] ||
	fail "4DW note: $(grep -i times t4.txt)"
grep -q '^--timeline: entries cannot be placed in time: ' t4.txt || fail "4DW --timeline drawn: $(cat t4.txt)"
! grep -q '^Bandwidth over time' t4.txt || fail "4DW timeline table on a compressed clock"
awk '$1 == "link" && $2 == "bytes" { b = $3 } $1 == "link" && $2 == "traffic" { w = $4 }
	END { want = b / 1e7 * 1e3; exit !(want > 0 && w > 0.9 * want && w < 1.1 * want) }' t4.txt ||
	fail "4DW traffic is not the link bytes over 10 ms: $(grep link t4.txt)"
grep -q 'bandwidth over  *recording span' t4.txt || fail "4DW bandwidth over what"
grep -q 'Times are short' both.html || fail "HTML 4DW note"
grep -q 'The charts over time: entries cannot be placed in time' both.html || fail "HTML 4DW charts drawn"
"$P" report -i both.data --chrome-trace c4.json --pcap c4.pcap >/dev/null 2>c4.err
grep -q 'hisi_ptt0_2: --chrome-trace: entries cannot be placed in time' c4.err || fail "Chrome 4DW: $(cat c4.err)"
grep -q 'hisi_ptt0_2: --pcap times: entries cannot be placed in time' c4.err || fail "pcap 4DW: $(cat c4.err)"
for v in "" --json --stats "--pcap w4.pcap"; do
	# shellcheck disable=SC2086
	if "$P" report -i both.data $v --time 0..1000 >tm.out 2>tm.err; then fail "--time 4DW $v taken"; fi
	[ ! -s tm.out ] && [ "$(wc -l <tm.err)" = 1 ] &&
		grep -q '^pciescope: report: both.data: hisi_ptt0_2: --time: entries cannot be placed in time' tm.err ||
		fail "--time 4DW $v: $(cat tm.out tm.err)"
done
"$P" report -i both8.data --stats --timeline 1ms --pcap c8.pcap >t8.txt 2>t8.err
! grep -q 'Times are short\|Times may be short\|cannot be placed' t8.txt t8.err || fail "8DW flagged"
grep -q '^Bandwidth over time' t8.txt || fail "8DW timeline not drawn"
span8=$(awk '$1 == "time" && $2 == "span" { print int($4) }' t8.txt)
[ "$span8" -gt 9000000 ] || fail "8DW span $span8"
first8=$("$P" report --no-header -i both8.data | awk 'NR == 1 { print $3 }')
"$P" report -i both8.data --stats --time "$((first8 + 2000000))..$((first8 + 3000000))" >w8.txt 2>w8.err ||
	fail "8DW --time: $(cat w8.err)"
awk '$1 == "time" && $2 == "span" { s = $4 } $1 == "link" && $2 == "bytes" { b = $3 }
	$1 == "link" && $2 == "traffic" { w = $4 }
	END { exit !(s > 990000 && s <= 1000000 && w > 0.99 * b / s * 1e3 && w < 1.01 * b / s * 1e3) }' w8.txt ||
	fail "8DW --time: not the window's span and rate: $(grep -E 'span|link' w8.txt)"

# one unwrapped time in every view
for f in both.data both8.data in.data; do
	"$P" report --no-header -i $f >lines.txt
	span=$(awk 'NR == 1 { a = $3 } { b = $3 } END { printf "%d", b - a }' lines.txt)
	for t in 1 2; do
		got=$("$P" report -i $f --stats --threads $t | awk '$1 == "time" && $2 == "span" { print $4 }')
		[ "$got" = "$span" ] || fail "$f: lines span $span, --stats $got (threads $t)"
	done
	"$P" report -i $f --json | tail -1 | grep -q "\"ticks\":$(tail -1 lines.txt | awk '{ print $3 }')," ||
		fail "$f: --json ticks differ from the line view"
done
echo ok
