#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope top --once/--json` for scripts: one row per Root Port's link
# (the Root Ports sharing a PMU port bit each on its own, split by
# requester counters, a note saying so), the traffic of the default
# workload in bandwidth, latency and utilisation (what crossed the link, a
# read counted by its header, over what the link carries for TLPs, never
# over 100 %), the tune level set with `pciescope tune`, the links of the
# platform file; and a one-line error where there is no PCIe PMU (epyc,
# and this host).  Lines fit the width ($COLUMNS, else 80 off a terminal),
# leaving out whole cells, with link use and traffic first; notes wrap;
# JSON numbers carry the screen's digits, not a binary tail.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

"$P" platform reset >/dev/null
"$P" tune hisi_ptt0_2 qos_tx_cpl=2 >/dev/null
"$P" top --once --whole --json --interval 100 >f.json || err "top --once --json failed"
[ "$(wc -l <f.json)" = 1 ] || err "--once --json: not one line"
jq -e '.backend == "emulated" and .interval_ms == 100 and (.time_s * 1000 | round) == 100 and
	(.rows | length) == 9' f.json >/dev/null || err "frame: $(jq -c '{backend, time_s, n: (.rows | length)}' f.json)"
# 00:10.1 shares its port bit with 00:10.0 and has a row of its own, split by requester
jq -e '.rows[] | select(.root_port == "0000:00:10.1") |
	.sicl == 0 and .core == 2 and .port == 1 and .link_speed_gts == 16 and .link_width == 4 and
	.shared_port_bit and .shares_port_bit_with == ["0000:00:10.0"] and
	.basis.rx == "split" and .basis.tx == "split" and
	.tune.qos_tx_cpl == 2 and .tune.qos_tx_np == 1 and .bandwidth_mb_per_s.rx_mrd > 0 and
	.latency_ns.rx_mrd > 0 and .utilization_tx_pct >= 0 and .utilization_tx_pct < 100' f.json >/dev/null ||
	err "the 00:10.1 row: $(jq -c '.rows[] | select(.root_port == "0000:00:10.1")' f.json)"
jq -e '.rows[] | select(.root_port == "0000:00:0c.0") | .link_speed_gts == 8 and .link_width == 4' \
	f.json >/dev/null || err "00:0c.0's downgraded link: $(jq -c '.rows[3]' f.json)"
# utilisation is what crossed over what the link carries for TLPs: less than the
# lanes' rate (16 GT/s x16, 128b/130b) by its DLLPs and SKPs; the reads add their
# headers, not the data they ask for; JSON at the screen's one digit
jq -e '.rows[] | select(.root_port == "0000:00:10.0") |
	(16000 * 16 * 128 / 130 / 8) as $raw |
	.capacity_mb_per_s < 0.95 * $raw and .capacity_mb_per_s > 0.9 * $raw and
	(.traffic_mb_per_s.rx / .capacity_mb_per_s * 100 - .utilization_rx_pct | fabs) <= 0.05 and
	(.utilization_rx_pct | tostring | test("^[0-9]+(\\.[0-9])?$")) and
	.traffic_mb_per_s.rx > (.bandwidth_mb_per_s | .rx_mwr + .rx_cpl) and
	.traffic_mb_per_s.rx < (.bandwidth_mb_per_s | .rx_mwr + .rx_cpl + .rx_mrd / 10)' f.json >/dev/null ||
	err "utilisation is not traffic over the link's TLP capacity: $(jq -c '.rows[4]' f.json)"

COLUMNS=200 "$P" top --once --whole --interval 100 >f.txt || err "top --once failed"
grep -q '^ROOT PORT ' f.txt || err "--once: no header"
grep -qE '^0000:00:10\.1 +16\.0GT/s x4 .* pcie0_core2:0x1 +2/1/1/1/1$' f.txt ||
	err "--once: the 00:10.1 row: $(cat f.txt)"
grep -qx "0000:00:10.0 shares port bit 0x1 of pcie0_core2 with 0000:00:10.1: their traffic is split by requester (bdf=) counters; their latencies are the bit's." f.txt ||
	err "--once: no line saying who shares a port bit: $(cat f.txt)"
grep -q $'\033' f.txt && err "--once to a file has terminal escapes"
# the numbers at the screen's precision: no value with more than 6 decimals
if grep -Eq '[0-9]\.[0-9]{7,}' f.json; then err "JSON has long fractions: $(grep -Eo '[0-9]+\.[0-9]{7,}' f.json | head -3)"; fi

# width: no line longer than asked for, every row cut at a whole cell, the
# headline (link use and traffic both ways) within 80 columns, the notes
# wrapped, whole
for cols in 60 80 120; do
	COLUMNS=$cols "$P" top --once --interval 100 >w$cols.txt || err "COLUMNS=$cols failed"
	awk -v w=$cols 'length($0) > w { bad = 1 } END { exit bad }' w$cols.txt ||
		err "COLUMNS=$cols: a line is longer: $(awk '{ print length($0) }' w$cols.txt | sort -n | tail -1)"
	# a row ends where its header ends: the same cells, none cut in two
	hdr=$(grep '^ROOT PORT' w$cols.txt | awk '{ print length($0) }')
	awk -v n="$hdr" '/^0000:[^ ]+ +([0-9.]+GT\/s|-)/ && length($0) != n { bad = 1 } END { exit bad }' w$cols.txt ||
		err "COLUMNS=$cols: rows and header disagree: $(cat w$cols.txt)"
	[ $cols = 60 ] && continue
	grep -qE '^ROOT PORT +LINK +RX% +TX% +RX MB/s +TX MB/s' w$cols.txt ||
		err "COLUMNS=$cols: the headline is cut: $(grep '^ROOT' w$cols.txt)"
	tr '\n' ' ' <w$cols.txt | tr -s ' ' | grep -q "split by requester (bdf=) counters; their latencies are the bit's\." ||
		err "COLUMNS=$cols: the note stops mid-sentence: $(tail -3 w$cols.txt)"
done
# the header ends on a whole column name, and shows more than the names
grep -Eq '^ROOT PORT .* (RX|TX|L)_[A-Z]+$' w80.txt || err "80 columns: header $(grep '^ROOT' w80.txt)"
env -u COLUMNS "$P" top --once --interval 100 >w.txt
[ "$(awk '{ print length($0) }' w.txt | sort -n | tail -1)" -le 80 ] || err "off a terminal, no COLUMNS: wider than 80"

"$P" top --once --platform epyc 2>e.txt && err "top on epyc succeeded"
[ "$(cat e.txt)" = "pciescope: top: this machine has no HiSilicon PCIe PMU (hisi_pcie<sicl>_core<core>) to show" ] ||
	err "epyc: $(cat e.txt)"
if ! ls /sys/bus/event_source/devices/ | grep -q '^hisi_pcie'; then
	"$P" top --once --backend host 2>h.txt && err "top on a host without PCIe PMU succeeded"
	grep -q "this machine has no HiSilicon PCIe PMU" h.txt || err "host: $(cat h.txt)"
fi
"$P" top --interval 5 2>i.txt && err "--interval 5 accepted"
[ "$(cat i.txt)" = "pciescope: top: --interval: '5' is not a number from 10 to 3600000" ] || err "interval: $(cat i.txt)"
finish
