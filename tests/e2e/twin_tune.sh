#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Tuning on the twin, one built-in workload per part (E2E_PART):
#  - tune --search over the five levels under the twin finds W's best
#    levels, or levels that reach W's best within 2 % when W runs at them;
#  - a twin of a recording made at W's best levels, replayed at the default
#    levels, gives W's default-level traffic per Root Port link and
#    direction within 5 % (and read latency within 10 %): the twin keeps
#    what the devices do, not what the levels made of it.
# The target is the traffic each workload puts through its busiest link of
# core 2.  Under the sanitizers and qemu (PCIESCOPE_TEST_SCALE=small) the
# recording is 0.5 ms long instead of 1 ms.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
# shellcheck source=lib/twin.sh
. "$SRC_DIR/tests/e2e/lib/twin.sh"
"$P" platform reset >/dev/null
w=$E2E_PART
span=0.001
[ "${PCIESCOPE_TEST_SCALE:-}" = small ] && span=0.0005
case $w in
storage-write) kind=rx_mwr port=0x1 ;;
p2p) kind=rx_cpl port=0x10 ;;
*) kind=tx_cpl port=0x1 ;;
esac
ev="{hisi_pcie0_core2/${kind}_flux,port=$port/,hisi_pcie0_core2/${kind}_time,port=$port/}"

twin_record rec.data $span "$w"
# best LINE FILE: "qos_tx_cpl=2 ... tx_alloc_buf_level=1" of a search's output
best() { sed -n 's/^best: \([^:]*\): .*/\1/p' "$1"; }
"$P" tune hisi_ptt0_2 --search -e "$ev" --workload "$w" -- sleep 0.0005 >w.txt 2>&1 ||
	err "search under $w: $(tail -1 w.txt)"
"$P" tune hisi_ptt0_2 --search -e "$ev" --workload replay:trace=rec.data -- sleep 0.0005 \
	>t.txt 2>&1 || err "search under the twin: $(tail -1 t.txt)"
wb=$(best w.txt)
tb=$(best t.txt)
[ -n "$wb" ] && [ -n "$tb" ] || err "no best levels: '$wb' '$tb'"
echo "$w: W's best $wb; the twin's $tb"
# the flux W counts at levels (the span is the same, so its bandwidth's ratio)
flux_at() {
	# shellcheck disable=SC2086 # the levels are words
	"$P" tune hisi_ptt0_2 $1 >/dev/null
	"$P" stat -x, --workload "$w" -e "hisi_pcie0_core2/${kind}_flux,port=$port/" -- sleep 0.0005 \
		2>&1 >/dev/null | awk -F, '/^[0-9]/ { print $1 }'
	"$P" platform reset >/dev/null
}
if [ "$wb" != "$tb" ]; then
	a=$(flux_at "$wb")
	b=$(flux_at "$tb")
	echo "$w at W's best: $a, at the twin's: $b"
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 0 && b >= 0.98 * a) }' ||
		err "$w: the twin's best levels reach $b, under 98 % of W's best $a"
fi

# recorded at W's best levels, replayed at the defaults
# shellcheck disable=SC2086 # the levels are words
"$P" tune hisi_ptt0_2 $wb >/dev/null
twin_record tuned.data $span "$w"
"$P" platform reset >/dev/null
PCIESCOPE_RATE_MODEL=0 twin_compare "$w" $span --workload "$w" -- \
	--workload replay:trace=tuned.data >cmp.txt
cat cmp.txt
grep -q '^FAIL' cmp.txt && err "$w: the twin of the tuned recording strays from W at the defaults"
finish
