#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Start-up cost of `pciescope report --help` against /bin/true: CPU time
# (perf stat's task-clock of the process) and wall time, mean of N runs.
# "as linked before" is the same binary with libmicrohttpd and libfuse
# preloaded: the loader then maps, relocates and initialises them (GnuTLS's
# constructor included) as it did for every command while the CLI linked
# them, so the before and after figures come from one build in one run.
set -eu
P=$BUILD_DIR/pciescope
N=${N:-500}
PCIESCOPE_STATE_DIR=$(mktemp -d)
export PCIESCOPE_STATE_DIR
libdir=$(dirname "$(ldconfig -p | awk '$1 == "libmicrohttpd.so.12" {print $NF; exit}')")
preload="$libdir/libmicrohttpd.so.12 $libdir/libfuse3.so.3"

# runs LABEL PRELOAD CMD...: the mean of N runs of CMD
runs() {
	label=$1 pre=$2
	shift 2
	LD_PRELOAD=$pre perf stat -r "$N" -e task-clock "$@" 2>&1 >/dev/null | awk -v l="$label" '
		/task-clock/ { cpu = $1 }
		/seconds time elapsed/ { wall = $1 * 1000 }
		END { printf "%-34s %5.2f ms cpu %6.2f ms wall\n", l, cpu, wall }'
}

echo "mean of $N runs:"
runs "/bin/true" "" /bin/true
runs "report --help, as linked before" "$preload" "$P" report --help
runs "report --help" "" "$P" report --help
