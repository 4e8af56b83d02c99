#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The demo on a twin: `demo --workload replay:model=FILE` runs its tour on
# the model a recording made, the steps that simulate traffic passing the
# replay on to the command they show.  Apart from twin_model because the demo runs its steps
# through /proc/self/exe, which qemu-user cannot (docs/portability.md).
set -uo pipefail
cd "$TEST_TMP"
# shellcheck source=lib/check.sh
. "$SRC_DIR/tests/e2e/lib/check.sh"
# shellcheck source=lib/twin.sh
. "$SRC_DIR/tests/e2e/lib/twin.sh"
"$P" platform reset >/dev/null

twin_record rec.data 0.0005 storage-read
"$P" twin rec.data -o m.json >o.txt 2>&1 || err "twin -o: $(cat o.txt)"
"$P" demo --workload replay:model="$TEST_TMP/m.json" >demo.txt 2>&1 || err "demo: $(tail -3 demo.txt)"
grep -q -- "--workload replay:model=$TEST_TMP/m.json" demo.txt ||
	err "the demo's steps do not pass the replay on: $(grep -m3 '^ *\$' demo.txt)"
finish
