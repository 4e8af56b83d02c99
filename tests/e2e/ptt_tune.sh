#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope tune on the PTT: default values, 0/1/2, EINVAL for negatives with
# the value kept, out-of-range converted to 2 by the hardware, the seed's
# aliases, qos_tx_dp refused with the real names, persistence across
# invocations (same state directory).
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE
D=hisi_ptt0_2

[ "$("$P" tune $D qos_tx_cpl)" = "qos_tx_cpl 1" ] || fail "default"
all=$("$P" tune $D)
for f in qos_tx_cpl qos_tx_np qos_tx_p rx_alloc_buf_level tx_alloc_buf_level; do
	echo "$all" | grep -Eq "^$f +1\$" || fail "listing lacks $f: $all"
done
echo "$all" | grep -q "tx_path_rx_req_alloc_buf_level .*alias of rx_alloc_buf_level" || fail "alias"

for v in 0 1 2; do
	"$P" tune $D qos_tx_np=$v >/dev/null
	[ "$("$P" tune $D qos_tx_np)" = "qos_tx_np $v" ] || fail "write $v"
done

if "$P" tune $D qos_tx_np=-1 2>"$TEST_TMP/err"; then fail "negative accepted"; fi
grep -q "qos_tx_np=-1: Invalid argument" "$TEST_TMP/err" || fail "negative message"
[ "$("$P" tune $D qos_tx_np)" = "qos_tx_np 2" ] || fail "negative changed the value"
if "$P" tune $D qos_tx_np=65536 2>/dev/null; then fail "65536 accepted"; fi

out=$("$P" tune $D qos_tx_p=9)
[ "$out" = "qos_tx_p 1 -> 2   (wrote 9; the device holds 2)" ] || fail "clamp: $out"
[ "$("$P" tune $D qos_tx_p)" = "qos_tx_p 2" ] || fail "clamp persisted"

"$P" tune $D tx_path_tx_req_alloc_buf_level=0 >/dev/null
[ "$("$P" tune $D tx_alloc_buf_level)" = "tx_alloc_buf_level 0" ] || fail "alias write"

if "$P" tune $D qos_tx_dp=2 2>"$TEST_TMP/err"; then fail "qos_tx_dp accepted"; fi
grep -q "qos_tx_dp: no such parameter.*qos_tx_cpl, qos_tx_np or qos_tx_p" "$TEST_TMP/err" ||
	fail "qos_tx_dp message"
if "$P" tune hisi_ptt9_9 2>/dev/null; then fail "unknown device accepted"; fi

# Another core keeps its own values.
[ "$("$P" tune hisi_ptt0_0 qos_tx_np)" = "qos_tx_np 1" ] || fail "other core changed"

# Several assignments: all or nothing.
if "$P" tune $D qos_tx_np=0 qos_tx_p=abc 2>"$TEST_TMP/err"; then fail "bad second value accepted"; fi
grep -q "qos_tx_p=abc: Invalid argument.*nothing was changed" "$TEST_TMP/err" || fail "all-or-nothing message"
[ "$("$P" tune $D qos_tx_np)" = "qos_tx_np 2" ] || fail "first of a refused pair applied"
if "$P" tune $D qos_tx_np=0 nosuch=1 2>/dev/null; then fail "unknown second name accepted"; fi
[ "$("$P" tune $D qos_tx_np)" = "qos_tx_np 2" ] || fail "first applied before an unknown name"
"$P" tune $D qos_tx_np=0 qos_tx_p=0 >/dev/null || fail "two good values"
[ "$("$P" tune $D qos_tx_np) $("$P" tune $D qos_tx_p)" = "qos_tx_np 0 qos_tx_p 0" ] || fail "both applied"
"$P" tune $D qos_tx_np=2 qos_tx_p=1 >/dev/null

# The values persist until the platform is reset.
[ "$("$P" tune $D qos_tx_np)" = "qos_tx_np 2" ] || fail "not persistent"
"$P" platform reset >/dev/null
[ "$("$P" tune $D qos_tx_np)" = "qos_tx_np 1" ] || fail "reset kept the value"
echo ok
