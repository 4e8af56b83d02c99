#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `serve --listen` in the spellings exporters take: [IPv6]:PORT, a name,
# :PORT (every address); the page answers on the address printed.  Without
# --listen the exporter is on loopback only (its help says so).  A port in
# use is one error line naming that port and why.
set -uo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
P=$PCIESCOPE
pid=""
at_exit '[ -z "$pid" ] || kill "$pid" 2>/dev/null'

# serve_on LISTEN: starts serve, sets pid and url (the one it says it serves)
serve_on() {
	# emptied here: the background child's own truncation may come after
	# the first look, which would find the previous serve's address
	: >"$TEST_TMP/err"
	"$P" serve --listen "$1" --interval 200 >/dev/null 2>"$TEST_TMP/err" &
	pid=$!
	for _ in $(seq 600); do # a loaded machine (ASan) may take long to boot
		url=$(sed -n 's|^pciescope: serving \(http://[^ ]*\) every.*|\1|p' "$TEST_TMP/err")
		[ -n "$url" ] && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	return 1
}

serves_on() { # serves_on LISTEN URL-PATTERN
	serve_on "$1" || { err "$1: serve did not start: $(cat "$TEST_TMP/err")"; return; }
	[[ $url =~ $2 ]] || err "$1: serves $url"
	# to a file: grep -q on a pipe would cut curl off mid-page (pipefail)
	curl -gsf --max-time 60 "${url/0.0.0.0/127.0.0.1}" >"$TEST_TMP/page" ||
		err "$1: nothing at $url (curl $?): $(cat "$TEST_TMP/err")"
	grep -q '^pciescope_pcie_bytes_total{' "$TEST_TMP/page" || err "$1: no counters at $url"
	kill "$pid"; wait "$pid" 2>/dev/null; pid=""
}
# a second exporter on the first one's port: the port it asked for, and why
if serve_on '127.0.0.1:0'; then
	port=${url##*:}
	port=${port%%/*}
	if "$P" serve --listen "127.0.0.1:$port" >/dev/null 2>"$TEST_TMP/busy"; then
		err "a second serve took port $port"
	fi
	[ "$(cat "$TEST_TMP/busy")" = "pciescope: serve: cannot listen on 127.0.0.1:$port: Address already in use" ] ||
		err "port in use: $(cat "$TEST_TMP/busy")"
	kill "$pid"; wait "$pid" 2>/dev/null; pid=""
else
	err "serve did not start: $(cat "$TEST_TMP/err")"
fi
serves_on '[::1]:0' '^http://\[::1\]:[0-9]+/metrics$'
serves_on 'localhost:0' '^http://(127\.0\.0\.1|\[::1\]):[0-9]+/metrics$'
serves_on ':0' '^http://0\.0\.0\.0:[0-9]+/metrics$'
"$P" serve --help | grep -q '127.0.0.1:9464, loopback only' || err "help does not give the loopback default"
finish
