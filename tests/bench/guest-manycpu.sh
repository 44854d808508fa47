#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Run in a lab guest (tests/kernels/run.sh's LAB_DEV, booted with LAB_SMP vCPUs) by
# bench-guest.sh: rtwhy -S -p 99 --explain under a busy loop on BUSY CPUs (1 to BUSY; more
# starve single-threaded TCG: every vCPU is run in turn, a busy one for its whole slice, and
# tracing's own setup waits for every CPU) and disk writes from CPU 0, for each threshold of
# THRESHOLDS (us), DURATION s a run. Per run, one line
#   RUN cpus=N thresh_us=T seconds=S spikes=N explained=N blind=N hwm_kb=N rss_kb=N
#       explain_ticks=N hz=N
# in /out/manycpu.txt: the spikes above the threshold (--spike), those explained and blind
# (--json), rtwhy's peak and last RSS, its explaining thread's CPU time (utime + stime,
# sampled every second while it runs).
. /lab/lib.sh
SCEN=manycpu
TAP=$W/manycpu.tap
res=$W/manycpu.txt
: >"$res"
n=$(nproc)
DURATION=${DURATION:-20}
BUSY=${BUSY:-2}
THRESHOLDS=${THRESHOLDS:-"50000 20000 10000"}
echo "# manycpu: $n CPUs, $(uname -r)"
c=1
while [ $c -lt "$n" ] && [ $c -le "$BUSY" ]; do
	busy $c
	c=$((c + 1))
done
disk_load 0
sleep 2
for th in $THRESHOLDS; do
	echo "# manycpu: threshold $th us, at $(uptime_s) s"
	timeout -k 10 $((DURATION * 4 + 60)) rtwhy -S -p 99 -i 1000 -D "$DURATION" -q \
		--explain="$th" --spike="$th" \
		--json="$W/m-$th.json" >"$W/m-$th.out" 2>"$W/m-$th.err" &
	pid=$!
	ticks=0 hwm=0 rss=0 i=0
	while kill -0 $pid 2>/dev/null; do
		for t in /proc/$pid/task/*; do
			[ "$(cat "$t/comm" 2>/dev/null)" = rtwhy-explain ] || continue
			v=$(awk '{ sub(/.*\) /, ""); print $12 + $13 }' "$t/stat" 2>/dev/null)
			[ -n "$v" ] && ticks=$v
		done
		v=$(awk '/^VmHWM:/ { h = $2 } /^VmRSS:/ { r = $2 } END { print h + 0, r + 0 }' \
			"/proc/$pid/status" 2>/dev/null)
		[ -n "$v" ] && [ "${v%% *}" -gt 0 ] && { hwm=${v%% *}; rss=${v##* }; }
		sleep 1
		i=$((i + 1))
		[ $((i % 5)) = 0 ] && echo "# manycpu: at $(uptime_s) s: rss $rss KB, explaining $ticks ticks"
	done
	wait $pid
	rc=$?
	spikes=$(sed -n 's/^spikes = //p' "$W/m-$th.out")
	jflat "$W/m-$th.json" >"$W/m-$th.flat" 2>/dev/null
	kept=$(sed -n 's/^spikes\.\([0-9]*\)\.tid=.*/\1/p' "$W/m-$th.flat" | wc -l)
	notkept=$(sed -n 's/^spikes_not_kept=//p' "$W/m-$th.flat")
	blind=$(sed -n 's/^blind_spikes=//p' "$W/m-$th.flat")
	echo "RUN cpus=$n thresh_us=$th seconds=$DURATION rc=$rc spikes=${spikes:-0}" \
		"explained=$((kept + ${notkept:-0})) blind=${blind:-0} hwm_kb=$hwm rss_kb=$rss" \
		"explain_ticks=$ticks hz=$(getconf CLK_TCK 2>/dev/null || echo 100)" | tee -a "$res"
	grep -m3 '^rtwhy: cannot\|^rtwhy: warning' "$W/m-$th.err"
	sed -n 's/^# verdict (\([a-z_]*\)).*/\1/p' "$W/m-$th.out" | sort | uniq -c | sort -rn | head -5
done
stop_started
cp "$res" "$OUT/manycpu.txt"
for th in $THRESHOLDS; do cp "$W/m-$th.out" "$W/m-$th.err" "$OUT/" 2>/dev/null; done
