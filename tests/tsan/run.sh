#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make tsan: the measuring code under ThreadSanitizer, once, every way its
# threads meet the main thread: clock_nanosleep and POSIX-timer loops, the
# aligned start gate, -v sample reading, --spike recording, the histogram,
# SCHED_FIFO threads, a break, the --explain freeze and re-arm under the
# seed's busy loops (root: tracing), and SIGINT in the middle. Plus the unit
# tests. Any ThreadSanitizer report fails it.
#   tests/tsan/run.sh BUILD_DIR      (BUILD_DIR built with TSAN=1)
set -u
build=${1:-build-tsan}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
rtwhy=$build/rtwhy
out=$(mktemp -d /tmp/rtwhy-tsan.XXXXXX)
loops=""
cleanup() {
	for p in $loops; do kill "$p" 2>/dev/null; done
	for p in $loops; do wait "$p" 2>/dev/null; done
	rm -rf "$out"
}
trap cleanup EXIT INT TERM
# allocator_may_return_null: the unit tests ask for impossible sizes on purpose (robustness)
export TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1 allocator_may_return_null=1"
passed=0
failed=0

# run NAME CMD...: ok when CMD ends with status 0 and ThreadSanitizer said nothing
run() {
	name=$1
	shift
	"$@" >"$out/$name.out" 2>"$out/$name.err"
	rc=$?
	reports=$(grep -c 'WARNING: ThreadSanitizer' "$out/$name.err")
	if [ "$rc" = 0 ] && [ "$reports" = 0 ]; then
		echo "ok - $name"
		passed=$((passed + 1))
	else
		echo "not ok - $name: status $rc, $reports ThreadSanitizer reports"
		grep -A 12 'WARNING: ThreadSanitizer' "$out/$name.err" | head -n 40 |
			sed 's/^/#   /'
		[ "$reports" = 0 ] && tail -n 5 "$out/$name.err" | sed 's/^/#   /'
		failed=$((failed + 1))
	fi
}

# the threads load the CPUs and --explain traces: one live run at a time on this machine
exec 9>/tmp/rtwhy-machine.lock
flock 9

run unit-tests "$build/unit-tests"
run nanosleep "$rtwhy" -t 2 -i 500 -d 250 -D 3 -q
run posix-timers "$rtwhy" -t 2 -x -i 1000 -D 2 -q
run relative "$rtwhy" -t 2 -r -i 1000 -l 500 -q
run aligned "$rtwhy" -t 2 -A 100 -i 1000 -D 2 -q
run secaligned "$rtwhy" -t 2 --secaligned -i 1000 -D 2 -q
run verbose "$rtwhy" -t 2 -v -l 300
run spike-list "$rtwhy" -t 2 --spike=1 --spike-nodes=100 -l 300 -q
run histogram "$rtwhy" -t 2 -H 100 -l 1000 -q
run fifo "$rtwhy" -t 2 -p 80 -i 1000 -D 2 -q
run live-status "$rtwhy" -t 2 -i 1000 -D 1
if [ "$(id -u)" = 0 ]; then
	for cpu in $(seq 0 $(($(nproc) - 1))); do
		taskset -c "$cpu" sh -c 'while :; do :; done' &
		loops="$loops $!"
	done
	run break "$rtwhy" -t 2 -i 5000 -D 20 -q -b 2500
	run explain "$rtwhy" -t 2 -i 5000 -D 6 -q --explain=2500 --json="$out/e.json"
	run explain-posix "$rtwhy" -t 2 -x -i 5000 -D 4 -q --explain=2500
	for p in $loops; do kill "$p"; done
	for p in $loops; do wait "$p" 2>/dev/null; done
	loops=""
	spikes=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['spikes']))" \
		"$out/e.json" 2>/dev/null)
	echo "# --explain under the busy loops explained ${spikes:-no} spikes"
fi
# SIGINT in the middle: the shutdown path
"$rtwhy" -t 2 -i 1000 -q >"$out/sigint.out" 2>"$out/sigint.err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
if [ $rc = 0 ] && ! grep -q 'WARNING: ThreadSanitizer' "$out/sigint.err"; then
	echo "ok - sigint"
	passed=$((passed + 1))
else
	echo "not ok - sigint: status $rc"
	grep -A 12 'WARNING: ThreadSanitizer' "$out/sigint.err" | head -n 40 | sed 's/^/#   /'
	failed=$((failed + 1))
fi
echo "tsan: $passed passed, $failed failed"
[ "$failed" = 0 ]
