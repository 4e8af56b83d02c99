#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# fresh_tmp.sh SCRIPT: runs an e2e script in an empty TEST_TMP.  A file a
# test waits on (a recording's size, a line of a log, a page's address)
# must be this run's: what the previous make test left there would answer
# the wait before the new process has even opened the file.
rm -rf "$TEST_TMP" 2>/dev/null
mkdir -p "$TEST_TMP" && exec bash "$@"
