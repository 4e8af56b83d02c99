#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A recording cut short keeps what it captured (docs/reliability.md).
# SIGINT and SIGTERM stop the command, the trace is drained and the file
# finished with the closing lines, and pciescope dies of the signal as perf
# record does.  After SIGKILL, a full file system or a file size limit the
# file still opens: every view of `report` reads it, exit 0, with one
# warning that says it was not closed and how much was recovered.  The
# installed perf reads the same files in ext_perf_record_interrupt.sh.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
if [ -z "${REC_IN_NS:-}" ]; then # a private mount namespace for the small tmpfs
	exec env REC_IN_NS=1 unshare -m --propagation private bash "$0" "$@"
fi
cd "$TEST_TMP"
rm -rf ./*
. "$SRC_DIR/tests/e2e/lib/record_cut.sh"

# SIGINT, SIGTERM: a closed file with everything the summary counted.
for sig in INT TERM; do
	want=$((128 + $(kill -l $sig)))
	record_cut $sig.data $sig
	[ "$rec_rc" = "$want" ] || err "SIG$sig: exit $rec_rc, want $want: $(cat rec.err)"
	grep -q '^\[ pciescope record: Woken up [0-9]* times to write data \]$' rec.err ||
		err "SIG$sig: no 'Woken up' line: $(cat rec.err)"
	n=$(sed -n "s/^\[ pciescope record: Captured and wrote .* MB $sig.data (\([0-9]*\) TLP headers, 8DW) \]$/\1/p" rec.err)
	[ -n "$n" ] || err "SIG$sig: no 'Captured and wrote' line: $(cat rec.err)"
	got=$(entries $sig.data)
	[ "$got" = "$n" ] || err "SIG$sig: report decodes $got entries, record wrote $n"
	[ -s view.err ] && err "SIG$sig: report of a closed file says: $(cat view.err)"
	views_read $sig.data || err "report cannot read $sig.data"
done

# The signal also ends a real command (here on the emulated backend), which
# gets SIGTERM as perf record's workload does.
"$PCIESCOPE" record -o real.data -e "$REC_EVENT" -- sh -c 'echo $$ >child.pid; exec sleep 1000' \
	2>rec.err &
pid=$!
while [ ! -s child.pid ]; do sleep 0.05; done
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || err "real command: exit $rc, want 130: $(cat rec.err)"
kill -0 "$(cat child.pid)" 2>/dev/null && err "real command: the command still runs"
grep -q '^\[ pciescope record: Captured and wrote' rec.err || err "real command: $(cat rec.err)"
"$PCIESCOPE" report -i real.data >/dev/null 2>view.err || err "real command: $(cat view.err)"

# SIGKILL: not closed; every complete record is read.  Killed once a second
# chunk is being written, as ext_perf_record_interrupt does: at 4 MiB the kill
# can land inside the first chunk's write and leave no complete chunk, and a
# second chunk under way means the first and its headers are whole, however
# long the headers before it are.
record_cut KILL.data KILL $(((8 << 20) + 4096))
[ "$rec_rc" = 137 ] || err "SIGKILL: exit $rec_rc"
views_read KILL.data || err "report cannot read KILL.data"
grep -v '^pciescope: report: KILL.data: warning: the file was not closed (the recording was killed or its disk filled): recovered [0-9]* records, [0-9]* bytes' views.err &&
	err "SIGKILL: unexpected stderr"
[ "$(grep -c 'was not closed' views.err)" = 8 ] || err "SIGKILL: not every view warns: $(cat views.err)"
[ "$(entries KILL.data)" -ge 131072 ] || err "SIGKILL: fewer entries than one 4 MiB chunk"

# A full file system (6 MiB tmpfs) and a file size limit (6 MiB; SIGXFSZ
# ignored, so the write fails with EFBIG): the error names the file, exit 1,
# and the file reads up to its last complete record and the whole entries of
# the AUXTRACE record it ends in, which every view tells.
mkdir -p FULL
mount -t tmpfs -o size=6m tmpfs FULL
record_full FULL
[ "$rec_rc" = 1 ] || err "ENOSPC: exit $rec_rc"
[ "$(cat rec.err)" = "pciescope: record: writing FULL/perf.data: No space left on device" ] ||
	err "ENOSPC: $(cat rec.err)"
views_read FULL/perf.data || err "report cannot read FULL/perf.data"
# entries_of_cut WHAT FILE: one 4 MiB buffer of 8DW entries and those of the
# cut record's bytes, which every view said (views.err).
entries_of_cut() {
	local held
	held=$(sed -n 's/.*; the AUXTRACE record at offset 0x[0-9a-f]* promised 4194304 bytes of trace, the file holds \([0-9]*\) of them (every whole entry among them was read).*/\1/p' views.err | sort -u)
	[ "$(grep -c 'promised 4194304 bytes' views.err)" = 8 ] && [ -n "$held" ] ||
		err "$1: not every view says what the cut record promised: $(cat views.err)"
	[ "$(entries "$2")" = $((131072 + ${held:-0} / 32)) ] ||
		err "$1: $(entries "$2") entries, want 131072 and ${held:-0} / 32"
}
grep -q '^pciescope: report: FULL/perf.data: warning: the file was not closed .*: recovered [0-9]* records, [0-9]* bytes; the AUXTRACE record at offset 0x[0-9a-f]* promised 4194304 bytes of trace, the file holds [0-9]* of them (every whole entry among them was read); nothing after [0-9.]* [mun]*s of recording (its last record) is in it$' views.err ||
	err "ENOSPC: $(cat views.err)"
entries_of_cut ENOSPC FULL/perf.data
umount FULL

mkdir -p LIMIT
(ulimit -f 6144 && trap '' XFSZ && record_full LIMIT && exit "$rec_rc")
rc=$?
[ $rc = 1 ] || err "EFBIG: exit $rc"
[ "$(cat rec.err)" = "pciescope: record: writing LIMIT/perf.data: File too large" ] ||
	err "EFBIG: $(cat rec.err)"
views_read LIMIT/perf.data || err "report cannot read LIMIT/perf.data"
grep -q 'warning: the file was not closed' views.err || err "EFBIG: $(cat views.err)"
entries_of_cut EFBIG LIMIT/perf.data

# An existing output is kept as .old, as before.
cp INT.data keep.data
cp INT.data keep.copy
"$PCIESCOPE" record -o keep.data -e "$REC_EVENT" -- sleep 0.001 2>/dev/null || err "keep: record failed"
cmp -s keep.data.old keep.copy || err "keep.data.old is not the previous file"
finish
