# SPDX-License-Identifier: GPL-2.0-only
# Judge many spikes of one --explain run from the events around each, not from rtwhy's verdict:
# the same three readings as lib.sh's max_gap / irq_late / wake_late / share do for one spike,
# in one pass over the saved trace (a TCG guest is slow: one awk per spike and reading would
# take minutes).
# Usage: awk -v tick=TICK_GAP_US [-v stallgap=US] [-v pids="PID ..."] [-v phase=US -v period=US]
#          -f seedjudge.awk SPIKES TRACE.txt
#   stallgap: the shortest stretch STALL_US counts (default tick)
#   SPIKES: lines "INDEX CPU TID DEADLINE_NS WAKE_NS", sorted by DEADLINE_NS
#   TRACE.txt: ftrace text (rtwhy's --save-trace), windows in time order
# Prints per spike "INDEX GAP_US LATE_US SHARE_PCT STALL_US TICK WOKEN_PCT WSHARE_PCT MISSED_US":
#   GAP_US    the longest stretch with no event on CPU in [DEADLINE - tick, WAKE]: the vCPU not
#             run (a busy CPU takes a tick every 4 ms)
#   LATE_US   from the deadline to the first timer interrupt (local_timer_entry) on CPU or to
#             the thread's own sched_waking, whichever is later: TCG firing the timer late
#   SHARE_PCT per cent of [DEADLINE, WAKE] in which the busy loop (with pids: one of PIDS)
#             ran on CPU with no interrupt or softirq on top of it
#   STALL_US  how much of [DEADLINE, WAKE] lies in one stretch with no event on CPU longer
#             than stallgap (the vCPU not run), the most of any such stretch (0: none); for the
#             busy loop (no pids, no disk) also a stretch of any length from an event with
#             need-resched set (N, n, B, b: TIF_NEED_RESCHED; not the lazy bit) to the next,
#             still showing it, on its CPU in task context: the loop is in user space, and an
#             interrupt's return to user space with need-resched set calls schedule(), which
#             clears it (keeping the loop or not); the vCPU was not run
#   TICK      1 when the busy loop's run after the thread's wakeup ended right after a tick
#             (tick_sched_timer, 6.10+ tick_nohz_handler) on CPU, at most 300 us before, whose
#             interrupt found no need-resched set (one set before it, by a reschedule IPI's
#             remote wakeup, is not the tick's doing): what ends a wait for the tick; else 0
#   WOKEN_PCT  per cent of [DEADLINE, WAKE] after the thread's own sched_waking: the wait of
#              a woken thread (0 when its waking is not in the window)
#   WSHARE_PCT per cent of that wait in which the busy loop ran as SHARE_PCT; with pids, in
#              which one of PIDS ran at a priority above the thread's (sched_switch's
#              next_prio, sched_pi_setprio's newprio: a PI-boosted holder counts only boosted)
#   MISSED_US  the longest a tick came late on CPU, or never came, while a task ran there in
#              [DEADLINE - tick, WAKE]: ticks are due on a grid (-v phase=US of -v period=US;
#              judge_run reads it off the trace's tick callbacks), and a busy CPU takes each
#              within a few hundred us; one milliseconds late is a vCPU not run (or interrupts
#              off), also in a stretch shorter than a tick. 0 without a grid.
FNR == NR {
	if (stallgap == "") stallgap = tick
	n++
	idx[n] = $1; cpu[n] = $2 + 0; tid[n] = $3; d[n] = $4 / 1000; w[n] = $5 / 1000
	s[n] = d[n] - tick; last[n] = s[n]; gap[n] = 0; irq[n] = -1; wk[n] = -1; sum[n] = 0; stall[n] = 0
	tk[n] = -1; sw[n] = -1; mt[n] = 0
	next
}
function arg(k,  i) {
	for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2)
	return ""
}
# the busy loop (one of pids) running in task context on CPU c; with -v disk=N the disk: IRQ
# N's handler, the BLOCK softirq, or its irq/N- thread (a softirq inside it included)
function ours(c,  top) {
	if (disk != "") {
		top = depth[c] ? st[c, depth[c]] : ""
		if (top == "irq " disk || top == "soft 4") return 1
		return (top == "" || top ~ /^soft/) && index(task[c], "irq/" disk "-") == 1
	}
	if (depth[c]) return 0
	return pids == "" ? task[c] == "busyloop" : index(" " pids " ", " " tpid[c] " ") > 0
}
{
	c = -1; t = -1; ev = ""; nres = 0
	for (i = 1; i <= NF; i++) {
		if (c < 0 && $i ~ /^\[[0-9]+\]$/) {
			c = substr($i, 2, length($i) - 2) + 0
			nres = substr($(i + 1), 2, 1) ~ /^[NnBb]$/
		} else if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i * 1e6; ev = $(i + 1); break }
	}
	if (c < 0 || t < 0) next
	# the busy loop kept on with need-resched set from the last event to this one: not run
	rs = pids == "" && disk == "" && seen[c] && pres[c] && nres && !depth[c] && task[c] == "busyloop"
	while (hi < n && s[hi + 1] <= t) hi++
	while (lo < hi && done[lo + 1]) lo++
	for (j = lo + 1; j <= hi; j++) {
		if (done[j] || cpu[j] != c) continue
		# the stretch since this CPU's previous event, as much of it as lies in [D, W]
		a = prev[c] > d[j] ? prev[c] : d[j]
		b = t < w[j] ? t : w[j]
		if (seen[c] && b > a && ours(c) && !rs) sum[j] += b - a
		# ... and after the thread's waking (an earlier event's: this stretch ends at it)
		a2 = wk[j] >= 0 && d[j] + wk[j] > a ? d[j] + wk[j] : a
		if (seen[c] && wk[j] >= 0 && b > a2 && ours(c) && !rs &&
		    (pids == "" || pprio[tpid[c]] + 0 < wprio[j] + 0))
			sum2[j] += b - a2
		# a tick due in this stretch of a running task that came late or not at all
		if (phase != "" && seen[c] && tpid[c] != "" && tpid[c] != 0 && t >= s[j] &&
		    prev[c] < w[j]) {
			g = phase + (int((prev[c] - phase) / period) + 1) * period
			# the tick due just before the stretch began, not taken yet on a busy CPU,
			# is due in it (it comes late, never early)
			if (busy[c] > 0 && busy[c] <= g - period && lasttick[c] < g - period)
				g -= period
			e = t < w[j] ? t : w[j]
			if (e - g > mt[j]) mt[j] = e - g
		}
		if (t >= s[j]) {
			e = (t < w[j] ? t : w[j])
			if (e - last[j] > gap[j]) gap[j] = e - last[j]
			last[j] = e
		}
		if (seen[c] && (t - prev[c] > stallgap || rs) && b > a && b - a > stall[j]) stall[j] = b - a
		if (t >= d[j] && irq[j] < 0 && ev == "local_timer_entry:") irq[j] = t - d[j]
		if (t >= d[j] && wk[j] < 0 && ev == "sched_waking:" && arg("pid") == tid[j]) {
			wk[j] = t - d[j]
			wprio[j] = arg("prio")
		}
		if (t >= d[j] && ev == "hrtimer_expire_entry:" && (index($0, "function=tick_sched_timer") || index($0, "function=tick_nohz_handler"))) {
			tk[j] = t
			tkn[j] = ltn[c]
		}
		if (wk[j] >= 0 && sw[j] < 0 && ev == "sched_switch:" && arg("prev_comm") == "busyloop")
			sw[j] = tk[j] >= 0 && t - tk[j] <= 300 && !tkn[j]
		if (t > w[j]) done[j] = 1
	}
	prev[c] = t; seen[c] = 1; pres[c] = nres
	if (ev == "local_timer_entry:") ltn[c] = nres # need-resched when the timer interrupt came
	if (ev == "hrtimer_expire_entry:" &&
	    (index($0, "function=tick_sched_timer") || index($0, "function=tick_nohz_handler")))
		lasttick[c] = t
	if (ev == "sched_switch:") {
		# a switch is in task context: what was open (an entry whose exit fell between two
		# saved windows) is closed
		depth[c] = 0
		if (arg("next_pid") == 0) busy[c] = 0
		else if (tpid[c] == 0 || tpid[c] == "") busy[c] = t
		task[c] = arg("next_comm"); tpid[c] = arg("next_pid"); pprio[tpid[c]] = arg("next_prio")
	} else if (ev == "sched_pi_setprio:") pprio[arg("pid")] = arg("newprio")
	else if (ev == "irq_handler_entry:") st[c, ++depth[c]] = "irq " arg("irq")
	else if (ev == "softirq_entry:") st[c, ++depth[c]] = "soft " arg("vec")
	else if (ev ~ /_entry:$/ && ev != "hrtimer_expire_entry:") st[c, ++depth[c]] = "vector"
	else if (ev ~ /_exit:$/ && ev != "hrtimer_expire_exit:" && depth[c] > 0) depth[c]--
}
END {
	for (j = 1; j <= n; j++) {
		if (w[j] - last[j] > gap[j]) gap[j] = w[j] - last[j]
		late = irq[j] > wk[j] ? irq[j] : wk[j]
		if (irq[j] < 0 && wk[j] < 0) late = w[j] - d[j]
		pct = w[j] > d[j] ? 100 * sum[j] / (w[j] - d[j]) : 0
		wt = wk[j] >= 0 && w[j] > d[j] + wk[j] ? w[j] - d[j] - wk[j] : 0
		wpct = w[j] > d[j] ? 100 * wt / (w[j] - d[j]) : 0
		wsh = wt > 0 ? 100 * sum2[j] / wt : 0
		printf "%s %.0f %.0f %.0f %.0f %d %.0f %.0f %.0f\n", idx[j], gap[j], late, pct,
			stall[j], (sw[j] > 0), wpct, wsh, mt[j]
	}
}
