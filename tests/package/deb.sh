#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The native Debian package as a user gets it: unpacked with dpkg-deb -x (not
# installed, so the test leaves the machine as it was), its CLI runs on the
# platform files it ships, every man page renders with man -l, its bash
# completion completes, and its Depends are exactly the packages of the
# libraries the binary links (serve's and sysfs mount's are Recommends:
# docs/packaging.md).
#
# Usage: deb.sh PCIESCOPE_DEB
set -euo pipefail
deb=$1
x=$(mktemp -d)
TEST_TMP=$x
. "$(dirname "$0")/../e2e/lib/check.sh"
at_exit 'rm -rf "$x"'

dpkg-deb -x "$deb" "$x/root"
P=$x/root/usr/bin/pciescope
export PCIESCOPE_STATE_DIR=$x/state PCIESCOPE_DATADIR=$x/root/usr/share/pciescope
"$P" --version | grep -Eqx 'pciescope [0-9]+\.[0-9]+\.[0-9]+' || fail "--version"
"$P" platform --platform power8 | grep -q . || fail "platform from the packaged power8.json"
"$P" list | grep -q hisi_ptt0_2 || fail "list on the packaged kunpeng930.json"
# Not installed, no data directory: the binary's own built-in platforms.
for p in kunpeng930 epyc power8; do
	env -u PCIESCOPE_DATADIR "$P" demo --platform $p >/dev/null 2>&1 || fail "demo --platform $p, the binary alone"
done

cmds=$("$P" --help | awk '/^commands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
[ -n "$cmds" ] || fail "no commands in --help"
for page in pciescope $(printf 'pciescope-%s\n' $cmds); do
	f=$x/root/usr/share/man/man1/$page.1.gz
	[ -f "$f" ] || fail "no man page $page"
	man -l "$f" 2>/dev/null | grep -q "^NAME" || fail "man -l $page"
done

# shellcheck disable=SC1091
source "$x/root/usr/share/bash-completion/completions/pciescope"
COMP_WORDS=(pciescope t); COMP_CWORD=1; _pciescope
[ "${COMPREPLY[*]}" = "tune top topo" ] || fail "completion of 't': ${COMPREPLY[*]}"

# Depends: the packages holding the binary's NEEDED libraries, no more, no less.
needed=$(objdump -p "$P" | awk '$1 == "NEEDED" {print $2}')
want=$(for so in $needed; do
	path=$(ldconfig -p | awk -v so="$so" '$1 == so {print $NF; exit}')
	dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path"
done | cut -d: -f1 | sort -u)
have=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*//; s/ //g' | grep . | sort -u)
[ "$want" = "$have" ] || fail "Depends [$(echo $have)] but the binary needs [$(echo $want)]"
dpkg-deb -f "$deb" Recommends | grep -q libmicrohttpd || fail "libmicrohttpd not recommended"
echo "package ok: $(basename "$deb")"
