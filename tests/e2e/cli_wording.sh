#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What the commands print reads right: counts agree with their nouns (demo's
# "1 PMU"), and notes say what an emulated reading means.
set -euo pipefail
mkdir -p "$TEST_TMP"
cd "$TEST_TMP"
P=$PCIESCOPE
fail() { echo "FAIL: $*" >&2; exit 1; }

# power8 has one PMU (the PHB's), kunpeng930 many: the noun follows the count
$P demo --platform power8 >demo1.txt
grep -Eq '^1\. The platform: [0-9]+ PCI functions, 1 PMU$' demo1.txt ||
	fail "power8 demo: $(grep 'The platform' demo1.txt)"
$P demo >demo.txt
grep -Eq '^1\. The platform: [0-9]+ PCI functions, ([02-9]|[1-9][0-9]+) PMUs$' demo.txt ||
	fail "kunpeng930 demo: $(grep 'The platform' demo.txt)"
echo ok
