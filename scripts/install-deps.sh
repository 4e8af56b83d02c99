#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs the Debian packages pciescope needs, only those missing, so a
# second run costs one dpkg query.  Needs root (apt-get); CI runs as root.
#
#   install-deps.sh run    what building pciescope and `pciescope demo` need (make run)
#   install-deps.sh test   that and what the tests need (make test, make build; the default)
set -eu

# RUN: the compiler, the build tools and the libraries the CLI links or loads.
RUN="build-essential cmake pkg-config scdoc \
libjansson-dev libfuse3-dev libmicrohttpd-dev libpci-dev pci.ids libpcap-dev"

# TEST: unit tests, sanitizers and fuzzing, the real programs the ext_* tests
# run against, the arm64/ppc64el cross builds under qemu, the Debian package.
TEST="clang clang-format-14 llvm libclang-rt-14-dev libcmocka-dev \
linux-perf util-linux jq python3 fuse3 pciutils prometheus chromium wrk curl tshark tmux \
gcc-aarch64-linux-gnu gcc-powerpc64le-linux-gnu qemu-user-static \
debhelper dpkg-dev lintian man-db"

case "${1:-test}" in
run) PKGS=$RUN ;;
test) PKGS="$RUN $TEST" ;;
*) echo "usage: install-deps.sh [run|test]" >&2; exit 2 ;;
esac

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
# Two checkouts' make test at once: one installs, the other waits for it
# (apt would refuse the second outright) and then finds nothing to do.
exec 9>/tmp/pciescope-install-deps.lock
flock 9
# tshark asks whether non-root users may capture; tests only read files.
echo "wireshark-common wireshark-common/install-setuid boolean false" |
	debconf-set-selections
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
