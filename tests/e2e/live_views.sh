#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Live views stay live under a workload the emulation runs far slower than
# real time (storage-read): top, `stat -I` and serve draw or answer every
# interval with what was simulated by then and say how far the emulated
# clock is behind the wall clock; `top --once` ends with its interval's
# frame; SIGTERM ends each of them, with status 0 (`stat` without -I with
# its counts so far).  Nothing is timed: every wait has a bound a loaded
# machine meets many times over, far below what simulating the intervals
# whole would take (a 1 s interval of storage-read costs tens of seconds).
# That is the per-TLP engine's pace: the rate model, on by default, keeps up
# with the clock, so it is turned off here to have a machine that cannot.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
export PCIESCOPE_RATE_MODEL=0
cd "$TEST_TMP"
P=$PCIESCOPE
# shellcheck source=lib/live.sh
. "$SRC_DIR/tests/e2e/lib/live.sh"
# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
"$P" platform reset >/dev/null
W=(--workload storage-read)
# Every TLP simulated: the rate model runs storage-read near real time (one
# core's stat at about 0.2 CPU s per simulated s, docs/performance.md), so
# whether a view lags there would depend on the machine; these are the
# views of an emulation slower than the wall clock.
export PCIESCOPE_RATE_MODEL=0

lines() { [ "$(wc -l <"$1" 2>/dev/null || echo 0)" -ge "$2" ]; }

"$P" top --json --interval 1000 "${W[@]}" >top.json 2>top.err &
pid=$!
wait_for 30 lines top.json 2 || err "top: no two frames in 30 s: $(cat top.err)"
kill -TERM "$pid"
ends_within 10 "$pid" || err "top: still running 10 s after SIGTERM"
[ "${ended_status:-1}" = 0 ] || err "top: exit status ${ended_status:-} after SIGTERM"
# the figures themselves are the cross-check's (cross_check.sh); here: frames
# that cover what was simulated, never a link over 100 %
head -2 top.json | jq -e -s '.[0].span_s > 0 and .[0].span_s <= 1 and .[1].time_s > .[0].time_s and
	(.[1].lag_s | type) == "number" and
	([.[].rows[] | .utilization_rx_pct, .utilization_tx_pct | select(. != null)] | all(. <= 100))' \
	>/dev/null || err "top: the frames: $(head -2 top.json)"

"$P" top --once --interval 1000 "${W[@]}" >once.txt 2>once.err &
pid=$!
# --once runs on past the wall clock until the PMU's rotation has counted
# every kind (about 25 ms of the machine's time, top_busy.sh): far less than
# the whole interval, but more than the other views' first frame, and under
# ASan beside another make test more than 120 s of the wall clock
ends_within 300 "$pid" || err "top --once: no frame in 300 s"
[ "${ended_status:-1}" = 0 ] || err "top --once: exit status ${ended_status:-}: $(cat once.err)"
# a frame cut by the wall clock says so (a whole one, on a fast machine, says 1.000 s)
# (on the title line, or on the next when the terminal is too narrow for it)
head -2 once.txt | tr '\n' ' ' | grep -qE '^pciescope top - emulated - (.* q quits( -)? [0-9.]+ ms simulated in this frame, [0-9.]+ s behind the wall clock|1\.000 s - every 1000 ms - q quits) ' ||
	err "top --once: the title does not say what the frame covers: $(head -2 once.txt)"

"$P" stat -I 1000 "${W[@]}" -e hisi_pcie0_core0/tx_cpl_flux,port=0x1/ 2>stat.txt &
pid=$!
wait_for 30 grep -q 'hisi_pcie0_core0/tx_cpl_flux' stat.txt || err "stat -I: no interval in 30 s"
kill -TERM "$pid"
ends_within 10 "$pid" || err "stat -I: still running 10 s after SIGTERM"
[ "${ended_status:-1}" = 0 ] || err "stat -I: exit status ${ended_status:-} after SIGTERM"
grep -qE '^pciescope: stat: this interval: [0-9.]+ ms simulated by its end on the wall clock, [0-9.]+ s behind$' stat.txt ||
	grep -qE '^ +1\.000000000 ' stat.txt || err "stat -I: a cut interval does not say so: $(cat stat.txt)"

"$P" stat "${W[@]}" -e hisi_pcie0_core0/tx_cpl_flux,port=0x1/ 2>total.txt &
pid=$!
wait_for 30 grep -q 'runs slower than the wall clock' total.txt || err "stat: no lag said in 30 s"
kill -TERM "$pid"
ends_within 10 "$pid" || err "stat: still running 10 s after SIGTERM"
[ "${ended_status:-1}" = 0 ] || err "stat: exit status ${ended_status:-} after SIGTERM"
grep -qE '^ +[1-9][0-9]* +hisi_pcie0_core0/tx_cpl_flux,port=0x1/' total.txt &&
	grep -q 'seconds time elapsed' total.txt || err "stat: no counts after SIGTERM: $(cat total.txt)"

serve_pid=""
at_exit '[ -z "$serve_pid" ] || kill -KILL "$serve_pid" 2>/dev/null'
start_serve serve.err --interval 1000 "${W[@]}" || err "serve did not start: $(cat serve.err)"
page() { curl -sf "http://127.0.0.1:$serve_port/metrics" >page.txt; }
busy() {
	page && awk '$1 ~ /^pciescope_pcie_link_traffic_bytes_per_second\{sicl="0",core="0",port="0x1".*direction="tx"/ &&
		$2 > 1e9 { found = 1 } END { exit !found }' page.txt
}
wait_for 30 busy || err "serve: no traffic on 00:00.0 in 30 s: $(grep link_traffic page.txt)"
grep -qE '^pciescope_clock_lag_seconds [0-9.]+$' page.txt || err "serve: no clock lag on the page"
grep -qE '^pciescope_interval_seconds [0-9.]+$' page.txt || err "serve: no interval span on the page"
kill -TERM "$serve_pid"
ends_within 10 "$serve_pid" || err "serve: still running 10 s after SIGTERM"
[ "${ended_status:-1}" = 0 ] || err "serve: exit status ${ended_status:-} after SIGTERM"
serve_pid=""
finish
