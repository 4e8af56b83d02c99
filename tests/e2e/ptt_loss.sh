#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Loss is reported and counted exactly: a reader that drains the AUX area
# only every 1000th slice lets the 16 MiB area fill.  The driver commits
# four whole 4 MiB buffers and stops, flagging nothing, as Linux does; the
# file then holds exactly 4 * 4 MiB of 4DW entries, and the tool says when
# tracing stopped, from the times, and that the two times make the
# recording; the twin of the file says so too.  A reader that keeps up
# loses nothing.  The area is full after about 5 ms; under qemu or the
# sanitizers (PCIESCOPE_TEST_SCALE=small, docs/portability.md) the slow
# reader records 6 ms instead of 20.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
EV=hisi_ptt0_2/filter=0x80011,type=7,direction=0/
slow=0.02
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || slow=0.006

"$P" record -o "$TEST_TMP/slow.data" --drain-every 1000 --workload mixed -e $EV -- sleep $slow 2>"$TEST_TMP/slow.err"
sed -n 's/^Warning: the trace stopped \([0-9.]*\) ms after it began, \([0-9.]*\) ms before the recording ended (1 trace stopped): .*/\1 \2/p' \
	"$TEST_TMP/slow.err" >"$TEST_TMP/stop"
[ -s "$TEST_TMP/stop" ] || fail "no stop warning: $(cat "$TEST_TMP/slow.err")"
awk -v want="$slow" '{ d = ($1 + $2) / 1000 - want; exit !($1 > 0 && $2 > 0 && d < 1e-6 && d > -1e-6) }' "$TEST_TMP/stop" ||
	fail "the stop's times do not make the recording: $(cat "$TEST_TMP/stop")"
grep -q "(1048576 TLP headers, 4DW)" "$TEST_TMP/slow.err" || fail "count: $(cat "$TEST_TMP/slow.err")"
"$P" twin "$TEST_TMP/slow.data" >"$TEST_TMP/twin.txt" 2>&1 || fail "twin: $(cat "$TEST_TMP/twin.txt")"
grep -q 'hisi_ptt0_2: its trace stopped with its AUX area full before the recording ended' \
	"$TEST_TMP/twin.txt" || fail "the twin does not say the trace stopped: $(cat "$TEST_TMP/twin.txt")"

"$P" record -o "$TEST_TMP/fast.data" -e $EV -- sleep 0.005 2>"$TEST_TMP/fast.err"
if grep -q "stopped" "$TEST_TMP/fast.err"; then fail "a reader that keeps up lost data"; fi
grep -q "TLP headers, 4DW" "$TEST_TMP/fast.err" || fail "summary"
echo ok
