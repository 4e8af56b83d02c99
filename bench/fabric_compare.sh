#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The statistics users see, old engine against new, in one run: for each
# workload, per Root Port TLPs and payload bytes by direction and class and
# the latency percentiles of completed requests (bench_fabric_truth), and
# the PCIe PMU counts of the seed's `perf stat` command lines (pciescope
# stat on the emulated kunpeng930).  Prints the largest drift per workload
# and every figure that moved by more than 2 %, with how far the same
# figure moves between two seeds of the old engine (the model's own
# spread); "hash same" means the two engines produced the very same
# ground-truth log, TLP for TLP.
#
# Then the rate model (budget RATE TLPs per simulated second per domain,
# default 2000000) against this tree's per-TLP engine, in the same way:
# per Root Port and per endpoint (a requester's share of its port) TLPs and
# bytes and the mean read latency from
# fabric_port_stats (bench_fabric_rate: percentiles need every TLP, which
# the rate model does not keep), and the same PMU counts, with
# PCIESCOPE_RATE_MODEL=0 against RATE; a figure that moves by more than 2 %
# is shown with what the per-TLP engine's seed 2 gives (its own spread).
# OLD=0 leaves the old engine out.
#
# usage: BUILD_DIR=build SRC_DIR=. [RATE=N] [OLD=0] sh bench/fabric_compare.sh [SIM_MS]
set -eu
ms=${1:-5}
rate=${RATE:-2000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Relative drift of figures keyed by their first fields; counts under 1000
# (and latencies of fewer reads) are too few for a percentage.
drift() {
	label=$1
	shift
	awk -v label="$label" -v spread="${SPREAD:-old engine}" '
	FNR == 1 { file++ }
	{ k = $1; for (i = 2; i < NF; i++) k = k " " $i
	  if (file == 1) a[k] = $NF; else if (file == 2) b[k] = $NF; else s[k] = $NF }
	END { max = 0; bad = 0
	  for (k in a) { x = a[k] + 0; y = (k in b) ? b[k] + 0 : 0
	    if (x < 1000 && y < 1000 && k !~ /^lat /) continue
	    d = x ? (y - x) / x * 100 : (y ? 100 : 0); if (d < 0) d = -d
	    if (d > max) max = d
	    if (d > 2) { printf "  %s: old %s new %s (%.2f %%)", k, x, y, d; bad++
	      if (k in s) { z = s[k] + 0; e = x ? (z - x) / x * 100 : 0; if (e < 0) e = -e
	        printf "; %s, seed 2: %s (%.2f %%)", spread, z, e }
	      printf "\n" } }
	  printf "%-16s largest drift %.2f %%, %d figures above 2 %%\n", label, max, bad }' "$@"
}

# One "key... value" line per figure.
figures() {
	sed 1d "$1" | awk '$1 == "bw" { print $1, $2, $3, $4, $5, $6; print $1, $2, $3, $4, $7, $8 }
		$1 == "lat" { for (i = 3; i < NF; i += 2) print $1, $2, $i, $(i + 1) }'
}

workload_args() { # WORKLOAD: name, params and simulated ms of the rows below
	case $1 in
	default) name=mixed params=rate=10000,mmio=100000,mmio_rd=10000,cfg=100,msg=100 t=$((ms * 20)) ;;
	*) name=$1 params= t=$ms ;;
	esac
}

pmu=hisi_pcie0_core0
seed_lines() { # the seed's perf stat command lines (PCIe PMU)
	for ev in "$pmu/rx_mwr_latency,port=0xffff/" "$pmu/rx_mwr_cnt,port=0xffff/" \
		"{$pmu/rx_mwr_latency,port=0xffff/,$pmu/rx_mwr_cnt,port=0xffff/}" \
		"$pmu/rx_mwr_latency,port=0x1/" "$pmu/rx_mrd_flux,bdf=0x3900/" \
		"$pmu/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/" \
		"$pmu/rx_mrd_flux,port=0xffff,thr_len=0x4,thr_mode=1/" \
		"$pmu/rx_mrd_flux,port=0xffff,len_mode=0x1/"; do
		echo "$ev"
	done
}

# stat_counts BIN STATE EVENT [ENV...]: "pmu EVENT COUNT" of mixed over SIM_MS
stat_counts() {
	bin=$1 state=$2 ev=$3
	shift 3
	env PCIESCOPE_STATE_DIR="$state" "$@" "$bin" stat -x, --workload mixed -e "$ev" \
		-- sleep "$(awk -v m="$ms" 'BEGIN { print m / 1000 }')" 2>&1 >/dev/null |
		awk -F, '{ print "pmu", $3, $1 }'
}

if [ "${OLD:-1}" != 0 ]; then
old=$(sh "$SRC_DIR/bench/fabric_old.sh")
for w in default mixed storage-read storage-write nic p2p; do
	workload_args "$w"
	"$old/bench/bench_fabric_truth" "$name" "$t" "${params:--}" >"$tmp/old"
	"$old/bench/bench_fabric_truth" "$name" "$t" "${params:--}" 2 >"$tmp/old2"
	"$BUILD_DIR/bench/bench_fabric_truth" "$name" "$t" "${params:--}" >"$tmp/new"
	if [ "$(head -1 "$tmp/old")" = "$(head -1 "$tmp/new")" ]; then h=same; else h=differs; fi
	echo "== $w ($t ms simulated): hash $h"
	figures "$tmp/old" >"$tmp/o"
	figures "$tmp/new" >"$tmp/n"
	figures "$tmp/old2" >"$tmp/o2"
	drift "$w" "$tmp/o" "$tmp/n" "$tmp/o2"
done

# The seed's perf stat command lines (PCIe PMU), under the saturating mixed workload.
seed_lines | while read -r ev; do
	stat_counts "$old/pciescope" "$tmp/state-old" "$ev" >"$tmp/old"
	stat_counts "$BUILD_DIR/pciescope" "$tmp/state-new" "$ev" >"$tmp/new"
	echo "== $ev"
	drift "perf stat" "$tmp/old" "$tmp/new"
done
fi

# The rate model against the per-TLP engine of this tree.
for w in default mixed storage-read storage-write nic p2p; do
	workload_args "$w"
	for b in 0 "$rate"; do # a first line for figures() to drop, as the hash line above
		echo "budget $b"
		"$BUILD_DIR/bench/bench_fabric_rate" "$name" "$t" "${params:--}" "$b"
	done >"$tmp/both"
	awk '/^budget/ { n++ } n == 1' "$tmp/both" >"$tmp/o"
	awk '/^budget/ { n++ } n == 2' "$tmp/both" >"$tmp/n"
	{ echo "budget 0, seed 2"; "$BUILD_DIR/bench/bench_fabric_rate" "$name" "$t" "${params:--}" 0 2; } >"$tmp/o2"
	echo "== $w ($t ms simulated): rate model at $rate TLPs/s against every TLP"
	figures "$tmp/o" >"$tmp/fo"
	figures "$tmp/n" >"$tmp/fn"
	figures "$tmp/o2" >"$tmp/fo2"
	SPREAD="every TLP" drift "$w" "$tmp/fo" "$tmp/fn" "$tmp/fo2"
done
seed_lines | while read -r ev; do
	stat_counts "$BUILD_DIR/pciescope" "$tmp/state-tlp" "$ev" PCIESCOPE_RATE_MODEL=0 >"$tmp/old"
	stat_counts "$BUILD_DIR/pciescope" "$tmp/state-rate" "$ev" PCIESCOPE_RATE_MODEL="$rate" >"$tmp/new"
	echo "== $ev (rate model at $rate TLPs/s against every TLP)"
	drift "perf stat" "$tmp/old" "$tmp/new"
done
