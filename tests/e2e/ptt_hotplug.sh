#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The PTT filter lists follow hot-remove and rescan: a removed function's
# requester filter disappears (and a trace on it is refused as not in the
# current list), a removed Root Port takes its port filter and everything
# below with it; a rescan brings them back.  Removals persist across
# invocations until rescan.
set -eu
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE
filters() { "$P" list --json hisi_ptt0_2 | jq -r ".pmus[0].$1.filters | keys[]"; }

filters requester_filters | grep -qx 0000:01:00.1 || fail "01:00.1 missing at start"
"$P" platform remove 0000:01:00.1 >/dev/null
if filters requester_filters | grep -qx 0000:01:00.1; then fail "01:00.1 still listed"; fi
if "$P" record -o "$TEST_TMP/x.data" -e hisi_ptt0_2/filter=0x00101,type=4,direction=1/ \
	-- sleep 0.0001 2>"$TEST_TMP/err"; then
	fail "trace on a removed function"
fi
grep -q "filter must be in the current list: 0x00101" "$TEST_TMP/err" || fail "message"

"$P" platform remove 0000:00:12.0 >/dev/null
if filters root_port_filters | grep -qx 0000:00:12.0; then fail "00:12.0 still listed"; fi
if filters requester_filters | grep -qx 0000:03:00.0; then fail "03:00.0 still listed"; fi

"$P" platform rescan >/dev/null
filters requester_filters | grep -qx 0000:01:00.1 || fail "01:00.1 not back"
filters root_port_filters | grep -qx 0000:00:12.0 || fail "00:12.0 not back"
filters requester_filters | grep -qx 0000:03:00.0 || fail "03:00.0 not back"
"$P" record -o "$TEST_TMP/x.data" -e hisi_ptt0_2/filter=0x00101,type=4,direction=1/ \
	-- sleep 0.0001 2>/dev/null || fail "trace after rescan"
echo ok
