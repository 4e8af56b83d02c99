#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A PTT whose DMA reset does not show within the driver's ten polls
# ("dma_reset_reads" of its platform entry, docs/platforms.md): the driver
# gives up as the newer stable kernels do, the trace never starts, and
# record says so in one line naming the kernel's message, exits 1 and keeps
# the (empty) file.  A reset that shows on the tenth poll traces, and so
# does another PTT of the same machine.  A value that is no number of reads
# is refused at boot.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
EV='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'

# kunpeng930 with hisi_ptt0_2's (00:17.0) DMA reset taking $1 reads of TRACE_WR_STS
platform() {
	sed "s|\"bdf\": \"0000:00:17.0\", \"type\": \"rciep\", \"model\": \"hisi_ptt\",|&  \"dma_reset_reads\": $1,|" \
		"$SRC_DIR/platforms/kunpeng930.json" >"reset$1.json"
	grep -q "\"dma_reset_reads\": $1" "reset$1.json" || err "no PTT entry to change in kunpeng930.json"
}

platform 11
"$P" record --platform reset11.json -o stuck.data -e "$EV" -- sleep 0.002 >out 2>rec.err
rc=$?
want="pciescope: record: $EV: the driver never started the trace of hisi_ptt0_2, so nothing was traced (the kernel log says \"hisi_ptt0_2: timed out waiting for DMA reset\"); stuck.data keeps the empty recording"
[ $rc = 1 ] && [ "$(head -1 rec.err)" = "$want" ] || err "a stuck DMA reset: exit $rc, $(cat rec.err)"
[ -s stuck.data ] || err "the empty recording was not kept"
"$P" report -i stuck.data >/dev/null 2>rep.err
grep -q 'the PTT session recorded no trace data' rep.err || err "report of the empty recording: $(cat rep.err)"
"$P" record --platform reset11.json -o other.data \
	-e 'hisi_ptt0_3/filter=0x80001,type=1,direction=1,format=1/' -- sleep 0.002 2>other.err ||
	err "the other PTT of the machine: $(cat other.err)"

platform 10
"$P" record --platform reset10.json -o slow.data -e "$EV" -- sleep 0.002 2>slow.err ||
	err "a reset on the tenth poll: $(cat slow.err)"
grep -q 'TLP headers, 8DW' slow.err && ! grep -q 'never started' slow.err || err "$(cat slow.err)"

platform '"soon"'
out=$("$P" record --platform 'reset"soon".json' -o bad.data -e "$EV" -- sleep 0.002 2>&1)
[ $? = 1 ] && grep -q 'dma_reset_reads: not a number of reads from 0 to 1000000' <<<"$out" ||
	err "a reset that is no number: $out"
finish
