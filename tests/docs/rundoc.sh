#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs the command lines of a Markdown document, in the order written.
#
#     rundoc.sh DOC.md              run DOC's command lines (make test: docs/<name>)
#     rundoc.sh --list DOC.md       print them, with their checks, and run nothing
#
# A command line is a line of a code block (a ```sh fence, or any block
# whose first line starts with a command such as `pciescope`, `perf`, `make`;
# a line ending in `\` or inside an open quote goes on to the next), or an
# inline code span followed by a `<!-- doctest -->` marker.  Every one runs,
# in one bash session per document (so `cd`, variables and `&` carry on from
# line to line, as in the terminal the document talks to), and must exit 0.
#
# A marker `<!-- doctest-document: DIRECTIVE; ... -->` says it of every
# block of the document that has no marker of its own (docs/performance.md:
# its command lines are benchmarks, `make bench` runs them).
#
# A marker `<!-- doctest: DIRECTIVE; ... -->` on the line(s) before a code
# block says more about it (after an inline span: about that span).  A
# directive applies to every command of the block, or, written `N: ...`, to
# its Nth command:
#
#     exit N             exits N, not 0
#     stdout 'ERE'       a line of standard output matches the extended regex
#     stderr 'ERE'       a line of standard error matches it
#     not-stdout 'ERE'   no line of standard output matches (not-stderr alike)
#     stdout-empty       prints nothing on standard output
#     stop               runs until it prints its first line (at most a second),
#                        then gets SIGINT (a view that runs until Ctrl-C)
#     hardware           needs a real Kunpeng host: runs inside `pciescope exec`,
#                        whose emulated kernel the real perf talks to
#     dry-run            too costly for a test (a build, a benchmark): `make`
#                        runs as `make -n`, `sh FILE` as `bash -n FILE`, any
#                        other program must exist
#     synopsis           a usage summary, not run: each --option in it is one
#                        its command's --help lists
#     check 'CMD'        runs the shell command CMD after it, with $OUT and $ERR
#                        naming files of its standard output and error: a
#                        check the others cannot say (a figure within 10 %)
#     setup 'CMD'        runs CMD (hidden from the reader) before the block
#
# The session runs in private mount and network namespaces (its own /tmp and
# loopback, so 127.0.0.1:9464 is its own), with a fresh emulated state and
# $HOME, in a directory that looks like a checkout (the source tree's files,
# `build` the build directory), with `pciescope` on PATH.
#
# The document is read here, in bash, into a session script (commands and
# their checks, in order, after the runtime functions dt_* below), which a
# second bash runs inside the namespaces.  Needs PCIESCOPE, SRC_DIR,
# BUILD_DIR and TEST_TMP (tests/CMakeLists.txt sets them) to run.
set -u
shopt -s extglob

# ---------------------------------------------------------------- reading

CMD_WORDS='^(\$ )?((pciescope|perf)([[:space:]]+[a-z-]|$)|(tshark|jq|curl|make|mkdir|cd|fusermount3|sh|bash|unshare|cmake|sudo|valgrind|apt|ls|cat|echo|promtool|[A-Z_][A-Z0-9_]*=[^[:space:]]*)([[:space:]]|$))'
BUILD_LINE='^([^[:space:]]+=[^[:space:]]*[[:space:]]+)*c?make([^[:alnum:]_]|$)'
INLINE='`([^`]+)`<!--[[:space:]]*doctest'
US=$'\x1f' # between a check's kind and its argument
RS=$'\x1e' # between a command's checks

# A word as Python's shlex.quote writes it: bare when it is safe.
sq() {
	if [[ $1 =~ ^[A-Za-z0-9_@%+=:,./-]+$ ]]; then
		printf '%s' "$1"
	else
		printf "'%s'" "${1//\'/\'\"\'\"\'}"
	fi
}

# The text of a `<!-- doctest[: TEXT] -->` marker at the start of $1 (after
# `<!--`, blanks, `doctest`): TEXT, or "" for none; status 1 when it is no
# such marker.  Sets rest to what follows the marker's `-->`.
marker_text() {
	local s=$1
	rest=
	if [[ $s == :* ]]; then
		s=${s#:}
		[[ $s == *'-->'* ]] || return 1
		mtext=${s%%-->*}
		rest=${s#*-->}
	elif [[ $s == '-->'* ]]; then
		mtext=
		rest=${s#-->}
	else
		return 1
	fi
}

# Whether shell text ends inside no quote (a comment, `#` outside quotes,
# runs to its line's end), as shlex.split reads it.
complete() {
	local s=$1 i c q= n=${#1}
	[[ $s == *[\'\"\\#]* ]] || return 0 # most lines: nothing to scan for
	for ((i = 0; i < n; i++)); do
		c=${s:i:1}
		if [ "$q" = "'" ]; then
			[ "$c" = "'" ] && q=
		elif [ "$q" = '"' ]; then
			if [ "$c" = '\' ]; then
				i=$((i + 1))
			elif [ "$c" = '"' ]; then
				q=
			fi
		elif [ "$c" = "'" ] || [ "$c" = '"' ]; then
			q=$c
		elif [ "$c" = '\' ]; then
			i=$((i + 1))
		elif [ "$c" = '#' ]; then
			while ((i + 1 < n)) && [ "${s:i+1:1}" != $'\n' ]; do
				i=$((i + 1))
			done
		fi
	done
	[ -z "$q" ]
}

# A block's lines (body[]) as shell command lines (cmds[]).
join_lines() {
	local line cur= have=0 t
	cmds=()
	for line in "${body[@]}"; do
		t=${line#"${line%%[![:space:]]*}"}
		if ((!have)) && { [ -z "$t" ] || [[ $t == '#'* ]]; }; then
			continue
		fi
		if ((have)); then cur+=$'\n'$line; else cur=$line; fi
		have=1
		[[ $cur == *'\' ]] && continue
		complete "$cur" || continue
		cmds+=("$cur")
		have=0
	done
	((have)) && cmds+=("$cur")
}

# A synopsis goes on over lines that start with blanks.
join_synopsis() {
	local line t
	cmds=()
	for line in "${body[@]}"; do
		t=${line#"${line%%[![:space:]]*}"}
		t=${t%"${t##*[![:space:]]}"}
		[ -z "$t" ] && continue
		if [[ $line == [[:space:]]* ]] && ((${#cmds[@]})); then
			cmds[-1]+=" $t"
		else
			cmds+=("$t")
		fi
	done
}

# 'N: exit 1; stdout "x"' -> d_idx[] d_key[] d_arg[] (the first argument)
# d_args[] (all, by blanks); the words are read as a shell reads them
# (quotes, backslashes), `;` and newlines end a directive.
parse_directives() { # TEXT WHERE
	local s=${1//$'\n'/;} i c q= n word= inword=0 words=()
	d_idx=() d_key=() d_arg=() d_args=()
	n=${#s}
	for ((i = 0; i <= n; i++)); do
		c=${s:i:1}
		if [ -n "$q" ] && ((i < n)); then
			if [ "$c" = "$q" ]; then
				q=
			elif [ "$q" = '"' ] && [ "$c" = '\' ] && [[ ${s:i+1:1} == [\"\\] ]]; then
				i=$((i + 1))
				word+=${s:i:1}
			else
				word+=$c
			fi
			continue
		fi
		if ((i == n)) || [ "$c" = ';' ] || [[ $c == [[:space:]] ]]; then
			((inword)) && words+=("$word")
			word= inword=0
			if { ((i == n)) || [ "$c" = ';' ]; } && ((${#words[@]})); then
				directive "$2" "${words[@]}" || return 1
				words=()
			fi
		elif [ "$c" = "'" ] || [ "$c" = '"' ]; then
			q=$c inword=1
		elif [ "$c" = '\' ]; then
			i=$((i + 1))
			word+=${s:i:1} inword=1
		else
			word+=$c inword=1
		fi
	done
}

directive() { # WHERE WORD...
	local where=$1 idx=
	shift
	if [[ $1 =~ ^[0-9]+:$ ]]; then
		idx=$((10#${1%:}))
		shift
	fi
	if (($# == 0)); then
		doc_error "$where: empty directive"
		return 1
	fi
	d_idx+=("$idx")
	d_key+=("$1")
	d_arg+=("${2-}")
	shift
	d_args+=("$*")
}

doc_error() {
	echo "FAIL: $*"
}

# The document's command lines: c_text[] c_where[] c_mode[] c_checks[].
commands() { # PATH
	local path=$1 name lines=() n i line lang start marker= has_marker=0 marker_at=0
	local prev_blank=1 text default= has_default=0 all s
	name=$(basename "$path")
	c_text=() c_where=() c_mode=() c_checks=()
	mapfile -t lines <"$path"
	all=$(<"$path")
	if [[ $all =~ \<!--[[:space:]]*doctest-document: ]]; then
		s=${all#*"${BASH_REMATCH[0]}"}
		default=${s%%-->*} has_default=1
	fi
	n=${#lines[@]}
	i=0
	while ((i < n)); do
		line=${lines[i]}
		if [[ $line == '```'* ]]; then
			lang=${line:3}
			lang=${lang#"${lang%%[![:space:]]*}"}
			lang=${lang%"${lang##*[![:space:]]}"}
			start=$((i + 2)) body=()
			i=$((i + 1))
			while ((i < n)) && [[ ${lines[i]} != '```'* ]]; do
				body+=("${lines[i]}")
				i=$((i + 1))
			done
			case $lang in sh | console | bash) lang=1 ;; *) lang=0 ;; esac
			block block "$start" "$has_marker" "$marker" "$lang" || return 1
			has_marker=0 marker= prev_blank=0
			i=$((i + 1))
			continue
		fi
		if [[ $line == '    '* ]] && ((prev_blank)); then
			start=$((i + 1)) body=()
			while ((i < n)) && { [[ ${lines[i]} == '    '* ]] ||
				{ [[ ${lines[i]} != *[![:space:]]* ]] && ((i + 1 < n)) &&
					[[ ${lines[i + 1]} == '    '* ]]; }; }; do
				body+=("${lines[i]:4}")
				i=$((i + 1))
			done
			block block "$start" "$has_marker" "$marker" 0 || return 1
			has_marker=0 marker= prev_blank=0
			continue
		fi
		if [[ $line =~ ^[[:space:]]*\<!-- ]] && [[ ${line%%-->*} == *doctest* ]]; then
			text=$line
			local j=$i
			while [[ $text != *'-->'* ]] && ((j + 1 < n)); do
				j=$((j + 1))
				text+=$'\n'${lines[j]}
			done
			s=${text#"${text%%[![:space:]]*}"}
			s=${s%"${s##*[![:space:]]}"}
			if [[ $s == '<!--'*'-->' ]] && [[ $text =~ \<!--[[:space:]]*doctest ]] &&
				marker_text "${text#*"${BASH_REMATCH[0]}"}"; then
				if ((has_marker)); then
					doc_error "$path:$marker_at: a marker with no code block after it"
					return 1
				fi
				i=$j
				marker=$mtext has_marker=1 marker_at=$((i + 1))
				i=$((i + 1))
				prev_blank=1
				continue
			fi
		fi
		s=$line
		while [[ $s =~ $INLINE ]]; do
			s=${s#*"${BASH_REMATCH[0]}"}
			body=("${BASH_REMATCH[1]}")
			if marker_text "$s"; then
				block inline $((i + 1)) 1 "$mtext" 0 || return 1
				s=$rest
			fi
		done
		if [[ $line == *[![:space:]]* ]] && ((has_marker)); then
			doc_error "$path:$marker_at: a marker with no code block after it"
			return 1
		fi
		[[ $line == *[![:space:]]* ]] && prev_blank=0 || prev_blank=1
		i=$((i + 1))
	done
}

# One block (or marked inline span), body[], into the command lists.
block() { # KIND START HAS-MARKER MARKER SHELL
	local kind=$1 where="$name:$2" own=$3 marker=$4 shell=$5 first= l t k m modes=() per=()
	local nc own_or_default
	if ((!own)) && [ "$kind" = block ]; then
		marker=$default own_or_default=$has_default
	else
		own_or_default=$own
	fi
	for l in "${body[@]}"; do
		t=${l#"${l%%[![:space:]]*}"}
		if [ -n "$t" ] && [[ $t != '#'* ]]; then
			first=$l
			break
		fi
	done
	d_idx=() d_key=() d_arg=() d_args=()
	if ((own_or_default)); then
		parse_directives "$marker" "$where" || return 1
	fi
	first=${first#"${first%%[![:space:]]*}"}
	first=${first%"${first##*[![:space:]]}"}
	if [ "$kind" = block ] && ((!shell)) && ! [[ $first =~ $CMD_WORDS ]]; then
		if ((own)); then
			doc_error "$where: a doctest marker on a block that is not commands"
			return 1
		fi
		return 0
	fi
	for k in "${!d_key[@]}"; do
		if [ "${d_key[k]}" = synopsis ]; then
			join_synopsis
			for l in "${cmds[@]}"; do
				add "$l" "$where" synopsis ""
			done
			return 0
		fi
	done
	join_lines
	nc=${#cmds[@]}
	for k in "${!d_key[@]}"; do
		[ "${d_key[k]}" = setup ] && add "${d_args[k]}" "$where (setup)" run ""
	done
	for ((m = 0; m < nc; m++)); do
		modes[m]=run per[m]=
	done
	for k in "${!d_key[@]}"; do
		local idx=${d_idx[k]} key=${d_key[k]} which=()
		if [ -n "$idx" ] && ((idx < 1 || idx > nc)); then
			doc_error "$where: the block has no command $idx"
			return 1
		fi
		if [ -n "$idx" ]; then which=($((idx - 1))); else which=("${!cmds[@]}"); fi
		case $key in
		setup)
			if [ -n "$idx" ]; then
				doc_error "$where: setup is said of a whole block"
				return 1
			fi
			;;
		stop | hardware | dry-run)
			for m in "${which[@]}"; do modes[m]=$key; done
			;;
		exit | stdout | stderr | not-stdout | not-stderr | stdout-empty | check)
			for m in "${which[@]}"; do per[m]+="$key$US${d_arg[k]}$RS"; done
			;;
		*)
			doc_error "$where: unknown directive $key"
			return 1
			;;
		esac
	done
	for ((m = 0; m < nc; m++)); do
		t=${cmds[m]}
		t=${t#'$ '}
		if [ "${modes[m]}" != dry-run ] && [[ $t =~ $BUILD_LINE ]]; then
			doc_error "$where: a build line runs only as dry-run: $t"
			return 1
		fi
		if ((nc > 1)); then l="$where #$((m + 1))"; else l=$where; fi
		add "$t" "$l" "${modes[m]}" "${per[m]}"
	done
}

add() { # TEXT WHERE MODE CHECKS
	c_text+=("$1")
	c_where+=("$2")
	c_mode+=("$3")
	c_checks+=("$4")
}

# What stands for a costly line: `make T` -> `make -n T`, each script it
# names parses (`bash -n`), each program it starts exists.
dry_run() { # TEXT: prints the checks, one a line
	local bsnl=$'\\\n' text part words w out= line sep=$'\x1d'
	text=${1//"$bsnl"/ }
	while IFS= read -r line; do
		out+=${line%%#*}$'\n'
	done <<<"$text"
	out=${out//'$('/$sep}
	out=${out//[|;&()\`]/$sep}
	while IFS= read -r -d "$sep" part; do
		read -r -d '' -a words <<<"$part"
		strip_quotes
		while ((${#words[@]})) && { [[ ${words[0]} == @(time|do|then|else|done|fi) ]] ||
			[[ ${words[0]} =~ ^[A-Za-z_][A-Za-z0-9_]*= ]]; }; do
			words=("${words[@]:1}")
		done
		((${#words[@]})) || continue
		[[ ${words[0]} == @(for|while|if) ]] && continue
		if [ "${words[0]}" = make ]; then
			line='make -n'
			for w in "${words[@]:1}"; do line+=" $(sq "$w")"; done
			printf '%s\n' "$line"
		elif [ "${words[0]}" != cd ]; then
			printf 'command -v %s\n' "$(sq "${words[0]}")"
		fi
		for w in "${words[@]:1}"; do
			[[ $w == *.sh && $w != *'$'* ]] && printf 'bash -n %s\n' "$(sq "$w")"
		done
	done <<<"$out$sep"
}

strip_quotes() {
	local k w
	for k in "${!words[@]}"; do
		w=${words[k]##+([\"\'])}
		words[k]=${w%%+([\"\'])}
	done
}

# The session script: the runtime, then each command and its checks.
script() {
	local n want key arg item c fn checks
	printf 'set -u\ndt_failed=0\ndt_n=0\n'
	declare -f dt_say dt_fail dt_begin dt_watchdog dt_run dt_hardware dt_stop dt_dry_run \
		dt_synopsis dt_expect_exit dt_expect dt_expect_not dt_check dt_expect_empty dt_end
	printf 'dt_watchdog\n'
	for n in "${!c_text[@]}"; do
		printf "cat >\"\$DT/cmd\" <<'DT_CMD_%d'\n%s\nDT_CMD_%d\n" "$n" "${c_text[n]}" "$n"
		printf 'dt_begin %s\n' "$(sq "${c_where[n]}")"
		case ${c_mode[n]} in
		dry-run)
			fn=dt_dry_run
			while IFS= read -r c; do
				fn+=" $(sq "$c")"
			done < <(dry_run "${c_text[n]}")
			;;
		*) fn=dt_${c_mode[n]} ;;
		esac
		printf '%s\n' "$fn"
		want=0 checks=
		while IFS= read -r -d "$RS" item; do
			key=${item%%"$US"*} arg=${item#*"$US"}
			case $key in
			exit) want=$arg ;;
			stdout | stderr) checks+="dt_expect ${key:3} $(sq "$arg")"$'\n' ;;
			not-stdout | not-stderr) checks+="dt_expect_not ${key:7} $(sq "$arg")"$'\n' ;;
			stdout-empty) checks+=$'dt_expect_empty\n' ;;
			check) checks+="dt_check $(sq "$arg")"$'\n' ;;
			esac
		done <<<"${c_checks[n]}"
		printf 'dt_expect_exit %s\n%s' "$want" "$checks"
	done
	printf 'dt_end\n'
}

listing() {
	local n item checks key arg
	for n in "${!c_text[@]}"; do
		checks=
		while IFS= read -r -d "$RS" item; do
			key=${item%%"$US"*} arg=${item#*"$US"}
			checks+="; $key${arg:+ $arg}"
		done <<<"${c_checks[n]}"
		printf '%s [%s%s]\n    %s\n' "${c_where[n]}" "${c_mode[n]}" "$checks" "${c_text[n]}"
	done
}

# ---------------------------------------------------------------- the session's runtime

dt_say() { printf '%s\n' "$*" >&3; }
dt_fail() {
	dt_say "FAIL: $dt_where: $*"
	dt_say "  \$ $dt_cmd"
	dt_say "  exit $dt_rc; stdout: $(head -c 1500 "$DT/out")"
	dt_say "  stderr: $(head -c 1500 "$DT/err")"
	[ -f "$DT/killed" ] && dt_say "  $(cat "$DT/killed")"
	dt_failed=1
}
dt_begin() { # WHERE: the command is in $DT/cmd
	dt_where=$1
	dt_cmd=$(<"$DT/cmd")
	dt_n=$((dt_n + 1))
	dt_say "[$dt_n] $dt_where: ${dt_cmd%%$'\n'*}"
	rm -f "$DT/killed"
	echo line >&4
}
# A line that never ends fails the document rather than hang it: after
# DT_LIMIT seconds of one line the session's children get SIGTERM.  One
# watchdog for the session, started from /, keeps no line's directory busy
# (a FUSE mount the line unmounts); each line restarts its clock.
dt_watchdog() {
	local self=$BASHPID
	mkfifo "$DT/fifo"
	exec 4<>"$DT/fifo"
	(
		cd / || exit 1
		exec 3>&- </dev/null >/dev/null 2>&1
		# read -t waits without a child process: nothing of it outlives the session
		while :; do
			if read -r -t "${DT_LIMIT:-300}" msg <&4; then
				[ "$msg" = quit ] && exit 0
				continue
			fi
			echo "still running after ${DT_LIMIT:-300} s: killed" >"$DT/killed"
			pgrep -P "$self" | grep -vx "$BASHPID" | xargs -r kill -TERM
		done
	) &
}
dt_run() {
	set -o pipefail
	eval "$dt_cmd" >"$DT/out" 2>"$DT/err" </dev/null 4>&-
	dt_rc=$?
	set +o pipefail
}
dt_hardware() {
	pciescope exec -- bash -o pipefail -c "$dt_cmd" >"$DT/out" 2>"$DT/err" </dev/null 4>&-
	dt_rc=$?
}
dt_stop() {
	: >"$DT/out"
	: >"$DT/err"
	setsid bash -c "$dt_cmd" >"$DT/out" 2>"$DT/err" </dev/null 4>&- &
	local pid=$! i
	# Ctrl-C once it printed, or after a second (a count until Ctrl-C prints
	# only then)
	for i in 1 2 3 4 5 6 7 8 9 10; do
		[ -s "$DT/out" ] || [ -s "$DT/err" ] || ! kill -0 "$pid" 2>/dev/null && break
		sleep 0.1
	done
	kill -INT -- "-$pid" 2>/dev/null
	wait "$pid"
	dt_rc=$?
}
dt_dry_run() { # CHECK...: each a shell command that must succeed
	local c
	dt_rc=0
	: >"$DT/out"
	: >"$DT/err"
	for c in "$@"; do
		eval "$c" >>"$DT/out" 2>>"$DT/err" || {
			echo "failed: $c" >>"$DT/err"
			dt_rc=1
		}
	done
}
dt_synopsis() { # each --option of the line is in its command's --help
	local words=() w path=() opt mode
	read -r -a words <<<"$(printf '%s' "$dt_cmd" | tr -d '[]|')"
	for w in "${words[@]:1}"; do
		[[ $w =~ ^[a-z] ]] || break
		path+=("$w")
	done
	: >"$DT/err"
	pciescope "${path[@]}" --help >"$DT/out" 2>&1
	dt_rc=$?
	# a mode such as `tune DEVICE --search` has a --help of its own
	mode=$(printf '%s\n' "$dt_cmd" | grep -oE -- ' --[a-z][a-z0-9-]*' | head -1)
	[ -z "$mode" ] || pciescope "${path[@]}" $mode --help >>"$DT/out" 2>&1
	for opt in $(printf '%s\n' "$dt_cmd" | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
		grep -qE -- "(^|[ ,|[])$opt([] =,|]|$)" "$DT/out" ||
			echo "$opt is not in pciescope ${path[*]} --help" >>"$DT/err"
	done
	[ -s "$DT/err" ] && dt_rc=1
}
dt_expect_exit() { [ "$dt_rc" = "$1" ] || dt_fail "exit $dt_rc, not $1"; }
dt_expect() { # STREAM ERE
	grep -Eq -- "$2" "$DT/$1" || dt_fail "no line of std$1 matches: $2"
}
dt_expect_not() { # STREAM ERE
	! grep -Eq -- "$2" "$DT/$1" || dt_fail "a line of std$1 matches: $2"
}
dt_check() { # SHELL-COMMAND
	OUT=$DT/out ERR=$DT/err bash -c "$1" >>"$DT/check" 2>&1 ||
		dt_fail "check failed: $1 $(cat "$DT/check")"
	rm -f "$DT/check"
}
dt_expect_empty() { [ ! -s "$DT/out" ] || dt_fail "stdout is not empty"; }
dt_end() {
	local j m
	echo quit >&4
	for j in $(jobs -p); do kill "$j" 2>/dev/null; done
	wait 2>/dev/null
	cd /
	grep ' fuse' /proc/self/mounts | cut -d' ' -f2 | while read -r m; do fusermount3 -u "$m"; done
	dt_say "$dt_n command lines, $([ $dt_failed = 0 ] && echo 'all as documented' || echo 'some not as documented')"
	exit $dt_failed
}

# ---------------------------------------------------------------- running

# A directory that looks like a checkout built in $BUILD_DIR.
checkout() { # WORK
	local e
	mkdir -p "$1"
	for e in "$SRC_DIR"/*; do
		[ "$(basename "$e")" = build ] || ln -s "$e" "$1/"
	done
	ln -s "$BUILD_DIR" "$1/build"
}

run() { # PATH
	local name base
	name=$(basename "$1" .md)
	base=$TEST_TMP/$name
	rm -rf "$base"
	mkdir -p "$base/bin" "$base/home"
	ln -s "$PCIESCOPE" "$base/bin/pciescope"
	checkout "$base/work"
	script >"$base/session.sh"
	# a private /tmp and loopback: the documents use /tmp/emu and port 9464
	# as a user would, and tests run side by side
	(
		unset COLUMNS
		export PATH=$base/bin:$PATH HOME=$base/home PCIESCOPE_STATE_DIR=$base/state DT=$base
		exec unshare -m -n --propagation private sh -c \
			'mount -t tmpfs tmpfs /tmp && ip link set lo up && cd "$0" && exec bash "$1" 3>&1' \
			"$base/work" "$base/session.sh"
	)
}

main() {
	local list=0 status=0 path
	if [ "${1:-}" = --list ]; then
		list=1
		shift
	fi
	for path in "$@"; do
		if ! commands "$path"; then
			status=1
			continue
		fi
		if ((list)); then
			listing
		else
			run "$path" || status=1
		fi
	done
	return $status
}

main "$@"
