#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Runs every benchmark script bench/*.sh with the build directory; each prints
# its figures.  Copy the figures into docs/performance.md with this command.
set -eu
build=$1
src=$(cd "$(dirname "$0")" && pwd)
for b in "$src"/bench_*.sh; do
	[ -f "$b" ] || continue
	echo "== $(basename "$b")"
	BUILD_DIR=$build SRC_DIR=$src/.. sh "$b"
done
