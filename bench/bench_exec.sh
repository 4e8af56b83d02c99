#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope exec`: the cost of the view (namespace, the live /sys) for a
# command that opens no event, perf list and cat through the view, perf
# stat -I 10 (one round trip to exec's server per read), the host
# backend's record through the mmap ABI, the real perf stat through exec next
# to `pciescope stat` for the same event and sleep, and how far simulated
# time lags with the default (saturating) workload, as exec reports it.
set -eu
P=$BUILD_DIR/pciescope
PCIESCOPE_STATE_DIR=$(mktemp -d)
export PCIESCOPE_STATE_DIR
EV='hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/'
LIGHT=mixed:rate=2000,mmio=2000,mmio_rd=2000

now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }

t=$(now); "$P" exec -- true; echo "exec -- true: $(took "$t") s"
t=$(now); "$P" exec -- perf list pmu >/dev/null; echo "exec -- perf list pmu: $(took "$t") s"
t=$(now); "$P" exec -- sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do cat /sys/devices/hisi_ptt0_2/tune/qos_tx_cpl; done' >/dev/null
echo "exec -- 10 x cat of a tune file: $(took "$t") s"
t=$(now); "$P" exec --workload "$LIGHT" -- perf stat -I 10 -e "$EV" sleep 1 2>"$PCIESCOPE_STATE_DIR/int"
echo "exec -- perf stat -I 10 -e EV sleep 1 (light workload): $(took "$t") s, $(grep -c "$EV" "$PCIESCOPE_STATE_DIR/int") intervals"
t=$(now); "$P" exec --workload "$LIGHT" -- "$P" record --backend host -o "$PCIESCOPE_STATE_DIR/h.data" \
	-e hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/ -- sleep 0.1 2>"$PCIESCOPE_STATE_DIR/rec"
echo "exec -- pciescope record --backend host -e PTT sleep 0.1 (light workload): $(took "$t") s, $(tail -1 "$PCIESCOPE_STATE_DIR/rec")"
t=$(now); "$P" exec --workload "$LIGHT" -- perf stat -e "$EV" sleep 0.2 2>/dev/null
echo "exec -- perf stat -e EV sleep 0.2 (light workload): $(took "$t") s"
t=$(now); "$P" stat --workload "$LIGHT" -e "$EV" sleep 0.2 2>/dev/null
echo "pciescope stat -e EV sleep 0.2 (light workload, simulated as fast as it goes): $(took "$t") s"
t=$(now)
lag=$("$P" exec -- perf stat -e "$EV" sleep 0.1 2>&1 | grep '^pciescope: exec:' || echo "no lag reported")
echo "exec -- perf stat -e EV sleep 0.1 (default workload): $(took "$t") s; $lag"
rm -rf "$PCIESCOPE_STATE_DIR"
