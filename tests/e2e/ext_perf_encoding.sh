#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The perf event encoding of `pciescope stat --dry-run` against the real perf
# (6.1) on kunpeng930's PMUs (exported with `pciescope sysfs export`),
# completed by a synthetic PMU with split and sparse formats: type, config,
# config1 and config2 must agree for every string (tests/e2e/lib/encoding.sh).
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/encoding.sh"
tree=$TEST_TMP/devices
rm -rf "$tree"
"$PCIESCOPE" sysfs export "$tree" >/dev/null

syn=$tree/pciescope_test
mkdir -p "$syn/format" "$syn/events"
echo 31 >"$syn/type"
echo 'config:0-7,32-39' >"$syn/format/wide"
echo 'config1:20-23,40-43' >"$syn/format/split"
echo 'config2:63' >"$syn/format/lone"
echo 'config2:1,5,9' >"$syn/format/tri"
echo 'config1:0-0' >"$syn/format/zero"
echo 'wide=0x5,split=0x3' >"$syn/events/alias_ev"

events=(
	'hisi_pcie0_core0/rx_mwr_latency,port=0xffff/'
	'hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/'
	'hisi_pcie0_core0/rx_mwr_latency,port=0x1/'
	'hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/'
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/'
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/'
	'hisi_pcie0_core0/rx_mrd_flux,port=0xffff,len_mode=0x1/'
	'hisi_pcie0_core1/tx_cpl_time,port=0x101,len_mode=3/'
	'hisi_pcie1_core0/event=0x2004,bdf=0x8100/'
	'hisi_pcie0_core0/config=0x10804,config1=0x3ff,config2=0xffffffff/'
	'hisi_pcie0_core0/event=0x10,event=0x10000,port=1/'
	'hisi_pcie0_core0/config=0x1,event=0x10/'
	'hisi_pcie0_core0/RX_CPL_FLUX,thr_mode,trig_mode,port=010/'
	'hisi_pcie0_core0/event=rx_mrd_cnt,port=0x1/'
	'hisi_pcie0_core0/port=0x1,tx_mwr_flux/'
	'hisi_pcie0_core3/tx_mrd_latency,port/'
	'hisi_pcie0_core0/rx_mwr_flux/'
	'pciescope_test/split=0xab/'
	'pciescope_test/wide=0x1234,lone/'
	'pciescope_test/tri=0x7,zero/'
	'pciescope_test/alias_ev,tri=1/'
	'pciescope_test/config2=0x8000000000000000,config1=0x10/'
	'cpu-clock'
	'task-clock'
)

encoding_compare "$tree" kunpeng930 "${events[@]}"
# the synthetic PMU really exercised split ranges (not all zero)
grep -qF 'perf|pciescope_test/split=0xab/|type=31 config1=0xa0000b00000' "$TEST_TMP/inside.out" ||
	err "split format not encoded as expected"
finish
