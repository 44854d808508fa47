#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# CFS bandwidth throttling (issue 19): the measuring thread (SCHED_OTHER) and a busy loop in one
# cpu cgroup with a quota of 30000 us per 100000 us period (what docker --cpus=0.3 and a pod's
# CPU limit of 300m set), both on CPU 1: the group runs out of quota in each period and the
# kernel keeps its tasks off the CPU until sched_cfs_period_timer, ~70 ms. Judged: the spikes
# of 20 ms or more (more than four ticks: no fair wait of this machine's own is that long)
# whose window is complete; at least 9 in 10 of them must be cfs_throttled naming the group by
# its path. cgroup v1 (cpu.cfs_quota_us) or v2 (cpu.max), whichever has the cpu controller.
PLAN=4
. tests/integration/lib.sh

G=
cg_cleanup() {
	stop_started
	cgroup_remove "$G" "$CGROOT"
	cleanup
}
trap cg_cleanup EXIT

CGROOT=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpu(,|$)/ { print $2; exit }' /proc/mounts)
V=1
if [ -z "$CGROOT" ]; then
	CGROOT=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	V=2
	grep -qw cpu "$CGROOT/cgroup.controllers" 2>/dev/null || CGROOT=
fi
if [ -z "$CGROOT" ]; then
	for i in $(seq $PLAN); do ok "# SKIP no cgroup hierarchy with the cpu controller"; done
	exit 0
fi
G=$CGROOT/rtwhy-it-$$
mkdir "$G" || exit 1
if [ $V = 1 ]; then
	echo 100000 >"$G/cpu.cfs_period_us" && echo 30000 >"$G/cpu.cfs_quota_us"
else
	echo "30000 100000" >"$G/cpu.max"
fi
note "cgroup v$V $G: quota 30000 us every 100000 us"

[ -x "$TMP/cfsloop" ] || cp /bin/bash "$TMP/cfsloop"
sh -c "echo \$\$ >$G/cgroup.procs && exec taskset -c 1 $TMP/cfsloop -c 'while :; do :; done'" &
STARTED_PIDS="$STARTED_PIDS $!"
sleep 0.3
timeout 60 sh -c "echo \$\$ >$G/cgroup.procs && exec $RTWHY -a 1 -i 5000 --explain=5000 -D 3 -q \
	--json=$TMP/q.json" >"$TMP/q.out" 2>"$TMP/q.err"
rc=$?
stop_started
if [ "$rc" = 0 ]; then ok "the run ended, status 0"; else notok "the run ended, status 0 (got $rc)"; show "$TMP/q.err"; fi
path=${G#"$CGROOT"}
pyout=$(python3 - "$TMP/q.json" "$path" <<'PY'
import json, sys
sp = json.load(open(sys.argv[1])).get("spikes", [])
path = sys.argv[2]
judged = [s for s in sp if s["latency_us"] >= 20000 and s["trace"]["complete"]]
good = [s for s in judged if s["verdict"]["kind"] == "cfs_throttled"
        and ("its cgroup %s " % path) in s["verdict"]["text"]]
bad = [(round(s["latency_us"]), s["verdict"]["kind"], s["verdict"]["text"]) for s in judged
       if s not in good]
print("judged_%s %d of %d judged spikes (of %d) name CFS throttling and %s; others %s" %
      ("ok" if len(judged) >= 5 and len(good) * 10 >= len(judged) * 9 else "bad",
       len(good), len(judged), len(sp), path, bad[:3]))
quota = [s for s in good if "quota 30000 us every 100000 us" in s["verdict"]["text"]]
print("quota_%s %d of %d say the quota" % ("ok" if good and len(quota) == len(good) else "bad",
                                            len(quota), len(good)))
hint = [s for s in good if "cpu.max" in s["verdict"]["hint"] and "--cpus" in s["verdict"]["hint"]]
print("hint_%s %d of %d hints raise the quota" % ("ok" if good and len(hint) == len(good) else "bad",
                                                   len(hint), len(good)))
PY
)
for k in judged quota hint; do
	line=$(echo "$pyout" | grep "^${k}_")
	case "$line" in *_ok*) ok "$k: $line" ;; *) notok "$k: ${line:-no JSON}" ;; esac
done
