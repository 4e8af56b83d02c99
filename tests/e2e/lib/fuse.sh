# SPDX-License-Identifier: GPL-2.0-only
# Shared by the tests that work on a `pciescope sysfs mount`: a fresh state,
# the emulated /sys mounted at $M (unmounted when the test exits).  Needs lib/check.sh.
rm -rf "$PCIESCOPE_STATE_DIR"
M=$TEST_TMP/mnt
mkdir -p "$M"
at_exit 'mountpoint -q "$M" && fusermount3 -u "$M"'

"$PCIESCOPE" sysfs mount "$M"
for _ in $(seq 100); do mountpoint -q "$M" && break; sleep 0.05; done
mountpoint -q "$M" || fail "not mounted"
