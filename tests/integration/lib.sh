# SPDX-License-Identifier: GPL-2.0-only
# Shared by the integration tests (sourced). Each test prints TAP-style
# "ok - ..." / "not ok - ..." lines; tests/run.sh counts them. Tests run as
# root with real tracing, make their own culprits and end them by pid.
set -u
BUILD=${RTWHY_BUILD:-build}
RTWHY=$BUILD/rtwhy
HELPERS=$BUILD/tests
T=/sys/kernel/tracing
TMP=$(mktemp -d /tmp/rtwhy-it.XXXXXX)
STARTED_PIDS=""

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }
# check "description" command...: ok if the command succeeds
check() {
	desc=$1
	shift
	if "$@"; then ok "$desc"; else notok "$desc"; fi
}
note() { echo "# $*"; }
# num 000123: 123 (cyclictest's zero-padded numbers for shell arithmetic)
num() { echo "$1" | sed 's/^0*\([0-9]\)/\1/'; }
# show a file as TAP comments (on failure)
show() { sed 's/^/#   /' "$1" | head -n "${2:-40}"; }

cleanup() {
	# SIGCONT after SIGTERM: a process a test stopped (kill -STOP) ends too
	for p in $STARTED_PIDS; do kill "$p" 2>/dev/null && kill -CONT "$p" 2>/dev/null; done
	for p in $STARTED_PIDS; do wait "$p" 2>/dev/null; done
	STARTED_PIDS=""
	# RTWHY_KEEP=1: keep the test's files to read them after a failure
	if [ -n "${RTWHY_KEEP:-}" ]; then echo "# files kept in $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
# killed (run.sh's timeout): stop here; a trap that returned would let the test go on
trap 'exit 143' INT TERM

# busy_loop CPU NAME [NICE]: a shell loop under its own name, pinned; pid in $!
busy_loop() {
	[ -x "$TMP/$2" ] || cp /bin/bash "$TMP/$2"
	taskset -c "$1" nice -n "${3:-0}" "$TMP/$2" -c 'while :; do :; done' &
	STARTED_PIDS="$STARTED_PIDS $!"
}

# sanitized: the rtwhy under test is a SANITIZE=1 build (slower, mlockall a no-op)
sanitized() { grep -q __asan_init "$RTWHY"; }

# run_once NAME RTWHY-ARGS...: rtwhy ARGS, 60 s at most, output in $TMP/NAME.out and NAME.err,
# after removing $TMP/NAME.* and NAME-* (a previous try's outputs: name them so). Sets rc.
# RTWHY_NICE=N: rtwhy at nice N (its fair threads weigh what busy loops at nice N weigh)
# the tests' python (judges, JSON reads) at rtwhy's nice: behind two busy loops at nice -20 a
# nice-0 python gets 1% of a CPU (a window judged in a minute; 25-save-dat timed out so)
python3() { nice -n "${RTWHY_NICE:-0}" python3 "$@"; }

run_once() {
	name=$1
	shift
	rm -f "$TMP/$name".* "$TMP/$name"-*
	timeout 60 nice -n "${RTWHY_NICE:-0}" "$RTWHY" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
	rc=$?
}

# spike_run TRIES "OURS..." RTWHY-ARGS...: run_once s ARGS --json=$TMP/s.json
# --save-trace=$TMP/s.txt until a spike is judged, at most TRIES runs. Sets rc, verdict and
# window (what window_judge said of the last run). With OURS (the culprit's pids, or comms for
# threads whose tids are not known), the saved window decides, not the verdict: a spike whose
# window shows one of OURS holding the thread's CPU, with most of the latency seen, is judged
# whatever rtwhy said of it (a wrong verdict fails the test); one whose window shows another task
# there, or time the CPU showed nothing, is noise and run again. Without OURS (the culprit is
# no task holding the CPU: throttling, the fair server) rtwhy's own noise verdicts (invisible,
# incomplete) are run again.
spike_run() {
	tries=$1 ours=$2
	shift 2
	attempt=0 window=""
	while [ $attempt -lt "$tries" ]; do
		attempt=$((attempt + 1))
		run_once s "$@" --json="$TMP/s.json" --save-trace="$TMP/s.txt"
		verdict=$(json_get "$TMP/s.json" "d['spikes'][0]['verdict']['kind']" 2>/dev/null)
		if [ -z "$verdict" ]; then
			note "attempt $attempt: no spike explained (status $rc), again"
			continue
		fi
		if [ -n "$ours" ]; then
			# shellcheck disable=SC2086
			window=$(window_judge "$TMP/s.txt" $ours) && return 0
			note "attempt $attempt: verdict $verdict; the window: $window, again"
			continue
		fi
		case "$verdict" in
		invisible | incomplete)
			note "attempt $attempt: verdict $verdict (host noise), again"
			;;
		*) return 0 ;;
		esac
	done
}

# window_judge TRACE OURS...: does the window rtwhy saved (--save-trace) show one of OURS (pids,
# or comms; with cyclictest's --tracemark instead of rtwhy's marker, WJ_TID=its break thread) holding the late thread's CPU from its wakeup to its switch-in, with the CPU's time
# seen? Read from the events alone, not from rtwhy's verdict. Prints "ours: ..." (status 0:
# judge this spike) or what else the window shows (status 1: noise): another task holding the
# CPU, or time without events from the deadline to the clock read (200 us before the hard timer
# interrupt that woke the thread, no event for longer than a 250 Hz tick, an interrupt silent
# for 200 us after, before or between its traced work, a silent return to user, a run longer
# than WJ_RUN_MAX_US where the kernel bounds it) amounting to half the latency or more.
window_judge() {
	python3 - "$@" <<'PY'
import os, re, sys
line_re = re.compile(r"^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\S+)\s+(\d+)\.(\d+):\s+(\w+):\s?(.*)$")
ev = []
for l in open(sys.argv[1], errors="replace"):
    m = line_re.match(l)
    if m:
        comm, pid, cpu, flags, s, frac, name, rest = m.groups()
        ts = int(s) * 10**9 + int(frac.ljust(9, "0")[:9])
        ev.append((ts, int(cpu), int(pid), comm, flags, name, rest))
ours = set(sys.argv[2:])
kv = lambda rest: dict(re.findall(r"(\w+)=(\S+)", rest))
mark = [e for e in ev if e[5] in ("tracing_mark_write", "print") and "FREEZE" in e[6]]
hit = [e for e in ev if e[5] in ("tracing_mark_write", "print") and "hit latency" in e[6]]
if mark:
    m = kv(mark[-1][6])
    tid, deadline, lat = m["tid"], int(m["deadline"]), int(m["lat"])
elif hit and os.environ.get("WJ_TID"):
    # cyclictest --tracemark: "hit latency threshold (4085 > 3000)" in us, written at the
    # clock read; the thread is cyclictest's break thread (WJ_TID)
    mark = hit
    lat = int(re.search(r"\((\d+) >", hit[-1][6]).group(1)) * 1000
    tid, deadline = os.environ["WJ_TID"], hit[-1][0] - lat
else:
    print("no FREEZE marker (nor cyclictest's with WJ_TID)")
    sys.exit(1)
sw = [e for e in ev if e[5] == "sched_switch" and e[0] <= mark[-1][0] and kv(e[6]).get("next_pid") == tid]
if not sw:
    print("no switch-in of the thread")
    sys.exit(1)
sw = sw[-1]
cpu = sw[1]
wk = [e for e in ev if e[5] in ("sched_waking", "sched_wakeup") and e[0] <= sw[0] and kv(e[6]).get("pid") == tid]
if not wk:
    print("no wakeup of the thread")
    sys.exit(1)
# the timer's wakeup: the first after the deadline (a lock wait may wake it again later)
wake = ([e[0] for e in wk if e[0] >= deadline] or [wk[-1][0]])[0]
# who held the CPU from the wakeup to the switch-in, longest first (from its switches; an
# event's own pid is the task on the CPU, interrupted or not: switches out of idle are often
# missing from the trace). A switch-in before the deadline is an earlier cycle's (this one's
# is not in the trace): then who held it from the deadline to the clock read. A task seen
# after idle without its switch in (untraced: common here) held the CPU since idle's last event.
start, end = (wake, sw[0]) if sw[0] >= deadline else (deadline, mark[-1][0])
def task_after(e):
    f = kv(e[6])
    return (f["next_comm"], f["next_pid"]) if e[5] == "sched_switch" else (e[3], str(e[2]))
before = [e for e in ev if e[1] == cpu and e[0] <= start]
cur = task_after(before[-1]) if before else ("?", "?")
held, at = {}, start
for e in ev:
    if e[1] == cpu and start < e[0] <= end:
        f = kv(e[6])
        # the task that ran up to this event: the switch's prev, or the event's own pid
        t = (f.get("prev_comm", "?"), f.get("prev_pid", "?")) if e[5] == "sched_switch" else (e[3], str(e[2]))
        if e[5] == "sched_switch" or t != cur:
            # an untraced switch out of idle comes right after what woke the task (repair.c)
            who = t if cur[1] == "0" else cur
            held[who] = held.get(who, 0) + e[0] - at
            cur, at = task_after(e) if e[5] == "sched_switch" else t, e[0]
held[cur] = held.get(cur, 0) + end - at
top = max(held, key=held.get)
holder = "%s:%s" % top
unseen = 0
work_end = ("hrtimer_expire_exit", "irq_handler_exit", "softirq_exit")
work_start = ("hrtimer_expire_entry", "irq_handler_entry", "softirq_entry")
def vector(e, end):
    return e[5].endswith(end) and e[5] not in work_end + work_start and "h" in e[4].lower()
# the timer phase: a due hard timer interrupt comes within microseconds unless its CPU had
# interrupts off or was not running this system: 200 us or more of silence before it is unseen
wev = [e for e in wk if e[0] == wake][0]
hard = "h" in wev[4].lower()
if hard and wake > deadline:
    pts = [deadline] + [e[0] for e in ev if e[1] == wev[1] and deadline < e[0] <= wake]
    unseen += sum(b - a for a, b in zip(pts, pts[1:]) if b - a >= 200000)
on = [e for e in ev if e[1] == cpu and (wake if hard else min(deadline, wake)) <= e[0] <= end]
for a, b in zip(on, on[1:]):
    d = b[0] - a[0]
    if d >= 200000 and ((a[5] in work_end and vector(b, "_exit")) or
                        (vector(a, "_entry") and b[5] in work_start) or
                        # between two callbacks of one interrupt (its timer queue: microseconds)
                        (a[5] in work_end and b[5] in work_start and
                         "h" in a[4].lower() and "h" in b[4].lower())):
        unseen += d
    elif d > 5000000:
        unseen += d - 4000000
# a holder whose run the kernel bounds (WJ_RUN_MAX_US: a SCHED_DEADLINE task's runtime, CBS
# throttles it there in the task clock, which leaves out stolen time): what its run holding the
# CPU lasted beyond that (more than a tenth of it) was not its time
rmax = int(os.environ.get("WJ_RUN_MAX_US", "0")) * 1000
if rmax:
    name = lambda f, k: "%s:%s" % (f.get(k + "_comm"), f.get(k + "_pid"))
    ins = [e[0] for e in ev if e[1] == cpu and e[5] == "sched_switch" and e[0] <= start and
           name(kv(e[6]), "next") == holder]
    outs = [e[0] for e in ev if e[1] == cpu and e[5] == "sched_switch" and start < e[0] <= end and
            name(kv(e[6]), "prev") == holder]
    if ins and outs and outs[0] - ins[-1] > rmax + max(rmax // 10, 100000):
        unseen += outs[0] - ins[-1] - rmax
back = [e for e in ev if e[1] == cpu and sw[0] < e[0] <= mark[-1][0]]
if back and back[0][0] - sw[0] > 200000:
    unseen += back[0][0] - sw[0]
if top[1] not in ours and top[0] not in ours:
    print("CPU %d held by %s, none of ours" % (cpu, holder))
    sys.exit(1)
if unseen * 2 >= lat:
    print("%d of %d us without events on CPU %d (host noise), held by %s" % (unseen // 1000, lat // 1000, cpu, holder))
    sys.exit(1)
print("ours: CPU %d held by %s, %d of %d us without events" % (cpu, holder, unseen // 1000, lat // 1000))
PY
}

# spikes_run TRIES MIN NAME RTWHY-ARGS...: run_once NAME ARGS until it explains at least MIN
# spikes, at most TRIES runs. Sets rc and n.
spikes_run() {
	tries=$1 min=$2 name=$3
	shift 3
	attempt=0 n=0
	while [ $attempt -lt "$tries" ] && [ "$n" -lt "$min" ]; do
		attempt=$((attempt + 1))
		[ $attempt = 1 ] || note "run $((attempt - 1)): $n spike(s), fewer than $min, again"
		run_once "$name" "$@"
		n=$(grep -c '^# Spike [0-9]*: ' "$TMP/$name.out")
	done
}

# pinned_tid PID MASK: the thread of process PID whose affinity mask (taskset's hex) is MASK,
# the last one found: a measuring thread pinned to one CPU (1: CPU 0, 2: CPU 1)
pinned_tid() {
	for t in /proc/$1/task/*; do
		[ "$(taskset -p "${t##*/}" 2>/dev/null | sed 's/.*: //')" = "$2" ] && echo "${t##*/}"
	done | tail -n 1
}

# stop_started: end every process this test started, by pid
stop_started() {
	for p in $STARTED_PIDS; do kill "$p" 2>/dev/null && kill -CONT "$p" 2>/dev/null; done
	for p in $STARTED_PIDS; do wait "$p" 2>/dev/null; done
	STARTED_PIDS=""
}

# json_get FILE PYEXPR: evaluate a Python expression on the parsed JSON (d)
json_get() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# json_valid NAME FILE: FILE is valid against doc/schema/NAME.schema.json (JSON Schema draft
# 2020-12, python3-jsonschema: tests/schema_valid.py); the first errors as notes. Fails if the
# validator is missing.
json_valid() {
	python3 tests/schema_valid.py "doc/schema/$1.schema.json" "$2"
}

# cgroup_remove DIR ROOT: a test's cgroup DIR gone, on every exit path: whatever is still in
# it goes back to the hierarchy's ROOT group first
cgroup_remove() {
	[ -n "$1" ] && [ -d "$1" ] || return 0
	for p in $(cat "$1/cgroup.procs" 2>/dev/null); do
		echo "$p" >"$2/cgroup.procs" 2>/dev/null
	done
	rmdir "$1" 2>/dev/null || note "cannot remove $1"
}

# tracing_state: one line describing the top-level tracing state and instances
tracing_state() {
	echo "on=$(cat $T/tracing_on) tracer=$(cat $T/current_tracer)" \
		"events=[$(cat $T/set_event | tr '\n' ' ')]" \
		"clock=$(cat $T/trace_clock)" \
		"instances=[$(ls $T/instances | tr '\n' ' ')]"
}
