#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `report --stats` throughput on a generated trace of at least 256 MiB (8DW
# and 4DW), beside `cat FILE >/dev/null` on the same file in the same run.
# Target: >= 1 GB/s per core and >= 1/5 of the speed of reading the file.
# "Per core" is bytes / CPU time (user + sys) of `--threads 1`, which other
# load on the machine skews less than wall time; the comparison with cat is
# in wall time with the default threads (one per CPU).  Each figure is the
# best of RUNS runs (default 3), the page cache warm.
set -eu
: "${BUILD_DIR:?}"
MIB=${MIB:-256}
RUNS=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best_of KIND CMD...: the least wall (%R) or cpu (%U + %S) seconds of RUNS runs
best_of() {
	/usr/bin/env bash -c 'kind=$1 runs=$2; shift 2
		for _ in $(seq "$runs"); do
			if [ "$kind" = wall ]; then TIMEFORMAT="%R"; else TIMEFORMAT="%U %S"; fi
			{ time "$@" > /dev/null; } 2>&1 | awk "{ print \$1 + \$2 }"
		done | sort -g | head -1' _ "$@"
}

for fmt in 8dw 4dw; do
	f=$tmp/$fmt.data
	"$BUILD_DIR/bench/bench_stats_gen" "$f" "$MIB" "$fmt" > /dev/null
	bytes=$(stat -c %s "$f")
	cat "$f" > /dev/null # warm the page cache
	cat_wall=$(best_of wall "$RUNS" cat "$f")
	one_cpu=$(best_of cpu "$RUNS" "$BUILD_DIR/pciescope" report -i "$f" --stats --threads 1)
	st_wall=$(best_of wall "$RUNS" "$BUILD_DIR/pciescope" report -i "$f" --stats)
	awk -v fmt="$fmt" -v b="$bytes" -v cw="$cat_wall" -v oc="$one_cpu" -v sw="$st_wall" \
	    -v cpus="$(nproc)" 'BEGIN {
		mb = b / 1e6
		printf "%s trace %.0f MB: report --stats %.0f MB/s per core (%.3f s cpu, 1 thread); ", fmt, mb, mb / oc, oc
		printf "%.3f s wall on %d threads = %.0f MB/s; cat %.3f s wall = %.0f MB/s; ", sw, cpus, mb / sw, cw, mb / cw
		printf "stats/cat (wall) %.2f\n", cw / sw
	}'
done
