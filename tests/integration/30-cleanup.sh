#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every way a tracing run ends leaves the tracing state exactly as found;
# after SIGKILL the next run removes the dead run's instance and says so.
PLAN=8
. tests/integration/lib.sh

before=$(tracing_state)
for sig in INT TERM HUP; do
	"$RTWHY" -q --explain=1000000 -D 60 >"$TMP/c.out" 2>&1 &
	pid=$!
	sleep 1
	kill -$sig $pid
	wait $pid
	rc=$?
	after=$(tracing_state)
	if [ "$rc" = 0 ] && [ "$before" = "$after" ]; then ok "SIG$sig: status 0, state restored"; else
		notok "SIG$sig: status $rc"; note "before: $before"; note "after:  $after"; fi
done
"$RTWHY" -q -b 1000000 -D 1 >"$TMP/c.out" 2>&1
check "normal end of a -b run: state restored" [ "$before" = "$(tracing_state)" ]

"$RTWHY" -q --explain=1000000 -D 60 >"$TMP/k.out" 2>&1 &
pid=$!
sleep 1
kill -KILL $pid
wait $pid 2>/dev/null
check "SIGKILL leaves rtwhy-$pid behind (nothing can clean up)" [ -d "$T/instances/rtwhy-$pid" ]
"$RTWHY" -q -b 1000000 -D 1 >"$TMP/n.out" 2>"$TMP/n.err"
check "the next run removes it" [ ! -d "$T/instances/rtwhy-$pid" ]
check "and says so" grep -q "removed tracing instance rtwhy-$pid left by a run that is gone" "$TMP/n.err"
check "state as found" [ "$before" = "$(tracing_state)" ]
