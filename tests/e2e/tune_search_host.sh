#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `tune --search` through the host backend on a fake sysfs tune tree
# (PCIESCOPE_SYSFS_ROOT), measuring task-clock of the real kernel: the
# starting levels come back after a search, after Ctrl-C (SIGINT), SIGTERM
# and a failing command; --apply leaves the best levels.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
export PCIESCOPE_SYSFS_ROOT=$TEST_TMP/root
T=$PCIESCOPE_SYSFS_ROOT/sys/bus/event_source/devices/hisi_ptt0_2/tune
params="qos_tx_cpl qos_tx_np qos_tx_p rx_alloc_buf_level tx_alloc_buf_level"
start="0 1 2 1 1"

reset_tree() {
	rm -rf "$PCIESCOPE_SYSFS_ROOT"
	mkdir -p "$T"
	set -- $start
	for p in $params; do echo "$1" >"$T/$p"; shift; done
}
levels() { for p in $params; do head -c1 "$T/$p"; echo -n " "; done | sed 's/ $//'; }
search() { "$PCIESCOPE" tune hisi_ptt0_2 --search --backend host --param qos_tx_cpl,qos_tx_p \
	-e task-clock "$@"; }

reset_tree
search -- true >out.txt 2>err.txt || err "search failed: $(cat err.txt)"
grep -qE '^runs: [0-9]+ \([0-9]+ candidates x 1 repeats; the full grid is 9 candidates\)' out.txt ||
	err "no runs line: $(cat out.txt)"
grep -q '^best: qos_tx_cpl=[0-2] qos_tx_p=[0-2]: ' out.txt || err "no best line: $(cat out.txt)"
[ "$(levels)" = "$start" ] || err "levels not restored after the search: $(levels)"
# --html: the candidates as a bar chart, one bar per candidate measured
search --html cand.html -- true >html.txt 2>&1 || err "--html search failed: $(cat html.txt)"
n=$(sed -n 's/^runs: [0-9]* (\([0-9]*\) candidates.*/\1/p' html.txt)
grep -q '<svg' cand.html || err "--html has no chart"
[ "$(grep -o '<rect class="bar"' cand.html | wc -l)" = "$n" ] || err "--html: not $n bars"

reset_tree
search --apply -- true >apply.txt 2>&1 || err "--apply failed: $(cat apply.txt)"
best=$(sed -n 's/^best: qos_tx_cpl=\([0-2]\) qos_tx_p=\([0-2]\):.*/\1 1 \2 1 1/p' apply.txt)
[ "$(levels)" = "$best" ] || err "--apply left $(levels), best was $best"

# the third run signals pciescope (its parent) while a candidate's levels are written
for sig in INT TERM; do
	reset_tree
	rm -f count
	search -- sh -c 'n=$(($(cat count 2>/dev/null || echo 0) + 1)); echo $n >count;
		[ $n -ge 3 ] && kill -'$sig' $PPID; exit 0' >int.txt 2>interr.txt &&
		err "SIG$sig: exit 0"
	grep -q '^pciescope: tune: --search: interrupted after 2 runs; the starting levels were restored$' \
		interr.txt || err "SIG$sig message: $(cat interr.txt)"
	[ "$(levels)" = "$start" ] || err "SIG$sig: levels not restored: $(levels)"
done

# a level the user sets while the search runs (echo into the tune file, as
# root on a host) stays, whether the search ends on SIGINT or is killed: the
# second run's command sets qos_tx_np, which the search does not search
user_sets() { echo 'n=$(($(cat count 2>/dev/null || echo 0) + 1)); echo $n >count;
	[ $n -ge 2 ] && echo 0 >"'"$T"'/qos_tx_np" && kill -'"$1"' $PPID; exit 0'; }
reset_tree
rm -f count
search -- sh -c "$(user_sets INT)" >user.txt 2>usererr.txt && err "user set + SIGINT: exit 0"
grep -q '^pciescope: tune: --search: interrupted after 1 runs; the starting levels were restored (qos_tx_np=0 kept: set by another command since the search wrote it)$' \
	usererr.txt || err "user set + SIGINT: $(cat usererr.txt)"
[ "$(levels)" = "0 0 2 1 1" ] || err "user set + SIGINT: levels $(levels)"
reset_tree
rm -f count
"$PCIESCOPE" tune hisi_ptt0_2 --search --backend host --param qos_tx_cpl,qos_tx_p -e task-clock \
	-- sh -c "$(user_sets KILL)" >user.txt 2>usererr.txt &
killed=$!
wait "$killed"
"$PCIESCOPE" tune hisi_ptt0_2 --backend host >show.txt 2>showerr.txt || err "tune after SIGKILL failed"
[ "$(cat showerr.txt)" = "pciescope: tune: a tune search of hisi_ptt0_2 (pid $killed) ended without putting its starting levels back: put back qos_tx_cpl=0; kept qos_tx_np=0 (set by another command after the search's last write)" ] ||
	err "user set + SIGKILL: $(cat showerr.txt)"
[ "$(levels)" = "0 0 2 1 1" ] || err "user set + SIGKILL: levels $(levels)"

# a command failing on its second run: an error, and the levels restored
reset_tree
rm -f count
search -- sh -c 'n=$(($(cat count 2>/dev/null || echo 0) + 1)); echo $n >count; [ $n -lt 2 ]' \
	>fail.txt 2>failerr.txt && err "a failing command gave exit 0"
grep -q "^pciescope: tune: --search: 'sh' exited with status 1; the starting levels were restored$" \
	failerr.txt || err "failure message: $(cat failerr.txt)"
[ "$(levels)" = "$start" ] || err "levels not restored after the failure: $(levels)"

# refusals: no tune tree, an unknown parameter, a pair metric without its pair
"$PCIESCOPE" tune hisi_ptt9_9 --search --backend host -e task-clock -- true 2>e1 && err "no PMU"
grep -q 'hisi_ptt9_9: no such PMU with tune parameters' e1 || err "no PMU: $(cat e1)"
search --param qos_tx_dp -- true 2>e2 && err "unknown --param accepted"
grep -q -- '--param qos_tx_dp: no such tune parameter' e2 || err "param: $(cat e2)"
search --metric latency -- true 2>e3 && err "latency of task-clock accepted"
grep -q -- '--metric latency needs its PCIe PMU pair' e3 || err "metric: $(cat e3)"
finish
