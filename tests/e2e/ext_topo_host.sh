#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope topo --backend host` on this machine's real PCI bus: every
# device lspci lists appears, with lspci's class and device names (both from
# pci.ids), and --json lists the same devices.  Links are checked only where
# the machine has them: a flagged link is one whose current speed or width
# is below its maximum.
set -euo pipefail
mkdir -p "$TEST_TMP"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$PCIESCOPE" topo --backend host >"$TEST_TMP/topo"
"$PCIESCOPE" topo --backend host --json >"$TEST_TMP/topo.json"
lspci -D >"$TEST_TMP/lspci"
[ -s "$TEST_TMP/lspci" ] || fail "lspci lists nothing"
while IFS= read -r line; do
	want=$(echo "$line" | sed -E 's/ \((rev|prog-if) [^)]*\)//g')
	grep -qF -- "$want" "$TEST_TMP/topo" || fail "topo lacks '$want'"
done <"$TEST_TMP/lspci"
[ "$(jq length "$TEST_TMP/topo.json")" = "$(wc -l <"$TEST_TMP/lspci")" ] || fail "JSON count"
jq -e 'all(.[]; (.link == null) or (.link.downgraded ==
	(.link.speed_gts < .link.max_speed_gts or .link.width < .link.max_width)))' \
	"$TEST_TMP/topo.json" >/dev/null || fail "downgraded flag disagrees with the link"
echo ok
