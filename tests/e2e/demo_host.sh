#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope demo --backend host` promises to save nothing: on a host (here
# a fake sysfs with a PTT, PCIESCOPE_SYSFS_ROOT) it shows the tune level and
# leaves the file as it was, whatever the later sections manage.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
export PCIESCOPE_SYSFS_ROOT=$TEST_TMP/root
D=$PCIESCOPE_SYSFS_ROOT/sys/bus/event_source/devices/hisi_ptt0_2
rm -rf "$PCIESCOPE_SYSFS_ROOT"
mkdir -p "$D/tune" "$D/root_port_filters" "$PCIESCOPE_SYSFS_ROOT/sys/bus/pci/devices"
echo 1 >"$D/tune/qos_tx_cpl"
echo 0x80001 >"$D/root_port_filters/0000:00:10.0"
echo 10 >"$D/type"
"$PCIESCOPE" demo --backend host >out.txt 2>err.txt
grep -q 'hisi_ptt0_2 *traces Root Ports 0000:00:10.0' out.txt || fail "no PTT section: $(cat out.txt err.txt)"
grep -q 'weight of Tx completions on the core.s links: 1 (a host: the demo changes nothing' out.txt ||
	fail "tune section: $(cat out.txt)"
[ "$(cat "$D/tune/qos_tx_cpl")" = 1 ] || fail "the demo wrote the host's tune file"
echo ok
