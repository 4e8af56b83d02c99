#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The seed's command, with pciescope for perf, writes a perf.data that the
# installed perf opens: `perf report -D` decodes it as HISI PTT data, every
# Header DW0 it prints is a posted TLP (MWr or Msg; the example traces
# outbound posted TLPs, direction 1 of the 8DW table), and it shows as many
# entries as pciescope said it captured.  A recording whose AUX area filled
# holds four whole 4 MiB buffers and no flag, as Linux's driver leaves it:
# perf sees no loss, pciescope report tells it from the times.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE

"$P" record -e hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/ -- sleep 0.01 2>rec.err
n=$(sed -n 's/.*(\([0-9]*\) TLP headers, 8DW).*/\1/p' rec.err)
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "summary: $(cat rec.err)"
[ -s perf.data ] || fail "no perf.data"

perf report -D -i perf.data >dump.txt 2>dump.err || fail "perf report: $(cat dump.err)"
grep -q "PERF_RECORD_AUXTRACE_INFO type: 6" dump.txt || fail "no HISI PTT auxtrace info"
grep -q "HISI PTT data: size" dump.txt || fail "no PTT data decoded"
grep -q "PERF_RECORD_ITRACE_START" dump.txt || fail "no ITRACE_START"
grep -q "PERF_RECORD_AUX offset: 0 size:" dump.txt || fail "no AUX record"

# Header DW0 bytes in memory order: the 4th byte holds Fmt[2:0] and Type[4:0].
awk 'function hex(s,  d) { d = "0123456789abcdef"; return index(d, substr(s, 1, 1)) * 16 + index(d, substr(s, 2, 1)) - 17 }
/Header DW0/ {
	b = hex($6); fmt = int(b / 32); type = b % 32
	posted = (type == 0 && fmt >= 2) || (type >= 16 && type < 24)
	if (!posted) bad++
	total++
} END {
	if (bad) { print "non-posted entries: " bad > "/dev/stderr"; exit 1 }
	print total
}' dump.txt >count.txt || fail "a decoded entry is not a posted TLP"
[ "$(cat count.txt)" = "$n" ] || fail "perf decoded $(cat count.txt) entries, pciescope wrote $n"

"$P" record -o slow.data --drain-every 1000 --workload mixed -e hisi_ptt0_2/filter=0x80011,type=7,direction=0/ \
	-- sleep 0.02 2>/dev/null
perf report -D -i slow.data >slow.perf 2>&1
[ "$(grep -c 'PERF_RECORD_AUX offset: .* size: 0x400000 flags: 0 \[\]' slow.perf)" = 4 ] ||
	fail "perf does not see four whole buffers: $(grep PERF_RECORD_AUX slow.perf | head -5)"
! grep -q "AUX data lost" slow.perf || fail "perf sees a flag the kernel never sets"
"$P" report -i slow.data --stats 2>&1 >/dev/null | grep -q 'the AUX area was full .* and the trace stopped' ||
	fail "pciescope report does not tell the stop"
echo ok
