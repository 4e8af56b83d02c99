#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The emulated kernel's hot paths (sysfs read, perf tick, AUX); see docs/performance.md.
set -eu
"$BUILD_DIR/bench/bench_core"
