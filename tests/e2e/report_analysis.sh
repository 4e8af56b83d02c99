#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report --stats/--latency/--timeline/--csv/--chrome-trace/--tick on a
# generated trace whose content is known exactly (bench_stats_gen prints it):
# counts and bytes per kind, matched requests and latency min/avg/max must
# equal that ground truth, in 8DW and in 4DW (whose 11-bit time wraps often).
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen=$BUILD_DIR/bench/bench_stats_gen

check_format() {
	local fmt=$1 data=$TEST_TMP/$1.data truth=$TEST_TMP/$1.truth
	${PCIESCOPE_RUNNER:-} "$gen" "$data" 2 "$fmt" > "$truth"

	"$PCIESCOPE" report -i "$data" --stats --csv > stats.csv
	# every kind of the truth, with its TLPs and payload bytes
	while read -r tag kind tlps bytes; do
		[ "$tag" = kind ] || continue
		row=$(awk -F, -v k="$kind" '$1 == k && NF == 7 { print $4 "," $6 }' stats.csv)
		[ "$row" = "$tlps,$bytes" ] || fail "$fmt $kind: got '$row', want $tlps,$bytes"
	done < "$truth"
	nkinds=$(awk -F, 'NF == 7 && $1 != "kind"' stats.csv | wc -l)
	[ "$nkinds" = "$(grep -c '^kind ' "$truth")" ] || fail "$fmt: extra kinds in stats.csv"
	matched=$(awk '$1 == "matched" { print $2 }' "$truth")
	grep -qx "matched requests,$matched" stats.csv || fail "$fmt: matched != $matched"
	grep -qx "unmatched requests,0" stats.csv || fail "$fmt: unmatched requests"
	grep -qx "unmatched completions,0" stats.csv || fail "$fmt: unmatched completions"

	"$PCIESCOPE" report -i "$data" --latency --csv > lat.csv
	want=$(awk '/^lat_min/ { mn = $2 } /^lat_max/ { mx = $2 } /^lat_sum/ { s = $2 }
		    /^matched/ { n = $2 }
		    END { printf "%d,%d,%d,%.1f,%d", n, n, mn, s / n, mx }' "$truth")
	got=$(awk -F, '$1 == "all" && $2 == "all" { print $3 "," $4 "," $5 "," $6 "," $9 }' lat.csv)
	[ "$got" = "$want" ] || fail "$fmt latency: got '$got', want '$want'"
}

check_format 8dw
check_format 4dw

# --tick scales every time
"$PCIESCOPE" report -i 8dw.data --latency --csv --tick 2.5 > lat25.csv
mn=$(awk '/^lat_min/ { printf "%.1f", $2 * 2.5 }' 8dw.truth)
awk -F, -v m="$mn" '$1 == "all" && $2 == "all" && $5 == m { ok = 1 } END { exit !ok }' \
	lat25.csv || fail "--tick 2.5 does not scale the minimum latency to $mn"

# --timeline: windows add up to every TLP
"$PCIESCOPE" report -i 8dw.data --timeline 10us --csv > tl.csv
total=$(awk '$1 == "kind" { s += $3 } END { print s }' 8dw.truth)
sum=$(awk -F, 'NR > 1 { s += $2 } END { print s }' tl.csv)
[ "$sum" = "$total" ] || fail "timeline windows hold $sum TLPs, trace has $total"
head -1 tl.csv | grep -qx 'start ns,tlps,P MB/s,CPL MB/s,total MB/s' || fail "timeline header"
awk -F, 'NR == 3 && $1 != "10000" { exit 1 }' tl.csv || fail "second window does not start at 10us"

# text views print titled tables
"$PCIESCOPE" report -i 8dw.data --stats --latency > text.out
for title in Summary "TLP classes" "TLP kinds" Requesters Completers "Latency"; do
	grep -q "^$title" text.out || fail "no '$title' table"
done
grep -Eq '^01:00\.0 +MRd64 ' text.out || fail "no latency row for 01:00.0 MRd64"

# Chrome trace: valid JSON, one slice per matched request, a track per requester
# (00:00.0 sends posted writes only)
"$PCIESCOPE" report -i 8dw.data --chrome-trace ct.json > /dev/null
matched=$(awk '$1 == "matched" { print $2 }' 8dw.truth)
[ "$(jq '[.traceEvents[] | select(.ph == "b")] | length' ct.json)" = "$matched" ] ||
	fail "chrome trace slices != $matched"
[ "$(jq '[.traceEvents[] | select(.ph == "e")] | length' ct.json)" = "$matched" ] ||
	fail "chrome trace ends != $matched"
[ "$(jq -r '[.traceEvents[] | select(.name == "process_name") | .args.name] | sort | join(" ")' ct.json)" = \
  "PCIe link requester 00:00.0 requester 01:00.0 requester 01:00.1 requester 39:00.0 requester 39:00.1" ] ||
	fail "chrome trace tracks"
jq -e '[.traceEvents[] | select(.ph == "b")][0] | .name == "MRd64" and .args.status == "SC"' \
	ct.json > /dev/null || fail "chrome trace slice fields"

# user errors: one line, non-zero exit, nothing half-written
for bad in "--timeline 0" "--timeline 5parsecs" "--tick -1" "--tick=0"; do
	if "$PCIESCOPE" report -i 8dw.data $bad > out.txt 2> err.txt; then
		fail "report $bad succeeded"
	fi
	[ "$(wc -l < err.txt)" = 1 ] || fail "report $bad: not one line: $(cat err.txt)"
	grep -q '^pciescope: ' err.txt || fail "report $bad: message format"
done
if "$PCIESCOPE" report -i 8dw.data --html /nonexistent/dir/x.html \
	> /dev/null 2> err.txt; then
	fail "--html into a missing directory succeeded"
fi
grep -q 'x.html' err.txt || fail "--html error does not name the file"
echo ok
