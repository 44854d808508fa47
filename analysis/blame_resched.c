// SPDX-License-Identifier: GPL-2.0-only
/*
 * blame_resched - need-resched between a thread's wakeup and its switch-in (blame_resched.h):
 * where it was set, whether a tick set it, how often the scheduler ran and kept the task on,
 * and how long each task kept the CPU with it set.
 */
#include "analysis/blame_resched.h"
#include "analysis/event.h"
#include "analysis/repair.h"
#include "analysis/util.h"

/*
 * A wakeup in the exit of the interrupt before it: after the hard IRQ count is dropped, with
 * interrupts still off, irq_exit_rcu() wakes the CPU's softirq threads (ktimers/N on
 * PREEMPT_RT, ksoftirqd/N): `d..2.`, no `h`, the interrupted task current.
 */
static bool blame_resched_irq_exit_wake(const struct rtw_event *e, int cpu)
{
	return (e->kind == RTW_EV_WAKING || e->kind == RTW_EV_WAKEUP) &&
	       (e->flags & RTW_F_IRQS_OFF) &&
	       !(e->flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ | RTW_F_NMI)) &&
	       e->u.wake.target_cpu == cpu;
}

/*
 * Was need-resched at @at (on @cpu) set inside the interrupt that ran the scheduler tick, or
 * at its exit: a softirq thread's wakeup (above), or the softirqs run there (without
 * PREEMPT_RT: `..s..`, the interrupted task current, the tick's TIMER softirq waking a task)?
 */
static long blame_resched_tick_at(const struct rtw_event *ev, long waking, long at, int cpu)
{
	bool exit = true; /* still in the interrupt's exit, walking back */
	long k;

	for (k = at; k >= waking; k--) {
		if (ev[k].cpu != cpu)
			continue;
		if (exit && (blame_resched_irq_exit_wake(&ev[k], cpu) ||
			     (ev[k].flags & (RTW_F_SOFTIRQ | RTW_F_HARDIRQ)) == RTW_F_SOFTIRQ))
			continue;
		exit = false;
		if (!(ev[k].flags & RTW_F_HARDIRQ))
			return -1;
		if (ev[k].kind == RTW_EV_HRTIMER_ENTRY &&
		    event_is_tick_function(ev[k].u.hrt.function))
			return k;
	}
	return -1;
}

/* blame_resched_in_tick - the tick's hrtimer entry (above) into @res; is there one? */
static bool blame_resched_in_tick(const struct rtw_event *ev, long waking, long at, int cpu,
				  struct blame_result *res)
{
	long k = blame_resched_tick_at(ev, waking, at, cpu);

	if (k < 0)
		return false;
	res->resched_tick_ns = ev[k].ts_ns;
	return true;
}

/*
 * blame_resched_cleared - Need-resched no longer set in an event of the task that had it, in
 * task context or at the entry of a new interrupt: only __schedule() clears it, and it cannot
 * run inside an interrupt, so the scheduler ran in between and picked that task again (a
 * preempt=none kernel's busy loop, 6.12 generic: the woken thread's `dNh3.` wakeup, then
 * `d.h..` at the next tick, no switch). The switch events themselves are the scheduler's and
 * do not count.
 */
static bool blame_resched_cleared(const struct rtw_event *e)
{
	if (e->kind == RTW_EV_SWITCH || (e->flags & (RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED)))
		return false;
	return !(e->flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ | RTW_F_NMI)) ||
	       e->kind == RTW_EV_VECTOR_ENTRY || e->kind == RTW_EV_IRQ_ENTRY;
}

/*
 * blame_resched_kept - From the wakeup to the switch-in, how often need-resched on @cpu was
 * cleared with no switch: the scheduler ran (at an interrupt's return) and picked the same
 * task again.
 */
static int blame_resched_kept(const struct rtw_event *ev, const struct blame_chain *ch, int cpu)
{
	bool on = false;
	int kept = 0;
	long i;

	for (i = ch->waking; i < ch->switch_in; i++) {
		if (ev[i].cpu != cpu)
			continue;
		if (ev[i].kind == RTW_EV_SWITCH)
			on = false;
		else if (ev[i].flags & RTW_F_NEED_RESCHED)
			on = true;
		else if (on && blame_resched_cleared(&ev[i]))
			kept++, on = false;
	}
	return kept;
}

/*
 * The task switched in at @from, the last switch before the thread's, took the CPU from a
 * runnable task and handed it to the thread when it went to sleep?
 */
static void blame_resched_via(const struct rtw_event *ev, const struct blame_chain *ch, long from,
			      struct blame_result *res)
{
	const struct rtw_event *sw = &ev[from];
	long k, set = -1;

	if (!res->occupant_blocked || from <= ch->waking ||
	    sw->u.sw.next_pid != res->handover_pid ||
	    (sw->u.sw.prev_state & (RTW_STATE_INFERRED | 0xff)))
		return;
	res->resched_via.pid = sw->u.sw.next_pid;
	res->resched_via.from_pid = sw->u.sw.prev_pid;
	res->resched_via.ns = sw->ts_ns;
	util_strlcpy(res->resched_via.comm, sw->u.sw.next_comm, RTW_COMM_LEN);
	/* the need-resched that switch honoured: its unbroken stretch before it, set by a tick? */
	for (k = from - 1; k >= ch->waking; k--) {
		if (ev[k].cpu != res->run_cpu)
			continue;
		if (!(ev[k].flags & RTW_F_NEED_RESCHED))
			break;
		set = k;
	}
	if (set < 0 || (k = blame_resched_tick_at(ev, ch->waking, set, res->run_cpu)) < 0)
		return;
	res->resched_via.at_tick = true;
	res->resched_via.tick_ns = ev[k].ts_ns;
	res->resched_via.woken_at_tick =
		ev[set].kind == RTW_EV_WAKEUP && ev[set].u.wake.pid == res->resched_via.pid;
}

/*
 * No need-resched in the trace from the wakeup to the switch-in: was the switch that took the
 * CPU from the task before the thread (@from, or the switch-in) a runnable switch-out right at
 * the return from a tick's interrupt (its events the last on the CPU)? Then the tick set it
 * and the trace does not show it: lazy preemption's bit (6.12's PREEMPT_LAZY, honoured at the
 * tick's return to user space as a plain schedule(), prev_state R), traced only from 6.13.
 */
static void blame_resched_untraced(const struct rtw_event *ev, const struct blame_chain *ch,
				   long from, struct blame_result *res)
{
	/* the task before went to sleep: the switch that had let it in took the CPU */
	long sw = res->resched_via.pid ? from : ch->switch_in, k;

	if (ev[sw].u.sw.prev_state & (RTW_STATE_INFERRED | RTW_STATE_PREEMPTED | 0xff))
		return;
	for (k = sw - 1; k >= ch->waking && ev[k].cpu != res->run_cpu; k--)
		;
	if (k < ch->waking || !blame_resched_in_tick(ev, ch->waking, k, res->run_cpu, res))
		return;
	res->resched_by_tick = true;
	res->resched_ns = res->resched_tick_ns;
	/* a trace that shows the lazy bit (6.1-rt's `L`, 6.13+) has it */
	for (k = ch->waking; k < sw; k++)
		if (ev[k].cpu == res->run_cpu && (ev[k].flags & RTW_F_NEED_RESCHED_LAZY))
			break;
	res->resched_untraced = k == sw;
	if (res->resched_via.pid) {
		res->resched_via.at_tick = true;
		res->resched_via.tick_ns = res->resched_tick_ns;
	}
}

/*
 * Need-resched set at the wakeup, no switch on the run queue's CPU before the thread's, never
 * cleared, and still set on the CPU's last event before the switch-in, after the wakeup: no
 * schedule() ran up to there (one that kept the task on clears it). Events are needed to say
 * so: none after the wakeup say nothing.
 */
static bool blame_resched_unheeded(const struct rtw_event *ev, const struct blame_chain *ch,
				   long from, const struct blame_result *res)
{
	long w = ch->wakeup >= 0 ? ch->wakeup : ch->waking, k;

	if (!res->resched_at_wakeup || from != ch->waking || res->resched_kept)
		return false;
	for (k = ch->switch_in - 1; k > w && ev[k].cpu != res->run_cpu; k--)
		;
	return k > w && (ev[k].flags & RTW_F_NEED_RESCHED);
}

void blame_resched_find(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
			struct blame_result *res)
{
	long i, from, set = 0;
	bool seen = false;

	if (ch->wakeup >= 0 && ev[ch->wakeup].cpu == res->wake_cpu) {
		uint8_t f = ev[ch->wakeup].flags;

		res->resched_at_wakeup = f & RTW_F_NEED_RESCHED;
		res->lazy_at_wakeup = (f & RTW_F_NEED_RESCHED_LAZY) && !(f & RTW_F_NEED_RESCHED);
	}
	if (ch->waking < 0 || ch->switch_in < 0)
		return;
	res->resched_kept = blame_resched_kept(ev, ch, res->run_cpu);
	/* how the CPU was handed over: the task before went to sleep, or was preempted */
	{
		uint32_t st = ev[ch->switch_in].u.sw.prev_state;

		res->handover_pid = ev[ch->switch_in].u.sw.prev_pid;
		res->occupant_blocked = !(st & RTW_STATE_INFERRED) && (st & 0xff) != 0;
	}
	/*
	 * Need-resched counts from when the last task before the thread got the CPU: one
	 * set at the wakeup may have been honoured by a switch to another task.
	 */
	from = ch->waking;
	for (i = ch->switch_in - 1; i > ch->waking; i--) {
		if (ev[i].cpu == res->run_cpu && ev[i].kind == RTW_EV_SWITCH) {
			from = i;
			break;
		}
	}
	blame_resched_via(ev, ch, from, res);
	res->resched_unheeded = blame_resched_unheeded(ev, ch, from, res);
	/*
	 * The stretch of need-resched that lasts to the switch-in: one cleared on the way, with
	 * no switch, was honoured by a schedule() that picked the same task again (EEVDF's
	 * slice, a heavier weight), not ignored by a kernel section.
	 */
	for (i = from; i < ch->switch_in && (size_t)i < n; i++) {
		if (ev[i].cpu != res->run_cpu)
			continue;
		if (ev[i].flags & RTW_F_NEED_RESCHED) {
			if (!set)
				set = i;
		} else if (blame_resched_cleared(&ev[i])) {
			set = 0;
		}
		seen |= (ev[i].flags & RTW_F_NEED_RESCHED) != 0;
	}
	if (set) {
		res->resched_ns = ev[set].ts_ns;
		res->resched_by_tick =
			blame_resched_in_tick(ev, ch->waking, set, res->run_cpu, res);
		return;
	}
	if (seen)
		return;
	/*
	 * None since the last switch: was the first set after the wakeup, which took the CPU
	 * from the task then on it, set by a tick? At the tick's exit it is the wakeup of a
	 * task that may be the one switched in at the last switch, and handed over.
	 */
	for (i = ch->waking; i < from && (size_t)i < n; i++) {
		if (ev[i].cpu != res->run_cpu || !(ev[i].flags & RTW_F_NEED_RESCHED))
			continue;
		res->resched_by_tick = blame_resched_in_tick(ev, ch->waking, i, res->run_cpu, res);
		return;
	}
	blame_resched_untraced(ev, ch, from, res);
}

/* blame_resched_held_add - credit @pid, a culprit on the run queue's CPU, with @held_ns */
static void blame_resched_held_add(struct blame_result *res, int32_t pid, uint64_t held_ns)
{
	int k;

	for (k = 0; k < res->nr_culprits; k++) {
		struct blame_culprit *c = &res->culprit[k];

		if (blame_culprit_is_thread(c) && c->pid == pid && c->cpu == res->run_cpu &&
		    held_ns > c->resched_held_ns)
			c->resched_held_ns = held_ns;
	}
}

/*
 * How long each task kept the run queue's CPU with need-resched set, between
 * the thread's wakeup and its switch-in: on a kernel that does not preempt it
 * there (a voluntary kernel in kernel code, a preempt-off section) this is
 * the time it ignored the scheduler. A need-resched cleared with no switch
 * (blame_resched_cleared()) ends a stretch: held up to its last event with it.
 */
void blame_resched_held(const struct rtw_event *ev, const struct blame_chain *ch,
			struct blame_result *res)
{
	int32_t cur = -1;
	uint64_t since = 0, last = 0;
	long i;

	if (ch->waking < 0 || ch->switch_in < 0)
		return;
	for (i = ch->waking; i <= ch->switch_in; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->cpu != res->run_cpu)
			continue;
		if (e->kind == RTW_EV_SWITCH) {
			if (since && e->u.sw.prev_pid == cur)
				blame_resched_held_add(res, cur, e->ts_ns - since);
			cur = e->u.sw.next_pid;
			since = 0;
			continue;
		}
		if (e->pid >= 0 &&
		    e->pid != cur) { /* common_pid is the current task, in IRQs too */
			cur = e->pid;
			since = 0;
		}
		if (since && blame_resched_cleared(e)) {
			/* the scheduler ran and kept it: held up to its last event with the bit */
			blame_resched_held_add(res, cur, last - since);
			since = 0;
		}
		if (cur > 0 && (e->flags & RTW_F_NEED_RESCHED)) {
			if (!since)
				since = e->ts_ns;
			last = e->ts_ns;
		}
	}
}
