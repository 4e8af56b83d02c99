#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# fresh_tmp.sh SCRIPT: runs an e2e script in an empty TEST_TMP.  A file a
# test waits on (a recording's size, a line of a log, a page's address)
# must be this run's: what the previous make test left there would answer
# the wait before the new process has even opened the file.
# Afterwards /dev/null must still be the null device: a command that wrote
# "a file" over it (a rename onto -o /dev/null) breaks every later program
# that redirects there, far from the cause, so the test that did it fails.
rm -rf "$TEST_TMP" 2>/dev/null
mkdir -p "$TEST_TMP" || exit 1
bash "$@"
rc=$?
if [ ! -c /dev/null ]; then
	echo "FAIL: /dev/null is no longer a character device after $1" >&2
	exit 1
fi
exit $rc
