#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope top` on a terminal, driven through tmux: the screen shows the
# header and one row per Root Port's link (00:10.0 and 00:10.1 share a PMU
# port bit, which a line says), it
# refreshes (the machine's clock in the title moves on), and 'q' quits with
# exit status 0 — also under storage-read, which the emulation runs far
# slower than real time: the screen comes on time and 'q' is read between
# short slices of the simulation (bounds generous for a loaded machine).
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
T=(tmux -L "pciescope-top-$$" -f /dev/null)
at_exit '"${T[@]}" kill-server 2>/dev/null'
rm -f "$TEST_TMP/rc"

"${T[@]}" new-session -d -x 200 -y 30 \
	"env PCIESCOPE_STATE_DIR='$PCIESCOPE_STATE_DIR' '$PCIESCOPE' top --interval 100; echo \$? >'$TEST_TMP/rc'" ||
	fail "tmux did not start"

clock() { "${T[@]}" capture-pane -p 2>/dev/null | sed -n 's/^pciescope top - emulated - \([0-9.]*\) s .*/\1/p'; }
first=""
for _ in $(seq 300); do
	first=$(clock)
	[ -n "$first" ] && break
	sleep 0.1
done
[ -n "$first" ] || fail "no screen: $("${T[@]}" capture-pane -p)"
"${T[@]}" capture-pane -p >"$TEST_TMP/screen"
grep -q '^ROOT PORT  *LINK  *RX%  *TX%' "$TEST_TMP/screen" || fail "no header: $(cat "$TEST_TMP/screen")"
for rp in '10[.]0' '10[.]1'; do
	grep -qE "^0000:00:$rp .* pcie0_core2:0x1 " "$TEST_TMP/screen" ||
		fail "no row of 00:$rp on pcie0_core2's port bit 0x1: $(cat "$TEST_TMP/screen")"
done
grep -q '^0000:00:10.0 shares port bit 0x1 of pcie0_core2 with 0000:00:10.1' "$TEST_TMP/screen" ||
	fail "the shared port bit is not said: $(cat "$TEST_TMP/screen")"
[ "$(grep -cE '^0000:[0-9a-f:.]+ +[0-9.]+GT/s' "$TEST_TMP/screen")" = 9 ] || fail "not 9 rows: $(cat "$TEST_TMP/screen")"
[ "$(grep -c 'pciescope top - ' "$TEST_TMP/screen")" = 1 ] || fail "the screen is not redrawn in place"

later=""
for _ in $(seq 300); do
	later=$(clock)
	[ -n "$later" ] && [ "$later" != "$first" ] && break
	sleep 0.1
done
[ "$later" != "$first" ] || fail "the screen did not refresh (clock stays at $first s)"

"${T[@]}" send-keys q
for _ in $(seq 100); do
	[ -s "$TEST_TMP/rc" ] && break
	sleep 0.1
done
[ "$(cat "$TEST_TMP/rc" 2>/dev/null)" = 0 ] || fail "q did not quit top with status 0 (rc: $(cat "$TEST_TMP/rc" 2>/dev/null))"

rm -f "$TEST_TMP/rc"
"${T[@]}" new-session -d -x 200 -y 30 \
	"env PCIESCOPE_STATE_DIR='$PCIESCOPE_STATE_DIR' '$PCIESCOPE' top --interval 1000 --workload storage-read; echo \$? >'$TEST_TMP/rc'" ||
	fail "tmux did not start top under storage-read"
first=""
for _ in $(seq 300); do
	first=$(clock)
	[ -n "$first" ] && break
	sleep 0.1
done
[ -n "$first" ] || fail "storage-read: no screen in 30 s: $("${T[@]}" capture-pane -p)"
"${T[@]}" send-keys q
for _ in $(seq 100); do
	[ -s "$TEST_TMP/rc" ] && break
	sleep 0.1
done
[ "$(cat "$TEST_TMP/rc" 2>/dev/null)" = 0 ] || fail "storage-read: q did not quit top within 10 s"
echo ok
