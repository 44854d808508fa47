#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --explain goes on after each spike (re-arms the trace), reports the blind
# time, and --save-trace keeps every explained window with its FREEZE line.
PLAN=11
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
check "what was not explained reported" grep -qE '^# rtwhy: [0-9]+ spikes? explained, [0-9]+ counted and not explained \(capture [a-z]+, ' "$TMP/e.out"
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

# rtwhy's own threads' CPUs: --mainaffinity's (rtwhy's housekeeping) when given, else those
# no measuring thread is pinned to, said at the start (issues 19, 22: on the measured CPU
# they made its spikes); when -a takes every CPU, the explaining thread may run on every one
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
				got=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$t/status") &&
				main=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' \
					"/proc/$rpid/status")
		done
	done
	wait $apid
}
all=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
explainer_cpus -a 1 --mainaffinity=0
check "--mainaffinity=0: the explaining thread runs on CPU 0 (got '$got')" [ "$got" = 0 ]
explainer_cpus -a 1
said=$(sed -n 's/^# rtwhy: its own threads (main, rtwhy-explain) on CPU \([0-9,-]*\), off the measured CPUs.*/\1/p' "$TMP/aff.out")
[ -n "$said" ] && [ "$got" = "$said" ] && [ "$main" = "$said" ] &&
	python3 -c "import sys; from itertools import chain
s = sys.argv[1]
cpus = chain.from_iterable(range(int(a.split('-')[0]), int(a.split('-')[-1]) + 1) for a in s.split(','))
sys.exit(0 if 1 not in set(cpus) else 1)" "$said"
check "-a 1 alone: rtwhy's own threads off CPU 1, said at the start (said '$said', explaining '$got', main '$main')" \
	[ $? = 0 ]
explainer_cpus -S # one thread per CPU (-a alone measures one CPU: cyclictest's -t 1)
[ "$got" = "$all" ] && ! grep -q "its own threads" "$TMP/aff.out"
check "-S (every CPU measured): the explaining thread may run on every CPU, $all (got '$got')" \
	[ $? = 0 ]
