#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The built-in platforms are in the binary: the CLI alone, copied into an
# empty directory, runs `demo` on each while every directory it would read
# platform files from is hidden (an empty directory bound over each, in a
# mount namespace of the test's own: unshare, as root or in a user
# namespace).  A file in the data directory still overrides the built-in.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
x=$TEST_TMP/alone
rm -rf "$x" && mkdir -p "$x/bin" "$x/empty" "$x/data/platforms"
cp "$BUILD_DIR/pciescope" "$x/bin/" || exit 1

hide=()
for d in "$SRC_DIR/platforms" /usr/local/share/pciescope/platforms /usr/share/pciescope/platforms; do
	[ -d "$d" ] && hide+=("$d")
done
# alone CMD...: CMD with every platform directory on disk hidden.
alone() {
	unshare -rm bash -c 'e=$1; shift; while [ "$1" != -- ]; do mount --bind "$e" "$1" || exit 99; shift; done
		shift; exec "$@"' _ "$x/empty" "${hide[@]}" -- "$@"
}
alone ls "$SRC_DIR/platforms" >"$TEST_TMP/ls" 2>&1 || fail "cannot hide the platform files: $(cat "$TEST_TMP/ls")"
[ -s "$TEST_TMP/ls" ] && fail "the source tree's platform files are still visible"

for p in kunpeng930 epyc power8; do
	alone "$x/bin/pciescope" demo --platform $p >"$TEST_TMP/$p.out" 2>&1 ||
		fail "demo --platform $p, the binary alone: $(tail -3 "$TEST_TMP/$p.out")"
	[ "$(wc -l <"$TEST_TMP/$p.out")" -gt 5 ] || fail "demo --platform $p said little: $(cat "$TEST_TMP/$p.out")"
done

sed 's/"0xa80a"/"0xa808"/' "$SRC_DIR/platforms/epyc.json" >"$x/data/platforms/epyc.json"
PCIESCOPE_DATADIR=$x/data alone "$x/bin/pciescope" platform --platform epyc >"$TEST_TMP/over" 2>&1
grep -q ' 144d:a808 ' "$TEST_TMP/over" || fail "the data directory's epyc.json did not override: $(cat "$TEST_TMP/over")"
alone "$x/bin/pciescope" platform --platform epyc | grep -q ' 144d:a80a ' || fail "not the built-in epyc"
echo ok
