#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# For the live-view tests: wait for a condition or a process with a bound
# generous enough for a loaded machine, never measuring how long it took.

# wait_for SECONDS COMMAND...: polls COMMAND every 0.1 s; 1 if it never succeeds.
wait_for() {
	local tries=$(($1 * 10))
	shift
	for _ in $(seq "$tries"); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# ends_within SECONDS PID: 0 once PID has exited (its status in ended_status),
# 1 if it still runs after SECONDS (it is then killed).
ends_within() {
	local pid=$2
	if wait_for "$1" eval '! kill -0 '"$pid"' 2>/dev/null'; then
		wait "$pid"
		ended_status=$?
		return 0
	fi
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	return 1
}

# catches PID SIGNUM: whether PID handles the signal itself (SigCgt in
# /proc/PID/status), so that sending it asks rather than kills.
catches() {
	local mask
	mask=$(awk '$1 == "SigCgt:" { print $2 }' "/proc/$1/status" 2>/dev/null)
	[ -n "$mask" ] && (((16#$mask >> ($2 - 1)) & 1))
}
