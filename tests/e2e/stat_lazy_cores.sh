#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The fabric runs only the PCIe cores whose PMU counts (docs/fabric.md, "Domains"):
# on kunpeng930 under mixed, core 0 of SICL 0 is a domain of its own, so
# its count is the same whether it is counted alone, with core 2 (whose GPU
# and accelerator pair joins it to core 1), or with every other core.  Each
# run boots a fresh platform in a state directory of its own.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
E0=hisi_pcie0_core0/rx_mrd_flux,port=0xffff/
n=0

# count RESULT-VAR EVENT...: `stat -x,` of the events over 2 ms of mixed
count() {
	local var=$1 ev=() e
	shift
	for e in "$@"; do ev+=(-e "$e"); done
	n=$((n + 1))
	PCIESCOPE_STATE_DIR=$TEST_TMP/state$n "$P" stat -x, --workload mixed "${ev[@]}" \
		-- sleep 0.002 2>"$TEST_TMP/out$n" >/dev/null || err "stat $*: $(cat "$TEST_TMP/out$n")"
	printf -v "$var" '%s' "$TEST_TMP/out$n"
}

# the count of EVENT in stat output FILE (COUNT,UNIT,EVENT,...; the event has commas)
value() { awk -F, -v e="$2" 'index($0, $1 "," $2 "," e ",") == 1 { print $1 }' "$1"; }

count alone "$E0"
count with2 "$E0" hisi_pcie0_core2/rx_mrd_flux,port=0xffff/
others=()
for pmu in hisi_pcie0_core1 hisi_pcie0_core2 hisi_pcie0_core3 hisi_pcie1_core0; do
	others+=("$pmu/rx_mrd_flux,port=0xffff/")
done
count withall "$E0" "${others[@]}"

c0=$(value "$alone" "$E0")
[[ "$c0" =~ ^[1-9][0-9]*$ ]] || err "core 0 counted '$c0' alone: $(cat "$alone")"
for out in "$with2" "$withall"; do
	[ "$(value "$out" "$E0")" = "$c0" ] ||
		err "core 0 counted $(value "$out" "$E0") beside other cores, $c0 alone: $(cat "$out")"
done
for e in "${others[@]}"; do
	[[ "$(value "$withall" "$e")" =~ ^[1-9][0-9]*$ ]] || err "$e counted nothing: $(cat "$withall")"
done
[ "$(value "$with2" hisi_pcie0_core2/rx_mrd_flux,port=0xffff/)" = \
	"$(value "$withall" hisi_pcie0_core2/rx_mrd_flux,port=0xffff/)" ] ||
	err "core 2 counted differently beside core 0 alone and beside every core"
finish
