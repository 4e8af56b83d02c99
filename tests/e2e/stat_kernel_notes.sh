#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Documented settings a kernel carries out otherwise (docs/kernel-differences.md):
# stat says so in one warning line per case and counts on; the settings that
# do what the document says get no warning, and neither does a kernel that
# does what the document says (len_mode=2 from 6.12, the emulated kernel's).
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
pair() { # pair LEN_MODE: a flux/time pair on 00:10.0's port
	echo "{hisi_pcie0_core0/rx_mrd_flux,port=0x1,len_mode=$1/,hisi_pcie0_core0/rx_mrd_time,port=0x1,len_mode=$1/}"
}

# The emulated kernel is the newest: len_mode=2 counts header bytes only, with no warning.
flux() { # flux LEN_MODE: rx_mrd_flux of 00:10.0's port over 1 ms
	"$P" stat -x, -e "hisi_pcie0_core0/rx_mrd_flux,port=0x1,len_mode=$1/" -- sleep 0.001 2>&1 |
		cut -d, -f1
}
"$P" stat -e "$(pair 2)" -- sleep 0.001 2>"$TEST_TMP/err" || err "len_mode=2 not counted"
grep -q warning "$TEST_TMP/err" && err "len_mode=2 warned on the emulated kernel: $(cat "$TEST_TMP/err")"
payload=$(flux 1) header=$(flux 2) both=$(flux 3)
[ "$header" -gt 0 ] && [ "$header" -lt "$payload" ] && [ $((payload + header)) = "$both" ] ||
	err "len_mode 1, 2, 3 count $payload, $header, $both: 2 is not the header bytes alone"

# A host says what its kernel does: 6.2 to 6.11 OR len_mode over INIT_SET, 6.12 does not.
root=$TEST_TMP/root
mkdir -p "$root/sys/bus/event_source/devices" "$root/proc/sys/kernel"
"$P" sysfs export "$root/sys/bus/event_source/devices" >/dev/null || err "sysfs export"
for k in 6.1.0-31-arm64:0 6.2.0:1 6.8.0-40-generic:1 6.11.11:1 6.12.9:0 6.18.0:0; do
	echo "${k%:*}" >"$root/proc/sys/kernel/osrelease"
	PCIESCOPE_SYSFS_ROOT=$root "$P" stat --backend host --dry-run -e "$(pair 2)" \
		>/dev/null 2>"$TEST_TMP/err" || err "host ${k%:*}: --dry-run failed: $(cat "$TEST_TMP/err")"
	n=$(grep -c "^pciescope: stat: warning: .*len_mode=2 (header bytes only.*on this kernel (${k%:*})" "$TEST_TMP/err")
	[ "$n" = "${k#*:}" ] || err "host ${k%:*}: $n len_mode warnings, want ${k#*:}: $(cat "$TEST_TMP/err")"
done

# The AMD document's enable bits (56-58) and raw bit (63) on the 6.1 PMU.
"$P" stat --platform epyc -e 'amd_iommu_0/config=0x8000000000000005/' -- sleep 0.001 \
	2>"$TEST_TMP/err" || err "seed config not counted"
[ "$(grep -c '^pciescope: stat: warning: .*config bits 56-58 and 63' "$TEST_TMP/err")" = 1 ] ||
	err "AMD seed bits: not one warning line: $(cat "$TEST_TMP/err")"
"$P" stat --platform epyc -e 'amd_iommu_0/csource=5/' -e 'iommuv2/config=0x8000000000000005/' \
	-- sleep 0.001 2>"$TEST_TMP/err" || err "iommuv2 not counted"
grep -q warning "$TEST_TMP/err" && err "iommuv2 (the seed's layout) warned: $(cat "$TEST_TMP/err")"
finish
