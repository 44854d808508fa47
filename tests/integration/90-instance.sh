#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy's own instance changed from outside (issue 19): mid-run another program writes 0 to
# the instance's tracing_on, then clears its trace, then turns sched_switch off, then masks the
# measured CPU out of its tracing_cpumask, sets a filter on sched_waking, refuses trace markers
# (options/markers 0) and records one task's events only (set_event_pid), while an RT spinner
# on the measured CPU makes spikes. rtwhy must say each at the time, once, with what it does (turns tracing back on and
# carries on), count the spikes of that time as disturbed (--json spikes_trace_disturbed, the
# end line), never as "overwritten before they were read", and explain spikes again after.
PLAN=12
. tests/integration/lib.sh

# spikes for certain, 100 a second: a FIFO 80 spinner, 1 ms every 10 ms, above the FIFO 50
# thread (a fair busy loop made 10 in a run, none in the 50 ms of tracing_off). A run in which
# it made fewer than 10 (twice in fresh-clone make checks, right after 89-hotplug: the thread's
# largest latencies under 300 us but one; 1 of 2 such pairs by hand) had no culprit to judge:
# tried once more, said
attempt=0
while :; do
	attempt=$((attempt + 1))
	taskset -c 0 chrt -f 80 "$HELPERS/spinner" 1000 10000 20 2>"$TMP/spin.err" &
	spin=$!
	STARTED_PIDS="$STARTED_PIDS $spin"
	# rtwhy itself in the background (not under timeout): its pid names its instance
	"$RTWHY" -a 0 -t 1 -p 50 -i 1000 -D 6 -q --explain 300 --buffer-kb=8192 \
		--json="$TMP/i.json" >"$TMP/i.out" 2>"$TMP/i.err" &
	pid=$!
	STARTED_PIDS="$STARTED_PIDS $pid"
	I=$T/instances/rtwhy-$pid
	sleep 2
	spun="$(chrt -p "$spin" 2>&1 | tr '\n' ' ')$(taskset -p "$spin" 2>&1) $(cat "$TMP/spin.err")"
	if ! [ -d "$I" ]; then
		notok "rtwhy's instance $I is there"
		exit 1
	fi
	mask0=$(cat "$I/tracing_cpumask")
	echo 0 >"$I/tracing_on"
	sleep 0.6
	echo >"$I/trace"
	sleep 0.6
	echo >"$I/trace"
	sleep 0.6
	echo 0 >"$I/events/sched/sched_switch/enable"
	sleep 0.6
	echo 2 >"$I/tracing_cpumask"
	echo 'prev_pid == 1' >"$I/events/sched/sched_waking/filter"
	echo 0 >"$I/options/markers"
	echo 1 >"$I/set_event_pid"
	sleep 0.6
	mask=$(cat "$I/tracing_cpumask" 2>&1)
	filter=$(cat "$I/events/sched/sched_waking/filter" 2>&1)
	markers=$(cat "$I/options/markers" 2>&1)
	pids=$(cat "$I/set_event_pid" 2>&1)
	wait "$pid"
	rc=$?
	stop_started
	made=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
print(len(d["spikes"]) + d.get("spikes_trace_disturbed", 0))' "$TMP/i.json" 2>/dev/null)
	if [ "${made:-0}" -ge 10 ] || [ $attempt -ge 2 ]; then
		break
	fi
	note "attempt $attempt: ${made:-0} spikes over 300 us in 6 s where the spinner makes 100 a second (at 2 s: $spun; $(grep 'T: 0 (' "$TMP/i.out" | head -n 1)): no culprit acted, again"
done
check "the run ended, status 0 (got $rc)" [ "$rc" = 0 ]
n=$(grep -c "^rtwhy: warning: another program wrote 0 to tracing_on of rtwhy's tracing instance rtwhy-$pid at [0-9.]* s: rtwhy turned it back on and carries on" "$TMP/i.err")
check "tracing_on 0 said once, at the time, with what rtwhy does ($n)" [ "$n" = 1 ]
n=$(grep -c "^rtwhy: warning: another program cleared the buffer of rtwhy's tracing instance rtwhy-$pid" "$TMP/i.err")
check "the clear said once, though it was cleared twice ($n)" [ "$n" = 1 ]
n=$(grep -c "^rtwhy: warning: another program turned off 1 of the events of rtwhy's tracing instance rtwhy-$pid (sched:sched_switch) at [0-9.]* s: rtwhy turned it back on and carries on" "$TMP/i.err")
check "sched_switch turned off: said once, with the event, turned back on ($n)" [ "$n" = 1 ]
n=$(grep -c "^rtwhy: warning: another program changed rtwhy's tracing instance rtwhy-$pid at [0-9.]* s (options/markers 0: trace_marker refused rtwhy's spike markers; tracing_cpumask 2, was $mask0; a filter on sched:sched_waking; set_event_pid 1: the events of other tasks not recorded): rtwhy put it back and carries on" "$TMP/i.err")
check "the markers, the CPU mask, the filter and the pid filter: said once, each named, put back ($n)" [ "$n" = 1 ]
check "0.6 s later the instance traced every CPU again, unfiltered (tracing_cpumask $mask, filter '$filter')" \
	[ "$mask" = "$mask0" -a "$filter" = none ]
check "0.6 s later it took markers again and recorded every task (options/markers $markers, set_event_pid '$pids')" \
	[ "$markers" = 1 -a -z "$pids" ]
r=$(python3 - "$TMP/i.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
what = sorted(x["what"] for x in d.get("trace_disturbed", []))
late = [s for s in d["spikes"] if s["verdict"]["kind"] not in ("invisible", "incomplete")]
print(d.get("spikes_trace_disturbed", 0), ",".join(what) or "-", len(d["spikes"]))
PY
)
# shellcheck disable=SC2086
set -- $r
check "--json: spikes counted as disturbed (${1:-0}), every change listed (${2:-none})" \
	[ "${1:-0}" -ge 1 -a "${2:-}" = "cleared,events_off,settings,tracing_off" ]
# the end: "N spikes explained, M counted and not explained (...)", then by why: "K read too
# late, the kernel had overwritten the window" (none: not said)
line=$(grep -A1 "^# rtwhy: [0-9]* spikes\{0,1\} explained, [0-9]* counted and not explained" "$TMP/i.out")
over=""
if [ -n "$line" ]; then
	over=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) read too late, the kernel had overwritten.*/\1/p')
	over=${over:-0}
fi
note "$line"
# Windows of up to ~100 ms after rtwhy turned tracing back on came back empty (8 spikes in a
# run, counted so): the disturbed stretch now stays open until the trace is read again
# (instwatch_keep()), and none came back so in the runs since. A few are allowed for a window
# the kernel really overwrote.
check "at most a few of them counted as overwritten (${over:-?})" \
	[ "${over:-99}" -le 5 ]
[ "${3:-0}" -ge 10 ] || {
	note "the spinner at 2 s: $spun"
	grep -i "max\|spike" "$TMP/i.out" | head -n 12 | sed 's/^/# /'
}
check "spikes explained (${3:-0}) and the disturbed ones said at the end" \
	grep -q "^# rtwhy: [0-9]* more not explained: another program changed rtwhy's tracing instance" "$TMP/i.out"
check "spikes explained (${3:-0})" [ "${3:-0}" -ge 1 ]

# The freeze trigger (stop and snapshot capture put one on ftrace:print) removed by another
# program: said, put back. Stop capture: its traceoff trigger is on every kernel.
RTWHY_CAPTURE=stop "$RTWHY" -a 0 -t 1 -p 50 -i 1000 -D 3 -q --explain 300 \
	>"$TMP/t.out" 2>"$TMP/t.err" &
pid=$!
STARTED_PIDS="$STARTED_PIDS $pid"
I=$T/instances/rtwhy-$pid
sleep 1.2
before=$(grep -v '^#' "$I/events/ftrace/print/trigger" 2>&1 | cut -d' ' -f1)
echo '!traceoff' >>"$I/events/ftrace/print/trigger"
sleep 0.6
after=$(grep -v '^#' "$I/events/ftrace/print/trigger" 2>&1 | cut -d' ' -f1)
wait "$pid"
rc=$?
n=$(grep -c "^rtwhy: warning: another program changed rtwhy's tracing instance rtwhy-$pid at [0-9.]* s (its freeze trigger on ftrace:print removed): rtwhy put it back and carries on" "$TMP/t.err")
check "the freeze trigger removed: said once, put back (status $rc, trigger '$before', then '$after', said $n)" \
	[ "$rc" = 0 -a "$n" = 1 -a "$after" = "$before" -a "${before%%:*}" = traceoff ]
