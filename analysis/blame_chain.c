// SPDX-License-Identifier: GPL-2.0-only
/*
 * blame_chain - the chain of the thread's wakeup, found walking back from
 * the wake time: the sched_switch that ran it, the sched_waking before
 * that, and the hrtimer expiry that woke it; see blame_chain.h.
 */
#include <stddef.h>
#include <stdint.h>

#include "analysis/blame_chain.h"
#include "analysis/event.h"
#include "analysis/repair.h"
#include "analysis/result.h"
#include "analysis/util.h"

static long blame_chain_last_before(const struct rtw_event *ev, size_t n, uint64_t ts_ns)
{
	size_t lo = 0, hi = n;

	while (lo < hi) { /* first index with ts > ts_ns */
		size_t mid = (lo + hi) / 2;

		if (ev[mid].ts_ns <= ts_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

long blame_chain_timer_of(const struct rtw_event *ev, long wi)
{
	long i;

	for (i = wi - 1; i >= 0 && ev[wi].ts_ns - ev[i].ts_ns < NSEC_PER_MSEC; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->cpu != ev[wi].cpu)
			continue;
		if (e->kind == RTW_EV_HRTIMER_EXIT || e->kind == RTW_EV_SWITCH)
			return -1;
		if (e->kind == RTW_EV_HRTIMER_ENTRY)
			return i;
	}
	return -1;
}

bool blame_chain_is_wake_of(const struct rtw_event *e, int32_t tid)
{
	return (e->kind == RTW_EV_WAKING || e->kind == RTW_EV_WAKEUP) && e->u.wake.pid == tid;
}

/*
 * The chain the thread's own timer started: its last wakeup inside an hrtimer
 * callback before the wake time, and the first switch-in after it. That
 * switch-in ended the latency, whatever the thread did after it before its
 * marker (preempted, blocked on a lock). With an exact deadline the timer
 * cannot have fired before it; else no new sleep may follow it.
 */
static bool blame_chain_timer(const struct rtw_event *ev, long last, const struct blame_spike *sp,
			      struct blame_chain *ch)
{
	long i, wi = -1, ti = -1;

	for (i = last; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (sp->deadline_exact && e->ts_ns + 20 * NSEC_PER_USEC < sp->deadline_ns)
			return false;
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == sp->tid &&
		    !sp->deadline_exact && (e->u.sw.prev_state & 0xff) == 0x01 && wi < 0 &&
		    ch->switch_in >= 0)
			return false; /* slept again (S) after: not this period's timer */
		if (e->kind == RTW_EV_SWITCH && e->u.sw.next_pid == sp->tid)
			ch->switch_in = i; /* the earliest switch-in after the waking, once found */
		if (blame_chain_is_wake_of(e, sp->tid) && (ti = blame_chain_timer_of(ev, i)) >= 0) {
			wi = i;
			break;
		}
	}
	if (wi < 0 || ch->switch_in < 0)
		return false;
	/*
	 * It blocked (a lock, not a preemption) after that switch-in: with a wake time that is
	 * its own clock read, the latency went on until then (a lock wait), and the last
	 * switch-in counts. A marker's wake time may lie after the clock read, and a block
	 * between them (the marker's write) is not the latency's.
	 */
	for (i = ch->switch_in + 1; i <= last && sp->deadline_from != BLAME_DEADLINE_MARKER; i++)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == sp->tid &&
		    !repair_switched_out_runnable(&ev[i]))
			return false;
	ch->timer = ti;
	ch->waking = ch->wakeup = -1;
	for (i = ti; i < ch->switch_in; i++) { /* the callback's sched_waking comes first */
		if (ev[i].kind == RTW_EV_WAKING && ev[i].u.wake.pid == sp->tid && ch->waking < 0)
			ch->waking = i;
		if (ev[i].kind == RTW_EV_WAKEUP && ev[i].u.wake.pid == sp->tid && ch->wakeup < 0)
			ch->wakeup = i;
	}
	if (ch->waking < 0)
		ch->waking = ch->wakeup;
	for (i = wi - 1; i >= 0; i--) {
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == sp->tid) {
			ch->sleep = i;
			break;
		}
	}
	return true;
}

void blame_chain_find(const struct rtw_event *ev, size_t n, const struct blame_spike *sp,
		      struct blame_chain *ch)
{
	long i, last = blame_chain_last_before(ev, n, sp->wake_ns);

	ch->switch_in = ch->sleep = ch->waking = ch->wakeup = ch->timer = -1;
	if (sp->timer_only) { /* the timer callback open at W on its CPU; nothing after it */
		for (i = last; i >= 0 && sp->wake_ns - ev[i].ts_ns < NSEC_PER_MSEC; i--) {
			if (ev[i].cpu != sp->cpu)
				continue;
			if (ev[i].kind == RTW_EV_HRTIMER_EXIT)
				break;
			if (ev[i].kind == RTW_EV_HRTIMER_ENTRY) {
				ch->timer = i;
				break;
			}
		}
		return;
	}
	if (blame_chain_timer(ev, last, sp, ch))
		return;
	ch->switch_in = ch->sleep = ch->waking = ch->wakeup = ch->timer = -1;
	for (i = last; i >= 0; i--) {
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.next_pid == sp->tid) {
			ch->switch_in = i;
			break;
		}
	}
	if (ch->switch_in < 0)
		return;
	for (i = ch->switch_in - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_SWITCH && e->u.sw.next_pid == sp->tid && ch->sleep >= 0) {
			/* the thread was only preempted before: this earlier switch-in ended
			 * the latency, not the last one */
			ch->switch_in = i;
			ch->sleep = -1;
			continue;
		}
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == sp->tid) {
			ch->sleep = i;
			if (repair_switched_out_runnable(e) && ch->waking < 0 && ch->wakeup < 0)
				continue;
			break;
		}
		if (e->kind == RTW_EV_WAKING && e->u.wake.pid == sp->tid && ch->waking < 0)
			ch->waking = i;
		if (e->kind == RTW_EV_WAKEUP && e->u.wake.pid == sp->tid && ch->wakeup < 0)
			ch->wakeup = i;
	}
	/* only the last wakeup counts; without sched_waking use sched_wakeup */
	if (ch->waking < 0 && ch->wakeup >= 0)
		ch->waking = ch->wakeup;
	if (ch->waking < 0)
		return;
	/* the hrtimer callback open around the waking, on the waker's CPU */
	for (i = ch->waking - 1; i >= 0 && i > ch->sleep; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->cpu != ev[ch->waking].cpu)
			continue;
		if (e->kind == RTW_EV_HRTIMER_EXIT)
			break;
		if (e->kind == RTW_EV_HRTIMER_ENTRY) {
			ch->timer = i;
			break;
		}
	}
}

long blame_chain_timer_start(const struct rtw_event *ev, const struct blame_chain *ch, int32_t tid)
{
	long from = ch->sleep >= 0 && ch->sleep < ch->timer ? ch->sleep : ch->timer, i;
	uint64_t timer;

	if (ch->timer < 0)
		return -1;
	timer = ev[ch->timer].u.hrt.timer;
	for (i = from; i >= 0 && ev[from].ts_ns - ev[i].ts_ns < NSEC_PER_SEC; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_HRTIMER_ENTRY && e->u.hrt.timer == timer && i != ch->timer)
			return -1; /* it fired before: this arming is not in the window */
		if (e->kind != RTW_EV_HRTIMER_START || e->u.hrt.timer != timer)
			continue;
		if (e->pid != tid || !e->u.hrt.expires_ns ||
		    e->u.hrt.expires_ns < e->u.hrt.softexpires_ns)
			return -1;
		return i;
	}
	return -1;
}
