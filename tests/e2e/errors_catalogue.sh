#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs docs/errors.md: every row of its catalogue is a command, the exact
# stderr line and the exit code.  The rows run in a private mount namespace
# (a 16 KiB tmpfs stands for a full disk) from a fresh emulated machine each.
# After the table: what a full disk must leave intact.
set -uo pipefail
if [ -z "${ERRORS_IN_NS:-}" ]; then
	exec env ERRORS_IN_NS=1 unshare -m --propagation private bash "$0" "$@"
fi
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
rm -rf ./* 2>/dev/null
E='hisi_ptt0_2/filter=0x80011,type=7,direction=0/'
P() { "$PCIESCOPE" "$@"; }
# NOBODY P args...: the CLI as user 65534.  Under qemu-user the emulator
# opens the program as that user, who may not reach the build (a checkout
# in a 0700 directory): there it runs a copy in a directory under /tmp,
# which anyone may enter.
NOBODY() {
	shift
	# shellcheck disable=SC2086
	setpriv --reuid=65534 --regid=65534 --clear-groups ${PCIESCOPE_RUNNER:-} "$NOBODY_CLI" "$@"
}
NOBODY_CLI=$PCIESCOPE
if [ -n "${PCIESCOPE_RUNNER:-}" ]; then
	pub=$(mktemp -d /tmp/pciescope-nobody.XXXXXX) &&
		at_exit 'rm -rf "$pub"' &&
		chmod 755 "$pub" && cp "$BUILD_DIR/pciescope" "$pub/" ||
		fail "no copy of the CLI for user 65534 under /tmp"
	NOBODY_CLI=$pub/pciescope
fi
export -f P NOBODY
export PCIESCOPE E NOBODY_CLI

fixtures() {
	echo "hello, world, this is not a perf.data file" >text.data
	: >empty.data
	${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o full.data -f 4dw 4096 4096
	head -c 6000 full.data >cut.data
	cp cut.data open.data # never closed: no feature bitmap (bytes 72..103 of the header)
	printf '\0%.0s' $(seq 32) | dd of=open.data bs=1 seek=72 conv=notrunc status=none
	cp full.data garbled.data
	# the header of the second AUXTRACE record (after 0x238 + 48 + 4096)
	printf '\0%.0s' $(seq 8) | dd of=garbled.data bs=1 seek=$((0x1268)) conv=notrunc status=none
	P record -o gaps.data --workload nic:rate=2000 \
		-e hisi_ptt0_2/filter=0x80001,type=1,direction=1,format=0/ -- sleep 0.01 2>/dev/null
	sed 's|"bdf": "0000:00:17.0", "type": "rciep", "model": "hisi_ptt",|& "dma_reset_reads": 11,|' \
		"$SRC_DIR/platforms/kunpeng930.json" >stuck.json
	echo '{"name":"x","devices":[{"bdf":"0000:00:01.0"}]}' >bad.json
	mkdir -p FULL nolib adir
	: >nolib/libmicrohttpd.so.12
	mount -t tmpfs -o size=16k tmpfs FULL
}

# One row: command, expected stderr, expected exit code.
run_row() {
	local cmd=$1 want=$2 code=$3 rc
	P platform reset >/dev/null 2>&1
	rm -rf FULL/* x.data x.data.old
	# a row that does not fail (a serve that serves) must not hang the test
	timeout 60 bash -c "${cmd// E / \"\$E\" }" >/dev/null 2>err.txt
	rc=$?
	# qemu-user has no perf_event_open (docs/portability.md): there the host
	# row's refusal is the emulator's ENOSYS, and its unshare of a mount
	# namespace in an unmapped user namespace says EINVAL: still one clean line
	if [ -n "${PCIESCOPE_RUNNER:-}" ] && [[ $cmd == *"--backend host -e cycles"* ]]; then
		want="pciescope: stat: 'cycles': cannot open the event (type=0 config=0x0 config1=0x0 config2=0x0): Function not implemented"
	fi
	if [ -n "${PCIESCOPE_RUNNER:-}" ] && [[ $cmd == "unshare -U "* ]]; then
		want=${want/Operation not permitted/Invalid argument}
	fi
	if [ "$rc" != "$code" ] || [ "$(cat err.txt)" != "$want" ]; then
		err "$cmd
  exit $rc (want $code), stderr: $(cat err.txt)
  want: $want"
	fi
}

unquote() { # strips the Markdown code quotes of a cell
	local s=$1
	s=${s#\`\`}; s=${s%\`\`}; s=${s#\`}; s=${s%\`}
	printf '%s' "$s"
}

fixtures
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
rows=0
while IFS= read -r line; do
	[[ $line == "| \`"* ]] || continue
	line=${line#| }
	line=${line% |}
	cmd=$(unquote "${line%% | *}")
	rest=${line#* | }
	rest=${rest#* | }
	code=${rest##* | }
	msg=$(unquote "${rest% | *}")
	run_row "$cmd" "${msg//PARANOID/$paranoid}" "$code"
	rows=$((rows + 1))
done <"$SRC_DIR/docs/errors.md"
[ "$rows" -ge 30 ] || err "only $rows catalogue rows read"

# A full disk keeps the previous recording as .old, byte for byte.
P platform reset >/dev/null 2>&1
cp full.data FULL/keep.data
cp full.data keep.copy
P record -o FULL/keep.data -e "$E" -- sleep 0.005 >/dev/null 2>err.txt &&
	err "record into a full disk succeeded"
cmp -s FULL/keep.data.old keep.copy || err "keep.data.old changed"
# ... and the partial file opens, never taken for a complete trace: report
# says it was not closed and how much it recovered.
P report -i FULL/keep.data >/dev/null 2>err.txt ||
	err "the partial recording does not open: $(cat err.txt)"
grep -q "^pciescope: report: FULL/keep.data: warning: the file was not closed .*: recovered [0-9]* records" err.txt ||
	err "the partial recording reads as a complete trace: $(cat err.txt)"
umount FULL
finish
