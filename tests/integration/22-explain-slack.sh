#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Timer slack: on an idle machine a SCHED_OTHER thread wakes late by its timer slack (the
# kernel's 50 us unless set; 500 us here, set as a user would). With a threshold below it and
# --explain, most spikes must name the slack, and those it is the largest part of (most) have it as
# their verdict.
PLAN=4
. tests/integration/lib.sh

# 500 us of slack (/proc/PID/timerslack_ns of the shell that execs rtwhy; its threads
# inherit it): the host delivers a timer interrupt 60-75 us late on some days, idle or not,
# which outgrew the default 50 us
timeout 30 sh -c 'echo 500000 >/proc/$$/timerslack_ns && exec "$@"' sh "$RTWHY" -i 2000 -D 3 -q \
	--explain=400 --json="$TMP/t.json" >"$TMP/t.out" 2>"$TMP/t.err"
rc=$?
check "--explain run ends with status 0" [ "$rc" = 0 ]
pyout=$(python3 - "$TMP/t.json" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1]))["spikes"]
n = len(sp)
# the slack named, no larger than the slack: the kernel fires a slack timer anywhere in its
# window (at its end on a quiet CPU; earlier when another timer's interrupt comes first: a
# fresh-clone run beside another program had 199 of 951 at 1-399 us, e.g. 391 us of a 414 us
# spike), so not "400 us or more"
named = sum(1 for s in sp if any(c["kind"] == "timer_slack" and 0 < c["us"] <= 501 for c in s["culprits"]))
# judged: the spikes whose largest part is the slack (most); the others show the host's noise
def largest(s):
    return max(s["culprits"], key=lambda c: c["us"])["kind"] if s["culprits"] else "-"
judged = [s for s in sp if largest(s) == "timer_slack"]
verdict = sum(1 for s in judged if s["verdict"]["kind"] == "timer_slack")
others = {}
for s in sp:
    if s not in judged:
        others[largest(s)] = others.get(largest(s), 0) + 1
print("count_ok %d" % n if n >= 5 else "count_bad %d" % n)
print("named_ok %d/%d" % (named, n) if n and named * 10 >= n * 8 else "named_bad %d/%d" % (named, n))
print("verdict_%s %d of %d judged (the slack their largest part, of %d) say timer_slack; the "
      "others' largest part: %s" % ("ok" if len(judged) * 2 > n and verdict * 10 >= len(judged) * 9
                                     else "bad", verdict, len(judged), n, others))
PY
)
for k in count named verdict; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok*) ok "$k: $line" ;; *) notok "$k: $line"; show "$TMP/t.out" 30 ;; esac
done
