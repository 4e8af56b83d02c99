#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every PTT trace parameter rule, of the seed and of the kernel: without
# --force, pciescope record refuses naming the rule; with --force the event
# goes to the driver as is, which accepts what the kernel accepts and
# refuses the rest with EINVAL.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
OUT=$TEST_TMP/rules.data

rec() { "$P" record -o "$OUT" "$@" -- sleep 0.0001; }

# refused_by_rule EVENT RULE-TEXT FORCED-OUTCOME (accepted|EINVAL)
refused_by_rule() {
	local ev=$1 rule=$2 forced=$3
	if rec -e "hisi_ptt0_2/$ev/" 2>"$TEST_TMP/err" >/dev/null; then
		fail "$ev accepted without --force"
	fi
	grep -q "$rule" "$TEST_TMP/err" || fail "$ev: expected '$rule', got: $(cat "$TEST_TMP/err")"
	grep -q -- "--force passes the event" "$TEST_TMP/err" || fail "$ev: no --force hint"
	if rec --force -e "hisi_ptt0_2/$ev/" 2>"$TEST_TMP/err" >/dev/null; then
		[ "$forced" = accepted ] || fail "$ev: driver accepted it with --force"
	else
		[ "$forced" = EINVAL ] || fail "$ev: driver refused it: $(cat "$TEST_TMP/err")"
		grep -q "driver refused the event: Invalid argument" "$TEST_TMP/err" ||
			fail "$ev: forced message: $(cat "$TEST_TMP/err")"
	fi
}

# The seed's rules (the kernel does not check them).
refused_by_rule "type=1" "the filter parameter is required" EINVAL
refused_by_rule "filter=0x80001" "the type parameter is required" EINVAL
refused_by_rule "filter=0x80001,type=3,direction=1" "several types only when tracing inbound" accepted
refused_by_rule "filter=0x80001,type=5,direction=2,format=0" "several types only when tracing inbound" accepted
refused_by_rule "filter=0x00100,filter=0x00101,type=1" "one Endpoint function per trace" accepted
refused_by_rule "filter=0x80001,filter=0x00101,type=1" "not both a Root Port and a function" EINVAL
refused_by_rule "filter=0x80001,type=1,direction=0,format=1" "direction 0 is reserved for the 8DW format" accepted
refused_by_rule "filter=0x90001,type=1" "filter bits \[18:16\] are reserved" accepted
refused_by_rule "filter=0x80000,type=1" "a Root Port filter names at least one Root Port" accepted
# The kernel's rules.
refused_by_rule "filter=0x80004,type=1" "filter must be in the current list: 0x80004 names a Root Port" EINVAL
refused_by_rule "filter=0x00105,type=1" "filter must be in the current list: 0x00105 (01:00.5)" EINVAL
refused_by_rule "filter=0x00080,type=1" "filter must be in the current list" EINVAL
refused_by_rule "filter=0x80001,type=1,direction=4" "direction must be 0..3" EINVAL
refused_by_rule "filter=0x80001,type=0" "type must be a non-zero OR of 1" EINVAL
refused_by_rule "filter=0x80001,type=8" "type must be a non-zero OR of 1" EINVAL
refused_by_rule "filter=0x80001,type=1,format=2" "format must be 0 (4DW) or 1 (8DW)" EINVAL

# Accepted as they are: several types inbound, one port or several, one function.
rec -e hisi_ptt0_2/filter=0x80011,type=7,direction=0/ 2>/dev/null || fail "inbound 4DW"
rec -e hisi_ptt0_2/filter=0x80001,type=7,direction=3,format=1/ 2>/dev/null || fail "8DW 3"
rec -e hisi_ptt0_2/filter=0x00101,type=4,direction=1/ 2>/dev/null || fail "requester"

# Terms and PMUs that do not exist, values that do not fit the format.
if rec -e hisi_ptt0_2/filter=0x80001,type=1,direction=16/ 2>"$TEST_TMP/err"; then
	fail "direction=16 fits config:20-23?"
fi
grep -q "value too big for format 'direction' of pmu 'hisi_ptt0_2', maximum is 15" "$TEST_TMP/err" ||
	fail "width message"
if rec -e hisi_ptt0_2/filter=0x80001,tpye=1/ 2>"$TEST_TMP/err"; then fail "typo accepted"; fi
grep -q "unknown term 'tpye' for pmu 'hisi_ptt0_2'" "$TEST_TMP/err" || fail "term message"
if rec -e hisi_ptt7_7/filter=0x80001,type=1/ 2>"$TEST_TMP/err"; then fail "no pmu"; fi
grep -q "Cannot find PMU \`hisi_ptt7_7'" "$TEST_TMP/err" || fail "pmu message"

# AUX sizes: the driver needs 16 MiB; -m takes pages or a size, or perf's DATA,AUX.
if rec -m 8M -e hisi_ptt0_2/filter=0x80001,type=1/ 2>"$TEST_TMP/err"; then fail "8M AUX"; fi
grep -q "refused an AUX area of 8192 KiB" "$TEST_TMP/err" || fail "AUX message"
rec -m 4096 -e hisi_ptt0_2/filter=0x80001,type=1/ 2>/dev/null || fail "-m 4096 pages"
rec -m ,32M -e hisi_ptt0_2/filter=0x80001,type=1/ 2>/dev/null || fail "-m ,32M"
if rec -m 3M -e hisi_ptt0_2/filter=0x80001,type=1/ 2>"$TEST_TMP/err"; then fail "3M"; fi
grep -q "power-of-two" "$TEST_TMP/err" || fail "-m message"
# perf record's -a (system-wide) is what a PTT trace is anyway: taken, not refused.
rec -a -e hisi_ptt0_2/filter=0x80001,type=1/ 2>/dev/null || fail "-a refused"
echo ok
