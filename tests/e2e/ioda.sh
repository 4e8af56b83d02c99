#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope ioda on the power8 platform, through the CLI only: the seed's
# numbers, VF(n) in PE(x+n), no VF BAR over another device, the what-if of a
# smaller segment, freeze semantics seen by MMIO loads/stores and MSIs
# (state kept between invocations), compound PEs, and the clear errors.
# Each CLI run costs about 0.1 s under qemu, and the overlap check runs two
# per VF BAR: under qemu or the sanitizers (PCIESCOPE_TEST_SCALE=small, docs/portability.md)
# the second PF gets 4 VFs instead of 16 (24 runs fewer).
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P="$PCIESCOPE"
eq() { [ "$1" = "$2" ] || fail "$3: got '$1', want '$2'"; }
hex() { printf '0x%x' "$1"; }
vfs1=16
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || vfs1=4

# 2 GB M32 window -> 8 MB segments.
"$P" ioda show --json > "$TEST_TMP/show.json"
eq "$(jq '.phbs[0].m32_size' "$TEST_TMP/show.json")" '"0x80000000"' "M32 size"
eq "$(jq '.phbs[0].m32_segsize' "$TEST_TMP/show.json")" '"0x800000"' "M32 segment"
in_use=$(jq '.phbs[0].pes | length' "$TEST_TMP/show.json")

# PF 0000:01:00.0, 8 VFs: 256 segments of 1 MiB, VF(n) in PE(x+n).
"$P" ioda sriov 0000:01:00.0 --numvfs 8 --json > "$TEST_TMP/sriov.json"
j() { jq -r "$1" "$TEST_TMP/sriov.json"; }
eq "$(j .num_vfs)" 8 "num_vfs"
eq "$(j .mode)" segmented "mode"
eq "$(j .segment_size)" 1048576 "segment size"
eq "$(j .segments_reserved)" 256 "segments reserved"
# The kernel counts 257 - n positions; the PEs in use (all at the top here) block one each.
eq "$(j .pe_choices)" $((257 - 8 - in_use)) "pe_choices"
x=$(j '.vfs[0].pe')
base0=$(j '.vfs[0].bars[0].base')
for n in 0 1 2 3 4 5 6 7; do
	eq "$(j ".vfs[$n].pe")" $((x + n)) "PE of VF$n"
	base=$(j ".vfs[$n].bars[0].base")
	eq "$(hex $((base - base0)))" "$(hex $((n << 20)))" "VF$n BAR offset"
	"$P" ioda resolve "$base" --json > "$TEST_TMP/r.json"
	eq "$(jq .pe "$TEST_TMP/r.json")" $((x + n)) "PE decoded at VF$n BAR"
	eq "$(jq .segment "$TEST_TMP/r.json")" $((x + n)) "M64 segment of VF$n"
	eq "$(jq -r .device "$TEST_TMP/r.json")" "$(j ".vfs[$n].bdf")" "owner of VF$n BAR"
done
# The state persists: a later invocation sees the same VFs.
eq "$("$P" ioda sriov 0000:01:00.0 --json | jq .vfs[7].pe)" $((x + 7)) "VFs kept"

# No VF BAR overlaps another device's MMIO: every byte range decodes to its own VF.
"$P" ioda sriov 0000:01:00.1 --numvfs "$vfs1" --json > "$TEST_TMP/sriov1.json"
for f in "$TEST_TMP/sriov.json" "$TEST_TMP/sriov1.json"; do
	jq -r '.vfs[] | .bdf as $b | .bars[] | "\($b) \(.base) \(.size)"' "$f"
done > "$TEST_TMP/vfbars"
while read -r bdf base size; do
	for a in "$base" "$(hex $((base + size - 1)))"; do
		eq "$("$P" ioda resolve "$a" --json | jq -r .device)" "$bdf" "owner of $a"
	done
done < "$TEST_TMP/vfbars"
end=0
while read -r start size; do
	[ "$start" -ge "$end" ] || fail "VF BARs overlap at $(hex "$start")"
	end=$((start + size))
done < <(while read -r _ base size; do echo "$((base)) $size"; done < "$TEST_TMP/vfbars" | sort -n)

# What-if: 256 KiB segments make each 1 MiB VF span 4 PEs and cut the choices.
"$P" ioda sriov 0000:01:00.0 --segment-size 256K --json > "$TEST_TMP/whatif.json"
eq "$(jq .what_if.segments_per_vf "$TEST_TMP/whatif.json")" 4 "segments per VF"
eq "$(jq .what_if.segments_consumed "$TEST_TMP/whatif.json")" 32 "segments consumed"
[ "$(jq .what_if.pe_choices "$TEST_TMP/whatif.json")" -lt "$(j .pe_choices)" ] ||
	fail "a smaller segment must leave fewer choices"

# Freeze: loads all ones, stores dropped, MSI blocked; the halves clear independently.
addr=$(hex $((base0 + 8)))
eq "$("$P" ioda access "$addr" --write 0x1234 --json | jq -r .result)" ok "store"
"$P" ioda freeze "$x" > /dev/null
eq "$("$P" ioda access "$addr" --json | jq -r .value)" 0xffffffffffffffff "frozen load"
eq "$("$P" ioda access "$addr" --write 0x5678 --json | jq -r .result)" frozen "frozen store"
eq "$("$P" ioda access --msi 0000:01:02.0 --json | jq -r .result)" frozen "frozen MSI"
eq "$("$P" ioda unfreeze "$x" --mmio --json | jq .state)" 2 "DMA half left"
eq "$("$P" ioda access "$addr" --json | jq -r .value)" 0x1234 "store was dropped"
eq "$("$P" ioda access --msi 0000:01:02.0 --json | jq -r .result)" frozen "MSI still blocked"
eq "$("$P" ioda unfreeze "$x" --dma --json | jq .state)" 0 "thawed"
eq "$("$P" ioda access --msi 0000:01:02.0 --json | jq -r .result)" ok "MSI delivered"
# DMA: bit 59 selects the bypass window; an unmapped TCE faults and freezes the PE.
eq "$("$P" ioda access --dma 0000:01:02.0 0x0800000000001000 --json | jq -r .translated)" 0x1000 "bypass"
eq "$("$P" ioda access --dma 0000:01:02.0 0x1000 --json | jq -r .result)" fault "unmapped TCE"
eq "$("$P" ioda show --json | jq -r ".phbs[0].pes[] | select(.pe == $x) | .cause")" dma-fault "cause"
eq "$("$P" ioda access "$addr" --json | jq -r .result)" frozen "frozen by the fault"
"$P" ioda unfreeze "$x" > /dev/null

# A GPU BAR over 64 M64 segments: secondary PEs freeze with their master.
"$P" ioda resolve 0001:03:00.0 --json > "$TEST_TMP/gpu.json"
master=$(jq .pe "$TEST_TMP/gpu.json")
eq "$("$P" ioda freeze "0001:$((master + 40))" --json | jq .master)" "$master" "master of PE+40"
eq "$("$P" ioda access 0x3d1000000000 --json | jq -r .result)" frozen "master frozen"
eq "$("$P" ioda access 0x3d13f0000000 --json | jq -r .result)" frozen "last secondary frozen"
"$P" ioda unfreeze "0001:$master" > /dev/null
eq "$("$P" ioda access 0x3d13f0000000 --json | jq -r .result)" ok "thawed with master"

# An error message from the switch's upstream port freezes, through PELT-V,
# its own PE and every PE below it (the GPU's master and secondaries too).
eq "$("$P" ioda access --error 0001:01:00.0 --json | jq -r .frozen)" "${master}-64,250-253" "PELT-V"
eq "$("$P" ioda show --json | jq -r '.phbs[1].pes[] | select(.pe == 252) | .cause')" peltv "cause"
eq "$("$P" ioda access 0x3d1000000000 --json | jq -r .result)" frozen "GPU frozen by the switch"
eq "$("$P" ioda show --json | jq '.phbs[1].pes[] | select(.pe == 254) | .state')" 0 "root bus PE"

# Clear one-line errors.
expect_err() {
	local want=$1
	shift
	if "$@" > "$TEST_TMP/out" 2> "$TEST_TMP/err"; then fail "'$*' succeeded"; fi
	[ "$(wc -l < "$TEST_TMP/err")" -eq 1 ] || fail "'$*': not one line: $(cat "$TEST_TMP/err")"
	grep -q "$want" "$TEST_TMP/err" || fail "'$*': $(cat "$TEST_TMP/err")"
}
expect_err "not enough M64 windows" "$P" ioda sriov 0001:05:00.0 --numvfs 16
expect_err "SR-IOV disabled at boot: VF BAR 0 (8M) is over a quarter M64 segment" \
	"$P" ioda sriov 0002:03:00.0 --numvfs 1
expect_err "at most 64 VFs" "$P" ioda sriov 0000:01:00.0 --numvfs 65
jq '.name = "p8-few-pes" | .phbs[0].num_pes = 16 | .phbs[0].reserved_pe = 15' \
	"$SRC_DIR/platforms/power8.json" > "$TEST_TMP/few.json"
expect_err "out of PEs: 20 VFs of 0000:01:00.0 need 20 contiguous PEs" \
	"$P" ioda --platform "$TEST_TMP/few.json" sriov 0000:01:00.0 --numvfs 20
jq '.name = "p8-huge-bar" | (.devices[] | select(.bdf == "0001:03:00.0") | .bars[1].size) = "128G"' \
	"$SRC_DIR/platforms/power8.json" > "$TEST_TMP/huge.json"
expect_err "PHB 0001: BAR too large: 0001:03:00.0 BAR 1 needs 128G" \
	"$P" ioda --platform "$TEST_TMP/huge.json" show
echo ok
