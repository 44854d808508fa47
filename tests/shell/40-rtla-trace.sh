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
check '[ "$win" = "0 599.918440 599.921342" ] && [ "$sil" = 2870 ]' \
	"the lab's judge: the IRQ sample's span 599.918440-599.921342, CPU 1 silent 2870 us of it (got '$win', '$sil')"

echo "# $n tests, $failed failed"
[ $failed = 0 ]
