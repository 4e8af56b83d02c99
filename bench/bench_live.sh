#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# RSS of the live side over time: `serve` scraped (GET /metrics every
# SCRAPE_GAP s, default 0.05) for SERVE_SECS wall seconds (default 600: ten
# minutes; shorten it for a quick run), and `stat -I 10` for STAT_SIM
# simulated seconds (default 600).  VmRSS is read from /proc/PID/status
# every STEP wall seconds (default 30) and printed as a table; a flat
# column is the goal (docs/reliability.md).  The two run one after the
# other so that neither's load skews the other.
set -eu
: "${BUILD_DIR:?}" "${SRC_DIR:?}"
SERVE_SECS=${SERVE_SECS:-600}
STAT_SIM=${STAT_SIM:-600}
STEP=${STEP:-30}
SCRAPE_GAP=${SCRAPE_GAP:-0.05}
PCIESCOPE=$BUILD_DIR/pciescope
PCIESCOPE_STATE_DIR=$(mktemp -d)
export PCIESCOPE_STATE_DIR
tmp=$PCIESCOPE_STATE_DIR
scraper=""
trap '[ -z "$scraper" ] || kill "$scraper" 2>/dev/null; [ -z "${serve_pid:-}" ] || kill "$serve_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
# shellcheck source=SCRIPTDIR/../tests/e2e/lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"

rss_kib() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$1/status" 2>/dev/null; }

start_serve "$tmp/serve.err" || { echo "serve did not start" >&2; exit 1; }
(
	n=0
	while :; do
		curl -sf "http://127.0.0.1:$serve_port/metrics" > /dev/null && n=$((n + 1))
		echo "$n" > "$tmp/scrapes.new" && mv "$tmp/scrapes.new" "$tmp/scrapes"
		sleep "$SCRAPE_GAP"
	done
) &
scraper=$!
echo "serve, scraped every $SCRAPE_GAP s"
printf '%8s %8s %10s\n' "wall s" scrapes "RSS KiB"
t=0
while [ "$t" -le "$SERVE_SECS" ]; do
	printf '%8d %8s %10s\n' "$t" "$(cat "$tmp/scrapes" 2>/dev/null || echo 0)" "$(rss_kib "$serve_pid")"
	[ "$t" -eq "$SERVE_SECS" ] && break
	s=$((SERVE_SECS - t < STEP ? SERVE_SECS - t : STEP))
	sleep "$s"
	t=$((t + s))
done
kill "$scraper" "$serve_pid" 2>/dev/null || true
wait 2>/dev/null || true
scraper="" serve_pid=""

EV='{hisi_pcie0_core0/rx_mrd_latency,port=0x1/,hisi_pcie0_core0/rx_mrd_cnt,port=0x1/},{hisi_pcie0_core0/tx_cpl_flux,port=0x1/,hisi_pcie0_core0/tx_cpl_time,port=0x1/}'
"$PCIESCOPE" stat -I 10 -e "$EV" sleep "$STAT_SIM" > "$tmp/stat.out" 2>&1 &
pid=$!
echo "stat -I 10 for $STAT_SIM simulated s"
printf '%8s %12s %10s\n' "wall s" "simulated s" "RSS KiB"
t=0
while kill -0 "$pid" 2>/dev/null; do
	rss=$(rss_kib "$pid")
	sim=$(tail -n 1 "$tmp/stat.out" | awk '{ print $1 + 0 }')
	[ -n "$rss" ] && printf '%8d %12.1f %10s\n' "$t" "$sim" "$rss"
	sleep "$STEP"
	t=$((t + STEP))
done
wait "$pid" || echo "stat failed: $(tail -n 1 "$tmp/stat.out")"
