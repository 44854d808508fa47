# SPDX-License-Identifier: GPL-2.0-only
# The shell tests' TAP counters, sourced after `cd "$top"`: ok/notok (or pass/fail) print one
# numbered TAP line each; shell_end prints "# N tests, M failed" and returns 1 on a failure.
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
pass() { ok "$@"; }
fail() { notok "$@"; }
shell_end() {
	echo "# $n tests, $failed failed"
	[ "$failed" = 0 ]
}
