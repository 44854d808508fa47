#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What CI scripts want: --max-latency's exit status 3 (0, 1 and 2 keep their
# meaning) with one line naming the thread; percentiles that agree with the
# ones computed from the run's own -v samples (exact with -h, within the
# estimator's 1/256 without); -M redrawing only on a new max.
PLAN=10
. tests/integration/lib.sh

# --max-latency: above it 3 and one line; below it 0; a bad value 2; an error stays 1
"$RTWHY" -t 2 -l 200 -q --max-latency=1 >"$TMP/g.out" 2>"$TMP/g.err"
rc=$?
note "$(cat "$TMP/g.err")"
line=$(grep -cE '^rtwhy: latency above --max-latency=1 us: thread [01] \(tid [0-9]+\) '`
	`'max [0-9.]+ us \(2 of 2 threads above\)$' "$TMP/g.err")
check "--max-latency=1: status 3, one line naming the thread and its max" \
	[ $rc = 3 -a "$(wc -l <"$TMP/g.err")" = 1 -a "$line" = 1 ]
max=$(sed -n 's/^T: .* Max: *//p' "$TMP/g.out" | sort -n | tail -n 1)
said=$(sed -n 's/.* max \([0-9]*\)\.[0-9] us .*/\1/p' "$TMP/g.err")
check "the line's max is the summary's ($said, $max us)" [ "$said" = "$max" ]
"$RTWHY" -l 200 -q --max-latency=1000000 >/dev/null 2>"$TMP/g.err"
check "--max-latency above every max: status 0, silent" [ $? = 0 -a ! -s "$TMP/g.err" ]
"$RTWHY" -l 20 -q --max-latency=1 --json="$TMP/g.json" >/dev/null 2>&1
check "the JSON's return_code is 3 too" [ "$(json_get "$TMP/g.json" "d['return_code']")" = 3 ]
"$RTWHY" -l 20 -q --max-latency=1 --json=/dev/full >/dev/null 2>&1
check "a run that failed (--json to /dev/full) stays 1" [ $? = 1 ]
"$RTWHY" -l 20 -q --max-latency=abc >/dev/null 2>&1
check "a bad value stays 2" [ $? = 2 ]

# percentiles: JSON and '#' lines against the -v samples of the same run (nearest rank)
# pct FILE.out FILE.json: compares; prints "ok" or what differs
pct() {
	python3 - "$@" <<'PY'
import json, math, re, sys
out, js = sys.argv[1], sys.argv[2]
vals = {}
for l in open(out):
    m = re.match(r'^ +(\d+): +\d+: +(-?\d+)$', l)
    if m:
        vals.setdefault(int(m.group(1)), []).append(int(m.group(2)))
d = json.load(open(js))
ppm = {"p50": 500000, "p90": 900000, "p99": 990000, "p99.9": 999000, "p99.99": 999900}
bad = []
for t, v in sorted(vals.items()):
    v.sort()
    th = d["thread"][str(t)]
    if len(v) != th["cycles"]:
        bad.append("thread %d: %d -v samples, %d cycles" % (t, len(v), th["cycles"]))
    text = re.search(r'^# T:%2d percentiles \(us\):(.*)$' % t, open(out).read(), re.M)
    for k, p in ppm.items():
        exact = v[math.ceil(len(v) * p / 1e6) - 1]
        got = th["percentiles"][k]
        # exact from the histogram when inside it, else the estimator: 1/256 + 1 unit
        inside = th["percentiles_from"] != "estimator" and 0 <= exact < int(sys.argv[3])
        if (inside and got != exact) or abs(got - exact) * 256 > abs(exact) + 256:
            bad.append("thread %d %s: %s, the samples say %d" % (t, k, got, exact))
        if not text or (" %s %s%d" % (k, "" if inside else "~", got)) not in text.group(1):
            bad.append("thread %d %s: not in the '#' line" % (t, k))
print("ok %d threads, %d samples" % (len(vals), sum(len(v) for v in vals.values()))
      if not bad else "; ".join(bad[:5]))
PY
}
"$RTWHY" -t 2 -i 200 -l 3000 -v -q -h 4000 --json="$TMP/h.json" >"$TMP/h.out" 2>&1
res=$(pct "$TMP/h.out" "$TMP/h.json" 4000)
note "with -h: $(grep '^# T:' "$TMP/h.out" | tr '\n' ' ')"
case "$res" in ok*) ok "with -h: percentiles exact ($res)" ;; *) notok "with -h: $res" ;; esac
"$RTWHY" -t 2 -i 200 -l 3000 -v -q --json="$TMP/e.json" >"$TMP/e.out" 2>&1
res=$(pct "$TMP/e.out" "$TMP/e.json" 0)
note "without -h: $(grep '^# T:' "$TMP/e.out" | tr '\n' ' ')"
case "$res" in
ok*) ok "without -h: estimated, within 1/256 + 1 us ($res)" ;;
*) notok "without -h: $res" ;;
esac

# -M: cyclictest redraws when a max changes, not every 10 ms
blocks() { grep -o 'policy:' "$1" | wc -l; }
cyclictest -M -t 2 -D 2 >"$TMP/cm.out" 2>&1
"$RTWHY" -M -t 2 -D 2 >"$TMP/rm.out" 2>&1
"$RTWHY" -t 2 -D 2 >"$TMP/rn.out" 2>&1
note "2 s, -t 2: cyclictest -M $(blocks "$TMP/cm.out") blocks ($(wc -c <"$TMP/cm.out") bytes)," \
	"rtwhy -M $(blocks "$TMP/rm.out") ($(wc -c <"$TMP/rm.out") bytes), rtwhy $(blocks "$TMP/rn.out")"
check "-M: a few blocks, not one per 10 ms" \
	[ "$(blocks "$TMP/rm.out")" -lt 40 -a "$(blocks "$TMP/rn.out")" -gt 150 ]
# each redraw but the last (the final numbers) shows a new max
python3 - "$TMP/rm.out" >"$TMP/rm.chk" <<'PY'
import re, sys
blocks = open(sys.argv[1]).read().split("policy:")[1:]
maxes = [tuple(re.findall(r'Max: *(-?\d+)', b)) for b in blocks]
same = [i for i in range(1, len(maxes) - 1) if maxes[i] == maxes[i - 1]]
print("ok" if len(maxes) >= 2 and not same else
      "redraws without a new max: %s of %s" % (same, maxes))
PY
check "-M: every redraw has a new max ($(cat "$TMP/rm.chk"))" [ "$(cat "$TMP/rm.chk")" = ok ]
