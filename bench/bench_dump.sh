#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope report -D` against `cat` of the same dump text and against the
# installed `perf report -D`, on a 2 MiB and a 256 MiB 4DW trace (the
# generator of bench_report), written to /dev/null and through a pipe into
# `cat >/dev/null`.  For each: the least wall time and the least CPU time
# (perf stat task-clock of the whole command line, pipe and consumer
# included) of several runs, in ms: a shared machine only ever adds time,
# and CPU time is what it distorts least.  The ratio to cat is the figure
# the goal is stated in (docs/performance.md).  perf runs once per size: it
# takes long.  BENCH_DUMP_SIZES (MiB, default "2 256") and BENCH_DUMP_RUNS
# (default 9; 3 above 16 MiB) change the sizes and the repetitions.
set -eu
build=$BUILD_DIR
dir=$build/bench-dump
sizes=${BENCH_DUMP_SIZES:-2 256}
runs=${BENCH_DUMP_RUNS:-9}
stat=$dir/stat.txt
mkdir -p "$dir"

# best N command: sets wall and cpu to the least of N runs, in ms
best() {
	wall= cpu=
	i=0
	while [ $i -lt "$1" ]; do
		t0=$(date +%s%N)
		perf stat -x, -e task-clock -o "$stat" -- sh -c "$2"
		t1=$(date +%s%N)
		w=$(awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f", ns / 1e6 }')
		c=$(awk -F, '/task-clock/ { printf "%.2f", $1 }' "$stat")
		wall=$(awk -v a="$wall" -v b="$w" 'BEGIN { print (a == "" || b < a) ? b : a }')
		cpu=$(awk -v a="$cpu" -v b="$c" 'BEGIN { print (a == "" || b < a) ? b : a }')
		i=$((i + 1))
	done
}

row() { # label command-ours command-cat runs
	best "$4" "$2"
	ow=$wall oc=$cpu
	best "$4" "$3"
	awk -v l="$1" -v ow="$ow" -v oc="$oc" -v cw="$wall" -v cc="$cpu" 'BEGIN {
		printf "  %-28s wall %8.1f ms (cat %8.1f, ratio %.2f)   cpu %8.1f ms (cat %8.1f, ratio %.2f)\n",
		       l, ow, cw, ow / cw, oc, cc, oc / cc
	}'
}

for mib in $sizes; do
	data=$dir/ptt-4dw-$mib.data
	text=$dir/dump-$mib.txt
	[ -f "$data" ] || "$build/bench/bench_report" "$data" "$mib" 4dw >/dev/null
	"$build/pciescope" report -D -i "$data" >"$text"
	n=$runs
	[ "$mib" -gt 16 ] && n=3
	echo "trace: $mib MiB 4DW ($(wc -c <"$data") bytes), dump text $(wc -c <"$text") bytes"
	ours="'$build/pciescope' report -D -i '$data'"
	row "report -D >/dev/null" "$ours >/dev/null" "cat '$text' >/dev/null" $n
	row "report -D | cat >/dev/null" "$ours | cat >/dev/null" "cat '$text' | cat >/dev/null" $n
	best 1 "$ours >/dev/null"
	ow=$wall oc=$cpu
	best 1 "perf report -D -i '$data' >/dev/null 2>&1"
	awk -v l="perf report -D >/dev/null" -v ow="$ow" -v oc="$oc" -v pw="$wall" -v pc="$cpu" 'BEGIN {
		printf "  %-28s wall %8.1f ms (%.0fx report -D)   cpu %8.1f ms (%.0fx report -D)\n",
		       l, pw, pw / ow, pc, pc / oc
	}'
	rm -f "$text"
done
