#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope stat -I 1` on the emulated kunpeng930: simulated seconds per wall
# second with the default workload, and the cost of one interval (read 4
# counters, print 4 lines) as the extra wall time of -I 1 over the same run
# without -I, divided by the number of intervals, on the idle workload (pure
# tool cost; with traffic the fabric's cost hides it).
set -eu
P=$BUILD_DIR/pciescope
PCIESCOPE_STATE_DIR=$(mktemp -d)
export PCIESCOPE_STATE_DIR
EV='{hisi_pcie0_core0/rx_mrd_latency,port=0x1/,hisi_pcie0_core0/rx_mrd_cnt,port=0x1/},{hisi_pcie0_core0/tx_cpl_flux,port=0x1/,hisi_pcie0_core0/tx_cpl_time,port=0x1/}'

now() { date +%s.%N; }

# wall seconds of: pciescope stat [ARGS] -e EV sleep SIM (workload W)
wall() {
	w=$1 sim=$2
	shift 2
	t0=$(now)
	"$P" stat --workload "$w" "$@" -x, -e "$EV" sleep "$sim" 2>/dev/null
	t1=$(now)
	awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

# idle: no traffic, so the difference is the tool's own cost per interval
base=$(wall idle 1)
iv=$(wall idle 1 -I 1)
awk -v base="$base" -v iv="$iv" 'BEGIN {
	printf "idle  1 s simulated: %.3f s wall without -I, %.3f s with -I 1: %.1f us per interval\n",
	       base, iv, (iv - base) / 1000 * 1e6 }'
# the default workload: the fabric dominates; interval cost is within noise
base=$(wall mixed 0.01)
iv=$(wall mixed 0.01 -I 1)
awk -v base="$base" -v iv="$iv" 'BEGIN {
	printf "mixed 10 ms simulated: %.2f s wall without -I (%.4f sim-s/wall-s), " \
	       "%.2f s with -I 1 (%.4f sim-s/wall-s)\n", base, 0.01 / base, iv, 0.01 / iv }'
rm -rf "$PCIESCOPE_STATE_DIR"
