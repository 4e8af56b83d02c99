#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# For the serve tests: start `pciescope serve` on a port the kernel picks
# (--listen 127.0.0.1:0), so tests running side by side never meet on one.

# start_serve ERRFILE [serve options...]: sets serve_pid and serve_port once
# the page answers; returns 1 if it never does.
start_serve() {
	local err=$1
	shift
	: >"$err" # before the child's own truncation, which may come after the first look
	"$PCIESCOPE" serve --listen 127.0.0.1:0 "$@" 2>"$err" &
	serve_pid=$!
	serve_port=""
	for _ in $(seq 200); do
		serve_port=$(sed -n 's|^pciescope: serving http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$err")
		[ -n "$serve_port" ] && curl -sf "http://127.0.0.1:$serve_port/metrics" >/dev/null &&
			return 0
		kill -0 "$serve_pid" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# A loopback port nothing listens on now, below the kernel's ephemeral range
# (where start_serve's ports come from), for servers that cannot take port 0.
free_port() {
	local p
	for _ in $(seq 100); do
		p=$((10000 + RANDOM % 20000))
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
	done
	return 1
}
