#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The cyclictest options scripts use, run side by side with cyclictest 2.4:
# libnuma CPU lists (-a '!0', all, +0) pin the same threads to the same CPUs;
# what cyclictest warns about and goes on with, rtwhy warns the same words
# about on stderr and does the same; -R, -o and --smi as cyclictest.
PLAN=11
. tests/integration/lib.sh

ncpu=$(nproc)
# cpus RUNNER ARGS...: "N threads: cpu cpu ..." from the run's --json
cpus() {
	runner=$1
	shift
	rm -f "$TMP/c.json"
	"$runner" "$@" -l 20 -q --json="$TMP/c.json" >/dev/null 2>"$TMP/c.err"
	json_get "$TMP/c.json" "'%d threads: %s' % (d['num_threads'], ' '.join(
		str(d['thread'][t]['cpu']) for t in sorted(d['thread'], key=int)))" 2>/dev/null ||
		echo "status $?: $(head -c 200 "$TMP/c.err")"
}
for a in '!0' all +0 "0-$((ncpu - 1))"; do
	ct=$(cpus cyclictest -a "$a" -t)
	rt=$(cpus "$RTWHY" -a "$a" -t)
	check "-a '$a' -t: the threads and CPUs of cyclictest ($rt)" [ "$rt" = "$ct" ]
done

# threads FILE: "index P:prio I:interval" of each T: line
threads() {
	sed -n 's/^T: *\([0-9]*\) ([ 0-9]*) \(P: *[0-9]*\) \(I:[0-9]*\).*/\1 \2 \3/p' "$1" | tr '\n' ' '
}
# warn ARGS...: cyclictest's and rtwhy's stderr and threads for ARGS, the same
warn() {
	cyclictest "$@" -l 10 -q >"$TMP/c.out" 2>"$TMP/c.err"
	c=$?
	"$RTWHY" "$@" -l 10 -q >"$TMP/r.out" 2>"$TMP/r.err"
	r=$?
	ct="$c $(threads "$TMP/c.out")"
	rt="$r $(threads "$TMP/r.out")"
	if [ "$rt" = "$ct" ] && cmp -s "$TMP/r.err" "$TMP/c.err"; then
		ok "$*: what cyclictest says and does ($(tr '\n' '|' <"$TMP/r.err"))"
	else
		notok "$*: rtwhy [$rt] '$(tr '\n' '|' <"$TMP/r.err")'," \
			"cyclictest [$ct] '$(tr '\n' '|' <"$TMP/c.err")'"
	fi
}
warn -S -t 3
warn --priospread -t 2
warn -x -s
warn -h 10 -d 100 -t 2

# -R: cyclictest's two lines (this clock reports 1 ns and measures coarser)
cyclictest -R -l 2 -q 2>"$TMP/c.err" >/dev/null
"$RTWHY" -R -l 2 -q 2>"$TMP/r.err" >/dev/null
check "-R: cyclictest's lines ($(tr '\n' '|' <"$TMP/r.err"))" \
	[ "$(sed 's/[0-9]\+/N/g' "$TMP/r.err")" = "$(sed 's/[0-9]\+/N/g' "$TMP/c.err")" ]

# -o: the max of each N samples, as many lines as cyclictest's
"$RTWHY" -v -o 10 -t 2 -l 100 >"$TMP/o.out" 2>&1
cyclictest -v -o 10 -t 2 -l 100 >"$TMP/co.out" 2>&1
n=$(grep -cE '^ +[01]: +[0-9]+: +[0-9]+$' "$TMP/o.out")
c=$(grep -cE '^ +[01]: +[0-9]+: +[0-9]+$' "$TMP/co.out")
check "-v -o 10: 10 lines per thread ($n; cyclictest, which drops its last ones, $c)" [ "$n" = 20 ]

# --smi: where the CPU keeps MSR_SMI_COUNT both count (a " SMI:" column); elsewhere both end
# with status 1, rtwhy saying why (here: an AMD guest without the msr module)
modprobe msr 2>/dev/null
# cyclictest's FATAL exit leaves its /dev/shm/cyclictest<pid> (30 bytes: ftruncate to
# _SC_PAGE_SIZE, the sysconf name): removed by its pid
cyclictest --smi -l 10 -q >"$TMP/c.out" 2>&1 &
cpid=$!
wait $cpid
c=$?
rm -f "/dev/shm/cyclictest$cpid"
"$RTWHY" --smi -l 10 -q >"$TMP/r.out" 2>"$TMP/r.err"
r=$?
note "--smi: cyclictest status $c ($(tr '\n' '|' <"$TMP/c.out" | head -c 120)), rtwhy status $r" \
	"($(cat "$TMP/r.err"))"
if [ $c = 0 ]; then
	n=$(grep -c '^T: 0 .* SMI: *[0-9]*$' "$TMP/r.out")
	check "--smi: counted, an SMI column" [ $r = 0 -a "$n" = 1 ]
else
	n=$(grep -c '^rtwhy: cannot count SMIs (--smi): ' "$TMP/r.err")
	check "--smi: status 1 and why, as cyclictest" \
		[ $r = 1 -a "$(wc -l <"$TMP/r.err")" = 1 -a "$n" = 1 ]
fi
