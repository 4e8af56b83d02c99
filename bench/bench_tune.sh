#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `tune --search` on the documented scenarios of the emulated kunpeng930
# (docs/diagnose.md): the search's best and its number of runs against the
# full grid of 243 candidates, and on the light default workload the
# largest gain any of the 243 settings gives, on two targets.
set -eu
P=$BUILD_DIR/pciescope
PCIESCOPE_STATE_DIR=$(mktemp -d)
export PCIESCOPE_STATE_DIR
BW='{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,hisi_pcie0_core2/tx_cpl_time,port=0x1/}'
LAT='{hisi_pcie0_core2/rx_mrd_latency,port=0x11/,hisi_pcie0_core2/rx_mrd_cnt,port=0x11/}'

# scenario name, workload option ("" = the platform's default), event, seconds
run() {
	name=$1 wl=$2 ev=$3 sim=$4
	shift 4
	"$P" tune hisi_ptt0_2 --search $wl -e "$ev" "$@" -- sleep "$sim" >"$PCIESCOPE_STATE_DIR/out"
	best=$(sed -n 's/^best: \(.*\)$/\1/p' "$PCIESCOPE_STATE_DIR/out")
	runs=$(sed -n 's/^runs: \([0-9]*\) .*/\1/p' "$PCIESCOPE_STATE_DIR/out")
	echo "$name: $runs runs: best $best"
}

run "storage-read, search" "--workload storage-read" "$BW" 0.0005
run "storage-read, grid  " "--workload storage-read" "$BW" 0.0005 --grid
run "mixed, search" "--workload mixed" "$BW" 0.0005
run "mixed, grid  " "--workload mixed" "$BW" 0.0005 --grid
run "light default, grid, completion bandwidth, 2 ms" "" "$BW" 0.002 --grid
run "light default, grid, completion bandwidth, 50 ms" "" "$BW" 0.05 --grid
run "light default, grid, read latency, 2 ms" "" "$LAT" 0.002 --grid
rm -rf "$PCIESCOPE_STATE_DIR"
