#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report --stats --latency (text and CSV) prints the same, byte for byte,
# whatever --threads says and whether the trace comes from a file (cut
# between threads) or a pipe (read in order on one thread; only the input's
# name differs), in 8DW and 4DW.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen=$BUILD_DIR/bench/bench_stats_gen

for fmt in 8dw 4dw; do
	${PCIESCOPE_RUNNER:-} "$gen" "$fmt.data" 6 "$fmt" > /dev/null
	for view in "--stats --latency" "--stats --latency --csv"; do
		# shellcheck disable=SC2086 # the views are separate options
		"$PCIESCOPE" report -i "$fmt.data" $view --threads 1 > want.txt
		grep -q . want.txt || fail "$fmt $view: empty report"
		for t in 2 3 8; do
			# shellcheck disable=SC2086
			"$PCIESCOPE" report -i "$fmt.data" $view --threads "$t" > got.txt
			cmp -s want.txt got.txt || fail "$fmt $view --threads $t differs from --threads 1"
		done
		# shellcheck disable=SC2086
		"$PCIESCOPE" report -i - $view < "$fmt.data" > got.txt
		# the summary names the input: "-" for the pipe
		diff <(grep -v '^input' want.txt) <(grep -v '^input' got.txt) > /dev/null ||
			fail "$fmt $view from a pipe differs from the file"
	done
done
