#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope record` end to end (docs/performance.md, *PTT tracing*): the
# mixed workload while hisi_ptt0_2 traces every inbound TLP of core 2 (4DW
# entries) for SIM simulated seconds (default 0.01), as traced TLPs per CPU
# second (user + system) of the whole command, for this tree ("new") and, in
# the same run, the tree of OLD_REV (default ef58d77, the recorder before
# the observer classes; built by fabric_old.sh; OLD=0 skips it).  Then the
# floor: dd writing as many bytes as the recording has into the same
# directory, in the same units.  The recording's entries, as `report -D`
# decodes them, are hashed per tree: the same seed must give the same trace.
set -eu
sim=${SIM:-0.01}
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
bins=$(sh "$SRC_DIR/bench/trees.sh" ef58d77)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ev='hisi_ptt0_2/filter=0x80011,type=7,direction=0/'

# cpu CMD...: user + system seconds of the command
cpu() {
	/usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err"
	awk '{ print $1 + $2 }' "$tmp/t"
}

for b in $bins; do
	case $b in "$BUILD_DIR") v=new ;; *) v=old ;; esac
	rm -rf "$tmp/state" "$tmp/p.data" && mkdir -p "$tmp/state"
	s=$(cd "$tmp" && PCIESCOPE_STATE_DIR=$tmp/state cpu "$b/pciescope" record \
		--workload mixed -o "$tmp/p.data" -e "$ev" -- sleep "$sim")
	n=$(sed -n 's/.*(\([0-9]*\) TLP headers.*/\1/p' "$tmp/err")
	bytes=$(stat -c %s "$tmp/p.data")
	printf '%s record: %6.2f M traced TLPs per CPU s (%s TLPs, %s bytes, %s CPU s), trace %s\n' \
		"$v" "$(echo "$n / $s / 1000000" | bc -l)" "$n" "$bytes" "$s" \
		"$(cd "$tmp" && "$b/pciescope" report -D -i p.data 2>/dev/null |
			sed -n 's/^\.  [0-9a-f]*: //p' | sha256sum | cut -c1-16)"
	# ten times the bytes, a tenth of the time: above the timer's 10 ms
	rm -f "$tmp/dd.out"
	s=$(cpu dd if=/dev/zero of="$tmp/dd.out" bs=4M count="$((bytes * 10 / 4194304 + 1))")
	rm -f "$tmp/dd.out"
	printf '%s dd floor: %6.2f M TLPs per CPU s (%s bytes written in %s CPU s / 10)\n' "$v" \
		"$(echo "$n * 10 / $s / 1000000" | bc -l)" "$bytes" "$s"
done
