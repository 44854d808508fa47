#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy leaves no trace. A snapshot of the top-level tracing files, the
# instance list and the knobs a run tunes (the PM QoS target and who holds
# /dev/cpu_dma_latency) is taken first; then live runs of the three commands
# that trace (-b, --explain, irqs --observe) end every way they can: normal
# end, SIGINT, SIGTERM, SIGHUP, SIGPIPE (a closed pipe), SIGQUIT, SIGUSR1,
# and real errors in the middle of set-up (mlockall refused after the
# instance and the PM QoS request exist; the POSIX timers refused after
# everything else; the instance directory turning out to be no tracefs);
# the snapshot must be identical after each. After SIGKILL the next start
# removes the dead run's instance and says so. (30-cleanup.sh checks the
# short state for --explain signals; this is the full matrix.)
PLAN=30
. tests/integration/lib.sh

# every file a run could conceivably leave changed, and who holds the PM QoS request
full_state() {
	for f in tracing_on current_tracer trace_clock buffer_size_kb buffer_percent \
		buffer_subbuf_size_kb set_event set_event_pid set_ftrace_pid tracing_cpumask \
		tracing_thresh trace_options saved_cmdlines_size timestamp_mode dynamic_events \
		events/enable events/ftrace/print/trigger; do
		[ -r "$T/$f" ] && printf '%s: %s\n' "$f" "$(tr '\n' ' ' <"$T/$f")"
	done
	echo "enabled_functions: $(wc -l <"$T/enabled_functions")"
	echo "instances: $(ls "$T/instances" | tr '\n' ' ')"
	echo "status files: $(ls /dev/shm | grep '^cyclictest' | tr '\n' ' ')"
	echo "cpu_dma_latency: $(od -An -td4 -N4 /dev/cpu_dma_latency | tr -d ' ')"
	echo "dma holders: $(ls -l /proc/[0-9]*/fd/ 2>/dev/null | grep -c '/dev/cpu_dma_latency')"
	for k in sched_rt_runtime_us sched_rt_period_us timer_migration; do
		[ -r /proc/sys/kernel/$k ] && echo "$k: $(cat /proc/sys/kernel/$k)"
	done
}

full_state >"$TMP/before"
# same_state "what": ok if the state is the snapshot, else the difference
same_state() {
	full_state >"$TMP/after"
	if cmp -s "$TMP/before" "$TMP/after"; then ok "$1: state as found"; else
		notok "$1: state changed"
		diff "$TMP/before" "$TMP/after" | sed 's/^/#   /'
		# leave the machine clean for the next checks
		for i in $(ls $T/instances | grep '^rtwhy-'); do rmdir "$T/instances/$i"; done
	fi
}

# start_traced CMD...: start CMD with every signal at its default (a background job of sh
# would ignore INT and QUIT), wait until it measures (the start lines of a measuring run,
# the instance of irqs --observe; a sanitizer build takes seconds); pid in $pid
start_traced() {
	env --default-signal "$@" >"$TMP/sig.out" 2>"$TMP/sig.err" &
	pid=$!
	for _ in $(seq 100); do
		case "$*" in
		*" irqs "*) [ -d "$T/instances/rtwhy-$pid" ] && break ;;
		*) grep -q '^# timer slack' "$TMP/sig.out" && break ;;
		esac
		sleep 0.1
	done
	sleep 0.3
}

# run_signal SIG CMD...: start_traced CMD, send SIG, wait; status in $rc
run_signal() {
	sig=$1
	shift
	start_traced "$@"
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
}

# --- normal ends ---
"$RTWHY" -q -b 1000000 -D 1 >"$TMP/n.out" 2>&1
check "-b: normal end, status 0" [ $? = 0 ]
same_state "-b normal end"
"$RTWHY" -q --explain=1000000 -D 1 >"$TMP/n.out" 2>&1
check "--explain: normal end, status 0" [ $? = 0 ]
same_state "--explain normal end"
"$RTWHY" irqs --observe 1 >"$TMP/n.out" 2>&1
rc=$?
check "irqs --observe 1: ends by itself (status 0 or 1)" [ "$rc" = 0 -o "$rc" = 1 ]
same_state "irqs --observe normal end"

# --- signals: the run stops, unwinds, and leaves nothing (--explain INT/TERM/HUP: 30-cleanup) ---
for sig in INT TERM HUP QUIT; do
	run_signal $sig "$RTWHY" -q -b 1000000 -D 10
	same_state "-b SIG$sig (status $rc)"
done
for sig in INT TERM HUP QUIT USR1; do
	run_signal $sig "$RTWHY" irqs --observe 10
	same_state "irqs --observe SIG$sig (status $rc)"
done
run_signal QUIT "$RTWHY" -q --explain=1000000 -D 10
same_state "--explain SIGQUIT (status $rc)"
# SIGUSR1: cyclictest prints the current status on stderr and goes on
start_traced "$RTWHY" -q -t 2 --explain=1000000 -D 10
kill -USR1 $pid
sleep 0.3
alive=$(kill -0 $pid 2>/dev/null && echo yes)
kill -INT $pid
wait $pid
rc=$?
if [ "$alive" = yes ] && [ $rc = 0 ] && grep -q '^# rtwhy current status:' "$TMP/sig.err" &&
	[ "$(grep -c '^T: *[01] ' "$TMP/sig.err")" = 2 ]; then
	ok "--explain SIGUSR1: the current status on stderr, the run goes on"
else
	notok "--explain SIGUSR1: alive '$alive', status $rc"
	show "$TMP/sig.err"
fi
same_state "--explain SIGUSR1, then SIGINT"

# a reader that goes away: the next write gets SIGPIPE
(env --default-signal "$RTWHY" --explain=1000000 -D 10 -i 10000; echo "rc=$?" >"$TMP/pipe.rc") \
	2>"$TMP/pipe.err" |
	head -n 1 >/dev/null
check "--explain | head -n 1: rtwhy ends when its reader is gone" [ -s "$TMP/pipe.rc" ]
same_state "--explain into a closed pipe ($(cat "$TMP/pipe.rc" 2>/dev/null))"

# --- real errors in the middle of set-up ---
# mlockall refused (no CAP_IPC_LOCK, RLIMIT_MEMLOCK 0) after the instance and the PM QoS request;
# AddressSanitizer makes mlockall() a no-op that succeeds: nothing to provoke there
if sanitized; then
	ok "--explain -m, mlockall refused # skip: a SANITIZE=1 build cannot refuse mlockall()"
else
	setpriv --bounding-set=-ipc_lock --inh-caps=-ipc_lock sh -c \
		"ulimit -l 0 && exec $RTWHY -q -m --explain=1000000 -D 5" >"$TMP/m.out" 2>"$TMP/m.err"
	rc=$?
	if [ $rc = 1 ] && grep -q 'tracing into instance' "$TMP/m.out" &&
		grep -q 'cannot lock memory' "$TMP/m.err"; then
		ok "--explain -m, mlockall refused after tracing started: status 1, one reason"
	else
		notok "--explain -m, mlockall refused: status $rc"
		show "$TMP/m.out"
		show "$TMP/m.err"
	fi
fi
same_state "mlockall refused mid set-up"
# POSIX timers refused (RLIMIT_SIGPENDING 0): the measuring threads fail last
prlimit --sigpending=0 "$RTWHY" -q -x -t 2 -b 1000000 -D 5 >"$TMP/x.out" 2>"$TMP/x.err"
rc=$?
if [ $rc = 1 ] && grep -q 'cannot create the POSIX timer' "$TMP/x.err"; then
	ok "-b -x, timer_create refused in the threads: status 1, one reason"
else
	notok "-b -x, timer_create refused: status $rc"
	show "$TMP/x.err"
fi
same_state "timer_create refused mid set-up"
# the instance directory is created, but it is no tracefs (a tmpfs hides instances/ in a
# private mount namespace): CMD fails, and its directory is gone again; "rc=N" and the listing
fake_instances() {
	unshare -m sh -c "mount -t tmpfs -o size=64k rtwhy-test $T/instances && $*;
		echo rc=\$?; ls $T/instances"
}
fake_instances "$RTWHY" -q --explain=1000000 -D 5 >"$TMP/i.out" 2>"$TMP/i.err"
if [ "$(cat "$TMP/i.out")" = "rc=1" ] && [ "$(wc -l <"$TMP/i.err")" = 1 ]; then
	ok "--explain, instance not a tracefs: status 1, one line, the directory removed again"
else
	notok "--explain, instance not a tracefs"
	show "$TMP/i.out"
	show "$TMP/i.err"
fi
fake_instances "$RTWHY irqs --observe 5 >/dev/null" >"$TMP/o.out" 2>"$TMP/o.err"
check "irqs --observe, instance not a tracefs: status 1, directory removed" \
	[ "$(cat "$TMP/o.out")" = "rc=1" ]
same_state "instance not a tracefs (seen from outside the namespace)"

# --- SIGKILL: nothing can clean up; the next start does, and says so ---
"$RTWHY" irqs --observe 30 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do
	[ -d "$T/instances/rtwhy-$pid" ] && break
	sleep 0.1
done
kill -KILL $pid
wait $pid 2>/dev/null
check "SIGKILL of irqs --observe leaves rtwhy-$pid" [ -d "$T/instances/rtwhy-$pid" ]
"$RTWHY" -q -b 1000000 -D 1 >"$TMP/k.out" 2>"$TMP/k.err"
check "the next -b run removes it and says so" grep -q \
	"removed tracing instance rtwhy-$pid left by a run that is gone (pid $pid)" "$TMP/k.err"
same_state "after SIGKILL and the next start"
