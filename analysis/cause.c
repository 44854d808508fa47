// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause - RT bandwidth (throttling, the fair server), priority inheritance,
 * the CPU stopper and the kernel stack of a spike, from the events; see
 * cause.h. Each finder reads the window once and may move time between
 * culprits; cause_find() re-sorts them at the end.
 *
 * The kernel's rules these follow (6.18; also 6.1, PREEMPT_RT):
 *  - the RT class never gives the CPU to a lower class (fair, idle) while it
 *    has a runnable task, but when its rt_rq is throttled
 *    (sched_rt_runtime_exceeded, kernel/sched/rt.c) or the fair server, a
 *    SCHED_DEADLINE entity above RT, runs fair tasks (deadline.c, 6.12+);
 *  - a throttled rt_rq is given its budget back only by
 *    sched_rt_period_timer (do_sched_rt_period_timer): with timer events in
 *    the trace, no such expiry means no throttling;
 *  - the fair server never idles the CPU (with no fair task it stops);
 *  - rt_mutex_setprio() traces sched_pi_setprio in the waiter's context:
 *    common_pid is the waiter, pid the boosted owner, right before the
 *    waiter sleeps; the unlock wakes it from the owner's context;
 *  - a priority inversion needs an RT task between the two priorities on
 *    the CPU where the holder was preempted (fair tasks share by weight);
 *  - migration/N is the stop class whatever ps says (FIFO 99).
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/cause.h"
#include "analysis/pidmap.h"
#include "analysis/repair.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

#define CAUSE_RQ_MAX	     16		      /* runnable RT tasks of a CPU tracked */
#define CAUSE_START_NS	     (200 * 1000ULL)  /* a timer or wakeup "right before" a switch */
#define CAUSE_PERIOD_END_NS  (1000 * 1000ULL) /* the period timer ended it when this close */
#define CAUSE_IDLE_HOLD_NS   (200 * 1000ULL)  /* idle after an interrupt with RT runnable */
#define CAUSE_STACK_AFTER_NS (2000 * 1000ULL) /* a stack record follows its waking */
#define CAUSE_CHAIN_NS	     (50 * 1000ULL)   /* boosts of one priority-inheritance walk */

static bool cause_rt_prio(int32_t prio)
{
	return prio >= 0 && prio < 100;
}

static bool cause_lower_prio(int32_t prio)
{
	return prio >= 100 && prio != TL_PRIO_UNKNOWN;
}

/* prev_state of a switch: the task was preempted and is still runnable */
static bool cause_state_runnable(uint32_t st)
{
	return !(st & RTW_STATE_INFERRED) && (st & 0xff) == 0;
}

static bool cause_state_sleeps(uint32_t st)
{
	return !(st & RTW_STATE_INFERRED) && (st & 0xff) != 0;
}

bool cause_is_stopper(const char *comm)
{
	const char *p;

	if (strncmp(comm, "migration/", 10))
		return false;
	for (p = comm + 10; *p >= '0' && *p <= '9'; p++)
		;
	return p > comm + 10 && !*p;
}

/* ---- culprits ---------------------------------------------------------------------------- */

static int cause_culprit_of(const struct blame_result *res, enum blame_kind kind, int32_t pid,
			    int32_t cpu)
{
	int i;

	for (i = 0; i < res->nr_culprits; i++) {
		const struct blame_culprit *c = &res->culprit[i];

		if (c->kind == kind && c->pid == pid && c->cpu == cpu && c->irq == -1 &&
		    !blame_culprit_is_others(c))
			return i;
	}
	return -1;
}

/* The smallest plain culprit (no role, not the thread), -1 none. */
static int cause_smallest(const struct blame_result *res, int skip)
{
	int k;

	for (k = res->nr_culprits - 1; k >= 0; k--)
		if (k != skip && !res->culprit[k].role && !res->culprit[k].victim &&
		    !blame_culprit_is_others(&res->culprit[k]))
			return k;
	return -1;
}

/* A full array: fold the smallest plain culprit into "others" and hand its slot out; -1 none. */
static int cause_make_room(struct blame_result *res)
{
	int k, o, p;

	for (o = 0; o < res->nr_culprits && !blame_culprit_is_others(&res->culprit[o]); o++)
		;
	if (o == res->nr_culprits) { /* no "others" yet: the smallest becomes it */
		o = cause_smallest(res, -1);
		if (o < 0)
			return -1;
		res->culprit[o].kind = BLAME_UNACCOUNTED;
		res->culprit[o].pid = res->culprit[o].irq = res->culprit[o].policy = -1;
		res->culprit[o].prio = TL_PRIO_UNKNOWN;
		res->culprit[o].comm[0] = '\0';
		util_strlcpy(res->culprit[o].name, "others", sizeof(res->culprit[o].name));
	}
	k = cause_smallest(res, o);
	if (k < 0)
		return -1;
	for (p = 0; p < BLAME_NR_PHASES; p++)
		res->culprit[o].phase_ns[p] += res->culprit[k].phase_ns[p];
	res->culprit[o].ns += res->culprit[k].ns;
	return k;
}

/* The culprit of task @pid on @cpu, made (with no time) if needed; -1 when there is no room. */
static int cause_task_culprit(struct blame_result *res, int32_t pid, const char *comm, int32_t prio,
			      int32_t cpu)
{
	int i = cause_culprit_of(res, BLAME_TASK, pid, cpu);
	struct blame_culprit *c;

	if (i >= 0)
		return i;
	if (res->nr_culprits == BLAME_MAX_CULPRITS) {
		i = cause_make_room(res);
		if (i < 0)
			return -1;
	} else {
		i = res->nr_culprits++;
	}
	c = &res->culprit[i];
	memset(c, 0, sizeof(*c));
	c->kind = BLAME_TASK;
	c->pid = pid;
	util_strlcpy(c->comm, comm, sizeof(c->comm));
	c->prio = prio;
	c->policy = -1;
	c->irq = -1;
	c->cpu = cpu;
	c->boost_prio = TL_PRIO_UNKNOWN;
	return i;
}

static void cause_move(struct blame_result *res, int from, int to, uint64_t ns, int phase)
{
	struct blame_culprit *f = &res->culprit[from], *t = &res->culprit[to];

	if (from == to || !ns)
		return;
	if (ns > f->ns)
		ns = f->ns;
	if (ns > f->phase_ns[phase])
		ns = f->phase_ns[phase];
	f->ns -= ns;
	f->phase_ns[phase] -= ns;
	t->ns += ns;
	t->phase_ns[phase] += ns;
}

static int cause_cmp_culprit(const void *a, const void *b)
{
	const struct blame_culprit *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	if (x->role != y->role) /* a task named through a mechanism before plain ones */
		return x->role ? -1 : 1;
	return x->kind - y->kind;
}

/* Drop the culprits a move emptied (not those a mechanism names), largest first again. */
static void cause_settle(struct blame_result *res)
{
	int i, k = 0;

	for (i = 0; i < res->nr_culprits; i++)
		if (res->culprit[i].ns || res->culprit[i].role || res->culprit[i].victim)
			res->culprit[k++] = res->culprit[i];
	res->nr_culprits = k;
	qsort(res->culprit, (size_t)k, sizeof(res->culprit[0]), cause_cmp_culprit);
}

/* ---- finding events ------------------------------------------------------------------------ */

/* The index of the sched_switch that ran the thread, -1 when it is not in the trace. */
static long cause_switch_in(const struct rtw_event *ev, size_t n, const struct blame_result *res)
{
	long i;

	if (!res->switch_ns)
		return -1;
	for (i = (long)n - 1; i >= 0; i--) {
		if (ev[i].ts_ns > res->switch_ns)
			continue;
		if (ev[i].ts_ns < res->switch_ns)
			break;
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.next_pid == res->spike.tid)
			return i;
	}
	return -1;
}

/* The last waking (or wakeup) of @pid before index @before, after index @after; -1 none. */
static long cause_waking_of(const struct rtw_event *ev, long after, long before, int32_t pid)
{
	long i, wakeup = -1;

	for (i = before - 1; i > after; i--) {
		if (ev[i].kind == RTW_EV_WAKING && ev[i].u.wake.pid == pid)
			return i;
		if (ev[i].kind == RTW_EV_WAKEUP && ev[i].u.wake.pid == pid && wakeup < 0)
			wakeup = i;
	}
	return wakeup;
}

/* The kernel prio a window's switch or wakeup last gave @pid, TL_PRIO_UNKNOWN. */
static int32_t cause_prio_of(const struct rtw_event *ev, long before, int32_t pid)
{
	long i;

	for (i = before - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_SWITCH && e->u.sw.next_pid == pid)
			return e->u.sw.next_prio;
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == pid)
			return e->u.sw.prev_prio;
		if ((e->kind == RTW_EV_WAKING || e->kind == RTW_EV_WAKEUP) && e->u.wake.pid == pid)
			return e->u.wake.prio;
	}
	return TL_PRIO_UNKNOWN;
}

static bool cause_slept(const struct rtw_event *ev, long before, int32_t pid)
{
	long i;

	for (i = 0; i < before; i++)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == pid &&
		    cause_state_sleeps(ev[i].u.sw.prev_state))
			return true;
	return false;
}

/* ---- walking a CPU's time --------------------------------------------------------------------- */

/* Time per task: @t[*@n] of at most @max, @ns added to @pid's (made if new). */
static void cause_tally(struct cause_task *t, int *n, int max, int32_t pid, const char *comm,
			int32_t prio, uint64_t ns)
{
	int k;

	for (k = 0; k < *n && t[k].pid != pid; k++)
		;
	if (k == *n) {
		if (*n == max)
			return;
		memset(&t[k], 0, sizeof(t[k]));
		t[k].pid = pid;
		util_strlcpy(t[k].comm, comm, RTW_COMM_LEN);
		t[k].prio = prio;
		t[k].never_sleeps = -1;
		(*n)++;
	}
	t[k].run_ns += ns;
}

/* What lower classes held of a stretch, and (when @to >= 0) moving it to culprit @to. */
struct cause_walk {
	struct blame_result *res;
	int32_t tid;
	int to; /* culprit that gets the time, -1: only count */
	uint64_t idle_ns, fair_ns;
	struct cause_task fair[8]; /* the fair tasks that ran, and how long */
	int nr_fair;
};

static void cause_walk_lower(const struct tl_segment *s, uint64_t ns, void *arg)
{
	struct cause_walk *w = arg;
	int from = -1;

	if (s->ctx == TL_IDLE) {
		w->idle_ns += ns;
		from = cause_culprit_of(w->res, BLAME_IDLE, 0, s->cpu);
	} else if (s->ctx == TL_TASK && s->pid != w->tid && cause_lower_prio(s->prio) &&
		   event_irq_thread_number(s->comm) < 0) {
		w->fair_ns += ns;
		cause_tally(w->fair, &w->nr_fair, (int)ARRAY_SIZE(w->fair), s->pid, s->comm,
			    s->prio, ns);
		from = cause_culprit_of(w->res, BLAME_TASK, s->pid, s->cpu);
	}
	if (from >= 0 && w->to >= 0)
		cause_move(w->res, from, w->to, ns, BLAME_PHASE_SCHED);
}

/* RT run time per task on a CPU: who used the budget. */
struct cause_rt_walk {
	int32_t tid;
	struct cause_task t[CAUSE_MAX_USERS * 2];
	int n;
};

static void cause_walk_rt(const struct tl_segment *s, uint64_t ns, void *arg)
{
	struct cause_rt_walk *w = arg;

	if (s->ctx != TL_TASK || s->pid <= 0 || s->pid == w->tid || !cause_rt_prio(s->prio) ||
	    cause_is_stopper(s->comm))
		return;
	cause_tally(w->t, &w->n, (int)ARRAY_SIZE(w->t), s->pid, s->comm, s->prio, ns);
}

static int cause_cmp_user(const void *a, const void *b)
{
	const struct cause_task *x = a, *y = b;

	return x->run_ns == y->run_ns ? 0 : (x->run_ns < y->run_ns ? 1 : -1);
}

/* ---- RT bandwidth: throttling and the fair server ------------------------------------------ */

struct cause_rq {
	int n;
	struct {
		int32_t pid;
		int32_t prio;
		char comm[RTW_COMM_LEN];
	} t[CAUSE_RQ_MAX];
};

static void cause_rq_del(struct cause_rq *rq, int32_t pid)
{
	int i;

	for (i = 0; i < rq->n; i++) {
		if (rq->t[i].pid == pid) {
			rq->t[i] = rq->t[--rq->n];
			return;
		}
	}
}

static void cause_rq_add(struct cause_rq *rq, int32_t pid, int32_t prio, const char *comm)
{
	cause_rq_del(rq, pid);
	if (rq->n == CAUSE_RQ_MAX || pid <= 0)
		return;
	rq->t[rq->n].pid = pid;
	rq->t[rq->n].prio = prio;
	util_strlcpy(rq->t[rq->n].comm, comm, RTW_COMM_LEN);
	rq->n++;
}

/* What one pass over the window says of CPU @cpu up to the thread's switch-in. */
struct cause_bw_scan {
	bool evidence;		  /* a lower class ran while an RT task was runnable */
	uint64_t last_rt_in_ns;	  /* last switch to an RT task */
	uint64_t start_ns;	  /* first switch RT -> lower class after it, 0 none */
	bool server_start;	  /* ... right after dl_task_timer or a fair wakeup */
	uint64_t server_timer_ns; /* that dl_task_timer */
	struct cause_rq at_start; /* the RT tasks runnable then */
	uint64_t period_ns;	  /* last sched_rt_period_timer expiry (any CPU) */
	int32_t period_cpu;
	uint64_t lower_ns; /* last switch to a lower class */
	bool timer_events;
};

static void cause_bw_switch(struct cause_bw_scan *sc, struct cause_rq *rq,
			    const struct rtw_event *e, uint64_t last_switch_ns,
			    uint64_t dl_timer_ns, uint64_t fair_wake_ns, int32_t fair_wake_pid)
{
	const int32_t prev = e->u.sw.prev_pid, next = e->u.sw.next_pid;

	if (cause_rt_prio(e->u.sw.prev_prio) && cause_state_runnable(e->u.sw.prev_state))
		cause_rq_add(rq, prev, e->u.sw.prev_prio, e->u.sw.prev_comm);
	else
		cause_rq_del(rq, prev);
	cause_rq_del(rq, next);
	if (cause_rt_prio(e->u.sw.next_prio)) {
		sc->last_rt_in_ns = e->ts_ns;
		sc->start_ns = 0;
		sc->server_start = false;
		sc->server_timer_ns = 0;
		return;
	}
	if (!cause_lower_prio(e->u.sw.next_prio))
		return;
	sc->lower_ns = e->ts_ns;
	if (rq->n)
		sc->evidence = true;
	if (sc->start_ns || !cause_rt_prio(e->u.sw.prev_prio) || !rq->n)
		return;
	sc->start_ns = e->ts_ns;
	sc->at_start = *rq;
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
	struct cause_rq rq = { 0 };
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
			}
			if (e->cpu == cpu && !strcmp(e->u.hrt.function, "dl_task_timer"))
				dl_timer_ns = e->ts_ns;
			continue;
		}
		if (e->kind == RTW_EV_MIGRATE) {
			if (e->u.mig.orig_cpu == cpu)
				cause_rq_del(&rq, e->u.mig.pid);
			continue;
		}
		if (e->cpu != cpu)
			continue;
		switch (e->kind) {
		case RTW_EV_LOST: /* what was runnable is unknown from here */
			rq.n = 0;
			sc->start_ns = sc->last_rt_in_ns = 0;
			break;
		case RTW_EV_WAKING:
		case RTW_EV_WAKEUP:
			if (e->u.wake.target_cpu >= 0 && e->u.wake.target_cpu != cpu)
				break;
			if (cause_rt_prio(e->u.wake.prio)) {
				cause_rq_add(&rq, e->u.wake.pid, e->u.wake.prio, e->u.wake.comm);
			} else if (cause_lower_prio(e->u.wake.prio)) {
				fair_wake_ns = e->ts_ns;
				fair_wake_pid = e->u.wake.pid;
			}
			break;
		case RTW_EV_SWITCH:
			/* the idle loop went on after an interrupt although RT was runnable */
			if (idle_irq_ns && e->ts_ns - idle_irq_ns >= CAUSE_IDLE_HOLD_NS)
				sc->evidence = true;
			idle_irq_ns = 0;
			cause_bw_switch(sc, &rq, e, last_switch_ns, dl_timer_ns, fair_wake_ns,
					fair_wake_pid);
			last_switch_ns = e->ts_ns;
			break;
		case RTW_EV_IRQ_EXIT:
		case RTW_EV_VECTOR_EXIT:
			if (e->pid == 0 && rq.n)
				idle_irq_ns = e->ts_ns;
			break;
		default:
			break;
		}
	}
	if (idle_irq_ns && end > 0 && ev[end].ts_ns - idle_irq_ns >= CAUSE_IDLE_HOLD_NS)
		sc->evidence = true;
}

/*
 * The RT tasks that used the budget: those that ran on the CPU, else /proc's,
 * the one that ran most while sampled first (a task runnable there but starved
 * behind the budget user, rcuc/N behind a hog of its priority, ran none).
 */
static void cause_bw_users(const struct rtw_event *ev, long is, const struct timeline *tl,
			   const struct cause_bw_scan *sc, const struct blame_host *host,
			   struct blame_result *res)
{
	struct cause_bandwidth *bw = &res->cause.bw;
	struct cause_rt_walk w = { .tid = res->spike.tid };
	int i, k;

	timeline_walk(tl, bw->cpu, tl->start_ns, res->switch_ns, cause_walk_rt, &w);
	for (i = 0; i < sc->at_start.n; i++)
		if (sc->at_start.t[i].pid != res->spike.tid)
			cause_tally(w.t, &w.n, (int)ARRAY_SIZE(w.t), sc->at_start.t[i].pid,
				    sc->at_start.t[i].comm, sc->at_start.t[i].prio, 0);
	qsort(w.t, (size_t)w.n, sizeof(w.t[0]), cause_cmp_user);
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
		qsort(bw->user, (size_t)bw->nr_users, sizeof(bw->user[0]), cause_cmp_user);
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
					uint64_t switch_ns, uint64_t idle_ns, uint64_t held_ns,
					bool no_server)
{
	bool idled = idle_ns * 10 > held_ns;

	if (period_ns && switch_ns - period_ns <= CAUSE_PERIOD_END_NS &&
	    sc->lower_ns <= period_ns + CAUSE_START_NS)
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

static void cause_bandwidth(const struct rtw_event *ev, long is, const struct timeline *tl,
			    const struct blame_host *host, struct blame_result *res)
{
	struct cause_bandwidth *bw = &res->cause.bw;
	const struct cause_knobs *kn = host ? &host->cause.knobs : NULL;
	struct cause_walk w = { .res = res, .tid = res->spike.tid, .to = -1 };
	struct cause_bw_scan sc;
	uint64_t from, s = res->switch_ns, sched_from, period_ns = 0;
	bool no_server;
	int i, to;

	if (is < 0 || res->migrated || !cause_rt_prio(res->victim_prio) || res->run_cpu < 0)
		return;
	bw->cpu = res->run_cpu;
	if (kn)
		bw->knobs = *kn;
	cause_bw_scan(ev, is, bw->cpu, &sc);
	if (!sc.evidence)
		return;
	/* what the lower classes held of the scheduling delay, from the stretch's start on */
	sched_from = s - res->phase_ns[BLAME_PHASE_SCHED];
	from = sc.start_ns > sched_from ? sc.start_ns : sched_from;
	timeline_walk(tl, bw->cpu, from, s, cause_walk_lower, &w);
	if ((w.idle_ns + w.fair_ns) * 2 <= res->latency_ns)
		return;
	if (sc.period_ns && sc.period_ns >= (sc.start_ns ? sc.start_ns : tl->start_ns))
		period_ns = sc.period_ns;
	/* a kernel before 6.12 has no fair server */
	no_server = kn && kn->kernel_version && kn->kernel_version < 6012;
	bw->kind = cause_bw_kind(&sc, period_ns, s, w.idle_ns, w.idle_ns + w.fair_ns, no_server);
	if (bw->kind == CAUSE_BW_NONE)
		return;
	if (period_ns) {
		bw->period_timer_ns = sc.period_ns;
		bw->period_timer_cpu = sc.period_cpu;
	}
	bw->start_ns = sc.start_ns;
	bw->server_start = sc.server_start;
	bw->server_timer_ns = sc.server_timer_ns;
	bw->timer_events = sc.timer_events;
	bw->held_ns = w.idle_ns + w.fair_ns;
	bw->idle_ns = w.idle_ns;
	bw->fair_ns = w.fair_ns;
	bw->fair_pid = -1;
	for (i = 0; i < w.nr_fair; i++) {
		if (w.fair[i].run_ns > bw->fair_top_ns) {
			bw->fair_top_ns = w.fair[i].run_ns;
			bw->fair_pid = w.fair[i].pid;
			memcpy(bw->fair_comm, w.fair[i].comm, RTW_COMM_LEN);
		}
	}
	cause_bw_users(ev, is, tl, &sc, host, res);
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
	w = (struct cause_walk){ .res = res, .tid = res->spike.tid, .to = to };
	timeline_walk(tl, bw->cpu, from, s, cause_walk_lower, &w);
}

/* ---- priority inheritance ---------------------------------------------------------------------- */

/* Pieces of tasks in a timer phase the timer did not end (a lock wait): theirs, not unaccounted. */
struct cause_unacc {
	struct blame_result *res;
	int32_t tid;
	struct cause_task t[8]; /* the tasks that ran meanwhile, and how long */
	int n;
};

static void cause_walk_wait(const struct tl_segment *s, uint64_t ns, void *arg)
{
	struct cause_unacc *u = arg;
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

static void cause_set_holder(struct cause_pi *pi, int32_t pid, const char *comm, int32_t prio)
{
	pi->holder_pid = pid;
	util_strlcpy(pi->holder_comm, comm, RTW_COMM_LEN);
	pi->holder_prio = prio;
}

/* The owners boosted in the walk of the boost at @b: same waiter, a few us apart. */
static void cause_chain(const struct rtw_event *ev, size_t n, long b, struct cause_pi *pi)
{
	long i;

	pi->nr_chain = 0;
	for (i = 0; i < (long)n && pi->nr_chain < CAUSE_MAX_CHAIN; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_PI_SETPRIO || e->pid != ev[b].pid ||
		    e->u.pi.newprio >= e->u.pi.oldprio)
			continue;
		if (e->ts_ns + CAUSE_CHAIN_NS < ev[b].ts_ns ||
		    e->ts_ns > ev[b].ts_ns + CAUSE_CHAIN_NS)
			continue;
		pi->chain_pid[pi->nr_chain++] = e->u.pi.pid;
	}
}

/*
 * The thread ran after its deadline, went to sleep and was woken from task
 * context by another task: it waited for a lock (or for an event that task
 * signalled). With a boost from the thread's context, the owner ran boosted;
 * without one, a task between the two priorities that ran meanwhile made it
 * a priority inversion.
 */
static void cause_lock_wait(const struct rtw_event *ev, size_t n, long is,
			    const struct timeline *tl, struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	const int32_t tid = res->spike.tid;
	struct cause_unacc u = { .res = res, .tid = tid };
	long i, sleep = -1, run = -1, wake, boost = -1;
	int32_t waker, waker_prio;
	uint64_t x2;
	int k, best = -1;

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
	/*
	 * Blocking on an rt_mutex boosts its owner (then the owners it waits for)
	 * from the waiter's context right before it sleeps: the last walk's
	 * first boost is the owner of the lock it slept on.
	 */
	for (i = sleep - 1; i > run; i--) {
		if (ev[i].kind != RTW_EV_PI_SETPRIO || ev[i].pid != tid ||
		    ev[i].u.pi.newprio >= ev[i].u.pi.oldprio)
			continue;
		if (boost >= 0 && ev[i].ts_ns + CAUSE_CHAIN_NS < ev[boost].ts_ns)
			break;
		boost = i;
	}
	/* the time in between was the others', not time without a timer */
	timeline_walk(tl, ev[sleep].cpu, x2, ev[wake].ts_ns, cause_walk_wait, &u);
	pi->wait_ns = ev[wake].ts_ns - x2;
	pi->waiter_pid = tid;
	util_strlcpy(pi->waiter_comm, ev[sleep].u.sw.prev_comm, RTW_COMM_LEN);
	pi->waiter_prio = ev[sleep].u.sw.prev_prio;
	pi->boost_prio = TL_PRIO_UNKNOWN;
	pi->mid_pid = -1;
	pi->kind = CAUSE_PI_LOCK_WAIT;
	if (boost >= 0) {
		/* the unlock wakes the waiter from the owner's context: else it slept on more */
		cause_chain(ev, n, boost, pi);
		for (k = 0; k < pi->nr_chain && pi->chain_pid[k] != waker; k++)
			;
		if (k == pi->nr_chain && ev[boost].u.pi.pid != waker) {
			boost = -1;
			pi->nr_chain = 0;
		}
	}
	if (boost >= 0) {
		cause_set_holder(pi, ev[boost].u.pi.pid, ev[boost].u.pi.comm,
				 ev[boost].u.pi.oldprio);
		pi->boost_prio = ev[boost].u.pi.newprio;
		pi->boost_ns = ev[boost].ts_ns;
	} else {
		cause_set_holder(pi, waker, ev[wake].comm, waker_prio);
		/*
		 * The RT task that ran most between the two priorities while the
		 * holder waited: fair tasks share the CPU by weight, not by priority.
		 */
		for (k = 0; k < u.n; k++) {
			if (u.t[k].pid == waker || !cause_rt_prio(u.t[k].prio) ||
			    u.t[k].prio <= res->victim_prio || waker_prio == TL_PRIO_UNKNOWN ||
			    u.t[k].prio >= waker_prio)
				continue;
			if (best < 0 || u.t[k].run_ns > u.t[best].run_ns)
				best = k;
		}
		/* ... on the CPU where the holder was preempted: the thread's (it was tallied) */
		for (i = sleep; best >= 0 && i < wake; i++)
			if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == waker &&
			    ev[i].cpu == ev[sleep].cpu &&
			    cause_state_runnable(ev[i].u.sw.prev_state))
				break;
		if (best >= 0 && i < wake && u.t[best].run_ns * 2 >= pi->wait_ns) {
			pi->kind = CAUSE_PI_INVERSION;
			pi->mid_pid = u.t[best].pid;
			memcpy(pi->mid_comm, u.t[best].comm, RTW_COMM_LEN);
			pi->mid_prio = u.t[best].prio;
			pi->mid_ns = u.t[best].run_ns;
		}
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
static void cause_pi_boost(const struct rtw_event *ev, size_t n, long is, struct blame_result *res)
{
	struct cause_pi *pi = &res->cause.pi;
	uint64_t from = res->waking_ns ? res->waking_ns : res->spike.deadline_ns;
	uint64_t boost_from, boost_to;
	struct blame_culprit *c = NULL;
	long i, b = -1, deboost = -1;
	int32_t base;
	int k;

	if (pi->kind != CAUSE_PI_NONE || !pi->events_seen || !cause_rt_prio(res->victim_prio))
		return;
	for (k = 0; k < res->nr_culprits && !c; k++) {
		struct blame_culprit *x = &res->culprit[k];

		if (!x->victim && x->ns && !blame_culprit_is_others(x) &&
		    (x->kind == BLAME_TASK || x->kind == BLAME_IRQ_THREAD))
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
		if (e->ts_ns < from)
			return; /* deboosted before the thread was woken */
	}
	if (b < 0)
		return;
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
	/*
	 * ... for most of the wait: unboosted, it was preempted at its first
	 * preemption point, so the rest of its time was something else's (a
	 * non-preemptible section).
	 */
	boost_from = ev[b].ts_ns > from ? ev[b].ts_ns : from;
	boost_to = res->switch_ns;
	if (deboost >= 0 && ev[deboost].ts_ns < boost_to)
		boost_to = ev[deboost].ts_ns;
	if (boost_to <= boost_from || (boost_to - boost_from) * 2 < res->switch_ns - from)
		return;
	pi->kind = CAUSE_PI_BOOST;
	cause_set_holder(pi, c->pid, c->comm, base);
	pi->boost_prio = ev[b].u.pi.newprio;
	pi->boost_ns = ev[b].ts_ns;
	pi->waiter_pid = ev[b].pid;
	util_strlcpy(pi->waiter_comm, ev[b].comm, RTW_COMM_LEN);
	pi->waiter_prio = ev[b].u.pi.newprio;
	pi->mid_pid = -1;
	cause_chain(ev, n, b, pi);
	c->role = BLAME_ROLE_BOOSTED;
	c->boost_prio = pi->boost_prio;
	c->prio = base;
}

/* ---- the CPU stopper ----------------------------------------------------------------------- */

static void cause_stopper(const struct rtw_event *ev, long is, struct blame_result *res)
{
	struct cause_stop *st = &res->cause.stop;
	struct blame_culprit *c = NULL;
	long i, in = -1, wake;
	int k;

	for (k = 0; k < res->nr_culprits && !c; k++)
		if (res->culprit[k].kind == BLAME_TASK && !res->culprit[k].victim &&
		    res->culprit[k].ns && cause_is_stopper(res->culprit[k].comm))
			c = &res->culprit[k];
	if (!c || is < 0)
		return;
	c->role = BLAME_ROLE_STOPPER;
	st->seen = true;
	st->pid = c->pid;
	memcpy(st->comm, c->comm, RTW_COMM_LEN);
	st->cpu = c->cpu;
	st->ns = c->ns;
	st->moved_pid = st->by_pid = st->moved_from = st->moved_to = st->by_cpu = -1;
	for (i = is - 1; i >= 0 && in < 0; i--)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].cpu == c->cpu &&
		    ev[i].u.sw.next_pid == c->pid)
			in = i;
	if (in < 0)
		return;
	/* what it moved, in its own context */
	for (i = in + 1; i < is; i++) {
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].cpu == c->cpu &&
		    ev[i].u.sw.prev_pid == c->pid)
			break;
		if (ev[i].kind == RTW_EV_MIGRATE && ev[i].pid == c->pid) {
			st->moved_pid = ev[i].u.mig.pid;
			memcpy(st->moved_comm, ev[i].u.mig.comm, RTW_COMM_LEN);
			st->moved_from = ev[i].u.mig.orig_cpu;
			st->moved_to = ev[i].u.mig.dest_cpu;
			break;
		}
	}
	/* who queued the work: the waker of the stopper */
	wake = cause_waking_of(ev, -1, in, c->pid);
	if (wake >= 0) {
		st->by_pid = ev[wake].pid;
		memcpy(st->by_comm, ev[wake].comm, RTW_COMM_LEN);
		st->by_cpu = ev[wake].cpu;
		st->by_irq = ev[wake].flags & (RTW_F_HARDIRQ | RTW_F_SOFTIRQ);
	}
}

/* ---- the kernel stack at the wakeup ---------------------------------------------------------- */

bool cause_stack_entry(const char *fn)
{
	static const char *const prefix[] = {
		"asm_sysvec_",	    "asm_exc_",	     "asm_common_interrupt",
		"el1h_64_irq",	    "el1h_64_error", "el0t_64_irq",
		"el1_irq",	    "el0_irq",	     "apic_timer_interrupt",
		"common_interrupt", "ret_from_intr"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefix); i++)
		if (!strncmp(fn, prefix[i], strlen(prefix[i])))
			return true;
	return false;
}

static bool cause_stack_idle(const char *fn)
{
	static const char *const idle[] = {
		"default_idle",	 "pv_native_safe_halt", "native_safe_halt", "do_idle",
		"cpuidle_enter", "cpu_idle_poll",	"arch_cpu_idle",    "intel_idle",
		"acpi_idle",	 "mwait_idle",		"cpu_startup_entry"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(idle); i++)
		if (!strncmp(fn, idle[i], strlen(idle[i])))
			return true;
	return false;
}

const char *cause_stack_where_name(int where)
{
	switch (where) {
	case CAUSE_STACK_KERNEL:
		return "kernel";
	case CAUSE_STACK_USER:
		return "user";
	case CAUSE_STACK_IDLE:
		return "idle";
	case CAUSE_STACK_UNKNOWN:
		return "unknown";
	default:
		return "none";
	}
}

const char *cause_stack_words(const struct cause_stack *st, int max, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < st->nr && i < max && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " <- " : "",
					 st->frame[i]);
	if (i < st->nr && used < len)
		snprintf(buf + used, len - used, " <- ...");
	return buf;
}

/* The stack the trigger on the thread's sched_waking recorded right after it, if any. */
static void cause_stack(const struct rtw_event *ev, size_t n, long is, struct cause_stack *st)
{
	long wake, h = -1, i;
	int entry = -1, k, nr = 0;
	char frames[CAUSE_MAX_FRAMES * 4][CAUSE_FRAME_LEN];
	int32_t tid;

	if (is < 0)
		return;
	tid = ev[is].u.sw.next_pid;
	wake = cause_waking_of(ev, -1, is, tid);
	if (wake < 0)
		return;
	for (i = wake + 1; i < (long)n && ev[i].ts_ns <= ev[wake].ts_ns + CAUSE_STACK_AFTER_NS;
	     i++) {
		if (ev[i].cpu != ev[wake].cpu)
			continue;
		if (ev[i].kind == RTW_EV_STACK) {
			h = i;
			break;
		}
		if (ev[i].kind == RTW_EV_SWITCH || ev[i].kind == RTW_EV_WAKING)
			break; /* the trigger writes its record within the waking's interrupt */
	}
	if (h < 0)
		return;
	for (i = h + 1; i < (long)n && nr < (int)ARRAY_SIZE(frames); i++) {
		if (ev[i].cpu != ev[h].cpu)
			continue;
		if (ev[i].kind != RTW_EV_STACK_FRAME)
			break;
		util_strlcpy(frames[nr++], ev[i].u.frame.name, CAUSE_FRAME_LEN);
	}
	st->pid = ev[h].pid;
	memcpy(st->comm, ev[h].comm, RTW_COMM_LEN);
	st->cpu = ev[h].cpu;
	st->ts_ns = ev[h].ts_ns;
	st->nr_recorded = nr;
	for (k = 0; k < nr && entry < 0; k++)
		if (cause_stack_entry(frames[k]))
			entry = k;
	for (k = entry + 1; k < nr && st->nr < CAUSE_MAX_FRAMES; k++)
		memcpy(st->frame[st->nr++], frames[k], CAUSE_FRAME_LEN);
	if (entry < 0)
		st->where = nr ? CAUSE_STACK_UNKNOWN : CAUSE_STACK_NONE;
	else if (!st->nr)
		st->where = CAUSE_STACK_USER;
	else if (st->pid == 0 || cause_stack_idle(st->frame[0]))
		st->where = CAUSE_STACK_IDLE;
	else
		st->where = CAUSE_STACK_KERNEL;
}

/* ---- the entry --------------------------------------------------------------------------------- */

static void cause_dl_params(const struct blame_host *host, struct blame_result *res)
{
	size_t k;
	int i;

	for (i = 0; host && i < res->nr_culprits; i++) {
		struct blame_culprit *c = &res->culprit[i];

		if (c->kind != BLAME_TASK || c->prio >= 0 || c->prio == TL_PRIO_UNKNOWN)
			continue;
		for (k = 0; k < host->cause.nr_dl_tasks; k++) {
			if (host->cause.dl_tasks[k].pid == c->pid) {
				c->dl_runtime_ns = host->cause.dl_tasks[k].runtime_ns;
				c->dl_period_ns = host->cause.dl_tasks[k].period_ns;
			}
		}
	}
}

void cause_find(const struct rtw_event *ev, size_t n, const struct timeline *tl,
		const struct blame_host *host, struct blame_result *res)
{
	long is = cause_switch_in(ev, n, res);
	size_t i;

	memset(&res->cause, 0, sizeof(res->cause));
	res->cause.pi.mid_pid = res->cause.pi.holder_pid = res->cause.pi.waiter_pid = -1;
	res->cause.pi.boost_prio = TL_PRIO_UNKNOWN;
	res->cause.bw.fair_pid = res->cause.bw.period_timer_cpu = -1;
	for (i = 0; i < n && !res->cause.pi.events_seen; i++)
		res->cause.pi.events_seen = ev[i].kind == RTW_EV_PI_SETPRIO;
	cause_stack(ev, n, is, &res->cause.stack);
	if (is >= 0) {
		cause_lock_wait(ev, n, is, tl, res);
		if (res->cause.pi.kind == CAUSE_PI_NONE)
			cause_bandwidth(ev, is, tl, host, res);
		cause_settle(res);
		cause_pi_boost(ev, n, is, res);
		cause_stopper(ev, is, res);
	}
	cause_dl_params(host, res);
	cause_settle(res);
}
