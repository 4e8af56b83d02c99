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
