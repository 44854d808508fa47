#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --save-trace's trace.dat, as trace-cmd reads it: cut from a recording of three
# spikes apart in time (rtwhy analyze), each window starts and ends with a marker
# (rtwhy: window of spike N starts / ends), nothing between one window's end and
# the next one's start, the markers in order; `trace-cmd report --stat` lists
# each CPU's stats (no more "No stats in this file"); the cut explains to the
# same verdicts. --save-trace=DIR/: one trace.dat per spike, each readable.
# (The host name is the live run's uname: unit-tested in test_savetrace.c.)
# No root; a second.
#   sh tests/shell/70-savetrace-dat.sh (RTWHY_BUILD=build)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-savetrace-dat.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh
show() { sed 's/^/#   /' "$1" | head -n 15; }
F=tests/fixtures/rtwhy-explain.trace.txt

if ! command -v trace-cmd >/dev/null; then
	for k in 1 2 3 4; do ok "# SKIP trace-cmd is not installed"; done
	exit 0
fi
"$build/rtwhy" analyze "$F" --save-trace="$tmp/cut.dat" >"$tmp/a.out" 2>&1
trace-cmd report "$tmp/cut.dat" >"$tmp/r.txt" 2>"$tmp/r.err"
# the sequence of markers and of "other" lines between them
awk '/tracing_mark_write: rtwhy: window of spike/ {
		sub(/.*rtwhy: window of spike /, ""); print "mark " $1 " " $2; last = "mark"; next }
	/^ *[^ ].*\[[0-9]+\] +[0-9.]+:/ { if (last != "ev") print "ev"; last = "ev" }' \
	"$tmp/r.txt" >"$tmp/seq"
want='mark 1 starts:
ev
mark 1 ends:
mark 2 starts:
ev
mark 2 ends:
mark 3 starts:
ev
mark 3 ends:'
if [ "$(cat "$tmp/seq")" = "$want" ]; then
	ok "trace-cmd report: each of the 3 windows between its start and end markers, nothing in the gaps"
else
	notok "trace-cmd report: the windows and their markers"
	show "$tmp/seq"
	show "$tmp/r.err"
fi
trace-cmd report --stat "$tmp/cut.dat" >"$tmp/stat.txt" 2>&1
if ! grep -q 'No stats in this file' "$tmp/stat.txt" &&
	[ "$(grep -c '^read events: [1-9]' "$tmp/stat.txt")" = 2 ] &&
	grep -q '^CPU: 1$' "$tmp/stat.txt"; then
	ok "trace-cmd report --stat: the stats of both CPUs"
else
	notok "trace-cmd report --stat"
	show "$tmp/stat.txt"
fi
"$build/rtwhy" analyze "$tmp/cut.dat" >"$tmp/b.out" 2>&1
if [ "$(grep -c '^# verdict' "$tmp/a.out")" = 3 ] &&
	[ "$(grep '^# verdict' "$tmp/a.out")" = "$(grep '^# verdict' "$tmp/b.out")" ]; then
	ok "the cut with its markers explains to the same 3 verdicts"
else
	notok "the cut explains to the same verdicts"
	diff "$tmp/a.out" "$tmp/b.out" | head -n 10 | sed 's/^/#   /'
fi
# DIR/: a trace.dat per spike (DIR made), each read by trace-cmd
"$build/rtwhy" analyze "$F" --save-trace="$tmp/traces/" >/dev/null 2>"$tmp/d.err"
nr=0
good=0
for f in "$tmp"/traces/spike-*ns.dat; do
	[ -f "$f" ] || continue
	nr=$((nr + 1))
	trace-cmd report "$f" 2>/dev/null | grep -q 'FREEZE tid=' && good=$((good + 1))
done
if [ $nr = 3 ] && [ $good = 3 ] && [ ! -s "$tmp/d.err" ]; then
	ok "--save-trace=DIR/: 3 trace.dat files, each with its FREEZE, read by trace-cmd"
else
	notok "--save-trace=DIR/: $nr files, $good read"
	ls -la "$tmp/traces" | sed 's/^/#   /'
	show "$tmp/d.err"
fi
exit $((failed > 0))
