#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The real perf lists the emulated PMUs: the `pciescope sysfs mount` tree is
# bind-mounted over /sys/bus/event_source/devices in a private mount
# namespace (the recipe of docs/recipes.md) and `perf list` must show every
# event of every emulated PMU's events/ directory as pmu/event/.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/fuse.sh"
PMUS=$M/bus/event_source/devices

unshare -m --propagation private sh -c \
	"mount --bind '$PMUS' /sys/bus/event_source/devices && perf list pmu" \
	>"$TEST_TMP/list" 2>"$TEST_TMP/list.err" || fail "perf list: $(cat "$TEST_TMP/list.err")"

grep -q "hisi_pcie0_core0/rx_mwr_latency/ *\[Kernel PMU event\]" "$TEST_TMP/list" ||
	fail "no hisi_pcie0_core0/rx_mwr_latency/ in: $(head "$TEST_TMP/list")"
n=0
for ev in "$PMUS"/*/events/*; do
	pmu=$(basename "$(dirname "$(dirname "$ev")")")
	name=$(basename "$ev")
	case $name in *.scale | *.unit | *.per-pkg | *.snapshot) continue ;; esac
	grep -q " $pmu/$name/ " "$TEST_TMP/list" || fail "perf list lacks $pmu/$name/"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "no events in the emulated tree"
# pciescope list prints each of perf's event lines as perf prints them.
"$PCIESCOPE" list >"$TEST_TMP/ours"
grep 'Kernel PMU event' "$TEST_TMP/list" | while IFS= read -r line; do
	grep -qxF -- "$line" "$TEST_TMP/ours" || fail "pciescope list lacks perf's line '$line'"
done
# Outside the namespace the host's PMUs are untouched.
perf list pmu 2>/dev/null | grep -q hisi_pcie && fail "host perf list shows emulated PMUs"
echo "ok: $n events"
