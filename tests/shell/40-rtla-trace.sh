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

echo "# $n tests, $failed failed"
[ $failed = 0 ]
