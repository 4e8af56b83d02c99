# SPDX-License-Identifier: GPL-2.0-only
# How every e2e test says what failed: each tests/e2e/*.sh sources this
# first, and defines no fail/err of its own.
#
#   fail MSG...   the test cannot go on: "FAIL: MSG" on stderr, exit 1
#   err MSG...    one check failed and the test goes on; it exits 1 at the end
#                 (also from a subshell or a pipeline: the failure is kept in
#                 a file, not a variable a subshell would lose)
#   at_exit CMD   runs the shell string CMD when the test exits, however it
#                 exits (a server killed, a mount undone); the last registered
#                 runs first
#
# A test that reaches its end with no err exits 0; `set -e` and fail keep
# their own status.  Needs TEST_TMP (tests/CMakeLists.txt sets it).
mkdir -p "$TEST_TMP"
E2E_FAILED=$TEST_TMP/.e2e-failed
rm -f "$E2E_FAILED"
E2E_AT_EXIT=()

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

err() {
	echo "FAIL: $*" >&2
	echo "$*" >>"$E2E_FAILED"
}

at_exit() {
	E2E_AT_EXIT=("$1" "${E2E_AT_EXIT[@]}")
}

e2e_exit() {
	local rc=$? cmd
	for cmd in "${E2E_AT_EXIT[@]}"; do
		eval "$cmd" || true
	done
	if [ "$rc" -eq 0 ] && [ -s "$E2E_FAILED" ]; then
		rc=1
	fi
	exit "$rc"
}
trap e2e_exit EXIT

# finish: a test's last line where it used err: exits 0, or 1 after an err,
# whatever the status of the command before it.
finish() {
	exit 0
}
