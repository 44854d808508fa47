# SPDX-License-Identifier: GPL-2.0-only
# What the window of rtla's saved trace (-t) shows of the spike rtla stopped on: the last
# timerlat thread sample on CPU, or user-ret sample (rtla's user-space thread back in user space:
# the kernel stops on that too, and rtla calls it the thread latency) when that came last (its
# time T, its latency L: the deadline is T - L), and what
# per cent of [T - L, T] the task PID held CPU (the time up to each event of CPU counted for
# the task in whose context the event came: an interrupt's time goes to the task it
# interrupted, as rtla counts it). Prints "PCT DEADLINE_S T_S SAMPLER" (SAMPLER: the pid in
# whose context the sample came, rtla's timerlat thread for a thread sample), nothing without
# a sample.
# With -v ctx=irq: the last IRQ sample instead (rtla stopped on the IRQ latency).
#   awk -v cpu=N -v pid=PID [-v ctx=irq] -f rtlawin.awk TRACE.txt
function ts(  i) {
	for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) return $i + 0
	return -1
}
BEGIN {
	c = sprintf("[%03d]", cpu)
	want = ctx == "irq" ? " context +irq timer_latency " : " context (thread|user-ret) timer_latency "
}
{
	at = 0
	for (i = 2; i <= NF; i++) if ($i == c) { at = i; break }
	if (!at) next
	t = ts()
	if (t < 0) next
	n++
	tt[n] = t
	p = $(at - 1); sub(/.*-/, "", p); pp[n] = p
	if ($0 ~ want) {
		for (i = 1; i <= NF; i++) if ($i == "timer_latency") l = $(i + 1) / 1e9
		st = t; sl = l; sp = pp[n]
	}
}
END {
	if (!st) exit
	from = st - sl; held = 0
	for (k = 2; k <= n; k++) {
		a = tt[k - 1] > from ? tt[k - 1] : from
		b = tt[k] < st ? tt[k] : st
		if (b > a && pp[k] == pid) held += b - a
	}
	printf "%.0f %.6f %.6f %s\n", (sl > 0 ? 100 * held / sl : 0), from, st, sp
}
