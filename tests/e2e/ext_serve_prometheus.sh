#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope serve` scraped by a real Prometheus: promtool accepts the page;
# a Prometheus on loopback (temporary config and storage) scrapes it, and
# PromQL over its HTTP API returns the PTT tune level set before with
# `pciescope tune`, the downgraded link of the platform file, and a non-zero
# Root Port bandwidth.  The Grafana dashboard queries only metrics on the
# page; on epyc the IOMMU counters count.  SIGTERM stops serve with exit status 0.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR" "$TEST_TMP/prom"
pids=()
at_exit 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done'

# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
PP=$(free_port) || fail "no free port for Prometheus"

"$PCIESCOPE" tune hisi_ptt0_2 qos_tx_cpl=2 >/dev/null
start_serve "$TEST_TMP/serve.err" --interval 200 || fail "serve did not answer: $(cat "$TEST_TMP/serve.err")"
spid=$serve_pid
SP=$serve_port
pids+=($spid)
curl -sf "http://127.0.0.1:$SP/metrics" >"$TEST_TMP/page" || fail "serve stopped answering"
promtool check metrics <"$TEST_TMP/page" || fail "promtool rejects the page"
# Counters of bytes, transactions and events are whole numbers.
awk '$1 ~ /_total\{/ && $2 !~ /^[0-9]+$/ {print; bad=1} END {exit bad}' "$TEST_TMP/page" ||
	fail "a _total counter is not a whole number"
grep -q '^pciescope_ptt_tune_level{sicl="0",core="2",param="qos_tx_cpl"} 2$' "$TEST_TMP/page" ||
	fail "tune level not on the page"
# Every metric the Grafana dashboard queries is on the page.
for m in $(jq -r '.. | .expr? // empty' "$SRC_DIR/contrib/grafana/pciescope.json" |
	grep -o 'pciescope_[a-z_]*' | sort -u); do
	grep -q "^$m[{ ]" "$TEST_TMP/page" || fail "dashboard queries $m, not on the page"
done
curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$SP/nosuch" | grep -qx 404 ||
	fail "unknown path not 404"

cat >"$TEST_TMP/prometheus.yml" <<EOC
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: pciescope
    static_configs:
      - targets: ['127.0.0.1:$SP']
EOC
prometheus --config.file="$TEST_TMP/prometheus.yml" --storage.tsdb.path="$TEST_TMP/prom" \
	--web.listen-address=127.0.0.1:$PP >"$TEST_TMP/prom.log" 2>&1 &
pids+=($!)

# Polls a PromQL query until its first sample has the wanted value.
query() {
	local q=$1 want=$2 got=""
	for _ in $(seq 120); do
		got=$(curl -sf "http://127.0.0.1:$PP/api/v1/query" --data-urlencode "query=$q" |
			jq -r '.data.result[0].value[1] // empty' 2>/dev/null || true)
		[ "$got" = "$want" ] && return 0
		sleep 0.5
	done
	fail "query $q gave '$got', wanted '$want' ($(tail -3 "$TEST_TMP/prom.log"))"
}
query 'pciescope_ptt_tune_level{sicl="0",core="2",param="qos_tx_cpl"}' 2
query 'pciescope_ptt_tune_level{sicl="0",core="2",param="qos_tx_np"}' 1
query 'pciescope_pcie_link_downgraded{bdf="0000:00:0c.0"}' 0
query 'pciescope_pcie_link_limited_by_partner{bdf="0000:00:0c.0"}' 1
query 'pciescope_pcie_link_downgraded{bdf="0000:00:10.0"}' 0
query 'pciescope_pcie_link_max_speed_gigatransfers_per_second{bdf="0000:00:0c.0"}' 16
query 'count(pciescope_pcie_bandwidth_bytes_per_second{bdf="0000:00:00.0",tlp="rx_mwr"} > 0)' 1
# One series per PMU counter: 00:10.0 and 00:10.1 share port bit 0x1 of
# hisi_pcie0_core2, so they are one series labelled with both; a sum over the
# series is the PMU's bytes (the sum of its distinct port counters, taken in
# the same evaluation), not twice some of them.
query 'count(pciescope_pcie_bytes_total{bdf="0000:00:10.0,0000:00:10.1",port="0x1",tlp="rx_mwr"})' 1
query 'count(count by (sicl, core, port, tlp) (pciescope_pcie_bytes_total) > 1) or vector(0)' 0
query 'count(sum(pciescope_pcie_bytes_total{sicl="0",core="2",tlp="rx_mwr"}) > 0 and
	sum(pciescope_pcie_bytes_total{sicl="0",core="2",tlp="rx_mwr"}) ==
	sum(max by (port) (pciescope_pcie_bytes_total{sicl="0",core="2",tlp="rx_mwr"})))' 1

kill -TERM $spid
wait $spid || fail "serve exited $? on SIGTERM"

# epyc: the AMD IOMMU PMU's named events, counting under the platform's traffic.
start_serve "$TEST_TMP/serve2.err" --platform epyc --interval 100 ||
	fail "epyc serve did not answer: $(cat "$TEST_TMP/serve2.err")"
pids+=($serve_pid)
ok=""
for _ in $(seq 200); do
	curl -sf "http://127.0.0.1:$serve_port/metrics" >"$TEST_TMP/page2" &&
		awk '$1 ~ /^pciescope_iommu_events_total\{iommu="0",event="mem_trans_total"\}$/ &&
			$2 > 0 {f=1} END {exit !f}' "$TEST_TMP/page2" && ok=1 && break
	sleep 0.1
done
[ -n "$ok" ] || fail "no counting IOMMU metric: $(grep iommu "$TEST_TMP/page2" | head -3)"
promtool check metrics <"$TEST_TMP/page2" || fail "promtool rejects the epyc page"
echo ok
