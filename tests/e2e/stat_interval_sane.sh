#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Counter reads across -I intervals never go backwards or show wrapped
# garbage: every interval's value of PCIe PMU pairs (kunpeng930, counter +
# extended counter) and AMD IOMMU counters (epyc, 48-bit) is a plain
# non-negative integer far below 2^48, the interval times strictly increase,
# and each event is reported in every interval.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"

intervals_sane() { # file events-per-interval
	awk -F, -v per="$2" '
		{ t = $1 + 0; v = $2 }
		v !~ /^[0-9]+$/ || v + 0 >= 2 ^ 40 { print "FAIL value: " $0; bad = 1 }
		t < last { print "FAIL time went back: " $0; bad = 1 }
		{ last = t; n[t]++ }
		END {
			for (k in n) { ints++; if (n[k] != per) { print "FAIL interval " k; bad = 1 } }
			if (ints < 20) { print "FAIL only " ints " intervals"; bad = 1 }
			exit bad
		}' "$1" || err "$1: bad intervals"
}

"$PCIESCOPE" stat -I 1 -x, \
	-e hisi_pcie0_core2/rx_mwr_flux,port=0x1/ -e hisi_pcie0_core2/rx_mrd_latency,port=0x1/ \
	-e hisi_pcie0_core2/tx_cpl_flux,port=0x1/ -- sleep 0.025 2>pcie.csv >/dev/null ||
	err "stat on the PCIe PMU"
intervals_sane pcie.csv 3
"$PCIESCOPE" stat --platform epyc -I 1 -x, -e amd_iommu_0/mem_trans_total/ \
	-e amd_iommu_0/mem_pass_untrans/ -- sleep 0.025 2>iommu.csv >/dev/null ||
	err "stat on the AMD IOMMU PMU"
intervals_sane iommu.csv 2
finish
