#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope topo --backend host` on this machine's real PCI bus: every
# device lspci lists appears, with lspci's class and device names (both from
# pci.ids), and --json lists the same devices.  Links are checked only where
# the machine has them: a flagged link runs below its own maximum and below
# its partner's, and a link said to be limited by its partner runs at what
# the partner supports.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"

"$PCIESCOPE" topo --backend host >"$TEST_TMP/topo"
"$PCIESCOPE" topo --backend host --json >"$TEST_TMP/topo.json"
lspci -D >"$TEST_TMP/lspci"
[ -s "$TEST_TMP/lspci" ] || fail "lspci lists nothing"
while IFS= read -r line; do
	want=$(echo "$line" | sed -E 's/ \((rev|prog-if) [^)]*\)//g')
	grep -qF -- "$want" "$TEST_TMP/topo" || fail "topo lacks '$want'"
done <"$TEST_TMP/lspci"
[ "$(jq length "$TEST_TMP/topo.json")" = "$(wc -l <"$TEST_TMP/lspci")" ] || fail "JSON count"
jq -e 'all(.[]; (.link == null) or (.link.downgraded | not) or
	(.link.speed_gts < .link.max_speed_gts or .link.width < .link.max_width))' \
	"$TEST_TMP/topo.json" >/dev/null || fail "downgraded flag on a link at its maximum"
jq -e '. as $all | all(.[]; (.link.limited_by // null) == null or
	(.link.limited_by as $p | ($all[] | select(.bdf == $p) | .link) as $o |
	 (.link.speed_gts >= ([$o.max_speed_gts, .link.max_speed_gts] | min)) and
	 (.link.width >= ([$o.max_width, .link.max_width] | min))))' \
	"$TEST_TMP/topo.json" >/dev/null || fail "limited_by names an end that does not limit it"
echo ok
