#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# An RT hog: a SCHED_FIFO 80 task spins 3 ms every 20 ms on the CPU of a
# SCHED_FIFO 50 measuring thread. The hog must be named, fifo 80, with the
# verdict higher_priority.
PLAN=5
. tests/integration/lib.sh

taskset -c 1 chrt -f 80 "$HELPERS/spinner" 3000 20000 60 &
hog=$!
STARTED_PIDS="$STARTED_PIDS $hog"
sleep 0.2
spike_run 3 "$hog" -a 1 -p 50 -i 1000 -D 20 -q -b 1500
note "the window: $window"
stop_started
if [ "$rc" = 0 ] && grep -q '^# Break thread: ' "$TMP/s.out"; then
	ok "a spike stopped the run, status 0"
else
	notok "a spike stopped the run, status 0 (got $rc)"
fi
if [ "$verdict" = higher_priority ]; then ok "verdict higher_priority"; else
	notok "verdict higher_priority (got '$verdict')"; show "$TMP/s.out" 60; show "$TMP/s.err"; fi
pyout=$(python3 - "$TMP/s.json" "$hog" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["spikes"][0]
c = s["culprits"][s["verdict"]["culprit"]]
print("culprit_ok" if c["comm"] == "spinner" and c["pid"] == int(sys.argv[2]) else "culprit_bad %s" % c)
print("policy_ok" if c["policy"] == "fifo" and c["prio"] == 80 else "policy_bad %s" % c)
print("share_ok" if c["share"] > 0.5 else "share_bad %s" % c["share"])
PY
)
for k in culprit policy share; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok) ok "$k: $line" ;; *) notok "$k: $line" ;; esac
done
