#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# PTT trace engine throughput (docs/performance.md, section PTT).
set -eu
"$BUILD_DIR/bench/bench_ptt" 200000000 5000000
