#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Runs the command lines of a Markdown document, in the order written.

    rundoc.py DOC.md              run DOC's command lines (make test: docs/<name>)
    rundoc.py --list DOC.md       print them, with their checks, and run nothing

A command line is a line of a code block (a ```sh fence, or any block
whose first line starts with a command such as `pciescope`, `perf`, `make`;
a line ending in `\\` or inside an open quote goes on to the next), or an
inline code span followed by a `<!-- doctest -->` marker.  Every one runs,
in one bash session per document (so `cd`, variables and `&` carry on from
line to line, as in the terminal the document talks to), and must exit 0.

A marker `<!-- doctest-document: DIRECTIVE; ... -->` says it of every
block of the document that has no marker of its own (docs/performance.md:
its command lines are benchmarks, `make bench` runs them).

A marker `<!-- doctest: DIRECTIVE; ... -->` on the line(s) before a code
block says more about it (after an inline span: about that span).  A
directive applies to every command of the block, or, written `N: ...`, to
its Nth command:

    exit N             exits N, not 0
    stdout 'ERE'       a line of standard output matches the extended regex
    stderr 'ERE'       a line of standard error matches it
    not-stdout 'ERE'   no line of standard output matches (not-stderr alike)
    stdout-empty       prints nothing on standard output
    stop               runs until it prints its first line (at most a second),
                       then gets SIGINT (a view that runs until Ctrl-C)
    hardware           needs a real Kunpeng host: runs inside `pciescope exec`,
                       whose emulated kernel the real perf talks to
    dry-run            too costly for a test (a build, a benchmark): `make`
                       runs as `make -n`, `sh FILE` as `bash -n FILE`, any
                       other program must exist
    synopsis           a usage summary, not run: each --option in it is one
                       its command's --help lists
    check 'CMD'        runs the shell command CMD after it, with $OUT and $ERR
                       naming files of its standard output and error: a
                       check the others cannot say (a figure within 10 %)
    setup 'CMD'        runs CMD (hidden from the reader) before the block

The session runs in private mount and network namespaces (its own /tmp and
loopback, so 127.0.0.1:9464 is its own), with a fresh
emulated state and $HOME, in a directory that looks like a checkout (the
source tree's files, `build` the build directory), with `pciescope` on PATH.
"""
import os
import re
import shlex
import subprocess
import sys

CMD_WORDS = re.compile(
    r'^(\$ )?((pciescope|perf)(\s+[a-z-]|$)|'
    r'(tshark|jq|curl|make|mkdir|cd|fusermount3|sh|bash|unshare|cmake|sudo|valgrind|apt|'
    r'ls|cat|echo|promtool|[A-Z_][A-Z0-9_]*=\S*)(\s|$))')
MARKER = re.compile(r'<!--\s*doctest(?::(.*?))?-->', re.S)
INLINE = re.compile(r'`([^`\n]+)`<!--\s*doctest(?::(.*?))?-->')


class DocError(Exception):
    pass


class Command:
    def __init__(self, text, where, checks, mode):
        self.text = text  # the shell text, continuation lines joined
        self.where = where  # "README.md:12"
        self.checks = checks  # [(kind, arg)]
        self.mode = mode  # run, stop, hardware, dry-run


def parse_directives(text, where):
    """'1: exit 1; stdout "x"' -> [(index or None, keyword, args)]"""
    out = []
    lex = shlex.shlex((text or '').replace('\n', ';'), posix=True, punctuation_chars=';')
    lex.whitespace_split = True
    lex.commenters = ''
    words = []
    for tok in list(lex) + [';']:
        if tok and set(tok) == {';'}:
            if words:
                idx = None
                m = re.fullmatch(r'(\d+):', words[0])
                if m:
                    idx = int(m.group(1))
                    words = words[1:]
                if not words:
                    raise DocError(f'{where}: empty directive')
                out.append((idx, words[0], words[1:]))
            words = []
        else:
            words.append(tok)
    return out


def join_lines(lines):
    """Groups a block's lines into shell command lines."""
    cmds, cur = [], []
    for line in lines:
        if not cur and (not line.strip() or line.lstrip().startswith('#')):
            continue
        cur.append(line)
        text = '\n'.join(cur)
        if text.endswith('\\'):
            continue
        try:
            shlex.split(text, comments=True)
        except ValueError:  # an open quote: the command goes on
            continue
        cmds.append(text)
        cur = []
    if cur:
        cmds.append('\n'.join(cur))
    return cmds


def join_synopsis(lines):
    """A synopsis goes on over lines that start with blanks."""
    out = []
    for line in lines:
        if not line.strip():
            continue
        if line[0].isspace() and out:
            out[-1] += ' ' + line.strip()
        else:
            out.append(line.strip())
    return out


def blocks(path):
    """Yields (line number, lines, marker text or None, fenced-as-shell) per
    code block, and (line number, span, marker) per marked inline span."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i, marker, marker_at, prev_blank = 0, None, 0, True
    while i < len(lines):
        line = lines[i]
        if line.startswith('```'):
            lang = line[3:].strip()
            start, body = i + 2, []
            i += 1
            while i < len(lines) and not lines[i].startswith('```'):
                body.append(lines[i])
                i += 1
            yield ('block', start, body, marker, lang in ('sh', 'console', 'bash'))
            marker = None
            i += 1
            prev_blank = False
            continue
        if line.startswith('    ') and prev_blank:
            start, body = i + 1, []
            while i < len(lines) and (lines[i].startswith('    ') or
                                      (not lines[i].strip() and i + 1 < len(lines) and
                                       lines[i + 1].startswith('    '))):
                body.append(lines[i][4:])
                i += 1
            yield ('block', start, body, marker, False)
            marker = None
            prev_blank = False
            continue
        if line.lstrip().startswith('<!--') and 'doctest' in line.split('-->')[0]:
            text = line
            while '-->' not in text and i + 1 < len(lines):
                i += 1
                text += '\n' + lines[i]
            m = MARKER.search(text)
            if m and text.strip().startswith('<!--') and text.strip().endswith('-->'):
                if marker is not None:
                    raise DocError(f'{path}:{marker_at}: a marker with no code block after it')
                marker, marker_at = (m.group(1) or ''), i + 1
                i += 1
                prev_blank = True
                continue
        for m in INLINE.finditer(line):
            yield ('inline', i + 1, [m.group(1)], m.group(2) or '', False)
        if line.strip() and marker is not None:
            raise DocError(f'{path}:{marker_at}: a marker with no code block after it')
        prev_blank = not line.strip()
        i += 1


DOC_MARKER = re.compile(r'<!--\s*doctest-document:(.*?)-->', re.S)


def commands(path):
    name = os.path.basename(path)
    out = []
    m = DOC_MARKER.search(open(path, encoding='utf-8').read())
    default = m.group(1) if m else None
    for kind, start, body, marker, shell in blocks(path):
        own = marker is not None
        if not own and kind == 'block':
            marker = default
        where = f'{name}:{start}'
        first = next((x for x in body if x.strip() and not x.lstrip().startswith('#')), '')
        directives = parse_directives(marker, where) if marker is not None else []
        keywords = {d[1] for d in directives}
        if kind == 'block' and not shell and not CMD_WORDS.match(first.strip()):
            if own:
                raise DocError(f'{where}: a doctest marker on a block that is not commands')
            continue
        if 'synopsis' in keywords:
            for line in join_synopsis(body):
                out.append(Command(line, where, [], 'synopsis'))
            continue
        cmds = join_lines(body)
        setups = [d for d in directives if d[1] == 'setup']
        for _, _, args in setups:
            out.append(Command(' '.join(args), where + ' (setup)', [], 'run'))
        modes = ['run'] * len(cmds)
        per = [[] for _ in cmds]
        for idx, key, args in directives:
            if idx is not None and not 1 <= idx <= len(cmds):
                raise DocError(f'{where}: the block has no command {idx}')
            which = [idx - 1] if idx else range(len(cmds))
            if key == 'setup':
                if idx is not None:
                    raise DocError(f'{where}: setup is said of a whole block')
            elif key in ('stop', 'hardware', 'dry-run'):
                for n in which:
                    modes[n] = key
            elif key in ('exit', 'stdout', 'stderr', 'not-stdout', 'not-stderr',
                         'stdout-empty', 'check'):
                for n in which:
                    per[n].append((key, args))
            else:
                raise DocError(f'{where}: unknown directive {key}')
        for n, text in enumerate(cmds):
            text = text[2:] if text.startswith('$ ') else text
            if modes[n] != 'dry-run' and re.match(r'(\S+=\S*\s+)*c?make\b', text):
                raise DocError(f'{where}: a build line runs only as dry-run: {text}')
            out.append(Command(text, f'{where} #{n + 1}' if len(cmds) > 1 else where,
                               per[n], modes[n]))
    return out


RUNTIME = r'''
set -u
dt_failed=0
dt_n=0
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
	dt_cmd=$(cat "$DT/cmd")
	dt_n=$((dt_n + 1))
	dt_say "[$dt_n] $dt_where: $(head -1 "$DT/cmd")"
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
	for i in $(seq 10); do
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
		eval "$c" >>"$DT/out" 2>>"$DT/err" || { echo "failed: $c" >>"$DT/err"; dt_rc=1; }
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
	OUT=$DT/out ERR=$DT/err bash -c "$1" >>"$DT/check" 2>&1 || dt_fail "check failed: $1 $(cat "$DT/check")"
	rm -f "$DT/check"
}
dt_expect_empty() { [ ! -s "$DT/out" ] || dt_fail "stdout is not empty"; }
dt_end() {
	echo quit >&4
	for j in $(jobs -p); do kill "$j" 2>/dev/null; done
	wait 2>/dev/null
	cd /
	grep ' fuse' /proc/self/mounts | cut -d' ' -f2 | while read -r m; do fusermount3 -u "$m"; done
	dt_say "$dt_n command lines, $([ $dt_failed = 0 ] && echo 'all as documented' || echo 'some not as documented')"
	exit $dt_failed
}
'''


def dry_run(text):
    """What stands for a costly line: `make T` -> `make -n T`, each script it
    names parses (`bash -n`), each program it starts exists."""
    checks = []
    text = re.sub(r'#.*', '', text.replace('\\\n', ' '))
    for part in re.split(r'[|;&()]+|\$\(|`', text):
        words = [w.strip('"\'') for w in part.split()]
        while words and (words[0] in ('time', 'do', 'then', 'else', 'done', 'fi') or
                         re.match(r'[A-Za-z_]\w*=', words[0])):
            words = words[1:]
        if not words or words[0] in ('for', 'while', 'if'):
            continue
        if words[0] == 'make':
            checks.append(shlex.join(['make', '-n'] + words[1:]))
        elif words[0] != 'cd':
            checks.append(f'command -v {shlex.quote(words[0])}')
        for w in words[1:]:
            if w.endswith('.sh') and '$' not in w:
                checks.append(f'bash -n {shlex.quote(w)}')
    return checks


def script(cmds, path):
    out = [RUNTIME, 'dt_watchdog\n']
    for n, c in enumerate(cmds):
        tag = f'DT_CMD_{n}'
        out.append(f"cat >\"$DT/cmd\" <<'{tag}'\n{c.text}\n{tag}\n")
        out.append(f'dt_begin {shlex.quote(c.where)}\n')
        fn = {'run': 'dt_run', 'stop': 'dt_stop', 'hardware': 'dt_hardware',
              'dry-run': 'dt_dry_run', 'synopsis': 'dt_synopsis'}[c.mode]
        if c.mode == 'dry-run':
            fn += ''.join(' ' + shlex.quote(x) for x in dry_run(c.text))
        out.append(fn + '\n')
        want_exit, checks = '0', []
        for key, args in c.checks:
            if key == 'exit':
                want_exit = args[0]
            elif key in ('stdout', 'stderr'):
                checks.append(f'dt_expect {key[3:]} {shlex.quote(args[0])}\n')
            elif key in ('not-stdout', 'not-stderr'):
                checks.append(f'dt_expect_not {key[7:]} {shlex.quote(args[0])}\n')
            elif key == 'stdout-empty':
                checks.append('dt_expect_empty\n')
            elif key == 'check':
                checks.append(f'dt_check {shlex.quote(args[0])}\n')
        out.append(f'dt_expect_exit {want_exit}\n')
        out.extend(checks)
    out.append('dt_end\n')
    return ''.join(out)


def checkout(work, src, build):
    """A directory that looks like a checkout built in build/."""
    os.makedirs(work, exist_ok=True)
    for e in os.listdir(src):
        if e in ('build',) or e.startswith('.'):
            continue
        os.symlink(os.path.join(src, e), os.path.join(work, e))
    os.symlink(build, os.path.join(work, 'build'))


def main(argv):
    listing = argv[1:2] == ['--list']
    paths = argv[2:] if listing else argv[1:]
    status = 0
    for path in paths:
        try:
            cmds = commands(path)
        except DocError as e:
            print(f'FAIL: {e}')
            status = 1
            continue
        if listing:
            for c in cmds:
                checks = '; '.join(' '.join([k] + a) for k, a in c.checks)
                print(f'{c.where} [{c.mode}{"; " + checks if checks else ""}]\n    {c.text}')
            continue
        status |= run(path, cmds)
    return status


def run(path, cmds):
    env = os.environ
    name = os.path.splitext(os.path.basename(path))[0]
    base = os.path.join(env['TEST_TMP'], name)
    subprocess.run(['rm', '-rf', base], check=True)
    bindir, work = os.path.join(base, 'bin'), os.path.join(base, 'work')
    os.makedirs(bindir)
    os.symlink(env['PCIESCOPE'], os.path.join(bindir, 'pciescope'))
    checkout(work, env['SRC_DIR'], env['BUILD_DIR'])
    os.makedirs(os.path.join(base, 'home'))
    sess = dict(env, PATH=bindir + ':' + env['PATH'], HOME=os.path.join(base, 'home'),
                PCIESCOPE_STATE_DIR=os.path.join(base, 'state'), DT=base)
    sess.pop('COLUMNS', None)
    body = script(cmds, path)
    open(os.path.join(base, 'session.sh'), 'w').write(body)
    # a private /tmp and loopback: the documents use /tmp/emu and port 9464
    # as a user would, and tests run side by side
    inner = ('mount -t tmpfs tmpfs /tmp && ip link set lo up && cd "$0" && '
             'exec bash "$1" 3>&1')
    return subprocess.run(['unshare', '-m', '-n', '--propagation', 'private', 'sh', '-c', inner,
                           work, os.path.join(base, 'session.sh')], env=sess).returncode


if __name__ == '__main__':
    sys.exit(main(sys.argv))
