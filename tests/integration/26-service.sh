#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The service mode (contrib/systemd/rtwhy.service's options) behind a real culprit: an RT
# hog (SCHED_FIFO 80, 3 ms every 20 ms) on CPU 1 under a SCHED_FIFO 50 measuring thread
# makes hundreds of spikes in 10 s. --log-spikes: one stderr line per explained spike
# (the journal's entries), the verdict and culprit of the run's JSON, the hog named; no
# spike block on stdout. --save-trace=DIR/ --save-trace-max=2M: the run writes far past
# the bound and DIR stays within it, the largest spikes of the run kept, each file a
# trace.dat trace-cmd reads with this host's name. --reopen-on-hup: SIGHUP in the middle
# rewrites --metrics at once and the run goes on to its end (status 0).
PLAN=8
. tests/integration/lib.sh

MAX=2097152
D=$TMP/traces
taskset -c 1 chrt -f 80 "$HELPERS/spinner" 3000 20000 20 &
hog=$!
STARTED_PIDS="$STARTED_PIDS $hog"
sleep 0.2
start=$(date +%s)
timeout 60 "$RTWHY" -q -t 2 -a 0-1 -p 50 -i 1000 -D 10 --explain=1500 --log-spikes \
	--reopen-on-hup --metrics="$TMP/rtwhy.prom" --save-trace="$D/" --save-trace-max=2M \
	--json="$TMP/s.json" >"$TMP/s.out" 2>"$TMP/s.err" &
pid=$!
# the first metrics write is at the start (a sanitized build: seconds into the run), the next
# one 5 s later: a new file within 2 s of a SIGHUP sent 1 s after the first is SIGHUP's. Each
# write renames a new file over the old: a new inode, and a new mtime. Not the inode alone:
# timeout(1) forwards the SIGHUP to rtwhy and again to its process group, rtwhy rewrites for
# each, and the second new file may get the inode the first freed (a sanitized CI run saw
# "inode 11206853 -> 11206853").
i=0
while ! [ -s "$TMP/rtwhy.prom" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1
before=$(stat -c '%i %y' "$TMP/rtwhy.prom" 2>/dev/null)
kill -HUP "$pid"
i=0 after=$before
while [ "$after" = "$before" ] && [ $i -lt 20 ]; do
	sleep 0.1
	i=$((i + 1))
	after=$(stat -c '%i %y' "$TMP/rtwhy.prom" 2>/dev/null)
done
alive=no
kill -0 "$pid" 2>/dev/null && alive=yes
wait "$pid"
rc=$?
took=$(($(date +%s) - start))
stop_started
if [ "$rc" = 0 ] && [ "$alive" = yes ] && [ "$took" -ge 10 ]; then
	ok "SIGHUP (--reopen-on-hup) did not stop the run: status 0 after ${took} s"
else
	notok "SIGHUP did not stop the run (status $rc, alive $alive, ${took} s)"
	show "$TMP/s.err" 10
fi
check "SIGHUP rewrote --metrics at once (inode, mtime $before -> $after)" \
	[ -n "$before" -a -n "$after" -a "$before" != "$after" ]

# the journal lines against the JSON: one per explained spike, same verdicts and culprits
cmp=$(python3 - "$TMP/s.json" "$TMP/s.err" "$hog" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
lines = [l for l in open(sys.argv[2]) if l.startswith("rtwhy: spike ")]
n = len(d["spikes"]) + d["spikes_not_kept"]
bad = hog = 0
# each line is its spike's: the JSON's spike of the same number ("spike N") must have its tid,
# latency (the line has 0.1 us) and verdict; the JSON keeps the 1000 largest, so a line whose
# spike is not in it must be smaller than every kept one
byno = {x["spike"]: x for x in d["spikes"]}
least = min((x["latency_us"] for x in d["spikes"]), default=0)

def agrees(l, m, s):
    v = s["verdict"]
    c = s["culprits"][v["culprit"]] if v["culprit"] is not None else None
    # the culprit's pid: its label may have spaces ("rtwhy's own explaining thread (pid N)")
    pm = re.search(r"\(pid (\d+)", l[m.end(5):])
    return (s["tid"] == int(m.group(3)) and abs(float(m.group(4)) - s["latency_us"]) <= 0.06 and
            m.group(5) == v["kind"] and
            not (c and c["kind"] in ("task", "irq_thread") and
                 int(pm.group(1) if pm else -1) != c["pid"]))

for l in lines:
    m = re.match(r"rtwhy: spike (\d+): thread (\d+) \(tid (\d+)\) on CPU \d+ woke ([0-9.]+) us late: (\w+)(: (\w+) (\S+) \(pid (\d+))?", l)
    if not m:
        bad += 1
        continue
    s = byno.get(int(m.group(1)))
    if s is None:
        if not d["spikes_not_kept"] or float(m.group(4)) > least + 0.06:
            bad += 1
    elif not agrees(l, m, s):
        bad += 1
    if m.group(9) == sys.argv[3] and m.group(8) == "spinner":
        hog += 1
print(len(lines), n, bad, hog)
PY
)
set -- $cmp
if [ "${1:-0}" -gt 50 ] && [ "$1" = "$2" ] && ! grep -q '^# Spike ' "$TMP/s.out"; then
	ok "--log-spikes: $1 stderr lines for $2 explained spikes, no spike block on stdout"
else
	notok "--log-spikes: one line per spike (lines, spikes: $cmp)"
	show "$TMP/s.err" 5
fi
if [ "${3:-1}" = 0 ] && [ "${4:-0}" -gt 0 ]; then
	ok "each line says its spike's verdict, latency and culprit as the JSON does; $4 name the hog"
else
	notok "the lines say the JSON's verdicts (lines, spikes, differing, naming the hog: $cmp)"
fi

# the bound: written past it, held after the run
files=$(ls "$D" | grep -c '^spike-.*ns\.dat$')
bytes=$(find "$D" -maxdepth 1 -name 'spike-*ns.dat' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
if [ "$files" -gt 0 ] && [ "$bytes" -le $MAX ] && [ "$files" -lt "${2:-0}" ] &&
	[ -z "$(ls -A "$D" | grep -v '^spike-.*ns\.dat$')" ]; then
	ok "--save-trace-max=2M: $files files of $bytes bytes kept of ${2:-?} windows, nothing else"
else
	notok "--save-trace-max=2M: $files files, $bytes bytes (bound $MAX), ${2:-?} windows"
	ls -la "$D" | head -n 10 | sed 's/^/#   /'
fi
# the 3 largest spikes of the run are among the files (by the latency in their names)
top=$(json_get "$TMP/s.json" "' '.join('%d' % round(x * 1000) for x in sorted(s['latency_us'] for s in d['spikes'])[-3:])")
missing=""
for lat in $top; do
	ls "$D" | grep -q -- "-${lat}ns\.dat$" || missing="$missing $lat"
done
check "the run's 3 largest spikes ($top ns) kept${missing:+, missing:$missing}" \
	[ -n "$top" -a -z "$missing" ]

# each kept file: a trace.dat with its FREEZE line and this host's name
f=$(ls "$D" | grep "ns\.dat$" | tail -n 1)
trace-cmd report "$D/$f" >"$TMP/r.txt" 2>/dev/null
trace-cmd dump --options "$D/$f" >"$TMP/o.txt" 2>/dev/null
check "trace-cmd report reads a kept file: its FREEZE line" grep -q 'tracing_mark_write: FREEZE tid=' "$TMP/r.txt"
check "its uname names this host: Linux $(uname -n) $(uname -r)" \
	grep -qxF "Linux $(uname -n) $(uname -r) $(uname -m)" "$TMP/o.txt"
