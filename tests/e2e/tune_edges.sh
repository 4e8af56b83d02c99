#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope tune at its edges: values as the driver and the FUSE mount take
# them ('+1'), a word that names no parameter, a hex value refused with the
# reason, and tune --search's own help (without a device, its example runs,
# an event without port= or bdf=: the rule, worded as stat words it, not EINVAL
refused "no port" $P tune $D --search -e hisi_pcie0_core2/tx_cpl_flux/ -- sleep 0.0002
grep -q 'refused by the rule "port or bdf, one of them"' err.txt || fail "no port: $(cat err.txt)"
if $P stat -e hisi_pcie0_core2/tx_cpl_flux/ -- sleep 0.0002 2>stat.txt; then fail "stat took no port"; fi
[ "$(sed 's/^pciescope: tune: //' err.txt)" = "$(sed 's/^pciescope: stat: //' stat.txt)" ] ||
	fail "tune's rule differs from stat's: $(cat err.txt) / $(cat stat.txt)"

# --metric's example is a pair of that metric, and it runs
for m in latency bandwidth; do
	refused "--metric $m" $P tune $D --search --metric $m -e 'hisi_pcie0_core2/tx_mrd_cnt,port=0x1/' -- sleep 0.0002
	pair=$(grep -o 'e\.g\. {.*}' err.txt | cut -c6-) || fail "--metric $m: no example: $(cat err.txt)"
	case $m in
	latency) [[ $pair == *_latency,*_cnt,* ]] || fail "latency example is not a latency pair: $pair" ;;
	bandwidth) [[ $pair == *_flux,*_time,* ]] || fail "bandwidth example is not a bandwidth pair: $pair" ;;
	esac
	$P tune $D --search --param qos_tx_cpl --metric $m -e "$pair" -- sleep 0.0002 >m.txt ||
		fail "--metric $m with its own example failed"
done
refused "no device" $P tune --search -e x -- sleep 0.0002
refused "no event" $P tune $D --search -- sleep 0.0002
echo ok
