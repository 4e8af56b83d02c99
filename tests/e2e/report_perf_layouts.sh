#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `report -D --perf-version 7.3` is the 6.1 dump re-laid as perf 7.3 prints
# it: derived here line by line from the 6.1 dump with awk (each DW's bytes
# reversed; a 4DW DW0 taken apart again with the document's masks), for 4DW
# and 8DW files of several chunks.  Versions before 7.3 print 6.1's layout,
# a bad version is refused.  AUXTRACE_INFO records with a second priv word
# decode as before; one without priv[0] decodes with one warning.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
gen="$BUILD_DIR/tests/gen_ptt_perfdata"
P=$PCIESCOPE

to73() {
	awk 'function hex(s,  v, i) {
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	function bits(v, lo, w) { return int(v / 2 ^ lo) % 2 ^ w }
	substr($0, 1, 3) == ".  " {
		b0 = $3; b1 = $4; b2 = $5; b3 = $6
		head = sprintf(".  %s %s %s %s %s ", $2, b3, b2, b1, b0)
		lab = substr($0, 58)
		if (lab ~ /^Format /) {
			v = hex(b3 b2 b1 b0)
			lab = sprintf("Format %x Type %x T9 %x T8 %x TH %x SO %x Length %x Time %x",
				bits(v, 30, 2), bits(v, 25, 5), bits(v, 24, 1), bits(v, 23, 1),
				bits(v, 22, 1), bits(v, 21, 1), bits(v, 11, 10), bits(v, 0, 11))
		}
		printf "%s%32s%s\n", head, "", lab
		next
	}
	{ print }'
}

for fmt in 4dw 8dw; do
	${PCIESCOPE_RUNNER:-} "$gen" -o $fmt.data -f $fmt -s 3 4096 16 65536 1056 >/dev/null
	"$P" report -D -i $fmt.data >$fmt.61 2>/dev/null
	"$P" report -D --perf-version 7.3 -i $fmt.data >$fmt.73 2>/dev/null
	[ "$(grep -c 'HISI PTT data' $fmt.73)" -eq 4 ] || fail "$fmt: not 4 chunks"
	to73 <$fmt.61 >$fmt.73.expected
	cmp $fmt.73.expected $fmt.73 || fail "$fmt: 7.3 dump differs from the derived one"
	! cmp -s $fmt.61 $fmt.73 || fail "$fmt: 7.3 dump is the 6.1 dump"
	"$P" report -D --perf-version 6.1 -i $fmt.data | cmp - $fmt.61
	"$P" report -D --perf-version 7.2 -i $fmt.data | cmp - $fmt.61
	"$P" report -D --perf-version 8.0 -i $fmt.data | cmp - $fmt.73
done

for v in 6.0 x 7 7.3.1 ''; do
	if "$P" report -D --perf-version "$v" -i 4dw.data >/dev/null 2>err.txt; then
		fail "--perf-version '$v' taken"
	fi
	[ "$(wc -l <err.txt)" -eq 1 ] || fail "--perf-version '$v': $(cat err.txt)"
	grep -q "^pciescope: report: --perf-version: " err.txt || fail "$(cat err.txt)"
done

# priv words: two (PMU type, decoder version) decode as one; none warns once
for n in 0 2; do
	${PCIESCOPE_RUNNER:-} "$gen" -o priv$n.data -f 4dw -s 3 -p $n 4096 16 65536 1056
	for view in -D --json ""; do
		"$P" report $view -i priv$n.data >priv$n.out 2>priv$n.err || fail "priv $n: $view refused"
		"$P" report $view -i 4dw.data 2>/dev/null | cmp - priv$n.out || fail "priv $n: $view differs"
	done
done
[ ! -s priv2.err ] || fail "priv 2 warns: $(cat priv2.err)"
[ "$(cat priv0.err)" = "pciescope: report: priv0.data: the HISI PTT AUXTRACE_INFO has no PMU type (priv[0]); perf report refuses such a file" ] ||
	fail "priv 0: $(cat priv0.err)"
echo ok
