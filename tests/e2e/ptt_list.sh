#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pciescope list: PTT PMUs with formats, tune values and filter lists, in
# text and JSON; the filters follow the seed's values.
set -eu
mkdir -p "$TEST_TMP"
P=$PCIESCOPE
fail() { echo "FAIL: $*" >&2; exit 1; }

$P list >"$TEST_TMP/list.txt"
grep -q "^hisi_ptt0_2  type [0-9]*  cpumask 0-31" "$TEST_TMP/list.txt" || fail "pmu line"
grep -q "filter=config:0-19" "$TEST_TMP/list.txt" || fail "format"
grep -q "0000:00:10.0  0x80001" "$TEST_TMP/list.txt" || fail "root port filter"

$P list --json hisi_ptt0_2 >"$TEST_TMP/list.json"
q() { jq -r "$1" "$TEST_TMP/list.json"; }
[ "$(q '.pmus | length')" = 1 ] || fail "only the named PMU"
[ "$(q '.pmus[0].format.direction')" = "config:20-23" ] || fail "json format"
[ "$(q '.pmus[0].format.type')" = "config:24-31" ] || fail "json type format"
[ "$(q '.pmus[0].format.format')" = "config:32-35" ] || fail "json format format"
[ "$(q '.pmus[0].tune.qos_tx_cpl')" = 1 ] || fail "json tune"
[ "$(q '.pmus[0].root_port_filters.multiselect')" = true ] || fail "multiselect"
[ "$(q '.pmus[0].requester_filters.multiselect')" = false ] || fail "requester multiselect"
[ "$(q '.pmus[0].root_port_filters.filters["0000:00:10.0"]')" = 0x80001 ] || fail "rp 10.0"
[ "$(q '.pmus[0].root_port_filters.filters["0000:00:12.0"]')" = 0x80010 ] || fail "rp 12.0"
[ "$(q '.pmus[0].requester_filters.filters["0000:01:00.1"]')" = 0x00101 ] || fail "ep 01:00.1"
[ "$(q '.pmus[0].type')" -ge 6 ] || fail "type"

if $P list nosuchpmu 2>"$TEST_TMP/err"; then fail "unknown pmu accepted"; fi
grep -q "no PMU named 'nosuchpmu'" "$TEST_TMP/err" || fail "unknown pmu message"
echo ok
