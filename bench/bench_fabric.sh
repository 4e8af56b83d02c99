#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Fabric engine throughput on kunpeng930 with a trivial observer, per workload.
set -eu
for w in mixed storage-read storage-write nic p2p; do
	"$BUILD_DIR/bench/bench_fabric" "$w" 20
done
