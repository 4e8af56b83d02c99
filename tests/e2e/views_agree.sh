#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# One figure, one engine: for every built-in workload, every Root Port's
# link and direction, what `top --once --json`, serve's /metrics,
# `stat -M pcie_link --metrics`, `diagnose --json` and `report --stats` of
# a trace say the link carried agree within 2 % (1 MB/s under 50 MB/s),
# and each view's utilisation is its traffic over the one capacity top
# shows (what the link carries for TLPs), at the screen's 0.1 %.  All
# read the tool library's link model; this holds them to each other, as
# tests/e2e/cross_check.sh holds them to the fabric.
#
# Spans: the machine is deterministic from its boot, so top, stat and
# diagnose count the same first 30 ms of the busy workloads (every PMU
# group of every core runs within it: 24 ms on core 2, whose shared port
# bit adds groups) and see the same TLPs.  The PMU counts each kind in
# turns (a group more per 4 ms), scaling what it saw: over the light
# default workload's bursts its estimate strays by up to 25 % over 30 ms
# with the phase of the turns, and by up to 4 % over a second (the
# cross-check's 4 s hold it to the fabric within 2 %), so there every view
# counts a second and is held within 5 %.  What a source cannot see, and
# why:
#  - serve paces its pages by the wall clock, so its first page covers what
#    the machine simulated from its boot in the first interval; it is
#    compared with a top of that span, where that is at least the span the
#    others count: a loaded machine, or a busy core the shared port bit's
#    requester counters make the engine run TLP by TLP (mixed: some 10 ms
#    a second), may simulate less; its use is then held to its traffic
#    only.  Links its page leaves as a range or unknown are left out, and
#    latencies nothing measured are NaN where top shows "-";
#  - report reads a trace, which the PTT cannot take of a busy core for
#    long cheaply: busy workloads are traced for 5 ms of their steady
#    traffic (within 2 % of the 30 ms the others count), the light one for
#    its second.  A PTT's Root Port filter, like the PMU's port bit, covers
#    00:10.0 and 00:10.1 together, so report's figure is their sum, held to
#    the sum of the others'.  A trace sees a read request's own header (12
#    or 16 bytes) where the PMU counts reads and takes 16: 4 bytes per read
#    more are allowed.  A trace knows no link, so report gives no
#    utilisation;
#  - diagnose and report are run for the PTTs and Root Ports that carry
#    traffic in the workload (an idle link's trace holds nothing to compare).
# Each workload is a test of its own (E2E_PART); under the sanitizers and
# qemu the busy workloads run lighter (load below), and lighter they come
# in bursts too: they are held as the default one is.
set -uo pipefail
mkdir -p "$TEST_TMP"
cd "$TEST_TMP"
P=$PCIESCOPE
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
# shellcheck source=lib/live.sh
. "$SRC_DIR/tests/e2e/lib/live.sh"
# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
# shellcheck source=lib/workloads.sh
. "$SRC_DIR/tests/e2e/lib/workloads.sh"
"$P" platform reset >/dev/null

# close NAME GOT WANT [READS_PER_S]: within $TOL % (2 unless a check says
# otherwise), or 1 MB/s under 50 MB/s, plus 4 bytes per read where the reads
# are known
TOL=2
close() {
	awk -v g="$2" -v w="$3" -v r="${4:-0}" -v t="$TOL" 'BEGIN { d = g - w; if (d < 0) d = -d
		exit !(d <= (w >= 50 ? t / 100 * w : 1) + 4 * r / 1e6) }' || err "$1: $2, top says $3"
}

# use_of NAME PCT MBPS CAP: PCT is MBPS over CAP in percent, at the screen's 0.1
use_of() {
	awk -v u="$2" -v t="$3" -v c="$4" 'BEGIN { d = u - 100 * t / c; if (d < 0) d = -d
		exit !(c > 0 && d <= 0.06) }' || err "$1: use $2 %, but $3 of $4 MB/s is $(awk -v t="$3" -v c="$4" 'BEGIN { printf "%.2f", 100 * t / c }') %"
}

# top's rows: BDF RX TX RX% TX% CAP READS_RX READS_TX (null where unknown)
top_rows() {
	jq -r '.rows[] | [.root_port, .traffic_mb_per_s.rx, .traffic_mb_per_s.tx, .utilization_rx_pct,
		.utilization_tx_pct, .capacity_mb_per_s, .reads_per_s.rx, .reads_per_s.tx] |
		map(tostring) | join(" ")' "$1"
}

# field FILE BDF N: field N of BDF's row of top_rows
field() { awk -v b="$2" -v n="$3" '$1 == b { print $n }' "$1"; }

busy_port() { awk -v r="$1" -v t="$2" 'BEGIN { exit !(r + t > 1) }'; }

check_stat() {
	local w=$1 secs=$2 bdf d got use n=0
	mapfile -t opt < <(wl "$w")
	"$P" stat -M pcie_link -j "${opt[@]}" -- sleep "$secs" >stat.json 2>&1 ||
		{ err "$w: stat failed: $(tail -3 stat.json)"; return; }
	while read -r bdf d got use; do
		local col=2 ucol=4
		[ "$d" = tx ] && col=3 ucol=5
		case $got in *-*) continue ;; esac # a range: the shared bit not split in the span
		close "$w: stat $bdf $d" "$got" "$(field top.txt "$bdf" $col)" "$(field top.txt "$bdf" $((col + 5)))"
		use_of "$w: stat $bdf $d" "$use" "$got" "$(field top.txt "$bdf" 6)"
		n=$((n + 1))
	done < <(jq -r 'select(.event | startswith("link:")) | [(.event | split("/")[0] | ltrimstr("link:")),
		(.event | split("/")[1]), ."counter-value", (."metric-value" * 10 | round / 10)] | map(tostring) | join(" ")' stat.json)
	[ "$n" -ge 16 ] || err "$w: stat gave $n link figures: $(grep -c link: stat.json) lines"
	echo "$w: stat: $n figures"
}

# diagnose of each PTT whose Root Ports carry traffic: link-load or
# link-saturated per Root Port, their evidence against top
check_diagnose() {
	local w=$1 secs=$2 ptt bdf in out ins outs n=0
	mapfile -t opt < <(wl "$w")
	for ptt in $(ptts_with_traffic); do
		"$P" diagnose --json -e "$ptt" -o "diag-$ptt.data" "${opt[@]}" -- sleep "$secs" \
			>"diag-$ptt.json" 2>"diag-$ptt.err" || { err "$w: diagnose $ptt: $(tail -2 "diag-$ptt.err")"; continue; }
		while read -r bdf in out ins outs; do
			close "$w: diagnose $bdf in" "$in" "$(field top.txt "$bdf" 2)" "$(field top.txt "$bdf" 7)"
			close "$w: diagnose $bdf out" "$out" "$(field top.txt "$bdf" 3)" "$(field top.txt "$bdf" 8)"
			use_of "$w: diagnose $bdf in" "$(awk -v s="$ins" 'BEGIN { printf "%.1f", 100 * s }')" "$in" "$(field top.txt "$bdf" 6)"
			use_of "$w: diagnose $bdf out" "$(awk -v s="$outs" 'BEGIN { printf "%.1f", 100 * s }')" "$out" "$(field top.txt "$bdf" 6)"
			n=$((n + 1))
		done < <(jq -r 'select(.id == "link-load" or .id == "link-saturated") |
			[.subject, .evidence.inbound_mbps, .evidence.outbound_mbps, .evidence.inbound_share,
			 .evidence.outbound_share] | map(tostring) | join(" ")' "diag-$ptt.json")
	done
	[ "$n" -ge 1 ] || err "$w: diagnose gave no link's figures"
	echo "$w: diagnose: $n links"
}

# The PTTs and their Root Port filters (sysfs, as a user reads them)
filters() {
	"$P" sysfs export sx >/dev/null 2>&1 || true
	for f in sx/hisi_ptt*/root_port_filters/0000:*; do
		echo "$(basename "$(dirname "$(dirname "$f")")") $(basename "$f") $(cat "$f")"
	done
}

ptts_with_traffic() {
	while read -r ptt bdf _; do
		busy_port "$(field top.txt "$bdf" 2)" "$(field top.txt "$bdf" 3)" && echo "$ptt"
	done <filters.txt | sort -u
}

# report of a trace of each busy Root Port filter: 4DW direction=0 (every
# inbound TLP) is rx, direction=1 (every outbound TLP) is tx; against top's
# figures REF of the same span
check_report() {
	local w=$1 secs=$2 ref=$3 ptt filter bdfs d got want reads n=0
	mapfile -t opt < <(wl "$w")
	while read -r ptt filter bdfs; do
		for d in rx:0 tx:1; do
			"$P" record --force -o "rep.data" "${opt[@]}" \
				-e "$ptt/filter=$filter,direction=${d#*:},type=7,format=0/" -- sleep "$secs" \
				>/dev/null 2>rep.err && "$P" report -i rep.data --stats >rep.txt ||
				{ err "$w: record/report $ptt $filter ${d%%:*}: $(tail -2 rep.err)"; continue; }
			got=$(awk '$1 == "link" && $2 == "traffic" { print $4 }' rep.txt)
			want=0 reads=0
			for bdf in ${bdfs//,/ }; do
				local col=2
				[ "${d%%:*}" = tx ] && col=3
				want=$(awk -v a="$want" -v b="$(field "$ref" "$bdf" $col)" 'BEGIN { print a + b }')
				reads=$(awk -v a="$reads" -v b="$(field "$ref" "$bdf" $((col + 5)))" 'BEGIN { print a + b }')
			done
			close "$w: report $bdfs ${d%%:*}" "$got" "$want" "$reads"
			n=$((n + 1))
		done
	done < <(busy_filters)
	[ "$n" -ge 2 ] || err "$w: report compared $n figures"
	echo "$w: report: $n figures"
}

# PTT, filter value and the Root Ports it covers, for each filter with traffic
busy_filters() {
	awk '{ f[$1 " " $3] = f[$1 " " $3] (f[$1 " " $3] ? "," : "") $2 } END { for (k in f) print k, f[k] }' filters.txt |
		while read -r ptt filter bdfs; do
			for bdf in ${bdfs//,/ }; do
				if busy_port "$(field top.txt "$bdf" 2)" "$(field top.txt "$bdf" 3)"; then
					echo "$ptt $filter $bdfs"
					break
				fi
			done
		done | sort
}

# serve's first page against a top of the span it covers
serve_pid=""
at_exit '[ -z "$serve_pid" ] || kill -KILL "$serve_pid" 2>/dev/null'
# paged: serve's first page (the one at boot has no time yet)
paged() {
	curl -sf "http://127.0.0.1:$serve_port/metrics" >page.txt &&
		awk '$1 == "pciescope_time_seconds" { exit !($2 > 0) }' page.txt
}
check_serve() {
	local w=$1 interval=$2 ms bdf d got ratio n=0 compare_traffic=true
	mapfile -t opt < <(wl "$w")
	start_serve serve.err --interval "$interval" "${opt[@]}" || { err "$w: serve did not start: $(cat serve.err)"; return; }
	wait_for 60 paged || err "$w: serve: no page in 60 s"
	kill -TERM "$serve_pid"
	ends_within 10 "$serve_pid" || err "$w: serve did not end"
	serve_pid=""
	ms=$(awk '$1 == "pciescope_interval_seconds" { printf "%.0f", $2 * 1000 }' page.txt)
	# a page shorter than the span the others count (a loaded machine) is
	# held to the definition of use only, against top's capacity
	cp top.txt top-serve.txt
	cp top.json top-serve.json
	if [ "${ms:-0}" -ge "$span_ms" ]; then
		"$P" top --once --whole --json --interval "$ms" "${opt[@]}" >top-serve.json ||
			{ err "$w: top over $ms ms failed"; return; }
		top_rows top-serve.json >top-serve.txt
	else
		compare_traffic=false
	fi
	while read -r bdf d got ratio; do
		local col=2
		[ "$d" = tx ] && col=3
		[ -n "$ratio" ] || continue
		$compare_traffic &&
			close "$w: serve $bdf $d" "$got" "$(field top-serve.txt "$bdf" $col)" "$(field top-serve.txt "$bdf" $((col + 5)))"
		use_of "$w: serve $bdf $d" "$(awk -v r="$ratio" 'BEGIN { printf "%.1f", 100 * r }')" "$got" "$(field top-serve.txt "$bdf" 6)"
		n=$((n + 1))
	done < <(sed -nE 's/^pciescope_pcie_link_(traffic_bytes_per_second|utilization_ratio)\{.*bdf="([^"]+)",direction="(rx|tx)"[^}]*\} (.*)$/\1 \2 \3 \4/p' page.txt |
		awk '{ k = $2 " " $3; if ($1 ~ /^traffic/) t[k] = $4 / 1e6; else r[k] = $4 }
			END { for (k in t) print k, t[k], r[k] }')
	# a page shorter than the PMU's turns has fewer
	[ "$n" -ge 8 ] || [ "$ms" -lt "$span_ms" ] ||
		err "$w: serve's page gave $n link figures over $ms ms: $(grep -c '^pciescope_pcie_link_traffic_bytes' page.txt)"
	echo "$w: serve: $n figures over $ms ms$($compare_traffic || echo ", their use only")"
	# nothing measured is NaN, as top's "-": a port bit whose links saw no read
	# (in any span: the workload leaves it idle)
	jq -r '.rows[] | select(.latency_ns.rx_mrd == null) | "\(.sicl) \(.core) \(.port)"' top-serve.json | sort -u |
		while read -r sicl core port; do
			grep -q "^pciescope_pcie_latency_seconds{sicl=\"$sicl\",core=\"$core\",port=\"$(printf '%#x' "$port")\",.*tlp=\"rx_mrd\"} NaN$" page.txt ||
				err "$w: serve: the rx_mrd latency of pcie${sicl}_core$core:$port is not NaN where top shows -"
		done
}

# E2E_PART (tests/CMakeLists.txt): one workload per test
for w in ${E2E_PART:-default storage-read storage-write nic p2p mixed}; do
	lw=$(load "$w")
	mapfile -t opt < <(wl "$lw")
	# the span the PMU views count, the trace's, serve's interval, the slack
	span_ms=30 trace_s=0.005 serve_ms=2000 TOL=2
	[ "$w" = default ] || [ "${PCIESCOPE_TEST_SCALE:-}" = small ] &&
		span_ms=1000 trace_s=1 serve_ms=1000 TOL=5
	span_s=$(awk -v m=$span_ms 'BEGIN { print m / 1000 }')
	"$P" top --once --whole --json --interval $span_ms "${opt[@]}" >top.json || { err "$w: top failed"; continue; }
	top_rows top.json >top.txt
	[ "$(wc -l <top.txt)" = 9 ] || err "$w: top has $(wc -l <top.txt) rows"
	while read -r bdf rx tx urx utx cap _; do
		[ "$rx" != null ] && [ "$tx" != null ] || { err "$w: top $bdf not counted in $span_ms ms: $rx $tx"; continue; }
		use_of "$w: top $bdf rx" "$urx" "$rx" "$cap"
		use_of "$w: top $bdf tx" "$utx" "$tx" "$cap"
	done <top.txt
	filters >filters.txt
	check_stat "$lw" "$span_s"
	check_diagnose "$lw" "$span_s"
	check_report "$lw" "$trace_s" top.txt
	check_serve "$lw" "$serve_ms"
done
[ -s "$E2E_FAILED" ] || echo ok
finish
