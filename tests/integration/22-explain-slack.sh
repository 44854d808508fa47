#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Timer slack: on an idle machine a SCHED_OTHER thread wakes ~50 us late
# because the kernel gives it 50 us of timer slack. With a low threshold and
# --explain, most spikes must name the slack (and the verdict say so).
PLAN=4
. tests/integration/lib.sh

timeout 30 "$RTWHY" -i 2000 -D 3 -q --explain=45 --json="$TMP/t.json" >"$TMP/t.out" 2>"$TMP/t.err"
rc=$?
check "--explain run ends with status 0" [ "$rc" = 0 ]
pyout=$(python3 - "$TMP/t.json" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1]))["spikes"]
n = len(sp)
named = sum(1 for s in sp if any(c["kind"] == "timer_slack" and 40 <= c["us"] <= 51 for c in s["culprits"]))
verdict = sum(1 for s in sp if s["verdict"]["kind"] == "timer_slack")
print("count_ok %d" % n if n >= 5 else "count_bad %d" % n)
print("named_ok %d/%d" % (named, n) if n and named * 10 >= n * 8 else "named_bad %d/%d" % (named, n))
print("verdict_ok %d/%d" % (verdict, n) if n and verdict * 2 > n else "verdict_bad %d/%d" % (verdict, n))
PY
)
for k in count named verdict; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok*) ok "$k: $line" ;; *) notok "$k: $line"; show "$TMP/t.out" 30 ;; esac
done
