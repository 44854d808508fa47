#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Spike -> explanation ready (the JSON's trace.explain_ns: from the thread's
# wake-up to the explanation), with the default trace buffer (2048 KB per
# CPU) full: a pipe ping-pong floods the scheduler events while an RT hog
# (SCHED_FIFO 80, 6 ms every 253 ms: not in step with the 10 ms poll) makes 4 spikes a second on the CPU of a
# SCHED_FIFO 50 thread, so that the buffer has wrapped several times over
# between two. Per capture: live (this kernel's: read as it records, the
# window's pages only decoded) and stop (the trace stopped at the spike,
# then read whole and cleared: how --explain worked before), the same run.
. tests/bench/lib.sh

echo "### Spike -> explanation (default buffer, 2048 KB per CPU)"
echo
echo "| load | capture | spikes | events in the window (median) | explain ms median | p99 | max | blind |"
echo "|---|---|---|---|---|---|---|---|"
for load in "RT hog" "RT hog + ping-pong (buffer full)"; do
	for capture in live stop; do
		taskset -c 1 chrt -f 80 "$HELPERS/spinner" 6000 253000 30 &
		STARTED_PIDS="$STARTED_PIDS $!"
		case "$load" in *ping*)
			"$HELPERS/pingpong" 30 &
			STARTED_PIDS="$STARTED_PIDS $!" ;;
		esac
		sleep 0.5
		RTWHY_CAPTURE=$capture "$RTWHY" -a 1 -p 50 -i 1000 -D 10 -q --explain=2500 \
			--json="$TMP/e.json" >"$TMP/e.out" 2>&1
		stop_started
		n=$(grep -o '^#   trace: [a-zA-Z]*, [0-9]* events' "$TMP/e.out" | awk '{print $4}' | median)
		python3 - "$TMP/e.json" "$load" "$capture" "$n" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
sp = d["spikes"]
e = sorted(s["trace"]["explain_ns"] / 1e6 for s in sp if "explain_ns" in s["trace"])
if e:
    p99 = e[min(len(e) - 1, (len(e) * 99 + 99) // 100 - 1)]
    print("| %s | %s | %d | %s | %.1f | %.1f | %.1f | %d |" % (sys.argv[2], sys.argv[3], len(e),
          sys.argv[4], e[len(e) // 2], p99, e[-1], d.get("blind_spikes", 0)))
PY
	done
done
echo
echo "The explaining thread looks for spikes every 10 ms (cyclictest's display period):"
echo "half of that on average is waiting to be picked up."
