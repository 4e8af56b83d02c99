#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Documented settings this kernel carries out otherwise (docs/kernel-differences.md):
# stat says so in one warning line per case and counts on; the settings that
# do what the document says get no warning.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
pair() { # pair LEN_MODE: a flux/time pair on 00:10.0's port
	echo "{hisi_pcie0_core0/rx_mrd_flux,port=0x1,len_mode=$1/,hisi_pcie0_core0/rx_mrd_time,port=0x1,len_mode=$1/}"
}

"$P" stat -e "$(pair 2)" -- sleep 0.001 2>"$TEST_TMP/err" || err "len_mode=2 not counted"
[ "$(grep -c '^pciescope: stat: warning: .*len_mode=2 (header bytes only' "$TEST_TMP/err")" = 1 ] ||
	err "len_mode=2: not one warning line: $(cat "$TEST_TMP/err")"
grep -q 'rx_mrd_flux,port=0x1,len_mode=2/ *$' "$TEST_TMP/err" || err "len_mode=2: no count after the warning"
for m in 1 3; do
	"$P" stat -e "$(pair $m)" -- sleep 0.001 2>"$TEST_TMP/err" || err "len_mode=$m not counted"
	grep -q warning "$TEST_TMP/err" && err "len_mode=$m warned: $(cat "$TEST_TMP/err")"
done
"$P" stat --dry-run -e "$(pair 2)" 2>"$TEST_TMP/err" >/dev/null
grep -q 'len_mode=2 (header bytes only' "$TEST_TMP/err" || err "--dry-run: no len_mode warning"

# The AMD document's enable bits (56-58) and raw bit (63) on the 6.1 PMU.
"$P" stat --platform epyc -e 'amd_iommu_0/config=0x8000000000000005/' -- sleep 0.001 \
	2>"$TEST_TMP/err" || err "seed config not counted"
[ "$(grep -c '^pciescope: stat: warning: .*config bits 56-58 and 63' "$TEST_TMP/err")" = 1 ] ||
	err "AMD seed bits: not one warning line: $(cat "$TEST_TMP/err")"
"$P" stat --platform epyc -e 'amd_iommu_0/csource=5/' -e 'iommuv2/config=0x8000000000000005/' \
	-- sleep 0.001 2>"$TEST_TMP/err" || err "iommuv2 not counted"
grep -q warning "$TEST_TMP/err" && err "iommuv2 (the seed's layout) warned: $(cat "$TEST_TMP/err")"
finish
