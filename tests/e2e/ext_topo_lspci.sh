#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The emulated configuration space read by the real lspci: every function's
# `config` in the mounted emulated sysfs, dumped as `lspci -xxxx` prints
# it, is decoded by `lspci -F DUMP -vv`, and what lspci reads there (MPS,
# MRRS, ASPM, link status, AER status) is what `pciescope topo -v` says.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/fuse.sh"
DEV=$M/bus/pci/devices

dump() { # BDF: a `lspci -xxxx` style dump of one function
	echo "${1#0000:} dump"
	od -An -tx1 -v -w16 "$DEV/$1/config" |
		awk '{ o = (NR - 1) * 16; printf(o < 256 ? "%02x:%s\n" : "%03x:%s\n", o, $0) }'
}

"$PCIESCOPE" topo -v >"$TEST_TMP/topo"
n=0
for d in "$DEV"/*; do
	bdf=$(basename "$d")
	dump "$bdf" >"$TEST_TMP/dump"
	lspci -F "$TEST_TMP/dump" -vv 2>/dev/null >"$TEST_TMP/lspci"
	ours=$(grep -A4 "^ *$bdf " "$TEST_TMP/topo")
	mps=$(grep -A2 'DevCtl:' "$TEST_TMP/lspci" | grep -o 'MaxPayload [0-9]* bytes, MaxReadReq [0-9]* bytes')
	grep -q "DevCtl: $mps" <<<"$ours" || fail "$bdf: lspci says '$mps', topo: $ours"
	if grep -q 'LnkSta:' "$TEST_TMP/lspci" && ! grep -q 'Width x0' "$TEST_TMP/lspci"; then
		aspm=$(grep -o 'LnkCtl:.ASPM [A-Za-z0-9 ]*;' "$TEST_TMP/lspci" | sed 's/LnkCtl:.//; s/;//')
		grep -q "LnkCtl: $aspm " <<<"$ours" || fail "$bdf: lspci says '$aspm', topo: $ours"
		sta=$(grep -o 'LnkSta:.Speed [0-9.]*GT/s, Width x[0-9]*' "$TEST_TMP/lspci")
		speed=$(echo "$sta" | sed -E 's/.*Speed ([0-9.]+)GT.*/\1/')
		width=$(echo "$sta" | sed -E 's/.*Width x([0-9]+)/\1/')
		grep -Eq "\[$speed(\.0)? GT/s x$width," <<<"${ours%%$'\n'*}" ||
			fail "$bdf: lspci link '$sta', topo: ${ours%%$'\n'*}"
	fi
	ce=$(grep -o 'CESta:.*' "$TEST_TMP/lspci" | tr ' \t' '\n\n' | { grep '+$' || true; } | tr -d + | xargs)
	grep -q "CESta: ${ce:-none}$" <<<"$ours" || fail "$bdf: lspci CESta '$ce', topo: $ours"
	n=$((n + 1))
done
[ "$n" -ge 30 ] || fail "only $n functions"
grep -q 'MaxReadReq 128 bytes' "$TEST_TMP/topo" || fail "no MRRS 128 in the default platform"
echo "ok: $n functions"
