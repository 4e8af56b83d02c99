#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Side-band records the ring had no room for (PERF_RECORD_LOST, as a kernel
# writes it when perf falls behind): Linux perf reads the file and counts the
# loss, and every view of report and diagnose -i say how many were lost and
# when the first was, from the start of tracing.  The file is
# gen_ptt_perfdata's (-l): two chunks of 8DW entries with the loss between.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o lost.data -f 8dw -l 5 65536 65536
perf report -D -i lost.data >perf.txt 2>/dev/null || fail "perf report -D cannot read the file"
grep -aq 'PERF_RECORD_LOST: id:7: lost:5' perf.txt ||
	fail "perf report -D shows no PERF_RECORD_LOST of 5"

said='^pciescope: report: lost.data: hisi_ptt0_2: Data was lost: 5 side-band records did not fit the ring (1 PERF_RECORD_LOST), the first [0-9.]* ms after tracing began.$'
for v in "" --json -D --stats --latency "--timeline 10ms" "--pcap lost.pcap" "--html lost.html" \
	"--chrome-trace lost.json"; do
	# shellcheck disable=SC2086
	"$P" report -i lost.data $v >view.out 2>view.err || fail "report $v: $(cat view.err)"
	grep -q "$said" view.err || fail "report $v says nothing of the loss: $(cat view.err)"
done
"$P" report -i lost.data --stats >stats.txt 2>/dev/null
grep -q '^lost side-band records  *5$' stats.txt || fail "--stats: no lost count: $(cat stats.txt)"
grep -q '^first loss at (ns)  *[0-9][0-9]*$' stats.txt || fail "--stats: no time of the loss"
grep -q 'Data was lost: 5 side-band records' lost.html || fail "--html: the page says nothing of the loss"
"$P" diagnose -i lost.data --json >diag.json
jq -e -s 'any(.[]; .id == "trace-lost-data" and .subject == "hisi_ptt0_2" and
	.evidence.lost_records == 5 and (.evidence.first_lost_at_ns | type) == "number")' diag.json >/dev/null ||
	fail "diagnose -i: no trace-lost-data of 5 records with its time: $(cat diag.json)"

# the same file without the loss: nothing is said
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o whole.data -f 8dw 65536 65536
"$P" report -i whole.data --stats >/dev/null 2>whole.err
! grep -q 'Data was lost' whole.err || fail "loss told of a whole file: $(cat whole.err)"
echo ok
