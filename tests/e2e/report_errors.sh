#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope report` on bad input: one line naming the file and the problem,
# a non-zero exit, and everything decoded before the problem still printed.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen="$BUILD_DIR/tests/gen_ptt_perfdata"

expect_error() { # description expected-stderr-line report-args...
	local what=$1 want=$2 rc
	shift 2
	"$PCIESCOPE" report "$@" >out.txt 2>err.txt
	rc=$?
	if [ $rc -eq 0 ] || [ "$(cat err.txt)" != "$want" ]; then
		err "$what: rc=$rc stderr: $(cat err.txt) (want: $want)"
	fi
}

echo "hello, world, this is not a perf.data file" >text.data
expect_error "not perf.data" "pciescope: report: text.data: not a perf.data file (bad magic)" -i text.data
: >empty.data
expect_error "empty" "pciescope: report: empty.data: not a perf.data file (only 0 bytes)" -i empty.data
expect_error "missing" "pciescope: report: nope.data: No such file or directory" -i nope.data

${PCIESCOPE_RUNNER:-} "$gen" -o none.data -f 4dw -a none 64
expect_error "no PTT" \
	"pciescope: report: none.data: no PTT data (AUXTRACE at offset 0x1d8 without an AUXTRACE_INFO record)" \
	-i none.data
${PCIESCOPE_RUNNER:-} "$gen" -o pt.data -f 4dw -a 1 64
expect_error "Intel PT" "pciescope: report: pt.data: unknown AUXTRACE type 1 (not HISI PTT data)" \
	-i pt.data

# Cut the file inside its second AUXTRACE payload: the header's data section
# now runs past the end of the file.  The first chunk is decoded and kept,
# and so is every whole entry of the second one the file holds (1240 bytes:
# 77 entries).
${PCIESCOPE_RUNNER:-} "$gen" -o full.data -f 4dw 4096 4096
head -c 6000 full.data >cut.data
expect_error "truncated" \
	"pciescope: report: cut.data: truncated: the AUXTRACE record at offset 0x1268 promised 4096 bytes of trace, the file holds 1240 of them (every whole entry among them was read)" \
	--no-header -i cut.data
if [ "$(wc -l <out.txt)" -ne 333 ]; then
	err "truncated: $(wc -l <out.txt) entries before the cut, want 256 + 77"
fi
head -c 4000 full.data >cut2.data
expect_error "truncated at a record" \
	"pciescope: report: cut2.data: truncated: the AUXTRACE record at offset 0x1f0 promised 4096 bytes of trace, the file holds 3456 of them (every whole entry among them was read)" \
	-D -i cut2.data

# The same cut in pipe mode.
perf_pipe() { # a pipe-mode image: pipe header + the data section of full.data
	local at size
	read -r at size < <(od -An -tu8 -j40 -N16 full.data)
	printf 'PERFILE2\x10\x00\x00\x00\x00\x00\x00\x00'
	tail -c +$((at + 1)) full.data | head -c "$size"
}
perf_pipe | head -c 6000 >cut.pipe
expect_error "truncated pipe" \
	"pciescope: report: -: truncated: the AUXTRACE record at offset 0x1178 promised 4096 bytes of trace, the stream holds 1480 of them (every whole entry among them was read)" \
	--json -i - <cut.pipe
if [ "$(wc -l <out.txt)" -ne 348 ]; then
	err "truncated pipe: $(wc -l <out.txt) entries before the cut, want 256 + 92"
fi

expect_error "bad option" "pciescope: report: unexpected argument 'extra'" extra
finish
