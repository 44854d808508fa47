#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make bench: every tests/bench/bench-*.sh in turn (as root, one at a time on
# this machine), each printing a markdown table of measured ratios. The tables
# are collected in BUILD/bench-results.md for the README.
#   tests/bench/run.sh BUILD [name-pattern]
set -u
build=${1:-build}
pattern=${2:-}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
if [ "$(id -u)" != 0 ]; then
	echo "rtwhy bench: run as root (it sets priorities and traces)" >&2
	exit 1
fi
out="$build/bench-results.md"
: >"$out"
exec 9>/tmp/rtwhy-machine.lock
flock 9
status=0
for b in tests/bench/bench-*.sh; do
	case "$(basename "$b")" in *"$pattern"*) ;; *) continue ;; esac
	echo "== $(basename "$b" .sh)"
	RTWHY_BUILD="$build" timeout -k 10 900 sh "$b" | tee -a "$out"
	[ "$?" = 0 ] || status=1
	echo >>"$out"
done
echo "results: $out"
exit $status
