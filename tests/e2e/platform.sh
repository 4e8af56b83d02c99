#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope platform: the seed devices are there, hot removal persists
# between invocations until a rescan or a reset, errors are one line.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE

"$P" platform reset > /dev/null
out=$("$P" platform)
for bdf in 0000:00:10.0 0000:01:00.1 0000:00:00.0 0000:00:04.0 0000:39:00.0 0000:01:02.3; do
	grep -q "$bdf" <<< "$out" || fail "$bdf missing from platform show"
done
[ "$("$P" platform --json | jq -r '.[] | select(.bdf == "0000:01:00.1") | .parent')" = 0000:00:10.0 ] ||
	fail "01:00.1 is not below 00:10.0 in --json"
[ "$("$P" platform --json | jq '[.[] | select(.vendor == 6629 and .device == 41262)] | length')" -ge 4 ] ||
	fail "fewer than 4 PTT RCiEPs"

[ "$("$P" platform remove 0000:01:00.0)" = "removed 0000:01:00.0" ] || fail "remove output"
"$P" platform --json > "$TEST_TMP/after.json"
jq -e '[.[] | select(.bdf == "0000:01:00.0" or .bdf == "0000:01:02.0")] | length == 0' \
	"$TEST_TMP/after.json" > /dev/null || fail "PF or its VFs still present after remove"
jq -e '[.[] | select(.bdf == "0000:01:00.1")] | length == 1' "$TEST_TMP/after.json" > /dev/null ||
	fail "the other function went with the removed one"

"$P" platform rescan > /dev/null
"$P" platform | grep -q 0000:01:02.0 || fail "rescan did not bring the VFs back"

"$P" platform remove 00:10.1 > /dev/null
"$P" platform | grep -q 0000:02:00.0 && fail "device below a removed port still there"
"$P" platform reset > /dev/null
"$P" platform | grep -q 0000:02:00.0 || fail "reset did not restore the removed port"

check_error() {
	local want=$1; shift
	if "$@" > /dev/null 2> "$TEST_TMP/err"; then fail "$* succeeded"; fi
	[ "$(wc -l < "$TEST_TMP/err")" -eq 1 ] || fail "$*: error is not one line"
	grep -q "$want" "$TEST_TMP/err" || fail "$*: error lacks '$want': $(cat "$TEST_TMP/err")"
}
check_error "no device 0000:01:07.0" "$P" platform remove 01:07.0
check_error "is not a BDF" "$P" platform remove bogus
check_error "unknown action" "$P" platform frobnicate
check_error "no platform 'nope'" "$P" platform --platform nope
echo '{"name": "broken", "devices": [{"bdf": "00:00.0"}]}' > "$TEST_TMP/broken.json"
check_error 'broken.json: devices\[0\] (00:00.0): missing "type"' "$P" platform --platform "$TEST_TMP/broken.json"
# The host is never changed by accident: the changing actions refuse the
# host backend and name the file a root user would write instead.
check_error "refused on the host backend.*/sys/bus/pci/devices/0000:00:05.0/remove" \
	"$P" platform remove 00:05.0 --backend host
check_error "refused on the host backend.*/sys/bus/pci/rescan" "$P" platform rescan --backend host
check_error "refused on the host backend" "$P" platform reset --backend host
"$P" platform --help | grep -q "refused" || fail "platform --help does not say the host is refused"
"$P" tune --help | grep -q "writes the real PTT" || fail "tune --help does not say it writes the host"
echo ok
