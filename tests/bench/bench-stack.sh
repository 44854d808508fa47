#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What --stack costs the measurement: the stacktrace trigger on the measuring thread's
# sched_waking unwinds the interrupted stack inside the timer interrupt, before the wakeup
# completes, so it adds to every measured latency. Side by side in the same run, alternating,
# with a SCHED_OTHER busy loop on the measured CPU (the timer always interrupts a task):
#   rtwhy, tracing armed (threshold never reached)      rtwhy, the same with --stack
#   cyclictest, rtwhy's events in an instance by hand   the same with the trigger
# The cyclictest pair also gives the unwinding's own time (sched_waking -> its stack record).
. tests/bench/lib.sh
ROUNDS=${BENCH_ROUNDS:-5}
SECS=${BENCH_SECS:-5}
CPU=${BENCH_CPU:-1}
opts="-a $CPU -p 99 -i 1000 -D $SECS -q"
I=$T/instances/bench-stack-$$
events="sched/sched_switch sched/sched_waking sched/sched_wakeup sched/sched_migrate_task
	sched/sched_pi_setprio irq/irq_handler_entry irq/irq_handler_exit irq/softirq_entry
	irq/softirq_exit timer/hrtimer_expire_entry timer/hrtimer_expire_exit
	irq_vectors/local_timer_entry irq_vectors/local_timer_exit
	irq_vectors/reschedule_entry irq_vectors/reschedule_exit"
trap 'cleanup; [ -d "$I" ] && { echo "!stacktrace" >"$I/events/sched/sched_waking/trigger";
	echo 0 >"$I/events/enable"; rmdir "$I"; }' EXIT

# ct_traced OUT STACK: cyclictest with the events in an instance; STACK=1 adds the trigger
ct_traced() {
	mkdir "$I"
	echo mono >"$I/trace_clock"
	echo 8192 >"$I/buffer_size_kb"
	for e in $events; do echo 1 >"$I/events/$e/enable" 2>/dev/null; done
	cyclictest $opts >"$1" 2>&1 &
	ct=$!
	sleep 0.3
	tid=$(ps -L -o tid=,rtprio= -p "$ct" | awk '$2 == 99 { print $1 }')
	[ "$2" = 1 ] && echo "stacktrace if pid == $tid" >"$I/events/sched/sched_waking/trigger"
	wait "$ct"
	if [ "$2" = 1 ]; then
		echo '!stacktrace' >"$I/events/sched/sched_waking/trigger"
		# the unwinding: the thread's sched_waking -> its <stack trace> record (us)
		awk -v tid="$tid" '
			function ts(   i) { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) return $i + 0 }
			/ sched_waking: / && $0 ~ ("pid=" tid " ") { w = ts(); next }
			/<stack trace>/ && w { printf "%.1f\n", (ts() - w) * 1e6; w = 0 }' "$I/trace" |
			median >>"$TMP/unwind"
	fi
	echo 0 >"$I/events/enable"
	rmdir "$I"
}

busy_loop "$CPU" busyloop
for k in armed stack ct ctstack; do : >"$TMP/$k.avg"; : >"$TMP/$k.max"; done
: >"$TMP/unwind"
for i in $(seq "$ROUNDS"); do
	"$RTWHY" $opts --explain=1000000 >"$TMP/armed.out" 2>&1
	"$RTWHY" $opts --explain=1000000 --stack >"$TMP/stack.out" 2>&1
	ct_traced "$TMP/ct.out" 0
	ct_traced "$TMP/ctstack.out" 1
	for k in armed stack ct ctstack; do
		tfield "$TMP/$k.out" avg >>"$TMP/$k.avg"
		tfield "$TMP/$k.out" max >>"$TMP/$k.max"
	done
done
stop_started
echo "### The kernel stack at each wakeup (\`$opts\`, busy loop on CPU $CPU, $ROUNDS alternating runs, us)"
echo
echo "| run | Avg (median) | Max (median of runs) | Avg ratio to the run without the stack |"
echo "|---|---|---|---|"
aa=$(median <"$TMP/armed.avg")
ca=$(median <"$TMP/ct.avg")
for k in armed stack ct ctstack; do
	case $k in armed) l="rtwhy, tracing armed" b=$aa ;; stack) l="rtwhy, tracing armed, --stack" b=$aa ;;
	ct) l="cyclictest, the same events by hand" b=$ca ;;
	ctstack) l="cyclictest, the same + stacktrace trigger" b=$ca ;; esac
	a=$(median <"$TMP/$k.avg")
	echo "| $l | $a | $(median <"$TMP/$k.max") | $(ratio "$a" "$b") |"
done
echo
echo "Unwinding (sched_waking -> its stack record, median of the runs' medians): $(median <"$TMP/unwind") us"
