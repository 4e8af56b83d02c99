#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Start-up: a command that does not serve or mount loads neither
# libmicrohttpd, GnuTLS nor libfuse (src/cli/lazy_lib.h); serve loads
# libmicrohttpd (and GnuTLS with it) when it runs.  The dynamic loader's own
# trace (LD_DEBUG=files, one file per process) says what each process opened.
set -euo pipefail
mkdir -p "$TEST_TMP"
rm -rf "$PCIESCOPE_STATE_DIR" "$TEST_TMP"/ld.*
fail() { echo "FAIL: $*" >&2; exit 1; }
serve_pid=""
trap '[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null || true' EXIT
LAZY='libmicrohttpd|libgnutls|libfuse'

for cmd in "report --help" "--version" "list" "stat -e hisi_pcie0_core0/event=0x10,port=0x1/ -- true"; do
	rm -f "$TEST_TMP"/ld.*
	# shellcheck disable=SC2086
	LD_DEBUG=files LD_DEBUG_OUTPUT=$TEST_TMP/ld "$PCIESCOPE" $cmd >/dev/null
	cat "$TEST_TMP"/ld.* >"$TEST_TMP/cmd.ld"
	grep -q 'file=libjansson' "$TEST_TMP/cmd.ld" || fail "$cmd: no loader trace"
	if grep -E "file=($LAZY)" "$TEST_TMP/cmd.ld"; then
		fail "pciescope $cmd loaded a library only serve or sysfs mount needs"
	fi
done

# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
rm -f "$TEST_TMP"/ld.*
export LD_DEBUG=files LD_DEBUG_OUTPUT=$TEST_TMP/ld
start_serve "$TEST_TMP/serve.err" --interval 100 || fail "serve did not start"
unset LD_DEBUG LD_DEBUG_OUTPUT
kill "$serve_pid"
wait "$serve_pid" || true
serve_pid=""
for lib in libmicrohttpd libgnutls; do
	grep -q "file=$lib" "$TEST_TMP"/ld.* || fail "serve did not load $lib"
done
echo ok
