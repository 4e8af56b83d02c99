#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs the Debian packages pciescope needs, only those missing, so a
# second run costs one dpkg query.  Needs root (apt-get); CI runs as root.
set -eu

PKGS="build-essential cmake pkg-config clang llvm libclang-rt-14-dev \
libcmocka-dev libjansson-dev linux-perf util-linux jq python3 \
libfuse3-dev fuse3 libmicrohttpd-dev libpci-dev pci.ids pciutils prometheus \
chromium wrk curl scdoc tmux"

missing=""
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done

[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: need root to install:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
