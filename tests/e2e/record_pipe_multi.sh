#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `record -o -` writes perf's pipe mode to standard output (status lines on
# stderr), which `report -i -` reads in every view, entry for entry as the
# file-mode recording of the same run.  Several -e record one PTT device
# each into one perf.data: one attribute and id per event, every device's
# trace in it, in both modes.  The installed perf reads both in
# ext_perf_record_pipe_multi.sh.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf ./*
P=$PCIESCOPE
E0='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'
E1='hisi_ptt1_0/filter=0x80001,type=1,direction=1,format=1/'

"$P" record -o - -e "$E0" -- sleep 0.005 >pipe.data 2>rec.err || err "pipe: $(cat rec.err)"
[ -e ./- ] && err "pipe: a file named '-' was written"
[ "$(head -c 8 pipe.data)" = PERFILE2 ] || err "pipe: no perf.data magic on stdout"
[ "$(od -An -tu8 -j8 -N8 pipe.data | tr -d ' ')" = 16 ] || err "pipe: not a pipe-mode header"
n=$(sed -n 's/^\[ pciescope record: Captured and wrote .* MB - (\([0-9]*\) TLP headers, 8DW) \]$/\1/p' rec.err)
[ -n "$n" ] && [ "$n" -gt 0 ] || err "pipe: status lines: $(cat rec.err)"
"$P" record -o file.data -e "$E0" -- sleep 0.005 2>/dev/null
"$P" report --no-header -i file.data >file.txt
"$P" report --no-header -i - <pipe.data >pipe.txt 2>view.err || err "pipe: report: $(cat view.err)"
[ "$(wc -l <pipe.txt)" = "$n" ] || err "pipe: report decodes $(wc -l <pipe.txt), record wrote $n"
cmp -s pipe.txt file.txt || err "pipe: the pipe and the file of the same run decode differently"
for v in -D --json --stats --latency; do
	"$P" report -i file.data $v >f.out 2>/dev/null
	"$P" record -o - -e "$E0" -- sleep 0.005 2>/dev/null | "$P" report -i - $v >p.out 2>view.err ||
		err "pipe: record | report $v: $(cat view.err)"
	diff <(grep -v '^input ' f.out) <(grep -v '^input ' p.out) >/dev/null ||
		err "pipe: record | report $v differs from the file's"
done

# A reader that goes away is a write error naming the output, not a silent death.
"$P" record -o - -e "$E0" -- sleep 0.01 2>rec.err | head -c 100 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" = 1 ] || err "closed pipe: exit $rc"
[ "$(cat rec.err)" = "pciescope: record: writing -: Broken pipe" ] || err "closed pipe: $(cat rec.err)"

# Two devices, file and pipe mode.
for out in two.data -; do
	if [ "$out" = - ]; then
		"$P" record -o - -e "$E0" -e "$E1" -- sleep 0.005 >two.pipe 2>rec.err
		in=two.pipe
	else
		"$P" record -o two.data -e "$E0" -e "$E1" -- sleep 0.005 2>rec.err
		in=two.data
	fi
	n=$(sed -n 's/^\[ pciescope record: Captured and wrote .* MB .* (\([0-9]*\) TLP headers, 8DW) \]$/\1/p' rec.err)
	got=$("$P" report --no-header -i - <$in 2>view.err | wc -l)
	[ -n "$n" ] && [ "$got" = "$n" ] || err "two -e ($out): report decodes $got, record wrote $n: $(cat rec.err view.err)"
	one=$("$P" record -o - -e "$E0" -- sleep 0.005 2>/dev/null | "$P" report --no-header -i - | wc -l)
	other=$("$P" record -o - -e "$E1" -- sleep 0.005 2>/dev/null | "$P" report --no-header -i - | wc -l)
	[ "$got" = $((one + other)) ] || err "two -e ($out): $got entries, the devices alone give $one + $other"
	[ "$other" -gt 0 ] || err "two -e: $E1 traces nothing"
done
finish
