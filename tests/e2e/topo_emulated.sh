#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope topo` on kunpeng930: the tree (switch below a Root Port), the
# link files in sysfs as Linux prints them, and the platform file's two
# downgraded links (00:00.0 x8 of x16, 00:0c.0 8 of 16 GT/s) flagged, the
# others not; a hot-removed device disappears from the tree.
set -euo pipefail
mkdir -p "$TEST_TMP"
rm -rf "$PCIESCOPE_STATE_DIR"
fail() { echo "FAIL: $*" >&2; exit 1; }
P=$PCIESCOPE

$P topo >"$TEST_TMP/topo"
grep -q '^0000:00:0c.0 PCI bridge: .*\[8.0 GT/s x4, max 16.0 GT/s x4\] DOWNGRADED$' "$TEST_TMP/topo" ||
	fail "00:0c.0 not flagged: $(grep 00:0c.0 "$TEST_TMP/topo")"
grep -q '^0000:00:00.0 .*\[16.0 GT/s x8, max 16.0 GT/s x16\] DOWNGRADED$' "$TEST_TMP/topo" ||
	fail "00:00.0 not flagged"
[ "$(grep -c DOWNGRADED "$TEST_TMP/topo")" = 2 ] || fail "other links flagged"
grep -q '^    0000:21:00.0 PCI bridge: ' "$TEST_TMP/topo" || fail "switch not nested"
grep -q '^      0000:22:00.0 3D controller: NVIDIA' "$TEST_TMP/topo" || fail "GPU name"

$P topo --json >"$TEST_TMP/j"
[ "$(jq -r '.[] | select(.bdf=="0000:00:0c.0") | .link.max_speed_gts' "$TEST_TMP/j")" = 16 ] ||
	fail "JSON max speed"
[ "$(jq -r '.[] | select(.bdf=="0000:22:00.0") | .parent' "$TEST_TMP/j")" = 0000:21:00.0 ] ||
	fail "JSON parent"
[ "$(jq '[.[] | select(.link.downgraded)] | length' "$TEST_TMP/j")" = 2 ] || fail "JSON flags"

$P platform remove 0000:28:00.0 >/dev/null
$P topo | grep -q 0000:28:00.0 && fail "removed device still shown"
echo ok
