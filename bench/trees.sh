#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The build directories a side-by-side benchmark runs, old first: the tree
# of OLD_REV (default $1; built by fabric_old.sh) when this is a git
# checkout that has it and OLD is not 0, then BUILD_DIR, made absolute.  A
# script tells them apart by comparing with BUILD_DIR.
set -eu
rev=${OLD_REV:-$1}
new=$(cd "$BUILD_DIR" && pwd)
if [ "${OLD:-1}" != 0 ] && git -C "$SRC_DIR" cat-file -e "$rev" 2>/dev/null; then
	echo "$(OLD_REV=$rev sh "$SRC_DIR/bench/fabric_old.sh") $new"
else
	echo "$new"
fi
