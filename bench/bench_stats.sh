#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `report --stats` throughput on a generated trace of at least 256 MiB (8DW
# and 4DW), beside `cat FILE >/dev/null` on the same file in the same run.
# Target: >= 1 GB/s per core and >= 1/5 of the speed of reading the file.
# Throughput is computed from CPU time (user + sys) of the one-threaded
# command, so other load on the machine skews it less than wall time.
set -eu
: "${BUILD_DIR:?}"
MIB=${MIB:-256}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu_seconds() { # runs "$@", prints its user+sys seconds
	/usr/bin/env bash -c 'TIMEFORMAT="%U %S"; { time "$@" > /dev/null; } 2>&1 | awk "{ print \$1 + \$2 }"' _ "$@"
}

wall_seconds() {
	/usr/bin/env bash -c 'TIMEFORMAT="%R"; { time "$@" > /dev/null; } 2>&1' _ "$@"
}

for fmt in 8dw 4dw; do
	f=$tmp/$fmt.data
	"$BUILD_DIR/bench/bench_stats_gen" "$f" "$MIB" "$fmt" > /dev/null
	bytes=$(stat -c %s "$f")
	cat "$f" > /dev/null # warm the page cache for both
	cat_wall=$(wall_seconds cat "$f")
	cat_cpu=$(cpu_seconds cat "$f")
	st_wall=$(wall_seconds "$BUILD_DIR/pciescope" report -i "$f" --stats)
	st_cpu=$(cpu_seconds "$BUILD_DIR/pciescope" report -i "$f" --stats)
	awk -v fmt="$fmt" -v b="$bytes" -v cw="$cat_wall" -v cc="$cat_cpu" -v sw="$st_wall" \
	    -v sc="$st_cpu" 'BEGIN {
		mb = b / 1e6
		printf "%s trace %.0f MB: report --stats %.0f MB/s per core (%.2f s cpu, %.2f s wall); ", fmt, mb, mb / sc, sc, sw
		printf "cat %.0f MB/s (%.2f s wall, %.2f s cpu); ratio stats/cat (wall) %.2f\n", mb / cw, cw, cc, cw / sw
	}'
done
