#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The PTT document's tune session, typed as written (with qos_tx_cpl: the
# document's qos_tx_dp names no file), in a shell under a `pciescope sysfs
# mount`: the same output as on a real Kunpeng.  Then EINVAL through the
# mount, and the mount and `pciescope tune` seeing each other's writes while
# both are in use.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/fuse.sh"

session=$(
	cd "$M/bus/event_source/devices/hisi_ptt0_2/tune"
	ls
	cat qos_tx_cpl
	echo 2 > qos_tx_cpl
	cat qos_tx_cpl
)
expected="qos_tx_cpl
qos_tx_np
qos_tx_p
rx_alloc_buf_level
tx_alloc_buf_level
tx_path_rx_req_alloc_buf_level
tx_path_tx_req_alloc_buf_level
1
2"
[ "$session" = "$expected" ] || fail "session printed:
$session"

T=$M/bus/event_source/devices/hisi_ptt0_2/tune
if (echo -1 >"$T/qos_tx_cpl") 2>"$TEST_TMP/err"; then fail "-1 accepted"; fi
grep -q "Invalid argument" "$TEST_TMP/err" || fail "not EINVAL: $(cat "$TEST_TMP/err")"
[ "$(cat "$T/qos_tx_cpl")" = 2 ] || fail "-1 changed the value"
echo 9 >"$T/qos_tx_np"
[ "$(cat "$T/qos_tx_np")" = 2 ] || fail "hardware clamp not seen"

# The CLI sees the mount's writes, and the mount the CLI's, while mounted.
[ "$("$PCIESCOPE" tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 2" ] || fail "CLI view"
"$PCIESCOPE" tune hisi_ptt0_2 qos_tx_cpl=0 >/dev/null
[ "$(cat "$T/qos_tx_cpl")" = 0 ] || fail "mount does not see the CLI's write"

# Writers through the mount and the CLI at once: no update is lost.
for i in 1 2 3 4 5 6; do
	echo 1 >"$T/qos_tx_p"
	"$PCIESCOPE" tune hisi_ptt0_2 rx_alloc_buf_level=0 >/dev/null
done &
for i in 1 2 3 4 5 6; do echo 0 >"$T/tx_alloc_buf_level"; cat "$T/qos_tx_cpl" >/dev/null; done
wait
out=$("$PCIESCOPE" tune hisi_ptt0_2)
for kv in "qos_tx_p +1" "rx_alloc_buf_level +0" "tx_alloc_buf_level +0" "qos_tx_cpl +0"; do
	echo "$out" | grep -Eq "^$kv\$" || fail "lost update ($kv): $out"
done
echo ok
