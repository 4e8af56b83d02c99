#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What `pciescope exec` shows its command, and what it leaves behind:
# - the real `perf list` shows every event of every emulated PMU, and the
#   host's software events still count (`perf stat -e cpu-clock`);
# - /sys/bus/pci/devices and the CPU count are the emulated machine's;
# - `perf record` on a PTT gets exec's one-line reason (x86 perf has no
#   hisi_ptt AUX support);
# - outside, nothing changed while it ran, and a crashing command leaves
#   no mount and no process behind; without root, a user namespace serves.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/exec.sh"
P=$PCIESCOPE
tree=$TEST_TMP/devices
rm -rf "$tree"
"$P" sysfs export "$tree" >/dev/null

"$P" exec -- perf list pmu >"$TEST_TMP/list" 2>&1 || err "perf list: $(cat "$TEST_TMP/list")"
n=0
for ev in "$tree"/*/events/*; do
	pmu=$(basename "$(dirname "$(dirname "$ev")")")
	name=$(basename "$ev")
	case $name in *.scale | *.unit | *.per-pkg | *.snapshot) continue ;; esac
	grep -q " $pmu/$name/ " "$TEST_TMP/list" || err "perf list lacks $pmu/$name/"
	n=$((n + 1))
done
[ "$n" -gt 50 ] || err "only $n emulated events"
"$P" exec -- perf stat -x';' -e cpu-clock sleep 0.05 2>"$TEST_TMP/sw" || err "cpu-clock: $(cat "$TEST_TMP/sw")"
grep -qE '^[0-9.]+;msec;cpu-clock;' "$TEST_TMP/sw" || err "cpu-clock did not count: $(cat "$TEST_TMP/sw")"

[ "$("$P" exec -- cat /sys/devices/system/cpu/possible)" = 0-63 ] || err "not the emulated 64 CPUs"
"$P" exec -- ls /sys/bus/pci/devices >"$TEST_TMP/pci"
grep -qx 0000:39:00.0 "$TEST_TMP/pci" || err "no emulated NVMe 39:00.0 in /sys/bus/pci/devices"
[ "$("$P" exec -- cat /sys/bus/pci/devices/0000:39:00.0/class)" = 0x010802 ] || err "39:00.0 is not NVMe"

"$P" exec -- perf record -o "$TEST_TMP/ptt.data" -e 'hisi_ptt0_2/filter=0x80011,type=7,direction=0/' \
	-- sleep 0.05 >/dev/null 2>"$TEST_TMP/rec" && err "perf record on a PTT succeeded"
grep -qx "pciescope: exec: hisi_ptt0_2: this perf opened the PTT for sampling without an AUX area: its hisi_ptt AUX support is arm64-only code; record with \`pciescope record -e hisi_ptt0_2/.../\` instead" \
	"$TEST_TMP/rec" || err "no PTT message: $(cat "$TEST_TMP/rec")"

# While a command runs inside, the host sees its own /sys.  (exec's mount
# is the FUSE view named pciescope on /sys.)
ours() { awk '$5 ~ "^/sys" && / - fuse.sysfs pciescope /' /proc/self/mountinfo | grep -q .; }
"$P" exec -- sh -c 'awk "/ - fuse.sysfs pciescope /" /proc/self/mountinfo' >"$TEST_TMP/inside"
grep -q ' /sys ' "$TEST_TMP/inside" || err "no /sys view of exec inside: $(cat "$TEST_TMP/inside")"
"$P" exec -- sleep 0.5 &
pid=$!
sleep 0.2
ours && err "a mount of exec is visible outside"
perf list pmu 2>/dev/null | grep -q hisi_pcie && err "the host perf lists emulated PMUs"
wait $pid

# A crash: the status is the command's, no mount or process remains.
# The seed marks this test's processes apart from another run's on the machine.
seed=$((1000000 + $$))
"$P" exec --seed $seed -- sh -c 'kill -SEGV $$'
rc=$?
[ "$rc" = 139 ] || err "a crashing command gave $rc, not 139"
ours && err "a mount outlived the command"
grep -lsa "PCIESCOPE_EXEC_SEED=$seed\b" /proc/[0-9]*/environ | grep -vq "/proc/$$/" &&
	err "a process of the crashed exec remains"

# Without root: a user namespace that maps the user to itself.  nobody may
# not reach the build tree (a checkout in a 0700 home): what it runs, the
# CLI and the interposer beside it, is copied where anyone may read.
pub=$(mktemp -d /tmp/pciescope-nobody.XXXXXX) || exit 1
at_exit 'rm -rf "$pub"'
mkdir -p "$pub/lib/pciescope" "$pub/state"
cp "$BUILD_DIR/pciescope" "$pub/" && cp "$BUILD_DIR/lib/pciescope/libpciescope-exec.so" "$pub/lib/pciescope/" ||
	exit 1
chmod 755 "$pub" && chmod 777 "$pub/state"
PCIESCOPE_STATE_DIR=$pub/state setpriv --reuid=65534 --regid=65534 --clear-groups \
	"$pub/pciescope" exec -- cat /sys/bus/event_source/devices/hisi_pcie0_core0/format/port >"$TEST_TMP/nobody.out" 2>&1 ||
	err "as nobody: $(cat "$TEST_TMP/nobody.out")"
grep -qx 'config2:0-15' "$TEST_TMP/nobody.out" || err "as nobody: $(cat "$TEST_TMP/nobody.out")"
echo "$n events"
