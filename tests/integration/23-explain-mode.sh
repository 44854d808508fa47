#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --explain goes on after each spike (re-arms the trace), reports the blind
# time, and --save-trace keeps every explained window with its FREEZE line.
PLAN=10
. tests/integration/lib.sh

busy_loop 0 busyloop
busy_loop 1 busyloop
sleep 0.3
# 5-7 spikes in 8 s here, fewer on some machines: up to four runs until two
spikes_run 4 2 e -t 2 -i 5000 -d 5000 -D 8 -q --explain=2500 --save-trace="$TMP/e.txt" \
	--json="$TMP/e.json"
stop_started
nj=$(json_get "$TMP/e.json" "len(d['spikes'])")
check "status 0" [ "$rc" = 0 ]
check "several spikes explained in one run ($n)" [ "$n" -ge 2 ]
check "one JSON spike per explanation block" [ "${nj:-0}" = "$n" ]
check "blind time reported" grep -qE '^# rtwhy: [0-9]+ spikes? explained, [0-9]+ more during [0-9.]+ ms of blind time' "$TMP/e.out"
check "the saved trace holds one FREEZE line per spike" \
	[ "$(grep -c 'tracing_mark_write: FREEZE  *tid=' "$TMP/e.txt")" = "$n" ]
"$RTWHY" analyze "$TMP/e.txt" >"$TMP/a.out" 2>&1
check "rtwhy analyze of the saved trace explains each spike once" \
	[ "$(grep -c '^# Spike [0-9]*: ' "$TMP/a.out")" = "$n" ]
check "the -b lines are not printed without -b" [ "$(grep -c '^# Break' "$TMP/e.out")" = 0 ]

# no spike at all: the files only a spike fills are not written, and the run says so
timeout 30 "$RTWHY" -q -D 1 --explain=1000000 --save-trace="$TMP/none.txt" --svg="$TMP/none.svg" \
	>"$TMP/n.out" 2>&1
rc=$?
if [ "$rc" = 0 ] && [ ! -e "$TMP/none.txt" ] && [ ! -e "$TMP/none.svg" ] &&
	grep -q "^# rtwhy: no spike explained: no trace saved to $TMP/none.txt\$" "$TMP/n.out" &&
	grep -q "^# rtwhy: no spike explained: no picture drawn to $TMP/none.svg\$" "$TMP/n.out"; then
	ok "no spike: no trace, no picture, and the run says so"
else
	notok "no spike: no trace, no picture, and the run says so (status $rc)"
	show "$TMP/n.out"
fi

# the explaining thread's CPUs: --mainaffinity's (rtwhy's housekeeping) when given, else every
# CPU the process may use, not only -a's (where the main thread goes, as in cyclictest)
# (looked for until the run ends: its start takes seconds under the sanitizers)
explainer_cpus() { # explainer_cpus ARGS...: Cpus_allowed_list of rtwhy-explain in a 3 s run
	timeout 30 "$RTWHY" -q -D 3 -i 5000 --explain=1000000 "$@" >"$TMP/aff.out" 2>&1 &
	apid=$!
	got=""
	while [ -z "$got" ] && kill -0 $apid 2>/dev/null; do
		sleep 0.1
		rpid=$(pgrep -P $apid | head -n 1) # rtwhy, under timeout
		for t in /proc/${rpid:-none}/task/*; do
			[ "$(cat "$t/comm" 2>/dev/null)" = rtwhy-explain ] &&
				got=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$t/status")
		done
	done
	wait $apid
}
all=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
explainer_cpus -a 1 --mainaffinity=0
check "--mainaffinity=0: the explaining thread runs on CPU 0 (got '$got')" [ "$got" = 0 ]
explainer_cpus -a 1
check "-a 1 alone: the explaining thread may run on every CPU, $all (got '$got')" [ "$got" = "$all" ]
