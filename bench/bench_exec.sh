#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope exec`: the cost of the view (namespace, emulated sysfs trees)
# for a command that opens no event, the real perf stat through exec next
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
t=$(now); "$P" exec --workload "$LIGHT" -- perf stat -e "$EV" sleep 0.2 2>/dev/null
echo "exec -- perf stat -e EV sleep 0.2 (light workload): $(took "$t") s"
t=$(now); "$P" stat --workload "$LIGHT" -e "$EV" sleep 0.2 2>/dev/null
echo "pciescope stat -e EV sleep 0.2 (light workload, simulated as fast as it goes): $(took "$t") s"
t=$(now)
lag=$("$P" exec -- perf stat -e "$EV" sleep 0.1 2>&1 | grep '^pciescope: exec:' || echo "no lag reported")
echo "exec -- perf stat -e EV sleep 0.1 (default workload): $(took "$t") s; $lag"
rm -rf "$PCIESCOPE_STATE_DIR"
