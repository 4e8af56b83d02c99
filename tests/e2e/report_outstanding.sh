#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Outstanding requests count only requests whose completions the recording
# holds.  storage-read traced 4DW direction=2: the NVMe's reads (inbound)
# complete outbound, in the trace; the CPU's reads of 00:10.1 (outbound)
# complete inbound as completions A, which direction=2 leaves out.  The
# HTML chart stays at the NVMe's few reads in flight (it climbed to some 630
# when every CPU read stayed open for ever) and says what it left out and
# why; the Chrome trace's "outstanding" counter is the NVMe's only.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE

"$P" record -o sr.data --force --workload storage-read \
	-e 'hisi_ptt0_2/filter=0x80001,type=7,direction=2,format=0/' -- sleep 0.003 2>/dev/null ||
	err "record"
"$P" report -i sr.data --html sr.html --chrome-trace sr.json 2>report.err || err "report: $(cat report.err)"
cpu=$("$P" report -i sr.data --stats | awk '$1 == "00:10.1" { print $4 }')
[ "${cpu:-0}" -gt 0 ] || err "the trace has no reads of 00:10.1 to leave out"
grep -q "The chart counts only requests whose completions the trace holds: it leaves out $cpu requests of 00:10.1, none of whose completions is in it (direction=2 traces no inbound completions A, those of the CPU&#39;s reads; direction=3 does)." sr.html ||
	err "the chart does not say what it left out: $(grep -o 'The chart counts[^<]*' sr.html)"
# the y axis' top label of the outstanding chart: the most in flight, rounded up
top=$(sed -n '/Outstanding non-posted requests/,/>requests</p' sr.html |
	sed -n 's/.*text-anchor="end">\([0-9.]*\)<.*/\1/p' | sort -g | tail -1)
awk -v t="${top:-0}" 'BEGIN { exit !(t > 0 && t <= 32) }' || err "outstanding chart tops at ${top:-nothing}"
# one event a line: grep, as jq takes most of a minute over the file
sed -n 's/^{"ph":"C","cat":"counter","name":"outstanding","pid":\([0-9]*\),.*/\1/p' sr.json | sort -u >pids
sed -n 's/^{"ph":"M","name":"process_name","pid":\([0-9]*\),.*"name":"requester 02:00.0"}}.*/\1/p' sr.json >nvme
[ -s nvme ] && cmp -s pids nvme || err "Chrome: outstanding counters of pids $(tr '\n' ' ' <pids), the NVMe is $(cat nvme)"
finish
