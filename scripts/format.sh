#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The tree's one C format: clang-format with the repository's .clang-format
# over every .c and .h file under src/, include/ and tests/.  Version 14
# (Debian bookworm's) is the reference, since another version lays out
# some constructs differently.
#   scripts/format.sh          reformat those files in place
#   scripts/format.sh --check  name the files that differ and fail (the
#                              lint/format test of make test)
set -eu
cd "$(dirname "$0")/.."
cf=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$cf" ]; then
	echo "pciescope: format: clang-format not found (scripts/install-deps.sh installs it)" >&2
	exit 2
fi
files=$(find src include tests -name '*.[ch]' | LC_ALL=C sort)
if [ "${1:-}" != --check ]; then
	# shellcheck disable=SC2086 # the paths have no blanks
	exec "$cf" -i $files
fi
# one clang-format for all the files: it names each one that differs
# shellcheck disable=SC2086 # the paths have no blanks
bad=$("$cf" --dry-run -Werror $files 2>&1 | sed -n 's/^\([^: ]*\.[ch]\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
for f in $bad; do
	echo "not clang-formatted: $f" >&2
done
bad=$(echo "$bad" | grep -c . || true)
if [ "$bad" -ne 0 ]; then
	echo "pciescope: format: $bad file(s) differ from clang-format; scripts/format.sh fixes them" >&2
	exit 1
fi
echo "$(echo "$files" | wc -l) files clang-formatted"
