#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy analyze --save-trace cuts the explained windows out of a recording, from
# trace.dat and from text, as a trace.dat (FILE.dat) or as text: trace-cmd report
# reads the trace.dat (when installed), and rtwhy analyze explains the cut to the
# same verdicts as the recording. rtwhy analyze's JSON of every fixture is valid
# against doc/schema/analyze.schema.json. No root; a few seconds.
#   sh tests/shell/30-analyze-save.sh (RTWHY_BUILD=build)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-analyze-save.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh
F=tests/fixtures

# the verdict lines and the culprit tables of a report: what must not change
explained() { grep -E '^# (verdict|hint|  culprits|        *[0-9.]+ +[0-9.]+%)' "$1"; }

# 1-4. cut to a trace.dat: from a trace.dat (two spikes: busy-tick, rt-hog) and from text
for src in busy-tick.dat rt-hog.dat seed-example.trace.txt idle-slack.trace.txt; do
	name=${src%%.*}
	"$build/rtwhy" analyze "$F/$src" --save-trace="$tmp/$name.cut.dat" >"$tmp/$name.o" 2>&1
	a=$?
	"$build/rtwhy" analyze "$tmp/$name.cut.dat" >"$tmp/$name.cut.o" 2>"$tmp/$name.cut.err"
	b=$?
	explained "$tmp/$name.o" >"$tmp/$name.v"
	explained "$tmp/$name.cut.o" >"$tmp/$name.cut.v"
	if [ $a = 0 ] && [ $b = 0 ] && [ -s "$tmp/$name.v" ] && cmp -s "$tmp/$name.v" "$tmp/$name.cut.v" &&
		grep -q '^#   trace.dat v7' "$tmp/$name.cut.o"; then
		ok "$src cut to a trace.dat: explained again to the same verdicts and culprits"
	else
		notok "$src cut to a trace.dat (status $a, $b)"
		diff "$tmp/$name.v" "$tmp/$name.cut.v" | head -n 10 | sed 's/^/#   /'
		sed 's/^/#   /' "$tmp/$name.cut.err" | head -n 5
	fi
done

# 5. the cut is smaller than the recording: only the explained window, and trace-cmd reads it
if ! command -v trace-cmd >/dev/null; then
	ok "# SKIP trace-cmd is not installed"
elif trace-cmd report "$tmp/busy-tick.cut.dat" >"$tmp/r.txt" 2>&1 &&
	grep -q 'tracing_mark_write: hit latency threshold' "$tmp/r.txt" &&
	grep -q ' sched_switch: ' "$tmp/r.txt" &&
	[ "$(wc -c <"$tmp/busy-tick.cut.dat")" -lt "$(wc -c <"$F/busy-tick.dat")" ]; then
	ok "trace-cmd report reads the cut: the marker and the switches; smaller than the recording"
else
	notok "trace-cmd report reads the cut"
	head -n 10 "$tmp/r.txt" | sed 's/^/#   /'
fi

# 6. cut to text: the same verdicts too
"$build/rtwhy" analyze "$F/rt-hog.dat" --save-trace="$tmp/rt.cut.txt" >/dev/null 2>&1
"$build/rtwhy" analyze "$tmp/rt.cut.txt" >"$tmp/rt.cut.o" 2>&1
explained "$tmp/rt.cut.o" >"$tmp/rt.cut.v"
if cmp -s "$tmp/rt-hog.v" "$tmp/rt.cut.v"; then
	ok "rt-hog.dat cut to text: the same verdicts"
else
	notok "rt-hog.dat cut to text"
	diff "$tmp/rt-hog.v" "$tmp/rt.cut.v" | head -n 10 | sed 's/^/#   /'
fi

# 7. a file that cannot be written: status 1, one line why, nothing left
"$build/rtwhy" analyze "$F/busy-tick.dat" --save-trace=/nonexistent-dir/x.dat >/dev/null \
	2>"$tmp/bad.err"
rc=$?
if [ $rc = 1 ] && grep -q '^rtwhy: cannot write --save-trace file /nonexistent-dir/x.dat: ' \
	"$tmp/bad.err" && [ "$(grep -c . "$tmp/bad.err")" = 1 ]; then
	ok "an unwritable --save-trace file: status 1, one line"
else
	notok "an unwritable --save-trace file (status $rc)"
	sed 's/^/#   /' "$tmp/bad.err"
fi

# 8. analyze --json of every recorded trace is valid against its schema
bad=""
for f in "$F"/*.dat "$F"/*.trace.txt "$F"/*.lat.txt "$F"/causes/*.trace.txt "$F"/kernels/*.dat \
	"$F"/kernels/*.trace.txt "$tmp/busy-tick.cut.dat"; do
	[ -f "$f" ] || continue
	"$build/rtwhy" analyze "$f" --json="$tmp/a.json" >/dev/null 2>&1
	python3 tests/schema_valid.py doc/schema/analyze.schema.json "$tmp/a.json" >"$tmp/v.txt"
	case $? in
	0) ;;
	2) bad=skip ;;
	*) bad="$bad ${f#"$F"/}"; sed 's/^/#   /' "$tmp/v.txt" | head -n 3 ;;
	esac
done
if [ "$bad" = skip ]; then
	ok "# SKIP no python3-jsonschema"
elif [ -z "$bad" ]; then
	ok "analyze --json of every fixture valid against doc/schema/analyze.schema.json"
else
	notok "analyze --json valid against its schema:$bad"
fi
echo "# $n tests, $failed failed"
[ "$failed" = 0 ]
