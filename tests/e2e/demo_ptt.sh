#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope demo (what `make run` shows): the PTT part names the platform's
# PTT devices, tunes qos_tx_cpl, records a trace and summarises it; it saves
# nothing, so the tune value a later command reads is unchanged.
set -eu
mkdir -p "$TEST_TMP"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE
fail() { echo "FAIL: $*" >&2; exit 1; }

export TMPDIR=$TEST_TMP/tmp
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
$P demo >"$TEST_TMP/demo.txt" 2>"$TEST_TMP/demo.err" || fail "demo: $(cat "$TEST_TMP/demo.err")"
d=$TEST_TMP/demo.txt
grep -q "hisi_ptt0_2    traces Root Ports 0000:00:10.0 0000:00:10.1 0000:00:12.0" "$d" ||
	fail "platform section"
grep -q "weight of Tx completions on the core's links: 1 -> 2" "$d" || fail "tune section"
grep -q "pciescope record -e hisi_ptt0_2/filter=0x80001,type=7,direction=2,format=1/" "$d" ||
	fail "record section"
n=$(sed -n 's/^ *\([0-9]*\) TLP headers, .*nothing lost$/\1/p' "$d")
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "summary: $(cat "$d")"
grep -Eq "^   MWr64 +[0-9]+ +[0-9.]+%$" "$d" || fail "no kind breakdown"
[ "$($P tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 1" ] || fail "demo saved its tune"
[ -z "$(ls -A "$TMPDIR")" ] || fail "temporary files left behind: $(ls "$TMPDIR")"
echo ok
