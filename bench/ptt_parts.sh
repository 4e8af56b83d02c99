#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Instructions per traced TLP of bench_ptt part 2 (kunpeng930, hisi_ptt0_2
# tracing every inbound TLP of core 2), by part, from callgrind: a run of
# 2 ms simulated minus one of 1 ms, so boot and the AUX area's setup drop
# out.  Instruction counts, unlike CPU time, do not move with the machine's
# load.  Usage: ptt_parts.sh BENCH_PTT [BENCH_PTT...] (e.g. the old tree's
# from fabric_old.sh beside this one's); not run by `make bench`, it takes
# a minute per binary.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# self cost per function of one run: "Ir<TAB>file:function"; the TLP count in $1.n
profile() {
	valgrind --tool=callgrind --callgrind-out-file="$1.cg" "$2" 1000 "$3" 2>/dev/null |
		sed -n 's/.*(\([0-9]*\) TLPs in.*/\1/p' >"$1.n"
	callgrind_annotate --auto=no --threshold=100 "$1.cg" 2>/dev/null |
		awk '/file:function/ { on = 1; next }
		     on && $1 ~ /^[0-9,]+$/ && $0 !~ /PROGRAM TOTALS/ {
			ir = $1; gsub(",", "", ir); sub(/^ *[0-9,]+ +\([ 0-9.%]+\) +/, "")
			print ir "\t" $0 }' >"$1.txt"
}

for b in "$@"; do
	profile "$tmp/a" "$b" 1000000
	profile "$tmp/b" "$b" 2000000
	n=$(($(cat "$tmp/b.n") - $(cat "$tmp/a.n")))
	echo "== $b ($n traced TLPs in the second ms)"
	awk -F '\t' -v n="$n" '
	function part(f) {
		if (f ~ /:notify |hdr\.c:/) return "observer call and header"
		if (f ~ /src\/hw\/ptt/) return "PTT model"
		if (f ~ /src\/drivers\/hisi_ptt/) return "PTT driver"
		if (f ~ /src\/core\/perf/) return "perf core (AUX)"
		if (f ~ /mem(cpy|move|set)/) return "memcpy (DMA buffer to AUX)"
		if (f ~ /src\/fabric\//) return "fabric engine"
		return "other"
	}
	FNR == NR { a[$2] = $1; next }
	{ s[part($2)] += $1 - a[$2]; t += $1 - a[$2] }
	END {
		for (p in s) printf "%8.1f  %s\n", s[p] / n, p
		printf "%8.1f  total\n", t / n
	}' "$tmp/a.txt" "$tmp/b.txt" | sort -rn
done
