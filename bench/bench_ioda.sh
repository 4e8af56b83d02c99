#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# IODA2 assignment time for 16 PHBs and 64 SR-IOV PFs (bench_ioda.c).
set -eu
"$BUILD_DIR/bench/bench_ioda"
