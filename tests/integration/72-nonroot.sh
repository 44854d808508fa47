#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A user who is not root (uid 65534, no groups, no capabilities): measuring
# without -p works (also where cyclictest 2.4 refuses a user); what
# needs root says so in one line with a documented status (1, runtime
# error; 2 only for bad usage); -b still breaks without tracing; analyze
# needs no privilege at all; and nothing is left behind. (irqs and check as
# a user: 50-irqs.sh, 51-check.sh.) Under SANITIZE=1 these runs also prove
# the refused tracing leaks nothing.
PLAN=11
. tests/integration/lib.sh

chmod 711 "$TMP"
mkdir -m 777 "$TMP/u"
mkdir -m 755 "$TMP/ro"
asuser() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
before=$(tracing_state)

# measuring: both threads, PM QoS not available to a user
asuser "$RTWHY" -t 2 -i 1000 -D 1 -q >"$TMP/m.out" 2>"$TMP/m.err"
rc=$?
asuser cyclictest -t 2 -i 1000 -D 1 -q >"$TMP/ct.out" 2>"$TMP/ct.err"
ctrc=$?
note "rtwhy status $rc, cyclictest status $ctrc"
if [ $rc = 0 ] && [ "$(grep -c '^T: [01] ' "$TMP/m.out")" = 2 ] && [ ! -s "$TMP/m.err" ] &&
	grep -q '^# /dev/cpu_dma_latency not set: Permission denied' "$TMP/m.out"; then
	ok "a user measures without -p: status 0, both threads, PM QoS not set (said on stdout)"
else
	notok "a user measures without -p (status $rc)"
	show "$TMP/m.out"
	show "$TMP/m.err"
fi
# cyclictest 2.4 refuses a user even without -p ("Unable to change scheduling policy!")
check "works wherever cyclictest's works (rtwhy $rc, cyclictest $ctrc)" \
	[ "$ctrc" != 0 -o "$rc" = 0 ]

# -p: a clear refusal before anything is set up
asuser "$RTWHY" -p 80 -D 1 -q >"$TMP/p.out" 2>"$TMP/p.err"
rc=$?
if [ $rc = 1 ] && [ "$(wc -l <"$TMP/p.err")" = 1 ] && [ ! -s "$TMP/p.out" ] &&
	grep -q 'run as root or with CAP_SYS_NICE' "$TMP/p.err"; then
	ok "-p 80 as a user: status 1, one line naming root or CAP_SYS_NICE"
else
	notok "-p 80 as a user: status $rc"
	show "$TMP/p.err"
fi

# --latency asked explicitly: an error, said once
asuser "$RTWHY" --latency=0 -D 1 -q >"$TMP/l.out" 2>"$TMP/l.err"
rc=$?
check "--latency=0 as a user: status 1, one line" \
	[ $rc = 1 -a "$(wc -l <"$TMP/l.err")" = 1 ]

# --explain needs tracing: must run as root, one line, nothing measured
asuser "$RTWHY" --explain=100 -D 5 -q >"$TMP/e.out" 2>"$TMP/e.err"
rc=$?
if [ $rc = 1 ] && [ "$(wc -l <"$TMP/e.err")" = 1 ] && grep -q 'root' "$TMP/e.err" &&
	! grep -q '^T:' "$TMP/e.out"; then
	ok "--explain as a user: status 1, one line saying tracing needs root"
else
	notok "--explain as a user: status $rc"
	show "$TMP/e.err"
fi

# -b still breaks: said it cannot trace, then measured and broke at the first sample
asuser "$RTWHY" -b 1 -D 5 -q >"$TMP/b.out" 2>"$TMP/b.err"
rc=$?
if [ $rc = 0 ] && grep -q '^# Break thread: ' "$TMP/b.out" && grep -q 'root' "$TMP/b.err" &&
	grep -q 'cannot be explained without tracing' "$TMP/b.err"; then
	ok "-b 1 as a user: tracing refused (root), the run still breaks, status 0"
else
	notok "-b 1 as a user: status $rc"
	show "$TMP/b.out"
	show "$TMP/b.err"
fi

# outputs a user cannot write: usage error before measuring
asuser "$RTWHY" -D 5 -q --json="$TMP/ro/r.json" >"$TMP/j.out" 2>"$TMP/j.err"
rc=$?
check "--json where the user cannot write: status 2, one line" \
	[ $rc = 2 -a "$(wc -l <"$TMP/j.err")" = 1 ]

# analyze: no privilege needed. A window recorded as root, read as the user.
"$RTWHY" -q -b 1 -D 5 --save-trace="$TMP/u/w.txt" >/dev/null 2>&1
chmod 644 "$TMP/u/w.txt"
asuser "$RTWHY" analyze "$TMP/u/w.txt" --json="$TMP/u/w.json" >"$TMP/a.out" 2>"$TMP/a.err"
rc=$?
if [ $rc = 0 ] && grep -q 'spike explained' "$TMP/a.out" && [ -s "$TMP/u/w.json" ]; then
	ok "analyze as a user: the spike explained, JSON written"
else
	notok "analyze as a user: status $rc"
	show "$TMP/a.out"
	show "$TMP/a.err"
fi

# a user's rtwhy never removes a root run's instance (it cannot even list them)
"$RTWHY" -q --explain=1000000 -D 10 >/dev/null 2>&1 &
live=$!
sleep 1
asuser "$RTWHY" -b 1 -D 1 -q >/dev/null 2>&1
check "a user's run next to a root run: the root run's instance stays" \
	[ -d "$T/instances/rtwhy-$live" ]
kill -INT $live
wait $live
check "the root run still ends with status 0" [ $? = 0 ]
check "tracing state as found" [ "$before" = "$(tracing_state)" ]
