#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every PCIe PMU command line of the seed document counts something under
# kunpeng930's own default workload, whose reads and writes have the sizes
# real devices issue (docs/fabric.md, sizes=real): the length threshold and
# trigger below 16 DW see the NVMe drives' PRP list reads.  Each line runs as
# the document gives it (the lines without a command get `sleep 5`), then
# groups counted in one run check that the figures fit together: a filter
# or trigger counts part of the unfiltered flux, never more, and short plus
# long reads are all of it.  Under qemu (docs/portability.md) 0.5 s instead
# of 5 s.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
secs=5
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || secs=0.5
"$P" platform reset >/dev/null || err "platform reset"

# count EVENT FILE: the count stat printed for EVENT
count() {
	awk -v ev="$1" '$2 == ev { gsub(",", "", $1); print $1 }' "$2"
}

# stat_run EVENTS...: one run counting all of them, output in $TEST_TMP/err
stat_run() {
	local IFS=,
	"$P" stat -e "{$*}" sleep "$secs" 2>"$TEST_TMP/err" || err "stat {$*}: $(cat "$TEST_TMP/err")"
}

C=hisi_pcie0_core0
for ev in "$C/rx_mwr_latency,port=0xffff/" "$C/rx_mwr_cnt,port=0xffff/" \
	"$C/rx_mwr_latency,port=0x1/" "$C/rx_mrd_flux,bdf=0x3900/" \
	"$C/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/" \
	"$C/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/" \
	"$C/rx_mrd_flux,port=0xffff,len_mode=0x1/"; do
	"$P" stat -e "$ev" sleep "$secs" 2>"$TEST_TMP/err" || err "stat $ev: $(cat "$TEST_TMP/err")"
	n=$(count "$ev" "$TEST_TMP/err")
	[ "${n:-0}" -gt 0 ] 2>/dev/null || err "$ev counts ${n:-nothing}: $(cat "$TEST_TMP/err")"
done

all="$C/rx_mrd_flux,port=0xffff/"
short="$C/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/"
long="$C/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=0/"
stat_run "$all" "$short" "$long"
a=$(count "$all" "$TEST_TMP/err") s=$(count "$short" "$TEST_TMP/err") l=$(count "$long" "$TEST_TMP/err")
[ "${s:-0}" -gt 0 ] && [ "$((s + l))" -eq "${a:-0}" ] ||
	err "reads shorter ($s) and not shorter ($l) than 16 DW are not all ($a)"
[ "${s:-0}" -lt "${l:-0}" ] || err "short reads ($s) outweigh the data and command reads ($l)"

trig="$C/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/"
payload="$C/rx_mrd_flux,port=0xffff,len_mode=0x1/"
dev="$C/rx_mrd_flux,bdf=0x3900/"
stat_run "$all" "$trig" "$payload" "$dev"
a=$(count "$all" "$TEST_TMP/err")
for ev in "$trig" "$payload" "$dev"; do
	n=$(count "$ev" "$TEST_TMP/err")
	[ "${n:-0}" -gt 0 ] && [ "$n" -le "${a:-0}" ] || err "$ev counts $n of all $a"
done
[ "$(count "$payload" "$TEST_TMP/err")" -lt "$a" ] || err "payload alone is not less than with headers"

lat="$C/rx_mwr_latency,port=0xffff/"
cnt="$C/rx_mwr_cnt,port=0xffff/"
stat_run "$lat" "$cnt"
t=$(count "$lat" "$TEST_TMP/err") w=$(count "$cnt" "$TEST_TMP/err")
[ "${w:-0}" -gt 0 ] && [ "${t:-0}" -ge "$w" ] || err "$w writes took $t cycles of latency"
finish
