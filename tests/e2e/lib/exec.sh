# SPDX-License-Identifier: GPL-2.0-only
# Shared by the tests that run the real perf through `pciescope exec`: a
# light workload (so a few tenths of a second of simulated time take less
# than that to simulate), and exec_compare, which runs a `perf stat -x';'`
# line through exec and the same events through `pciescope stat` for the
# simulated time perf reports, and wants the same counts.  Needs lib/check.sh.
rm -rf "$PCIESCOPE_STATE_DIR"
W=mixed:rate=2000,mmio=2000,mmio_rd=2000
EXEC_GUEST=() # exec's options for a guest's perf (tests/cross/exec_arm64_perf.sh)

# ns -> seconds with nine decimals, as `sleep` takes them.
ns_to_s() { printf '%d.%09d' $(($1 / 1000000000)) $(($1 % 1000000000)); }

# exec_compare [--platform P] [--seed N] EVENTS COMMAND...: perf stat through exec, then
# pciescope stat for perf's time running; the counts (field 1 of each
# `value;unit;event;run;pct` line) must be equal, event by event.
exec_compare() {
	local plat=() ev run line
	while [ "$1" = --platform ] || [ "$1" = --seed ]; do
		plat+=("$1" "$2")
		shift 2
	done
	ev=$1
	shift
	"$PCIESCOPE" exec "${plat[@]}" "${EXEC_GUEST[@]}" --workload "$W" -- perf stat -x';' -e "$ev" "$@" \
		>/dev/null 2>"$TEST_TMP/perf.out" || { err "perf stat -e $ev: $(cat "$TEST_TMP/perf.out")"; return; }
	grep -v '^pciescope: ' "$TEST_TMP/perf.out" | grep ';' >"$TEST_TMP/perf.csv"
	[ -s "$TEST_TMP/perf.csv" ] || { err "no count from perf for $ev: $(cat "$TEST_TMP/perf.out")"; return; }
	run=$(head -1 "$TEST_TMP/perf.csv" | cut -d';' -f4)
	[ "${run:-0}" -gt 0 ] 2>/dev/null || { err "$ev: perf counted no time: $(cat "$TEST_TMP/perf.csv")"; return; }
	"$PCIESCOPE" stat "${plat[@]}" --workload "$W" -x';' -e "$ev" sleep "$(ns_to_s "$run")" \
		>/dev/null 2>"$TEST_TMP/stat.out" || { err "pciescope stat -e $ev: $(cat "$TEST_TMP/stat.out")"; return; }
	cut -d';' -f1,3 "$TEST_TMP/perf.csv" >"$TEST_TMP/perf.counts"
	grep ';' "$TEST_TMP/stat.out" | cut -d';' -f1,3 >"$TEST_TMP/stat.counts"
	cmp -s "$TEST_TMP/perf.counts" "$TEST_TMP/stat.counts" ||
		err "$ev over $run ns: perf $(tr '\n' ' ' <"$TEST_TMP/perf.counts")!= stat $(tr '\n' ' ' <"$TEST_TMP/stat.counts")"
	LAST_COUNTS=$(cut -d';' -f1 "$TEST_TMP/perf.counts" | tr '\n' ' ')
}
