#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# CPU seconds per simulated second of the command lines that must keep up
# with the clock (docs/performance.md, *Keeping up with the clock*), for
# this tree ("new") and, in the same run, the tree of OLD_REV (default
# a39a237, the engine before the link layer; built by fabric_old.sh; OLD=0
# skips it).  Each command simulates SIM seconds (default 0.01, top's
# shortest interval; top with --whole, or it cuts the interval where the
# wall clock is and simulates less) and its user + system CPU time, start-up
# included, is divided by that; a row at or under 1 keeps up.  OLD_SIM
# (default SIM) is the old tree's.
# PCIESCOPE_RATE_MODEL in the environment reaches every command
# (docs/fabric.md, *The rate model*).
# Every run gets a fresh state directory, so no platform state is shared.
set -eu
sim=${SIM:-0.01}
old_sim=${OLD_SIM:-$sim}
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
bins=$(sh "$SRC_DIR/bench/trees.sh" a39a237)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# row NAME ARGS...: one line per tree, CPU per simulated second.  In ARGS
# @S stands for the tree's simulated seconds (SIM, or OLD_SIM for the old
# tree, whose rows cost a hundred times more), @MS for them in ms, and
# --whole is left out for a tree whose top has no such option (its top
# --once runs the interval whole).  No argument holds a quote.
row() {
	name=$1
	shift
	for b in $bins; do
		case $b in "$BUILD_DIR") v=new s=$sim ;; *) v=old s=$old_sim ;; esac
		cmd="'$b/pciescope'"
		for a in "$@"; do
			case $a in
			@S) a=$s ;;
			@MS) a=$(echo "$s * 1000 / 1" | bc) ;;
			--whole) "$b/pciescope" top --help 2>&1 | grep -q -- --whole || continue ;;
			esac
			cmd="$cmd '$a'"
		done
		rm -rf "$tmp/state" && mkdir -p "$tmp/state"
		cpu=$(cd "$tmp" && PCIESCOPE_STATE_DIR=$tmp/state /usr/bin/time -f '%U %S' \
			sh -c "exec $cmd" 2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }')
		printf '%s %-34s %8.2f CPU s per simulated s\n' "$v" "$name" \
			"$(echo "$cpu / $s" | bc -l)"
	done
}

pmu() { # the four bandwidth events of one PCIe core, all its ports
	c=hisi_pcie0_core$1
	echo "{$c/rx_mrd_flux,port=0xffff/,$c/rx_mwr_flux,port=0xffff/,$c/tx_cpl_flux,port=0xffff/,$c/tx_mwr_flux,port=0xffff/}"
}
row "stat mixed, core 2 (4 flux events)" stat --workload mixed -e "$(pmu 2)" -- sleep @S
row "stat mixed, core 0 (4 flux events)" stat --workload mixed -e "$(pmu 0)" -- sleep @S
row "stat default, every core" stat -e "$(pmu 0)" -e "$(pmu 1)" -e "$(pmu 2)" -e "$(pmu 3)" \
	-- sleep @S
row "record mixed, hisi_ptt0_2 8DW" record --workload mixed -o "$tmp/p.data" \
	-e 'hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/' -- sleep @S
for w in storage-read storage-write nic p2p mixed; do
	row "top --once --whole, $w" top --once --whole --json --interval @MS --workload "$w"
done
