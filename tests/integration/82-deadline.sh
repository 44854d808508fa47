#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A SCHED_DEADLINE hog (issue 11; fails until the DL text and hint exist): two dlhog (5 ms of
# every 50 ms, one per CPU: a DL task cannot be pinned) above a FIFO 99 measuring thread: about
# 20 spikes of 4.5-4.8 ms a second on CPU 1 (tests/fixtures/causes/dl-hog). Kind and culprit
# are right already; the text must say that SCHED_DEADLINE runs before every RT task, and the
# hint must not offer a higher RT priority (-p).
PLAN=5
. tests/integration/lib.sh

"$HELPERS/dlhog" 5000 50000 30 &
d0=$!
"$HELPERS/dlhog" 5000 50000 30 &
d1=$!
STARTED_PIDS="$STARTED_PIDS $d0 $d1"
sleep 0.3
# a dlhog run longer than its 5 ms runtime and the tick after it (the kernel notices the used
# budget at the tick; HZ=250 here) was lengthened by the host (stolen time is not charged to
# it): that much of the wait is not the dlhog's, as rtwhy says too
export WJ_RUN_MAX_US=9000
spike_run 3 "$d0 $d1" -a 1 -p 99 -i 1000 -D 3 -q -b 3000
unset WJ_RUN_MAX_US
note "the window: $window"
stop_started
if [ "$verdict" = higher_priority ]; then ok "verdict higher_priority"; else
	notok "verdict higher_priority (got '$verdict')"; show "$TMP/s.out" 60; fi
pyout=$(python3 - "$TMP/s.json" "$d0" "$d1" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["spikes"][0]
c = s["culprits"][s["verdict"]["culprit"]]
v = s["verdict"]
print("culprit_ok" if c.get("comm") == "dlhog" and c.get("pid") in (int(sys.argv[2]), int(sys.argv[3])) and c.get("policy") == "deadline" else "culprit_bad %s" % c)
print("lat_ok" if 3000 < s["latency_us"] < 15000 else "lat_bad %s" % s["latency_us"])
print("text_ok" if "before every RT task" in v["text"] else "text_bad %s" % v["text"])
print("hint_ok" if "(-p)" not in v["hint"] and "priority above" not in v["hint"] else "hint_bad %s" % v["hint"])
PY
)
for k in culprit lat text hint; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done
