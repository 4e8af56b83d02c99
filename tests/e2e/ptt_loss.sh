#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Loss is reported and counted exactly: a reader that drains the AUX area
# only every 1000th slice lets the 16 MiB area fill.  The driver commits
# three 4 MiB buffers, flags the third TRUNCATED (no room for a fourth) and
# stops; the file then holds exactly 3 * 4 MiB of 4DW entries, and the tool
# says when tracing stopped.  A reader that keeps up loses nothing.  The
# area is full after 3.4 ms; under qemu or the sanitizers (PCIESCOPE_TEST_SCALE=small,
# docs/portability.md) the slow reader records 6 ms instead of 20.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
EV=hisi_ptt0_2/filter=0x80011,type=7,direction=0/
slow=0.02
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || slow=0.006

"$P" record -o "$TEST_TMP/slow.data" --drain-every 1000 --workload mixed -e $EV -- sleep $slow 2>"$TEST_TMP/slow.err"
grep -q "AUX data was truncated 1 time(s)" "$TEST_TMP/slow.err" || fail "no truncation warning"
grep -q "stopped tracing at [0-9]* ns" "$TEST_TMP/slow.err" || fail "no stop time"
grep -q "(786432 TLP headers, 4DW)" "$TEST_TMP/slow.err" || fail "count: $(cat "$TEST_TMP/slow.err")"

"$P" record -o "$TEST_TMP/fast.data" -e $EV -- sleep 0.005 2>"$TEST_TMP/fast.err"
if grep -q "truncated" "$TEST_TMP/fast.err"; then fail "a reader that keeps up lost data"; fi
grep -q "TLP headers, 4DW" "$TEST_TMP/fast.err" || fail "summary"
echo ok
