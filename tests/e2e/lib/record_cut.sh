#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# For the tests of recordings cut short (record_interrupt.sh, and
# ext_perf_record_interrupt.sh with the installed perf): makes the files.
# A recording runs `-- sleep 1000`, 1000 s of simulated time, far longer
# than any test; it is ended when its file holds some trace (a file size
# reached, never a time waited).  Needs TEST_TMP as the working directory.

REC_EVENT='hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=1/'

# wait_for_size FILE BYTES PID: returns 1 if PID ends before FILE is that big.
wait_for_size() {
	local f=$1 want=$2 pid=$3
	while [ "$(stat -c %s "$f" 2>/dev/null || echo 0)" -lt "$want" ]; do
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.05
	done
}

# record_cut FILE SIGNAL [BYTES]: records into FILE, sends SIGNAL once FILE
# has BYTES (default: a 4 MiB trace chunk, as the driver hands the trace
# over; 1: as soon as the recording began, at least one slice of simulated
# time is traced), and sets rec_rc (the exit status) and rec.err (stderr).
record_cut() {
	local f=$1 sig=$2 size=${3:-$((4 << 20))} pid
	"$PCIESCOPE" record -o "$f" -e "$REC_EVENT" -- sleep 1000 2>rec.err &
	pid=$!
	wait_for_size "$f" "$size" "$pid" || { rec_rc=fail; return; }
	kill -s "$sig" "$pid"
	wait "$pid"
	rec_rc=$?
}

# record_full DIR: records into DIR/perf.data until the file system of DIR
# is full; sets rec_rc.
record_full() {
	"$PCIESCOPE" record -o "$1/perf.data" -e "$REC_EVENT" -- sleep 1000 2>rec.err
	rec_rc=$?
}

# Entries `pciescope report` decodes (one line each), its stderr in view.err.
entries() {
	"$PCIESCOPE" report --no-header -i "$1" 2>view.err | wc -l
}

# views_read FILE: every view of `pciescope report` reads FILE and exits 0;
# each one's stderr is appended to views.err.
views_read() {
	local f=$1 v
	: >views.err
	for v in "" -D --json --stats --latency "--timeline 1ms" "--html r.html" \
		"--chrome-trace r.json"; do
		# shellcheck disable=SC2086
		"$PCIESCOPE" report -i "$f" $v >/dev/null 2>>views.err || {
			echo "report $v -i $f failed: $(cat views.err)"
			return 1
		}
	done
}

# cut_reads_every_entry FILE: cuts FILE (a closed recording) at the places
# tests/tools/perf_cuts names: inside its headers, inside its AUXTRACE
# records, at and inside entries.  At each cut the line view holds exactly
# the entries whose bytes lie before it, as the whole file's line view
# prints them; for the first cuts inside a payload every view and
# diagnose -i say what the record promised and what was there.  Prints
# what differs and returns 1.
cut_reads_every_entry() {
	local f=$1 cut n promised present where v told=0 said
	"$PCIESCOPE" report --no-header -i "$f" >whole.lines 2>/dev/null || {
		echo "report of the whole $f failed"
		return 1
	}
	${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/perf_cuts" "$f" >cuts.txt || return 1
	while read -r cut n promised present where; do
		head -c "$cut" "$f" >cut.data
		"$PCIESCOPE" report --no-header -i cut.data >cut.lines 2>cut.err
		head -n "$n" whole.lines | cmp -s - cut.lines || {
			echo "cut at $cut ($where): $(wc -l <cut.lines) entries, want the first $n: $(cat cut.err)"
			return 1
		}
		[ "$promised" != 0 ] && [ $told -lt 3 ] || continue
		told=$((told + 1))
		said="promised $promised bytes of trace, the file holds $present of them"
		for v in "" -D --json --stats; do
			# shellcheck disable=SC2086
			"$PCIESCOPE" report -i cut.data $v >/dev/null 2>view.err
			grep -q "$said" view.err || {
				echo "report $v of a cut at $cut ($where) does not say '$said': $(cat view.err)"
				return 1
			}
		done
		"$PCIESCOPE" diagnose -i cut.data >/dev/null 2>view.err
		grep -q "$said" view.err || {
			echo "diagnose -i of a cut at $cut ($where) does not say '$said': $(cat view.err)"
			return 1
		}
	done <cuts.txt
	[ $told -gt 0 ] || echo "no cut inside an AUXTRACE payload"
	[ $told -gt 0 ]
}
