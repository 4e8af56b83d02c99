#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The installed tree (cmake --install, what `make install PREFIX=...` runs):
# the CLI with --version, a man page per command, bash completion, the
# platform files, the exec interposer beside the CLI (lib/pciescope/), and
# the library with headers and pciescope.pc, which a program outside the
# source tree builds against and runs.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
rm -rf "$TEST_TMP/inst" "$PCIESCOPE_STATE_DIR"
I=$TEST_TMP/inst

cmake --install "$BUILD_DIR" --prefix "$I" >/dev/null
"$I/bin/pciescope" --version | grep -Eqx 'pciescope [0-9]+\.[0-9]+\.[0-9]+' || fail "--version"
cmds=$("$I/bin/pciescope" --help | awk '/^commands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
[ -n "$cmds" ] || fail "no commands in --help"
man -l "$I/share/man/man1/pciescope.1" 2>/dev/null | grep -q "^NAME" || fail "pciescope.1"
for c in $cmds; do
	page=$I/share/man/man1/pciescope-$c.1
	[ -f "$page" ] || fail "no man page for $c"
	man -l "$page" 2>/dev/null | grep -q "pciescope-$c - " || fail "man page of $c"
done
for p in kunpeng930 epyc power8; do
	[ -f "$I/share/pciescope/platforms/$p.json" ] || fail "platform $p not installed"
done

# Completion: the commands after "pciescope t", options after "topo --".
# shellcheck disable=SC1091
source "$I/share/bash-completion/completions/pciescope"
COMP_WORDS=(pciescope t); COMP_CWORD=1; _pciescope
[ "${COMPREPLY[*]}" = "tune top topo" ] || fail "completion of 't': ${COMPREPLY[*]}"
COMP_WORDS=(pciescope topo --j); COMP_CWORD=2; _pciescope
[ "${COMPREPLY[*]}" = "--json" ] || fail "completion of topo --j: ${COMPREPLY[*]}"

cat >"$TEST_TMP/prog.c" <<'EOC'
#include <pciescope/backend/backend.h>
#include <stdio.h>

int main(void)
{
	struct backend_options o = {0};
	struct backend *b;
	struct error err;
	char buf[64];
	ssize_t n;

	if (backend_open(&o, &b, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	n = b->ops->sysfs_read(b, "/sys/bus/event_source/devices/hisi_ptt0_2/tune/qos_tx_cpl",
			       buf, sizeof(buf) - 1);
	if (n > 0)
		fwrite(buf, 1, (size_t)n, stdout);
	backend_close(b);
	return n > 0 ? 0 : 1;
}
EOC
export PKG_CONFIG_PATH=$I/lib/pkgconfig
flags=$(pkg-config --define-prefix --static --cflags --libs pciescope)
# pkg-config escapes a space in a path for the shell, as make hands it on.
eval "set -- $flags"
printf '%s\n' "$@" | grep -qxF -- "-I$I/include" || fail "pkg-config cflags: $flags"
cc -o "$TEST_TMP/prog" "$TEST_TMP/prog.c" "$@" || fail "cannot build against the library"
[ "$("$TEST_TMP/prog")" = 1 ] || fail "program through the installed library"
# The installed exec finds its interposer relative to bin/.
[ -f "$I/lib/pciescope/libpciescope-exec.so" ] || fail "no lib/pciescope/libpciescope-exec.so"
"$I/bin/pciescope" exec -- perf stat -x';' -e hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/ true \
	2>"$TEST_TMP/exec.out" || fail "installed exec: $(cat "$TEST_TMP/exec.out")"
grep -q ';hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/;' "$TEST_TMP/exec.out" ||
	fail "installed exec: $(cat "$TEST_TMP/exec.out")"
echo ok
