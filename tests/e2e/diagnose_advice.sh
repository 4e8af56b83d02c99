#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Advice that is proven, per built-in workload: diagnose live, do what each
# finding's tune advice says, and count again what the finding is about
# with the PCIe PMU: a requester's completions for a read ceiling, the
# core's outbound completions for the tune hint.  It must gain 5 % or more.
# The hint is given exactly where `tune --search --param qos_tx_cpl`
# measures 5 % more; no advice names a level already set; the light
# default workload gets no warning.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
ptt=hisi_ptt0_2 pmu=hisi_pcie0_core2
# the PMU port bits of the PTT's Root Ports 00:10.0, 00:10.1 (bit 0) and 00:12.0 (bit 4)
ports=0x11

# tx_cpl_flux counted with one filter term under workload $1
cpl_count() {
	"$P" stat -x, ${1:+--workload "$1"} -e "$pmu/tx_cpl_flux,$2/" -- sleep $span 2>&1 \
		>/dev/null | cut -d, -f1
}

# the requester's bdf term: bb:dd.f -> bdf=0x....
bdf_term() {
	local b=$((16#${1%%:*})) d=$((16#$(echo "$1" | cut -d: -f2 | cut -d. -f1))) f=${1##*.}
	printf 'bdf=0x%x' $(((b << 8) | (d << 3) | f))
}

level_of() { "$P" tune $ptt | awk -v k="$1" '$1 == k { print $2 }'; }

knobs='(qos_tx_(cpl|np|p)|rx_alloc_buf_level|tx_alloc_buf_level)'
# each "pciescope tune PTT name=level" the advice names, one per line
advised() { grep -o "pciescope tune $ptt [a-z_]*=[0-9]" | cut -d' ' -f4; }

gained() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(b >= 1.05 * a && b > 0) }'; }

for w in "" storage-read storage-write nic p2p mixed; do
	name=${w:-default}
	# the light workload's reads come in bursts: 20 ms holds hundreds of them
	span=0.0005
	[ -n "$w" ] || span=0.02
	"$P" platform reset >/dev/null
	"$P" diagnose --json -e $ptt -o "$name.data" ${w:+--workload "$w"} -- sleep $span \
		>"$name.json" 2>"$name.err" || { err "$name: diagnose: $(cat "$name.err")"; continue; }
	[ -n "$w" ] || [ "$(jq -s 'map(select(.severity != "info")) | length' "$name.json")" -eq 0 ] ||
		err "the light default workload has warnings: $(cat "$name.json")"

	while read -r f; do
		id=$(jq -r .id <<<"$f") subject=$(jq -r .subject <<<"$f")
		# a level is named as the command that sets it, on the PTT it means
		[ "$(jq -r .advice <<<"$f" | grep -oE "$knobs( to |=)[0-9]" | wc -l)" -eq \
		  "$(jq -r .advice <<<"$f" | advised | wc -l)" ] ||
			err "$name: $id names a level without its PTT: $(jq -r .advice <<<"$f")"
		for set in $(jq -r .advice <<<"$f" | advised); do
			[ "$(level_of "${set%=*}")" != "${set#*=}" ] ||
				err "$name: $id advises $set, the level already set"
			case $id in
			outstanding-limit) term=$(bdf_term "$subject") ;;
			tune-hint) term=port=$ports ;;
			*) err "$name: $id names a tune level, and no measure for it here"; continue ;;
			esac
			before=$(cpl_count "$w" "$term")
			"$P" tune $ptt "$set" >/dev/null || err "$name: tune $set"
			after=$(cpl_count "$w" "$term")
			"$P" platform reset >/dev/null
			# the figures of docs/diagnose.md, "Advice, done and measured"
			echo "$name | $id | $subject | $set | $term | $before -> $after"
			gained "$before" "$after" ||
				err "$name: $id on $subject: $set took $term from $before to $after"
		done
	done < <(jq -c . "$name.json")

	# the hint, exactly where the search measures 5 % more outbound completions
	gain=$("$P" tune $ptt --search --param qos_tx_cpl ${w:+--workload "$w"} \
		-e "{$pmu/tx_cpl_flux,port=$ports/,$pmu/tx_cpl_time,port=$ports/}" -- sleep $span |
		sed -n 's/^best: .*MB\/s, \([-+][0-9.]*\) % over.*/\1/p')
	[ -n "$gain" ] || err "$name: no search result"
	hint=$(jq -s 'map(select(.id == "tune-hint")) | length' "$name.json")
	echo "$name | search qos_tx_cpl: $gain % | tune-hint: $hint | findings: $(jq -r .id "$name.json" |
		sort | uniq -c | awk '{printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1}')"
	if awk -v g="${gain:-0}" 'BEGIN { exit !(g >= 5) }'; then
		[ "$hint" -eq 1 ] || err "$name: the search gains $gain % and no tune-hint"
	else
		[ "$hint" -eq 0 ] || err "$name: tune-hint where the search gains $gain %"
	fi
done

# following the hint, then diagnosing again: the next lever, or nothing, never the same
"$P" platform reset >/dev/null
span=0.0005
"$P" tune $ptt qos_tx_cpl=2 >/dev/null
"$P" diagnose --json -e $ptt -o again.data --workload storage-read -- sleep $span \
	>again.json 2>/dev/null || err "diagnose after the hint"
for set in $(jq -r .advice again.json | advised); do
	[ "$(level_of "${set%=*}")" != "${set#*=}" ] || err "again: advises $set, already set"
done
"$P" platform reset >/dev/null
finish
