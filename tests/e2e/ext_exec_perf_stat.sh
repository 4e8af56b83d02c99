#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every `perf stat` line of the PCIe PMU document, run by the real perf 6.1
# through `pciescope exec` on kunpeng930, counts what `pciescope stat`
# counts for the same platform, workload, seed and simulated time.  The
# document's `sleep 5` is `sleep 0.2` here (docs/exec.md: the simulated
# window is the wall time perf measured, to the nanosecond, so `pciescope
# stat` is run for perf's "time running" rather than for 0.2 s).
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"

# The command lines with `sleep`; the ones that count must count.
for ev in 'hisi_pcie0_core0/rx_mwr_latency,port=0x1/' \
	'hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/' \
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/' \
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/' \
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,len_mode=0x1/' \
	'hisi_pcie0_core0/rx_mwr_latency,port=0xffff/' \
	'hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/' \
	'{hisi_pcie0_core0/rx_mwr_latency,port=0xffff/,hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/}'; do
	LAST_COUNTS=
	exec_compare "$ev" sleep 0.2
	case $ev in *thr_mode* | *trig_mode*) ;; *)
		[[ $LAST_COUNTS =~ [1-9] ]] || err "$ev counted nothing: $LAST_COUNTS" ;;
	esac
done

# The usual output, as the document shows it.
"$PCIESCOPE" exec --workload "$W" -- perf stat -e 'hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/' sleep 0.2 \
	2>"$TEST_TMP/human" || err "perf stat: $(cat "$TEST_TMP/human")"
grep -qE '^ +[1-9][0-9,]* +hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/' "$TEST_TMP/human" ||
	err "no count line: $(cat "$TEST_TMP/human")"
grep -q 'seconds time elapsed' "$TEST_TMP/human" || err "no elapsed time: $(cat "$TEST_TMP/human")"

# The lines without a command count until SIGINT, sent to exec, which
# passes it on to perf.  It is sent once perf has opened its event (an fd
# of /dev/null, the interposer's), so perf's own handler is in place
# however slowly a loaded machine starts it.
"$PCIESCOPE" exec --workload "$W" -- perf stat -x';' -e 'hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/' \
	2>"$TEST_TMP/sigint" &
pid=$!
for _ in $(seq 200); do
	child=$(cat "/proc/$pid/task/$pid/children" 2>/dev/null)
	[ -n "$child" ] && ls -l "/proc/${child%% *}/fd" 2>/dev/null | grep -q ' [3-9] -> /dev/null' && break
	sleep 0.1
done
sleep 0.3
kill -INT $pid
wait $pid
grep -qE '^[1-9][0-9]*;;hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/;[1-9]' "$TEST_TMP/sigint" ||
	err "nothing counted until SIGINT: $(cat "$TEST_TMP/sigint")"

# The PMU of the second SICL counts on CPU 32 of the emulated 64; another
# seed gives other traffic, the same for both.
exec_compare 'hisi_pcie1_core0/rx_mrd_flux,port=0xffff/' sleep 0.1
exec_compare --seed 7 'hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/' sleep 0.1
finish
