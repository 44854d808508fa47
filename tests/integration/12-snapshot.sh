#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rt-tests' get_cyclictest_snapshot finds running instances by
# /dev/shm/cyclictest<pid>, sends SIGUSR2 and prints the file: it works on a
# running rtwhy as on cyclictest, the signal disturbs no measurement, the file
# goes with the run. And -F: every reader of the pipe gets the status lines.
PLAN=12
. tests/integration/lib.sh

SNAP=$(command -v get_cyclictest_snapshot)
# snapshot_of RUNNER NAME: RUNNER -q -t 2 in the background, -l/-s/-p against it, then
# SIGINT (ends it as -D does). Not -D: each get_cyclictest_snapshot is a python start
# (0.4 s here), and a run of -D 3 had ended before the last one came ("No cyclictest
# instance found", for cyclictest too).
snapshot_of() {
	"$1" -q -t 2 -i 1000 -D 60 >"$TMP/$2.out" 2>"$TMP/$2.err" &
	pid=$!
	STARTED_PIDS="$STARTED_PIDS $pid"
	sleep 0.7
	"$SNAP" -l >"$TMP/$2.list"
	"$SNAP" -s "$pid"
	sleep 0.3
	"$SNAP" -p "$pid" >"$TMP/$2.snap1"
	kill -USR2 "$pid"
	sleep 0.3
	"$SNAP" -p "$pid" >"$TMP/$2.snap2"
	kill -INT "$pid"
	wait "$pid"
	echo $? >"$TMP/$2.rc"
	STARTED_PIDS=""
	echo "$pid" >"$TMP/$2.pid"
}
snapshot_of cyclictest ct
snapshot_of "$RTWHY" rt
pid=$(cat "$TMP/rt.pid")
note "cyclictest's snapshot:"
show "$TMP/ct.snap1"
note "rtwhy's snapshot:"
show "$TMP/rt.snap1"
check "-l lists the running rtwhy" grep -qx "$pid" "$TMP/rt.list"
# the block: dashes, a title, a T: line per thread, dashes (then print()'s empty line)
shape() {
	sed -e 's/[0-9]\+/N/g' -e 's/ \+/ /g' -e 's/# [a-z]* current status:/# X current status:/' "$1"
}
check "-s/-p: the same block as cyclictest's" \
	[ "$(shape "$TMP/rt.snap1")" = "$(shape "$TMP/ct.snap1")" ]
tids() { sed -n 's/^T: \([01]\) ( *\([0-9]*\)).*/\1 \2/p' "$1"; }
check "-p: the threads of this run (its tids)" \
	[ "$(tids "$TMP/rt.snap1")" = "$(tids "$TMP/rt.out")" -a -n "$(tids "$TMP/rt.out")" ]
nuls() { tr -cd '\000' <"$1" | wc -c; }
check "a second snapshot replaces the first (no NUL bytes; cyclictest's has $(nuls \
	"$TMP/ct.snap2"))" [ "$(nuls "$TMP/rt.snap2")" = 0 -a "$(grep -c '^T: ' "$TMP/rt.snap2")" = 2 ]
c1=$(sed -n 's/^T: 0 .* C: *\([0-9]*\) .*/\1/p' "$TMP/rt.snap1")
c2=$(sed -n 's/^T: 0 .* C: *\([0-9]*\) .*/\1/p' "$TMP/rt.snap2")
check "the second snapshot is newer ($c1 then $c2 cycles)" [ "${c2:-0}" -gt "${c1:-0}" ]
check "the run ends as usual: status 0, its summary" \
	[ "$(cat "$TMP/rt.rc")" = 0 -a "$(grep -c '^T: ' "$TMP/rt.out")" = 2 ]
# an early wakeup (a signal that cut a sleep short) is a negative latency
check "SIGUSR2 cut no sleep short: no negative Min" \
	[ "$(grep -c '^T: .* Min: *-' "$TMP/rt.out")" = 0 ]
check "the status file went with the run" [ ! -e "/dev/shm/cyclictest$pid" ]
check "-l no longer lists it" [ -z "$("$SNAP" -l | grep -x "$pid")" ]

# -F: a named pipe; each reader gets the T: lines and end of file; one that leaves early
# ends nothing
"$RTWHY" -F "$TMP/st.fifo" -t 2 -q -D 3 >"$TMP/f.out" 2>&1 &
pid=$!
STARTED_PIDS="$pid"
sleep 0.7
timeout 2 cat "$TMP/st.fifo" >"$TMP/f1" 2>&1
timeout 2 head -c 10 "$TMP/st.fifo" >/dev/null 2>&1
sleep 0.6
timeout 2 cat "$TMP/st.fifo" >"$TMP/f2" 2>&1
wait $pid
rc=$?
STARTED_PIDS=""
if [ "$(grep -cE '^T: [01] \( *[0-9]+\) P: 0 I:1[05]00 C: +[0-9]+ Min: ' "$TMP/f1")" = 2 ] &&
	[ "$(grep -c '^T: ' "$TMP/f2")" = 2 ]; then
	ok "-F: each reader gets the status lines"
else
	notok "-F: readers got"
	show "$TMP/f1"
fi
check "-F: a reader that left early ended nothing; the pipe went with the run" \
	[ $rc = 0 -a "$(grep -c '^T: ' "$TMP/f.out")" = 2 -a ! -e "$TMP/st.fifo" ]

# SIGKILL: nothing can clean up; the next run removes the dead run's status file (and only
# files of rtwhy's: an empty one, or its block)
"$RTWHY" -q -D 30 >/dev/null 2>&1 &
pid=$!
STARTED_PIDS="$pid"
sleep 0.5
kill -KILL $pid
wait $pid 2>/dev/null
STARTED_PIDS=""
left=no
[ -e "/dev/shm/cyclictest$pid" ] && left=yes
"$RTWHY" -q -l 1 >/dev/null 2>&1
check "after SIGKILL (file left: $left) the next run removes it" \
	[ $left = yes -a ! -e "/dev/shm/cyclictest$pid" ]
