#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A measuring thread's timer slack changed by another program (issue 19: other ways to take a
# thread's claim to its CPU). During a SCHED_OTHER run (-i 10000 --explain=1500, thread 0 on
# CPU 1), another program writes 4 ms into /proc/TID/timerslack_ns (what a power daemon or a
# container runtime may do), and 1.5 s later the thread's own slack again. rtwhy must say it at
# the time, once, with both slacks, and say when it is back; --json sched_changes lists both.
# The spikes whose deadline lies in that stretch and whose latency is within the new slack
# (plus 300 us for the wakeup) must be `timer_slack` with the slack the thread armed its timer
# with (the window's hrtimer_start: 4000 us) and that another program changed it: before,
# rtwhy took the slack of the thread's start (50 us) and called the rest `invisible`, "an SMI,
# or the hypervisor" -- and, when the switch into the thread was not traced, took the previous
# cycle's timer. None may be anything else, but for a fair task that kept the CPU longer than
# the slack's part once the timer fired (its verdict, the slack its own culprit). A spike longer
# than that is the host's as well as the slack's: noise, counted and shown.
PLAN=4
. tests/integration/lib.sh

if [ "$(nproc)" -lt 2 ]; then
	for i in $(seq $PLAN); do ok "# SKIP one CPU"; done
	exit 0
fi
"$RTWHY" -t 1 -a 1 -i 10000 --explain=1500 -D 4 -q --json="$TMP/s.json" >"$TMP/s.out" \
	2>"$TMP/s.err" &
pid=$!
STARTED_PIDS="$STARTED_PIDS $pid"
sleep 1
tid=$(pinned_tid "$pid" 2)
old=$(cat "/proc/$tid/timerslack_ns")
mono() { python3 -c 'import time; print(time.clock_gettime(time.CLOCK_MONOTONIC))'; }
echo 4000000 >"/proc/$tid/timerslack_ns"
t0=$(mono)
sleep 1.5
t1=$(mono)
echo "$old" >"/proc/$tid/timerslack_ns"
wait "$pid"
rc=$?
STARTED_PIDS=
check "the run ended, status 0 (got $rc)" [ "$rc" = 0 ]
o=$((old / 1000))
n=$(grep -c "^rtwhy: warning: thread 0 (tid $tid), timer slack $o us when rtwhy started it, has 4000 us now: another program changed it at [0-9.]* s (/proc/$tid/timerslack_ns); rtwhy does not set it back" "$TMP/s.err")
m=$(grep -c "^rtwhy: warning: thread 0 (tid $tid) runs as SCHED_OTHER nice [-0-9]* with a timer slack of $o us again at" "$TMP/s.err")
check "the slack's change said once ($n), and its return ($m)" [ "$n" = 1 -a "$m" = 1 ]
grep -q "^rtwhy: warning: thread" "$TMP/s.err" || show "$TMP/s.err"
got=$(python3 - "$TMP/s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s:%s>%s" % ("back" if c["back"] else "moved", c["slack_us"], c["now_slack_us"])
               for c in d.get("sched_changes", [])))
PY
)
check "--json sched_changes ($got)" [ "$got" = "moved:$o>4000 back:$o>$o" ]
# the spikes of the stretch (deadline between the two writes, CLOCK_MONOTONIC: the spikes'
# clock; from an interval after the first, so that the timer was armed after it), within the
# slack and the wakeup's 300 us
pyout=$(python3 - "$TMP/s.json" "$t0" "$t1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t0, t1 = float(sys.argv[2]), float(sys.argv[3])
sp = [s for s in d.get("spikes", []) if t0 + 0.011 <= s["deadline_ns"] / 1e9 <= t1]
judged = [s for s in sp if s["latency_us"] <= 4300]
good = [s for s in judged if s["verdict"]["kind"] == "timer_slack"
        and "timer slack of 4000 us" in s["verdict"]["text"]
        and "another program changed it since" in s["verdict"]["text"]]
# a fair task that kept the CPU longer than the slack's part, once the timer fired: its verdict
# names it, and the slack is its own culprit
other = [s for s in judged if s not in good and s["verdict"]["kind"] != "invisible"
         and any(c["kind"] == "timer_slack" for c in s["culprits"])
         and 0 <= s["verdict"].get("culprit", -1) < len(s["culprits"])
         and s["culprits"][s["verdict"]["culprit"]]["kind"] != "timer_slack"]
bad = [s for s in judged if s not in good and s not in other]
print("%s %d of %d judged spikes timer_slack (4000 us, changed since), %d another culprit with "
      "the slack's share; %d longer: noise; %s" %
      ("ok" if len(judged) >= 3 and not bad and 10 * len(good) >= 9 * len(judged) else "bad",
       len(good), len(judged), len(other), len(sp) - len(judged),
       [(s["latency_us"], s["verdict"]["kind"], s["verdict"]["text"][:300]) for s in bad[:2]]))
PY
)
case "$pyout" in ok*) ok "stretch: $pyout" ;; *) notok "stretch: ${pyout:-no JSON}" ;; esac
