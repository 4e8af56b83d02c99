#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The PTT seed's command lines, with pciescope for perf and for the shell's
# cat/echo on tune/, on the default platform: the tune listing (kernel names
# and the seed's long names), the example's record with its full `-- sleep 5`
# (5 s of simulated time), which must capture outbound posted TLPs and end
# without loss.  Under qemu or the sanitizers (PCIESCOPE_TEST_SCALE=small, docs/portability.md)
# the same record runs `-- sleep 0.5`: some 370000 TLPs instead of 3.7
# million, still more than the 100000 it must capture.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE
secs=5
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || secs=0.5

# $ ls tune
"$P" tune hisi_ptt0_2 >ls.txt
for f in qos_tx_cpl qos_tx_np qos_tx_p tx_path_rx_req_alloc_buf_level \
	tx_path_tx_req_alloc_buf_level; do
	grep -q "^$f " ls.txt || fail "ls tune: no $f"
done
# $ echo 2 > qos_tx_cpl; cat qos_tx_cpl   (the seed's qos_tx_dp names no file)
"$P" tune hisi_ptt0_2 qos_tx_cpl=2 >/dev/null
[ "$("$P" tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 2" ] || fail "echo 2 > qos_tx_cpl"

# $ perf record -e hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/ -- sleep 5
"$P" record -e hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/ -- sleep $secs 2>rec.err ||
	fail "record: $(cat rec.err)"
n=$(sed -n 's/.*(\([0-9]*\) TLP headers, 8DW).*/\1/p' rec.err)
[ -n "$n" ] && [ "$n" -gt 100000 ] || fail "summary: $(cat rec.err)"
if grep -q truncated rec.err; then fail "loss in the seed's example: $(cat rec.err)"; fi
[ "$(stat -c %s perf.data)" -gt $((n * 32)) ] || fail "perf.data smaller than its entries"
echo ok
