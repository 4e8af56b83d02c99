#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# TLP codec throughput (headers/s); see docs/performance.md.
set -eu
"$BUILD_DIR/bench/bench_tlp"
