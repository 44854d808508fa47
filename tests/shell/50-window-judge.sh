#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# window_judge (tests/integration/lib.sh), the integration tests' oracle of what a spike's
# window shows, on recorded windows whose content was read by hand (tests/fixtures): it judges
# a spike whose window shows the test's culprit holding the CPU, and calls noise one held by
# another task or one whose CPU showed nothing for most of the latency. No root; a second.
#   sh tests/shell/50-window-judge.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
. tests/integration/lib.sh
. tests/shell/lib.sh
F=tests/fixtures
C=$F/causes

# judged NAME FILE OURS...: window_judge judges it ("ours: ...")
judged() {
	name=$1 file=$2
	shift 2
	if out=$(window_judge "$file" "$@"); then pass "$name: $out"; else
		fail "$name: judged (got: $out)"; fi
}
# noise NAME WORDS FILE OURS...: window_judge calls it noise, saying WORDS
noise() {
	name=$1 words=$2 file=$3
	shift 3
	if out=$(window_judge "$file" "$@"); then
		fail "$name: noise (got: $out)"
	else
		case "$out" in *"$words"*) pass "$name: $out" ;; *) fail "$name: '$words' (got: $out)" ;; esac
	fi
}

# the 272 us gap inside a tick's interrupt is not half of 13.5 ms: the resizer is judged,
# by pid or by name
judged "irq-gap by pid" "$C/irq-gap.trace.txt" 3851
judged "irq-gap by name" "$C/irq-gap.trace.txt" resizer
noise "irq-gap, another culprit" "none of ours" "$C/irq-gap.trace.txt" 1 sh
# RT throttling with the machine's fair tasks: qemu held CPU 1, not the spinner
noise "rt-throttle-fair" "held by qemu-system-x86" "$C/rt-throttle-fair.trace.txt" spinner
# the lock holder of a PI wait holds the CPU (the thread ran, slept, was woken again)
judged "pi-held" "$C/pi-held.trace.txt" pilock
# 84-np-stack's failing spike, as its shape: the tick's callback woke the FIFO 99 thread at
# once, the vector's exit came 1748 us later, the resizer switched out 250 us after that:
# most of the 2 ms unseen, host noise; the exit 100 us after the callback: the resizer's
# section, judged
gap_window() {
	cat <<EOT
# tracer: nop
#
         resizer-3851    [001] d.h..   100.000000000: local_timer_entry: vector=236
         resizer-3851    [001] d.h..   100.000001000: hrtimer_expire_entry: hrtimer=ffffc90003343c38 function=hrtimer_wakeup now=100000000500
         resizer-3851    [001] d.h2.   100.000002000: sched_waking: comm=rtwhy pid=4015 prio=0 target_cpu=001
         resizer-3851    [001] dNh3.   100.000003000: sched_wakeup: comm=rtwhy pid=4015 prio=0 target_cpu=001
         resizer-3851    [001] dNh..   100.000004000: hrtimer_expire_exit: hrtimer=ffffc90003343c38
         resizer-3851    [001] dNh..   $1: local_timer_exit: vector=236
         resizer-3851    [001] d..2.   $2: sched_switch: prev_comm=resizer prev_pid=3851 prev_prio=120 prev_state=R+ ==> next_comm=rtwhy next_pid=4015 next_prio=0
           rtwhy-4015    [001] ...1.   $3: tracing_mark_write: FREEZE tid=4015 thread=0 cpu=1 prio=99 slack=0 deadline=100000000000 wake=$4 lat=$5
EOT
}
gap_window 100.001752000 100.002002000 100.002010000 100002008000 2008000 >"$TMP/gap.txt"
noise "a 1748 us gap inside the interrupt" "without events" "$TMP/gap.txt" resizer
gap_window 100.000104000 100.002002000 100.002010000 100002008000 2008000 >"$TMP/nogap.txt"
judged "the interrupt's exit at once" "$TMP/nogap.txt" resizer
# 40-analyze's spike in a CI run: cyclictest's timer callback, then 837 us of nothing before the
# tick's callback in the same interrupt (the timer queue runs them back to back): unseen
cat >"$TMP/between.txt" <<EOT
# tracer: nop
#
        busyloop-32120   [000] d.h..   100.000100000: local_timer_entry: vector=236
        busyloop-32120   [000] d.h..   100.000101000: hrtimer_expire_entry: hrtimer=ffffc90003343c38 function=hrtimer_wakeup now=100000100500
        busyloop-32120   [000] d.h2.   100.000102000: sched_waking: comm=rtwhy pid=32122 prio=120 target_cpu=000
        busyloop-32120   [000] dNh3.   100.000103000: sched_wakeup: comm=rtwhy pid=32122 prio=120 target_cpu=000
        busyloop-32120   [000] dNh..   100.000104000: hrtimer_expire_exit: hrtimer=ffffc90003343c38
        busyloop-32120   [000] dNh..   100.000941000: hrtimer_expire_entry: hrtimer=ff43bdc53e5235c0 function=tick_nohz_handler now=100000940000
        busyloop-32120   [000] dNh..   100.000950000: hrtimer_expire_exit: hrtimer=ff43bdc53e5235c0
        busyloop-32120   [000] dNh..   100.000955000: local_timer_exit: vector=236
        busyloop-32120   [000] d..2.   100.001000000: sched_switch: prev_comm=busyloop prev_pid=32120 prev_prio=100 prev_state=R ==> next_comm=rtwhy next_pid=32122 next_prio=120
           rtwhy-32122   [000] ...1.   100.001030000: tracing_mark_write: FREEZE tid=32122 thread=0 cpu=0 prio=0 slack=50000 deadline=100000000000 wake=100001020000 lat=1020000
EOT
noise "837 us between two callbacks of one interrupt" "without events" "$TMP/between.txt" busyloop
# 25-save-dat's spike of 05:01: the thread's switch-in of this cycle is not in the trace (the
# last one is of the cycle before); from the deadline to its clock read tokio-rt-worker, a task
# of the machine's, held the CPU: noise, not the busy loop's spike
cat >"$TMP/earlier.txt" <<EOT
# tracer: nop
#
        busyloop-22505   [001] d.h2.    99.990050000: sched_waking: comm=rtwhy pid=22515 prio=120 target_cpu=001
        busyloop-22505   [001] d..2.    99.990060000: sched_switch: prev_comm=busyloop prev_pid=22505 prev_prio=120 prev_state=R ==> next_comm=rtwhy next_pid=22515 next_prio=120
 tokio-rt-worker-75      [001] d.h..   100.000100000: local_timer_entry: vector=236
 tokio-rt-worker-75      [001] d.h..   100.000104000: local_timer_exit: vector=236
 tokio-rt-worker-75      [001] d.h..   100.004000000: local_timer_entry: vector=236
 tokio-rt-worker-75      [001] d.h..   100.004004000: local_timer_exit: vector=236
        busyloop-22505   [001] d.h..   100.004700000: local_timer_entry: vector=236
        busyloop-22505   [001] d.h..   100.004704000: local_timer_exit: vector=236
           rtwhy-22515   [001] ...1.   100.004780000: tracing_mark_write: FREEZE tid=22515 thread=1 cpu=1 prio=120 slack=50000 deadline=100000000000 wake=100004773000 lat=4773000
EOT
noise "an earlier cycle's switch-in, a machine task after the deadline" \
	"held by tokio-rt-worker:75, none of ours" "$TMP/earlier.txt" 22505
# 21-explain-rthog's spike: the timer woke the thread and the FIFO 80 spinner while CPU 1 idled;
# the switch from idle to the spinner is not in the trace (common here), the spinner's switch
# to the thread 2.3 ms later is: the spinner held the CPU
cat >"$TMP/untraced.txt" <<EOT
# tracer: nop
#
          <idle>-0       [001] d.h..   100.000010000: local_timer_entry: vector=236
          <idle>-0       [001] d.h2.   100.000012000: sched_waking: comm=spinner pid=28811 prio=19 target_cpu=001
          <idle>-0       [001] d.h2.   100.000014000: sched_waking: comm=rtwhy pid=28900 prio=49 target_cpu=001
          <idle>-0       [001] d.h..   100.000016000: local_timer_exit: vector=236
         spinner-28811   [001] d..2.   100.002330000: sched_switch: prev_comm=spinner prev_pid=28811 prev_prio=19 prev_state=S ==> next_comm=rtwhy next_pid=28900 next_prio=49
           rtwhy-28900   [001] ...1.   100.002340000: tracing_mark_write: FREEZE tid=28900 thread=0 cpu=1 prio=50 slack=0 deadline=100000000000 wake=100002331000 lat=2331000
EOT
judged "an untraced switch out of idle" "$TMP/untraced.txt" 28811
# 83-pi-boost's spike in the flake run: pilock ran in user space, the hard timer interrupt came
# 3.7 ms after the deadline (the host stole 10 ms meanwhile): not pilock's doing, noise
cat >"$TMP/late.txt" <<EOT
# tracer: nop
#
          pilock-14079   [001] d.h..   100.003682000: local_timer_entry: vector=236
          pilock-14079   [001] d.h..   100.003683000: hrtimer_expire_entry: hrtimer=ffffc90003343c38 function=hrtimer_wakeup now=100003682500
          pilock-14079   [001] d.h2.   100.003684000: sched_waking: comm=rtwhy pid=14100 prio=49 target_cpu=001
          pilock-14079   [001] dNh..   100.003686000: hrtimer_expire_exit: hrtimer=ffffc90003343c38
          pilock-14079   [001] dNh..   100.003687000: local_timer_exit: vector=236
          pilock-14079   [001] d..2.   100.003800000: sched_switch: prev_comm=pilock prev_pid=14079 prev_prio=9 prev_state=R ==> next_comm=rtwhy next_pid=14100 next_prio=49
           rtwhy-14100   [001] ...1.   100.003812000: tracing_mark_write: FREEZE tid=14100 thread=0 cpu=1 prio=50 slack=0 deadline=100000000000 wake=100003812000 lat=3812000
EOT
noise "a hard timer interrupt 3.7 ms late" "without events" "$TMP/late.txt" 14079
# cyclictest's marker (hit latency) with its break thread (40-analyze's recordings)
WJ_TID=1843 judged "cyclictest's marker" "$F/busy-tick.trace.txt" busyloop
echo "# $n tests, $failed failed"
[ "$failed" = 0 ]
