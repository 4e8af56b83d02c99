#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Where no command bounds a run, the emulated clock follows the wall clock
# and never runs ahead of it.  Asserted only from above, so a loaded machine
# cannot make it fail: an idle platform (simulated far faster than real
# time) shows at most the wall time the run had (taken around the process,
# since a loaded machine delivers timeout's SIGINT late), for `stat -I` and
# `stat` until SIGINT, and for `serve`'s clock; -I lines are whole intervals
# unless they say the wall clock cut them.  timeout runs in the foreground:
# otherwise it also sends the process group a SIGCONT after the SIGINT,
# which, arriving while the ASan build's leak check attaches to the exiting
# process (a SIGSTOP), cancels that stop and leaves the check waiting.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
EV=hisi_pcie0_core0/rx_mwr_flux,port=0x1/

ms() { echo $(($(date +%s%N) / 1000000)); }
t0=$(ms)
timeout --foreground -s INT 2 "$P" stat --workload idle -I 100 -x, -e "$EV" 2>"$TEST_TMP/iv" >/dev/null
wall=$(($(ms) - t0))
[ -s "$TEST_TMP/iv" ] || err "stat -I printed nothing"
awk -F, -v wall="$wall" '
	# an interval the wall clock cut (a loaded machine) says so on the line before
	/^pciescope: stat: this interval: / { cut[n + 1] = 1; next }
	/^pciescope: / { next } # a lag warning on a loaded machine
	{ n++; t[n] = $1 + 0 }
	t[n] * 1000 > wall { print "FAIL: interval at " t[n] " s after " wall " ms of wall time"; bad = 1 }
	END {
		# every line but the last (cut by SIGINT) and the cut ones ends a whole
		# 100 ms interval of the clock
		for (i = 1; i < n; i++)
			if (!cut[i] && sprintf("%.3f", t[i]) != sprintf("%.3f", int(t[i] * 10 + 0.5) / 10)) {
				print "FAIL: line " i " at " t[i] " s, not at a 100 ms boundary"; bad = 1
			}
		exit bad
	}' "$TEST_TMP/iv" || err "stat -I 100 lines off the clock"

t0=$(ms)
timeout --foreground -s INT 2 "$P" stat --workload idle -e "$EV" 2>"$TEST_TMP/total" >/dev/null
wall=$(($(ms) - t0))
el=$(awk '/seconds time elapsed/ {print $1}' "$TEST_TMP/total")
[ -n "$el" ] || err "stat until SIGINT printed no elapsed time: $(cat "$TEST_TMP/total")"
awk -v e="${el:-99}" -v wall="$wall" 'BEGIN {exit !(e * 1000 <= wall)}' ||
	err "stat: $el s simulated in $wall ms of wall time"

# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
t0=$(date +%s%N)
serve_pid=""
at_exit '[ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null'
start_serve "$TEST_TMP/serve.err" --workload idle --interval 100 >/dev/null
sleep 1
sim=$(curl -sf "http://127.0.0.1:$serve_port/metrics" | awk '$1 == "pciescope_time_seconds" {print $2}')
t1=$(date +%s%N)
[ -n "$sim" ] || err "no pciescope_time_seconds on serve's page"
awk -v s="${sim:-99}" -v w="$(((t1 - t0) / 1000000))" 'BEGIN {exit !(s * 1000 <= w)}' ||
	err "serve's clock ${sim} s after $(((t1 - t0) / 1000000)) ms of wall time"
finish
