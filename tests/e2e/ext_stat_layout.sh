#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope stat --backend host` prints what the installed perf stat prints,
# column for column: the text lines of software events (value, unit, event,
# perf's "CPUs utilized" and K/sec, `<not supported>` for a hardware event
# this machine lacks), with -r N the ( +- x% ) spread and the elapsed
# mean +- spread, -x with -r (the variance column), -j with -r (the
# "variance" key), and -o FILE's "# started on" line.  Counts differ between
# runs, so the columns where fields start and the line lengths are compared.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

events=task-clock,cpu-clock,page-faults
# a VM has no cycles: perf goes on with <not supported>, and so must we
perf stat -x, -e cycles true 2>&1 | grep -q '^<not supported>,' && events=$events,cycles

# shape FILE: per counter line, the event and where its fields start and end
shape() {
	awk -v evs="$events" '
		BEGIN { n = split(evs, e, ",") }
		{
			for (i = 1; i <= n; i++) {
				p = index($0, " " e[i] " ")
				if (!p && substr($0, length($0) - length(e[i]) + 1) == e[i]) p = length($0) - length(e[i])
				if (!p) continue
				printf "%s name@%d hash@%d noise@%d len=%d\n", e[i], p, index($0, "#"), index($0, "( +-"), length($0)
			}
		}
		/seconds time elapsed/ { gsub(/[0-9]+/, "9"); gsub(/ +/, " "); sub(/^ /, ""); print "elapsed: " $0 }
		/Performance counter stats/ { sub(/for .*/, ""); print "header: " $0 }' "$1"
}

layout() { # layout NAME perf-stat-options...
	local name=$1
	shift
	"$P" stat --backend host "$@" -e "$events" -- true 2>"ours.$name" || err "$name: ours failed: $(cat "ours.$name")"
	perf stat "$@" -e "$events" -- true 2>"perf.$name" || err "$name: perf failed"
	shape "ours.$name" >"ours.$name.raw"
	shape "perf.$name" >"perf.$name.raw"
	# perf leaves a zero spread out; two separate runs may differ in that
	# alone, so a line whose spread either side left out is compared without it
	paste -d'|' "perf.$name.raw" "ours.$name.raw" | awk -F'|' -v side="$name" '
		{ a = $1; b = $2
		  if (a ~ / noise@0 / || b ~ / noise@0 /) {
			sub(/ noise@[0-9]+ len=[0-9]+/, "", a); sub(/ noise@[0-9]+ len=[0-9]+/, "", b) }
		  print a > ("perf." side ".shape"); print b > ("ours." side ".shape") }' 
	[ -s "perf.$name.shape" ] || err "$name: nothing read from perf's output"
	diff "perf.$name.shape" "ours.$name.shape" || err "$name: text layout differs from perf"
	[ "$(grep -c . "perf.$name")" = "$(grep -c . "ours.$name")" ] ||
		err "$name: $(grep -c . "ours.$name") lines, perf $(grep -c . "perf.$name")"
}
layout once
layout repeat -r 3

# -x and -j with -r: the spread is a column and a key, in perf's places
"$P" stat --backend host -r 2 -x, -e "$events" -- true 2>ours.csv || err "-r -x failed"
perf stat -r 2 -x, -e "$events" -- true 2>perf.csv
awk -F, '{print $3, NF, ($4 ~ /%$/)}' ours.csv >ours.cols
awk -F, '{print $3, NF, ($4 ~ /%$/)}' perf.csv >perf.cols
diff perf.cols ours.cols || err "-r -x columns differ from perf"
"$P" stat --backend host -r 2 -j -e "$events" -- true 2>ours.json || err "-r -j failed"
perf stat -r 2 -j -e "$events" -- true 2>perf.json
diff <(jq -c 'keys_unsorted' perf.json) <(jq -c 'keys_unsorted' ours.json) || err "-r -j keys differ"

# -o FILE: nothing on stderr, perf's first line in the file
"$P" stat --backend host -o out.txt -e task-clock -- true 2>o.err || err "-o failed"
[ ! -s o.err ] || err "-o wrote to stderr: $(cat o.err)"
perf stat -o perf.out -e task-clock -- true
[ "$(head -1 out.txt | cut -c1-13)" = "$(head -1 perf.out | cut -c1-13)" ] || err "-o first line: $(head -1 out.txt)"
diff <(shape perf.out) <(shape out.txt) || err "-o layout differs"
finish
