#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report --requester, --kind and --time in every view: each keeps the
# entries the unfiltered --json's jq selection keeps (line view, JSON,
# pcap offsets; --stats, --csv, --timeline and --html counts; --chrome-trace
# tracks), a 4DW time window keeps the entries whose unwrapped times the
# unfiltered line view puts in it, --threads does not change a filtered
# analysis, a completion follows its requester (latency) and filtering out
# completions says why latency is empty.  The line view names its columns
# (--no-header drops them); --top keeps the busiest rows and says how many
# it left out.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

# many kinds (and undecodable entries) in 4DW and 8DW, several chunks
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o k4.data -f 4dw -s 7 16000 16000 >/dev/null
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o k8.data -f 8dw -s 9 32000 32000 >/dev/null
# few requesters with matched reads, 4DW: times wrap many times
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/bench/bench_stats_gen" r4.data 1 4dw >/dev/null

# pcap_offsets FILE: the stream offset of every packet (pseudo-header bytes 8..15)
pcap_offsets() {
	python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
o = 24
while o < len(d):
    incl = struct.unpack_from('<I', d, o + 8)[0]
    print(struct.unpack_from('<Q', d, o + 16 + 8)[0])
    o += 16 + incl
PY
}

# views_keep FILE JQ-SELECTION FILTER...: every view keeps what jq keeps
views_keep() {
	local f=$1 sel=$2
	shift 2
	[ -s "$f.json" ] || "$P" report -i "$f" --json >"$f.json"
	jq -c "select($sel)" "$f.json" >want.json
	jq -r .offset want.json >want.off
	local n
	n=$(wc -l <want.json)
	"$P" report -i "$f" --json "$@" >got.json
	cmp -s got.json want.json || fail "$f $*: --json keeps other entries than jq"
	"$P" report -i "$f" "$@" >lines.txt
	[ "$(head -1 lines.txt)" = "offset       fmt       time kind       fields" ] || fail "$f $*: no header"
	[ "$(wc -l <lines.txt)" -eq $((n + 1)) ] || fail "$f $*: line view has $(wc -l <lines.txt) lines, want $n + header"
	# shellcheck disable=SC2046 # one argument per offset
	diff <(tail -n +2 lines.txt | awk '{ print $1 }') <(printf '0x%010x\n' $(cat want.off)) >/dev/null ||
		fail "$f $*: the line view keeps other entries"
	"$P" report -i "$f" --pcap got.pcap "$@"
	cmp -s <(pcap_offsets got.pcap) want.off || fail "$f $*: --pcap keeps other entries"
	"$P" report -i "$f" --stats "$@" >stats.txt
	[ "$(awk '$1 == "entries" { print $2 }' stats.txt)" -eq "$n" ] || fail "$f $*: --stats entries"
	diff <(awk '/^TLP kinds/ { s = 1; getline; next } /^$/ { s = 0 } s { print $1, $4 }' stats.txt | sort) \
		<(jq -r 'select(.kind != "Unknown") | .kind' want.json | sort | uniq -c | awk '{ print $2, $1 }' | sort) >/dev/null ||
		fail "$f $*: --stats kinds differ from jq's"
	# what does not decode is counted apart
	[ "$(awk '$1 == "undecoded" { print $3 }' stats.txt)" -eq "$(grep -c '"kind":"Unknown"' want.json || true)" ] ||
		fail "$f $*: --stats undecoded entries"
	"$P" report -i "$f" --csv "$@" >got.csv 2>/dev/null
	grep -qx "entries,$n" got.csv || fail "$f $*: --csv entries"
	[ "$("$P" report -i "$f" --timeline 1s "$@" | awk '/^Bandwidth/ { s = 1; getline; next } s && NF == 5 { t += $2 } END { print t + 0 }')" -eq \
		"$(grep -vc '"kind":"Unknown"' want.json || true)" ] || fail "$f $*: --timeline tlps"
	"$P" report -i "$f" --html got.html "$@"
	grep -q "<td>entries</td><td[^>]*>$n</td>" got.html || fail "$f $*: --html entries"
}

views_keep k4.data '.kind == "MRd64" or .kind == "CplD"' --kind mrd64,CplD
views_keep k4.data '.kind | IN("Cpl", "CplD", "CplLk", "CplDLk")' --kind CPL
views_keep k8.data '.kind == "Unknown"' --kind Unknown
views_keep k8.data '.kind == "Cpl"' --kind Cpl
req=$("$P" report -i k8.data --json | jq -r 'select(.requester) | .requester' | sort | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
views_keep k8.data ".requester == \"$req\"" --requester "$req"
views_keep r4.data '.requester == "39:00.1"' --requester 39:00.1
views_keep r4.data '.ticks >= 100000 and .ticks <= 200000' --time 100us..200us
# the same window in ticks, and in time with another tick length
"$P" report -i r4.data --json --time 100000..200000 | cmp -s - got.json || fail "--time in ticks"
"$P" report -i r4.data --json --time 50us..100us --tick 0.5 | cmp -s - got.json || fail "--time with --tick"
"$P" report -i r4.data --json --time ..3000 >early.json
[ -s early.json ] || fail "--time ..3000 kept nothing"
[ "$(jq -r .ticks early.json | tail -1)" -le 3000 ] || fail "--time ..3000 kept later entries"
cmp -s early.json <(head -n "$(wc -l <early.json)" r4.data.json) || fail "--time ..3000 is not the trace's start"
views_keep r4.data '.ticks >= 2000000 and .kind == "CplD" and .requester == "01:00.0"' \
	--time 2000000.. --kind CplD --requester 01:00.0

# 4DW: the window keeps the entries the unfiltered line view's times put in it
"$P" report -i r4.data --no-header >all.txt
[ "$(head -c 2 all.txt)" = 0x ] || fail "--no-header kept the header"
"$P" report -i r4.data --no-header --time 1ms..1.5ms >win.txt
[ -s win.txt ] || fail "the 4DW window is empty"
diff <(awk '$3 >= 1000000 && $3 <= 1500000' all.txt) win.txt >/dev/null || fail "4DW --time keeps other lines"

# --threads does not change a filtered analysis
for flt in "--requester 01:00.1" "--kind MRd64,CplD" "--time 500us..1ms"; do
	# shellcheck disable=SC2086 # the filter's option and value
	"$P" report -i r4.data --stats --latency --threads 1 $flt >want.txt
	for t in 2 4; do
		# shellcheck disable=SC2086
		"$P" report -i r4.data --stats --latency --threads $t $flt | cmp -s - want.txt ||
			fail "$flt: --threads $t differs"
	done
done

# a pipe (read in order, one analyser) filters alike; only the input's name differs
"$P" report -i - --stats --latency --requester 01:00.1 --kind MRd64,CplD <r4.data >pipe.txt
"$P" report -i r4.data --stats --latency --requester 01:00.1 --kind MRd64,CplD >file.txt
diff <(grep -v '^input' pipe.txt) <(grep -v '^input' file.txt) >/dev/null || fail "a pipe filters otherwise"
"$P" report -i - --json --requester 01:00.1 <r4.data | cmp -s - <(jq -c 'select(.requester == "01:00.1")' r4.data.json) ||
	fail "--json from a pipe"

# a requester's completions come with it: its latency row is the unfiltered one
"$P" report -i r4.data --latency >lat.txt
"$P" report -i r4.data --latency --requester 01:00.1 >lat1.txt
[ "$(grep '^01:00.1 ' lat1.txt)" = "$(grep '^01:00.1 ' lat.txt)" ] || fail "--requester changed its latency"
grep -q '^01:00.1 ' lat1.txt || fail "no latency row for 01:00.1"
! grep -q '^01:00.0 ' lat1.txt || fail "--requester kept another requester's latency"
"$P" report -i r4.data --requester 01:00.1 --chrome-trace c.json
[ "$(jq -c '[.traceEvents[] | select(.name == "process_name") | .args.name]' c.json)" = \
	'["PCIe link","requester 01:00.1"]' ] || fail "--chrome-trace tracks"
# no completions kept: the views say why latency is empty
"$P" report -i r4.data --latency --kind MRd64 >nolat.txt
grep -qx 'No request latency: the --kind filter keeps no completions (class CPL), so no request can be matched with its completions.' nolat.txt ||
	fail "no note without completions: $(cat nolat.txt)"
"$P" report -i r4.data --latency --kind CplD >nolat.txt
grep -q '^No request latency: the --kind filter keeps no non-posted' nolat.txt ||
	fail "no note without requests"

# --top N: the N busiest rows, and how many were left out
"$P" report -i r4.data --stats --latency --top 2 >top.txt
[ "$(awk '/^Requesters/ { s = 1; getline; next } /^$|^\(/ { s = 0 } s' top.txt | wc -l)" -eq 2 ] || fail "--top 2 requesters"
grep -qx '(--top 2 left out 3 requesters)' top.txt || fail "--top: no left-out line: $(cat top.txt)"
grep -qx '(--top 2 left out 2 requester and kind rows)' top.txt || fail "--top: latency left-out line"
"$P" report -i r4.data --stats | awk '/^Requesters/ { s = 1; getline; next } /^$/ { s = 0 } s' | head -2 >busiest.txt
diff busiest.txt <(awk '/^Requesters/ { s = 1; getline; next } /^$|^\(/ { s = 0 } s' top.txt) >/dev/null ||
	fail "--top kept other than the busiest requesters"
"$P" report -i r4.data --csv --top 1 >top.csv 2>err.txt
grep -q '^requester,' top.csv || fail "--csv --top"
grep -qx 'pciescope: report: --top 1 left out 4 requesters' err.txt || fail "--csv --top note: $(cat err.txt)"
echo ok
