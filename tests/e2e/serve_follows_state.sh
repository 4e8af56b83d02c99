#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# `pciescope serve` on the emulated platform follows what other commands do
# to it while it runs, as an exporter on a host follows sysfs: a
# `pciescope tune` shows on the page.  A hot removal waits for it
# (`platform remove` is refused while a live view holds the machine, and
# with --wait goes through once serve has stopped).  When serve stops, the
# tune is still there: serve, which booted on a fresh state, does not write
# its defaults over it.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$PCIESCOPE_STATE_DIR"
P=$PCIESCOPE
serve_pid=""
at_exit '[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null || true'

# shellcheck source=lib/serve.sh
. "$SRC_DIR/tests/e2e/lib/serve.sh"
TUNE='pciescope_ptt_tune_level{sicl="0",core="2",param="qos_tx_cpl"}'
LINK='pciescope_pcie_link_width_lanes{bdf="0000:01:00.0"}'

# page_has PATTERN [absent]: polls the page until a line matches (or none does).
page_has() {
	local pattern=$1 want=${2:-present}
	for _ in $(seq 100); do
		curl -sf "http://127.0.0.1:$serve_port/metrics" >"$TEST_TMP/page" ||
			fail "serve stopped answering"
		if grep -qF -- "$pattern" "$TEST_TMP/page"; then
			[ "$want" = present ] && return 0
		else
			[ "$want" = absent ] && return 0
		fi
		sleep 0.1
	done
	fail "page never had '$pattern' $want"
}

start_serve "$TEST_TMP/serve.err" --interval 100 || fail "serve did not answer: $(cat "$TEST_TMP/serve.err")"
page_has "$TUNE 1"
page_has "$LINK 16"

"$P" tune hisi_ptt0_2 qos_tx_cpl=2 >/dev/null
page_has "$TUNE 2"
"$P" platform remove 0000:01:00.0 >/dev/null 2>"$TEST_TMP/remove.err" &&
	fail "platform remove went through while serve ran"
want="pciescope: platform remove: refused: serve (pid $serve_pid) holds the emulated kunpeng930 until it ends; add --wait to wait for it"
[ "$(cat "$TEST_TMP/remove.err")" = "$want" ] || fail "refusal: $(cat "$TEST_TMP/remove.err")"
page_has "$LINK 16"
"$P" platform --wait remove 0000:01:00.0 >"$TEST_TMP/remove.out" 2>&1 &
waiter=$!

kill -TERM "$serve_pid"
wait "$serve_pid" || fail "serve exited with $?"
serve_pid=""
wait "$waiter" || fail "platform --wait remove: $(cat "$TEST_TMP/remove.out")"
[ "$(cat "$TEST_TMP/remove.out")" = "removed 0000:01:00.0" ] || fail "remove: $(cat "$TEST_TMP/remove.out")"
[ "$("$P" tune hisi_ptt0_2 qos_tx_cpl)" = "qos_tx_cpl 2" ] || fail "serve's exit undid the tune"
"$P" platform show | grep -q '01:00\.0' && fail "the removal did not stay"
echo ok
