#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope stat --backend host` on the real PMUs of this machine (software
# events, and msr/tsc/ where the msr PMU exists), against the installed perf:
# the same events count, and the -x and -j layouts have perf's columns and
# keys.  Counts differ between two runs, so only shape and sanity are compared.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE

events='cpu-clock,task-clock,page-faults,context-switches'
[ -d /sys/bus/event_source/devices/msr/events ] && events="$events,msr/tsc/"
n=$(echo "$events" | tr ',' '\n' | wc -l)

"$P" stat --backend host -x, -e "$events" -- true 2>"$TEST_TMP/ours.csv" ||
	err "host stat failed: $(cat "$TEST_TMP/ours.csv")"
perf stat -x, -e "$events" -- true 2>"$TEST_TMP/perf.csv" || err "perf stat failed"
[ "$(wc -l <"$TEST_TMP/ours.csv")" -eq "$n" ] || err "lines: $(cat "$TEST_TMP/ours.csv")"
# columns 2 (unit) and 3 (event) are perf's; every line has 7 fields
cut -d, -f2,3 "$TEST_TMP/ours.csv" >"$TEST_TMP/ours.cols"
cut -d, -f2,3 "$TEST_TMP/perf.csv" >"$TEST_TMP/perf.cols"
diff "$TEST_TMP/perf.cols" "$TEST_TMP/ours.cols" || err "unit/event columns differ from perf"
awk -F, 'NF != 7 { bad = 1 } END { exit bad }' "$TEST_TMP/ours.csv" || err "field count"
# the clocks counted the command: more than 0 ms, and all events ran
awk -F, '$3 ~ /clock/ && !($1 > 0) { bad = 1 } $5 != "100.00" { bad = 1 } END { exit bad }' \
	"$TEST_TMP/ours.csv" || err "clock counts or running share: $(cat "$TEST_TMP/ours.csv")"
if [ -d /sys/bus/event_source/devices/msr/events ]; then
	grep -qE '^[1-9][0-9]*,,msr/tsc/,' "$TEST_TMP/ours.csv" || err "msr/tsc/ did not count"
fi

"$P" stat --backend host -j -e "$events" -- true 2>"$TEST_TMP/ours.json" || err "host -j failed"
perf stat -j -e "$events" -- true 2>"$TEST_TMP/perf.json" || err "perf -j failed"
jq -sc 'map(keys_unsorted)' "$TEST_TMP/ours.json" >"$TEST_TMP/ours.keys" || err "ours not JSON lines"
jq -sc 'map(keys_unsorted)' "$TEST_TMP/perf.json" >"$TEST_TMP/perf.keys" || err "perf not JSON lines"
diff "$TEST_TMP/perf.keys" "$TEST_TMP/ours.keys" || err "-j keys differ from perf"
jq -se 'map(.event) == ($ev | split(","))' --arg ev "$events" "$TEST_TMP/ours.json" >/dev/null ||
	err "-j events: $(cat "$TEST_TMP/ours.json")"

# a group of software events, and a command's exit status
"$P" stat --backend host -x, -e '{cpu-clock,task-clock}' -- sh -c 'exit 4' 2>"$TEST_TMP/g.csv"
[ $? -eq 4 ] || err "exit status of the command not passed on"
[ "$(wc -l <"$TEST_TMP/g.csv")" -eq 2 ] || err "group: $(cat "$TEST_TMP/g.csv")"
# the emulated-only PMU does not exist here: a one-line error naming it
"$P" stat --backend host -e 'hisi_pcie0_core0/rx_mwr_cnt/' -- true 2>"$TEST_TMP/e" &&
	err "hisi_pcie on the host succeeded"
grep -qF "Cannot find PMU \`hisi_pcie0_core0'" "$TEST_TMP/e" || err "host error: $(cat "$TEST_TMP/e")"
finish
