#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope serve` under load: wrk (2 threads, 20 connections, 5 s) on
# loopback gets no socket error and no non-2xx answer; the exporter's RSS
# after the load stays within 64 MiB of its RSS before; malformed requests
# (garbage, an oversized header, a bare request line, a truncated request, a
# wrong method) are answered or closed (an unknown method gets 405), and
# serve is still alive and serving afterwards.  Figures only are printed
# (docs/reliability.md), no timing is asserted: wrk's per-request timeout is
# raised far above any answer time, so a slow machine is not an "error".
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
start_serve "$TEST_TMP/serve.err" --interval 100 || fail "serve did not answer: $(cat "$TEST_TMP/serve.err")"
spid=$serve_pid
SP=$serve_port
at_exit 'kill $spid 2>/dev/null'
rss() { awk '/^VmRSS/ { print $2 }' /proc/$spid/status; }
before=$(rss)

wrk -t2 -c20 -d5s --timeout 60s "http://127.0.0.1:$SP/metrics" >"$TEST_TMP/wrk.txt" 2>&1 || fail "wrk: $(cat "$TEST_TMP/wrk.txt")"
cat "$TEST_TMP/wrk.txt"
grep -q 'Socket errors' "$TEST_TMP/wrk.txt" && fail "socket errors under load"
grep -q 'Non-2xx' "$TEST_TMP/wrk.txt" && fail "non-2xx answers under load"
grep -Eq '^ *[0-9]+ requests in' "$TEST_TMP/wrk.txt" || fail "wrk made no request"
after=$(rss)
echo "serve RSS before ${before} KiB, after ${after} KiB"
[ $((after - before)) -lt 65536 ] || fail "RSS grew from $before to $after KiB"

raw() { # bytes to send; prints the status line of the answer (or nothing)
	exec 3<>"/dev/tcp/127.0.0.1/$SP" || fail "cannot connect after: $1"
	printf '%b' "$1" >&3
	timeout 5 head -c 200 <&3 | head -n1
	exec 3>&-
}
long=$(printf 'X%.0s' $(seq 20000))
for req in '\x00\x01\x02garbage\r\n\r\n' "GET /metrics HTTP/1.1\r\nX-Long: $long\r\n\r\n" \
	'GET\r\n\r\n' 'GET /metrics HTTP/1.1\r\nHost: x' 'BREW /metrics HTTP/1.1\r\n\r\n' \
	'GET /../../etc/passwd HTTP/1.1\r\n\r\n' 'GET /metrics HTTP/9.9\r\n\r\n'; do
	echo "request ${req:0:40}: $(raw "$req")"
	kill -0 $spid 2>/dev/null || fail "serve died on: ${req:0:60}"
done
raw 'BREW /metrics HTTP/1.1\r\nHost: x\r\n\r\n' | grep -q ' 405 ' || fail "BREW not answered 405"
code=$(curl -s -o "$TEST_TMP/after.txt" -w '%{http_code}' "http://127.0.0.1:$SP/metrics")
rc=$?
[ "$rc" = 0 ] && [ "$code" = 200 ] && grep -q '^pciescope_' "$TEST_TMP/after.txt" ||
	fail "serve stopped serving: curl exit $rc, HTTP $code, $(head -c 200 "$TEST_TMP/after.txt")"
kill -TERM $spid
wait $spid || fail "serve exited with $? on SIGTERM"
