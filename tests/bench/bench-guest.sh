#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rtwhy live on many CPUs (issue 23): the kernel lab's 6.12 guest (full612) booted with 16 vCPUs
# and, side by side, with 2, each running tests/bench/guest-manycpu.sh (rtwhy -S -p 99
# --explain under RTWHY_BENCH_GUEST_BUSY busy loops, default 2, and disk writes,
# RTWHY_BENCH_GUEST_SECONDS, default 20, at a threshold of RTWHY_BENCH_GUEST_US, default
# 20000): spikes a second, explained, blind, rtwhy's
# peak RSS, its explaining thread's CPU time per explained spike; then the 16-vCPU guest's over
# the 2-vCPU one's. Single-threaded TCG runs one vCPU at a time: every number is the guest's,
# in guest time (a vCPU's task is charged while TCG runs the others), for ratios, not for
# absolute microseconds. Fetches the kernel as make check-kernels does (cached).
. tests/bench/lib.sh

secs=${RTWHY_BENCH_GUEST_SECONDS:-20}
th=${RTWHY_BENCH_GUEST_US:-20000}
busy=${RTWHY_BENCH_GUEST_BUSY:-2}
if ! command -v qemu-system-x86_64 >/dev/null; then
	echo "bench-guest: not run: qemu-system-x86_64 is missing (make deps-kernels)"
	exit 0
fi
echo "### rtwhy live on 16 vCPUs and on 2 (full612 guest, TCG), $busy busy loops, threshold $th us, $secs s"
echo
echo "| vCPUs | spikes | a second | explained | blind | peak RSS MB | explaining CPU ms a spike | share of one CPU |"
echo "|---|---|---|---|---|---|---|---|"
for smp in 16 2; do
	sed "s/^DURATION=.*/DURATION=$secs/; s/^THRESHOLDS=.*/THRESHOLDS=$th/; s/^BUSY=.*/BUSY=$busy/" \
		tests/bench/guest-manycpu.sh >"$TMP/dev.sh"
	rm -f "$BUILD/kernels/full612/out/manycpu.txt"
	LAB_SMP=$smp LAB_MEM=2048 LAB_DEV="$TMP/dev.sh" LAB_TIMEOUT=900 \
		tests/kernels/run.sh "$BUILD" full612 >"$TMP/lab-$smp.log" 2>&1
	line=$(grep '^RUN ' "$BUILD/kernels/full612/out/manycpu.txt" 2>/dev/null | tail -n 1)
	if [ -z "$line" ]; then
		echo "| $smp | no result (see $TMP/lab-$smp.log) | | | | | | |"
		continue
	fi
	echo "$line" | tr ' ' '\n' | sed -n 's/^\([a-z_]*\)=\(.*\)/\1=\2/p' >"$TMP/kv"
	. "$TMP/kv"
	eval "hwm$smp=$hwm_kb per$smp=$(awk -v t="$explain_ticks" -v h="$hz" -v e="$explained" \
		'BEGIN { printf "%.1f", e ? 1000 * t / h / e : 0 }')"
	awk -v smp="$smp" -v sp="$spikes" -v s="$seconds" -v e="$explained" -v b="$blind" \
		-v hwm="$hwm_kb" -v t="$explain_ticks" -v h="$hz" 'BEGIN {
		printf "| %d | %d | %.1f | %d | %d | %.1f | %s | %.0f%% |\n", smp, sp, sp / s, e, b,
			hwm / 1024, e ? sprintf("%.1f", 1000 * t / h / e) : "-", 100 * t / h / s }'
done
echo
echo "16 vCPUs over 2: peak RSS $(ratio "${hwm16:-0}" "${hwm2:-0}")x, explaining CPU a spike" \
	"$(ratio "${per16:-0}" "${per2:-0}")x."
