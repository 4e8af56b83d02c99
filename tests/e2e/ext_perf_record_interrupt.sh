#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The installed perf (6.1) reads every recording cut short as pciescope
# does (record_interrupt.sh): after SIGINT and SIGTERM a closed file whose
# HISI PTT dump equals `pciescope report -D`; after SIGKILL, a full file
# system and a file size limit, every record the file header vouches for.
# perf reads only what the header's data size covers: pciescope rewrites it
# after every write, so perf misses at most the one write a SIGKILL cut off
# before its header update; and pciescope reads the whole entries of the
# AUXTRACE record the file ends in, which perf leaves out: its dump begins
# with perf's and holds at most one 4 MiB buffer's entries more.
set -uo pipefail
if [ -z "${REC_IN_NS:-}" ]; then
	exec env REC_IN_NS=1 unshare -m --propagation private bash "$0" "$@"
fi
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf ./*
. "$SRC_DIR/tests/e2e/lib/record_cut.sh"

# The HISI PTT lines of a -D dump: the data headers and the decoded words.
ptt_lines() { grep -E '^\. \.\.\. HISI PTT data|^\.  [0-9a-f]{8}: '; }

# same_as_perf FILE WHAT: perf report -D decodes FILE like pciescope report -D.
same_as_perf() {
	perf report -D -i "$1" 2>perf.err | ptt_lines >perf.ptt
	"$PCIESCOPE" report -D -i "$1" 2>/dev/null | ptt_lines >ours.ptt
	[ -s perf.ptt ] || { err "$2: perf decodes nothing: $(head -3 perf.err)"; return; }
	cmp -s perf.ptt ours.ptt || err "$2: perf and pciescope -D differ ($(wc -l <perf.ptt) vs $(wc -l <ours.ptt) lines)"
}

for sig in INT TERM; do
	record_cut $sig.data $sig 1 # small: perf dumps a 4 MiB chunk in a second or two
	same_as_perf $sig.data SIG$sig
	grep -q "data size field is 0" perf.err && err "SIG$sig: perf calls the file unfinished"
done

# perf_prefix FILE WHAT: perf's dump of FILE is the start of pciescope's, and
# pciescope's holds at most one 4 MiB buffer of 8DW entries more.
perf_prefix() {
	local p o
	perf report -D -i "$1" 2>perf.err | ptt_lines >perf.ptt
	"$PCIESCOPE" report -D -i "$1" 2>/dev/null | ptt_lines >ours.ptt
	p=$(grep -c 'Header DW0' perf.ptt)
	o=$(grep -c 'Header DW0' ours.ptt)
	[ "$p" -ge 131072 ] || err "$2: perf decodes $p entries: $(head -3 perf.err)"
	head -n "$(wc -l <perf.ptt)" ours.ptt | cmp -s - perf.ptt || err "$2: perf's dump is not a prefix of pciescope's"
	[ $((o - p)) -le 131072 ] || err "$2: perf misses $((o - p)) entries, more than one buffer"
}

# SIGKILL: perf may miss the last write (see above), never more.  Cut once a
# second chunk is being written, so that the header vouches for the first.
record_cut KILL.data KILL $(((8 << 20) + 4096))
perf_prefix KILL.data SIGKILL

mkdir -p FULL
mount -t tmpfs -o size=6m tmpfs FULL
record_full FULL
perf_prefix FULL/perf.data ENOSPC
umount FULL

mkdir -p LIMIT
(ulimit -f 6144 && trap '' XFSZ && record_full LIMIT)
perf_prefix LIMIT/perf.data EFBIG
finish
