#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Nothing moved or written without a word: `record -o` and `diagnose -o`
# onto an existing directory are refused and leave it as it was; an
# existing file is moved to FILE.old and the command says so in one line;
# when FILE.old cannot be made (a directory is in the way), nothing is
# written and FILE stays.
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
E='hisi_ptt0_2/filter=0x80001,type=1/'
"$P" platform reset >/dev/null

mkdir -p adir && echo mine >adir/notes
for cmd in "record -e $E" "diagnose"; do
	name=${cmd%% *}
	# shellcheck disable=SC2086
	"$P" $cmd -o adir -- sleep 0.0001 >out.txt 2>err.txt && err "$name -o adir went through"
	grep -qx "pciescope: $name: -o adir: is a directory: pciescope writes a file, and moves aside only a file; name one, e.g. -o adir/perf.data" \
		err.txt || err "$name -o adir: $(cat err.txt)"
	[ "$(ls -A adir)" = notes ] && [ "$(cat adir/notes)" = mine ] || err "$name changed adir"
	[ -e adir.old ] && err "$name made adir.old"
done

"$P" record -e "$E" -o f.data -- sleep 0.0001 >/dev/null 2>first.err || err "record: $(cat first.err)"
grep -q 'moved' first.err && err "a new file said moved: $(cat first.err)"
cp f.data first.data
"$P" record -e "$E" -o f.data -- sleep 0.0002 >/dev/null 2>second.err || err "record: $(cat second.err)"
[ "$(grep -c moved second.err)" = 1 ] &&
	grep -qx 'pciescope: record: the existing f.data was moved to f.data.old' second.err ||
	err "second record: $(cat second.err)"
cmp -s first.data f.data.old || err "f.data.old is not the first recording"
cp f.data second.data
"$P" record -e "$E" -o f.data -- sleep 0.0001 >/dev/null 2>third.err || err "record: $(cat third.err)"
grep -qx 'pciescope: record: the existing f.data was moved to f.data.old (in place of the one there before)' \
	third.err || err "third record: $(cat third.err)"
cmp -s second.data f.data.old || err "f.data.old is not the second recording"

rm -f f.data.old && mkdir f.data.old
cp f.data third.data
"$P" record -e "$E" -o f.data -- sleep 0.0001 >/dev/null 2>blocked.err && err "record over a blocked .old"
grep -qx 'pciescope: record: cannot keep the existing f.data as f.data.old, so nothing was written: Is a directory' \
	blocked.err || err "blocked .old: $(cat blocked.err)"
cmp -s third.data f.data || err "f.data changed although nothing was to be written"
finish
