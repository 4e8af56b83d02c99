#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Interoperability with the installed Linux perf (6.1):
#  1. for 4DW and 8DW files with several AUXTRACE chunks of different sizes
#     written by pciescope's writer, `pciescope report -D` prints exactly the
#     HISI PTT lines of `perf report -D` (colour codes stripped);
#  2. perf reads the header the writer finished (event name, PMU mapping);
#  3. perf's own re-write of such a file (`perf inject`, file and pipe mode)
#     reads back to the same decoded output in every view;
#  4. an AUXTRACE_INFO with a second priv word (decoder version) is read by
#     both alike; one without priv[0] is refused by perf, as pciescope's
#     warning says.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen="$BUILD_DIR/tests/gen_ptt_perfdata"

hisi_lines() {
	sed 's/\x1b\[[0-9;]*m//g' | grep -E '^\. \.\.\. HISI PTT data: |^\.  [0-9a-f]{8}: ' || true
}

check_file() { # name format sizes...
	local name=$1 fmt=$2
	shift 2
	"$gen" -o "$name.data" -f "$fmt" -s 7 "$@"

	perf report -D -i "$name.data" 2>/dev/null | hisi_lines >"$name.perf"
	"$PCIESCOPE" report -D -i "$name.data" >"$name.ours" 2>"$name.err"
	[ "$(grep -c 'HISI PTT data' "$name.perf")" -eq $# ]
	diff -u "$name.perf" "$name.ours"

	# perf reads the header the writer finished: event name, PMU mapping
	perf report --header-only -i "$name.data" >"$name.hdr" 2>&1
	grep -q '^# event : name = hisi_ptt0_2//, .*type = 42' "$name.hdr"
	grep -q '^# pmu mappings: hisi_ptt0_2 = 42' "$name.hdr"

	# perf inject re-writes the file in its own layout (and as a pipe)
	perf inject -i "$name.data" -o "$name.inject" 2>/dev/null
	perf inject -i "$name.data" -o - >"$name.pipe" 2>/dev/null
	for view in "-D" "--json" ""; do
		"$PCIESCOPE" report $view -i "$name.data" >"$name.a" 2>/dev/null
		"$PCIESCOPE" report $view -i "$name.inject" >"$name.b" 2>/dev/null
		"$PCIESCOPE" report $view -i - <"$name.pipe" >"$name.c" 2>/dev/null
		[ -s "$name.a" ]
		cmp "$name.a" "$name.b"
		cmp "$name.a" "$name.c"
	done
}

# Chunk sizes: different sizes, one of a single entry, one not a multiple of
# the entry size (perf rounds it down; pciescope reports the partial entry).
check_file t4 4dw 4096 16 65536 272 1032
grep -q 'partial 4DW entry (8 bytes at trace offset 0x11520)' t4.err
check_file t8 8dw 8192 32 131072 4128 100
grep -q 'partial 8DW entry (8 bytes at trace offset 0x230a0)' t8.err

"$gen" -o p2.data -f 4dw -s 7 -p 2 4096 272
perf report -D -i p2.data 2>/dev/null | hisi_lines >p2.perf
"$PCIESCOPE" report -D -i p2.data | diff -u p2.perf -
"$gen" -o p0.data -f 4dw -s 7 -p 0 4096
perf report -D -i p0.data >p0.perf 2>&1 || true
grep -q 'failed to process type: 70 \[Invalid argument\]' p0.perf
! grep -q 'HISI PTT data' p0.perf
"$PCIESCOPE" report -D -i p0.data >p0.ours 2>p0.err
grep -q 'HISI PTT data: size 4096 bytes' p0.ours
grep -q 'perf report refuses such a file' p0.err
echo "ok: report -D equals perf report -D; perf inject output reads back identically"
