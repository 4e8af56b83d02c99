# SPDX-License-Identifier: GPL-2.0-only
# The figures of two `pciescope report --stats --csv` outputs against each
# other (tests/e2e/record_replay.sh, bench/bench_record.sh):
#   awk -v min=N [-v bound=2] -f stats_drift.awk ENGINE.csv OTHER.csv
# Each figure is keyed by its table, row and column; one of fewer than min
# TLPs (16 x min bytes) in both is too few for a percentage, and shares
# (%), spans and rates follow from the counts.  Prints every figure that
# moved by more than bound percent and the largest drift; exits 1 if any did.
BEGIN { if (bound == "") bound = 2 }
FNR == 1 { file++; table = "" }
/^$/ { table = ""; next }
{
	n = split($0, f, ",")
	if (table == "") {
		table = f[1]
		for (i = 1; i <= n; i++) col[i] = f[i]
		next
	}
	for (i = 2; i <= n; i++) {
		if (f[i] !~ /^-?[0-9.]+$/) continue
		k = table " " f[1] " " col[i]
		if (file == 1) a[k] = f[i]; else b[k] = f[i]
	}
}
END {
	max = 0; bad = 0; worst = "none"
	for (k in a) {
		x = a[k] + 0; y = (k in b) ? b[k] + 0 : 0
		least = k ~ /bytes/ ? 16 * min : min
		if ((x < least && y < least) || k ~ /%|span|tick|MB\/s/) continue
		d = x ? (y - x) / x * 100 : 100
		if (d < 0) d = -d
		if (d > max) { max = d; worst = k }
		if (d > bound) { printf "  %s: %s -> %s (%.2f %%)\n", k, x, y, d; bad++ }
	}
	printf "largest drift %.2f %% (%s), %d figures above %s %%\n", max, worst, bad, bound
	exit bad > 0
}
