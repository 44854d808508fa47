// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause_bw - RT bandwidth: RT throttling and the fair server (see
 * cause_bw.h), by the kernel's rules (6.18; also 6.1, PREEMPT_RT):
 *  - the RT class never gives the CPU to a lower class (fair, idle) while it
 *    has a runnable task, but when its rt_rq is throttled
 *    (sched_rt_runtime_exceeded, kernel/sched/rt.c) or the fair server, a
 *    SCHED_DEADLINE entity above RT, runs fair tasks (deadline.c, 6.12+);
 *  - a throttled rt_rq is given its budget back only by
 *    sched_rt_period_timer (do_sched_rt_period_timer): with timer events in
 *    the trace, no such expiry means no throttling;
 *  - the fair server never idles the CPU (with no fair task it stops);
 *  - with RT group scheduling a throttled group's rt_rq leaves the CPU to the
 *    other groups' RT tasks too: one below the priority of a runnable RT task
 *    (the thread, its group's budget users) runs only so (pick_next_rt_entity()
 *    picks the highest priority of the groups not throttled).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/cause_bw.h"
#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define CAUSE_BW_RQ_MAX	       16		/* runnable RT tasks of a CPU tracked */
#define CAUSE_BW_PERIOD_END_NS (1000 * 1000ULL) /* the period timer ended it when this close */
#define CAUSE_BW_IDLE_HOLD_NS  (200 * 1000ULL)	/* idle after an interrupt with RT runnable */

struct cause_bw_walk {
	struct blame_result *res;
	int32_t tid;
	int32_t victim_prio; /* the thread's kernel prio: an RT task below it ran only so */
	int to;		     /* culprit that gets the time, -1: only count */
	uint64_t idle_ns, fair_ns, lower_rt_ns; /* fair_ns: every task below the thread */
	struct cause_task fair[8];		/* the tasks below it that ran, and how long */
	int nr_fair;
};

/* A task's run that the thread's throttling explains: a lower class, or (RT group scheduling:
 * another group's) an RT task below the thread's priority. Not the stopper. */
static bool cause_bw_below(int32_t prio, const char *comm, int32_t victim_prio)
{
	if (cause_lower_prio(prio))
		return event_irq_thread_number(comm) < 0;
	return cause_rt_prio(prio) && cause_rt_prio(victim_prio) && prio > victim_prio &&
	       !event_comm_is_stopper(comm);
}

static void cause_bw_walk_lower(const struct tl_segment *s, uint64_t at_ns, uint64_t ns, void *arg)
{
	(void)at_ns;
	struct cause_bw_walk *w = arg;
	int from = -1;

	if (s->ctx == TL_IDLE) {
		w->idle_ns += ns;
		from = cause_culprit_of(w->res, BLAME_IDLE, 0, s->cpu);
	} else if (s->ctx == TL_TASK && s->pid != w->tid &&
		   cause_bw_below(s->prio, s->comm, w->victim_prio)) {
		w->fair_ns += ns;
		if (cause_rt_prio(s->prio))
			w->lower_rt_ns += ns;
		cause_tally(w->fair, &w->nr_fair, (int)ARRAY_SIZE(w->fair), s->pid, s->comm,
			    s->prio, ns);
		from = cause_culprit_of(w->res, BLAME_TASK, s->pid, s->cpu);
	}
	if (from >= 0 && w->to >= 0)
		cause_move(w->res, from, w->to, ns, BLAME_PHASE_SCHED);
}

/* RT run time per task on a CPU: who used the budget. */
struct cause_bw_rt_walk {
	int32_t tid;
	struct cause_task t[CAUSE_MAX_USERS * 2];
	int n;
};

/* an RT task's run: the stopper (migration/N, the stop class, prio 0 like FIFO 99) is none */
static bool cause_bw_rt_task(int32_t prio, const char *comm)
{
	return cause_rt_prio(prio) && !event_comm_is_stopper(comm);
}

static void cause_bw_walk_rt(const struct tl_segment *s, uint64_t at_ns, uint64_t ns, void *arg)
{
	(void)at_ns;
	struct cause_bw_rt_walk *w = arg;

	if (s->ctx != TL_TASK || s->pid <= 0 || s->pid == w->tid ||
	    !cause_bw_rt_task(s->prio, s->comm))
		return;
	cause_tally(w->t, &w->n, (int)ARRAY_SIZE(w->t), s->pid, s->comm, s->prio, ns);
}

static int cause_bw_cmp_user(const void *a, const void *b)
{
	const struct cause_task *x = a, *y = b;

	return x->run_ns == y->run_ns ? 0 : (x->run_ns < y->run_ns ? 1 : -1);
}

struct cause_bw_rq {
	int n;
	struct {
		int32_t pid;
		int32_t prio;
		char comm[RTW_COMM_LEN];
	} t[CAUSE_BW_RQ_MAX];
};

static void cause_bw_rq_del(struct cause_bw_rq *rq, int32_t pid)
{
	int i;

	for (i = 0; i < rq->n; i++) {
		if (rq->t[i].pid == pid) {
			rq->t[i] = rq->t[--rq->n];
			return;
		}
	}
}

static void cause_bw_rq_add(struct cause_bw_rq *rq, int32_t pid, int32_t prio, const char *comm)
{
	cause_bw_rq_del(rq, pid);
	if (rq->n == CAUSE_BW_RQ_MAX || pid <= 0)
		return;
	rq->t[rq->n].pid = pid;
	rq->t[rq->n].prio = prio;
	util_strlcpy(rq->t[rq->n].comm, comm, RTW_COMM_LEN);
	rq->n++;
}

/* The highest priority (lowest kernel prio) runnable in @rq, INT32_MAX none. */
static int32_t cause_bw_rq_top(const struct cause_bw_rq *rq)
{
	int32_t top = INT32_MAX;
	int i;

	for (i = 0; i < rq->n; i++)
		if (rq->t[i].prio < top)
			top = rq->t[i].prio;
	return top;
}

/* What one pass over the window says of CPU @cpu up to the thread's switch-in. */
struct cause_bw_scan {
	bool evidence;		     /* a lower class ran while an RT task was runnable */
	uint64_t last_rt_in_ns;	     /* last switch to an RT task */
	uint64_t start_ns;	     /* first switch RT -> lower class after it, 0 none */
	bool server_start;	     /* ... right after dl_task_timer or a fair wakeup */
	uint64_t server_timer_ns;    /* that dl_task_timer */
	struct cause_bw_rq at_start; /* the RT tasks runnable then */
	uint64_t period_ns;	     /* last sched_rt_period_timer expiry (any CPU) */
	int32_t period_cpu;
	/* the CPU's first event after a period timer on another CPU, when it is a reschedule
	 * IPI: the unthrottle's resched_curr() reaching it (0: none) */
	uint64_t unthrottle_ns;
	bool await_ipi;
	uint64_t lower_ns; /* last switch to a lower class */
	bool timer_events;
};

static void cause_bw_switch(struct cause_bw_scan *sc, struct cause_bw_rq *rq,
			    const struct rtw_event *e, uint64_t last_switch_ns,
			    uint64_t dl_timer_ns, uint64_t fair_wake_ns, int32_t fair_wake_pid)
{
	const int32_t prev = e->u.sw.prev_pid, next = e->u.sw.next_pid;
	const bool rt_in = cause_bw_rt_task(e->u.sw.next_prio, e->u.sw.next_comm);
	bool rt_below;

	if (cause_rt_prio(e->u.sw.prev_prio) && cause_state_runnable(e->u.sw.prev_state))
		cause_bw_rq_add(rq, prev, e->u.sw.prev_prio, e->u.sw.prev_comm);
	else
		cause_bw_rq_del(rq, prev);
	cause_bw_rq_del(rq, next);
	/* an RT task picked below a runnable one: that one's group throttled (RT group sched) */
	rt_below = rt_in && cause_bw_rq_top(rq) < e->u.sw.next_prio;
	if (rt_in && !rt_below) {
		sc->last_rt_in_ns = e->ts_ns;
		sc->start_ns = 0;
		sc->server_start = false;
		sc->server_timer_ns = 0;
		return;
	}
	if (!rt_below && !cause_lower_prio(e->u.sw.next_prio))
		return;
	sc->lower_ns = e->ts_ns;
	if (rq->n)
		sc->evidence = true;
	if (sc->start_ns || !cause_rt_prio(e->u.sw.prev_prio) || !rq->n)
		return;
	sc->start_ns = e->ts_ns;
	sc->at_start = *rq;
	if (rt_below)
		return; /* RT picked: not the fair server */
	/* the server's zero-laxity timer, or a fair wakeup that restarted it, just before */
	if (cause_state_runnable(e->u.sw.prev_state) && dl_timer_ns > last_switch_ns &&
	    e->ts_ns - dl_timer_ns <= CAUSE_START_NS) {
		sc->server_start = true;
		sc->server_timer_ns = dl_timer_ns;
	} else if (cause_state_runnable(e->u.sw.prev_state) && fair_wake_pid == next &&
		   fair_wake_ns > last_switch_ns && e->ts_ns - fair_wake_ns <= CAUSE_START_NS) {
		sc->server_start = true;
	}
}

static void cause_bw_scan(const struct rtw_event *ev, long end, int32_t cpu,
			  struct cause_bw_scan *sc)
{
	struct cause_bw_rq rq = { 0 };
	uint64_t last_switch_ns = 0, dl_timer_ns = 0, fair_wake_ns = 0, idle_irq_ns = 0;
	int32_t fair_wake_pid = -1;
	long i;

	memset(sc, 0, sizeof(*sc));
	sc->period_cpu = -1;
	for (i = 0; i < end; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_HRTIMER_ENTRY) {
			sc->timer_events = true;
			if (!strcmp(e->u.hrt.function, "sched_rt_period_timer")) {
				sc->period_ns = e->ts_ns;
				sc->period_cpu = e->cpu;
				sc->unthrottle_ns = 0;
				sc->await_ipi = e->cpu != cpu;
			}
			if (e->cpu == cpu && !strcmp(e->u.hrt.function, "dl_task_timer"))
				dl_timer_ns = e->ts_ns;
			continue;
		}
		if (e->kind == RTW_EV_MIGRATE) {
			if (e->u.mig.orig_cpu == cpu)
				cause_bw_rq_del(&rq, e->u.mig.pid);
			continue;
		}
		if (e->cpu != cpu)
			continue;
		if (sc->await_ipi) {
			sc->await_ipi = false;
			if (e->kind == RTW_EV_VECTOR_ENTRY && !strcmp(e->u.vec.name, "reschedule"))
				sc->unthrottle_ns = e->ts_ns;
		}
		switch (e->kind) {
		case RTW_EV_LOST: /* what was runnable is unknown from here */
			rq.n = 0;
			idle_irq_ns = 0;
			sc->start_ns = sc->last_rt_in_ns = 0;
			break;
		case RTW_EV_WAKING:
		case RTW_EV_WAKEUP:
			if (e->u.wake.target_cpu >= 0 && e->u.wake.target_cpu != cpu) {
				/* sched_waking's CPU is the last one; sched_wakeup's where it
				 * runs: woken elsewhere, it is not runnable here */
				if (e->kind == RTW_EV_WAKEUP)
					cause_bw_rq_del(&rq, e->u.wake.pid);
				break;
			}
			if (cause_rt_prio(e->u.wake.prio)) {
				cause_bw_rq_add(&rq, e->u.wake.pid, e->u.wake.prio, e->u.wake.comm);
			} else if (cause_lower_prio(e->u.wake.prio)) {
				fair_wake_ns = e->ts_ns;
				fair_wake_pid = e->u.wake.pid;
			}
			break;
		case RTW_EV_SWITCH:
			/* the idle loop went on after an interrupt although RT was runnable */
			if (idle_irq_ns && e->ts_ns - idle_irq_ns >= CAUSE_BW_IDLE_HOLD_NS)
				sc->evidence = true;
			idle_irq_ns = 0;
			cause_bw_switch(sc, &rq, e, last_switch_ns, dl_timer_ns, fair_wake_ns,
					fair_wake_pid);
			last_switch_ns = e->ts_ns;
			break;
		case RTW_EV_IRQ_EXIT:
		case RTW_EV_VECTOR_EXIT:
			/*
			 * the idle loop went on from an interrupt that left RT runnable to this
			 * one, no switch between: a window that begins throttled shows only that
			 * (the tick in idle with RT runnable, until the period timer's)
			 */
			if (idle_irq_ns && e->pid == 0 && rq.n &&
			    e->ts_ns - idle_irq_ns >= CAUSE_BW_IDLE_HOLD_NS)
				sc->evidence = true;
			if (e->pid == 0 && rq.n)
				idle_irq_ns = e->ts_ns;
			break;
		default:
			break;
		}
	}
	if (idle_irq_ns && end > 0 && ev[end].ts_ns - idle_irq_ns >= CAUSE_BW_IDLE_HOLD_NS)
		sc->evidence = true;
}

/*
 * The RT tasks that used the budget: those that ran on the CPU, else /proc's,
 * the one that ran most while sampled first (a task runnable there but starved
 * behind the budget user, rcuc/N behind a hog of its priority, ran none).
 */
static void cause_bw_users(const struct rtw_event *ev, long is, const struct timeline *tl,
			   const struct cause_bw_scan *sc, const struct cause_bw_walk *held,
			   const struct blame_host *host, struct blame_result *res)
{
	struct cause_bandwidth *bw = &res->cause.bw;
	struct cause_bw_rt_walk w = { .tid = res->spike.tid };
	int i, k, j;

	timeline_walk(tl, bw->cpu, tl->start_ns, res->switch_ns, cause_bw_walk_rt, &w);
	/* an RT task that ran while the thread was held used no budget of its: another group's */
	for (i = 0; i < w.n; i++) {
		for (j = 0; j < held->nr_fair && held->fair[j].pid != w.t[i].pid; j++)
			;
		if (j < held->nr_fair)
			w.t[i--] = w.t[--w.n];
	}
	for (i = 0; i < sc->at_start.n; i++)
		if (sc->at_start.t[i].pid != res->spike.tid)
			cause_tally(w.t, &w.n, (int)ARRAY_SIZE(w.t), sc->at_start.t[i].pid,
				    sc->at_start.t[i].comm, sc->at_start.t[i].prio, 0);
	qsort(w.t, (size_t)w.n, sizeof(w.t[0]), cause_bw_cmp_user);
	for (i = 0; i < w.n && bw->nr_users < CAUSE_MAX_USERS; i++) {
		w.t[i].slept = cause_slept(ev, is, w.t[i].pid);
		bw->user[bw->nr_users++] = w.t[i];
	}
	if (!host)
		return;
	for (k = 0; k < (int)host->cause.nr_rt_tasks; k++) {
		const struct cause_rt_task *t = &host->cause.rt_tasks[k];

		if (t->cpu != bw->cpu || t->pid == res->spike.tid)
			continue;
		for (i = 0; i < bw->nr_users && bw->user[i].pid != t->pid; i++)
			;
		if (i < bw->nr_users) {
			bw->user[i].never_sleeps = t->never_sleeps;
		} else if (!w.n && bw->nr_users < CAUSE_MAX_USERS) {
			/* the window does not show them: what is runnable there now */
			struct cause_task *u = &bw->user[bw->nr_users++];

			memset(u, 0, sizeof(*u));
			u->pid = t->pid;
			util_strlcpy(u->comm, t->comm, RTW_COMM_LEN);
			u->prio = 99 - t->rt_prio;
			u->run_ns = t->run_ns;
			u->from_host = true;
			u->never_sleeps = t->never_sleeps;
		}
	}
	if (!w.n)
		qsort(bw->user, (size_t)bw->nr_users, sizeof(bw->user[0]), cause_bw_cmp_user);
	for (i = 0; i < bw->nr_users; i++) /* whose budget each used: the live run's reading */
		for (k = 0; k < (int)host->cause.nr_members; k++)
			if (host->cause.members[k].pid == bw->user[i].pid)
				bw->user[i].rt_group = host->cause.members[k].rt_group;
}

/*
 * Which mechanism held the thread, by the kernel's rules: a throttled rt_rq
 * gets its budget back only from sched_rt_period_timer, which timer events
 * in the trace would show, right before the thread ran; the fair server
 * (6.12+) runs fair tasks and never idles the CPU. CAUSE_BW_NONE: neither
 * (the CPU idling with an RT task woken there is also what a vCPU the host
 * did not run looks like).
 */
static enum cause_bw_kind cause_bw_kind(const struct cause_bw_scan *sc, uint64_t period_ns,
					uint64_t end_ns, uint64_t switch_ns, uint64_t idle_ns,
					uint64_t held_ns, bool no_server, bool server_after)
{
	bool idled = idle_ns * 10 > held_ns;

	/*
	 * Throttling ends at the period timer; on 6.12+ the fair server, started while the
	 * rt_rq was throttled, may run its fair tasks on after it (a SCHED_DEADLINE entity,
	 * above RT) until its runtime is used. The CPU idling first says it was throttling.
	 */
	if (period_ns && sc->lower_ns <= period_ns + CAUSE_START_NS &&
	    (switch_ns - end_ns <= CAUSE_BW_PERIOD_END_NS || (idled && server_after)))
		return CAUSE_BW_RT_THROTTLED;
	/*
	 * Without timer events throttling is all that is left, where the window
	 * shows it begin: an RT task switched out runnable for a lower class.
	 */
	if (no_server || idled)
		return sc->timer_events || !sc->start_ns ? CAUSE_BW_NONE : CAUSE_BW_RT_THROTTLED;
	if (sc->server_start || period_ns)
		return CAUSE_BW_FAIR_SERVER; /* ... or the server went on after the timer */
	if (!sc->timer_events)
		return CAUSE_BW_UNTOLD;
	return CAUSE_BW_FAIR_SERVER; /* no period timer: no throttled rt_rq came back */
}

void cause_bw_find(const struct rtw_event *ev, long is, const struct timeline *tl,
		   const struct blame_host *host, struct blame_result *res)
{
	struct cause_bandwidth *bw = &res->cause.bw;
	const struct cause_knobs *kn = host ? &host->cause.knobs : NULL;
	struct cause_bw_walk w = {
		.res = res, .tid = res->spike.tid, .victim_prio = res->victim_prio, .to = -1
	};
	struct cause_bw_walk after = w;
	struct cause_bw_scan sc;
	uint64_t from, s = res->switch_ns, sched_from, period_ns = 0, end_ns;
	bool no_server;
	int i, to;

	/*
	 * Both are the scheduler's choice, a schedule() after the wakeup that picked a lower
	 * class (need-resched set at the RT wakeup, cleared, no switch; or a switch to it). None
	 * ran (blame_result.resched_unheeded): the lower class went on where it could not be
	 * preempted, or the CPU did not run, whatever the budget.
	 */
	if (is < 0 || res->migrated || !cause_rt_prio(res->victim_prio) || res->run_cpu < 0 ||
	    res->resched_unheeded)
		return;
	bw->cpu = res->run_cpu;
	if (kn)
		bw->knobs = *kn;
	if (host)
		bw->group = host->cause.cgroup;
	cause_bw_scan(ev, is, bw->cpu, &sc);
	if (!sc.evidence)
		return;
	/* what the lower classes held of the scheduling delay, from the stretch's start on */
	sched_from = s - res->phase_ns[BLAME_PHASE_SCHED];
	from = sc.start_ns > sched_from ? sc.start_ns : sched_from;
	timeline_walk(tl, bw->cpu, from, s, cause_bw_walk_lower, &w);
	if ((w.idle_ns + w.fair_ns) * 2 <= res->latency_ns)
		return;
	if (sc.period_ns && sc.period_ns >= (sc.start_ns ? sc.start_ns : tl->start_ns))
		period_ns = sc.period_ns;
	/* the period timer on another CPU ends it when its reschedule IPI arrives here */
	end_ns = period_ns && sc.unthrottle_ns > period_ns ? sc.unthrottle_ns : period_ns;
	/* a kernel before 6.12 has no fair server; it never runs an RT task */
	no_server = (kn && kn->kernel_version && kn->kernel_version < 6012) || w.lower_rt_ns;
	/* after the period timer: fair tasks only, as the fair server runs them */
	if (end_ns && end_ns < s && !no_server)
		timeline_walk(tl, bw->cpu, end_ns, s, cause_bw_walk_lower, &after);
	bw->kind = cause_bw_kind(&sc, period_ns, end_ns, s, w.idle_ns, w.idle_ns + w.fair_ns,
				 no_server, after.fair_ns && !after.idle_ns);
	if (bw->kind == CAUSE_BW_NONE)
		return;
	if (period_ns) {
		bw->period_timer_ns = sc.period_ns;
		bw->period_timer_cpu = sc.period_cpu;
	}
	if (bw->kind == CAUSE_BW_RT_THROTTLED && s - end_ns > CAUSE_BW_PERIOD_END_NS)
		bw->server_after_ns = after.fair_ns;
	bw->start_ns = sc.start_ns;
	bw->server_start = sc.server_start;
	bw->server_timer_ns = sc.server_timer_ns;
	bw->timer_events = sc.timer_events;
	bw->held_ns = w.idle_ns + w.fair_ns;
	bw->idle_ns = w.idle_ns;
	bw->fair_ns = w.fair_ns;
	bw->lower_rt_ns = w.lower_rt_ns;
	bw->fair_pid = -1;
	for (i = 0; i < w.nr_fair; i++) {
		if (w.fair[i].run_ns > bw->fair_top_ns) {
			bw->fair_top_ns = w.fair[i].run_ns;
			bw->fair_pid = w.fair[i].pid;
			bw->fair_prio = w.fair[i].prio;
			memcpy(bw->fair_comm, w.fair[i].comm, RTW_COMM_LEN);
		}
	}
	cause_bw_users(ev, is, tl, &sc, &w, host, res);
	if (!bw->nr_users)
		return;
	to = cause_task_culprit(res, bw->user[0].pid, bw->user[0].comm, bw->user[0].prio, bw->cpu);
	if (to < 0)
		return;
	if (bw->kind == CAUSE_BW_FAIR_SERVER) {
		/* the fair tasks ran by the server's choice: their time stays theirs */
		res->culprit[to].role = BLAME_ROLE_STARVER;
		return;
	}
	/* throttled: the CPU idled or ran fair tasks because of the budget user's run time */
	res->culprit[to].role = BLAME_ROLE_RT_BUDGET;
	w = (struct cause_bw_walk){
		.res = res, .tid = res->spike.tid, .victim_prio = res->victim_prio, .to = to
	};
	timeline_walk(tl, bw->cpu, from, s, cause_bw_walk_lower, &w);
}
