#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Runs every libFuzzer target in BUILD_DIR with the given libFuzzer flags,
# starting from its seed corpus fuzz/corpus/<target>/ (copied to a scratch
# directory so runs never rewrite the committed corpus).
set -eu
build=$1; shift
src=$(cd "$(dirname "$0")" && pwd)
status=0
for t in "$build"/fuzz/fuzz_*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	work="$build/fuzz-work/$name"
	mkdir -p "$work"
	[ -d "$src/corpus/$name" ] && cp -r "$src/corpus/$name/." "$work/"
	echo "fuzz: $name $*"
	"$t" "$@" -print_final_stats=1 "$work" 2>"$build/fuzz-work/$name.log" || status=1
	grep -E 'stat::number_of_executed_units|ERROR' "$build/fuzz-work/$name.log" || true
done
exit $status
