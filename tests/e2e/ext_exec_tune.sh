#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The PTT document's tune session in one `pciescope exec -- bash -c '...'`,
# as on a Kunpeng (qos_tx_cpl for the document's qos_tx_dp, which names no
# file): every process of the command shares one machine, so
#   - cat and echo on /sys/.../hisi_ptt0_2/tune reach the emulated driver
#     (the value read back is the written one, -1 is EINVAL);
#   - perf stat, run before and after `echo 2 > qos_tx_cpl`, sees the
#     effect: on a busy storage-read link the completions' share of the
#     Root Ports' Tx bytes rises from under the posted writes' at
#     qos_tx_cpl=0 to twice theirs at 2;
#   - `pciescope tune --backend host` inside sees what echo wrote;
#   - after exec the machine's state is saved: `pciescope tune` outside
#     reads 2.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"
G='{hisi_pcie0_core2/tx_cpl_flux,port=0xffff/,hisi_pcie0_core2/tx_mwr_flux,port=0xffff/}'
export G PCIESCOPE

"$PCIESCOPE" exec --workload storage-read --seed 3 -- bash -c '
	cd /sys/bus/event_source/devices/hisi_ptt0_2/tune
	ls
	cat qos_tx_cpl
	echo 0 > qos_tx_cpl
	perf stat -x, -o "$0.before" -e "$G" sleep 0.001
	echo 2 > qos_tx_cpl
	cat qos_tx_cpl
	perf stat -x, -o "$0.after" -e "$G" sleep 0.001
	"$PCIESCOPE" tune --backend host hisi_ptt0_2 qos_tx_cpl
	echo -1 > qos_tx_cpl || echo refused
	cat qos_tx_cpl
' "$TEST_TMP/stat" >"$TEST_TMP/session" 2>"$TEST_TMP/err" || err "exec: $(cat "$TEST_TMP/err")"
expected="qos_tx_cpl
qos_tx_np
qos_tx_p
rx_alloc_buf_level
tx_alloc_buf_level
tx_path_rx_req_alloc_buf_level
tx_path_tx_req_alloc_buf_level
1
2
qos_tx_cpl 2
refused
2"
[ "$(cat "$TEST_TMP/session")" = "$expected" ] || err "session printed:
$(cat "$TEST_TMP/session")
stderr: $(cat "$TEST_TMP/err")"
grep -q 'Invalid argument' "$TEST_TMP/err" || err "echo -1 was not EINVAL: $(cat "$TEST_TMP/err")"

# cpl bytes * 100 / mwr bytes, from a perf stat -x, file
share() { awk -F, '/tx_cpl_flux/ {c = $1} /tx_mwr_flux/ {m = $1} END {print (m ? int(c * 100 / m) : -1)}' "$1"; }
before=$(share "$TEST_TMP/stat.before")
after=$(share "$TEST_TMP/stat.after")
[ "$before" -ge 0 ] && [ "$before" -lt 80 ] ||
	err "at qos_tx_cpl=0 completions are $before % of posted bytes: $(cat "$TEST_TMP/stat.before")"
[ "$after" -gt 180 ] || err "at qos_tx_cpl=2 completions are $after % of posted bytes: $(cat "$TEST_TMP/stat.after")"

[ "$("$PCIESCOPE" tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 2" ] ||
	err "after exec: $("$PCIESCOPE" tune hisi_ptt0_2 qos_tx_cpl)"
echo "completions $before % -> $after % of posted bytes"
