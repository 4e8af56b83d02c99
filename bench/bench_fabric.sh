#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Fabric engine throughput on kunpeng930 with a trivial observer, per
# workload, for this tree ("new") and, in the same run, the engine before
# domains ("old", built by fabric_old.sh; OLD=0 skips it).  CPU time and the
# largest resident set (KiB) of each run, from /usr/bin/time.  Outside a git
# checkout there is no old commit to build: only "new" runs.
set -eu
bins=$BUILD_DIR
if [ "${OLD:-1}" != 0 ] && git -C "$SRC_DIR" cat-file -e "${OLD_REV:-984759a}" 2>/dev/null; then
	bins="$(sh "$SRC_DIR/bench/fabric_old.sh") $bins"
fi
run() {
	p=$1
	shift
	for b in $bins; do
		case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
		/usr/bin/time -f "max RSS %M KiB" "$b/bench/$p" "$@" 2>&1 | sed "s/^/$v /"
	done
}
# "default" is kunpeng930's own workload (mixed at moderate rates), run for a
# simulated second: the figure that says how long `-- sleep N` takes.
run bench_fabric default 1000
for w in mixed storage-read storage-write nic p2p; do
	run bench_fabric "$w" 20
done
# A simulated second of a saturating workload: memory must not grow with time.
run bench_fabric storage-read 1000
# One core observed, as `pciescope stat` with one PMU's events or a trace of
# one PTT: the old engine simulates every core, the new one the observed
# core and those traffic joins to it (core 2 has the P2P partner core 1).
run bench_fabric default 1000 - 0.0
run bench_fabric default 1000 - 0.2
run bench_fabric mixed 20 - 0.0
run bench_fabric mixed 20 - 0.2
# The PTT path end to end (bench_ptt part 2: kunpeng930, hisi_ptt0_2).
run bench_ptt 1000000 5000000
# The command the domains work was to speed up; STAT_SLEEP=0 skips it (the old engine
# takes minutes).
if [ "${STAT_SLEEP:-1}" != 0 ]; then
	for b in $bins; do
		case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
		st=$(mktemp -d)
		PCIESCOPE_STATE_DIR=$st /usr/bin/time -f "$v stat: %U s user %S s sys %e s wall" \
			"$b/pciescope" stat -x, --workload mixed \
			-e hisi_pcie0_core0/rx_mrd_flux,port=0xffff/ -- sleep "${STAT_SLEEP:-1}" 2>&1 |
			sed "s/^[0-9]/$v count &/"
		rm -rf "$st"
	done
fi
