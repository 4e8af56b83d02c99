#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every e2e script says what failed one way: it sources tests/e2e/lib/check.sh
# and defines no fail/err/check of its own (a local one would print another
# way, or forget to fail the test at its end).
# Usage: e2e_helpers.sh SRC_DIR
set -u
cd "$1/tests" || exit 1
bad=0
for f in e2e/*.sh cross/*.sh; do
	if ! grep -q '^\. "$SRC_DIR/tests/e2e/lib/check.sh"$' "$f"; then
		echo "$f: does not source tests/e2e/lib/check.sh"
		bad=1
	fi
done
for f in e2e/*.sh e2e/lib/*.sh cross/*.sh package/*.sh; do
	[ "$f" = e2e/lib/check.sh ] && continue
	if grep -nE '^\s*(fail|err|bad|check|die)\s*\(\)' "$f"; then
		echo "$f: defines its own failure helper (use tests/e2e/lib/check.sh)"
		bad=1
	fi
done
exit $bad
