#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Cross-check: for every built-in workload, what top (the PCIe PMU, through
# serve's sampler), serve's page, diagnose's live line and report (of PTT
# traces of one Root Port) say a Root Port's link carried per direction,
# and top's and report's read latency, against the fabric's own account of
# the same span (tests/tools/fabric_truth), within 2 %.  The fabric's
# account simulates every TLP whatever PCIESCOPE_RATE_MODEL says: a traced
# core runs TLP by TLP in the tools' run too (diagnose, report), and what
# top and serve count under the rate model is scaled from its windows,
# within 2 % over 50 ms (docs/fabric.md, *The rate model*): top's span is
# 50 ms; serve's page covers tens of ms of storage-read, whose figures
# hold 1 % over 20 ms already.
# Figures under 50 MB/s are held to 1 MB/s instead, and top's figures get
# 4 bytes per read on top: a read's header, which the PMU cannot count
# apart from the length the read asks for, is taken as 16 bytes (4DW), and
# a 3DW one is 4 bytes shorter (it weighs where reads are small).  Each
# workload is a test of its own (E2E_PART), serve's page one more; under
# the sanitizers and qemu the busy workloads run lighter (load below).
# What the sources
# cannot see is left out, and says why here:
#  - a kind the multiplexed PMU did not count in the span (top's null);
#  - the fabric times the reads the host answers and the host's reads of a
#    device, not P2P reads, so the P2P pair's Root Ports (00:08.0's GPU
#    reads 00:12.0's device) have no read latency truth.  This holds under
#    the light default workload too: its GPU reads 00:12.0's device as well
#    (a PTT trace of 00:08.0 over 50 ms: 2016 reads of 22:00.0 completed by
#    03:00.0 at 978 ns on average, beside 24:00.0's 552 DMA reads at 302 ns
#    and the host's 1498 reads, 500 ns where matched), and the PMU's rx_mrd latency
#    counts every read a device sends, P2P included: its weighted 634 ns
#    against the fabric's 455 ns (host-answered and host reads) is that
#    difference of what the two time, not an error of either;
#  - report's read latency where the devices' reads (what a direction=2
#    trace matches with their completions) are under 90 % of the reads the
#    fabric times: the rest are the host's reads, whose completions only a
#    direction=3 trace sees.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
TRUTH=(${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/fabric_truth")
# shellcheck source=lib/live.sh
. "$SRC_DIR/tests/e2e/lib/live.sh"
# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
# shellcheck source=lib/workloads.sh
. "$SRC_DIR/tests/e2e/lib/workloads.sh"
"$P" platform reset >/dev/null

# close NAME GOT WANT [READS_PER_S [WHOLE]]: within 2 %, or 1 MB/s under
# 50 MB/s; plus 4 bytes per read where the reads are known, the most a 3DW
# header taken for 4DW adds.  A link split from a PMU port bit it shares
# is held to 2 % of WHOLE, what the bit's links carried together: the
# split hands each link its share of the bit's count, and so of that
# count's error, which is the bit's 2 % whatever the share
close() {
	awk -v g="$2" -v w="$3" -v r="${4:-0}" -v whole="${5:-$3}" 'BEGIN { d = g - w; if (d < 0) d = -d
		exit !(d <= (whole >= 50 ? 0.02 * whole : 1) + 4 * r / 1e6) }' || err "$1: $2, the fabric says $3"
}

# close_lat NAME GOT WANT: within 5 %: the fabric and the PMU take a read's
# end at the two ends of its last completion's link (at the device, at the
# Root Port), which a short read's latency feels
close_lat() {
	awk -v g="$2" -v w="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= 0.05 * w) }' ||
		err "$1: $2, the fabric says $3"
}

p2p_port() { [ "$1" = 0000:00:08.0 ] || [ "$1" = 0000:00:12.0 ]; }

# truth_of FILE BDFS COLUMN: the sum over the comma-separated Root Ports
truth_of() {
	awk -v list="$2" -v col="$3" 'BEGIN { n = split(list, l, ","); for (i = 1; i <= n; i++) want[l[i]] = 1 }
		$1 in want { s += $col } END { printf "%.3f", s }' "$1"
}

# top over a span (50 ms: the rate model's figures hold 2 % over 50 ms
# for seeds 0-3, over 20 ms some move up to 2.1 % with the CLI's seed 0;
# the light default workload, in bursts, 4 s so that every multiplexed
# kind gets its share: a kind counted a third of the time sees some 3000
# of its NVMe commands a second, of sizes 512 B to 16 KiB, and their sum
# strays by 1.4 % (one standard deviation) from the whole second's, in the
# per-TLP engine's runs of seeds 0 to 3 as much as in the rate model's):
# every row's traffic per direction, and the read latency of busy rows
check_top() {
	local w=$1 ns compared=0 bdfs rx tx lat span=50
	mapfile -t opt < <(wl "$w")
	[ "$w" = default ] && span=4000
	# the lighter loads of the small sizes stray as the default does:
	# mixed:rate=20000's 00:10.x by 4 % from seed to seed over 20 ms
	[ "$w" != default ] && [ "${PCIESCOPE_TEST_SCALE:-}" = small ] && span=1000
	"$P" top --once --whole --json --interval "$span" "${opt[@]}" >"top-$w.json" ||
		{ err "$w: top failed"; return; }
	ns=$(jq -r '.time_s * 1e9 | round' "top-$w.json")
	"${TRUTH[@]}" "$w" 0 "$ns" >"truth-$w.txt" || { err "$w: fabric_truth failed"; return; }
	while IFS=$'\t' read -r bdfs rx tx lat rrx rtx bit; do
		if [ "$rx" != null ]; then
			close "$w: top $bdfs rx" "$rx" "$(truth_of "truth-$w.txt" "$bdfs" 2)" "$rrx" \
				"$(truth_of "truth-$w.txt" "$bit" 2)"
			compared=$((compared + 1))
		fi
		if [ "$tx" != null ]; then
			close "$w: top $bdfs tx" "$tx" "$(truth_of "truth-$w.txt" "$bdfs" 3)" "$rtx" \
				"$(truth_of "truth-$w.txt" "$bit" 3)"
			compared=$((compared + 1))
		fi
		# a Root Port alone on its port bit (a shared bit's latency is the
		# bit's), reads the fabric times (not the P2P pair's): the PMU's two
		# read latencies weighted by their reads against the fabric's
		# average of both
		if [ "$lat" != null ] && ! p2p_port "$bdfs" &&
			awk -v n="$(truth_of "truth-$w.txt" "$bdfs" 4)" 'BEGIN { exit !(n > 1000) }'; then
			close_lat "$w: top $bdfs read latency" "$lat" "$(truth_of "truth-$w.txt" "$bdfs" 5)"
			compared=$((compared + 1))
		fi
	done < <(jq -r '.rows[] | [.root_port, .traffic_mb_per_s.rx, .traffic_mb_per_s.tx,
		(if (.shared_port_bit | not) and .latency_ns.rx_mrd != null and .latency_ns.tx_mrd != null and .reads_per_s.rx != null and
		    .reads_per_s.tx != null and .reads_per_s.rx + .reads_per_s.tx > 0
		 then (.latency_ns.rx_mrd * .reads_per_s.rx + .latency_ns.tx_mrd * .reads_per_s.tx) /
			(.reads_per_s.rx + .reads_per_s.tx)
		 else null end), .reads_per_s.rx, .reads_per_s.tx,
		([.root_port] + .shares_port_bit_with | join(","))] | map(tostring) | @tsv' "top-$w.json")
	[ "$compared" -ge 8 ] || err "$w: top compared only $compared figures"
}

# diagnose of core 0 over 12 ms: its live line's in/out per Root Port.
# The light default workload over a second: the PMU counts each pair in
# turns, and over 12 ms of its bursts the turns' windows stray by 5 %
check_diagnose() {
	local w=$1 bdf in out compared=0 ns=12000000
	[ "$w" = default ] && ns=1000000000
	mapfile -t opt < <(wl "$w")
	"$P" diagnose -e hisi_ptt0_0 -o "diag-$w.data" "${opt[@]}" -- sleep "$(awk -v n=$ns 'BEGIN { print n / 1e9 }')" \
		>/dev/null 2>"diag-$w.err" || { err "$w: diagnose failed: $(cat "diag-$w.err")"; return; }
	"${TRUTH[@]}" "$w" 0 $ns >"truthd-$w.txt" || { err "$w: fabric_truth failed"; return; }
	while read -r bdf in out; do
		close "$w: diagnose $bdf in" "$in" "$(truth_of "truthd-$w.txt" "$bdf" 2)"
		close "$w: diagnose $bdf out" "$out" "$(truth_of "truthd-$w.txt" "$bdf" 3)"
		compared=$((compared + 1))
	done < <(grep -oE '(0000:00:0[04]\.0) [0-9.]+ GT/s x[0-9]+ in [0-9]+ out [0-9]+' "diag-$w.err" |
		awk '{ print $1, $6, $8 }')
	[ "$compared" = 2 ] || err "$w: diagnose gave figures for $compared of 2 Root Ports: $(cat "diag-$w.err")"
}

# report of PTT traces of one Root Port over 2 ms (8DW, timed; 20 ms of
# the light default workload, whose bursts would put report's span, first
# TLP to last, a few per cent short of the recording's).  Outbound, every
# type (direction=1), is the port's tx.  Inbound takes two recordings of
# the same span, P/NP/CPL B (direction=2) and CPL A (direction=3): the
# machine is deterministic, so both see the TLPs the fabric counts.  The
# devices' read latency from a 4DW trace (format=0,direction=2,type=6).
check_report() {
	local w=$1 bdf=$2 ptt=$3 d got reads ms=2 secs=0.002
	[ "$w" = default ] && ms=20 secs=0.02
	mapfile -t opt < <(wl "$w")
	for d in out:direction=1,type=7,format=1 in2:direction=2,type=7,format=1 \
		in3:direction=3,type=4,format=1 lat:direction=2,type=6,format=0; do
		"$P" record --force -o "rep-$w-${d%%:*}.data" "${opt[@]}" -e "$ptt/filter=0x80001,${d#*:}/" \
			-- sleep "$secs" >/dev/null 2>&1 &&
			"$P" report -i "rep-$w-${d%%:*}.data" --stats --latency >"rep-$w-${d%%:*}.txt" ||
			{ err "$w: record/report ${d#*:} failed"; return; }
	done
	"${TRUTH[@]}" "$w" 0 $((ms * 1000000)) >"truth2-$w.txt" || { err "$w: fabric_truth failed"; return; }
	got=$(awk '$1 == "link" && $2 == "traffic" { print $4 }' "rep-$w-out.txt")
	close "$w: report $bdf tx" "$got" "$(truth_of "truth2-$w.txt" "$bdf" 3)"
	got=$(awk '$1 == "link" && $2 == "traffic" { s += $4 } END { printf "%.3f", s }' \
		"rep-$w-in2.txt" "rep-$w-in3.txt")
	close "$w: report $bdf rx" "$got" "$(truth_of "truth2-$w.txt" "$bdf" 2)"
	reads=$(awk '$1 == "all" && $2 == "all" { print $4 }' "rep-$w-lat.txt")
	if ! p2p_port "$bdf" && awk -v n="${reads:-0}" -v t="$(truth_of "truth2-$w.txt" "$bdf" 4)" \
		'BEGIN { exit !(n >= 0.9 * t && t > 1000) }'; then
		close_lat "$w: report $bdf read latency" \
			"$(awk '$1 == "all" && $2 == "all" { print $6 }' "rep-$w-lat.txt")" \
			"$(truth_of "truth2-$w.txt" "$bdf" 5)"
	fi
}

# traced_port WORKLOAD: the Root Port report is held to, and its PTT
traced_port() {
	case $1 in
	default | p2p) echo 0000:00:08.0 hisi_ptt0_1 ;;
	nic) echo 0000:00:10.0 hisi_ptt0_2 ;;
	*) echo 0000:00:00.0 hisi_ptt0_0 ;;
	esac
}

# serve: the page's traffic of 00:00.0 over the span the page says it covers
counted() {
	curl -sf "http://127.0.0.1:$serve_port/metrics" >page.txt &&
		grep -q '^pciescope_pcie_link_traffic_bytes_per_second{sicl="0",core="0",port="0x1",.*direction="tx"}' page.txt
}
serve_pid=""
at_exit '[ -z "$serve_pid" ] || kill -KILL "$serve_pid" 2>/dev/null'
check_serve() {
	local w to span got
	w=$(load storage-read)
	start_serve serve.err --interval 500 --workload "$w" || err "serve did not start: $(cat serve.err)"
	if wait_for 60 counted; then
		to=$(awk '$1 == "pciescope_time_seconds" { printf "%.0f", $2 * 1e9 }' page.txt)
		span=$(awk '$1 == "pciescope_interval_seconds" { printf "%.0f", $2 * 1e9 }' page.txt)
		"${TRUTH[@]}" "$w" $((to - span)) "$to" >truth-serve.txt || err "fabric_truth failed"
		got=$(awk '$1 ~ /^pciescope_pcie_link_traffic_bytes_per_second\{sicl="0",core="0",port="0x1",.*direction="tx"/ {
			printf "%.3f", $2 / 1e6 }' page.txt)
		close "serve 0000:00:00.0 tx" "$got" "$(truth_of truth-serve.txt 0000:00:00.0 3)"
	else
		err "serve: no traffic counted for 00:00.0 in 60 s"
	fi
	kill -TERM "$serve_pid"
	ends_within 10 "$serve_pid" || err "serve did not end"
	serve_pid=""
}

# E2E_PART (tests/CMakeLists.txt): one workload per test, and serve; all of them run alone
for w in ${E2E_PART:-default storage-read storage-write nic p2p mixed serve}; do
	if [ "$w" = serve ]; then
		check_serve
		continue
	fi
	check_top "$(load "$w")"
	check_diagnose "$(load "$w")"
	# shellcheck disable=SC2046
	check_report "$(load "$w")" $(traced_port "$w")
done
finish
