#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make soak: rtwhy --explain for SECONDS (default 600) under one busy loop
# per CPU (the seed: SCHED_OTHER threads wait for the tick behind them) and,
# for RATE spikes a second (default 10; 0: the seed's own only), an RT hog
# per CPU (SCHED_FIFO 1, 12 ms every 2 x ncpu / RATE s: longer than the
# 10 ms interval, so each spin delays exactly one wakeup by more than the
# 2 ms threshold), and whether a long run stays bounded and exact:
#   - RSS (VmRSS) and open fds, sampled every 5 s, flat after a warm-up of
#     a tenth of the run (at most 60 s): the fewest fds open does not change, RSS
#     grows by at most 1 MB plus what --json keeps by design (the explained
#     spikes, up to 1000 of ~0.8 KB deflated: 1 KB is allowed per spike kept since),
#     and by at most 10% of the RSS after the warm-up;
#   - the explaining thread's CPU time (utime + stime), per explained spike
#     and as a share of one CPU: reported, not judged (the host's noise);
#   - every spike explained or counted blind: --spike=THRESH counts every
#     sample above the threshold; the JSON's explained spikes (kept and not
#     kept) plus blind_spikes must equal it, and no explanation may fail;
#   - sample counts exact: per thread, cycles plus the periods skipped by
#     late wakeups (from the histogram, 1 us buckets up to 200 ms) equal
#     duration / interval, within 1;
#   - the tracing state as found afterwards.
# Root, not part of make check; takes /tmp/rtwhy-machine.lock.
#   tests/soak/run.sh BUILD_DIR [SECONDS [RATE]]
# Results in BUILD_DIR/soak/: samples.csv (t_mono_ns,rss_kb,fds,explain_ticks), run.json,
# run.out, run.err.
set -u
build=${1:-build}
seconds=${2:-600}
rate=${3:-10}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
rtwhy=$top/$build/rtwhy
res=$top/$build/soak
interval_us=10000
thresh_us=2000
T=/sys/kernel/tracing
loops=""

if [ "$(id -u)" != 0 ]; then
	echo "soak: needs root (tracing)" >&2
	exit 1
fi
rm -rf "$res"
mkdir -p "$res"
cleanup() {
	for p in $loops; do kill "$p" 2>/dev/null; done
	for p in $loops; do wait "$p" 2>/dev/null; done
}
trap cleanup EXIT INT TERM

exec 9>/tmp/rtwhy-machine.lock
flock 9

state() {
	echo "on=$(cat $T/tracing_on) events=[$(cat $T/set_event | tr '\n' ' ')]" \
		"instances=[$(ls $T/instances | tr '\n' ' ')]"
}
before=$(state)
ncpu=$(nproc)
for cpu in $(seq 0 $((ncpu - 1))); do
	taskset -c "$cpu" sh -c 'while :; do :; done' &
	loops="$loops $!"
	if [ "$rate" -gt 0 ]; then
		# not in step with the 10 ms interval: 1 us more than the period
		taskset -c "$cpu" chrt -f 1 "$top/$build/tests/spinner" 12000 \
			$((ncpu * 1000000 / rate + 1)) $((seconds + 60)) &
		loops="$loops $!"
	fi
done
sleep 0.5

# the run, sampled every 5 s by a monitor that stamps CLOCK_MONOTONIC (the clock of the spikes)
python3 - "$res" "$rtwhy" -q -t "$ncpu" -a "0-$((ncpu - 1))" -i $interval_us -D "${seconds}s" \
	--explain=$thresh_us --spike=$thresh_us --spike-nodes=1 -h 200000 \
	--histfile="$res/hist.txt" --json="$res/run.json" <<'PY'
import subprocess, sys, time, os
res, cmd = sys.argv[1], sys.argv[2:]
out, err = open(res + "/run.out", "w"), open(res + "/run.err", "w")
p = subprocess.Popen(cmd, stdout=out, stderr=err)
with open(res + "/samples.csv", "w") as f:
    f.write("t_mono_ns,rss_kb,fds,explain_ticks\n")
    ticks = 0
    while p.poll() is None:
        try:
            st = open("/proc/%d/status" % p.pid).read()
            rss = int(st.split("VmRSS:")[1].split()[0])
            fds = len(os.listdir("/proc/%d/fd" % p.pid))
            # the explaining thread's utime + stime (clock ticks), by its name
            for tid in os.listdir("/proc/%d/task" % p.pid):
                d = "/proc/%d/task/%s/" % (p.pid, tid)
                if open(d + "comm").read().strip() == "rtwhy-explain":
                    f13 = open(d + "stat").read().rsplit(")", 1)[1].split()
                    ticks = int(f13[11]) + int(f13[12])
            f.write("%d,%d,%d,%d\n" % (time.monotonic_ns(), rss, fds, ticks))
            f.flush()
        except (OSError, IndexError):
            pass
        time.sleep(5)
open(res + "/rc", "w").write("%d\n" % p.returncode)
PY
rc=$(cat "$res/rc" 2>/dev/null || echo 255)
for p in $loops; do kill "$p" 2>/dev/null; done
for p in $loops; do wait "$p" 2>/dev/null; done
loops=""
after=$(state)
spikes_total=$(sed -n 's/^spikes = //p' "$res/run.out")

python3 - "$res" "$seconds" "$interval_us" "$rc" "${spikes_total:-0}" \
	"$([ "$before" = "$after" ] && echo same || echo changed)" "$(getconf CLK_TCK)" <<'PY'
import json, sys
res, seconds, interval_us, rc, spikes_total, state, hz = sys.argv[1:]
hz = int(hz)
seconds, interval_us, rc, spikes_total = int(seconds), int(interval_us), int(rc), int(spikes_total)
rows = [tuple(map(int, l.split(","))) for l in open(res + "/samples.csv").read().split()[1:]]
t0 = rows[0][0] if rows else 0
warm = min(60, seconds // 10)
after = [r for r in rows if r[0] - t0 >= warm * 10**9]
fails = []
d = json.load(open(res + "/run.json"))
err = open(res + "/run.err").read()
# what --json keeps grows by design: up to 1000 explained spikes, each its rendered JSON deflated
KEPT_KB = 1  # a kept element deflated: ~0.8 KB (spikekeep.h)

def line(ok, text):
    print(("ok - " if ok else "not ok - ") + text)
    if not ok:
        fails.append(text)

line(rc == 0, "rtwhy ended with status 0 (%d)" % rc)
line(state == "same", "tracing state as found")
if after:
    r0, rmax = after[0][1], max(r[1] for r in after)
    kept_later = sum(1 for s in d["spikes"] if s["wake_ns"] >= after[0][0])
    bound = 1024 + kept_later * KEPT_KB
    # the explaining thread opens a file or two of /proc for a moment per spike: a leak shows
    # as a baseline (the fewest open) that grows, not as a sample that caught one open
    q = max(1, len(after) // 4)
    fds = sorted(set(r[2] for r in after))
    base0, base1 = min(r[2] for r in after[:q]), min(r[2] for r in after[-q:])
    line(rmax - r0 <= min(bound, r0 // 10),
         "RSS flat after %d s: %d KB then, at most %d KB (+%d KB, %.1f%%; bound 1 MB + %d "
         "spikes kept for --json since, %d KB, and 10%%)"
         % (warm, r0, rmax, rmax - r0, 100.0 * (rmax - r0) / r0, kept_later, bound))
    line(base1 == base0 and fds[-1] - fds[0] <= 2,
         "open fds flat after %d s: %d at the fewest in the first quarter, %d in the last "
         "(seen: %s)" % (warm, base0, base1, fds))
    step = max(1, len(rows) // 10)
    print("# RSS KB / fds over time: " + ", ".join(
        "%ds %d/%d" % ((r[0] - t0) // 10**9, r[1], r[2]) for r in rows[::step] + rows[-1:]))
else:
    line(False, "no RSS samples after the warm-up")

kept, not_kept, blind = len(d["spikes"]), d["spikes_not_kept"], d["blind_spikes"]
explained = kept + not_kept
if rows and explained:
    cpu_s = rows[-1][3] / hz
    wall = (rows[-1][0] - t0) / 1e9
    print("# explaining thread: %.1f s of CPU for %d explained spikes (%.1f ms a spike, "
          "%.2f a second over %.0f s: %.1f%% of one CPU)"
          % (cpu_s, explained, 1000.0 * cpu_s / explained, explained / wall, wall,
             100.0 * cpu_s / wall))
failed = err.count("cannot explain") + err.count("cannot read the trace")
line(explained + blind == spikes_total and failed == 0,
     "every spike explained or blind: %d above the threshold = %d explained (%d kept) "
     "+ %d blind, %d failed"
     % (spikes_total, explained, kept, blind, failed))
verdicts = {}
for s in d["spikes"]:
    k = s["verdict"]["kind"]
    verdicts[k] = verdicts.get(k, 0) + 1
print("# verdicts of the kept spikes: %s; blind time %.1f s"
      % (", ".join("%s %d" % kv for kv in sorted(verdicts.items(), key=lambda x: -x[1])),
         d["blind_us"] / 1e6))

expected = seconds * 1000000 // interval_us
for tid, t in sorted(d["thread"].items(), key=lambda x: int(x[0])):
    hist = {int(b): c for b, c in t["histogram"].items()}
    skipped = sum(c * (b // interval_us) for b, c in hist.items())
    over = t["cycles"] - sum(hist.values())
    exact = abs(t["cycles"] + skipped - expected) <= 1
    line(exact or over > 0,
         "thread %s: %d cycles + %d skipped = %d, expected %d (duration / interval)%s"
         % (tid, t["cycles"], skipped, t["cycles"] + skipped, expected,
            "" if not over else "; %d samples above 200 ms, not counted" % over))
print("soak: %s" % ("PASS" if not fails else "FAIL (%d)" % len(fails)))
sys.exit(1 if fails else 0)
PY
