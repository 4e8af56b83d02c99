#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Decode throughput of `pciescope report` (-D, default, --json) against the
# installed `perf report -D` on the same generated PTT trace, in one run.
# Wall time and CPU time (perf stat task-clock: the time on one core, which
# a busy shared machine distorts less) are both shown; outputs go to
# /dev/null.  BENCH_REPORT_MIB (default 256) and BENCH_REPORT_FORMAT (4dw or
# 8dw) choose the trace.
set -eu
build=$BUILD_DIR
mib=${BENCH_REPORT_MIB:-256}
fmt=${BENCH_REPORT_FORMAT:-4dw}
dir=$build/bench-report
mkdir -p "$dir"
data=$dir/ptt-$fmt-$mib.data
[ -f "$data" ] || "$build/bench/bench_report" "$data" "$mib" "$fmt"
bytes=$((mib * 1024 * 1024))
esz=16
[ "$fmt" = 8dw ] && esz=32
entries=$((bytes / esz))
stat=$dir/stat.txt

# run LABEL VAR command...: prints one line of figures, sets VAR to CPU ms
run() {
	label=$1 var=$2
	shift 2
	t0=$(date +%s%N)
	perf stat -x, -e task-clock -o "$stat" -- "$@" >/dev/null 2>&1
	t1=$(date +%s%N)
	cpu=$(awk -F, '/task-clock/ { print $1 }' "$stat")
	awk -v l="$label" -v ns="$((t1 - t0))" -v cpu="$cpu" -v b="$bytes" -v e="$entries" 'BEGIN {
		s = ns / 1e9; c = cpu / 1e3
		printf "%-24s wall %7.2f s %6.1f MB/s | cpu %7.2f s %11.0f entries/s %6.1f MB/s\n",
		       l, s, b / s / 1e6, c, e / c, b / c / 1e6
	}'
	eval "$var=$cpu"
}

echo "trace: $mib MiB of $fmt entries ($entries entries), $data"
run "pciescope report -D" ours "$build/pciescope" report -D -i "$data"
run "pciescope report" lines "$build/pciescope" report -i "$data"
run "pciescope report --json" json "$build/pciescope" report --json -i "$data"
run "perf report -D" theirs perf report -D -i "$data"
awk -v a="$ours" -v p="$theirs" \
	'BEGIN { printf "ratio (cpu): pciescope report -D is %.1fx faster than perf report -D\n", p / a }'
