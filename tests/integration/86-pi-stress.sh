#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rt-tests' pi_stress (issue 11): one inversion group on one CPU, its low, medium and high
# threads at SCHED_FIFO 10, 20 and 90. It makes tens of thousands of real priority-inheritance
# boosts a second, each a few microseconds: too short to be spikes of their own (pilock makes
# those, 83-pi-boost), but the events are real: rtwhy enables sched_pi_setprio, and in the
# windows it saves every boost must be traced in the high thread's context (the waiter) and
# name the low thread (the owner) going from FIFO 10 to 90, every deboost in the low thread's.
PLAN=3
. tests/integration/lib.sh

command -v pi_stress >/dev/null || { notok "pi_stress (rt-tests) is not installed"; exit 0; }
pi_stress -u -q -D 4 -g 1 -s id=low,policy=fifo,priority=10 -s id=med,policy=fifo,priority=20 \
	-s id=high,policy=fifo,priority=90 >"$TMP/pi.out" 2>&1 &
pis=$!
STARTED_PIDS="$STARTED_PIDS $pis"
sleep 0.5
low=$(ps -L -o tid=,rtprio= -p "$pis" | awk '$2 == 10 { print $1 }')
high=$(ps -L -o tid=,rtprio= -p "$pis" | awk '$2 == 90 { print $1 }')
cpu=$(ps -L -o psr=,rtprio= -p "$pis" | awk '$2 == 90 { print $1 }')
# a thread above the group's medium one on the group's CPU: woken in the middle of inversions
run_once p -a "${cpu:-0}" --mainaffinity="$((1 - ${cpu:-0}))" -p 50 -i 1000 -D 1 -q \
	--explain=10 --save-trace="$TMP/p.txt"
stop_started
if [ -n "$low" ] && [ -n "$high" ] && [ "$rc" = 0 ]; then
	ok "pi_stress ran (low $low, high $high on CPU $cpu), rtwhy status 0"
else
	notok "pi_stress ran, rtwhy status 0 (low '$low' high '$high', status $rc)"
	show "$TMP/pi.out"
	show "$TMP/p.err"
fi
# the group's sched_pi_setprio lines, by context (the line's task: its comm may be "<...>")
grep " sched_pi_setprio: comm=pi_stress " "$TMP/p.txt" 2>/dev/null |
	awk -v low="$low" -v high="$high" '{
		ctx = $1; sub(/.*-/, "", ctx)
		if (ctx == high && $0 ~ (" pid=" low " oldprio=89 newprio=9$")) print "boost"
		else if (ctx == low && $0 ~ (" pid=" low " oldprio=9 newprio=89$")) print "deboost"
		else print "other " $0 }' >"$TMP/pi.kinds"
boosts=$(grep -c '^boost$' "$TMP/pi.kinds")
deboosts=$(grep -c '^deboost$' "$TMP/pi.kinds")
others=$(grep -c '^other ' "$TMP/pi.kinds")
if [ "${boosts:-0}" -gt 0 ] && [ "${deboosts:-0}" -gt 0 ]; then
	ok "boosts in the waiter's context: $boosts, deboosts in the owner's: $deboosts"
else
	notok "boosts and deboosts decoded (boosts ${boosts:-0}, deboosts ${deboosts:-0})"
	grep " sched_pi_setprio: " "$TMP/p.txt" 2>/dev/null | head -n 5 | sed 's/^/#   /'
fi
# any other change of the group's priorities is a decoding error
if [ "${others:-1}" = 0 ]; then ok "no other sched_pi_setprio of the group"; else
	notok "no other sched_pi_setprio of the group (${others:-?} seen)"
	grep '^other ' "$TMP/pi.kinds" | head -n 5 | sed 's/^/#   /'
fi
