#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The modes of a `pciescope sysfs mount` are the ones the kernel gives its
# attributes: PTT tune files 0600, remove and rescan 0200, read-only
# attributes 0444, writable ones 0644, directories 0755.  Opening a
# write-only file for reading is EACCES, as on sysfs, even for root.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
. "$SRC_DIR/tests/e2e/lib/fuse.sh"

mode() { stat -c %a "$M/$1" || fail "no $1"; }
want() { [ "$(mode "$1")" = "$2" ] || fail "$1 is $(mode "$1"), not $2"; }

T=bus/event_source/devices/hisi_ptt0_2
D=bus/pci/devices/0000:00:10.0
want $T/tune/qos_tx_cpl 600
want $T/tune/rx_alloc_buf_level 600
want $D/remove 200
want bus/pci/rescan 200
want $D/vendor 444
want $T/type 444
want $T/format/filter 444
want $T/perf_event_mux_interval_ms 644
want $T/tune 755

if cat "$M/$D/remove" 2>"$TEST_TMP/err"; then fail "remove was readable"; fi
grep -q "Permission denied" "$TEST_TMP/err" || fail "reading remove: $(cat "$TEST_TMP/err")"
if cat "$M/bus/pci/rescan" 2>"$TEST_TMP/err"; then fail "rescan was readable"; fi
grep -q "Permission denied" "$TEST_TMP/err" || fail "reading rescan: $(cat "$TEST_TMP/err")"
[ "$(cat "$M/$T/tune/qos_tx_cpl")" = 1 ] || fail "a 0600 file did not read"
echo 2 >"$M/$T/tune/qos_tx_cpl" || fail "a 0600 file did not write"
[ "$(cat "$M/$T/tune/qos_tx_cpl")" = 2 ] || fail "the write did not land"
echo ok
