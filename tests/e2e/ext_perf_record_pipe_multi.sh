#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The installed perf (6.1) reads what `pciescope record -o -` streams
# (`perf report -i -`, and `perf report -D -i -` dumps the HISI PTT data
# line for line as `pciescope report -D` does), and a recording of two PTT
# devices (two -e) in file and pipe mode: two events with their own ids,
# the AUXTRACE records of each device under its own index, every entry.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf ./*
P=$PCIESCOPE
E0='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'
E1='hisi_ptt1_0/filter=0x80001,type=1,direction=1,format=1/'
ptt_lines() { grep -E '^\. \.\.\. HISI PTT data|^\.  [0-9a-f]{8}: '; }

"$P" record -o - -e "$E0" -- sleep 0.005 2>/dev/null | perf report -i - >report.txt 2>report.err ||
	err "perf report -i -: $(cat report.err)"
grep -q "Error:" report.err && ! grep -q "has no samples" report.err && err "perf report -i -: $(cat report.err)"
# perf 6.1 decodes a hisi_ptt stream only from a real pipe: a pipe-mode
# stream saved in a regular file, given as -i FILE or on stdin, is misread
# by 16 bytes (its decoder reads the payload at the descriptor's offset).
"$P" record -o - -e "$E0" -- sleep 0.005 2>/dev/null >pipe.data
cat pipe.data | perf report -D -i - 2>perf.err | ptt_lines >perf.ptt
"$P" report -D -i - <pipe.data | ptt_lines >ours.ptt
grep -q '^\. \.\.\. HISI PTT data: size [1-9]' perf.ptt || err "perf report -D -i -: no HISI PTT data: $(head -3 perf.err)"
cmp -s perf.ptt ours.ptt || err "perf report -D -i -: differs from pciescope report -D"

for mode in file pipe; do
	if [ $mode = pipe ]; then
		"$P" record -o - -e "$E0" -e "$E1" -- sleep 0.005 >two.data 2>/dev/null
	else
		"$P" record -o two.data -e "$E0" -e "$E1" -- sleep 0.005 2>/dev/null
	fi
	if [ $mode = pipe ]; then
		cat two.data | perf report -D -i - >dump.txt 2>perf.err
	else
		perf report -D -i two.data >dump.txt 2>perf.err
	fi || err "$mode: perf: $(head -3 perf.err)"
	ptt_lines <dump.txt >perf.ptt
	"$P" report -D -i two.data | ptt_lines >ours.ptt
	cmp -s perf.ptt ours.ptt || err "$mode: perf report -D differs from pciescope report -D"
	for idx in 0 1; do
		grep -q "PERF_RECORD_AUXTRACE size: .* idx: $idx " dump.txt || err "$mode: no AUXTRACE of device $idx"
	done
	[ "$(grep -c 'PERF_RECORD_ITRACE_START' dump.txt)" = 2 ] || err "$mode: not one ITRACE_START per device"
done
"$P" record -o two.data -e "$E0" -e "$E1" -- sleep 0.005 2>/dev/null
perf report --header-only -i two.data >header.txt 2>/dev/null
for e in "$E0" "$E1"; do
	grep -qF "# event : name = $e, , id = {" header.txt || err "perf sees no event $e"
done
grep -q '^# pmu mappings: hisi_ptt0_2 = [0-9]*, hisi_ptt1_0 = [0-9]*$' header.txt || err "pmu mappings: $(grep pmu header.txt)"
finish
