#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy analyze of the trace `rtla timerlat -a N -t FILE` saves (recorded in the kernel lab's
# 6.12 PREEMPT_RT guest): the spike where rtla stopped is explained and names rtla's blocking
# thread; without rtla's -e options, one line says which to add. No root; a second.
#   sh tests/shell/40-rtla-trace.sh (RTWHY_BUILD=build)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${RTWHY_BUILD:-build}" && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/rtwhy-rtla-trace.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
. tests/shell/lib.sh
check() { if eval "$1"; then ok "$2"; else notok "$2"; fi; }
T=tests/fixtures/kernels/rt612-rtla-rthog.trace.txt

# 1-2. rtla -e sched -e irq -e timer: explained, the hog; one line for -e irq_vectors
"$build/rtwhy" analyze "$T" >"$tmp/full.out" 2>"$tmp/full.err"
rc=$?
check '[ $rc = 0 ] && grep -q "^# verdict (higher_priority): spinner (pid 223, fifo 80)" "$tmp/full.out"' \
	"rtla's trace: status 0, higher_priority naming spinner pid 223 FIFO 80, rtla's blocking thread (got $rc)"
check '[ "$(wc -l <"$tmp/full.err")" = 1 ] && grep -q "has no local_timer_entry events: record it with rtla timerlat ... -t FILE -e irq_vectors$" "$tmp/full.err"' \
	"one line names the rtla option the trace lacks (-e irq_vectors)"

# 3. the timerlat samples alone (rtla without -e): the spike is still found, the line names all
grep -E '^#|context (irq|thread|user-ret) timer_latency' "$T" >"$tmp/bare.txt"
"$build/rtwhy" analyze "$tmp/bare.txt" >"$tmp/bare.out" 2>"$tmp/bare.err"
check 'grep -q "timerlat thread sample at 115.192748 on CPU 1" "$tmp/bare.out" &&
	grep -q -- "-e sched -e irq -e timer -e irq_vectors$" "$tmp/bare.err"' \
	"samples alone: the spike found, one line asking for -e sched -e irq -e timer -e irq_vectors"

# 4-5. rtla stopped on an IRQ latency (kernels/rt612-rtla-seed-irq-stall.expect says what the
# window holds): a spike that ends at its timer's expiry, all timer delay; and the kernel
# lab's judge of such a stop (tests/kernels/guest/rtlawin.awk, silence.awk) reads the
# window as that file says: the IRQ sample's span from its deadline, and CPU 1 silent for
# 2870 us of it
I=tests/fixtures/kernels/rt612-rtla-seed-irq-stall.trace.txt
"$build/rtwhy" analyze "$I" >"$tmp/irq.out" 2>&1
check 'grep -q "^# Spike 1: tid 2036 on CPU 1 not woken yet: its timer.s interrupt came 2902.0 us late" "$tmp/irq.out" &&
	grep -q "phases: timer delay 2902.0 us | scheduling delay 0.0 us | return to user 0.0 us" "$tmp/irq.out" &&
	grep -q "^# verdict (invisible)" "$tmp/irq.out"' \
	"an IRQ-latency stop: not woken yet, all timer delay, invisible"
win=$(awk -v cpu=1 -v pid=0 -v ctx=irq -f tests/kernels/guest/rtlawin.awk "$I")
sil=$(awk -v cpu=1 -v from="$(echo "$win" | cut -d' ' -f2)" -v to="$(echo "$win" | cut -d' ' -f3)" \
	-f tests/kernels/guest/silence.awk "$I")
check '[ "$win" = "0 599.918440 599.921342 1971" ] && [ "$sil" = 2870 ]' \
	"the lab's judge: the IRQ sample's span 599.918440-599.921342, CPU 1 silent 2870 us of it (got '$win', '$sil')"

# 6-7. the lab's judges where rtla's blocking thread names no culprit (guest.sh rla_case,
# rla_window). rtla's largest part a thread's interference (rt612-rtla-piboost-return.expect:
# "Thread interference" pilock:798 1387 us, its blocking thread 3.98%): the window shows 798
# on CPU 1 for 62% of the latency, so rtla names it, and rtwhy names it too
P=tests/fixtures/kernels/rt612-rtla-piboost-return.trace.txt
pw=$(awk -v cpu=1 -v pid=798 -f tests/kernels/guest/rtlawin.awk "$P")
"$build/rtwhy" analyze "$P" >"$tmp/pi.out" 2>&1
check '[ "$pw" = "62 325.173616 325.176455 856" ] && grep -q "^# verdict (pi_boost): pilock (pid 798" "$tmp/pi.out"' \
	"rtla's largest part a thread interference: the window holds pilock 798 62% of it, rtwhy pi_boost naming it (got '$pw')"
# a user-ret stop whose longest silence ended in rtla's own thread, on the CPU through it
# (rt612-rtla-user-ret-silent.expect): rtla's output parsed as it is (the idle task, 1.39%),
# the window's silence 2352 us of 3940 ended by timerlatu/1 (pid 2169, the sample's task), and
# rtwhy invisible at rtla's deadline
U=tests/fixtures/kernels/rt612-rtla-user-ret-silent
said=$(awk -f tests/kernels/guest/rtla.awk "$U.rtla.txt" | grep -E '^(kind|blocking|blocking_pct|part)=' | tr '\n' ' ')
uw=$(awk -v cpu=1 -v pid=0 -f tests/kernels/guest/rtlawin.awk "$U.trace.txt")
us=$(awk -v cpu=1 -v from="$(echo "$uw" | cut -d' ' -f2)" -v to="$(echo "$uw" | cut -d' ' -f3)" -v who=1 \
	-f tests/kernels/guest/silence.awk "$U.trace.txt")
"$build/rtwhy" analyze "$U.trace.txt" >"$tmp/ur.out" 2>&1
check '[ "$said" = "kind=thread blocking=swapper/1:0 blocking_pct=1.39 part=timerlat IRQ duration " ] &&
	[ "$uw" = "6 632.663271 632.667211 2169" ] && [ "$us" = "2352 2169" ] &&
	grep -q "^# verdict (invisible): The thread was already back on CPU 1, yet 2544 us" "$tmp/ur.out"' \
	"rtla names nothing (the idle task 1.39%); CPU 1 silent 2352 us with rtla's thread on it; rtwhy invisible (got '$said', '$uw', '$us')"

# 8-10. the lab's window judge itself (guest.sh's rla_window, with what it calls), on the
# recorded runs whose rtla output is kept beside the trace: the user-ret stop above (rtla's
# thread on the CPU through the silence: invisible) and a seed stop whose largest part by
# rtla is the IRQ handler delay, CPU 0 silent over it (rt612-rtla-seed-held-off.expect:
# held; rtwhy invisible)
G=tests/kernels/guest
{
	echo "SHARE_MIN=50 TIMER_LATE_US=500 irq=25"
	sed -n '/^rla_get()/p; /^ct_held() {/,/^}/p; /^share() {/,/^}/p; /^share_list() {/,/^}/p; /^rla_window() {/,/^}/p' \
		$G/guest.sh
} | sed "s#/lab/#$top/$G/#g" >"$tmp/judge.sh"
W=$tmp
. "$tmp/judge.sh"
for r in user-ret-silent seed-held-off idle-timer-handler; do
	awk -f $G/rtla.awk "tests/fixtures/kernels/rt612-rtla-$r.rtla.txt" >"$W/rtla-$r.said"
	cp "tests/fixtures/kernels/rt612-rtla-$r.trace.txt" "$W/rtla-$r.txt"
done
rla_window user-ret-silent thread && j1="$RW_EXP $RW_FROM $RW_LAT" || j1="none: $RW_WHY"
check '[ "$j1" = "invisible 632.663271 3940" ]' \
	"lab judge, user-ret stop: invisible, silent with rtla's thread on the CPU (got '$j1')"
rla_window seed-held-off thread && j2="$RW_EXP $RW_FROM $RW_LAT" || j2="none: $RW_WHY"
"$build/rtwhy" analyze tests/fixtures/kernels/rt612-rtla-seed-held-off.trace.txt >"$tmp/ho.out" 2>&1
check '[ "$j2" = "held 115.997233 3365" ] && grep -q "^# verdict (invisible): For 1969 us" "$tmp/ho.out"' \
	"lab judge, seed stop held off over rtla's IRQ handler delay: held; rtwhy invisible (got '$j2')"

# 10. a thread stop in which no task but rtla's ran: the CPU idle, then in the timer's
# handler (rt612-rtla-idle-timer-handler.expect): idleirq; rtwhy irq, the local_timer handler
rla_window idle-timer-handler thread && j3="$RW_EXP $RW_FROM $RW_LAT" || j3="none: $RW_WHY"
"$build/rtwhy" analyze tests/fixtures/kernels/rt612-rtla-idle-timer-handler.trace.txt >"$tmp/it.out" 2>&1
check '[ "$j3" = "idleirq 395.157641 353" ] && grep -q "^# verdict (irq): local_timer interrupt ran for 184 us" "$tmp/it.out"' \
	"lab judge, idle then the timer's handler, no task but rtla's: idleirq; rtwhy irq local_timer (got '$j3')"

echo "# $n tests, $failed failed"
[ $failed = 0 ]
