#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Spike -> explanation ready, with the default trace buffer full: a pipe
# ping-pong floods the scheduler events while busy loops make the spikes.
. tests/bench/lib.sh

echo "### Spike -> explanation (default buffer, 2048 KB per CPU)"
echo
echo "| load | spikes | events read (median) | explain ms median | max |"
echo "|---|---|---|---|---|"
for load in "busy loops" "busy loops + ping-pong (buffer full)"; do
	busy_loop 0 busyloop
	busy_loop 1 busyloop
	case "$load" in *ping*)
		"$HELPERS/pingpong" 30 &
		STARTED_PIDS="$STARTED_PIDS $!" ;;
	esac
	sleep 0.5
	"$RTWHY" -t 2 -i 5000 -d 5000 -D 10 -q --explain=2500 --json="$TMP/e.json" >"$TMP/e.out" 2>&1
	stop_started
	n=$(grep -o '^#   trace: [a-zA-Z]*, [0-9]* events' "$TMP/e.out" | awk '{print $4}' | median)
	python3 - "$TMP/e.json" "$load" "$n" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1]))["spikes"]
e = sorted(s["trace"]["explain_ns"] / 1e6 for s in sp if "explain_ns" in s["trace"])
if e:
    print("| %s | %d | %s | %.1f | %.1f |" % (sys.argv[2], len(e), sys.argv[3], e[len(e) // 2], e[-1]))
PY
done
