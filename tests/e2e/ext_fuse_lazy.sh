#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope sysfs mount` opens libfuse itself when it runs (it is not linked:
# src/cli/util/lazy_lib.h), and the mount it makes works: the loader's trace
# (LD_DEBUG=files) of the mounting process names libfuse3.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$TEST_TMP"/ld.*
export LD_DEBUG=files LD_DEBUG_OUTPUT=$TEST_TMP/ld
# shellcheck source=lib/fuse.sh
. "$SRC_DIR/tests/e2e/lib/fuse.sh"
unset LD_DEBUG LD_DEBUG_OUTPUT
grep -q 'file=libfuse3' "$TEST_TMP"/ld.* || fail "sysfs mount did not load libfuse3"
[ -n "$(cat "$M/bus/event_source/devices/hisi_ptt0_2/type")" ] || fail "nothing read from the mount"
echo ok
