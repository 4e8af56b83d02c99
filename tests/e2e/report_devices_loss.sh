#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A recording of two PTT devices is analysed per device, each on its own
# clock: one section each in --stats and --html, tracks of each in the
# Chrome trace, both spans about the 10 ms recorded (not 4.3 s across
# both), and the entry views' times never jump to seconds.  A recording that lost data (--drain-every lets the AUX area
# fill: the driver stops after four whole buffers, as Linux does) says so in
# every view of report, with when, though no record flags it (the times
# and the whole buffers tell), and diagnose -i gives it as a finding
# (of several devices, each judged on its own);
# a recording that kept up says nothing of loss.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
export PCIESCOPE_STATE_DIR=$TEST_TMP/state
P=$PCIESCOPE
E0='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'
E1='hisi_ptt1_0/filter=0x80001,type=1,direction=1,format=1/'

# two devices, 10 ms: two sections, each its own span, the sum of the devices alone
"$P" record -o two.data -e "$E0" -e "$E1" -- sleep 0.01 2>/dev/null || fail "record two devices"
"$P" report -i two.data --stats >two.txt
[ "$(grep -c '^Device hisi_ptt' two.txt)" = 2 ] || fail "not one section per device: $(head -5 two.txt)"
grep -q '^Device hisi_ptt0_2$' two.txt && grep -q '^Device hisi_ptt1_0$' two.txt ||
	fail "sections not named by device: $(grep '^Device' two.txt)"
awk '$1 == "time" && $2 == "span" { n++; if ($4 < 9e6 || $4 > 1.01e7) bad = $4 }
	END { exit !(n == 2 && !bad) }' two.txt || fail "per-device spans: $(grep 'time span' two.txt)"
awk '$1 == "entries" { s += $2 } END { print s }' two.txt >sum.txt
[ "$(cat sum.txt)" = "$("$P" report --no-header -i two.data | wc -l)" ] ||
	fail "sections hold $(cat sum.txt) entries, the file $("$P" report --no-header -i two.data | wc -l)"
"$P" report --no-header -i two.data | awk '$3 > 2e7 { exit 1 }' ||
	fail "the line view's times run past the recording (one clock across devices)"
"$P" report -i two.data --html two.html --chrome-trace two.json
[ "$(grep -c '<h2>Device hisi_ptt0_2</h2>\|<h2>Device hisi_ptt1_0</h2>' two.html)" = 2 ] &&
	[ "$(grep -c '<h2>Summary</h2>' two.html)" = 2 ] || fail "HTML: not one section per device"
python3 "$SRC_DIR/tests/e2e/lib/chrome_trace_check.py" two.json >/dev/null || fail "Chrome trace of two devices"
jq -r '.traceEvents[] | select(.ph == "M" and .name == "process_name") | .args.name' two.json |
	sed -n 's/: PCIe link$//p' | sort | tr '\n' ' ' >links.txt
[ "$(cat links.txt)" = "hisi_ptt0_2 hisi_ptt1_0 " ] || fail "Chrome: link tracks $(cat links.txt)"
# diagnose -i judges each device on its own clock: two 4DW traces, each told short on its own span
"$P" record -o two4.data --force -e hisi_ptt0_2/filter=0x80001,type=6,direction=2,format=0/ \
	-e hisi_ptt1_0/filter=0x80001,type=6,direction=2,format=0/ -- sleep 0.01 2>/dev/null ||
	fail "record two 4DW devices"
"$P" diagnose -i two4.data --json >two4.json
[ "$(jq -r 'select(.id == "trace-times-short") | "\(.subject) \(.evidence.recording_ns)"' two4.json |
	sort | tr '\n' ' ')" = "hisi_ptt0_2 10000000 hisi_ptt1_0 10000000 " ] ||
	fail "diagnose of two devices: $(cat two4.json)"
jq -s -e 'map(select(.id == "trace-times-short") | .evidence.span_ns) |
	length == 2 and .[0] != .[1] and all(.[]; . > 0 and . < 1e7)' two4.json >/dev/null ||
	fail "diagnose: the two devices share a span: $(cat two4.json)"

# loss: told by every view, with when tracing stopped
slow=0.02
[ "${PCIESCOPE_TEST_SCALE:-}" != small ] || slow=0.006
EV=hisi_ptt0_2/filter=0x80011,type=7,direction=0/
"$P" record -o slow.data --drain-every 1000 --workload mixed -e $EV -- sleep $slow 2>rec.err
grep -q 'Warning: the trace stopped' rec.err || fail "record did not lose data: $(cat rec.err)"
said='^pciescope: report: slow.data: hisi_ptt0_2: Data was lost: the AUX area was full [0-9.]* ms after tracing began and the trace stopped (no record says so: its last data was whole buffers and the recording went on [0-9.]* ms), and what came after was not traced.$'
for v in "" --json -D --stats --latency "--timeline 1ms" "--pcap slow.pcap"; do
	# shellcheck disable=SC2086
	"$P" report -i slow.data $v >view.out 2>view.err || fail "report $v: $(cat view.err)"
	grep -q "$said" view.err || fail "report $v says nothing of the loss: $(cat view.err)"
done
"$P" report -i slow.data --stats >stats.txt 2>/dev/null
grep -q '^traces stopped, AUX area full  *1$' stats.txt || fail "--stats: no stop count"
stop=$(awk '$1 == "tracing" && $2 == "stopped" { print $5 }' stats.txt)
[ -n "$stop" ] && [ "$stop" -gt 0 ] || fail "--stats: no stop time: $(cat stats.txt)"
"$P" diagnose -i slow.data --json >diag.json
jq -e -s --argjson stop "$stop" 'any(.[]; .id == "trace-lost-data" and
	.severity == "warning" and .subject == "hisi_ptt0_2" and
	.evidence.stopped_traces == 1 and .evidence.stopped_at_ns == $stop)' diag.json >/dev/null ||
	fail "diagnose -i: no trace-lost-data at $stop ns: $(cat diag.json)"

# a reader that keeps up loses nothing, and nothing is said
"$P" record -o fast.data -e $EV -- sleep 0.002 2>/dev/null
"$P" report -i fast.data --stats >fast.txt 2>fast.err
! grep -q 'Data was lost\|stopped' fast.txt fast.err || fail "loss told of a full recording: $(cat fast.err)"
"$P" diagnose -i fast.data --json | { ! grep -q trace-lost-data; } || fail "diagnose: loss of nothing"
echo ok
