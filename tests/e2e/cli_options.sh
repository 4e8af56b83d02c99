#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# One option table for every command, so one behaviour: its --help fits 80
# columns; every option it lists is taken; an option that takes a value and gets none, a flag
# given a value and a bad number are refused in one line with the same
# words whatever the command; a mistyped option, subcommand or action is
# answered with the closest name.  The options come from each command's own
# --help, so a new one is checked the day it is added.
set -euo pipefail
. "$SRC_DIR/tests/e2e/lib/check.sh"
cd "$TEST_TMP"
P=$PCIESCOPE
one_line() { # one_line WANT CMD...: CMD exits 1 with exactly the line WANT on stderr
	local want=$1 rc=0
	shift
	"$@" >/dev/null 2>err.txt </dev/null || rc=$?
	[ "$rc" = 1 ] || fail "'$*': exit $rc"
	[ "$(cat err.txt)" = "$want" ] || fail "'$*': $(cat err.txt) (want: $want)"
}

cmds=$("$P" --help | awk '/^commands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
checked=0
for c in $cmds; do
	"$P" "$c" --help >help.txt
	# the help fits 80 columns (an example command line may run on, to be pasted whole)
	awk 'length($0) > 80 && !/^  pciescope / { bad = 1 } END { exit bad }' help.txt ||
		fail "$c --help is wider than 80 columns: $(awk 'length($0) > 80' help.txt)"
	# an option line: "  -e, --event EVENTS    help" (the label ends at two blanks)
	sed -En 's/^ {2,6}(-[a-zA-Z], )?(--[a-z][a-z-]*)( [^ ]+)?( {2,}.*)?$/\2\3/p' help.txt >opts.txt
	[ -s opts.txt ] || fail "$c --help lists no option"
	grep -qx -- '--help' opts.txt || fail "$c --help does not list --help"
	while read -r opt arg; do
		[ "$opt" = --help ] && continue
		if [ -n "$arg" ]; then
			one_line "pciescope: $c: option '$opt' needs a value" "$P" "$c" "$opt"
			case $arg in N | MS)
				"$P" "$c" "$opt" 1x >/dev/null 2>err.txt </dev/null && fail "$c $opt 1x ran"
				grep -Eqx "pciescope: $c: $opt: '1x' is not a number from [0-9]+ to [0-9]+" err.txt ||
					fail "$c $opt 1x: $(cat err.txt)"
				;;
			esac
		else
			one_line "pciescope: $c: option '$opt' takes no value" "$P" "$c" "$opt=1"
		fi
		checked=$((checked + 1))
	done <opts.txt
	# a long option one letter off is suggested, with where the help is
	first=$(grep -v -- '--help' opts.txt | head -1 | cut -d' ' -f1)
	one_line "pciescope: $c: unknown option '${first}x'; did you mean '$first'? (see 'pciescope $c --help')" \
		"$P" "$c" "${first}x"
done
[ "$checked" -ge 60 ] || fail "only $checked options checked"

# the help of a subcommand of its own, and a subcommand without an option
"$P" tune --search --help >search.txt
grep -q -- '--metric M' search.txt || fail "tune --search --help lists no --metric"
"$P" sysfs mount --help >mount.txt
grep -q -- '-f, --foreground' mount.txt || fail "sysfs mount --help"
awk 'length($0) > 80 && !/^  pciescope / { bad = 1 } END { exit bad }' search.txt mount.txt ||
	fail "a subcommand's --help is wider than 80 columns"
one_line "pciescope: tune: unknown option '--metrc'; did you mean '--metric'? (see 'pciescope tune --help')" \
	"$P" tune hisi_ptt0_2 --search --metrc latency -e cpu-clock -- true

# mistyped subcommands and actions: the closest, from the command's own list
one_line "pciescope: sysfs: unknown action 'expor'; did you mean 'export'? (see 'pciescope sysfs --help')" \
	"$P" sysfs expor /tmp/never
one_line "pciescope: platform: unknown action 'remov'; did you mean 'remove'? (see 'pciescope platform --help')" \
	"$P" platform remov 0000:00:10.0
one_line "pciescope: ioda: unknown command 'shw'; did you mean 'show'? (see 'pciescope ioda --help')" \
	"$P" ioda shw
one_line "pciescope: ioda: unknown command 'frobnicate' (see 'pciescope ioda --help')" "$P" ioda frobnicate
one_line "pciescope: 'stt' is not a pciescope command; did you mean 'stat'? (see 'pciescope --help')" "$P" stt
[ ! -e /tmp/never ] || fail "sysfs expor wrote something"

# values: after '=', attached to a short option, or the next word
"$P" stat --dry-run --event=cpu-clock >eq.txt 2>&1 || fail "--event=VALUE"
"$P" stat --dry-run -ecpu-clock >att.txt 2>&1 || fail "-eVALUE"
"$P" stat --dry-run -e cpu-clock >sep.txt 2>&1 || fail "-e VALUE"
cmp -s eq.txt att.txt && cmp -s att.txt sep.txt || fail "the three spellings of a value differ"
# "--" ends the options: what follows is the command's, even if it looks like one
"$P" stat -x, -e cpu-clock -- sh -c 'exit 0' --help 2>/dev/null || fail "-- did not end the options"
echo ok
