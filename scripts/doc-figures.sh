#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The deterministic figures of README.md and docs/*.md (a seed's counts,
# diagnose's findings, the tune search's results) are written by the
# commands that measure them, never by hand:
#
#     sh scripts/doc-figures.sh [--check] [NAME...]
#
# A figure is a span `<!-- fig NAME -->...<!-- /fig -->` in a document; the
# function fig_NAME below (dashes as underscores) prints what goes between
# the markers: inline when the opening marker is followed by text, whole
# lines when it ends its line.  Without --check the documents are rewritten;
# with it, nothing is written and the script fails, with a diff, when a
# figure is stale (the test docs/figures runs that).  NAMEs limit it to some
# figures.  PCIESCOPE names the CLI (default build/pciescope).
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
SRC=$(cd "$(dirname "$0")/.." && pwd)
P=${PCIESCOPE:-$SRC/build/pciescope}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# Each figure is measured on a fresh emulated machine.
fresh() {
	rm -rf "$work/state"
	export PCIESCOPE_STATE_DIR=$work/state
}

# The README's loop: the search's gain on the storage scenario.
fig_readme_loop_gain() {
	fresh
	"$P" tune hisi_ptt0_2 --search --param qos_tx_cpl,qos_tx_p --workload storage-read \
		-e '{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,hisi_pcie0_core2/tx_cpl_time,port=0x1/}' \
		-- sleep 0.0002 | sed -n 's/^best: .*, \([+-][0-9.]*\) % over .*/\1 %/p'
}

# docs/analysis.md, *Time*: the README's 4DW recipe, whose times are short.
readme_recipe() {
	fresh
	"$P" record -o recipe.data --force -e hisi_ptt0_2/filter=0x80001,type=6,direction=2,format=0/ \
		-- sleep 0.01 2>/dev/null
	"$P" report -i recipe.data --stats >recipe.txt
}
fig_analysis_times_short() {
	readme_recipe
	sed -n '/^time span/,/^bandwidth over/p' recipe.txt | sed 's/^/    /'
	sed -n 's/^\(Times are short: .* span only [0-9.]* ms:\).*/    \1 .../p' recipe.txt
}
fig_analysis_own_span() {
	readme_recipe
	awk '/^time span/ { t = $4 } /^link bytes/ { b = $3 }
		END { printf "%.2f ms span the same trace would claim %.0f MB/s\n", t / 1e6, b / t * 1e3 }' recipe.txt
}
fig_analysis_8dw_span() {
	fresh
	"$P" record -o recipe8.data --force -e hisi_ptt0_2/filter=0x80001,type=6,direction=2,format=1/ \
		-- sleep 0.01 2>/dev/null
	"$P" report -i recipe8.data --stats | awk '/^time span/ { printf "%.2f ms\n", $4 / 1e6 }'
}
# docs/analysis.md, *Loss*: the AUX area filled by a recorder that drains late.
fig_analysis_aux_full() {
	fresh
	"$P" record -o full.data --drain-every 1000 --workload mixed \
		-e hisi_ptt0_2/filter=0x80011,type=7,direction=0/ -- sleep 0.02 2>/dev/null
	"$P" report -i full.data --stats 2>/dev/null | sed -n 's/^\(Data was lost: .*\)/`\1`/p'
}

# docs/diagnose.md, *Advice, done and measured*: what tests/e2e/diagnose_advice.sh
# checks, as a table: each built-in workload diagnosed live, the tune level each
# finding advises measured (tx_cpl_flux before and after, on what the finding
# is about), and the search over qos_tx_cpl.
ADV_PTT=hisi_ptt0_2 ADV_PMU=hisi_pcie0_core2
adv_count() { # WORKLOAD SPAN TERM: tx_cpl_flux with one filter term
	"$P" stat -x, ${1:+--workload "$1"} -e "$ADV_PMU/tx_cpl_flux,$3/" -- sleep "$2" 2>&1 >/dev/null | cut -d, -f1
}
adv_bdf() { # bb:dd.f -> bdf=0x....
	local b=$((16#${1%%:*})) d=$((16#$(echo "$1" | cut -d: -f2 | cut -d. -f1))) f=${1##*.}
	printf 'bdf=0x%x' $(((b << 8) | (d << 3) | f))
}
adv_row() { # WORKLOAD: one row of the table
	local w=$1 span=0.0005 name=${1:-light default} findings advice measured gain
	[ -n "$w" ] || span=0.02
	fresh
	"$P" diagnose --json -e $ADV_PTT -o adv.data ${w:+--workload "$w"} -- sleep $span >adv.json 2>/dev/null
	findings=$(jq -rs 'group_by(.id) | sort_by(.[0].severity != "error", .[0].severity != "warning")
		| map(if length == 1 then "`\(.[0].id)` \(.[0].summary | split(": ")[0])"
		      else "`\(.[0].id)` on \(length): \(map(.subject) | join(", "))" end) | join("; ")' adv.json)
	advice="" measured=""
	while IFS=$'\t' read -r id subject set; do
		local term before after
		case $id in
		outstanding-limit) term=$(adv_bdf "$subject") ;;
		tune-hint) term=port=0x11 subject="port bits 0x11" ;;
		*) continue ;;
		esac
		before=$(adv_count "$w" $span "$term")
		"$P" tune $ADV_PTT "$set" >/dev/null
		after=$(adv_count "$w" $span "$term")
		fresh
		advice="${advice:+$advice, }\`$set\`"
		measured="${measured:+$measured; }$subject $before -> $after ($(awk -v a="$before" -v b="$after" 'BEGIN { printf "%+.0f %%", (b - a) * 100 / a }'))"
	done < <(jq -r '[.id, .subject, (.advice | capture("pciescope tune [a-z0-9_]+ (?<s>[a-z_]+=[0-9])").s // empty)] | select(length == 3) | @tsv' adv.json |
		awk -F'\t' '!seen[$3]++')
	gain=$("$P" tune $ADV_PTT --search --param qos_tx_cpl ${w:+--workload "$w"} \
		-e "{$ADV_PMU/tx_cpl_flux,port=0x11/,$ADV_PMU/tx_cpl_time,port=0x11/}" -- sleep $span |
		sed -n 's/^best: .*MB\/s, \([-+][0-9.]*\) % over.*/\1 %/p')
	[ -n "$w" ] && name="\`$w\`"
	echo "| $name | ${findings:-none} | $advice | $measured | $gain |"
}
fig_diagnose_advice() {
	echo '| workload | findings | advice | measured before -> after (`tx_cpl_flux`) | `tune --search --param qos_tx_cpl` |'
	echo '|---|---|---|---|---|'
	for w in "" storage-read storage-write nic p2p mixed; do
		adv_row "$w"
	done
}
# ... and 02:00.0, which mixed leaves at 8 outstanding, with 16 slots.
fig_diagnose_nvme_slots() {
	local before after
	fresh
	before=$(adv_count mixed 0.0005 bdf=0x200)
	"$P" tune $ADV_PTT rx_alloc_buf_level=2 >/dev/null
	after=$(adv_count mixed 0.0005 bdf=0x200)
	echo "$before -> $after"
}

# docs/diagnose.md, *Scenarios*: the search and the grid on each scenario,
# each run measured once (the table and the sentences after it share them).
TARGET='{hisi_pcie0_core2/tx_cpl_flux,port=0x1/,hisi_pcie0_core2/tx_cpl_time,port=0x1/}'
search_run() { # NAME ARGS...: the output of `tune hisi_ptt0_2 --search ARGS`, kept
	local n=$1
	shift
	if [ ! -s "search-$n.txt" ]; then
		fresh
		"$P" tune hisi_ptt0_2 --search "$@" >"search-$n.txt"
	fi
	cat "search-$n.txt"
}
# best LEVELS|MEAN|GAIN|START LEVELS|START MEAN of a search's output
best_of() {
	sed -n 's/^best: \(.*\): \([0-9.]*\) [a-zA-Z/]*, \([-+][0-9.]*\) % over the starting levels (\(.*\): \([0-9.]*\) [a-zA-Z/]*)$/\1|\2|\3|\4|\5/p'
}
changed() { # the best levels that differ from the starting ones
	local best=$1 start=$2 kv out=""
	for kv in $best; do
		case " $start " in *" $kv "*) ;; *) out="${out:+$out }$kv" ;; esac
	done
	echo "$out"
}
runs_of() { sed -n 's/^runs: \([0-9]*\) .*/\1/p'; }
worst_of() { awk '$1 ~ /^[0-2]$/ && NF >= 10 { g = $NF + 0; if (!n++ || g < w) w = g } END { printf "%.1f", w }'; }
scenario_row() { # WORKLOAD
	local s g
	s=$(search_run "$1" --workload "$1" -e "$TARGET" -- sleep 0.0005)
	g=$(search_run "$1-grid" --grid --workload "$1" -e "$TARGET" -- sleep 0.0005)
	IFS='|' read -r bl bm bg sl sm <<<"$(best_of <<<"$s")"
	IFS='|' read -r gl gm gg _ _ <<<"$(best_of <<<"$g")"
	printf '%.0f MB/s | %.0f MB/s, **%s %%**: `%s` (%s) | %.0f MB/s, %s %%' "$sm" "$bm" "$bg" \
		"$(changed "$bl" "$sl")" "$(runs_of <<<"$s")" "$gm" "$gg"
}
light_grid() { search_run light-grid --grid -e "$TARGET" -- sleep 0.05; }
fig_diagnose_scenarios() {
	local gl gm gg sl sm
	echo '| scenario | workload | start | search best (runs) | full grid best (243 runs) |'
	echo '|---|---|---|---|---|'
	echo "| storage reads competing with CPU MMIO writes for one Root Port's Tx | \`--workload storage-read\` | $(scenario_row storage-read) |"
	echo "| storage reads competing with NIC, P2P and MMIO traffic on one core | \`--workload mixed\` | $(scenario_row mixed) |"
	IFS='|' read -r gl gm gg sl sm <<<"$(light_grid | best_of)"
	printf '| the light default workload (`mixed` at `rate=10000,...`), 50 ms per run | (none) | %.1f MB/s | | %.1f MB/s, **%s %%** (`%s`); the worst setting %s %% |\n' \
		"$sm" "$gm" "$gg" "$(changed "$gl" "$sl")" "$(light_grid | worst_of)"
}
fig_diagnose_light_best() { light_grid | best_of | cut -d'|' -f3 | sed 's/$/ %/'; }
# the spread of the light workload's settings over 2 ms and over 50 ms
spread_of() { awk '$1 ~ /^[0-2]$/ && NF >= 10 { m = $6 + 0; if (!n++ || m < lo) lo = m; if (m > hi) hi = m } END { printf "%.1f %%", (hi - lo) * 100 / lo }'; }
fig_diagnose_light_spread() {
	local short
	short=$(search_run light-grid-2ms --grid -e "$TARGET" -- sleep 0.002 | spread_of)
	echo "up to $short (2 ms grid) where 50 ms spreads them over $(light_grid | spread_of)"
}
# the doc's third command: latency over 2 ms of the light workload, every setting
fig_diagnose_latency_lesson() {
	search_run latency-grid --grid \
		-e '{hisi_pcie0_core2/rx_mrd_latency,port=0x11/,hisi_pcie0_core2/rx_mrd_cnt,port=0x11/}' -- sleep 0.002 |
		awk '$1 ~ /^[0-2]$/ && NF >= 10 && $1 == 1 && $2 == 1 && $3 == 1 && $5 == 1 {
			if ($4 == 0) low = $6 + 0; if ($4 == 1) def = $6 + 0 }
			END { printf "looks %.0f %% faster on the light workload (%.0f against %.0f ns, 2 ms grid)\n", (def - low) * 100 / def, low, def }'
}

docs=("$SRC/README.md" "$SRC"/docs/*.md)
mapfile -t names < <(grep -ho '<!-- fig [a-z0-9-]* -->' "${docs[@]}" | awk '{ print $3 }' | sort -u)
[ $# -eq 0 ] || names=("$@")
mkdir -p "$work/fig"
for n in "${names[@]}"; do
	f=fig_${n//-/_}
	declare -F "$f" >/dev/null || { echo "doc-figures: no function $f for figure $n" >&2; exit 1; }
	"$f" >"$work/fig/$n" || { echo "doc-figures: $n: its commands failed" >&2; exit 1; }
	[ -s "$work/fig/$n" ] || { echo "doc-figures: $n: nothing measured" >&2; exit 1; }
done

# Replaces each span whose figure was measured; prints the new text.
cat >"$work/put.pl" <<'PERL'
my ($dir, $file) = @ARGV;
local $/;
open my $in, '<', $file or die "$file: $!";
my $t = <$in>;
$t =~ s{(<!-- fig ([a-z0-9-]+) -->)(\n?)(.*?)(<!-- /fig -->)}{
	my ($open, $name, $nl, $old, $close) = ($1, $2, $3, $4, $5);
	if (open my $f, '<', "$dir/$name") {
		my $new = <$f>;
		$new =~ s/\n+\z//;
		$nl ? "$open\n$new\n$close" : "$open$new$close";
	} else {
		"$open$nl$old$close";
	}
}gse;
print $t;
PERL
stale=0
for d in "${docs[@]}"; do
	perl "$work/put.pl" "$work/fig" "$d" >"$work/new.md"
	cmp -s "$d" "$work/new.md" && continue
	if [ $check = 1 ]; then
		echo "doc-figures: ${d#"$SRC"/} has stale figures (sh scripts/doc-figures.sh rewrites them):"
		diff -u "$d" "$work/new.md" | tail -n +3 || true
		stale=1
	else
		cat "$work/new.md" >"$d"
		echo "doc-figures: rewrote ${d#"$SRC"/}"
	fi
done
exit $stale
