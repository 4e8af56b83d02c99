#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The three views of `pciescope report` over one multi-chunk file: every JSON
# line parses and follows the key contract, offsets run through the trace
# stream, and the views agree on the number of entries.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen="$BUILD_DIR/tests/gen_ptt_perfdata"

# 8DW: 3 chunks, 128 + 1 + 64 entries; 4DW: 2 chunks, 100 + 7 entries
${PCIESCOPE_RUNNER:-} "$gen" -o t8.data -f 8dw -s 3 4096 32 2048
${PCIESCOPE_RUNNER:-} "$gen" -o t4.data -f 4dw -s 4 1600 112

views_agree() { # file entry-size entries chunks
	local f=$1 esz=$2 n=$3 chunks=$4
	"$PCIESCOPE" report --json -i "$f" >"$f.json"
	"$PCIESCOPE" report --no-header -i "$f" >"$f.txt"
	"$PCIESCOPE" report -D -i "$f" >"$f.dump"
	[ "$(wc -l <"$f.json")" -eq "$n" ]
	[ "$(wc -l <"$f.txt")" -eq "$n" ]
	[ "$(grep -c '^\. \.\.\. HISI PTT data: size' "$f.dump")" -eq "$chunks" ]
	# offsets: 0, esz, 2*esz, ... across chunk boundaries
	jq -s --argjson esz "$esz" -e \
		'[.[] | .offset] == [range(0; length) | . * $esz]' "$f.json" >/dev/null
	# the contract: common keys always, dw strings, kind from the list
	jq --argjson esz "$esz" '
		(.format | IN("4dw", "8dw")) and (.time | type == "number") and
		(.fmt | type == "number") and (.type | type == "number") and
		(.length | type == "number") and
		(.dw | length == (if $esz == 32 then 4 else 3 end)) and
		all(.dw[]; test("^0x[0-9a-f]{8}$")) and
		((.prefix != null) == ($esz == 32)) and
		(.kind | IN("MRd32", "MRd64", "MRdLk32", "MRdLk64", "MWr32", "MWr64", "IORd",
			"IOWr", "CfgRd0", "CfgWr0", "CfgRd1", "CfgWr1", "Msg", "MsgD", "Cpl",
			"CplD", "CplLk", "CplDLk", "FetchAdd32", "FetchAdd64", "Swap32",
			"Swap64", "CAS32", "CAS64", "LPrfx", "EPrfx", "Unknown")) and
		(if (.kind | startswith("Cpl")) then
			(.completer | test("^[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]$")) and
			(.status | IN("SC", "UR", "CRS", "CA", "rsvd"))
		 else .completer == null end) and
		(if (.kind | test("^(MRd|MWr|IO|FetchAdd|Swap|CAS)")) then
			(.address | test("^0x[0-9a-f]{16}$"))
		 else .address == null end) and
		(if (.kind | startswith("Cfg")) then .register != null else .bus == null end) and
		(if (.kind | startswith("Msg")) then .message_code != null
		 else .message_code == null end)
	' "$f.json" >"$f.contract"
	if [ "$(grep -cx true "$f.contract")" -ne "$n" ]; then
		err "$f: a JSON line breaks the key contract"
		return 1
	fi
	# the line view and the JSON agree on the kind of every entry
	diff <(awk '{ print $4 }' "$f.txt") <(jq -r .kind "$f.json")
}

views_agree t8.data 32 193 3
views_agree t4.data 16 107 2
# the generator mixes kinds: both views show several of them
[ "$(jq -r .kind t4.data.json | sort -u | wc -l)" -ge 10 ]
echo "ok"
