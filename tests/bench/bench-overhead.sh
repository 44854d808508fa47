#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Tracing overhead: Avg and Max of SCHED_FIFO 99 threads under busy loops,
# alternating: rtwhy not tracing, rtwhy with its events armed (threshold never
# reached: one instance, as --explain records), rtwhy armed with a second
# instance recording the same events (every event written twice: what two
# instances taking turns would cost), and cyclictest with the same events
# enabled by hand in an instance.
. tests/bench/lib.sh
ROUNDS=${BENCH_ROUNDS:-5}
SECS=${BENCH_SECS:-5}
opts="-t 2 -p 99 -i 1000 -D $SECS -q"
I=$T/instances/bench-ct
I2=$T/instances/bench-second
events="sched/sched_switch sched/sched_waking sched/sched_wakeup sched/sched_migrate_task
	irq/irq_handler_entry irq/irq_handler_exit irq/softirq_entry irq/softirq_exit
	timer/hrtimer_expire_entry timer/hrtimer_expire_exit
	irq_vectors/local_timer_entry irq_vectors/local_timer_exit
	irq_vectors/reschedule_entry irq_vectors/reschedule_exit
	irq_vectors/call_function_entry irq_vectors/call_function_exit
	irq_vectors/call_function_single_entry irq_vectors/call_function_single_exit
	irq_vectors/irq_work_entry irq_vectors/irq_work_exit nmi/nmi_handler"
ct_traced() {
	mkdir -p "$I"
	echo mono >"$I/trace_clock"
	for e in $events; do echo 1 >"$I/events/$e/enable" 2>/dev/null; done
	cyclictest $opts >"$1" 2>&1
	echo 0 >"$I/events/enable"
	rmdir "$I"
}

# the same events as rtwhy's, in a second instance, around CMD...
second() {
	mkdir -p "$I2"
	echo mono >"$I2/trace_clock"
	echo 2048 >"$I2/buffer_size_kb"
	for e in $events; do echo 1 >"$I2/events/$e/enable" 2>/dev/null; done
	"$@"
	echo 0 >"$I2/events/enable"
	rmdir "$I2"
}

busy_loop 0 busyloop
busy_loop 1 busyloop
for k in plain armed two ct; do : >"$TMP/$k.avg"; : >"$TMP/$k.max"; done
for i in $(seq "$ROUNDS"); do
	"$RTWHY" $opts >"$TMP/plain.out" 2>&1
	"$RTWHY" $opts --explain=1000000 >"$TMP/armed.out" 2>&1
	second "$RTWHY" $opts --explain=1000000 >"$TMP/two.out" 2>&1
	ct_traced "$TMP/ct.out"
	for k in plain armed two ct; do
		tfield "$TMP/$k.out" avg | median >>"$TMP/$k.avg"
		tfield "$TMP/$k.out" max | sort -g | tail -n 1 >>"$TMP/$k.max"
	done
done
stop_started
echo "### Tracing overhead (\`$opts\`, busy loop per CPU, $ROUNDS alternating runs, us)"
echo
echo "| run | Avg (median) | Max (median of runs) | Avg ratio to untraced rtwhy |"
echo "|---|---|---|---|"
pa=$(median <"$TMP/plain.avg")
for k in plain armed two ct; do
	case $k in plain) l="rtwhy, not tracing" ;; armed) l="rtwhy, tracing armed (one instance)" ;;
	two) l="rtwhy armed + a second instance, same events" ;;
	ct) l="cyclictest, same events by hand" ;; esac
	a=$(median <"$TMP/$k.avg")
	echo "| $l | $a | $(median <"$TMP/$k.max") | $(ratio "$a" "$pa") |"
done
