#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The trace-analysis recipes of README.md and docs/analysis.md, run as
# written on the emulated platform (pciescope for perf where the README's
# line is perf's): the recording of both directions with NP and CPL is taken
# with --force, and its report shows matched requests and latency, not
# zeros, and a headline bandwidth within 10 % of the payload over the time
# recorded (4DW times lose gaps: the recording's span is used); the README's pipe example's event (with its type=) is accepted and
# traced.  The commands are the documents' lines, read from the documents.
# The decoding section's lines run in order in a directory of their own, so
# each file a line reads is made by an earlier line, and its jq filter
# selects something.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
export PCIESCOPE_STATE_DIR=$TEST_TMP/state
pciescope() { "$PCIESCOPE" "$@"; }

# the first `pciescope record` line of a document's section, as written
line() { # file section-heading pattern
	awk -v h="$2" -v p="$3" '/^#/ { in_s = index($0, h) > 0 } in_s && index($0, p) { sub(/^ +/, ""); sub(/ +#.*/, ""); print; exit }' "$1"
}

for doc in README.md:"## Trace analysis" docs/analysis.md:"## What the recording could see"; do
	file=$SRC_DIR/${doc%%:*} section=${doc#*:}
	cmd=$(line "$file" "$section" "pciescope record ")
	case $cmd in
	"pciescope record --force -e hisi_ptt0_2/"*type=6,direction=2*) ;;
	*) fail "$file: no latency recording line ($cmd)" ;;
	esac
	rm -f perf.data
	eval "$cmd" 2>rec.err || fail "$file: '$cmd': $(cat rec.err)"
	pciescope report --latency >lat.txt
	awk '$1 == "all" && $2 == "all" { found = 1; exit !($4 > 0 && $6 > 0) } END { exit !found }' lat.txt ||
		fail "$file: no latency measured: $(cat lat.txt)"
	pciescope report --stats >stats.txt
	grep -q '^matched requests  *[1-9]' stats.txt || fail "$file: --stats matched nothing"
	# the headline traffic is what crossed (link bytes) over the time recorded (sleep S), within 10 %
	secs=$(printf '%s\n' "$cmd" | sed -n 's/.* -- sleep \([0-9.]*\).*/\1/p')
	awk -v s="$secs" '$1 == "link" && $2 == "bytes" { b = $3 } $1 == "link" && $2 == "traffic" { w = $4 }
		END { want = b / s / 1e6; exit !(s > 0 && want > 0 && w > 0.9 * want && w < 1.1 * want) }' stats.txt ||
		fail "$file: headline traffic is not the link bytes over $secs s: $(grep link stats.txt)"
done

# the README's other analysis lines, as written
while read -r cmd; do
	eval "$cmd" >out.txt 2>err.txt || fail "'$cmd': $(cat err.txt)"
done < <(awk '/^## Trace analysis/ { s = 1; next } /^## / { s = 0 } s && /^    pciescope report/ { sub(/^ +/, ""); sub(/ +#.*/, ""); print }' "$SRC_DIR/README.md")
[ -s report.html ] && [ -s t.json ] || fail "README's --html / --chrome-trace wrote nothing"

# "report: decode a PTT trace", line by line (perf's own line aside): trace.data
# comes from the section's record line, and the jq example selects entries
rm -rf decode && mkdir decode
cp perf.data decode/
(
	cd decode
	n=0
	while read -r cmd; do
		eval "$cmd" >out.txt 2>err.txt || fail "'$cmd': $(cat err.txt)"
		[ -s out.txt ] || [[ $cmd == "pciescope record "* ]] || fail "'$cmd' printed nothing"
		n=$((n + 1))
	done < <(awk '/^## report: decode a PTT trace/ { s = 1; next } /^## / { s = 0 }
		s && /^    pciescope / { sub(/^ +/, ""); sub(/ +# .*/, ""); print }' "$SRC_DIR/README.md")
	[ "$n" -ge 1 ] || fail "the decoding section has no pciescope line"
	[ -s trace.data ] || fail "no README line made trace.data"
	jqline=$(awk '/^## report: decode a PTT trace/ { s = 1; next } /^## / { s = 0 }
		s && /\| jq / { sub(/^ +/, ""); print; exit }' "$SRC_DIR/README.md")
	[ -n "$jqline" ] || fail "no jq example in the decoding section"
	eval "$jqline" >jq.txt || fail "'$jqline' failed"
	[ "$(grep -c . jq.txt)" -ge 10 ] || fail "'$jqline' selects $(grep -c . jq.txt) entries"
)

# the pipe example's event: perf's line with pciescope for perf, to a file
cmd=$(awk '/perf record -o - / { sub(/^ +/, ""); print; exit }' "$SRC_DIR/README.md")
ev=$(printf '%s\n' "$cmd" | sed -n 's/.* -e \([^ ]*\) .*/\1/p')
case $ev in *type=*) ;; *) fail "README pipe example has no type: $cmd" ;; esac
pciescope record -o pipe.data -e "$ev" -- sleep 0.01 2>rec.err || fail "'$ev': $(cat rec.err)"
pciescope report --no-header -i pipe.data >pipe.txt
[ -s pipe.txt ] && ! grep -qv ' MWr\| Msg' pipe.txt || fail "'$ev' traced other than posted TLPs"
echo ok
