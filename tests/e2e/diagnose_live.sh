#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Live `pciescope diagnose -- COMMAND` on the emulated platform: the light
# default workload gives no warning or error; storage reads filling both
# Root Port links of core 0 give link-saturated on each; P2P writes and the
# completions of P2P reads through 00:12.0 saturate its link both ways,
# counted even when the command is shorter than the PMU's turns; Root Ports
# sharing a PMU port bit each get their own figures, split by requester, so
# the x4 drive's saturated link is not hidden by its x16 neighbour; a link
# trained at 8 GT/s below two 16 GT/s ends gives link-downgraded, and a
# device's slow reads behind a link trained at x1 are shown under that link.
# The recording says it departs from the PTT document's rule.  Without -o
# its trace goes to a private temporary file (under TMPDIR) that is gone
# once diagnosed, nothing is left in the current directory, and a directory
# no one may write is fine; with -o it is kept there and said so.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
"$P" platform reset >/dev/null

mkdir -p tmp cwd
(cd cwd && TMPDIR="$TEST_TMP/tmp" "$P" diagnose --json -- sleep 0.001) >light.json 2>light.err ||
	err "light: $(cat light.err)"
count() { jq -s "map(select($1)) | length" "$2"; }
[ "$(count '.severity != "info"' light.json)" -eq 0 ] || err "light workload: $(cat light.json)"
grep -q "depart from the PTT document's rule" light.err || err "no departure notice: $(cat light.err)"
grep -q 'direction=2,type=7,format=0/' light.err || err "not a 4DW direction=2 trace"
[ -z "$(ls -A cwd)$(ls -A tmp)" ] || err "files left behind: $(ls -A cwd) $(ls -A tmp)"
grep -q 'kept' light.err && err "a temporary trace said kept: $(cat light.err)"
# a directory no one may write: read-only for root (a bind mount), 0555 for a user
mkdir -p ro
run_ro='cd ro && "$P" diagnose -- sleep 0.0005 >/dev/null'
if [ "$(id -u)" = 0 ]; then
	P=$P unshare -m sh -c "mount --bind -o ro ro ro && $run_ro" 2>ro.err
else
	chmod 555 ro && P=$P sh -c "$run_ro" 2>ro.err
fi
[ $? = 0 ] || err "diagnose in a read-only directory: $(cat ro.err)"
[ -z "$(ls -A ro)" ] || err "wrote into a read-only directory: $(ls -A ro)"

"$P" diagnose --json -e hisi_ptt0_0 -o sat.data --workload storage-read -- sleep 0.012 \
	>sat.json 2>sat.err || err "storage: $(cat sat.err)"
grep -qx 'pciescope: diagnose: the trace is kept in sat.data (diagnose -i sat.data reads it again)' sat.err ||
	err "where the trace is kept: $(cat sat.err)"
for rp in 0000:00:00.0 0000:00:04.0; do
	[ "$(count '.id == "link-saturated" and .subject == "'$rp'" and .evidence.share >= 0.9' \
		sat.json)" -eq 1 ] || err "no link-saturated on $rp: $(cat sat.json)"
done
"$P" diagnose --json -e hisi_ptt0_2 -o p2p.data --workload p2p -- sleep 0.012 >p2p.json 2>p2p.err ||
	err "p2p: $(cat p2p.err)"
# both directions and every class: the peer's writes into 00:12.0's device and the
# completions of its reads leave and enter the link saturated
[ "$(count '.id == "link-saturated" and .subject == "0000:00:12.0" and
	.evidence.inbound_mbps > 0.9 * .evidence.capacity_mbps and
	.evidence.outbound_mbps > 0.9 * .evidence.capacity_mbps and .evidence.share <= 1' p2p.json)" -eq 1 ] ||
	err "p2p: 00:12.0's traffic not counted both ways: $(cat p2p.json)"
grep -qE '; 0000:00:10\.0 16\.0 GT/s x16 in [0-9]+ out [0-9]+ MB/s of 28425 for TLPs \(split by requester from the PMU port bit it shares with 0000:00:10\.1\); 0000:00:10\.1 16\.0 GT/s x4 in [0-9]+ out [0-9]+ MB/s of 7268 for TLPs \(split by requester from the PMU port bit it shares with 0000:00:10\.0\);' p2p.err ||
	err "p2p: the shared port bit's line: $(cat p2p.err)"
# a command shorter than the PMU's turns of its counter groups: counted on until each ran
"$P" diagnose --json -e hisi_ptt0_2 -o short.data --workload p2p -- sleep 0.0005 >short.json 2>short.err ||
	err "p2p, 0.5 ms: $(cat short.err)"
grep -qE 'counted over [0-9.]+ ms, [0-9.]+ ms past the command until the PMU had run each of its counter groups: average read latency ([0-9]+ ns|-) inbound, [1-9][0-9]+ ns outbound; .*0000:00:12\.0 16\.0 GT/s x8 in [1-9][0-9]{4} out [1-9][0-9]{4} MB/s' short.err ||
	err "p2p, 0.5 ms: a direction or the latency not counted: $(tail -1 short.err)"
# storage reads through the x4 drive below 00:10.1 saturate its Tx, however idle its x16
# neighbour on the same port bit
"$P" diagnose --json -e hisi_ptt0_2 -o sr.data --workload storage-read -- sleep 0.012 >sr.json 2>sr.err ||
	err "storage-read on core 2: $(cat sr.err)"
[ "$(count '.id == "link-saturated" and .subject == "0000:00:10.1" and .evidence.outbound_share >= 0.9' sr.json)" -eq 1 ] ||
	err "storage-read: 00:10.1's saturated Tx hidden: $(cat sr.json)"
[ "$(count '.id == "link-load" and .subject == "0000:00:10.0" and .evidence.outbound_share < 0.1' sr.json)" -eq 1 ] ||
	err "storage-read: 00:10.0's load: $(cat sr.json)"
# the same trace read back gives the same trace findings, but for those that need the
# links' loads: live, reads held by a saturated link are not at a ceiling of their own
# and the tune hint has its link; from the file both are unknown
"$P" diagnose --json -i sat.data >again.json || err "diagnose -i of the live trace"
links='select(.id != "link-saturated" and .id != "tune-hint" and .id != "outstanding-limit")'
[ "$(jq -c "$links" sat.json)" = "$(jq -c "$links" again.json)" ] ||
	err "trace findings differ when read back"
[ "$(count '.id == "outstanding-limit"' sat.json)" -eq 0 ] ||
	err "reads behind a saturated link taken for a ceiling: $(cat sat.json)"
[ "$(count '.id == "outstanding-limit"' again.json)" -eq 2 ] ||
	err "the file's readers at 8 outstanding: $(cat again.json)"

jq '(.devices[] | select(.bdf == "0000:28:00.0")) += {"max_speed": 4}' \
	"$SRC_DIR/platforms/kunpeng930.json" >down.json
"$P" diagnose --json --platform "$TEST_TMP/down.json" -e hisi_ptt0_1 -o down.data -- sleep 0.0005 \
	>down.json.out 2>down.err || err "downgraded: $(cat down.err)"
[ "$(count '.id == "link-downgraded" and .subject == "0000:00:0c.0" and
	.evidence.speed_gts == 8 and .evidence.supported_speed_gts == 16' down.json.out)" -eq 1 ] ||
	err "no link-downgraded on 00:0c.0: $(cat down.json.out)"
# light traffic in 4DW: its times lose the gaps, said once, and no rule judges time on them
[ "$(count '.id != "trace-times-short" and .id != "link-load"' down.json.out)" -eq 1 ] ||
	err "more than link-downgraded: $(cat down.json.out)"
[ "$(count '.id == "trace-times-short" and .severity == "info" and .subject == "hisi_ptt0_1" and
	.evidence.recording_ns == 500000' down.json.out)" -eq 1 ] ||
	err "light 4DW trace not told short: $(cat down.json.out)"

# a finding another explains sits under its cause: 02:00.0's slow reads behind its link
# trained at x1; trained at x4 as both ends can (the cause's advice done), they are gone
jq '(.devices[] | select(.bdf == "0000:00:10.1" or .bdf == "0000:02:00.0")) +=
	{"width": 1, "max_width": 4}' "$SRC_DIR/platforms/kunpeng930.json" >x1.json
"$P" diagnose --json --platform "$TEST_TMP/x1.json" -e hisi_ptt0_2 -o x1.data --workload mixed \
	-- sleep 0.0005 >x1.out 2>x1.err || err "x1: $(cat x1.err)"
[ "$(count '.id == "latency-outlier" and .subject == "02:00.0" and
	.cause == "link-downgraded 0000:00:10.1"' x1.out)" -eq 1 ] ||
	err "02:00.0's latency not under its link: $(cat x1.out)"
[ "$(jq -s -c 'map(.id + " " + .subject) | index("link-downgraded 0000:00:10.1") + 1 ==
	index("latency-outlier 02:00.0")' x1.out)" = true ] || err "the consequence is not after its cause"
"$P" diagnose --json -e hisi_ptt0_2 -o x4.data --workload mixed -- sleep 0.0005 >x4.out \
	2>/dev/null || err "x4"
[ "$(count '.subject == "02:00.0"' x4.out)" -eq 0 ] || err "02:00.0 slow at x4: $(cat x4.out)"

"$P" diagnose -e hisi_ptt9_9 -- sleep 0.001 2>bad.err && err "unknown PTT accepted"
grep -q '^pciescope: diagnose: ' bad.err || err "unknown PTT message: $(cat bad.err)"
"$P" diagnose -i x.data -- sleep 1 2>both.err && err "-i with a command accepted"
grep -q 'exclude each other' both.err || err "-i with command message: $(cat both.err)"
finish
