#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Builds the Debian packages (debian/) from a copy of the source tree, so
# neither dpkg-buildpackage's build directory nor its output lands in the
# tree or beside it, then checks them with lintian (errors fail).
#
# Usage: build-deb.sh OUT_DIR [ARCH]
#   no ARCH: a native build; ARCH (arm64, ppc64el): a cross build with
#   Debian's cross compiler against scripts/cross-sysroot.sh's sysroot, whose
#   dpkg database gives dpkg-shlibdeps the target libraries' dependencies.
set -eu
out=$1
arch=${2:-}
src=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$out"
mkdir -p "$out/src"
tar -C "$src" --exclude-vcs --exclude='./build*' --exclude='./obj-*' -cf - . | tar -C "$out/src" -xf -
cd "$out/src"
if [ -n "$arch" ]; then
	PCIESCOPE_SYSROOT=$(sh "$src/scripts/cross-sysroot.sh" "$arch")
	export PCIESCOPE_SYSROOT
	# -d: the Build-Depends are in the sysroot, not installed for ARCH
	dpkg-buildpackage -a "$arch" -d -b -us -uc >"$out/build.log" 2>&1 ||
		{ tail -40 "$out/build.log"; exit 1; }
else
	dpkg-buildpackage -b -us -uc >"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
fi
cd "$out"
ls ./*.deb
lintian --fail-on error ./*.changes
