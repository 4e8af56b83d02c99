#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Where `pciescope sysfs mount` mounts: a relative directory with -f, ended
# by Ctrl-C (SIGINT), unmounts cleanly (no libfuse complaint, no dead mount
# left); a directory that is a mount point already, live or dead, is
# refused with one line and the mount there is left as it was.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
cd "$TEST_TMP" || exit 1
rm -rf rel && mkdir rel
pid=
# A failure must not leave a daemon holding the test's output open.
at_exit '[ -n "$pid" ] && kill $pid 2>/dev/null; while mountpoint -q rel; do fusermount3 -u rel || break; done'

wait_mounted() {
	for _ in $(seq 600); do mountpoint -q rel && return 0; sleep 0.05; done
	fail "not mounted"
}

"$PCIESCOPE" sysfs mount -f rel 2>err &
pid=$!
wait_mounted
[ "$(cat rel/bus/pci/devices/0000:00:10.0/vendor)" = 0x19e5 ] || fail "not the emulated /sys"

if "$PCIESCOPE" sysfs mount rel 2>err2; then fail "a second mount on rel succeeded"; fi
[ "$(cat err2)" = "pciescope: sysfs mount: rel: already a mount point (fusermount3 -u rel first)" ] ||
	fail "second mount: $(cat err2)"
[ "$(findmnt -n -o TARGET "$TEST_TMP/rel" | wc -l)" = 1 ] || fail "two mounts stacked on rel"

kill -INT $pid
wait $pid || fail "the mount exited $? on SIGINT"
[ -s err ] && fail "the mount said: $(cat err)"
mountpoint -q rel && fail "still mounted after SIGINT"
ls rel >/dev/null 2>err || fail "a dead mount was left: $(cat err)"

# A daemon killed outright leaves a dead mount; mounting there says so.
"$PCIESCOPE" sysfs mount -f rel 2>/dev/null &
pid=$!
wait_mounted
kill -KILL $pid
wait $pid
if "$PCIESCOPE" sysfs mount rel 2>err2; then fail "a mount on a dead mount succeeded"; fi
[ "$(cat err2)" = "pciescope: sysfs mount: rel: a dead mount is there (fusermount3 -u rel)" ] ||
	fail "dead mount: $(cat err2)"
fusermount3 -u rel || fail "the dead mount did not unmount"
echo ok
