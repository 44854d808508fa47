#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Freeze latency: from the thread's wake-up (the deadline miss seen) to the
# moment recording stopped. rtwhy's own number comes from its runs (the
# FREEZE marker's trace timestamp minus the wake time), with the trace
# stopped at each spike as -b stops it (RTWHY_CAPTURE=stop: --explain itself
# never stops recording); freezecmp times rtwhy's trigger and cyclictest's
# marker + tracing_on writes the same way.
. tests/bench/lib.sh

live() { # label, then rtwhy options
	label=$1
	shift
	RTWHY_CAPTURE=stop "$RTWHY" "$@" --json="$TMP/f.json" >/dev/null 2>&1
	python3 - "$TMP/f.json" "$label" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1]))["spikes"]
f = sorted(s["trace"]["freeze_ns"] / 1000 for s in sp if "freeze_ns" in s["trace"])
if f:
    print("| rtwhy, %s | %d | %.1f | %.1f |" % (sys.argv[2], len(f), f[len(f) // 2], f[min(len(f) - 1, len(f) * 99 // 100)]))
PY
}

echo "### Freeze latency: wake-up seen -> recording stopped (us)"
echo
echo "| method | spikes | median | p99 |"
echo "|---|---|---|---|"
live "idle, SCHED_OTHER, --explain=45, stopped as -b" -i 2000 -D 5 -q --explain=45
busy_loop 0 busyloop
busy_loop 1 busyloop
live "busy loops, SCHED_OTHER, --explain=2500, stopped as -b" -t 2 -i 5000 -d 5000 -D 10 -q --explain=2500
stop_started
set -- $("$HELPERS/freezecmp" 300 1000)
echo "| freezecmp, rtwhy's trigger (1 ms sleeps) | $2 | $3 | $4 |"
echo "| freezecmp, cyclictest's marker + tracing_on (1 ms sleeps) | $6 | $7 | $8 |"
echo
echo "Ratio cyclictest/rtwhy (median): $(ratio "$7" "$3")"
