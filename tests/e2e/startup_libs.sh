#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Start-up: a command that does not serve, mount or write a capture loads
# neither libmicrohttpd, GnuTLS, libfuse nor libpcap (src/cli/util/lazy_lib.h);
# serve loads libmicrohttpd (and GnuTLS with it) when it runs, report --pcap
# libpcap.  The dynamic loader's own
# trace (LD_DEBUG=files, one file per process) says what each process opened.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR" "$TEST_TMP"/ld.*
serve_pid=""
at_exit '[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null || true'
LAZY='libmicrohttpd|libgnutls|libfuse|libpcap|libdbus'

for cmd in "report --help" "--version" "list" "stat -e hisi_pcie0_core0/event=0x10,port=0x1/ -- true"; do
	rm -f "$TEST_TMP"/ld.*
	# shellcheck disable=SC2086
	LD_DEBUG=files LD_DEBUG_OUTPUT=$TEST_TMP/ld "$PCIESCOPE" $cmd >/dev/null
	cat "$TEST_TMP"/ld.* >"$TEST_TMP/cmd.ld"
	grep -q 'file=libjansson' "$TEST_TMP/cmd.ld" || fail "$cmd: no loader trace"
	if grep -E "file=($LAZY)" "$TEST_TMP/cmd.ld"; then
		fail "pciescope $cmd loaded a library only serve, sysfs mount or report --pcap needs"
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
${PCIESCOPE_RUNNER:-} "$BUILD_DIR/tests/gen_ptt_perfdata" -o "$TEST_TMP/t.data" -f 4dw 4096
rm -f "$TEST_TMP"/ld.*
LD_DEBUG=files LD_DEBUG_OUTPUT=$TEST_TMP/ld "$PCIESCOPE" report -i "$TEST_TMP/t.data" \
	--pcap "$TEST_TMP/t.pcap" >/dev/null
grep -q "file=libpcap" "$TEST_TMP"/ld.* || fail "report --pcap did not load libpcap"
[ -s "$TEST_TMP/t.pcap" ] || fail "report --pcap wrote nothing"
echo ok
