#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope tune at its edges: values as the driver and the FUSE mount take
# them ('+1'), a word that names no parameter, a hex value refused with the
# reason, and tune --search's own help (without a device; its example
# runs), an event that lacks port= refused by the rule stat names, and
# --metric's examples of its own pair.  Every refusal is one line with one
# "pciescope: tune: " prefix.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
cd "$TEST_TMP"
P=$PCIESCOPE
D=hisi_ptt0_2
refused() { # refused WHAT ARGS...: fails unless the command exits 1 with one error line
	local what=$1 rc=0
	shift
	"$@" >out.txt 2>err.txt || rc=$?
	[ "$rc" = 1 ] || fail "$what: exit $rc"
	[ "$(wc -l <err.txt)" = 1 ] || fail "$what: not one line: $(cat err.txt)"
	grep -q '^pciescope: tune: ' err.txt || fail "$what: prefix: $(cat err.txt)"
	if grep -q 'tune: tune:' err.txt; then fail "$what: doubled prefix: $(cat err.txt)"; fi
}

"$P" tune $D qos_tx_cpl=0 >/dev/null
[ "$("$P" tune $D qos_tx_cpl=+1)" = "qos_tx_cpl 0 -> 1" ] || fail "+1 not taken as 1"
[ "$("$P" tune $D qos_tx_cpl)" = "qos_tx_cpl 1" ] || fail "+1 did not write 1"

refused "=1" "$P" tune $D =1
grep -q "'=1' names no parameter" err.txt || fail "=1: $(cat err.txt)"
if grep -q 'Is a directory' err.txt; then fail "=1 reached the tune directory"; fi

refused "0x1" "$P" tune $D qos_tx_p=0x1
grep -q 'qos_tx_p=0x1: Invalid argument (a level is 0..2.*); nothing was changed$' err.txt ||
	fail "0x1: $(cat err.txt)"
refused "a bad value among good ones" "$P" tune $D qos_tx_p=0 qos_tx_np=0x2
[ "$("$P" tune $D qos_tx_p)" = "qos_tx_p 1" ] || fail "a refused list changed qos_tx_p"

# the doubled prefix came through '%s: %s' with the command's name in it
refused "an unknown PMU in the event" "$P" tune $D --search -e nope/x/ -- sleep 0.0002
refused "an unknown backend" "$P" tune $D --backend bogus

# --search --help needs no device, and the example it prints runs
"$P" tune --search --help >help.txt || fail "tune --search --help without a device"
grep -q '^usage: pciescope tune DEVICE --search' help.txt || fail "search help: $(head -1 help.txt)"
[ "$("$P" tune $D --search --help)" = "$(cat help.txt)" ] || fail "search help differs with a device"
example=$(grep -m1 '^  pciescope tune ' help.txt) || fail "no example in the search help"
eval "\"\$P\" ${example#  pciescope }" >example.txt || fail "the help's example failed: $example"
grep -q '^best: ' example.txt || fail "example: no best line: $(cat example.txt)"

# an event without port= or bdf=: the rule, worded as stat words it, not EINVAL
refused "no port" "$P" tune $D --search -e hisi_pcie0_core2/tx_cpl_flux/ -- sleep 0.0002
grep -q 'refused by the rule "port or bdf, one of them"' err.txt || fail "no port: $(cat err.txt)"
if "$P" stat -e hisi_pcie0_core2/tx_cpl_flux/ -- sleep 0.0002 2>stat.txt; then fail "stat took no port"; fi
[ "$(sed 's/^pciescope: tune: //' err.txt)" = "$(sed 's/^pciescope: stat: //' stat.txt)" ] ||
	fail "tune's rule differs from stat's: $(cat err.txt) / $(cat stat.txt)"
"$P" tune $D --search --force -e hisi_pcie0_core2/tx_cpl_flux/ -- sleep 0.0002 >force.txt 2>&1 ||
	grep -q 'cannot open the events' force.txt || fail "--force: $(cat force.txt)"

# --metric's example is a pair of that metric, and it runs
for m in latency bandwidth; do
	refused "--metric $m" "$P" tune $D --search --metric $m -e 'hisi_pcie0_core2/tx_mrd_cnt,port=0x1/' -- sleep 0.0002
	pair=$(grep -o 'e\.g\. {.*}' err.txt | cut -c6-) || fail "--metric $m: no example: $(cat err.txt)"
	case $m in
	latency) [[ $pair == *_latency,*_cnt,* ]] || fail "latency example is not a latency pair: $pair" ;;
	bandwidth) [[ $pair == *_flux,*_time,* ]] || fail "bandwidth example is not a bandwidth pair: $pair" ;;
	esac
	"$P" tune $D --search --param qos_tx_cpl --metric $m -e "$pair" -- sleep 0.0002 >m.txt ||
		fail "--metric $m with its own example failed"
done
refused "no device" "$P" tune --search -e x -- sleep 0.0002
refused "no event" "$P" tune $D --search -- sleep 0.0002
echo ok
