#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The twin's round trip at full scale (docs/twin.md, *Round trip*): for
# each built-in workload W, recorded as docs/twin.md says over SPAN ms
# (5 and 20 unless given), its twin replayed with the same seed and span,
# per Root Port link and direction of the recorded cores: link traffic and
# mean read latency against W's (the link model's, as `stat --metrics`
# prints them: tests/e2e/lib/twin.sh), under the per-TLP
# engine and the rate model (PCIESCOPE_RATE_MODEL=0 and the default); the
# tune search's best levels under W and under the twin, with W's figure at
# the twin's best; a twin of a recording made at W's best levels replayed
# at the defaults against W there; and what inferring a twin costs.
#   BUILD_DIR=build SRC_DIR=. bash bench/bench_twin.sh [SPAN_MS...]
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -uo pipefail
P=$BUILD_DIR/pciescope
export PCIESCOPE_STATE_DIR
PCIESCOPE_STATE_DIR=$(mktemp -d)
tmp=$PCIESCOPE_STATE_DIR
trap 'rm -rf "$tmp"' EXIT
fail=0
err() { echo "FAIL: $*"; fail=1; }
# shellcheck source=../tests/e2e/lib/twin.sh
. "$SRC_DIR/tests/e2e/lib/twin.sh"
spans=${*:-5 20}
workloads="storage-read storage-write nic p2p mixed"

# worst traffic|latency FILE: the largest |deviation| of the compare lines' traffic, or of
# their read latency where W completed 50 reads or more
worst() {
	awk -v c="$1" '{ v = c == "traffic" ? $8 : $13; gsub(/[(%+)]/, "", v); if (v < 0) v = -v
		if (c == "traffic" || $NF >= 50) if (v > m) m = v } END { printf "%.2f", m }' "$2"
}

echo "round trip: per Root Port link and direction, the largest deviation from W (traffic / read latency)"
printf '%-14s %8s %22s %22s\n' workload span "per-TLP engine" "rate model"
for span in $spans; do
	s=$(awk -v m="$span" 'BEGIN { printf "%.4f", m / 1000 }')
	for w in $workloads; do
		twin_record "$tmp/$w.data" "$s" "$w"
		PCIESCOPE_RATE_MODEL=0 twin_compare "$w" "$s" --workload "$w" -- \
			--workload "replay:trace=$tmp/$w.data" >"$tmp/exact.txt"
		twin_compare "$w" "$s" --workload "$w" -- --workload "replay:trace=$tmp/$w.data" \
			>"$tmp/rated.txt"
		printf '%-14s %5s ms %9s %% / %6s %% %9s %% / %6s %%\n' "$w" "$span" \
			"$(worst traffic "$tmp/exact.txt")" "$(worst latency "$tmp/exact.txt")" \
			"$(worst traffic "$tmp/rated.txt")" "$(worst latency "$tmp/rated.txt")"
		cat "$tmp/exact.txt" "$tmp/rated.txt" >>"$tmp/all.txt"
		rm -f "$tmp/$w.data"
	done
done
grep '^FAIL' "$tmp/all.txt" && fail=1

echo
echo "tune --search over the five levels (0.5 ms runs), W and its 1 ms twin"
best() { sed -n 's/^best: \([^:]*\): \([0-9.]*\) MB\/s, \([-+0-9.]*\) %.*/\1|\2|\3/p' "$1"; }
for w in $workloads; do
	case $w in
	storage-write) kind=rx_mwr port=0x1 ;;
	p2p) kind=rx_cpl port=0x10 ;;
	*) kind=tx_cpl port=0x1 ;;
	esac
	ev="{hisi_pcie0_core2/${kind}_flux,port=$port/,hisi_pcie0_core2/${kind}_time,port=$port/}"
	twin_record "$tmp/$w.data" 0.001 "$w"
	"$P" tune hisi_ptt0_2 --search -e "$ev" --workload "$w" -- sleep 0.0005 >"$tmp/w.txt" 2>&1
	"$P" tune hisi_ptt0_2 --search -e "$ev" --workload "replay:trace=$tmp/$w.data" -- \
		sleep 0.0005 >"$tmp/t.txt" 2>&1
	IFS='|' read -r wl wv wg <<<"$(best "$tmp/w.txt")"
	IFS='|' read -r tl tv tg <<<"$(best "$tmp/t.txt")"
	"$P" platform reset >/dev/null
	echo "$w: W $wl $wg % ($wv MB/s); twin $tl $tg %"
	# shellcheck disable=SC2086
	"$P" tune hisi_ptt0_2 $tl >/dev/null
	wt=$("$P" stat -x, --workload "$w" -e "$ev" -- sleep 0.0005 2>&1 >/dev/null |
		awk -F, '/^[0-9]/ { v[n++] = $1 } END { printf "%.2f", v[0] / (v[1] * 10) * 1000 }')
	"$P" platform reset >/dev/null
	echo "   W at the twin's best: $wt MB/s, $(awk -v a="$wt" -v b="$wv" 'BEGIN { printf "%+.2f", 100 * (a - b) / b }') % from W's best"
	# recorded at W's best, replayed at the defaults
	# shellcheck disable=SC2086
	"$P" tune hisi_ptt0_2 $wl >/dev/null
	twin_record "$tmp/tuned.data" 0.005 "$w"
	"$P" platform reset >/dev/null
	PCIESCOPE_RATE_MODEL=0 twin_compare "$w" 0.005 --workload "$w" -- \
		--workload "replay:trace=$tmp/tuned.data" >"$tmp/tuned.txt"
	grep -q '^FAIL' "$tmp/tuned.txt" && fail=1
	echo "   twin of 5 ms at W's best, replayed at the defaults: traffic within $(worst traffic "$tmp/tuned.txt") %, latency $(worst latency "$tmp/tuned.txt") %"
	rm -f "$tmp/$w.data" "$tmp/tuned.data"
done

echo
echo "inferring a twin (CPU time, user + sys; load average $(cut -d' ' -f1 /proc/loadavg))"
for w in storage-read mixed; do
	twin_record "$tmp/$w.data" 0.02 "$w"
	mb=$(du -m "$tmp/$w.data" | cut -f1)
	/usr/bin/time -f "%U %S" -o "$tmp/time.txt" "$P" twin "$tmp/$w.data" >/dev/null
	cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$tmp/time.txt")
	echo "$w, 20 ms, $mb MB: $cpu s, $(awk -v m="$mb" -v c="$cpu" 'BEGIN { printf "%.0f", (c > 0 ? m / c : 0) }') MB/s"
	rm -f "$tmp/$w.data"
done
exit $fail
