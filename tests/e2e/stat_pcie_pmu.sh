#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope stat` on the emulated kunpeng930: every PCIe PMU command line of
# the seed document runs unchanged (perf -> pciescope), every validation rule
# (the seed's, checked by stat, and the kernel's, checked by the driver) is
# refused with its reason, --force passes the seed's on, and the layouts,
# metrics, intervals and pair warning behave as documented.
#
# The platform file is the shipped one with a lighter workload (through
# PCIESCOPE_DATADIR), so the seed's `sleep 5` is 5 s of simulated time that
# runs in about a second; the command lines themselves are unchanged.  Under
# qemu or the sanitizers (PCIESCOPE_TEST_SCALE=small, docs/portability.md) the workload is a
# tenth of that again (rate 200): some 27000 latency cycles in 5 s instead
# of 275000.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
mkdir -p "$TEST_TMP/data/platforms"
export PCIESCOPE_DATADIR=$TEST_TMP/data
rate=2000
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || rate=200
jq --arg p "rate=$rate,mmio=$rate,mmio_rd=$rate" '.workload = "mixed" | .workload_params = $p' \
	"$SRC_DIR/platforms/kunpeng930.json" >"$TEST_TMP/data/platforms/kunpeng930.json"
P=$PCIESCOPE
# shellcheck source=lib/live.sh
. "$SRC_DIR/tests/e2e/lib/live.sh"

# expect CODE PATTERN-IN-STDERR ARGS...: runs pciescope, checks both
expect() {
	local code=$1 pat=$2 rc
	shift 2
	"$P" "$@" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
	rc=$?
	[ "$rc" -eq "$code" ] || err "exit $rc (want $code): pciescope $* :: $(cat "$TEST_TMP/err")"
	[ -z "$pat" ] || grep -qF -- "$pat" "$TEST_TMP/err" || err "no '$pat' from: pciescope $* :: $(cat "$TEST_TMP/err")"
}

# 0. The seed's `perf list`: both events of the example pair are listed.
expect 0 "" list
grep -qF 'rx_mwr_latency' "$TEST_TMP/out" && grep -qF 'rx_mwr_cnt' "$TEST_TMP/out" &&
	grep -qF 'hisi_pcie0_core0' "$TEST_TMP/out" || err "list: no hisi_pcie0_core0 events"

# 1. The seed's command lines with a command.
for ev in 'hisi_pcie0_core0/rx_mwr_latency,port=0x1/' \
	'hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/' \
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/' \
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/' \
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,len_mode=0x1/'; do
	expect 0 "Performance counter stats for 'sleep 5'" stat -e "$ev" sleep 5
	grep -qE "^ +[0-9]+ +$(printf '%s' "$ev" | sed 's/[{}]/\\&/g') *\$" "$TEST_TMP/err" ||
		err "no count line for $ev: $(cat "$TEST_TMP/err")"
	grep -qF '5.000000000 seconds time elapsed' "$TEST_TMP/err" || err "elapsed for $ev"
	case $ev in *bdf=0x3900*)
		grep -qE '^ +[1-9][0-9]* +hisi' "$TEST_TMP/err" || err "the NVMe 39:00.0 moved no data" ;;
	esac
done

# 2. The seed's command lines without a command: count until SIGINT.
for ev in 'hisi_pcie0_core0/rx_mwr_latency,port=0xffff/' \
	'hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/' \
	'{hisi_pcie0_core0/rx_mwr_latency,port=0xffff/,hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/}'; do
	"$P" stat -e "$ev" 2>"$TEST_TMP/sigint" &
	pid=$!
	# SIGINT once stat handles it (under qemu the emulator handles every
	# signal from its start: there the 2 s of counting cover the start-up)
	wait_for 120 catches "$pid" 2 || err "stat never handled SIGINT"
	sleep 2
	kill -INT $pid
	wait $pid || err "SIGINT run of $ev exited $?"
	grep -qF "Performance counter stats for 'system wide'" "$TEST_TMP/sigint" ||
		err "no summary after SIGINT for $ev: $(cat "$TEST_TMP/sigint")"
	grep -qE '^ +[1-9][0-9]* +hisi_pcie0_core0/rx_mwr_(latency|cnt),port=0xffff/' "$TEST_TMP/sigint" ||
		err "nothing counted until SIGINT for $ev"
done

# 3. Seed rules the kernel leaves unchecked: refused by name, --force passes.
rule() {
	local name=$1 ev=$2
	expect 1 "\"$name\"" stat --dry-run -e "$ev"
	grep -qF -- "'$ev'" "$TEST_TMP/err" || err "rule message does not name $ev"
	expect 0 "" stat --dry-run --force -e "$ev"
	grep -qF "$ev type=" "$TEST_TMP/out" || err "--force did not pass $ev"
}
rule 'port and bdf not both' 'hisi_pcie0_core0/rx_mrd_flux,port=0x1,bdf=0x3900/'
rule 'bdf only for bandwidth events' 'hisi_pcie0_core0/rx_mwr_latency,bdf=0x3900/'
rule 'bdf only for bandwidth events' 'hisi_pcie0_core0/rx_mrd_cnt/'
rule 'trigger and threshold only for bandwidth events' 'hisi_pcie0_core0/rx_mwr_latency,port=0x1,thr_len=2/'
rule 'trigger and threshold only for bandwidth events' 'hisi_pcie0_core0/tx_mrd_cnt,port=0x1,trig_len=1,trig_mode=1/'
rule 'several ports only for AP-layer events' 'hisi_pcie0_core0/event=0x20,port=0x101/'
rule 'len_mode 0 reserved' 'hisi_pcie0_core0/rx_mrd_flux,port=0x1,len_mode=0/'
expect 0 "" stat --dry-run -e 'hisi_pcie0_core0/event=0x20,port=0x100/'
expect 0 "" stat --dry-run -e 'hisi_pcie0_core0/tx_cpl_flux,port=0x101,len_mode=2,thr_len=3/'

# 4. Kernel rules, enforced by the driver and the core (reached with --force).
expect 1 "Invalid argument" stat --force -e 'hisi_pcie0_core0/rx_mrd_flux,port=0x1,thr_len=11/' sleep 0.001
expect 1 "Invalid argument" stat --force -e 'hisi_pcie0_core0/rx_mrd_flux,port=0x1,trig_len=12/' sleep 0.001
expect 1 "Invalid argument" stat -e 'hisi_pcie0_core0/rx_mrd_flux,bdf=0x0100/' sleep 0.001
expect 1 "Invalid argument" stat -e 'hisi_pcie0_core0/rx_mrd_flux,bdf=0x8100/' sleep 0.001
expect 0 "" stat --force -e 'hisi_pcie0_core0/rx_mrd_flux,port=0x1,bdf=0x8100/' sleep 0.001
expect 1 "Operation not supported" stat -e 'hisi_pcie0_core0/rx_mrd_flux,port=0x1,period=1000/' sleep 0.001
expect 1 "Invalid argument" stat -e 'hisi_pcie0_core0/rx_mrd_flux,port=0x1/u' sleep 0.001
group='{'
for p in 0x1 0x2 0x4 0x8 0x10 0x20 0x40 0x80 0x100; do group="${group}hisi_pcie0_core0/rx_mrd_flux,port=$p/,"; done
expect 1 "Invalid argument" stat -e "${group%,}}" sleep 0.001
expect 0 "" stat -e "${group%,hisi_pcie0_core0/rx_mrd_flux,port=0x100/,}}" sleep 0.001

# 5. Event syntax errors name the term and the PMU.
expect 1 "unknown term 'foo' for pmu 'hisi_pcie0_core0'" stat -e 'hisi_pcie0_core0/foo=1/' sleep 0.001
expect 1 "value too big for format 'thr_len' of pmu 'hisi_pcie0_core0', maximum is 15" \
	stat -e 'hisi_pcie0_core0/rx_mrd_flux,thr_len=16/' sleep 0.001
expect 1 "Cannot find PMU \`hisi_pcie9_core0'" stat -e 'hisi_pcie9_core0/rx_mrd_flux/'

# 6. Pair warning, metrics, -x and -j layouts.
expect 0 "are related events but not in one group" stat \
	-e 'hisi_pcie0_core0/rx_mwr_latency,port=0x1/' -e 'hisi_pcie0_core0/rx_mwr_cnt,port=0x1/' sleep 0.01
pair='{hisi_pcie0_core0/rx_mrd_latency,port=0x1/,hisi_pcie0_core0/rx_mrd_cnt,port=0x1/},{hisi_pcie0_core0/tx_cpl_flux,port=0x1/,hisi_pcie0_core0/tx_cpl_time,port=0x1/}'
expect 0 "" stat --metrics -x';' -e "$pair" sleep 0.2
grep -q 'not in one group' "$TEST_TMP/err" && err "grouped pairs warned about"
awk -F';' 'NF != 7 { bad = 1 } END { exit bad || NR != 4 }' "$TEST_TMP/err" || err "-x layout: $(cat "$TEST_TMP/err")"
awk -F';' 'NR == 1 { lat = $1 } NR == 2 { cnt = $1; m = lat / cnt * 10 }
	NR == 1 { got = $6; unit = $7 }
	NR == 3 { flux = $1; bu = $7; bm = $6 } NR == 4 { bw = flux / ($1 * 10) * 1000 }
	END { exit !(cnt > 0 && unit == "ns avg latency" && (got - m) ^ 2 < 0.001 &&
		     bu == "MB/s bandwidth" && (bm - bw) ^ 2 < 0.001) }' "$TEST_TMP/err" ||
	err "metrics are not latency/cnt*10 ns and flux/(time*10ns): $(cat "$TEST_TMP/err")"
expect 0 "" stat --metrics -j -e "$pair" sleep 0.01
jq -se 'length == 4 and (.[0] | keys_unsorted) == ["counter-value", "unit", "event",
	"event-runtime", "pcnt-running", "metric-value", "metric-unit"] and
	.[0]["metric-unit"] == "ns avg latency" and .[2]["metric-unit"] == "MB/s bandwidth"' \
	"$TEST_TMP/err" >/dev/null || err "-j layout: $(cat "$TEST_TMP/err")"

# 7. -I: interval deltas add up to the total of the same (deterministic) run.
ev='hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/'
expect 0 "" stat -x, -e "$ev" sleep 0.05
total=$(cut -d, -f1 "$TEST_TMP/err")
expect 0 "" stat -I 10 -x, -e "$ev" sleep 0.05
[ "$(wc -l <"$TEST_TMP/err")" -eq 5 ] || err "-I 10 over 50 ms: $(cat "$TEST_TMP/err")"
sum=$(awk -F, '{ s += $2 } END { print s }' "$TEST_TMP/err")
[ "$sum" = "$total" ] && [ "$total" -gt 0 ] || err "intervals sum $sum, total $total"
awk -F, '{ if ($1 + 0 <= last) bad = 1; last = $1 + 0 } END { exit bad }' "$TEST_TMP/err" ||
	err "interval times do not increase"

# 8. The command's exit status is stat's, as with perf.
expect 3 "Performance counter stats" stat -e "$ev" -- sh -c 'exit 3'

# 9. --workload takes NAME:params as record's does; a parameter that does
# not fit in 64 bits is refused, not saturated.
expect 0 "Performance counter stats" stat --workload nic:rate=1k -e "$ev" -- sleep 0.0001
expect 1 "bad workload parameter 'msg=44444444444444444444444'" \
	stat --workload mixed:msg=44444444444444444444444 -e "$ev" -- sleep 0.0001
finish
