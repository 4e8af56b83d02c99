#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope sysfs mount`: the emulated /sys under a FUSE mount behaves like
# sysfs for cat/echo/ls, returns the kernel's errno, persists writes into the
# state later invocations see, survives concurrent readers and writers, and
# unmounts with fusermount3 -u or Ctrl-C.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
M=$TEST_TMP/mnt
mkdir -p "$M"
cleanup() { mountpoint -q "$M" && fusermount3 -u "$M" || true; }
at_exit cleanup

wait_mounted() {
	for _ in $(seq 600); do mountpoint -q "$M" && return 0; sleep 0.05; done
	fail "not mounted"
}
wait_unmounted() {
	for _ in $(seq 600); do mountpoint -q "$M" || return 0; sleep 0.05; done
	fail "still mounted"
}

# A bad platform fails before mounting, with one line.
if "$PCIESCOPE" sysfs mount --platform nosuch "$M" 2>"$TEST_TMP/err"; then
	fail "mount of unknown platform succeeded"
fi
[ "$(wc -l <"$TEST_TMP/err")" = 1 ] || fail "error not one line: $(cat "$TEST_TMP/err")"
mountpoint -q "$M" && fail "mounted despite error"

"$PCIESCOPE" sysfs mount "$M"
wait_mounted
D=$M/bus/pci/devices/0000:00:0c.0
[ "$(cat "$D/vendor")" = 0x19e5 ] || fail "vendor: $(cat "$D/vendor")"
ls "$M/bus/event_source/devices" | grep -qx software || fail "no software PMU"
[ -d "$D/0000:28:00.0" ] || fail "no 28:00.0 under 00:0c.0"

# The kernel's errno comes back: kstrtobool refuses "maybe".
if (echo maybe >"$D/remove") 2>"$TEST_TMP/err"; then fail "bad remove accepted"; fi
grep -q "Invalid argument" "$TEST_TMP/err" || fail "not EINVAL: $(cat "$TEST_TMP/err")"
if cat "$M/bus/pci/nosuch" 2>/dev/null; then fail "missing file read"; fi

# A write is durable at once: a second mount (another invocation) sees it.
echo 1 >"$D/0000:28:00.0/remove"
[ -e "$D/0000:28:00.0" ] && fail "removed device still listed"
M2=$TEST_TMP/mnt2
mkdir -p "$M2"
"$PCIESCOPE" sysfs mount "$M2"
for _ in $(seq 100); do mountpoint -q "$M2" && break; sleep 0.05; done
[ -e "$M2/bus/pci/devices/0000:00:0c.0/0000:28:00.0" ] && fail "removal not persistent"
echo 1 >"$M2/bus/pci/rescan"
fusermount3 -u "$M2"
[ -e "$D/0000:28:00.0" ] || fail "rescan through the other mount not seen"

# Concurrent readers and a writer: every read is whole and right.
reader() {
	for _ in $(seq 30); do cat "$M/bus/pci/devices/0000:00:10.0/vendor"; done
}
writer() {
	for _ in $(seq 10); do
		echo 1 >"$D/0000:28:00.0/remove"
		echo 1 >"$M/bus/pci/rescan"
	done
}
for i in 1 2 3; do reader >"$TEST_TMP/r$i" & done
writer & wpid=$!
wait
for i in 1 2 3; do
	[ "$(sort -u "$TEST_TMP/r$i")" = 0x19e5 ] || fail "reader $i saw: $(sort -u "$TEST_TMP/r$i")"
	[ "$(wc -l <"$TEST_TMP/r$i")" = 30 ] || fail "reader $i lost reads"
done
[ -d "$D/0000:28:00.0" ] || fail "device missing after remove/rescan pairs"

fusermount3 -u "$M"
wait_unmounted

# Ctrl-C on a foreground mount unmounts it.
"$PCIESCOPE" sysfs mount -f "$M" &
pid=$!
wait_mounted
kill -INT $pid
wait $pid || fail "foreground mount exited $? on SIGINT"
mountpoint -q "$M" && fail "still mounted after Ctrl-C"
echo ok
