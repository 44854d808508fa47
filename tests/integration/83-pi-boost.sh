#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Priority inheritance (issue 11; fails until the pi_boost verdict and the sched_pi_setprio
# event exist): pilock's FIFO 10 thread holds a PTHREAD_PRIO_INHERIT mutex for 3 ms, its FIFO
# 90 thread blocks on it every 7 ms and boosts it to 90, so the holder runs ahead of a FIFO 50
# measuring thread on the same CPU: 1.5-3 ms spikes (tests/fixtures/causes/pi-boost). The
# verdict must name the holder (its tid, FIFO 10), boosted to 90 by the FIFO 90 thread.
PLAN=5
. tests/integration/lib.sh

"$HELPERS/pilock" -m pi -c 1 -L 10 -H 90 -h 3000 -g 2000 -i 7000 -D 30 >"$TMP/pilock.out" &
STARTED_PIDS="$STARTED_PIDS $!"
sleep 0.3
low=$(sed -n 's/^pilock: low tid=\([0-9]*\).*/\1/p' "$TMP/pilock.out")
high=$(sed -n 's/^pilock: high tid=\([0-9]*\).*/\1/p' "$TMP/pilock.out")
spike_run 3 "${low:-pilock} ${high:-pilock}" -a 1 -p 50 -i 1000 -D 4 -q -b 1500
note "the window: $window"
stop_started
if [ -n "$low" ] && [ -n "$high" ]; then ok "pilock told its tids ($low, $high)"; else
	notok "pilock told its tids"; show "$TMP/pilock.out"; fi
if [ "$verdict" = pi_boost ]; then ok "verdict pi_boost"; else
	notok "verdict pi_boost (got '$verdict')"; show "$TMP/s.out" 60; fi
pyout=$(python3 - "$TMP/s.json" "${low:-0}" "${high:-0}" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["spikes"][0]
c = s["culprits"][s["verdict"]["culprit"]]
v = s["verdict"]
print("culprit_ok" if c.get("pid") == int(sys.argv[2]) and c.get("policy") == "fifo" and c.get("prio") == 10 else "culprit_bad %s" % c)
print("boost_ok" if "90" in v["text"] and sys.argv[3] in v["text"] else "boost_bad %s" % v["text"])
print("lat_ok" if 1500 < s["latency_us"] < 6000 else "lat_bad %s" % s["latency_us"])
PY
)
for k in culprit boost lat; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done
