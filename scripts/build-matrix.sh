#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Builds the library and the CLI (no tests: they cost build time and are run
# elsewhere) the ways a packager or a user would, with warnings as errors, so
# that a new warning in any of them fails `make test`:
#   release   CMake's Release type (-O3 -DNDEBUG), gcc
#   clang     clang, RelWithDebInfo
# Debian's dpkg-buildflags (hardening, -O2) are the package's build
# (make test-deb, debian/rules with PCIESCOPE_WERROR=ON): not built twice.
# Usage: build-matrix.sh PREFIX JOBS   (build dirs PREFIX-release, ...)
set -eu
prefix=$1
jobs=$2
src=$(cd "$(dirname "$0")/.." && pwd)

build() {
	name=$1
	shift
	echo "build-matrix: $name"
	rm -rf "$prefix-$name"
	env "$@" cmake -S "$src" -B "$prefix-$name" -DBUILD_TESTING=OFF -DPCIESCOPE_WERROR=ON \
		>"$prefix-$name.log" 2>&1 || { cat "$prefix-$name.log"; exit 1; }
	cmake --build "$prefix-$name" -j "$jobs" --target pciescope >>"$prefix-$name.log" 2>&1 ||
		{ grep -B2 -A8 -E 'error|warning' "$prefix-$name.log" | head -60; exit 1; }
	# -Werror covers the compiler; a linker or CMake warning must not pass either
	if grep -iE '(^| )warning' "$prefix-$name.log"; then
		echo "build-matrix: $name: warnings above"
		exit 1
	fi
}

build release CC=gcc CMAKE_BUILD_TYPE=Release
build clang CC=clang CMAKE_BUILD_TYPE=RelWithDebInfo
