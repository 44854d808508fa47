#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# CPU hotplug (issue 19): -t 2 -a -p 90 --explain while CPU 1 goes offline and comes back.
# The run must say at the time that CPU 1 went away (thread 1, pinned there, lost its CPU) and
# came back (thread 1 pinned to it again), in --json too; and the spikes whose window shows a
# CPU stopper running over the spike with interrupts off (stop_machine's shape: JSON culprits
# name migration/N and the window has a stretch with no event) while CPU 1 went down are
# stop_machine on at least 9 of 10 judged; a stopper the soft-lockup watchdog's timer woke
# (every 4 s on each CPU) must be stop_work instead (a stopper away from the hotplug, another
# stop work, is not this test's and only noted); each stop_machine() names the hotplug step that called it (cpuhp_enter of
# takedown_cpu, CPU 1 going down). CPU 1 is put back online on every exit path.
PLAN=6
. tests/integration/lib.sh

CPU1=/sys/devices/system/cpu/cpu1/online
if ! [ -w "$CPU1" ]; then
	for _ in 1 2 3 4 5 6; do ok "# SKIP no CPU hotplug here ($CPU1)"; done
	exit 0
fi
hp_cleanup() {
	echo 1 >"$CPU1" 2>/dev/null
	cleanup
}
trap hp_cleanup EXIT

# a few runs: each takes CPU 1 down once and brings it back (one stop_machine each)
judged=0 named=0 step=0 machine=0 said=0 back=0 json_ok=0
for run in 1 2 3 4 5; do
	rm -f "$TMP/h.json"
	timeout 60 "$RTWHY" -t 2 -a -p 90 -i 1000 -D 5 -q --explain 100 --json="$TMP/h.json" \
		>"$TMP/h.out" 2>"$TMP/h.err" &
	pid=$!
	STARTED_PIDS="$STARTED_PIDS $pid"
	sleep 1.5
	# when CPU 1 went down, on the clock of the trace (CLOCK_MONOTONIC: no suspend here)
	down0=$(cut -d' ' -f1 /proc/uptime)
	echo 0 >"$CPU1"
	down1=$(cut -d' ' -f1 /proc/uptime)
	sleep 1.5
	echo 1 >"$CPU1"
	wait "$pid"
	grep -q "^rtwhy: warning: CPU 1 went offline at [0-9.]* s: thread 1 (tid [0-9]*), pinned to it, lost its CPU" \
		"$TMP/h.err" && said=$((said + 1))
	grep -q "^rtwhy: warning: CPU 1 is online again at [0-9.]* s: thread 1 (tid [0-9]*) pinned to it again" \
		"$TMP/h.err" && back=$((back + 1))
	r=$(python3 - "$TMP/h.json" "$down0" "$down1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
# CPU 1 went down between these (uptime's 10 ms steps, then the stop itself)
down = (float(sys.argv[2]) - 0.02, float(sys.argv[3]) + 0.2)
hp = d.get("cpu_hotplug", [])
ok = (len(hp) == 2 and hp[0]["cpu"] == 1 and not hp[0]["online"] and hp[0]["threads"] == [1]
      and hp[1]["online"] and hp[1]["repinned"] == 1)
judged = named = step = machine = 0
for s in d["spikes"]:
    st = [c for c in s["culprits"] if (c.get("comm") or "").startswith("migration/")]
    # its shape: a stopper on the spike's CPU held most of it
    if not st or max(c["us"] for c in st) * 2 < s["latency_us"]:
        continue
    # the host's: a stopper's stretch with no event while /proc/stat counted at least that
    # much steal time of that CPU around it (rtwhy says invisible, and the steal measured)
    evid = s["verdict"].get("evidence") or {}
    steal = evid.get("steal_us") or 0
    if (s["verdict"]["kind"] == "invisible" and evid.get("steal_of_cpu") and
            steal >= max(c["us"] for c in st)):
        continue
    # the soft-lockup watchdog's stop work (its timer wakes the stopper every 4 s on each
    # CPU; the trace shows the wakeup inside watchdog_timer_fn): stop_work, not hotplug's
    stop = (s.get("causes") or {}).get("stop") or {}
    if stop.get("by_timer") == "watchdog_timer_fn":
        want = "stop_work"
    elif down[0] <= s["deadline_ns"] / 1e9 <= down[1]:
        want = "stop_machine"
    else:  # a stopper away from the hotplug (an affinity move...): not this test's
        with open(sys.argv[1] + ".other", "a") as f:
            print("spike %s us at %.3f s, not while CPU 1 went down: %s" % (
                s["latency_us"], s["deadline_ns"] / 1e9, s["verdict"]["kind"]), file=f)
        continue
    judged += 1
    if s["verdict"]["kind"] == want:
        named += 1
        # stop_machine(): CPU 1's hotplug step that called it (cpuhp_enter, rtwhy enables it)
        m = stop.get("machine") or {}
        if want == "stop_machine" and (m.get("hotplug_cpu") == 1 and m.get("hotplug_down") and
                                       m.get("hotplug_step") == "takedown_cpu"):
            step += 1
        elif want == "stop_machine":
            with open(sys.argv[1] + ".missed", "a") as f:
                print("spike %s us: stop_machine without CPU 1's takedown_cpu step: %s" % (
                    s["latency_us"], m), file=f)
        machine += want == "stop_machine"
        continue
    with open(sys.argv[1] + ".missed", "a") as f:  # shown if the check fails
        print("spike %s us: %s: %s; culprits %s" % (
            s["latency_us"], s["verdict"]["kind"], s["verdict"].get("text", ""),
            [(c.get("comm"), c["us"]) for c in s["culprits"]]), file=f)
print(int(ok), judged, named, step, machine)
PY
	)
	# shellcheck disable=SC2086
	set -- $r
	json_ok=$((json_ok + ${1:-0}))
	judged=$((judged + ${2:-0}))
	named=$((named + ${3:-0}))
	step=$((step + ${4:-0}))
	machine=$((machine + ${5:-0}))
	note "run $run: judged $judged so far, $named stop_machine"
	for f in h.json h.out h.err; do cp "$TMP/$f" "$TMP/$run.$f" 2>/dev/null; done
	[ "$judged" -ge 10 ] && break
done
stop_started
check "the run said at the time that CPU 1 went offline and thread 1 lost it ($said of $run)" \
	[ "$said" = "$run" ]
check "... and that it came back, thread 1 pinned to it again ($back of $run)" [ "$back" = "$run" ]
check "--json cpu_hotplug: CPU 1 offline then online, thread 1 re-pinned ($json_ok of $run)" \
	[ "$json_ok" = "$run" ]
check "CPU 1 is online again" [ "$(cat "$CPU1")" = 1 ]
if [ "$judged" -gt 0 ] && [ $((named * 10)) -ge $((judged * 9)) ]; then
	ok "stop_machine (the watchdog's: stop_work) on $named of $judged spikes held by a stopper"
else
	notok "stop_machine (the watchdog's: stop_work) on $named of $judged stopper spikes (9 of 10)"
	show "$TMP/h.json.missed" 40
fi
[ -s "$TMP/h.json.other" ] &&
	note "$(wc -l <"$TMP/h.json.other") stopper spikes away from CPU 1's going down, not judged: $(cut -d: -f2 "$TMP/h.json.other" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
stepok=0
[ "$machine" -gt 0 ] && [ "$step" = "$machine" ] && stepok=1
check "... each with what called it: CPU 1's hotplug step takedown_cpu ($step of $machine)" \
	[ "$stepok" = 1 ]
