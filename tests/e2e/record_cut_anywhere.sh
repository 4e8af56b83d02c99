#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A recording cut anywhere (head -c, a copy that stopped, a disk that lost
# its tail) still yields every entry whose bytes are in it: inside the
# headers, inside an AUXTRACE record's header or payload, at and inside an
# entry, in the feature sections after the data (tests/tools/perf_cuts.c
# works out, from the bytes alone, what each cut leaves).  A cut inside a
# payload is told by every view with what the record promised and what was
# there, and by the twin.  Files: gen_ptt_perfdata's, several small payloads
# in 4DW and in 8DW, and a recording of a whole 4 MiB buffer and a stop's
# part of one.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/record_cut.sh"
for f in 4dw 8dw; do
	${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o gen$f.data -f $f 4096 8192 2048 4096 ||
		err "gen_ptt_perfdata -f $f"
	cut_reads_every_entry gen$f.data || err "gen$f.data"
done
"$PCIESCOPE" record -o rec.data --workload mixed -e hisi_ptt0_2/filter=0x80011,type=7,direction=0/ \
	-- sleep 0.002 2>rec.err || err "record: $(cat rec.err)"
[ "$(${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/perf_cuts" rec.data | grep -c AUXTRACE_header)" = 2 ] ||
	err "the recording is not two payloads"
cut_reads_every_entry rec.data || err "rec.data"
# the twin of a file cut in its last payload is of the entries before the cut, and says so
cut=$(${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/perf_cuts" rec.data | awk '$3 != 0 { c = $1 } END { print c }')
head -c "$cut" rec.data >cutp.data
"$PCIESCOPE" twin cutp.data >twin.txt 2>&1 && grep -q 'its file ends inside a trace payload' twin.txt ||
	err "twin of rec.data cut at $cut: $(cat twin.txt)"
finish
