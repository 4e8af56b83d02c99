#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope topo` on kunpeng930: the tree (switch below a Root Port), the
# link files in sysfs as Linux prints them, links judged by both ends: the
# x8 card in the x16 slot (00:00.0) and the Gen3 SSD behind the Gen4 port
# (00:0c.0) are limited by their endpoints, not downgraded; a link trained
# below what both ends support (a platform file with 39:00.0 at 8 GT/s) is
# flagged; VFs show no link; -v shows MPS, MRRS, ASPM and AER as lspci -vv
# words them; a hot-removed device disappears from the tree.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE

"$P" topo >"$TEST_TMP/topo"
grep -q '^0000:00:0c.0 PCI bridge: .*\[8.0 GT/s x4, max 16.0 GT/s x4, limited by 0000:28:00.0\]$' \
	"$TEST_TMP/topo" || fail "00:0c.0: $(grep 00:0c.0 "$TEST_TMP/topo")"
grep -q '^0000:00:00.0 .*\[16.0 GT/s x8, max 16.0 GT/s x16, limited by 0000:39:00.0\]$' \
	"$TEST_TMP/topo" || fail "00:00.0: $(grep 00:00.0 "$TEST_TMP/topo")"
grep -q DOWNGRADED "$TEST_TMP/topo" && fail "a false alarm: $(grep DOWNGRADED "$TEST_TMP/topo")"
grep -q '^  0000:01:02.0 Ethernet controller: .*(Virtual Function)$' "$TEST_TMP/topo" ||
	fail "a VF shows a link: $(grep 01:02.0 "$TEST_TMP/topo")"
grep -q '^    0000:21:00.0 PCI bridge: ' "$TEST_TMP/topo" || fail "switch not nested"
grep -q '^      0000:22:00.0 3D controller: NVIDIA' "$TEST_TMP/topo" || fail "GPU name"

"$P" topo -v >"$TEST_TMP/v"
grep -A4 '^  0000:28:00.0 ' "$TEST_TMP/v" | grep -q 'DevCtl: MaxPayload 256 bytes, MaxReadReq 128 bytes' ||
	fail "MRRS of 28:00.0"
grep -A4 '^  0000:28:00.0 ' "$TEST_TMP/v" | grep -qx '    CESta: BadTLP' || fail "AER of 28:00.0"
grep -A4 '^  0000:3a:00.0 ' "$TEST_TMP/v" | grep -q 'LnkCtl: ASPM L1 Enabled' || fail "ASPM of 3a:00.0"
grep -A2 '^  0000:01:02.0 ' "$TEST_TMP/v" | grep -q 'LnkCtl' && fail "a VF shows Link Control"

"$P" topo --json >"$TEST_TMP/j"
q() { jq -r ".[] | select(.bdf==\"$1\") | $2" "$TEST_TMP/j"; }
[ "$(q 0000:00:0c.0 .link.max_speed_gts)" = 16 ] || fail "JSON max speed"
[ "$(q 0000:00:0c.0 .link.limited_by)" = 0000:28:00.0 ] || fail "JSON limited_by"
[ "$(q 0000:22:00.0 .parent)" = 0000:21:00.0 ] || fail "JSON parent"
[ "$(q 0000:28:00.0 .config.mrrs)" = 128 ] || fail "JSON mrrs"
[ "$(q 0000:3a:00.0 .config.aspm)" = L1 ] || fail "JSON aspm"
[ "$(q 0000:01:02.0 .vf)" = true ] || fail "JSON vf"
[ "$(q 0000:01:02.0 .link)" = null ] || fail "JSON VF link"
[ "$(q 0000:00:10.0 '.vendor | type')" = number ] || fail "JSON vendor is a number"
[ "$(jq '[.[] | select(.link.downgraded)] | length' "$TEST_TMP/j")" = 0 ] || fail "JSON flags"

# A link that trained below both ends: 39:00.0 (Gen4 x8) at 8 GT/s behind a Gen4 port.
jq '.devices |= map(if .bdf == "0000:39:00.0" then .speed = 3 | .max_speed = 4 else . end)' \
	"$SRC_DIR/platforms/kunpeng930.json" >"$TEST_TMP/slow.json"
"$P" topo --platform "$TEST_TMP/slow.json" >"$TEST_TMP/slow"
grep -q '^  0000:39:00.0 .*\[8.0 GT/s x8, max 16.0 GT/s x8\] DOWNGRADED (both ends support 16.0 GT/s x8)$' \
	"$TEST_TMP/slow" || fail "true downgrade: $(grep 39:00.0 "$TEST_TMP/slow")"

"$P" platform remove 0000:28:00.0 >/dev/null
"$P" topo | grep -q 0000:28:00.0 && fail "removed device still shown"
echo ok
