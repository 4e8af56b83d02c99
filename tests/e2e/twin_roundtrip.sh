#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The twin's round trip, one built-in workload per part (E2E_PART): W
# recorded as docs/twin.md says (cores 1 and 2, 4DW direction=2), its twin
# replayed with the same seed and span; per Root Port link and direction of
# the recorded cores the link traffic within 5 % and the mean read latency
# within 10 % of W's, as the link model states them from the PCIe PMU's
# counts (`stat --metrics`, lib/twin.sh).  The per-TLP engine
# runs both: over 1 ms the rate model's own error on these workloads
# exceeds the twin's (docs/fabric.md, *The rate model*); bench/bench_twin.sh
# checks both engines over 5 and 20 ms.  Under the sanitizers and qemu
# (PCIESCOPE_TEST_SCALE=small) the span is 0.5 ms.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
# shellcheck source=lib/twin.sh
. "$SRC_DIR/tests/e2e/lib/twin.sh"
"$P" platform reset >/dev/null
export PCIESCOPE_RATE_MODEL=0
w=$E2E_PART
span=0.001
[ "${PCIESCOPE_TEST_SCALE:-}" = small ] && span=0.0005

twin_record rec.data $span "$w" --seed 3
twin_compare "$w" $span --workload "$w" --seed 3 -- --workload replay:trace=rec.data --seed 3 \
	>cmp.txt
cat cmp.txt
[ "$(grep -c . cmp.txt)" -eq 10 ] || err "$w: not one comparison per recorded link and direction"
grep -q '^FAIL' cmp.txt && err "$w: the twin strays (lines above)"
# what was traced is compared: a link that carried something in W (a
# range's upper end) is one
awk '{ t = $6; sub(".*-", "", t) } t + 0 > 0' cmp.txt | grep -q . || err "$w: no traffic counted"
finish
