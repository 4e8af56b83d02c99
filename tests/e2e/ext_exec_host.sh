#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope's host backend — the code a user with a Kunpeng runs — inside
# `pciescope exec`, against the emulated kernel through the perf ABI the
# interposer gives (the mmap'ed user page, data ring and AUX area for the
# PTT) and the live /sys, compared with the emulated backend for the same
# platform, workload and seed:
#   - record: the trace decodes, and the emulated backend's 10 ms trace is
#     its exact beginning (both machines start at simulated time 0; the
#     host one traces for the wall time record ran); the host's perf 6.1
#     `perf report -D` prints the same HISI PTT dump as `pciescope report -D`;
#   - stat: the same counts as the emulated backend over the time the host
#     backend measured; -I intervals add up to one stat over their sum; -r;
#   - list, topo, tune: the same output; top --once: the same Root Ports,
#     PMU ports and links;
#   - tune --search: a best candidate, the starting levels restored;
#   - serve: one scrape has the same series, and the same tune levels and
#     link speeds and widths;
#   - diagnose: the same findings for the same subjects; its recording's
#     span starts at the enable on the kernel's clock (the tool's own clock is
#     not perf's on a host), so it is what the command ran, not the uptime.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"
P=$PCIESCOPE
cd "$TEST_TMP"
PTT='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'
EV='hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/'

"$P" record --workload "$W" -o emu.data -e "$PTT" -- sleep 0.01 >/dev/null 2>emu.err ||
	err "emulated record: $(cat emu.err)"
"$P" exec --workload "$W" -- "$P" record --backend host -o host.data -e "$PTT" -- sleep 0.01 \
	>/dev/null 2>host.err || err "host record inside exec: $(cat host.err)"
"$P" report --no-header -i emu.data >emu.txt 2>&1 || err "report emu.data: $(cat emu.txt)"
"$P" report --no-header -i host.data >host.txt 2>&1 || err "report host.data: $(cat host.txt)"
n=$(wc -l <emu.txt)
[ "$n" -gt 50 ] || err "the emulated trace has only $n entries"
[ "$(wc -l <host.txt)" -ge "$n" ] || err "the host trace is shorter than the emulated one"
head -n "$n" host.txt | cmp -s - emu.txt || err "the host trace does not begin with the emulated one:
$(head -n "$n" host.txt | diff emu.txt - | head -5)"
perf report -D -i host.data 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' |
	grep -E '^\. \.\.\. HISI PTT data: |^\.  [0-9a-f]{8}: ' >host.perf
"$P" report -D -i host.data >host.ours 2>&1
[ -s host.perf ] || err "perf report -D printed no HISI PTT data"
cmp -s host.perf host.ours || err "perf report -D and pciescope report -D differ: $(diff host.perf host.ours | head -3)"

# stat: field 4 of -x';' is the time the event ran, in ns
"$P" exec --workload "$W" -- "$P" stat --backend host -x';' -e "$EV" sleep 0.2 >/dev/null 2>host.stat ||
	err "host stat: $(cat host.stat)"
run=$(cut -d';' -f4 host.stat)
[ "${run:-0}" -gt 0 ] 2>/dev/null || err "host stat counted no time: $(cat host.stat)"
"$P" stat --workload "$W" -x';' -e "$EV" sleep "$(ns_to_s "${run:-0}")" >/dev/null 2>emu.stat
[ "$(cut -d';' -f1 host.stat)" = "$(cut -d';' -f1 emu.stat)" ] ||
	err "stat over $run ns: host $(cat host.stat), emulated $(cat emu.stat)"

"$P" exec --workload "$W" -- "$P" stat --backend host -I 100 -x';' -e "$EV" sleep 0.25 \
	>/dev/null 2>host.int || err "host stat -I: $(cat host.int)"
sum=$(awk -F';' '{c += $2; t += $5} END {print c ";" t}' host.int)
[ "$(wc -l <host.int)" -ge 2 ] || err "stat -I printed $(wc -l <host.int) intervals"
"$P" stat --workload "$W" -x';' -e "$EV" sleep "$(ns_to_s "${sum#*;}")" >/dev/null 2>emu.int
[ "${sum%;*}" = "$(cut -d';' -f1 emu.int)" ] ||
	err "the -I intervals add up to ${sum%;*} over ${sum#*;} ns, one stat counts $(cat emu.int)"
"$P" exec --workload "$W" -- "$P" stat --backend host -r 2 -x';' -e "$EV" sleep 0.05 \
	>/dev/null 2>host.rep || err "host stat -r 2: $(cat host.rep)"
grep -qE '^[0-9]+;;hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/;[0-9.]+%;' host.rep ||
	err "stat -r 2 printed: $(cat host.rep)"

for c in list topo "tune hisi_ptt0_2"; do
	# shellcheck disable=SC2086 # the command and its argument
	"$P" $c >emu.out 2>&1
	# shellcheck disable=SC2086
	"$P" exec -- "$P" $c --backend host >host.out 2>&1
	cmp -s emu.out host.out || err "$c: the host backend inside exec differs: $(diff emu.out host.out | head -5)"
done
ports() { awk '/^0000:[^ ]+ +([0-9.]+GT\/s|-)/ {print $1, $2, $3}' "$1"; }
"$P" top --once --workload "$W" >emu.top 2>&1
"$P" exec --workload "$W" -- "$P" top --once --backend host >host.top 2>&1 || err "host top --once: $(cat host.top)"
[ "$(ports emu.top | wc -l)" -gt 2 ] || err "top --once shows no Root Port: $(cat emu.top)"
[ "$(ports emu.top)" = "$(ports host.top)" ] || err "top --once: other ports: $(diff <(ports emu.top) <(ports host.top) | head -4)"

"$P" exec --workload "$W" -- "$P" tune hisi_ptt0_2 --search --backend host --param qos_tx_cpl \
	-e 'hisi_pcie0_core2/tx_cpl_flux,port=0xffff/' -- sleep 0.01 >search.out 2>&1 || err "search: $(cat search.out)"
grep -q '^best: qos_tx_cpl=[0-2]: ' search.out || err "search found no best: $(cat search.out)"
grep -q '^levels: the starting levels were restored' search.out || err "search: $(cat search.out)"
[ "$("$P" tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 1" ] || err "after the search: $("$P" tune hisi_ptt0_2 qos_tx_cpl)"
# scrape [serve options]: one page of `pciescope serve`, then it stops
scrape() {
	bash -c '. "$SRC_DIR/tests/e2e/lib/serve.sh"
		start_serve "$0.err" "$@" || { cat "$0.err" >&2; exit 1; }
		curl -sf "http://127.0.0.1:$serve_port/metrics"; r=$?
		kill "$serve_pid"; wait "$serve_pid"; exit $r' "$@"
}
export -f scrape
export SRC_DIR PCIESCOPE
scrape "$TEST_TMP/emu.serve" --interval 100 --workload "$W" >emu.page || err "emulated serve: $(cat emu.page)"
"$P" exec --workload "$W" -- bash -c 'scrape "$0" --interval 100 --backend host' "$TEST_TMP/host.serve" \
	>host.page || err "host serve inside exec: $(cat host.page)"
# the link traffic, utilisation and busy gauges are left out where an interval's
# multiplexed read pairs did not run, which depends on when each side reads
measured='^pciescope_pcie_link_(traffic|utilization|busy)'
series() { grep -v '^#' "$1" | grep -Ev "$measured" | sed 's/ [^ ]*$//' | sort; }
fixed() { grep -E '^pciescope_(ptt_tune_level|pcie_link)' "$1" | grep -Ev "$measured"; }
[ "$(series emu.page | wc -l)" -gt 50 ] || err "serve: only $(series emu.page | wc -l) series"
[ "$(series emu.page)" = "$(series host.page)" ] || err "serve: other series: $(diff <(series emu.page) <(series host.page) | head -4)"
[ "$(fixed emu.page)" = "$(fixed host.page)" ] || err "serve: other levels or links: $(diff <(fixed emu.page) <(fixed host.page) | head -4)"
"$P" diagnose --workload "$W" -e hisi_ptt0_2 -o emu.diag --json -- sleep 0.01 >emu.find 2>emu.derr ||
	err "emulated diagnose: $(cat emu.derr)"
"$P" exec --workload "$W" -- "$P" diagnose --backend host -e hisi_ptt0_2 -o host.diag --json -- sleep 0.01 \
	>host.find 2>host.derr || err "host diagnose inside exec: $(cat host.derr)"
findings() { jq -r '"\(.id) \(.subject)"' "$1" | sort; }
[ -n "$(findings emu.find)" ] || err "the emulated diagnose gave no finding to compare"
[ "$(findings emu.find)" = "$(findings host.find)" ] ||
	err "diagnose: other findings: $(diff <(findings emu.find) <(findings host.find) | head -4)"
jq -e -s 'map(select(.id == "trace-times-short") | .evidence.recording_ns) |
	length == 1 and .[0] >= 1e7 and .[0] < 1e10' host.find >/dev/null ||
	err "diagnose: the host recording's span is not what it ran: $(cat host.find)"
echo "record ($n entries), stat, -I, -r, list, topo, tune, top --once, tune --search, serve, diagnose"
