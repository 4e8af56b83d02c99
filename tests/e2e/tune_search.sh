#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `tune --search` on the emulated platform: on the storage scenario (NVMe
# reads competing with CPU MMIO writes for one Root Port's Tx) the search
# finds the full grid's best over two parameters with fewer runs, restores
# the starting levels (also after SIGINT), and --apply keeps the best (here
# the grid's, which the search must equal).
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
"$P" platform reset >/dev/null
ev='{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,hisi_pcie0_core2/tx_cpl_time,port=0x1/}'
search() { "$P" tune hisi_ptt0_2 --search --workload storage-read --param qos_tx_cpl,qos_tx_p \
	-e "$ev" "$@" -- sleep 0.0001; }
level() { "$P" tune hisi_ptt0_2 "$1" | awk '{print $2}'; }
best_mean() { sed -n 's/^best: [^:]*: \([0-9.]*\) MB\/s.*/\1/p' "$1"; }

search >s.txt 2>&1 || err "search: $(cat s.txt)"
[ "$(level qos_tx_cpl) $(level qos_tx_p)" = "1 1" ] || err "levels not restored"
search --grid --apply >g.txt 2>&1 || err "grid: $(cat g.txt)"
grep -q '^runs: 9 (9 candidates' g.txt || err "grid runs: $(grep runs g.txt)"
runs=$(sed -n 's/^runs: \([0-9]*\) .*/\1/p' s.txt)
[ -n "$runs" ] && [ "$runs" -lt 9 ] || err "search made $runs runs, not fewer than the grid's 9"
[ -n "$(best_mean s.txt)" ] && [ "$(best_mean s.txt)" = "$(best_mean g.txt)" ] ||
	err "search best $(best_mean s.txt) != grid best $(best_mean g.txt)"
gain=$(sed -n 's/^best: .* MB\/s, +\([0-9.]*\) % over.*/\1/p' s.txt)
awk -v g="$gain" 'BEGIN { exit !(g >= 10) }' || err "storage gain $gain % < 10 %"
want=$(sed -n 's/^best: qos_tx_cpl=\([0-2]\) qos_tx_p=\([0-2]\):.*/\1 \2/p' g.txt)
[ "$(level qos_tx_cpl) $(level qos_tx_p)" = "$want" ] || err "--apply did not leave $want"
grep -q '^levels: the best levels are applied$' g.txt || err "--apply message: $(tail -1 g.txt)"
"$P" platform reset >/dev/null

# Ctrl-C while the second candidate runs (no traffic: the real command's
# span is simulated cheaply): the start comes back
"$P" tune hisi_ptt0_2 qos_tx_p=2 >/dev/null
rm -f count
"$P" tune hisi_ptt0_2 --search --workload idle --param qos_tx_cpl -e "$ev" --metric count -- \
	sh -c 'n=$(($(cat count 2>/dev/null || echo 0) + 1)); echo $n >count;
	[ $n -ge 2 ] && kill -INT $PPID; exit 0' >i.txt 2>ierr.txt && err "interrupted search exit 0"
grep -q 'interrupted after 1 runs; the starting levels were restored' ierr.txt ||
	err "interrupt message: $(cat ierr.txt)"
[ "$(level qos_tx_cpl) $(level qos_tx_p)" = "1 2" ] || err "levels after SIGINT: not 1 2"
"$P" platform reset >/dev/null
finish
