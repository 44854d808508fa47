#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The flake gate: is `make check` green every time, not just once? Clones HEAD fresh into a
# temporary directory (what a new user gets: nothing built, no state of this tree), builds it
# once, then runs tests/run.sh there N times in a row: unit, shell and, as root, integration
# tests. Each run takes the machine lock for itself (tests/run.sh does), so other users of the
# machine get turns between runs. Reports each run's failing tests, then each test's failures
# over all runs, and ends with one line:
#   flake: N runs of COMMIT, M with failures: TEST k/N, ...     (or: ..., 0 with failures)
# Exit status 1 if any run failed. doc/testing.md says how to read it.
#   tests/flake.sh N [PATTERN]     PATTERN: only the integration tests whose name has it
#   FLAKE_KEEP=DIR: keep every run's log in DIR (by default kept only when a run failed)
set -u
runs=${1:-}
pattern=${2:-}
case "$runs" in
'' | *[!0-9]* | 0)
	echo "usage: tests/flake.sh N [PATTERN]  (N runs of make check's tests on a fresh clone)" >&2
	exit 2
	;;
esac
top=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$top" rev-parse --short HEAD) || exit 2
work=$(mktemp -d /tmp/rtwhy-flake.XXXXXX) || exit 2
logs=${FLAKE_KEEP:-$work/logs}
mkdir -p "$logs" || exit 2
keep_logs=${FLAKE_KEEP:+1}
clone=$work/rtwhy
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	rm -rf "$clone"
	# the work directory goes unless it holds logs to keep
	if [ -z "$keep_logs" ] || [ "$logs" != "$work/logs" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 143' INT TERM

echo "# flake: cloning $commit into $clone"
if ! git clone -q --no-checkout "$top" "$clone" || ! git -C "$clone" checkout -q "$commit"; then
	echo "flake: cannot clone $commit"
	exit 2
fi
echo "# flake: building (make check NO_ROOT_TESTS=1: the build and the unit tests)"
if ! make -C "$clone" --no-print-directory check NO_ROOT_TESTS=1 >"$logs/build.log" 2>&1; then
	tail -n 20 "$logs/build.log"
	keep_logs=1
	echo "flake: $commit does not build or its unit tests fail (log: $logs/build.log)"
	exit 1
fi

# per test: how many runs it failed in ("name count" lines in $work/fails)
: >"$work/fails"
bad_runs=0
i=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	log=$logs/run-$i.log
	start=$(date +%s)
	(cd "$clone" && tests/run.sh build "$pattern") >"$log" 2>&1
	rc=$?
	secs=$(($(date +%s) - start))
	last=$(tail -n 1 "$log")
	# the tests with a "not ok" line (run.sh prints "== NAME" before each test's lines)
	failing=$(awk '/^== /{name=$2} /^not ok /{if (!(name in seen)) {seen[name]=1; printf "%s ", name}}' "$log")
	if [ "$rc" != 0 ] || [ -n "$failing" ]; then
		bad_runs=$((bad_runs + 1))
		keep_logs=1
		echo "run $i/$runs: $last (${secs} s); failing: ${failing:-"(none named, status $rc)"}"
		for t in ${failing:-run.sh}; do echo "$t" >>"$work/fails"; done
	else
		echo "run $i/$runs: $last (${secs} s)"
	fi
done

summary=$(sort "$work/fails" | uniq -c | sort -rn | awk -v n="$runs" '{printf "%s%s %d/%d", sep, $2, $1, n; sep=", "}')
[ -z "$keep_logs" ] || echo "# flake: logs in $logs"
if [ "$bad_runs" = 0 ]; then
	echo "flake: $runs runs of $commit, 0 with failures"
	exit 0
fi
echo "flake: $runs runs of $commit, $bad_runs with failures: $summary"
exit 1
