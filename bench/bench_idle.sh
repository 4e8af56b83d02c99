#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What a live view costs in steady state, on the default workload and on
# mixed, for this tree ("new") and, in the same run, the tree of OLD_REV
# (default 98c771a, the rate model before counters asked and views said
# their interval; built by fabric_old.sh; OLD=0 skips it).  Each run gets
# a fresh state directory (docs/performance.md, *A live view when idle*).
#
# First, whatever the machine's load: the CPU time (user + system) of
# `top --once --whole --json` over LONG simulated seconds (default 12)
# less that over SHORT (default 2), divided by their difference: CPU
# seconds per simulated second past start-up and the model's learning,
# which is the share of a core a view keeping up with the clock takes.
# Then `serve` and `top --json` as they run (1 s interval): their CPU
# time over SPAN wall seconds (default 20) after WARM (default 5), over
# the span, and for top also over the simulated time its frames covered;
# on a loaded machine a view falls behind the clock and the first figure
# is only what it got.
set -eu
span=${SPAN:-20}
short=${SHORT:-2}
long=${LONG:-12}
warm=${WARM:-5}
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
bins=$(sh "$SRC_DIR/bench/trees.sh" 98c771a)
tmp=$(mktemp -d)
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
tck=$(getconf CLK_TCK)

# user + system ticks of process $1
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# last_time FILE: the simulated time of top's last frame in FILE, 0 before the first
last_time() { tail -n 1 "$1" | sed -n 's/.*"time_s":\([0-9.]*\).*/\1/p' | grep . || echo 0; }

# row NAME ARGS...: one line per tree: the process's CPU time over the span
# divided by the span (% of a core) and, for top, by the simulated time its
# frames covered (% of a core per simulated second: what it would take
# keeping up with the clock on an idle machine; a loaded one, whose views
# fall behind, shows it where the first figure cannot).
row() {
	name=$1
	shift
	for b in $bins; do
		case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
		rm -rf "$tmp/state" && mkdir -p "$tmp/state"
		PCIESCOPE_STATE_DIR=$tmp/state "$b/pciescope" "$@" >"$tmp/out" 2>/dev/null &
		pid=$!
		sleep "$warm"
		t0=$(ticks "$pid") s0=$(last_time "$tmp/out")
		sleep "$span"
		t1=$(ticks "$pid") s1=$(last_time "$tmp/out")
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		pid=""
		cpu=$(echo "($t1 - $t0) / $tck" | bc -l)
		per_sim=-
		case $1 in top) per_sim=$(printf '%.1f' "$(echo "$cpu * 100 / ($s1 - $s0)" | bc -l)") ;; esac
		printf '%s %-30s %6.1f %% of a core  %6s %% per simulated s\n' "$v" "$name" \
			"$(echo "$cpu * 100 / $span" | bc -l)" "$per_sim"
	done
}

# steady NAME ARGS...: one line per tree, CPU per simulated second past start-up.
steady() {
	name=$1
	shift
	for b in $bins; do
		case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
		c=""
		for sec in "$short" "$long"; do
			rm -rf "$tmp/state" && mkdir -p "$tmp/state"
			c="$c $(PCIESCOPE_STATE_DIR=$tmp/state /usr/bin/time -f '%U %S' \
				"$b/pciescope" top --once --whole --json --interval $((sec * 1000)) "$@" \
				2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }')"
		done
		printf '%s %-30s %6.1f %% of a core (CPU s per simulated s x 100)\n' "$v" "$name" \
			"$(echo "$c" | awk -v d=$((long - short)) '{ print ($2 - $1) * 100 / d }')"
	done
}

echo "top --once --whole, ${long} s less ${short} s simulated; load: $(cut -d' ' -f1-3 /proc/loadavg)"
steady "default workload"
steady "--workload mixed" --workload mixed
echo "steady-state CPU over $span wall s (after $warm s), 1 s interval; load: $(cut -d' ' -f1-3 /proc/loadavg)"
row "serve (default workload)" serve --listen 127.0.0.1:0
row "serve --workload mixed" serve --listen 127.0.0.1:0 --workload mixed
row "top --json (default workload)" top --json
row "top --json --workload mixed" top --json --workload mixed
