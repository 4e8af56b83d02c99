#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# tests/tools/perf_abi.c, the raw perf_event_open ABI (a group, every
# read_format, the ioctls, poll, fcntl, close), passes against the host
# kernel with software events, and through `pciescope exec` against the
# emulated one with a PCIe PMU latency pair (and the host's software events
# still reach the host from inside exec).
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"
abi=$BUILD_DIR/tests/perf_abi

"$abi" host >"$TEST_TMP/host" || err "host kernel: $(grep -v '^ok' "$TEST_TMP/host")"
type=$("$PCIESCOPE" exec -- cat /sys/bus/event_source/devices/hisi_pcie0_core0/type)
"$PCIESCOPE" exec --workload "$W" -- "$abi" "$type" 0x10 0xffff 0x10010 >"$TEST_TMP/emu" ||
	err "emulated kernel: $(grep -v '^ok' "$TEST_TMP/emu")"
"$PCIESCOPE" exec -- "$abi" host >"$TEST_TMP/through" ||
	err "host events from inside exec: $(grep -v '^ok' "$TEST_TMP/through")"
n=$(grep -c '^ok' "$TEST_TMP/emu")
[ "$n" -ge 20 ] || err "only $n checks ran on the emulated kernel"
cmp -s <(cut -d: -f2 "$TEST_TMP/host") <(cut -d: -f2 "$TEST_TMP/emu") ||
	err "the emulated run checked other things than the host run"
echo "$n checks on both kernels"
