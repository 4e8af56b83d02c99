#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# For the tests that run every built-in workload (the cross-check, the
# views' agreement): the workload as the CLI takes it.

# load WORKLOAD: the workload as run.  Under the sanitizers and qemu
# (PCIESCOPE_TEST_SCALE=small, docs/portability.md) the busy ones at a
# tenth to a hundredth of their TLPs: every figure is still held, the busy
# links themselves are the native pass's.
load() {
	[ "${PCIESCOPE_TEST_SCALE:-}" = small ] || { echo "$1"; return; }
	case $1 in
	storage-read) echo storage-read:rate=50000,mmio=1M ;;
	storage-write) echo storage-write:rate=50000 ;;
	mixed) echo mixed:rate=20000,mmio=200k ;;
	nic) echo nic:rate=200k ;;
	p2p) echo p2p:rate=200000 ;;
	*) echo "$1" ;;
	esac
}

# wl WORKLOAD: the workload option for the CLI ("default": none)
wl() { [ "$1" = default ] || printf '%s\n' --workload "$1"; }
