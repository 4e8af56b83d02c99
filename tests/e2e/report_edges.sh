#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report's tables at their edges, on a trace of reads recorded on the
# emulated platform (NP and CPL, so latency has matched and unmatched rows):
# a requester absent from the trace is said to match nothing; a latency row
# with no match shows "-", not 0.0; the rows come most requests first (what
# --top keeps); --html honours --top.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
cd "$TEST_TMP"
P=$PCIESCOPE

"$P" record --force -e hisi_ptt0_2/filter=0x80001,type=6,direction=2,format=0/ -o np.data \
	-- sleep 0.001 2>/dev/null

# 09:00.0 is not on the platform: the note names the filter, not unmatched requests
"$P" report -i np.data --latency --requester 09:00.0 >absent.txt
grep -qx 'No request latency: no entry of this trace matches the filter (requester 09:00.0).' \
	absent.txt || fail "absent requester: $(cat absent.txt)"
if grep -q 'unmatched' absent.txt; then fail "absent requester talks of unmatched requests"; fi

"$P" report -i np.data --latency >lat.txt
# rows of requesters (not "all"): requests, matched, then five latency columns
awk '$1 ~ /^[0-9a-f]+:[0-9a-f]+\.[0-7]$/ && NF == 9' lat.txt >rows.txt
[ "$(wc -l <rows.txt)" -ge 3 ] || fail "latency rows: $(cat lat.txt)"
awk '$4 == 0' rows.txt >unmatched.txt
[ -s unmatched.txt ] || fail "the trace has no row without a match (config reads): $(cat lat.txt)"
awk '$4 == 0 && !($5 == "-" && $6 == "-" && $7 == "-" && $8 == "-" && $9 == "-") { bad = 1 }
     END { exit bad }' lat.txt || fail "an unmatched row shows a latency: $(cat unmatched.txt)"
awk '$4 > 0 && ($5 == "-" || $6 == "-") { bad = 1 } END { exit bad }' lat.txt ||
	fail "a matched row without latency"
sort -k3,3nr -s rows.txt | cmp -s - rows.txt || fail "rows not most requests first: $(cat rows.txt)"
"$P" report -i np.data --latency --csv >lat.csv
grep -q ',0,-,-,-,-,-$' lat.csv || fail "CSV: unmatched row: $(cat lat.csv)"

# --top 2 keeps the first two rows of the same order
"$P" report -i np.data --latency --top 2 >top.txt
[ "$(awk '$1 ~ /^[0-9a-f]+:[0-9a-f]+\.[0-7]$/ && NF == 9' top.txt)" = "$(head -2 rows.txt)" ] ||
	fail "--top 2 is not the first two rows: $(cat top.txt)"

# --html --top 2: two rows in each per-requester table of the page
"$P" report -i np.data --html page.html --top 2 || fail "--html with --top refused"
for h in 'Top requesters' 'Latency per requester and kind'; do
	n=$(awk -v h="<h2>$h</h2>" 'index($0, h) { on = 1; next } on && /<h2>/ { on = 0 }
		on && /^<tr><td>/ && !/<td>all<\/td>/ { n++ } END { print n + 0 }' page.html)
	[ "$n" = 2 ] || fail "--html --top 2: '$h' has $n rows"
done
"$P" report -i np.data --html full.html
n=$(awk 'index($0, "<h2>Top requesters</h2>") { on = 1; next } on && /<h2>/ { on = 0 }
	on && /^<tr><td>/ { n++ } END { print n + 0 }' full.html)
[ "$n" -gt 2 ] || fail "without --top the page has $n requesters"
echo ok
