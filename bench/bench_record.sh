#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope record` end to end (docs/performance.md, *PTT tracing*), as
# traced TLPs per CPU second (user + system) of the whole command, under
# the mixed workload at full rate, for this tree ("new") and, in the same
# run, the tree of OLD_REV (default b6105d4, the engine before tracing in
# the rate model; built by fabric_old.sh; OLD=0 skips it), REPS times each
# (default 3), trees alternating:
#   in   every inbound TLP of core 2 (4DW) for SIM simulated seconds (default 0.1);
#   doc  the PTT document's record line, outbound posted TLPs of 00:10.x
#        (8DW), for DOC_SIM seconds (default 0.1, the line's sleep 5 cut short).
# After each recording the floor: dd writing as many bytes into the same
# directory, in the same units.  Then this tree's fidelity: each recording
# against the per-TLP engine's for the same seed (PCIESCOPE_RATE_MODEL=0),
# every figure of report --stats of at least 1000 TLPs (stats_drift.awk).
set -eu
sim=${SIM:-0.1}
doc_sim=${DOC_SIM:-0.1}
reps=${REPS:-3}
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
bins=$(sh "$SRC_DIR/bench/trees.sh" b6105d4)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
in_ev='hisi_ptt0_2/filter=0x80011,type=7,direction=0,format=0/'
doc_ev='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'

# cpu CMD...: user + system seconds of the command: perf stat's task clock
# where perf runs (to the microsecond: the document's line takes tens of
# milliseconds), else /usr/bin/time's (to 10 ms); its stderr in $tmp/err
cpu() {
	if perf stat -x, -e task-clock -o "$tmp/t" true 2>/dev/null; then
		perf stat -x, -e task-clock -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err"
		awk -F, '$3 == "task-clock" { printf "%.4f\n", $1 / 1000 }' "$tmp/t"
	else
		/usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err"
		awk '{ print $1 + $2 }' "$tmp/t"
	fi
}

# record BIN EVENT SECONDS [ENV...]: $tmp/p.data in a fresh state; prints its CPU seconds
record() {
	b=$1 ev=$2 s=$3
	shift 3
	rm -rf "$tmp/state" "$tmp/p.data" "$tmp/p.data.old" && mkdir -p "$tmp/state"
	(cd "$tmp" && cpu env PCIESCOPE_STATE_DIR="$tmp/state" "$@" "$b/pciescope" record \
		--workload mixed -o "$tmp/p.data" -e "$ev" -- sleep "$s")
}

# one TREE NAME EVENT SECONDS: a recording and the dd floor of its bytes
one() {
	b=$1 name=$2
	case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
	s=$(record "$b" "$3" "$4")
	n=$(sed -n 's/.*(\([0-9]*\) TLP headers.*/\1/p' "$tmp/err")
	bytes=$(stat -c %s "$tmp/p.data")
	printf '%s %s: %6.2f M traced TLPs per CPU s (%s TLPs, %s bytes, %s CPU s)' \
		"$v" "$name" "$(echo "$n / $s / 1000000" | bc -l)" "$n" "$bytes" "$s"
	# ten times the bytes, a tenth of the time: above the timer's 10 ms
	rm -f "$tmp/dd.out"
	s=$(cpu dd if=/dev/zero of="$tmp/dd.out" bs=4M count="$((bytes * 10 / 4194304 + 1))")
	rm -f "$tmp/dd.out"
	printf '; dd floor %6.2f M\n' "$(echo "$n * 10 / $s / 1000000" | bc -l)"
}

for r in $(seq "$reps"); do
	for b in $bins; do
		one "$b" in "$in_ev" "$sim"
		one "$b" doc "$doc_ev" "$doc_sim"
	done
done

for c in "in $in_ev $sim" "doc $doc_ev $doc_sim"; do
	# shellcheck disable=SC2086 # name, event and seconds, split
	set -- $c
	record "$BUILD_DIR" "$2" "$3" PCIESCOPE_RATE_MODEL=0 >/dev/null
	"$BUILD_DIR/pciescope" report --stats --csv -i "$tmp/p.data" >"$tmp/engine.csv" 2>/dev/null
	record "$BUILD_DIR" "$2" "$3" >/dev/null
	"$BUILD_DIR/pciescope" report --stats --csv -i "$tmp/p.data" >"$tmp/rate.csv" 2>/dev/null
	printf 'new %s against the per-TLP engine, report --stats: ' "$1"
	awk -v min=1000 -f "$SRC_DIR/tests/e2e/lib/stats_drift.awk" "$tmp/engine.csv" \
		"$tmp/rate.csv" || true
done
