#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The README's diagnose loop, run as written there (the four lines after its
# diagnose-loop marker): the first diagnosis gives the tune hint, the search
# finds qos_tx_cpl=2 qos_tx_p=0 with a gain of 10 % or more and restores the
# levels, the third line applies them, and the second diagnosis has no hint.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
pciescope() { "$PCIESCOPE" "$@"; }
"$PCIESCOPE" platform reset >/dev/null
mapfile -t lines < <(sed -n '/<!-- diagnose-loop/,/^$/p' "$SRC_DIR/README.md" | grep '^    pciescope' |
	sed 's/^    //')
[ "${#lines[@]}" -eq 4 ] || fail "README has ${#lines[@]} loop lines, not 4"
for i in 0 1 2 3; do
	eval "${lines[$i]}" >"out$i.txt" 2>"err$i.txt" || err "line $((i + 1)) failed: $(cat "err$i.txt")"
done
grep -q '^info *tune-hint *hisi_ptt0_2 ' out0.txt || err "first diagnosis: no tune-hint: $(cat out0.txt)"
grep -q '^best: qos_tx_cpl=2 qos_tx_p=0: ' out1.txt || err "search best: $(grep best out1.txt)"
gain=$(sed -n 's/^best: .* MB\/s, +\([0-9.]*\) % over.*/\1/p' out1.txt)
awk -v g="$gain" 'BEGIN { exit !(g >= 10) }' || err "gain $gain % < 10 %"
grep -q '^levels: the starting levels were restored$' out1.txt || err "search did not restore"
grep -q '^qos_tx_cpl 1 -> 2$' out2.txt || err "apply: $(cat out2.txt)"
grep -q 'tune-hint' out3.txt && err "second diagnosis still hints: $(cat out3.txt)"
grep -qE '^[0-9]+ findings?: 0 error' out3.txt || err "second diagnosis: $(cat out3.txt)"
"$PCIESCOPE" platform reset >/dev/null
finish
