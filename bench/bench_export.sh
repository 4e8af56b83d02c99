#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Peak memory of the streaming exporters, `report --pcap` and `report
# --chrome-trace`, on generated 8DW traces of two sizes (bench_stats_gen:
# storage-like reads with completions, posted writes): the peak resident set
# (GNU time's %M) must not grow with the trace.  BENCH_EXPORT_MIB (default
# "8 64") lists the sizes; the outputs are deleted after each run.
set -eu
build=$BUILD_DIR
dir=$build/bench-export
mkdir -p "$dir"

for mib in ${BENCH_EXPORT_MIB:-8 64}; do
	data=$dir/ptt-8dw-$mib.data
	[ -f "$data" ] || "$build/bench/bench_stats_gen" "$data" "$mib" 8dw >/dev/null
	for how in pcap chrome-trace; do
		out=$dir/out.$how
		/usr/bin/time -f "%M %e" -o "$dir/time" \
			"$build/pciescope" report -i "$data" --$how "$out" >/dev/null
		read -r rss secs <"$dir/time"
		printf "%4s MiB trace  --%-13s peak RSS %6d KiB  output %7.1f MB  wall %6.2f s\n" \
			"$mib" "$how" "$rss" "$(($(stat -c %s "$out") / 1000))e-3" "$secs"
		rm -f "$out"
	done
done
