#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope twin` and the model file: what a twin of storage-read shows
# (the NVMe drive held by the Root Complex's slots, its completion entries
# following its reads, the CPU's writes as fast as the port takes them);
# the model file written with -o plays exactly as the recording does;
# edited, it answers "what if": the drive at queue depth 1; every command
# that takes --workload takes the replay; diagnose on the twin names the
# finding W gets, and --try measures its advice; mistakes are one line.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
# shellcheck source=lib/twin.sh
. "$SRC_DIR/tests/e2e/lib/twin.sh"
"$P" platform reset >/dev/null
cpl='{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,hisi_pcie0_core2/tx_cpl_time,port=0x1/}'
flux() { "$P" stat -x, -e hisi_pcie0_core2/tx_cpl_flux,port=0x1/ "$@" -- sleep 0.0005 2>&1 >/dev/null |
	awk -F, '/^[0-9]/ { print $1 }'; }

twin_record rec.data 0.0005 storage-read
"$P" twin rec.data >t.txt 2>&1 || err "twin: $(cat t.txt)"
grep -q '^twin of rec.data on kunpeng930' t.txt || err "title: $(head -1 t.txt)"
grep -Eq '^02:00.0 +00:10.1 +max +slots +follows [01]\.[0-9]+ +follows +tags' t.txt ||
	err "02:00.0's row: $(grep '^02:00.0 ' t.txt | head -1)"
grep -Eq '^02:00.0 +read +host +4096 +4096' t.txt || err "02:00.0's 4 KiB reads: $(cat t.txt)"
grep -Eq '^02:00.0 +00:10.1 +max +4 B [0-9]+ %, 64 B [0-9]+ %' t.txt ||
	err "the CPU's writes to 02:00.0: $(grep '^02:00.0 ' t.txt | tail -1)"
grep -q 'direction=2 leaves out the local die' t.txt || err "no note on CPL A"

# the model file plays as the recording does
"$P" twin rec.data -o m.json >o.txt 2>&1 || err "twin -o: $(cat o.txt)"
[ -s o.txt ] && err "twin -o printed: $(cat o.txt)"
jq -e '.platform == "kunpeng930" and (.devices | length) == 3' m.json >/dev/null ||
	err "model file: $(jq -c '{platform, n: (.devices | length)}' m.json)"
a=$(flux --workload replay:trace=rec.data)
b=$(flux --workload replay:model=m.json)
[ -n "$a" ] && [ "$a" = "$b" ] || err "replay:model=m.json counts $b, replay:trace $a"
"$P" twin --model m.json --json | jq -S '{devices: [.devices[] | del(.seen)], cpu: [.cpu[] | del(.seen)]}' >back.json
jq -S '{devices: [.devices[] | del(.seen)], cpu: [.cpu[] | del(.seen)]}' m.json >want.json
cmp -s back.json want.json || err "the model file read back differs: $(diff want.json back.json | head -5)"

# what if the drive kept one command in flight: its eight reads of 512
# bytes still fill most of the Root Complex's eight slots
jq '(.devices[] | select(.rid == "02:00.0") | .window) = 1' m.json >qd1.json
c=$(flux --workload replay:model=qd1.json)
awk -v a="$a" -v c="$c" 'BEGIN { exit !(c > 0 && c < 0.9 * a) }' ||
	err "window 1: completions $c, not under 90 % of $a"

# every command that takes --workload takes the replay
"$P" record -e hisi_ptt0_2/filter=0x80011,direction=2,type=7,format=0/ --force \
	--workload replay:model=m.json -o again.data -- sleep 0.0005 >/dev/null 2>&1 ||
	err "record under the replay"
"$P" twin again.data | grep -Eq '^02:00.0 +00:10.1 +max +slots' || err "the twin of the twin"
"$P" top --once --json --interval 100 --workload replay:model=m.json >top.json 2>/dev/null
jq -e '[.rows[] | select(.core == 2 and .port == 1) | .traffic_mb_per_s.tx] | add > 1000' \
	top.json >/dev/null || err "top under the replay: $(head -c 300 top.json)"

# diagnose names W's finding on the twin, and --try measures its advice
"$P" diagnose -e hisi_ptt0_2 --workload replay:model=m.json -o d.data -- sleep 0.0005 \
	>d.txt 2>/dev/null
grep -Eq '^info +tune-hint +hisi_ptt0_2' d.txt || err "diagnose on the twin: $(cat d.txt)"
grep -q 'advice: pciescope tune hisi_ptt0_2 qos_tx_cpl=2' d.txt || err "advice: $(cat d.txt)"
"$P" twin --model m.json --try qos_tx_cpl=2 -e "$cpl" -- sleep 0.0005 >try.txt 2>&1 ||
	err "twin --try: $(cat try.txt)"
awk '/tx_cpl_flux/ { gsub(/[+%]/, "", $(NF - 1)); exit !($(NF - 1) >= 10) }' try.txt ||
	err "qos_tx_cpl=2 on the twin: $(cat try.txt)"
[ "$("$P" tune hisi_ptt0_2 qos_tx_cpl | awk '{print $2}')" = 1 ] || err "--try left its level"

# mistakes: one line, non-zero, nothing else
refused() {
	local want=$1
	shift
	"$P" "$@" >bad.out 2>bad.err && err "'$*' exited 0"
	[ "$(wc -l <bad.err)" -eq 1 ] && grep -q "$want" bad.err || err "'$*': $(cat bad.err)"
}
jq '.devices[0].widnow = 2' m.json >typo.json
refused 'typo.json: devices 1: unknown key "widnow"' stat --workload replay:model=typo.json \
	-e hisi_pcie0_core2/tx_cpl_flux,port=0x1/ -- sleep 0.0001
jq '.devices[0].rid = "05:00.0"' m.json >nodev.json
refused 'replay: 05:00.0: not an endpoint of this platform' stat --workload replay:model=nodev.json \
	-e hisi_pcie0_core2/tx_cpl_flux,port=0x1/ -- sleep 0.0001
refused 'pciescope: stat: --workload replay: nothere.data: ' stat --workload replay:trace=nothere.data \
	-e hisi_pcie0_core2/tx_cpl_flux,port=0x1/ -- sleep 0.0001
refused "bad replay parameter 'qd=4'" stat --workload replay:qd=4 \
	-e hisi_pcie0_core2/tx_cpl_flux,port=0x1/ -- sleep 0.0001
refused 'not a tune file and level 0..2' twin --model m.json --try qos_tx_cpl=7 -e "$cpl" -- sleep 0.0001
finish
