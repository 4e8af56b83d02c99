#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The right machine by default: with neither --backend nor --platform a
# command acts on this machine when it has a device pciescope knows (a
# hisi_ptt, hisi_pcie or amd_iommu PMU, a PowerNV PHB: here in a fake /sys,
# PCIESCOPE_SYSFS_ROOT) and on the emulated kunpeng930 otherwise; --platform
# means emulated, --backend chooses.  On a terminal (script(1) gives one)
# the first line says which machine; a pipe or file gets no such line, so
# JSON and perf-style output stay as they were.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP" || exit 1
rm -rf "$PCIESCOPE_STATE_DIR" root empty
T=root/sys/bus/event_source/devices/hisi_ptt0_2/tune
mkdir -p "$T" empty
echo 2 >"$T/qos_tx_cpl" # the emulated PTT's default is 1

# level ROOT [OPTIONS]: qos_tx_cpl as `tune` reads it with that fake /sys.
level() {
	local root=$1
	shift
	PCIESCOPE_SYSFS_ROOT=$PWD/$root "$PCIESCOPE" tune "$@" hisi_ptt0_2 qos_tx_cpl 2>err || fail "tune: $(cat err)"
	[ -s err ] && fail "a line on stderr that is not a terminal: $(cat err)"
}
[ "$(level empty)" = "qos_tx_cpl 1" ] || fail "no device here, but not the emulated PTT: $(level empty)"
[ "$(level root)" = "qos_tx_cpl 2" ] || fail "a PTT here, but not this machine's: $(level root)"
[ "$(level root --platform kunpeng930)" = "qos_tx_cpl 1" ] || fail "--platform did not mean emulated"
[ "$(level root --backend emulated)" = "qos_tx_cpl 1" ] || fail "--backend emulated was not"
[ "$(level empty --backend host 2>/dev/null)" != "qos_tx_cpl 1" ] || fail "--backend host was emulated"

# first ROOT COMMAND: the first line on a terminal.
first() {
	PCIESCOPE_SYSFS_ROOT=$PWD/$1 script -qec "$2" /dev/null | head -1 | tr -d '\r'
}
[ "$(first empty "'$PCIESCOPE' list")" = "pciescope: list: on emulated kunpeng930" ] ||
	fail "list, no device: $(first empty "'$PCIESCOPE' list")"
[ "$(first root "'$PCIESCOPE' tune hisi_ptt0_2 qos_tx_cpl")" = "pciescope: tune: on this machine" ] ||
	fail "tune with a PTT: $(first root "'$PCIESCOPE' tune hisi_ptt0_2 qos_tx_cpl")"
[ "$(first root "'$PCIESCOPE' stat --platform epyc -e amd_iommu_0/mem_trans_total/ -- sleep 0.001")" = \
	"pciescope: stat: on emulated epyc" ] || fail "stat --platform epyc: not said"
first empty "'$PCIESCOPE' list --json >list.json" >/dev/null
jq -e '.pmus | length > 10' list.json >/dev/null || fail "list --json with a terminal on stderr: $(head -c 200 list.json)"

# The other devices that make a host: an AMD IOMMU PMU, a PowerNV PHB.
mkdir -p iommu/sys/bus/event_source/devices/amd_iommu_0 phb/sys/kernel/debug/powerpc/PCI0000
for r in iommu phb; do
	[ "$(first $r "'$PCIESCOPE' list")" = "pciescope: list: on this machine" ] || fail "$r is not a host"
done
echo ok
