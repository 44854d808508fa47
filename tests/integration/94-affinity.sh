#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A measuring thread's CPU taken another way than by CPU hotplug (issue 19): mid-run another
# program moves thread 1 (pinned to CPU 1) to CPU 0 with taskset -p, then thread 0 (pinned to
# CPU 0) is moved into a cgroup v1 cpuset whose only CPU is 1 (the kernel sets its affinity to
# the cpuset's CPUs), then thread 1 is pinned to CPU 1 again. rtwhy must say each at the time,
# once, naming the thread, the CPU it lost, its CPUs now, and the cpuset where that is why; say
# thread 1 pinned again; list the three in --json affinity_changes; and not fight them.
# Then another program makes thread 0 SCHED_OTHER (chrt -p) and, later, FIFO 50 again: said
# at the time, each once, with what rtwhy set and what it runs as; --json sched_changes.
# Last, a SCHED_OTHER run whose thread another program renices to 10 and back: the same.
PLAN=10
. tests/integration/lib.sh

G=
aff_cleanup() {
	stop_started
	cgroup_remove "$G" "$CSROOT"
	cleanup
}
trap aff_cleanup EXIT

if [ "$(nproc)" -lt 2 ]; then
	for i in $(seq $PLAN); do ok "# SKIP one CPU: nowhere to move a thread"; done
	exit 0
fi
CSROOT=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpuset(,|$)/ { print $2; exit }' /proc/mounts)

"$RTWHY" -t 2 -a 0,1 -p 50 -i 1000 -D 4 -q --json="$TMP/a.json" >"$TMP/a.out" 2>"$TMP/a.err" &
pid=$!
STARTED_PIDS="$STARTED_PIDS $pid"
sleep 1
# the measuring threads: the two pinned to one CPU (the main and explaining threads are not)
t0=$(pinned_tid "$pid" 1)
t1=$(pinned_tid "$pid" 2)
note "measuring threads: $t0 (CPU 0), $t1 (CPU 1)"
taskset -p -c 0 "$t1" >/dev/null
sleep 0.5
if [ -n "$CSROOT" ]; then
	G=$CSROOT/rtwhy-it-$$
	mkdir "$G" && echo 1 >"$G/cpuset.cpus" && cat "$CSROOT/cpuset.mems" >"$G/cpuset.mems" &&
		echo "$t0" >"$G/tasks"
fi
sleep 0.5
taskset -p -c 1 "$t1" >/dev/null
sleep 0.4
chrt -o -p 0 "$t0"
sleep 0.5
chrt -f -p 50 "$t0"
wait "$pid"
rc=$?
check "the run ended, status 0 (got $rc)" [ "$rc" = 0 ]
n=$(grep -c "^rtwhy: warning: thread 1 (tid $t1), pinned to CPU 1, may now run on CPU 0: another program changed its affinity at [0-9.]* s (sched_setaffinity(), taskset -p); rtwhy does not pin it back" "$TMP/a.err")
check "taskset -p by another program: said once, with the thread and its CPUs now ($n)" [ "$n" = 1 ]
if [ -n "$G" ]; then
	n=$(grep -c "^rtwhy: warning: thread 0 (tid $t0), pinned to CPU 0, may now run on CPU 1 only: at [0-9.]* s its cpuset cgroup /rtwhy-it-$$, whose CPUs are 1, took CPU 0 from it" "$TMP/a.err")
	check "moved into a cpuset without its CPU: said once, naming the cpuset ($n)" [ "$n" = 1 ]
else
	ok "# SKIP no cgroup v1 cpuset hierarchy"
fi
n=$(grep -c "^rtwhy: warning: thread 1 (tid $t1) is pinned to CPU 1 again at" "$TMP/a.err")
check "pinned to its CPU again: said once ($n)" [ "$n" = 1 ]
got=$(python3 - "$TMP/a.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%d:%s:%s" % (c["thread"], "back" if c["back"] else c["cpus"],
                             c["cpuset"] or "-") for c in d.get("affinity_changes", [])))
PY
)
want="1:0:- 1:back:-"
[ -n "$G" ] && want="1:0:- 0:1:/rtwhy-it-$$ 1:back:-"
check "--json affinity_changes in order ($got)" [ "$got" = "$want" ]
n=$(grep -c "^rtwhy: warning: thread 0 (tid $t0), set to SCHED_FIFO 50 by rtwhy, runs as SCHED_OTHER nice 0 now: another program changed its scheduling at [0-9.]* s (sched_setscheduler(), chrt -p); rtwhy does not set it back" "$TMP/a.err")
m=$(grep -c "^rtwhy: warning: thread 0 (tid $t0) runs as SCHED_FIFO 50 again at" "$TMP/a.err")
check "chrt -p by another program: said once, what rtwhy set and what it runs as ($n); back, once ($m)" \
	[ "$n" = 1 -a "$m" = 1 ]
got=$(python3 - "$TMP/a.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%d:%s:%s%d" % (c["thread"], "back" if c["back"] else "moved", c["now_policy"],
                               c["now_priority"]) for c in d.get("sched_changes", [])))
PY
)
check "--json sched_changes in order ($got)" [ "$got" = "0:moved:other0 0:back:fifo50" ]
# the threads measured on where the kernel ran them: rtwhy did not fight the moves
check "both threads measured to the end" \
	[ "$(grep -c '^T: [01] .* C: *[1-9]' "$TMP/a.out")" = 2 ]
grep -q "^rtwhy: warning: thread" "$TMP/a.err" || show "$TMP/a.err"

# a SCHED_OTHER thread reniced by another program (a tuning daemon's renice), then back
"$RTWHY" -t 1 -a 0 -i 1000 -D 2 -q --json="$TMP/b.json" >"$TMP/b.out" 2>"$TMP/b.err" &
pid=$!
STARTED_PIDS="$STARTED_PIDS $pid"
sleep 0.6
tb=$(pinned_tid "$pid" 1)
n0=$(awk '{ print $19 }' "/proc/$pid/task/$tb/stat") # as it started (this shell's)
nn=10
[ "$n0" = 10 ] && nn=5
renice -n "$nn" -p "$tb" >/dev/null
sleep 0.5
renice -n "$n0" -p "$tb" >/dev/null
wait "$pid"
n=$(grep -c "^rtwhy: warning: thread 0 (tid $tb), SCHED_OTHER nice $n0 when rtwhy started it, runs as SCHED_OTHER nice $nn now: another program changed its nice value at [0-9.]* s (setpriority(), renice); rtwhy does not set it back" "$TMP/b.err")
m=$(grep -c "^rtwhy: warning: thread 0 (tid $tb) runs as SCHED_OTHER nice $n0 with a timer slack of [0-9]* us again at" "$TMP/b.err")
check "renice by another program: said once ($n); back, once ($m)" [ "$n" = 1 -a "$m" = 1 ]
got=$(python3 - "$TMP/b.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%d:%s:%s:%d>%d" % (c["thread"], "back" if c["back"] else "moved", c["now_policy"],
                                   c["nice"], c["now_nice"]) for c in d.get("sched_changes", [])))
PY
)
check "--json sched_changes of the renice ($got)" [ "$got" = "0:moved:other:$n0>$nn 0:back:other:$n0>$n0" ]
grep -q "^rtwhy: warning: thread" "$TMP/b.err" || show "$TMP/b.err"
