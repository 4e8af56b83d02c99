#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report --pcap read by the installed tshark with the installed ptt dissector:
# `cmake --install` (what make install runs) with PREFIX=~/.local puts it in
# Wireshark's personal Lua plugin directory, where tshark finds it by itself.
# On recorded traces (emulated kunpeng930, 4DW with both directions, 8DW)
# and generated ones (every TLP kind in turn, 4DW and 8DW, and a random
# mix), lib/ptt_tshark.py compares every field with report --json entry by
# entry, the expert items with the entries that deserve them, and the
# requests the dissector matches with the analyser's (--chrome-trace
# slices).  Display filters select exactly the entries jq selects.  With
# CLOCK_DATA the packets carry wall time.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf home "$PCIESCOPE_STATE_DIR" ./*.data ./*.pcap ./*.json
gen="$BUILD_DIR/tests/gen_ptt_perfdata"
export HOME=$TEST_TMP/home

cmake --install "$BUILD_DIR" --prefix "$HOME/.local" >/dev/null
[ -f "$HOME/.local/lib/wireshark/plugins/pciescope_ptt.lua" ] || fail "dissector not installed"
tshark -G plugins 2>/dev/null | grep -q "pciescope_ptt.lua" || fail "tshark does not load it"
# "ptt" is no protocol of Wireshark's own: ours is the only one, loaded without error.
tshark -G protocols >protos 2>protos.err
[ "$(awk -F'\t' '$3 == "ptt"' protos | wc -l)" -eq 1 ] || fail "protocol ptt missing or twice"
! grep -qi "lua" protos.err || fail "Lua errors: $(cat protos.err)"

"$PCIESCOPE" record -o r4.data --force -e hisi_ptt0_2/filter=0x80001,type=7,direction=2/ \
	-- sleep 0.001 2>/dev/null
"$PCIESCOPE" record -o r8.data -e hisi_ptt0_2/filter=0x80001,type=7,direction=2,format=1/ \
	-- sleep 0.001 2>/dev/null
"$gen" -o k4.data -f 4dw -k 4096 1616
"$gen" -o k8.data -f 8dw -k 4096 2048
"$gen" -o g8.data -f 8dw -s 9 8192

for t in r4 r8 k4 k8 g8; do
	"$PCIESCOPE" report -i $t.data --json >$t.json
	out=$("$PCIESCOPE" report -i $t.data --pcap $t.pcap --chrome-trace $t.trace.json)
	[ -z "$out" ] || fail "$t: --pcap printed entries"
	python3 "$SRC_DIR/tests/e2e/lib/ptt_tshark.py" $t.pcap $t.json $t.trace.json ||
		fail "$t: tshark and report --json disagree"
done
# With CLOCK_DATA (perf record -k), the first entry is at the wall time of
# ITRACE_START; perf 6.1 reads the CLOCK_DATA written for it.
wall=1700000000123456789
"$gen" -o w8.data -f 8dw -s 5 -w $wall 4096
perf report --header-only -i w8.data 2>/dev/null |
	grep -q "^# reference time: .* = 1700000000.123456 (TOD) = 0.001000000 (monotonic)" ||
	fail "perf does not read the CLOCK_DATA"
"$PCIESCOPE" report -i w8.data --json >w8.json
"$PCIESCOPE" report -i w8.data --pcap w8.pcap
# ITRACE_START at perf time 1.5 ms, CLOCK_DATA pairs 1 ms with $wall
PTT_START_NS=$((wall + 500000)) python3 "$SRC_DIR/tests/e2e/lib/ptt_tshark.py" w8.pcap w8.json ||
	fail "w8: wall time"

# What the traces hold, so that the comparisons above compared something.
[ "$(jq -r .kind k8.json | sort -u | wc -l)" -eq 27 ] || fail "k8 lacks a kind"
[ "$(jq -r .kind k4.json | sort -u | wc -l)" -eq 25 ] || fail "k4 lacks a kind"
[ "$(tshark -2 -r r4.pcap -Y ptt.response_in 2>/dev/null | wc -l)" -gt 100 ] ||
	fail "r4: few matched requests"

# filter FILE DISPLAY-FILTER JQ-CONDITION: the same entries, by offset.
filter() {
	local got want
	got=$(tshark -r "$1" -Y "$2" -T fields -e ptt.offset 2>/dev/null)
	want=$(jq -r "select($3) | .offset" "${1%.pcap}.json")
	[ -n "$want" ] || fail "$1: '$3' selects nothing"
	[ "$got" = "$want" ] || fail "$1: '$2' selects $(echo "$got" | wc -l) entries, jq $(echo "$want" | wc -l)"
}
req=$(jq -r 'select(.kind == "MRd64") | .requester' r4.json | sort | uniq -c | sort -rn |
	awk 'NR == 1 { print $2 }')
filter r4.pcap "ptt.kind == \"MRd64\" && ptt.requester == \"$req\"" \
	".kind == \"MRd64\" and .requester == \"$req\""
filter r8.pcap 'ptt.kind == "CplD" || ptt.tag < 8' '.kind == "CplD" or (.tag != null and .tag < 8)'
filter k8.pcap 'ptt.status != "SC" || ptt.message_code == 0x33' \
	'(.status != null and .status != "SC") or .message_code == 51'
filter g8.pcap 'ptt.address >= 0x80000000 && ptt.class == "NP"' \
	'(.address != null) and (.address | ltrimstr("0x") | ascii_downcase | explode |
	 reduce .[] as $c (0; . * 16 + (if $c >= 97 then $c - 87 else $c - 48 end))) >= 2147483648
	 and (.kind | test("^(MRd|IO|FetchAdd|Swap|CAS)"))'
echo "ok: tshark agrees with report --json on 6 traces"
