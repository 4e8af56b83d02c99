#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# docs/twin.md's command lines, run as written there (the lines after its
# twin-recipe and twin-whatif markers): the recording, the twin's table,
# diagnose naming the tune hint on the twin, --try measuring its advice
# (10 % or more), the model file, and the what-if of a window of one.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
# shellcheck source=lib/twin.sh
. "$SRC_DIR/tests/e2e/lib/twin.sh"
pciescope() { "$P" "$@"; }
"$P" platform reset >/dev/null
# lines MARKER: the commands of the indented block after the marker
lines() { sed -n "/<!-- $1/,/^\$/p" "$SRC_DIR/docs/twin.md" | grep -E '^    (pciescope|jq) ' |
	sed 's/^    //'; }
mapfile -t recipe < <(lines twin-recipe)
mapfile -t whatif < <(lines twin-whatif)
[ "${#recipe[@]}" -eq 5 ] && [ "${#whatif[@]}" -eq 2 ] ||
	fail "docs/twin.md has ${#recipe[@]} recipe and ${#whatif[@]} what-if lines"
n=0
for line in "${recipe[@]}" "${whatif[@]}"; do
	eval "$line" >"out$n.txt" 2>"err$n.txt" || err "'$line' failed: $(cat "err$n.txt")"
	n=$((n + 1))
done
grep -Eq '^02:00.0 +00:10.1 +max +slots' out1.txt || err "the twin's table: $(cat out1.txt)"
grep -Eq '^info +tune-hint +hisi_ptt0_2' out2.txt || err "diagnose on the twin: $(cat out2.txt)"
awk '/tx_cpl_flux/ { gsub(/[+%]/, "", $(NF - 1)); exit !($(NF - 1) >= 10) }' out3.txt ||
	err "the advice tried: $(cat out3.txt)"
jq -e '.devices | length == 3' twin.json >/dev/null || err "twin.json: $(head -c 200 twin.json)"
awk '/tx_cpl_flux/ { gsub(/[+%]/, "", $(NF - 1)); exit !($(NF - 1) < -5) }' out6.txt ||
	err "the what-if of window 1: $(cat out6.txt)"
finish
