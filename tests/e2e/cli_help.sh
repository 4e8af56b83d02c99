#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every command `pciescope --help` lists answers --help with its usage on
# stdout and exit status 0, and has a man page source; --version prints the
# version.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
"$PCIESCOPE" --version | grep -Eqx 'pciescope [0-9]+\.[0-9]+\.[0-9]+' || fail "--version"
cmds=$("$PCIESCOPE" --help | awk '/^commands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
[ "$(echo "$cmds" | wc -l)" -ge 10 ] || fail "commands: $cmds"
for c in $cmds; do
	out=$("$PCIESCOPE" "$c" --help) || fail "$c --help exit status"
	# the first line, without a pipe (head closing it early fails pipefail)
	[[ "${out%%$'\n'*}" == "usage: pciescope $c"* ]] || fail "$c --help: $out"
	[ -f "$SRC_DIR/man/pciescope-$c.1.scd" ] || fail "no man page source for $c"
done
echo ok
