#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A state file damaged by hand or by a disk: every command says once, on
# stderr, which file and line it could not use; the lines it can use still
# count; the file stays as it is until the user changes a setting; a state
# that cannot be read at all (here a directory in its place, unreadable even
# to root) boots with the defaults and is not replaced.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE
D=hisi_ptt0_2

"$P" tune $D qos_tx_p=2 >/dev/null
F=$PCIESCOPE_STATE_DIR/kunpeng930.state
key=$(grep -o '^dev\.[^=]*\.tune\.qos_tx_p' "$F") || fail "no qos_tx_p key in $(cat "$F")"
cpl=${key%qos_tx_p}qos_tx_cpl
printf 'garbage\n%s=2\n%s=banana\n' "$key" "$cpl" >"$F"
cp "$F" "$TEST_TMP/before"

out=$("$P" tune $D 2>"$TEST_TMP/err")
[ "$(cat "$TEST_TMP/err")" = "pciescope: tune: $F:1: 'garbage' is not key=value: ignored (and 1 more line not used)" ] ||
	fail "warning: $(cat "$TEST_TMP/err")"
echo "$out" | grep -Eq '^qos_tx_p +2$' || fail "the good line was not used: $out"
echo "$out" | grep -Eq '^qos_tx_cpl +1$' || fail "banana is not the default: $out"
cmp -s "$F" "$TEST_TMP/before" || fail "reading rewrote the file"

# Alone, the bad number is named by its line.
printf '%s=2\n%s=banana\n' "$key" "$cpl" >"$F"
"$P" list >/dev/null 2>"$TEST_TMP/err"
[ "$(cat "$TEST_TMP/err")" = "pciescope: list: $F:2: $cpl='banana' is not a number: the default is used" ] ||
	fail "banana warning: $(cat "$TEST_TMP/err")"

# A change rewrites the file, keeping the rest.
"$P" tune $D qos_tx_cpl=0 >/dev/null 2>&1
[ "$(cat "$F")" = "$cpl=0
$key=2" ] || fail "after a change: $(cat "$F")"
[ -z "$("$P" tune $D qos_tx_cpl 2>&1 >/dev/null)" ] || fail "a repaired file still warns"

rm "$F"
mkdir "$F"
out=$("$P" tune $D qos_tx_p 2>"$TEST_TMP/err") || fail "an unreadable state stopped the command"
[ "$out" = "qos_tx_p 1" ] || fail "unreadable: not the default: $out"
grep -qx "pciescope: tune: $F: cannot read it (Is a directory): the defaults are used" "$TEST_TMP/err" ||
	fail "unreadable warning: $(cat "$TEST_TMP/err")"
[ -d "$F" ] || fail "the unreadable state was replaced"
# A change that cannot be kept is an error, not a silent success.
if "$P" tune $D qos_tx_p=2 >/dev/null 2>"$TEST_TMP/err"; then
	fail "a change to an unreadable state reported success"
fi
grep -qx "pciescope: tune: $D: the new levels were not saved (Is a directory): the next command starts from the old ones" "$TEST_TMP/err" ||
	fail "unsaved change: $(cat "$TEST_TMP/err")"
[ -d "$F" ] || fail "the unreadable state was replaced by a change"
echo ok
