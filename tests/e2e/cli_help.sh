#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every command `pciescope --help` lists answers --help, -h and
# `pciescope help CMD` with its usage on stdout and exit status 0, and has a
# man page source; a mistyped option gets one line in the one error format
# with a suggestion; --version prints the version.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
"$PCIESCOPE" --version | grep -Eqx 'pciescope [0-9]+\.[0-9]+\.[0-9]+' || fail "--version"
cmds=$("$PCIESCOPE" --help | awk '/^commands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
[ "$(echo "$cmds" | wc -l)" -ge 10 ] || fail "commands: $cmds"
for c in $cmds; do
	out=$("$PCIESCOPE" "$c" --help) || fail "$c --help exit status"
	# the first line, without a pipe (head closing it early fails pipefail)
	[[ "${out%%$'\n'*}" == "usage: pciescope $c"* ]] || fail "$c --help: $out"
	[ -f "$SRC_DIR/man/pciescope-$c.1.scd" ] || fail "no man page source for $c"
	[ "$("$PCIESCOPE" "$c" -h)" = "$out" ] || fail "$c -h differs from --help"
	[ "$("$PCIESCOPE" help "$c")" = "$out" ] || fail "help $c differs from $c --help"
	if "$PCIESCOPE" "$c" --jsonn >/dev/null 2>"$TEST_TMP/err"; then fail "$c took --jsonn"; fi
	[ "$(wc -l <"$TEST_TMP/err")" = 1 ] || fail "$c --jsonn: not one line: $(cat "$TEST_TMP/err")"
	grep -Eq "^pciescope: $c: unknown option '--jsonn'" "$TEST_TMP/err" ||
		fail "$c --jsonn: $(cat "$TEST_TMP/err")"
done
"$PCIESCOPE" -h | grep -q '^commands:' || fail "pciescope -h"
"$PCIESCOPE" help | grep -q '^commands:' || fail "pciescope help"
"$PCIESCOPE" report --jsonn 2>"$TEST_TMP/err" && fail "report took --jsonn"
grep -q "did you mean '--json'" "$TEST_TMP/err" || fail "report option suggestion"
"$PCIESCOPE" stats 2>"$TEST_TMP/err" && fail "stats ran"
grep -q "did you mean 'stat'" "$TEST_TMP/err" || fail "command suggestion"
if "$PCIESCOPE" help nosuchthing 2>"$TEST_TMP/err"; then fail "help of an unknown command"; fi
grep -q "'nosuchthing' is not a pciescope command" "$TEST_TMP/err" || fail "help unknown message"
echo ok
