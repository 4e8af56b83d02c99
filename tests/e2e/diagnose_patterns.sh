#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope diagnose -i`: every pattern of the catalogue planted in a
# generated trace gives exactly its finding, on the right subject, and no
# other; a clean trace gives none.  --json has exactly the documented keys,
# --html holds each finding with a chart.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen="$BUILD_DIR/tests/gen_diag_trace"

# pattern -> expected subject
declare -A subject=(
	[completion-errors]=00:10.0 [error-messages]=03:00.0 [small-read-requests]=01:00.0
	[latency-outlier]=03:00.0 [outstanding-limit]=02:00.0 [unmatched-requests]=01:00.0
	[direction-hides-completions]=hisi_ptt0_2 [config-polling]=03:00.0
)
declare -A severity=(
	[completion-errors]=error [error-messages]=error [direction-hides-completions]=info
)

# healthy traces: none; reads in bursts are at their maximum but wait for nothing; the
# tune hint needs a link's outbound load, which a file does not have (diagnose_advice.sh
# has it live)
for p in clean bursts tune-hint; do
	${PCIESCOPE_RUNNER:-} "$gen" -o "$p.data" "$p" || err "generating the $p trace"
	"$PCIESCOPE" diagnose -i "$p.data" --json >"$p.json" || err "diagnose $p"
	[ ! -s "$p.json" ] || err "$p trace has findings: $(cat "$p.json")"
done
"$PCIESCOPE" diagnose -i clean.data | grep -q '^0 findings' || err "clean text summary"

for p in "${!subject[@]}"; do
	${PCIESCOPE_RUNNER:-} "$gen" -o "$p.data" "$p" || { err "generating $p"; continue; }
	"$PCIESCOPE" diagnose -i "$p.data" --json >"$p.json" || { err "diagnose $p"; continue; }
	[ "$(wc -l <"$p.json")" -eq 1 ] || err "$p: expected one finding, got: $(cat "$p.json")"
	jq -e --arg id "$p" --arg s "${subject[$p]}" --arg sev "${severity[$p]:-warning}" '
		.id == $id and .subject == $s and .severity == $sev and
		(keys == ["advice","evidence","id","severity","subject","summary"]) and
		(.evidence | type == "object" and length > 0 and all(.[]; type == "number")) and
		(.summary | length > 0) and (.advice | length > 0)' "$p.json" >/dev/null ||
		err "$p: finding is not {id $p, subject ${subject[$p]}}: $(cat "$p.json")"
done

# numbers a person reads: at most six significant digits, whole ones whole, no exponent
# (the text's evidence as well as --json's)
for p in "${!subject[@]}"; do
	"$PCIESCOPE" diagnose -i "$p.data" >"$p.txt"
	grep -hoE '[0-9.]+[eE][-+]?[0-9]+|[0-9]*\.[0-9]{7,}|[0-9]+\.0[,}]' "$p.json" \
		<(grep 'evidence:' "$p.txt") && err "$p: a number with more digits than measured: $(cat "$p.json" "$p.txt")"
done

# from a file the links are unknown: the ceiling's advice names the PTT and which lever fits
jq -e '.advice | test("^unless 02:00.0.s link is saturated outbound") and
	test("pciescope tune hisi_ptt0_2 rx_alloc_buf_level=2")' outstanding-limit.json >/dev/null ||
	err "outstanding-limit advice from a file: $(cat outstanding-limit.json)"

# the HTML page: one section per finding, the evidence chart inline, no script
"$PCIESCOPE" diagnose -i latency-outlier.data --html page.html >/dev/null || err "--html"
grep -q 'latency-outlier: 03:00.0' page.html || err "html lacks the finding"
grep -q '<svg' page.html || err "html lacks a chart"
! grep -qi '<script' page.html || err "html has a script"

# errors: a missing file, a file that is not a PTT trace
"$PCIESCOPE" diagnose -i missing.data 2>e1 && err "missing file accepted"
grep -q '^pciescope: diagnose: missing.data: ' e1 || err "missing file message: $(cat e1)"
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o other.data -f 4dw -a none 160
"$PCIESCOPE" diagnose -i other.data 2>e2 && err "trace without AUXTRACE_INFO accepted"
grep -q 'no PTT data' e2 || err "non-PTT message: $(cat e2)"
finish
