#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# CPU stop work (issue 11; fails until the stop_work verdict exists): a busy loop on CPU 1 is
# moved to CPU 0 and back every 50 us by sched_setaffinity (affstorm, on CPU 0); each move off
# CPU 1 runs migration/1 (the stop class, above every RT and DEADLINE task) there. Short
# (~14 us each), so the run explains every latency above 30 us for 3 s and judges them all:
# at least one must be stop_work naming migration/1 and the moved task, and none may call
# migration/1 an ordinary fifo 99 task.
PLAN=3
. tests/integration/lib.sh

busy_loop 1 fairhog
fair=$!
taskset -c 0 "$HELPERS/affstorm" "$fair" 0 1 30 50 >/dev/null &
STARTED_PIDS="$STARTED_PIDS $!"
sleep 0.3
# the stopper's spikes are few and short (14 us), and host noise hides some: up to 3 runs,
# until one explains a stop_work; every spike of every run is judged
runs=""
attempt=0
while [ $attempt -lt 3 ]; do
	attempt=$((attempt + 1))
	run_once m$attempt -a 1 -p 99 -i 200 -D 3 -q --explain 30 --json="$TMP/m$attempt.json"
	[ "$rc" = 0 ] || break
	runs="$runs $TMP/m$attempt.json"
	grep -q '"kind": "stop_work"' "$TMP/m$attempt.json" && break
	note "run $attempt: no stop_work spike, again"
done
stop_started
if [ "$rc" = 0 ]; then ok "the run ended, status 0"; else notok "the run ended, status 0 (got $rc)"; fi
# shellcheck disable=SC2086
pyout=$(python3 - "$fair" $runs <<'PY'
import json, re, sys
sp = [s for f in sys.argv[2:] for s in json.load(open(f)).get("spikes", [])]
stop = [s for s in sp if s["verdict"]["kind"] == "stop_work"
        and s["culprits"][s["verdict"]["culprit"]].get("comm") == "migration/1"
        and "fairhog" in s["verdict"]["text"]]
# migration/N called an RT task ("fifo 99") anywhere, or blamed by a verdict about tasks
# (higher_priority ...) instead of stop_work; invisible and incomplete may name the time
# no event covers while it was current
label = re.compile(r"migration/[0-9]+ \(pid [0-9]+, fifo")
wrong = [s for s in sp if label.search(s["verdict"]["text"]) or
         (s["verdict"]["kind"] in ("higher_priority", "non_preemptible", "tick_wait", "migration")
          and s["verdict"]["culprit"] is not None
          and s["culprits"][s["verdict"]["culprit"]].get("comm", "").startswith("migration/"))]
print("stop_ok %d of %d" % (len(stop), len(sp)) if stop else "stop_bad 0 of %d spikes" % len(sp))
print("wrong_ok" if not wrong else "wrong_bad %s" % [s["verdict"]["kind"] for s in wrong])
PY
)
for k in stop wrong; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok*) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done
