#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A trace of random entries (what a corrupt file looks like) names tens of
# thousands of requesters: report keeps the first 4096 rows of each table,
# says in one line how many it folded into "other" and what they counted,
# so that the rows plus that line add up to the class totals; the text, CSV
# and HTML views and diagnose (text and JSON) all say it, and the report is
# the same on one thread as on several (segments that fill up are fed
# again in order).
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"

${PCIESCOPE_RUNNER:-} "$BUILD_DIR/bench/bench_hostile_gen" hostile.data 4 7

"$PCIESCOPE" report -i hostile.data --stats --latency > text.txt
grep -Eq '^\([0-9]+ more requesters past the first 4096 counted together as other: [0-9]+ TLPs' text.txt ||
	fail "--stats: no folded requesters line"
grep -Eq '^\([0-9]+ more completers past the first 4096' text.txt || fail "--stats: no folded completers line"
grep -Eq '^\([0-9]+ requests \([0-9]+ matched\) of [0-9]+ more requesters' text.txt ||
	fail "--latency: no folded latency line"

"$PCIESCOPE" report -i hostile.data --stats --csv > stats.csv 2> notes.txt
rows=$(awk -F, '/^requester,/ { on = 1; next } on && NF == 6 { n++ } on && NF != 6 { on = 0 } END { print n + 0 }' stats.csv)
[ "$rows" = 4096 ] || fail "CSV: $rows requester rows, want 4096"
kept=$(awk -F, '/^requester,/ { on = 1; next } on && NF == 6 { s += $2 + $4 + $5 } on && NF != 6 { on = 0 } END { print s + 0 }' stats.csv)
other=$(sed -n 's/^pciescope: report: [0-9]* more requesters past the first 4096 counted together as other: \([0-9]*\) TLPs.*/\1/p' notes.txt)
[ "${other:-0}" -gt 0 ] || fail "CSV: no folded requesters line on stderr"
classes=$(awk -F, '$1 == "P" || $1 == "NP" || $1 == "CPL" { s += $2 } END { print s + 0 }' stats.csv)
[ $((kept + other)) = "$classes" ] ||
	fail "requester rows ($kept) + other ($other) != class totals ($classes)"

"$PCIESCOPE" report -i hostile.data --stats --latency --threads 1 > one.txt
"$PCIESCOPE" report -i hostile.data --stats --latency --threads 3 > three.txt
cmp -s one.txt three.txt || fail "--threads 3 differs from --threads 1 on a trace that fills the tables"

"$PCIESCOPE" report -i hostile.data --html page.html
grep -q 'more requesters past the first 4096 counted together as other' page.html ||
	fail "--html: no folded line"

"$PCIESCOPE" diagnose -i hostile.data > diag.txt || true
grep -Eq '^info +trace-folded .* [0-9]+ requesters, [0-9]+ completers' diag.txt ||
	fail "diagnose: no trace-folded finding"
"$PCIESCOPE" diagnose -i hostile.data --json > diag.json || true
grep -q '"id":"trace-folded"' diag.json || fail "diagnose --json: no trace-folded finding"
