#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Builds the fabric engine of an older commit (OLD_REV, default 984759a: the
# engine before domains, docs/fabric.md) out of the tree, for side-by-side figures in the
# same run (bench_fabric.sh, fabric_compare.sh), and prints its build
# directory.  The current tree's bench_fabric_truth.c and bench_fabric.c are
# built against it too (again whenever they change): they use only the
# public API.  A finished build is reused.
set -eu
rev=${OLD_REV:-984759a}
dir=${OLD_BUILD_DIR:-${TMPDIR:-/tmp}/pciescope-fabric-$rev}
if [ ! -f "$dir/built" ]; then
	rm -rf "$dir"
	mkdir -p "$dir/src"
	git -C "$SRC_DIR" archive "$rev" | tar -x -C "$dir/src"
	cmake -S "$dir/src" -B "$dir/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build "$dir/build" -j "$(nproc)" \
		--target pciescope bench_fabric bench_ptt bench_fabric_truth >/dev/null
	touch "$dir/built"
fi
for b in bench_fabric_truth bench_fabric; do
	if ! cmp -s "$SRC_DIR/bench/$b.c" "$dir/src/bench/$b.c"; then
		cp "$SRC_DIR/bench/$b.c" "$dir/src/bench/"
		cmake --build "$dir/build" --target "$b" >/dev/null
	fi
done
echo "$dir/build"
