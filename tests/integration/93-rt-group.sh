#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# RT group scheduling (issue 19, another quota): the measuring thread (FIFO 99) and a FIFO 1
# task that never sleeps in one cgroup v1 cpu group whose RT budget is 20000 us of every
# 100000 us (cpu.rt_runtime_us / cpu.rt_period_us, what docker --cpu-rt-runtime sets), both on
# CPU 1. The group's RT tasks use that budget in each period and the kernel stops them
# together until the group's sched_rt_period_timer, ~80 ms, though the system's budget
# (950 ms of 1 s) is far from used. Judged: the spikes of 20 ms or more (no fair wait or stall
# of this machine's is that long) whose window is complete; at least 9 in 10 must be
# rt_throttled naming the group's budget and how to raise it, and none may name the system's.
# Then the group's spinner at FIFO 2 and a FIFO 1 spinner of the root group beside it (7 ms
# of every 10): while the group is throttled the kernel runs that one, an RT task below the
# thread's priority, which only a throttled group does; judged so, 9 in 10 rt_throttled naming
# the group's budget and its spinner, the root's spinner as what ran (never the culprit).
# Skipped where the kernel has no RT group scheduling (no cpu.rt_runtime_us in v1's cpu).
PLAN=7
. tests/integration/lib.sh

G=
CGROOT=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpu(,|$)/ { print $2; exit }' /proc/mounts)
rg_cleanup() {
	stop_started
	cgroup_remove "$G" "$CGROOT"
	cleanup
}
trap rg_cleanup EXIT

if [ -z "$CGROOT" ] || ! [ -f "$CGROOT/cpu.rt_runtime_us" ]; then
	for i in $(seq $PLAN); do ok "# SKIP no RT group scheduling (v1 cpu.rt_runtime_us)"; done
	exit 0
fi
G=$CGROOT/rtwhy-rtg-$$
mkdir "$G" || exit 1
if ! { echo 100000 >"$G/cpu.rt_period_us" && echo 20000 >"$G/cpu.rt_runtime_us"; }; then
	notok "cannot give $G an RT budget"
	exit 1
fi
note "cgroup v1 $G: RT budget 20000 us every 100000 us"

# the group's spinner at FIFO $1 on CPU 1 (its pid: $hog), then rtwhy in the group, 3 s, into
# $TMP/$2.json; rc its status
rg_run() {
	sh -c "echo \$\$ >$G/cgroup.procs && exec taskset -c 1 chrt -f $1 $HELPERS/spinner 0 0 30" &
	STARTED_PIDS="$STARTED_PIDS $!"
	hog=$!
	sleep 0.3
	timeout 60 sh -c "echo \$\$ >$G/cgroup.procs && exec $RTWHY -a 1 -p 99 -i 1000 \
		--explain=20000 -D 3 -q --json=$TMP/$2.json" >"$TMP/$2.out" 2>"$TMP/$2.err"
	rc=$?
	stop_started
}

rg_run 1 g
if [ "$rc" = 0 ]; then ok "the run ended, status 0"; else notok "the run ended, status 0 (got $rc)"; show "$TMP/g.err"; fi
check "the JSON valid against doc/schema/run.schema.json" json_valid run "$TMP/g.json"
path=${G#"$CGROOT"}
pyout=$(python3 - "$TMP/g.json" "$path" "$hog" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1])).get("spikes", [])
path, hog = sys.argv[2], int(sys.argv[3])
judged = [s for s in sp if s["latency_us"] >= 20000 and s["trace"]["complete"]]
good = [s for s in judged if s["verdict"]["kind"] == "rt_throttled"
        and ("set on %s:" % path) in s["verdict"]["text"]]
bad = [(round(s["latency_us"]), s["verdict"]["kind"], s["verdict"]["text"][:200]) for s in judged
       if s not in good]
print("judged_%s %d of %d judged spikes (of %d) name the RT budget of %s; others %s" %
      ("ok" if len(judged) >= 5 and len(good) * 10 >= len(judged) * 9 else "bad",
       len(good), len(judged), len(sp), path, bad[:3]))
def culprit(s):
    i = s["verdict"].get("culprit")
    return s["culprits"][i] if i is not None and i >= 0 else {}
named = [s for s in good if culprit(s).get("pid") == hog
         and s["causes"]["bandwidth"]["cgroup"]["rt_limit_path"] == path
         and s["causes"]["bandwidth"]["cgroup"]["rt_runtime_us"] == 20000]
print("culprit_%s %d of %d name the spinner %d and the group's budget in JSON" %
      ("ok" if good and len(named) == len(good) else "bad", len(named), len(good), hog))
hint = [s for s in good if ("raise %s's cpu.rt_runtime_us" % path) in s["verdict"]["hint"]
        and "sched_rt_runtime_us=-1" not in s["verdict"]["hint"]]
print("hint_%s %d of %d hints raise the group's budget, none the system's" %
      ("ok" if good and len(hint) == len(good) else "bad", len(hint), len(good)))
PY
)
for k in judged culprit hint; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok*) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done

# Another group's RT task below the thread runs while the thread's group is throttled.
taskset -c 1 chrt -f 1 "$HELPERS/spinner" 7000 10000 30 &
STARTED_PIDS="$STARTED_PIDS $!"
low=$!
rg_run 2 l
check "the run beside another group's RT task ended, status 0 (got $rc)" [ "$rc" = 0 ]
line=$(python3 - "$TMP/l.json" "$path" "$hog" "$low" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1])).get("spikes", [])
path, hog, low = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def culprit(s):
    i = s["verdict"].get("culprit")
    return s["culprits"][i] if i is not None and i >= 0 else {}
judged = [s for s in sp if s["latency_us"] >= 20000 and s["trace"]["complete"]]
good = [s for s in judged if s["verdict"]["kind"] == "rt_throttled"
        and ("set on %s:" % path) in s["verdict"]["text"]
        and "ran other groups' RT tasks below the thread's priority" in s["verdict"]["text"]
        and culprit(s).get("pid") == hog
        and s["causes"]["bandwidth"].get("fair_pid") == low
        and s["causes"]["bandwidth"].get("lower_rt_us", 0) > 0]
bad = [(round(s["latency_us"]), s["verdict"]["kind"], culprit(s).get("pid"),
        s["verdict"]["text"][:240]) for s in judged if s not in good]
print("lower_%s %d of %d judged spikes (of %d) rt_throttled by %s's budget, its spinner %d "
      "named, the root's %d what ran; others %s" %
      ("ok" if len(judged) >= 5 and len(good) * 10 >= len(judged) * 9 else "bad",
       len(good), len(judged), len(sp), path, hog, low, bad[:3]))
PY
)
case "$line" in lower_ok*) ok "$line" ;; *) notok "${line:-no JSON}" ;; esac
