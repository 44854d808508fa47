#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# --metrics: the file node_exporter's textfile collector reads. Polled all
# through a run, a reader only ever sees whole files (renamed into place),
# rewritten while the run goes on; promtool accepts it mid-run and at the end;
# its numbers are those of the run's own JSON: per-thread counts and maxima,
# the -h buckets exactly; with --explain and an RT hog, the spikes by
# verdict, the hog among the culprits, the blind spikes and time. An
# unwritable FILE is refused before measuring.
PLAN=24
. tests/integration/lib.sh

if ! command -v promtool >/dev/null; then
	notok "promtool is installed (Debian: apt-get install prometheus)"
	exit 1
fi
M=$TMP/m
mkdir "$M"

# poll FILE PID SNAP: read FILE until PID is gone; "reads partial running_versions all_versions",
# the last whole file that said rtwhy_running 1 into SNAP
poll() {
	python3 - "$@" <<'PY'
import hashlib, os, sys, time
path, pid, snap = sys.argv[1], int(sys.argv[2]), sys.argv[3]
reads = partial = 0
running, versions, last = set(), set(), None
def gone():  # ended: a zombie until the shell waits for it
    try:
        st = open("/proc/%d/stat" % pid).read()
    except OSError:
        return True
    return st[st.rindex(")") + 2] == "Z"
while True:
    ended = gone()
    try:
        data = open(path, "rb").read()
    except FileNotFoundError:
        data = None
    if data is not None:
        reads += 1
        if not (data.startswith(b"# HELP rtwhy_build_info ") and data.endswith(b"\n# EOF\n")):
            partial += 1
        else:
            h = hashlib.sha1(data).hexdigest()
            versions.add(h)
            if b"\nrtwhy_running 1\n" in data:
                running.add(h)
                last = data
    if ended:
        break
    time.sleep(0.002)
if last:
    open(snap, "wb").write(last)
print(reads, partial, len(running), len(versions))
PY
}

# compare PROM JSON: the file's numbers against the run's JSON, one "name_ok" or "name_bad ..."
# line per check
compare() {
	# every verdict of the table has its row, zeros too
	NR_VERDICTS=$(grep -c '^	{ BLAME_V_' analysis/verdict.c) python3 - "$@" <<'PY'
import collections, json, os, re, sys
from decimal import Decimal
prom, js = sys.argv[1], json.load(open(sys.argv[2]))
m = {}
for line in open(prom):
    if line.startswith("#"):
        continue
    g = re.match(r'^([a-z_]+)(\{(.*)\})? (\S+)$', line.rstrip("\n"))
    labels = tuple(re.findall(r'([a-z_]+)="((?:[^"\\]|\\.)*)"', g.group(3) or ""))
    m[(g.group(1), labels)] = Decimal(g.group(4)) if g.group(4) != "+Inf" else None
def get(name, **kw):
    for (n, labels), v in m.items():
        if n == name and dict(labels) == {k: str(x) for k, x in kw.items()}:
            return v
    return None
def say(key, good, detail=""):
    print("%s_%s %s" % (key, "ok" if good else "bad", detail))
bad = []
for t, th in js["thread"].items():
    lab = dict(thread=t, cpu=th["cpu"])
    c = get("rtwhy_latency_seconds_count", **lab)
    inf = get("rtwhy_latency_seconds_bucket", le="+Inf", **lab)
    mx = get("rtwhy_latency_max_seconds", **lab)
    if c != th["cycles"] or inf != c or mx is None or int(mx * 1000000) != th["max"]:
        bad.append("thread %s: count %s inf %s max %s, JSON %s %s" % (t, c, inf, mx, th["cycles"], th["max"]))
    # -h: the buckets it covers are exact (JSON histogram: samples per us)
    for le, us in (("1e-05", 10), ("5e-05", 50), ("0.0001", 100)):
        if "-h" not in js["cmdline:"].split():
            continue
        want = sum(n for b, n in th["histogram"].items() if int(b) < us)
        got = get("rtwhy_latency_seconds_bucket", le=le, **lab)
        if got != want:
            bad.append("thread %s le %s: %s, JSON %s" % (t, le, got, want))
say("threads", not bad and len(js["thread"]) > 0, "; ".join(bad) or "%d threads" % len(js["thread"]))
say("final", get("rtwhy_running") == 0 and get("rtwhy_exit_status") == js["return_code"],
    "running %s exit %s" % (get("rtwhy_running"), get("rtwhy_exit_status")))
if "--explain" not in js["cmdline:"]:
    say("untraced", get("rtwhy_blind_spikes_total") is None and not any(
        n == "rtwhy_spikes_total" for n, _ in m))
    sys.exit(0)
verdicts = collections.Counter(s["verdict"]["kind"] for s in js["spikes"])
total = sum(v for (n, _), v in m.items() if n == "rtwhy_spikes_total")
by = {dict(l)["verdict"]: v for (n, l), v in m.items() if n == "rtwhy_spikes_total"}
say("spikes", total == len(js["spikes"]) + js["spikes_not_kept"] and
    all(by.get(k) == v for k, v in verdicts.items()) and len(by) == int(os.environ["NR_VERDICTS"]),
    "%s in the file, %d + %d in the JSON, %d verdicts of %s" %
    (total, len(js["spikes"]), js["spikes_not_kept"], len(by), os.environ["NR_VERDICTS"]))
hog = sum(1 for s in js["spikes"] if s["verdict"]["culprit"] is not None and
          s["culprits"][s["verdict"]["culprit"]]["kind"] == "task" and
          s["culprits"][s["verdict"]["culprit"]].get("comm") == "spinner")
got = get("rtwhy_culprit_spikes_total", kind="task", comm="spinner")
say("culprit", hog > 0 and got == hog, "spinner: file %s, JSON %d" % (got, hog))
say("blind", get("rtwhy_blind_spikes_total") == js["blind_spikes"] and
    abs(get("rtwhy_blind_seconds_total") * 1000000 - Decimal(str(js["blind_us"]))) < Decimal("0.001"),
    "%s spikes %s s" % (get("rtwhy_blind_spikes_total"), get("rtwhy_blind_seconds_total")))
say("threshold", get("rtwhy_trace_threshold_seconds") == Decimal("0.0015"))
PY
}

# measured NAME ARGS...: rtwhy ARGS --metrics=$M/rtwhy.prom --json=$TMP/NAME.json, the file
# polled all along; sets rc and polled ("reads partial running_versions versions")
measured() {
	name=$1
	shift
	rm -f "$M/rtwhy.prom" "$TMP/$name".*
	timeout 60 "$RTWHY" "$@" --metrics="$M/rtwhy.prom" --json="$TMP/$name.json" \
		>"$TMP/$name.out" 2>"$TMP/$name.err" &
	pid=$!
	polled=$(poll "$M/rtwhy.prom" "$pid" "$TMP/$name.mid")
	wait "$pid"
	rc=$?
}

# promtool_ok DESC FILE: promtool check metrics accepts FILE (no lint problem either)
promtool_ok() {
	if [ -s "$2" ] && promtool check metrics <"$2" >"$TMP/promtool.out" 2>&1; then
		ok "$1"
	else
		notok "$1"
		show "$TMP/promtool.out"
	fi
}

# whole NAME: the poll's verdict on run NAME: reads, never a partial file, rewritten during it
whole() {
	set -- $polled
	check "$name: status 0" [ "$rc" = 0 ]
	check "$name: $1 reads while it ran, none of a partial file" [ "$1" -gt 100 -a "$2" = 0 ]
	check "$name: rewritten during the run ($3 versions, then the final one)" [ "$3" -ge 2 ]
	promtool_ok "$name: promtool check metrics accepts the file of the running run" \
		"$TMP/$name.mid"
	promtool_ok "$name: promtool check metrics accepts the final file" "$M/rtwhy.prom"
	check "$name: no temporary file left ($(ls "$M" | tr '\n' ' '))" \
		[ "$(ls "$M")" = rtwhy.prom ]
}

# results NAME CHECK...: the compare lines CHECK of run NAME, one ok/not ok each
results() {
	name=$1
	shift
	compare "$M/rtwhy.prom" "$TMP/$name.json" >"$TMP/$name.cmp" 2>&1
	for k in "$@"; do
		line=$(grep "^${k}_" "$TMP/$name.cmp")
		case "$line" in
		*_ok*) ok "$name: $line" ;;
		*) notok "$name: $k: ${line:-$(tail -n 3 "$TMP/$name.cmp")}" ;;
		esac
	done
}

# --- no tracing, -h: exact buckets up to 100 us ---
measured plain -q -t 2 -D 11 -h 100
whole plain
results plain threads final untraced

# node_exporter's textfile collector reads it (when installed: the same parser as promtool's)
if command -v prometheus-node-exporter >/dev/null; then
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	prometheus-node-exporter --web.listen-address="127.0.0.1:$port" --collector.disable-defaults \
		--collector.textfile --collector.textfile.directory="$M" >"$TMP/ne.log" 2>&1 &
	STARTED_PIDS="$STARTED_PIDS $!"
	scraped=$(python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(50):
    try:
        t = urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=2).read().decode()
        break
    except OSError:
        time.sleep(0.1)
else:
    t = ""
print(" ".join(l for l in t.splitlines() if l.startswith(("node_textfile_scrape_error ",
      'rtwhy_latency_seconds_count{cpu="0",thread="0"}', "rtwhy_running "))))
PY
)
	stop_started
	want=$(grep '^rtwhy_latency_seconds_count{thread="0",cpu="0"}' "$M/rtwhy.prom" | cut -d' ' -f2)
	case "$scraped" in
	"node_textfile_scrape_error 0 rtwhy_latency_seconds_count{cpu=\"0\",thread=\"0\"} $want rtwhy_running 0")
		if grep -q "level=error" "$TMP/ne.log"; then
			notok "node_exporter serves the file without error"
			show "$TMP/ne.log"
		else
			ok "node_exporter's textfile collector serves the file ($scraped)"
		fi
		;;
	*)
		notok "node_exporter's textfile collector serves the file (got '$scraped', want $want)"
		show "$TMP/ne.log"
		;;
	esac
else
	note "prometheus-node-exporter not installed: the textfile collector itself not tried"
fi

# --- --explain, an RT hog on CPU 1: spikes, their verdicts and culprits (an RT hog, not a
# busy loop: a fair-class culprit would be lost among the machine's other fair tasks) ---
taskset -c 1 chrt -f 80 "$HELPERS/spinner" 3000 20000 60 &
STARTED_PIDS="$STARTED_PIDS $!"
sleep 0.2
attempt=0
while [ $attempt -lt 3 ]; do
	attempt=$((attempt + 1))
	measured explain -q -t 2 -a 0-1 -p 50 -i 1000 -D 11 --explain=1500
	hog=$(json_get "$TMP/explain.json" "sum(1 for s in d['spikes'] if s['verdict']['culprit'] is not None and s['culprits'][s['verdict']['culprit']].get('comm') == 'spinner')" 2>/dev/null)
	[ "${hog:-0}" -gt 0 ] && break
	note "attempt $attempt: no spike behind the RT hog (host noise), again"
done
stop_started
whole explain
results explain threads final spikes culprit blind threshold

# --- an unwritable FILE: refused before measuring, like --json ---
for f in "$TMP/none/rtwhy.prom:No such file or directory" "$M:Is a directory"; do
	path=${f%%:*}
	timeout 20 "$RTWHY" -q -D 5 --metrics="$path" >"$TMP/r.out" 2>"$TMP/r.err"
	rc=$?
	if [ "$rc" = 2 ] && [ ! -s "$TMP/r.out" ] &&
		grep -qx "rtwhy: cannot write --metrics file $path: ${f#*:}" "$TMP/r.err"; then
		ok "--metrics=$path refused: status 2, one line, nothing measured"
	else
		notok "--metrics=$path refused (status $rc)"
		show "$TMP/r.err"
	fi
done
# the Prometheus side (contrib/prometheus/: rules, their test) is tests/shell/50-prometheus-rules.sh
