#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Memory and CPU of every analysing view and of diagnose on a hostile trace
# (random 4DW entries, bench_hostile_gen: every requester, tag and kind)
# beside a well-formed trace of the same size (bench_stats_gen 4dw), 32 and
# 64 MiB (SIZES="32 64").  Peak RSS and CPU (user + sys) from GNU time,
# the least CPU of RUNS runs (default 3).  The bound (docs/reliability.md):
# under 256 MiB and within 3x the well-formed trace's CPU.  The timeline is
# asked for 1 ms windows: its output grows with the trace's time span over
# the width the user chose, and random 4DW times span 20 times longer.
set -eu
: "${BUILD_DIR:?}"
SIZES=${SIZES:-32 64}
RUNS=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P=$BUILD_DIR/pciescope

# measure FILE ARGS...: "RSS_MIB CPU_S" of the least-CPU run of RUNS
measure() {
	f=$1
	shift
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%M %U %S" -o "$tmp/time" "$P" "$@" -i "$f" > /dev/null 2>&1 || true
		tail -n 1 "$tmp/time" | awk '{ printf "%.1f %.2f\n", $1 / 1024, $2 + $3 }'
	done | sort -k2 -g | head -1
}

printf '%-28s %5s %10s %9s %10s %9s %6s\n' view MiB "good RSS" "good CPU" "bad RSS" "bad CPU" "CPU x"
for mib in $SIZES; do
	"$BUILD_DIR/bench/bench_stats_gen" "$tmp/good.data" "$mib" 4dw > /dev/null
	"$BUILD_DIR/bench/bench_hostile_gen" "$tmp/bad.data" "$mib"
	for view in "report --stats" "report --latency" "report --timeline 1ms" \
		"report --html $tmp/r.html" "report --chrome-trace $tmp/c.json" "diagnose"; do
		# shellcheck disable=SC2086 # the view is a command and its options
		good=$(measure "$tmp/good.data" $view)
		# shellcheck disable=SC2086
		bad=$(measure "$tmp/bad.data" $view)
		echo "$view" | sed "s|$tmp/||" | awk -v mib="$mib" -v g="$good" -v b="$bad" '{
			split(g, x, " "); split(b, y, " ")
			printf "%-28s %5d %8.1f M %7.2f s %8.1f M %7.2f s %6.1f\n", $0, mib,
			       x[1], x[2], y[1], y[2], (x[2] > 0 ? y[2] / x[2] : 0) }'
	done
done
