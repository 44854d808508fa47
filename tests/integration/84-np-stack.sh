#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Why a non-preemptible section was long (issue 11; fails until --stack exists): a SCHED_OTHER
# shell on CPU 1 resizes a scratch tracefs instance's buffer between 8 and 60000 KB;
# ring_buffer_resize allocates its pages without rescheduling (PREEMPT_NONE), ~2.6 ms each
# here, while a FIFO 99 thread waits (tests/fixtures/causes/np-stack). With the stacktrace
# trigger on the thread's wakeup the verdict must stay non_preemptible, name the shell, and
# give the kernel stack below the IRQ entry: ring_buffer_resize among its frames.
PLAN=4
. tests/integration/lib.sh

scratch=$T/instances/rtwhy-lab-np-$$
trap 'cleanup; rmdir "$scratch" 2>/dev/null' EXIT
cp /bin/bash "$TMP/resizer"
taskset -c 1 "$TMP/resizer" -c "mkdir $scratch; while :; do echo 60000 >$scratch/buffer_size_kb;
	echo 8 >$scratch/buffer_size_kb; done" &
res=$!
STARTED_PIDS="$STARTED_PIDS $res"
sleep 0.5
spike_run 3 "$res" -a 1 -p 99 -i 1000 -D 6 -q -b 1500 --stack
note "the window: $window"
stop_started
rmdir "$scratch" 2>/dev/null
if [ "$verdict" = non_preemptible ]; then ok "verdict non_preemptible"; else
	notok "verdict non_preemptible (got '$verdict')"; show "$TMP/s.out" 60; show "$TMP/s.err"; fi
pyout=$(python3 - "$TMP/s.json" "$res" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["spikes"][0]
c = s["culprits"][s["verdict"]["culprit"]]
st = s.get("stack") or {}
stack = st.get("frames") or []
print("culprit_ok" if c.get("pid") == int(sys.argv[2]) and st.get("pid") == c.get("pid") else "culprit_bad %s / stack of %s" % (c, st.get("pid")))
print("stack_ok" if "ring_buffer_resize" in stack else "stack_bad %s" % stack)
print("below_ok" if stack and not any(f.startswith("asm_") or "hrtimer" in f for f in stack) else "below_bad %s" % stack)
PY
)
for k in culprit stack below; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done
