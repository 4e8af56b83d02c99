#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope exec` starts and ends cleanly at any timing under qemu-user:
# `exec -- nope` (the command's exec fails: its error line, exit 127) and
# `exec -- true` (exit 0), RUNS times each, the two streams at once on one
# CPU so that their threads start and stop interleaved in ever other ways.
# `exec -- nope` once died of SIGSEGV here (exit 139, "qemu: uncaught
# target signal 11"): the /sys view's FUSE thread read the environment
# while exec's main thread still set it (docs/reliability.md).
# scripts/cross-test.sh runs it for each target after the suite, with
# PCIESCOPE (the CLI under qemu), SRC_DIR, TEST_TMP and PCIESCOPE_STATE_DIR;
# RUNS (default 100) from EXEC_STRESS_RUNS.
set -uo pipefail
# shellcheck source=../e2e/lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
runs=${EXEC_STRESS_RUNS:-100}
one_cpu=()
command -v taskset >/dev/null && one_cpu=(taskset -c "$(taskset -cp $$ | sed 's/.*: *\([0-9]*\).*/\1/')")

# stream NAME WANT_STATUS WANT_STDERR COMMAND: runs exec -- COMMAND $runs times
stream() {
	local name=$1 want=$2 line=$3 i rc
	shift 3
	for i in $(seq "$runs"); do
		"${one_cpu[@]}" "$PCIESCOPE" exec --platform epyc -- "$@" >/dev/null 2>"$name.err"
		rc=$?
		if [ "$rc" != "$want" ] || grep -qE '^qemu:|Segmentation' "$name.err" ||
			{ [ -n "$line" ] && [ "$(cat "$name.err")" != "$line" ]; }; then
			err "run $i of exec -- $*: exit $rc (want $want): $(cat "$name.err")"
		fi
	done
}

stream nope 127 "pciescope: exec: cannot run 'nope': No such file or directory" nope &
nope=$!
stream true 0 "" true
wait "$nope"
[ -s "$E2E_FAILED" ] || echo "exec_stress: $runs x exec -- nope, $runs x exec -- true: ok"
finish
