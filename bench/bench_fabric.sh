#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Fabric engine throughput on kunpeng930 with a trivial observer, per workload.
set -eu
# "default" is kunpeng930's own workload (mixed at moderate rates), run for a
# simulated second: the figure that says how long `-- sleep N` takes.
"$BUILD_DIR/bench/bench_fabric" default 1000
for w in mixed storage-read storage-write nic p2p; do
	"$BUILD_DIR/bench/bench_fabric" "$w" 20
done
