#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Two rtwhy runs at once do not disturb each other: each traces into its own
# instance, each explains its own spikes (its windows hold only its own
# FREEZE lines), neither start removes the other's live instance, and a run
# killed next to a live one is cleaned up by the next start without
# touching the live one. Busy loops on both CPUs make the spikes (the seed):
# runs of 10 s above 2 ms (6 s gave 2-3 spikes per run above 2 ms here, 1-3,
# some none, above 2.5 ms), and a pair in which one run had no spike to
# compare is run again, three times at most. (Busy loops at nice -20 would
# make spikes sure, but starve the runs' main threads: minutes under ASan.)
PLAN=13
. tests/integration/lib.sh

busy_loop 0 busyloop
busy_loop 1 busyloop
sleep 0.2
for attempt in 1 2 3 4; do
	rm -f "$TMP"/[ab].*
	"$RTWHY" -q -a 0 -i 10000 -D 10 --explain=2000 --json="$TMP/a.json" \
		--save-trace="$TMP/a.txt" >"$TMP/a.out" 2>"$TMP/a.err" &
	a=$!
	"$RTWHY" -q -a 1 -i 10000 -D 10 --explain=2000 --json="$TMP/b.json" \
		--save-trace="$TMP/b.txt" >"$TMP/b.out" 2>"$TMP/b.err" &
	b=$!
	sleep 1.5
	both=$(ls $T/instances | grep -c -e "^rtwhy-$a\$" -e "^rtwhy-$b\$")
	"$RTWHY" irqs --observe 1 >"$TMP/o.out" 2>"$TMP/o.err"
	orc=$?
	wait $a
	arc=$?
	wait $b
	brc=$?
	[ -s "$TMP/a.txt" ] && [ -s "$TMP/b.txt" ] && break
	note "attempt $attempt: a run without a spike, again"
done
stop_started
check "both instances traced at the same time" [ "$both" = 2 ]
check "both runs ended with status 0 ($arc, $brc)" [ "$arc" = 0 -a "$brc" = 0 ]
if [ "$orc" -le 1 ] && ! grep -q 'cannot' "$TMP/o.err"; then
	ok "irqs --observe next to them: status $orc, no error"
else
	notok "irqs --observe next to them: status $orc"
	show "$TMP/o.err"
fi
if grep -q "instance rtwhy-$a " "$TMP/a.out" && grep -q "instance rtwhy-$b " "$TMP/b.out"; then
	ok "each said its own instance"
else
	notok "each said its own instance"
	show "$TMP/a.out"
fi
if [ ! -s "$TMP/a.err" ] && [ ! -s "$TMP/b.err" ]; then
	ok "neither start removed anything, nothing on stderr"
else
	notok "stderr of the two runs"
	show "$TMP/a.err"
	show "$TMP/b.err"
fi

# own spikes only: the FREEZE lines in a run's windows are its own threads'
pyout=$(python3 - "$TMP/a.json" "$TMP/a.txt" "$TMP/b.json" "$TMP/b.txt" <<'PY'
import json, re, sys
def own(js, txt, other_js):
    d = json.load(open(js))
    tids = {s["tid"] for s in d["spikes"]}
    other = {s["tid"] for s in json.load(open(other_js))["spikes"]}
    try:
        seen = set(int(t) for t in re.findall(r"FREEZE tid=(\d+)", open(txt).read()))
    except OSError:
        seen = set()  # no spike, no saved trace
    return len(d["spikes"]), tids, seen, other
for name, js, txt, other in (("a", 1, 2, 3), ("b", 3, 4, 1)):
    n, tids, seen, oth = own(sys.argv[js], sys.argv[txt], sys.argv[other])
    print("%s_spikes %s" % (name, "ok" if n > 0 else "none"))
    print("%s_own %s" % (name, "ok" if seen and seen <= tids and not (seen & oth) else
                          "bad seen=%s own=%s other=%s" % (seen, tids, oth)))
PY
2>&1)
for k in a_spikes a_own b_spikes b_own; do
	line=$(echo "$pyout" | grep "^$k ")
	case "$line" in *" ok") ok "$line" ;; *) notok "$k: $line" ;; esac
done
case "$pyout" in *Traceback*) echo "$pyout" | sed 's/^/#   /' ;; esac

# one killed next to a live one: the next start removes the dead one only
"$RTWHY" -q --explain=1000000 -D 20 >/dev/null 2>&1 &
live=$!
"$RTWHY" -q --explain=1000000 -D 20 >/dev/null 2>&1 &
dead=$!
sleep 1
kill -KILL $dead
wait $dead 2>/dev/null
"$RTWHY" -q -b 1000000 -D 1 >"$TMP/n.out" 2>"$TMP/n.err"
if [ ! -d "$T/instances/rtwhy-$dead" ] && grep -q "rtwhy-$dead left by a run" "$TMP/n.err"; then
	ok "the next start removed the killed run's instance rtwhy-$dead, and said so"
else
	notok "the next start removed the killed run's instance rtwhy-$dead"
	show "$TMP/n.err"
fi
if [ -d "$T/instances/rtwhy-$live" ] && ! grep -q "rtwhy-$live" "$TMP/n.err"; then
	ok "and left the live run's rtwhy-$live alone"
else
	notok "and left the live run's rtwhy-$live alone"
fi
kill -INT $live
wait $live
lrc=$?
check "the live run still ends cleanly (status $lrc)" [ "$lrc" = 0 ]
check "nothing of ours is left" [ -z "$(ls $T/instances | grep '^rtwhy-')" ]
