#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope top --once` under the busy workloads: the emulated machine is
# slower than real time there, so the wall clock cuts the frame after a few
# ms of the machine's time, before the PMU's rotation (one group more per
# 4 ms mux interval) has counted every kind.  The frame runs on until it
# has: every row has a number for every kind, its traffic, utilisation and
# reads, and a read latency wherever reads completed.  The screen shows no
# unknown cell either.  Under qemu or the sanitizers (PCIESCOPE_TEST_SCALE=small,
# docs/portability.md) storage-read alone: each frame simulates the same
# ~25 ms whatever the workload, several times slower there.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

"$P" platform reset >/dev/null
loads="storage-read mixed" screen=mixed
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || loads=storage-read screen=storage-read
for w in $loads; do
	"$P" top --once --json --workload "$w" >"$w.json" || { err "$w: top failed"; continue; }
	jq -e '(.rows | length) == 9 and all(.rows[];
		all(.bandwidth_mb_per_s[]; type == "number") and
		all(.traffic_mb_per_s[]; type == "number") and
		all(.reads_per_s[]; type == "number") and
		(.utilization_rx_pct | type) == "number" and (.utilization_tx_pct | type) == "number" and
		(.reads_per_s.rx == 0 or (.latency_ns.rx_mrd | type) == "number") and
		(.reads_per_s.tx == 0 or (.latency_ns.tx_mrd | type) == "number"))' "$w.json" >/dev/null ||
		err "$w: a cell the PMU did not count: $(jq -c '.span_s, [.rows[] |
			select(any(.bandwidth_mb_per_s[], .traffic_mb_per_s[], .reads_per_s[]; . == null)) |
			.root_port]' "$w.json")"
done

# the screen of such a frame: a number in every link use, traffic and bandwidth
# cell (fields 4 to 13 of a row: RX% TX%, RX TX MB/s, the six kinds)
COLUMNS=200 "$P" top --once --workload $screen >screen.txt || err "$screen: top (screen) failed"
awk '/^0000:[^ ]+ +[0-9.]+GT\/s/ { for (i = 4; i <= 13; i++) if ($i == "-") bad = 1 } END { exit bad }' screen.txt ||
	err "$screen: the screen has unknown cells: $(cat screen.txt)"
finish
