#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A tune search holds its device's levels (docs/reliability.md, "What a
# tune search holds"), on the emulated platform:
# - while it runs, a second search, a `tune` set and a `platform remove`
#   are refused in one line naming it; `tune --wait` waits and then sets;
#   the end state is the search's start with the waiting set applied;
# - killed with SIGKILL mid-way, its starting levels are put back by the
#   next command, which says so in one line; a level the user set before
#   the search began is part of that start;
# - eight `tune` sets at once each see the levels the one before left
#   (their "before -> after" lines chain into one order), and the device
#   ends with what the last of them set.
# A search's command waits for a file the test writes, so the test knows
# the search is running without timing anything.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
# shellcheck source=lib/live.sh
. "$SRC_DIR/tests/e2e/lib/live.sh"
ev='{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,hisi_pcie0_core2/tx_cpl_time,port=0x1/}'
params="qos_tx_cpl qos_tx_np qos_tx_p rx_alloc_buf_level tx_alloc_buf_level"
levels() { for p in $params; do "$P" tune hisi_ptt0_2 "$p" | awk '{printf "%s ", $2}'; done | sed 's/ $//'; }
refusal() { echo "pciescope: $1: refused: a tune search of hisi_ptt0_2 (pid $2) holds $3 until it ends; add --wait to wait for it"; }
search_pid=""
at_exit '[ -z "$search_pid" ] || kill -KILL "$search_pid" 2>/dev/null'
"$P" platform reset >/dev/null

# 1. A search whose first run waits for the file "go"
rm -f running go
"$P" tune hisi_ptt0_2 --search --workload idle --param qos_tx_cpl,qos_tx_np -e "$ev" \
	--metric count -- sh -c 'touch running; while [ ! -e go ]; do sleep 0.05; done' \
	>a.out 2>a.err &
search_pid=$!
wait_for 60 test -e running || err "the search never ran its command: $(cat a.err)"

"$P" tune hisi_ptt0_2 --search --workload idle -e "$ev" --metric count -- true >b.out 2>b.err &&
	err "a second search ran beside the first"
[ "$(cat b.err)" = "$(refusal "tune: hisi_ptt0_2" "$search_pid" "its levels")" ] ||
	err "second search: $(cat b.err)"
"$P" tune hisi_ptt0_2 qos_tx_np=0 >set.out 2>set.err && err "a tune set went through the search"
[ "$(cat set.err)" = "$(refusal "tune: hisi_ptt0_2" "$search_pid" "its levels")" ] ||
	err "tune set: $(cat set.err)"
[ -s set.out ] && err "the refused set printed: $(cat set.out)"
"$P" platform remove 0000:01:00.0 >rm.out 2>rm.err && err "platform remove went through the search"
[ "$(cat rm.err)" = "$(refusal "platform remove" "$search_pid" "the emulated kunpeng930")" ] ||
	err "platform remove: $(cat rm.err)"
"$P" tune --wait hisi_ptt0_2 qos_tx_p=2 >wait.out 2>wait.err &
waiter=$!
touch go
wait "$search_pid" || err "the search failed: $(cat a.err)"
search_pid=""
grep -q '^levels: the starting levels were restored$' a.out || err "search end: $(tail -1 a.out)"
wait "$waiter" || err "tune --wait: $(cat wait.err)"
[ "$(cat wait.out)" = "qos_tx_p 1 -> 2" ] || err "tune --wait set: $(cat wait.out) $(cat wait.err)"
[ "$(levels)" = "1 1 2 1 1" ] || err "after the search and the waiting set: $(levels)"

# 2. SIGKILL in the third run of a grid search: (1 1) measured, then (0 0)
# written and kept, then (1 0) being written when the kill comes
rm -f count
"$P" tune hisi_ptt0_2 --search --grid --workload idle --param qos_tx_cpl,qos_tx_np -e "$ev" \
	--metric count -- sh -c 'n=$(($(cat count 2>/dev/null || echo 0) + 1)); echo $n >count;
	[ $n -ge 3 ] && kill -KILL $PPID; exit 0' >k.out 2>k.err &
killed=$!
wait "$killed"
[ $? = 137 ] || err "the search was not killed: $(cat k.err)"
"$P" tune hisi_ptt0_2 qos_tx_cpl >show.out 2>show.err || err "tune after the kill: $(cat show.err)"
want="pciescope: tune: a tune search of hisi_ptt0_2 (pid $killed) ended without putting its starting levels back: put back qos_tx_cpl=1 qos_tx_np=1"
[ "$(cat show.err)" = "$want" ] || err "repair line: $(cat show.err)"
[ "$(cat show.out)" = "qos_tx_cpl 1" ] || err "the next command saw $(cat show.out)"
[ "$(levels)" = "1 1 2 1 1" ] || err "after the killed search: $(levels)"
"$P" tune hisi_ptt0_2 >again.out 2>again.err
[ -s again.err ] && err "the repair was said twice: $(cat again.err)"

# 3. Eight sets at once, each of all five levels to a tuple of its own
"$P" platform reset >/dev/null
tuples=("0 0 0 0 0" "2 2 2 2 2" "0 1 2 0 1" "2 1 0 2 1" "0 2 0 2 0" "2 0 2 0 2" "1 0 1 0 1" "0 0 1 1 2")
pids=()
for i in "${!tuples[@]}"; do
	set -- ${tuples[$i]}
	args=()
	for p in $params; do args+=("$p=$1") && shift; done
	"$P" tune hisi_ptt0_2 "${args[@]}" >"set$i.out" 2>"set$i.err" &
	pids+=($!)
done
for i in "${!pids[@]}"; do
	wait "${pids[$i]}" || err "set $i: $(cat "set$i.err")"
done
# each set's "before" is the "after" of exactly one other, or the defaults
chain() { awk '{printf "%s ", $'"$2"'}' "$1" | sed 's/ $//'; }
last=""
for i in "${!tuples[@]}"; do
	before=$(chain "set$i.out" 2)
	[ "$(chain "set$i.out" 4)" = "${tuples[$i]}" ] || err "set $i left $(chain "set$i.out" 4)"
	n=0
	[ "$before" = "1 1 1 1 1" ] && n=1
	for j in "${!tuples[@]}"; do
		[ "$j" != "$i" ] && [ "${tuples[$j]}" = "$before" ] && n=$((n + 1))
	done
	[ "$n" = 1 ] || err "set $i started from $before, which no single set left"
	taken=0
	for j in "${!tuples[@]}"; do
		[ "$(chain "set$j.out" 2)" = "${tuples[$i]}" ] && taken=1
	done
	[ "$taken" = 0 ] && last="$last${last:+,}$i"
done
case $last in
*,* | "") err "not one last set: '$last'" ;;
*) [ "$(levels)" = "${tuples[$last]}" ] || err "the device holds $(levels), the last set (set $last) left ${tuples[$last]}" ;;
esac
"$P" platform reset >/dev/null
finish
