#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Fabric engine throughput on kunpeng930 with a trivial observer, per
# workload, for this tree ("new") and, in the same run, the engine before
# issue 15 ("old", built by fabric_old.sh; OLD=0 skips it).  CPU time and the
# largest resident set (KiB) of each run, from /usr/bin/time.  Outside a git
# checkout there is no old commit to build: only "new" runs.
set -eu
bins=$BUILD_DIR
if [ "${OLD:-1}" != 0 ] && git -C "$SRC_DIR" cat-file -e "${OLD_REV:-984759a}" 2>/dev/null; then
	bins="$(sh "$SRC_DIR/bench/fabric_old.sh") $bins"
fi
run() {
	for b in $bins; do
		case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
		/usr/bin/time -f "max RSS %M KiB" "$b/bench/$1" "$2" "$3" 2>&1 | sed "s/^/$v /"
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
