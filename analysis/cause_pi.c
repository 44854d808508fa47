// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause_pi - priority inheritance and lock waits (see cause_pi.h), by the
 * kernel's rules (6.18; also 6.1, PREEMPT_RT):
 *  - rt_mutex_setprio() traces sched_pi_setprio in the waiter's context:
 *    common_pid is the waiter, pid the boosted owner, right before the
 *    waiter sleeps; the unlock wakes it from the owner's context;
 *  - a priority inversion needs an RT task between the two priorities on
 *    the CPU where the holder was preempted (fair tasks share by weight).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/cause_pi.h"
#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define CAUSE_PI_CHAIN_NS (50 * 1000ULL) /* boosts of one priority-inheritance walk */

/* Pieces of tasks in a timer phase the timer did not end (a lock wait): theirs, not unaccounted. */
struct cause_pi_unacc {
	struct blame_result *res;
	int32_t tid;
	struct cause_task t[8]; /* the tasks that ran meanwhile, and how long */
	int n;
};

static void cause_pi_walk_wait(const struct tl_segment *s, uint64_t at_ns, uint64_t ns, void *arg)
{
	(void)at_ns;
	struct cause_pi_unacc *u = arg;
	int from, to;

	if (s->ctx != TL_TASK || s->pid <= 0 || s->pid == u->tid)
		return;
	cause_tally(u->t, &u->n, (int)ARRAY_SIZE(u->t), s->pid, s->comm, s->prio, ns);
	from = cause_culprit_of(u->res, BLAME_UNACCOUNTED, s->pid, s->cpu);
	if (from < 0)
		return;
	to = cause_task_culprit(u->res, s->pid, s->comm, s->prio, s->cpu);
	if (to >= 0)
		cause_move(u->res, from, to, ns, BLAME_PHASE_TIMER);
}

static void cause_pi_set_holder(struct cause_pi *pi, int32_t pid, const char *comm, int32_t prio)
{
	pi->holder_pid = pid;
	util_strlcpy(pi->holder_comm, comm, RTW_COMM_LEN);
	pi->holder_prio = prio;
}

/* The owners boosted in the walk of the boost at @b: same waiter, a few us apart. */
static void cause_pi_chain(const struct rtw_event *ev, size_t n, long b, struct cause_pi *pi)
{
	long i;

	pi->nr_chain = 0;
	for (i = 0; i < (long)n && pi->nr_chain < CAUSE_MAX_CHAIN; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_PI_SETPRIO || e->pid != ev[b].pid ||
		    e->u.pi.newprio >= e->u.pi.oldprio)
			continue;
		if (e->ts_ns + CAUSE_PI_CHAIN_NS < ev[b].ts_ns ||
		    e->ts_ns > ev[b].ts_ns + CAUSE_PI_CHAIN_NS)
			continue;
		pi->chain_pid[pi->nr_chain++] = e->u.pi.pid;
	}
}

/*
 * cause_pi_first_boost - the boost of the lock the thread slept on at @sleep, -1 none.
 * Blocking on an rt_mutex boosts its owner (then the owners it waits for) from the waiter's
 * context right before it sleeps: the last walk's first boost is the owner of that lock.
 */
static long cause_pi_first_boost(const struct rtw_event *ev, long run, long sleep, int32_t tid)
{
	long i, boost = -1;

	for (i = sleep - 1; i > run; i--) {
		if (ev[i].kind != RTW_EV_PI_SETPRIO || ev[i].pid != tid ||
		    ev[i].u.pi.newprio >= ev[i].u.pi.oldprio)
			continue;
		if (boost >= 0 && ev[i].ts_ns + CAUSE_PI_CHAIN_NS < ev[boost].ts_ns)
			break;
		boost = i;
	}
	return boost;
}

/*
 * cause_pi_inversion - the middle task of an unboosted lock wait (@sleep to @wake), if any.
 * The RT task that ran most between the two priorities while the holder (pi->holder_pid)
 * waited, on the CPU where the holder was preempted: fair tasks share the CPU by weight, not
 * by priority. @u: the tasks that ran during the wait.
 */
static void cause_pi_inversion(const struct rtw_event *ev, long sleep, long wake,
			       int32_t waker_prio, const struct cause_pi_unacc *u,
			       struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	const int32_t waker = pi->holder_pid;
	int k, best = -1;
	long i;

	for (k = 0; k < u->n; k++) {
		if (u->t[k].pid == waker || !cause_rt_prio(u->t[k].prio) ||
		    u->t[k].prio <= res->victim_prio || waker_prio == TL_PRIO_UNKNOWN ||
		    u->t[k].prio >= waker_prio)
			continue;
		if (best < 0 || u->t[k].run_ns > u->t[best].run_ns)
			best = k;
	}
	/* ... on the CPU where the holder was preempted: the thread's (it was tallied) */
	for (i = sleep; best >= 0 && i < wake; i++)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == waker &&
		    ev[i].cpu == ev[sleep].cpu && cause_state_runnable(ev[i].u.sw.prev_state))
			break;
	if (best >= 0 && i < wake && u->t[best].run_ns * 2 >= pi->wait_ns) {
		pi->kind = CAUSE_PI_INVERSION;
		pi->mid_pid = u->t[best].pid;
		memcpy(pi->mid_comm, u->t[best].comm, RTW_COMM_LEN);
		pi->mid_prio = u->t[best].prio;
		pi->mid_ns = u->t[best].run_ns;
	}
}

/*
 * The thread ran after its deadline, went to sleep and was woken from task
 * context by another task: it waited for a lock (or for an event that task
 * signalled). With a boost from the thread's context, the owner ran boosted;
 * without one, a task between the two priorities that ran meanwhile made it
 * a priority inversion.
 */
void cause_pi_lock_wait(const struct rtw_event *ev, size_t n, long is, const struct timeline *tl,
			struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	const int32_t tid = res->spike.tid;
	struct cause_pi_unacc u = { .res = res, .tid = tid };
	long i, sleep = -1, run = -1, wake, boost;
	int32_t waker, waker_prio;
	uint64_t x2;
	int k;

	for (i = is - 1; i >= 0 && sleep < 0; i--)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == tid)
			sleep = i;
	if (sleep < 0 || !cause_state_sleeps(ev[sleep].u.sw.prev_state) ||
	    ev[sleep].ts_ns <= res->spike.deadline_ns)
		return;
	for (i = sleep - 1; i >= 0 && run < 0; i--)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.next_pid == tid)
			run = i;
	if (run < 0 || ev[run].ts_ns + CAUSE_START_NS < res->spike.deadline_ns)
		return;
	wake = cause_waking_of(ev, sleep, is, tid);
	if (wake < 0 || (ev[wake].flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ | RTW_F_NMI)) ||
	    ev[wake].pid <= 0 || ev[wake].pid == tid)
		return;
	x2 = ev[sleep].ts_ns;
	waker = ev[wake].pid;
	waker_prio = cause_prio_of(ev, wake, waker);
	boost = cause_pi_first_boost(ev, run, sleep, tid);
	/* the time in between was the others', not time without a timer */
	timeline_walk(tl, ev[sleep].cpu, x2, ev[wake].ts_ns, cause_pi_walk_wait, &u);
	pi->wait_ns = ev[wake].ts_ns - x2;
	pi->waiter_pid = tid;
	util_strlcpy(pi->waiter_comm, ev[sleep].u.sw.prev_comm, RTW_COMM_LEN);
	pi->waiter_prio = ev[sleep].u.sw.prev_prio;
	pi->boost_prio = TL_PRIO_UNKNOWN;
	pi->mid_pid = -1;
	pi->kind = CAUSE_PI_LOCK_WAIT;
	if (boost >= 0) {
		/* the unlock wakes the waiter from the owner's context: else it slept on more */
		cause_pi_chain(ev, n, boost, pi);
		for (k = 0; k < pi->nr_chain && pi->chain_pid[k] != waker; k++)
			;
		if (k == pi->nr_chain && ev[boost].u.pi.pid != waker) {
			boost = -1;
			pi->nr_chain = 0;
		}
	}
	if (boost >= 0) {
		cause_pi_set_holder(pi, ev[boost].u.pi.pid, ev[boost].u.pi.comm,
				    ev[boost].u.pi.oldprio);
		pi->boost_prio = ev[boost].u.pi.newprio;
		pi->boost_ns = ev[boost].ts_ns;
	} else {
		cause_pi_set_holder(pi, waker, ev[wake].comm, waker_prio);
		cause_pi_inversion(ev, sleep, wake, waker_prio, &u, res);
	}
	k = cause_culprit_of(res, BLAME_TASK, pi->holder_pid, ev[sleep].cpu);
	if (k >= 0) {
		res->culprit[k].role = BLAME_ROLE_HOLDER;
		res->culprit[k].prio = pi->holder_prio;
		res->culprit[k].boost_prio = pi->boost_prio;
	}
	k = pi->mid_pid > 0 ? cause_culprit_of(res, BLAME_TASK, pi->mid_pid, ev[sleep].cpu) : -1;
	if (k >= 0)
		res->culprit[k].role = BLAME_ROLE_MIDDLE;
}

/* The task that held the CPU ran boosted: by whom, from which prio, to which. */
/*
 * @c ran boosted from before the window began: only its deboost @db (after the wakeup) is in
 * it. The deboost's old prio is the boost, its new prio @c's own; the waiter is the task @c
 * wakes right after it (rt_mutex unlock deboosts, then wakes the top waiter).
 */
static void cause_pi_boost_before(const struct rtw_event *ev, size_t n, long db, uint64_t from,
				  struct blame_culprit *c, struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	const struct rtw_event *d = &ev[db];
	long i, w = -1;

	if (d->u.pi.oldprio > res->victim_prio || d->u.pi.newprio <= res->victim_prio)
		return; /* the boost did not make it outrank the thread */
	if ((d->ts_ns < res->switch_ns ? d->ts_ns : res->switch_ns) - from <
	    (res->switch_ns - from) / 2)
		return; /* ... for most of the wait */
	for (i = db + 1; i < (long)n && w < 0 && ev[i].ts_ns - d->ts_ns < NSEC_PER_MSEC; i++)
		if (ev[i].kind == RTW_EV_WAKING && ev[i].pid == c->pid)
			w = i;
	if (w < 0)
		return; /* nobody the lock went to: no waiter to name */
	pi->kind = CAUSE_PI_BOOST;
	cause_pi_set_holder(pi, c->pid, c->comm, d->u.pi.newprio);
	pi->boost_prio = d->u.pi.oldprio;
	pi->boost_ns = 0; /* before the window */
	pi->waiter_pid = ev[w].u.wake.pid;
	util_strlcpy(pi->waiter_comm, ev[w].u.wake.comm, RTW_COMM_LEN);
	pi->waiter_prio = d->u.pi.oldprio;
	pi->mid_pid = -1;
	c->role = BLAME_ROLE_BOOSTED;
	c->boost_prio = pi->boost_prio;
	c->prio = d->u.pi.newprio;
}

/*
 * @c ran boosted by its boost @b for most of the thread's wait [@from, @to]: unboosted, it was
 * preempted at its first preemption point, so the rest of its time was something else's (a
 * non-preemptible section).
 */
static void cause_pi_boost_set(const struct rtw_event *ev, size_t n, long b, uint64_t from,
			       uint64_t to, struct blame_culprit *c, struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	uint64_t boost_from, boost_to;
	long i, deboost = -1;
	int32_t base;

	/* its own prio: what the deboost gave back, else what the first boost started from */
	base = ev[b].u.pi.oldprio;
	for (i = b - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_PI_SETPRIO || e->u.pi.pid != c->pid)
			continue;
		if (e->u.pi.newprio >= e->u.pi.oldprio)
			break;
		base = e->u.pi.oldprio;
	}
	for (i = b + 1; i < (long)n && deboost < 0; i++)
		if (ev[i].kind == RTW_EV_PI_SETPRIO && ev[i].u.pi.pid == c->pid &&
		    ev[i].u.pi.newprio > ev[b].u.pi.newprio)
			deboost = i;
	if (deboost >= 0)
		base = ev[deboost].u.pi.newprio;
	/* the boost made it outrank the thread, which its own prio would not have */
	if (ev[b].u.pi.newprio > res->victim_prio || base <= res->victim_prio)
		return;
	boost_from = ev[b].ts_ns > from ? ev[b].ts_ns : from;
	boost_to = to;
	if (deboost >= 0 && ev[deboost].ts_ns < boost_to)
		boost_to = ev[deboost].ts_ns;
	if (boost_to <= boost_from || (boost_to - boost_from) * 2 < to - from)
		return;
	pi->kind = CAUSE_PI_BOOST;
	cause_pi_set_holder(pi, c->pid, c->comm, base);
	pi->boost_prio = ev[b].u.pi.newprio;
	pi->boost_ns = ev[b].ts_ns;
	pi->waiter_pid = ev[b].pid;
	util_strlcpy(pi->waiter_comm, ev[b].comm, RTW_COMM_LEN);
	pi->waiter_prio = ev[b].u.pi.newprio;
	pi->mid_pid = -1;
	cause_pi_chain(ev, n, b, pi);
	c->role = BLAME_ROLE_BOOSTED;
	c->boost_prio = pi->boost_prio;
	c->prio = base;
}

/*
 * The thread ran (@is its switch-in), was preempted before its wake time (its marker, the
 * sample of rtla's user thread on its way back to user space) and switched in again: a boost
 * of @c in that stretch counts as one before the switch-in (rt612's piboost: pilock's FIFO 90
 * thread preempted timerlatu/1 there, blocked on the PI mutex and boosted the holder).
 */
static void cause_pi_boost_return(const struct rtw_event *ev, size_t n, long is,
				  struct blame_culprit *c, struct blame_result *res)
{
	long i, out = -1, back = -1, b = -1;

	for (i = is + 1; i < (long)n && ev[i].ts_ns <= res->spike.wake_ns && back < 0; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_SWITCH)
			continue;
		if (out < 0 && e->u.sw.prev_pid == res->spike.tid) {
			if (!cause_state_runnable(e->u.sw.prev_state))
				return; /* it blocked (a lock wait), or the switch is inferred */
			out = i;
		} else if (out >= 0 && e->u.sw.next_pid == res->spike.tid) {
			back = i;
		}
	}
	if (back < 0)
		return;
	for (i = out + 1; i < back && b < 0; i++)
		if (ev[i].kind == RTW_EV_PI_SETPRIO && ev[i].u.pi.pid == c->pid &&
		    ev[i].u.pi.newprio < ev[i].u.pi.oldprio)
			b = i;
	if (b >= 0)
		cause_pi_boost_set(ev, n, b, ev[out].ts_ns, ev[back].ts_ns, c, res);
}

void cause_pi_boost(const struct rtw_event *ev, size_t n, long is, struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	uint64_t from = res->waking_ns ? res->waking_ns : res->spike.deadline_ns;
	struct blame_culprit *c = NULL;
	long i, b = -1, deboost = -1;
	int k;

	if (pi->kind != CAUSE_PI_NONE || !pi->events_seen || !cause_rt_prio(res->victim_prio))
		return;
	for (k = 0; k < res->nr_culprits && !c; k++) {
		struct blame_culprit *x = &res->culprit[k];

		if (!x->victim && x->ns && !blame_culprit_is_others(x) &&
		    blame_culprit_is_thread(x))
			c = x;
		else if (!x->victim && x->ns && !blame_culprit_is_others(x))
			break; /* the largest is no task */
	}
	if (!c)
		return;
	/* the last boost of it before the thread ran, and whether it was undone before the wakeup */
	for (i = is - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_PI_SETPRIO || e->u.pi.pid != c->pid)
			continue;
		if (e->u.pi.newprio < e->u.pi.oldprio) {
			b = i;
			break;
		}
		if (e->ts_ns < from) {
			deboost = -1; /* deboosted before the thread was woken */
			break;
		}
		deboost = i; /* the first deboost after the wakeup, so far */
	}
	/* boosted before the window: its deboost in it keeps the boost */
	if (b < 0 && deboost >= 0)
		cause_pi_boost_before(ev, n, deboost, from, c, res);
	else if (b >= 0)
		cause_pi_boost_set(ev, n, b, from, res->switch_ns, c, res);
	if (pi->kind == CAUSE_PI_NONE) /* not while it waited to run: after it ran? */
		cause_pi_boost_return(ev, n, is, c, res);
}
