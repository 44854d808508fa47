#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rteval 3.x drives cyclictest with values glued to their options in one word
# ('-h 3500', as subprocess passes them), an empty word when no interval is
# set, stderr to /dev/null and SIGINT to stop; then it parses stdout: the
# histogram rows and the '# Max Latencies' line. rtwhy and cyclictest, both
# driven and parsed exactly so (rteval/modules/measurement/cyclictest.py).
PLAN=10
. tests/integration/lib.sh

ncpu=$(nproc)
cpulist="0-$((ncpu - 1))"

# rteval RUNNER OUT ARGS...: start RUNNER as rteval does, SIGINT after 2 s, parse OUT as
# rteval does; prints "rc=N samples=S,S.. totals=T,T.. max=M,M.. unexpected=U buckets=B"
rteval() {
	python3 - "$@" <<'PY'
import os, signal, subprocess, sys, time
runner, out, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
null = os.open('/dev/null', os.O_RDWR)
with open(out, 'w+b') as f:
    p = subprocess.Popen([runner] + argv, stdout=f, stderr=null, stdin=null)
    time.sleep(2)
    while p.poll() is None:          # rteval's _WorkloadCleanup()
        os.kill(p.pid, signal.SIGINT)
        time.sleep(0.5)
ncpu = int(os.environ['NCPU'])
samples, maxes, totals, unexpected, buckets = [0] * ncpu, [0] * ncpu, [], 0, 0
for line in open(out, 'rb'):
    line = bytes.decode(line)
    if line.startswith('#'):
        if line.startswith('# Max Latencies: '):
            maxes = [int(x) for x in line.split(':')[1].split()]
        elif line.startswith('# Total: '):
            totals = [int(x) for x in line.split(':')[1].split()]
        continue
    vals = line.split()
    if not vals:
        continue
    try:
        index = int(vals[0])
    except ValueError:
        unexpected += 1              # rteval: "cyclictest: unexpected output"
        continue
    buckets += 1
    for i in range(ncpu):
        samples[i] += int(vals[i + 1])
j = lambda v: ','.join(str(x) for x in v)
print('rc=%d samples=%s totals=%s max=%s unexpected=%d buckets=%d'
      % (p.returncode, j(samples), j(totals), j(maxes), unexpected, buckets))
PY
}
export NCPU=$ncpu

# rteval 3.x's command line: interval 100 us, 3500 buckets, priority 95, one thread per CPU
for who in cyclictest rtwhy; do
	runner=$(command -v cyclictest)
	[ $who = rtwhy ] && runner=$RTWHY
	rteval "$runner" "$TMP/$who.out" -i100 -qmu "-h 3500" -p95 "-t$ncpu" "-a$cpulist" \
		>"$TMP/$who.res"
	note "$who as rteval runs it: $(cat "$TMP/$who.res")"
done
res=$(cat "$TMP/rtwhy.res")
samples=$(echo "$res" | sed 's/.* samples=\([^ ]*\) .*/\1/')
totals=$(echo "$res" | sed 's/.* totals=\([^ ]*\) .*/\1/')
case "$res" in
rc=0\ *unexpected=0\ buckets=3500) ok "rteval's argv: status 0, 3500 rows, none unexpected" ;;
*) notok "rteval's argv: $res"; show "$TMP/rtwhy.out" 5 ;;
esac
check "rteval's parse: samples per CPU, and they equal '# Total:' ($samples)" \
	[ -n "$samples" -a "$samples" = "$totals" -a "${samples%%,*}" -gt 1000 ]
# the same lines but for rtwhy's own: '# rtwhy: ...' and the percentiles '# T: N percentiles'
# (the overflow lists, "# Thread N: ...", depend on the run's noise: their heads only)
shape() { sed -e 's/^\(# Thread [0-9]*:\).*/\1/' -e 's/[0-9]//g' | sort | uniq -c; }
grep -v -e '^# rtwhy' -e '^# T:[ 0-9]* percentiles' "$TMP/rtwhy.out" | shape >"$TMP/rtwhy.shape"
shape <"$TMP/cyclictest.out" >"$TMP/cyclictest.shape"
if cmp -s "$TMP/rtwhy.shape" "$TMP/cyclictest.shape"; then
	ok "the same rows and '#' lines as cyclictest's, plus rtwhy's own"
else
	notok "lines that differ from cyclictest's"
	diff "$TMP/rtwhy.shape" "$TMP/cyclictest.shape" | sed 's/^/#   /' | head -n 20
fi
check "rtwhy's own: the percentiles of each thread" \
	[ "$(grep -c '^# T:[ 0-9]* percentiles (us): p50 [~0-9]* p90 ' "$TMP/rtwhy.out")" = "$ncpu" ]

# without an interval in its config, rteval's first word is empty
rteval "$RTWHY" "$TMP/e.out" "" -qmu "-h 100" -p95 "-t$ncpu" "-a$cpulist" >"$TMP/e.res"
case "$(cat "$TMP/e.res")" in
rc=0\ *unexpected=0\ buckets=100) ok "an empty first word: run and parsed the same" ;;
*) notok "an empty first word: $(cat "$TMP/e.res")" ;;
esac

# with cpupower, rteval adds --default-system: cyclictest's WARN goes to stderr, not into
# the rows; the same words as cyclictest's
for opt in --default-system --laptop; do
	cyclictest $opt -l 10 -q >"$TMP/c.out" 2>"$TMP/c.err"
	"$RTWHY" $opt -l 10 -q >"$TMP/r.out" 2>"$TMP/r.err"
	if [ "$(cat "$TMP/r.err")" = "$(cat "$TMP/c.err")" ] && grep -q '^WARN: ' "$TMP/r.err" &&
		! grep -q WARN "$TMP/r.out"; then
		ok "$opt: '$(cat "$TMP/r.err")' on stderr, as cyclictest"
	else
		notok "$opt: stderr '$(cat "$TMP/r.err")' vs '$(cat "$TMP/c.err")'"
		show "$TMP/r.out"
	fi
done
check "-q: only T: lines once the '#' lines are dropped (grep -v '^#' parsers)" \
	[ "$(grep -v '^#' "$TMP/r.out" | grep -cv '^T: ')" = 0 ]

# samples past the -h range: rteval skips its statistics; rtwhy says how many, and the -h
# that would have held them (a '#' line: the rows parse as before)
rteval "$RTWHY" "$TMP/o.out" -i100 -qmu "-h 5" -p95 "-t$ncpu" "-a$cpulist" >"$TMP/o.res"
line=$(grep '^# rtwhy: [0-9]* samples\? above the histogram' "$TMP/o.out")
max=$(sed -n 's/^# Max Latencies: *//p' "$TMP/o.out" | tr ' ' '\n' | sort -n | tail -n 1)
over=$(sed -n 's/^# Histogram Overflows: *//p' "$TMP/o.out")
sum=0
for o in $over; do sum=$((sum + $(num $o))); done
note "$line"
case "$line" in
"# rtwhy: $sum sample"*"(-h 5 holds 0-4 us): -h $(($(num $max) + 1)) would have held them")
	ok "overflow: the count ($sum) and the -h that would hold it" ;;
*) notok "overflow line '$line' (overflows $sum, max $max)" ;;
esac
case "$(cat "$TMP/o.res")" in
rc=0\ *unexpected=0\ buckets=5) ok "overflow: the rows still parse" ;;
*) notok "overflow: $(cat "$TMP/o.res")" ;;
esac
