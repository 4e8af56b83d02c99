#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A PTT recording in the rate model (docs/fabric.md, *Tracing in the rate
# model*) against the per-TLP engine's for the same seed
# (PCIESCOPE_RATE_MODEL=0), under the mixed workload at full rate: the PTT
# document's record line (outbound posted TLPs of 00:10.0 and 00:10.1, 8DW)
# and every inbound TLP of core 2 (4DW) over 20 ms.  Every figure of
# report --stats of at least 10000 TLPs is within 2 % of the engine's, and
# not every figure is the same (the rate model ran).  Under qemu or
# the sanitizers (PCIESCOPE_TEST_SCALE=small, docs/portability.md) the
# document's line alone over 5 ms, its figures of at least 1000 TLPs.
set -eu
mkdir -p "$TEST_TMP"
cd "$TEST_TMP"
P=$PCIESCOPE
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
events='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/ hisi_ptt0_2/filter=0x80011,type=7,direction=0,format=0/'
secs=0.02 min=10000
if [ "${PCIESCOPE_TEST_SCALE:-}" = small ]; then
	events=${events%% *} secs=0.005 min=1000
fi

# record NAME EVENT [ENV...]: NAME.data, and its report --stats as NAME.csv
record() {
	local name=$1 ev=$2
	shift 2
	rm -rf "state-$name"
	env PCIESCOPE_STATE_DIR="$TEST_TMP/state-$name" "$@" "$P" record --workload mixed \
		-o "$name.data" -e "$ev" -- sleep $secs 2>"$name.err" || fail "record $ev: $(cat "$name.err")"
	"$P" report --stats --csv -i "$name.data" >"$name.csv" 2>/dev/null
}

for ev in $events; do
	record tlp "$ev" PCIESCOPE_RATE_MODEL=0
	record rate "$ev"
	! cmp -s tlp.csv rate.csv || fail "$ev: the rate model's figures are the engine's to the TLP"
	awk -v min=$min -f "$SRC_DIR/tests/e2e/lib/stats_drift.awk" tlp.csv rate.csv >drift.txt ||
		fail "$ev: report --stats of the rate model against the engine's: $(cat drift.txt)"
done
echo ok
