#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Runs every libFuzzer target in BUILD_DIR with the given libFuzzer flags,
# one at a time under nice (the machine is shared), starting from its seed
# corpus fuzz/corpus/<target>/ (copied to a scratch directory so runs never
# rewrite the committed corpus).  FUZZ_TARGETS="fuzz_a fuzz_b" runs only
# those.  fuzz/<target>.options, when present, holds one line of extra
# libFuzzer flags for that target (a -max_len where longer inputs reach
# nothing new but cost time).  Prints one summary line per target; crash
# and slow-input files go to BUILD_DIR/fuzz-work/<target>-*.
set -eu
build=$1; shift
src=$(cd "$(dirname "$0")" && pwd)
status=0
for t in "$build"/fuzz/fuzz_*; do
	[ -x "$t" ] && [ -f "$t" ] || continue
	name=$(basename "$t")
	case " ${FUZZ_TARGETS:-$name} " in *" $name "*) ;; *) continue ;; esac
	work="$build/fuzz-work/$name"
	log="$build/fuzz-work/$name.log"
	opts=""
	[ -f "$src/$name.options" ] && opts=$(cat "$src/$name.options")
	mkdir -p "$work"
	[ -d "$src/corpus/$name" ] && cp -r "$src/corpus/$name/." "$work/"
	echo "fuzz: $name $* $opts"
	start=$(date +%s)
	result=ok
	# shellcheck disable=SC2086 # opts is a list of flags
	nice -n "${FUZZ_NICE:-10}" "$t" $opts "$@" -print_final_stats=1 \
		-artifact_prefix="$build/fuzz-work/$name-" "$work" 2>"$log" ||
		{ result=FAILED; status=1; }
	secs=$(($(date +%s) - start))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*' || true)
	echo "$name: ${execs:-?} executions, $secs s, ${rate:-?}/s, $last: $result"
	grep -E 'ERROR|SUMMARY' "$log" || true
done
exit $status
