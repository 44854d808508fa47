// SPDX-License-Identifier: GPL-2.0-only
/*
 * blame - spike -> phases -> culprits (the causes: cause_find.c, the verdict:
 * verdict.c). See blame.h for the engine, result.h for the model. The chain
 * of the thread's wakeup (blame_chain.c) is found walking back from the wake
 * time: the sched_switch that ran it, the sched_waking before that, and the
 * hrtimer expiry that woke it. The timeline then says who held the relevant
 * CPU during each phase.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/blame_chain.h"
#include "analysis/blame_holder.h"
#include "analysis/blame_resched.h"
#include "analysis/cause_find.h"
#include "analysis/pidmap.h"
#include "analysis/repair.h"
#include "analysis/result.h"
#include "analysis/tick.h"
#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict.h"

/* a preemption at an interrupt's exit takes microseconds: a stretch this long is no run */
#define BLAME_PREEMPT_GAP_NS (200 * 1000ULL)
/* a softirq's one stretch without an event this long, its CPU's timer interrupt due: not its */
#define BLAME_SOFTIRQ_DUE_NS (1000 * 1000ULL)

const char *blame_verdict_name(enum blame_verdict v)
{
	return verdict_name(v);
}

/* The accumulation of one explain call. */
struct blame_acc {
	struct blame_result *res;
	int phase;
	int32_t tid;
	bool timer_waits; /* timer phase: the thread that runs the timer is woken and waits */
	bool timer_hard;  /* the thread's timer expired in hard IRQ context: its interrupt ends
			   * the timer phase */
	struct blame_holder holder;    /* a higher-priority task the thread waited for anyway */
	const struct cause_host *host; /* the machine's, NULL unknown */
	/* every culprit as found; the largest go into res at the end (blame_keep()), so that a
	 * big one found late is not folded into "others" by many small ones found before */
	struct blame_culprit *all;
	size_t nr_all, cap_all;
	bool oom; /* no room for @all: straight into res, the tail folded as found */
};

static int blame_policy_from_prio(int32_t prio)
{
	if (prio == TL_PRIO_UNKNOWN)
		return -1;
#ifdef SCHED_DEADLINE
	if (prio < 0)
		return SCHED_DEADLINE;
#endif
	if (prio < 100)
		return SCHED_FIFO; /* the trace cannot tell FIFO from RR */
	return SCHED_OTHER;
}

static struct blame_culprit *blame_slot(struct blame_result *res, const struct blame_culprit *key)
{
	int i;

	for (i = 0; i < res->nr_culprits; i++) {
		struct blame_culprit *c = &res->culprit[i];

		if (c->kind == key->kind && c->cpu == key->cpu && c->pid == key->pid &&
		    c->irq == key->irq && !strcmp(c->name, key->name))
			return c;
	}
	if (res->nr_culprits == BLAME_MAX_CULPRITS) {
		/* fold the long tail into the last slot, with the time it held, as "others" */
		struct blame_culprit *last = &res->culprit[BLAME_MAX_CULPRITS - 1];

		if (!blame_culprit_is_others(last)) {
			struct blame_culprit others = { .kind = BLAME_UNACCOUNTED,
							.ns = last->ns,
							.pid = -1,
							.irq = -1,
							.cpu = last->cpu,
							.policy = -1,
							.prio = TL_PRIO_UNKNOWN };

			memcpy(others.phase_ns, last->phase_ns, sizeof(others.phase_ns));
			util_strlcpy(others.name, "others", sizeof(others.name));
			*last = others;
		}
		return last;
	}
	res->culprit[res->nr_culprits] = *key;
	return &res->culprit[res->nr_culprits++];
}

static int blame_cmp_culprit(const void *a, const void *b);

/* The culprits found into res: the largest BLAME_MAX_CULPRITS, the rest folded as "others". */
static void blame_keep(struct blame_acc *acc)
{
	struct blame_result *res = acc->res;
	size_t i;
	int p;

	qsort(acc->all, acc->nr_all, sizeof(acc->all[0]), blame_cmp_culprit);
	for (i = 0; i < acc->nr_all; i++) {
		struct blame_culprit *o;

		if (res->nr_culprits < BLAME_MAX_CULPRITS) {
			res->culprit[res->nr_culprits++] = acc->all[i];
			continue;
		}
		o = blame_slot(res, &acc->all[i]); /* full: the "others" slot */
		o->ns += acc->all[i].ns;
		for (p = 0; p < BLAME_NR_PHASES; p++)
			o->phase_ns[p] += acc->all[i].phase_ns[p];
	}
	free(acc->all);
	acc->all = NULL;
	acc->nr_all = acc->cap_all = 0;
}

/* Add @ns to the culprit @key; return it (valid until the next blame_add()). */
static struct blame_culprit *blame_add(struct blame_acc *acc, const struct blame_culprit *key,
				       uint64_t ns)
{
	struct blame_culprit *c = NULL;
	size_t i;

	for (i = 0; !acc->oom && i < acc->nr_all && !c; i++)
		if (acc->all[i].kind == key->kind && acc->all[i].cpu == key->cpu &&
		    acc->all[i].pid == key->pid && acc->all[i].irq == key->irq &&
		    !strcmp(acc->all[i].name, key->name))
			c = &acc->all[i];
	if (!c && !acc->oom && acc->nr_all == acc->cap_all) {
		size_t cap = acc->cap_all ? acc->cap_all * 2 : 64;
		struct blame_culprit *all = realloc(acc->all, cap * sizeof(*all));

		if (all) {
			acc->all = all;
			acc->cap_all = cap;
		} else {
			blame_keep(acc);
			acc->oom = true;
		}
	}
	if (!c && !acc->oom) {
		c = &acc->all[acc->nr_all++];
		*c = *key;
	}
	if (!c)
		c = blame_slot(acc->res, key);
	c->ns += ns;
	c->phase_ns[acc->phase] += ns;
	return c;
}

/*
 * A softirq that ran in a task's own context is that task's time: an IRQ
 * thread's (forced threading runs what its handler raised inside it), the
 * softirq threads' (ksoftirqd/N, ktimers/N, rcuc/N), and on PREEMPT_RT every
 * task's (softirqs run in the thread that raised them, at its priority). One
 * run at a hard IRQ's exit, on another kernel, is a softirq of its own. With
 * forced threading (threadirqs) irq_exit() runs none: invoke_softirq() wakes
 * ksoftirqd instead. There a softirq right after an interrupt's exit is the
 * interrupted task's own local_bh_enable(), not the interrupt's.
 */
/* The ns @c ran of the softirq it is named by (c->softirq), 0 when none. */
static uint64_t blame_softirq_top_ns(const struct blame_culprit *c)
{
	int v;

	for (v = 0; v < RTW_NR_SOFTIRQS; v++)
		if (!strcmp(event_softirq_name(v), c->softirq))
			return c->softirq_vec_ns[v];
	return 0;
}

static bool blame_softirq_in_task(const struct blame_acc *acc, const struct tl_segment *s)
{
	char base[RTW_COMM_LEN];

	if (s->pid <= 0 || !s->comm[0])
		return false;
	if (acc->res->kernel.preempt_rt > 0)
		return true;
	if (s->from_irq && acc->res->kernel.threaded_irqs <= 0)
		return false;
	if (event_irq_thread_number(s->comm) >= 0)
		return true;
	return event_comm_is_percpu_kthread(s->comm, base, sizeof(base)) &&
	       (!strcmp(base, "ksoftirqd") || !strcmp(base, "ktimers") || !strcmp(base, "rcuc"));
}

static void blame_task_key(const struct blame_acc *acc, const struct tl_segment *s,
			   struct blame_culprit *key)
{
	key->pid = s->pid;
	memcpy(key->comm, s->comm, sizeof(key->comm));
	if (acc->phase == BLAME_PHASE_TIMER && s->pid != acc->tid && !acc->timer_waits &&
	    !(s->pid == acc->holder.pid && s->start_ns >= acc->holder.start_ns)) {
		/* a task ran, yet the timer interrupt did not come */
		key->kind = BLAME_UNACCOUNTED;
		return;
	}
	if (s->pid != acc->tid && s->preempt_exit && acc->res->kernel.preempt_rt > 0 &&
	    s->end_ns - s->start_ns >= BLAME_PREEMPT_GAP_NS) {
		/*
		 * PREEMPT_RT switches at an interrupt's exit with need-resched set and
		 * preemption on: no event for so long after it is no run of the task's
		 * (the CPU did not run: a hypervisor, an SMI). So in the timer phase too,
		 * where the timer's thread (ktimers/N) was woken to preempt it.
		 */
		key->kind = BLAME_UNACCOUNTED;
		return;
	}
	key->prio = s->prio;
	key->irq = event_irq_thread_number(s->comm);
	key->kind = key->irq >= 0 ? BLAME_IRQ_THREAD : BLAME_TASK;
	key->victim = s->pid == acc->tid;
}

/* blame_unaccounted_key - @key for time of @s that no event shows: whose it seemed to be */
static void blame_unaccounted_key(const struct tl_segment *s, struct blame_culprit *key)
{
	key->kind = BLAME_UNACCOUNTED;
	key->pid = s->pid;
	if (s->pid >= 0)
		memcpy(key->comm, s->comm, sizeof(key->comm));
}

/* blame_add_seg - blame_add() of segment @s's @ns, counting a silent start (silent_ns) too */
static struct blame_culprit *blame_add_seg(struct blame_acc *acc, const struct blame_culprit *key,
					   const struct tl_segment *s, uint64_t ns)
{
	struct blame_culprit *c = blame_add(acc, key, ns);

	if (s->silent_head && blame_culprit_is_thread(c))
		c->silent_ns += ns;
	return c;
}

/*
 * blame_add_stall - Of a stall (TL_GAP) inside the holder's run, the part that is its time
 * (blame_holder.h), counted as its stall_ns too; returns that part, 0 for any other.
 */
static uint64_t blame_add_stall(struct blame_acc *acc, const struct tl_segment *s, uint64_t at_ns,
				uint64_t ns)
{
	struct blame_culprit key = {
		.pid = -1, .irq = -1, .cpu = s->cpu, .policy = -1, .prio = TL_PRIO_UNKNOWN
	};
	struct blame_culprit *c;
	uint64_t take = blame_holder_stall(&acc->holder, s, at_ns, ns);

	if (!take)
		return 0;
	blame_task_key(acc, s, &key);
	if (key.kind != BLAME_TASK)
		return 0;
	c = blame_add_seg(acc, &key, s, take);
	c->stall_ns += take;
	return take;
}

static void blame_add_segment(const struct tl_segment *s, uint64_t at_ns, uint64_t ns, void *arg)
{
	struct blame_acc *acc = arg;
	struct blame_culprit key = {
		.pid = -1, .irq = -1, .cpu = s->cpu, .policy = -1, .prio = TL_PRIO_UNKNOWN
	};
	struct blame_culprit *c;

	switch (s->ctx) {
	case TL_TASK:
		blame_task_key(acc, s, &key);
		break;
	case TL_IDLE:
		key.kind = BLAME_IDLE;
		key.pid = 0;
		break;
	case TL_HARDIRQ:
		key.kind = BLAME_HARDIRQ;
		key.irq = s->irq >= 0 ? s->irq : -1;
		memcpy(key.name, s->name, sizeof(key.name));
		break;
	case TL_SOFTIRQ:
		if (blame_softirq_in_task(acc, s)) {
			blame_task_key(acc, s, &key);
			c = blame_add_seg(acc, &key, s, ns);
			if (blame_culprit_is_thread(c)) {
				c->softirq_ns += ns;
				/* named by the vector it ran longest (a TIMER run, then BLOCK for ms) */
				if (s->irq >= 0 && s->irq < RTW_NR_SOFTIRQS) {
					uint64_t v = c->softirq_vec_ns[s->irq] += ns;

					if (!c->softirq[0] || !strcmp(c->softirq, s->name) ||
					    v > blame_softirq_top_ns(c))
						util_strlcpy(c->softirq, s->name,
							     sizeof(c->softirq));
				} else if (!c->softirq[0]) {
					util_strlcpy(c->softirq, s->name, sizeof(c->softirq));
				}
			}
			return;
		}
		if (acc->phase == BLAME_PHASE_TIMER && acc->timer_hard && s->one_stretch &&
		    s->end_ns - s->start_ns >= BLAME_SOFTIRQ_DUE_NS) {
			/*
			 * A softirq at an interrupt's exit runs with interrupts on but for short
			 * sections (a NET_RX flood's backlog: 131 us, the fixture net-softirq): the
			 * thread's timer interrupt, due, would have come inside it. A millisecond
			 * and more of no event at all is not the softirq's time (a 6.1 lab spike:
			 * 2.4 ms of "softirq RCU", the timer's interrupt 2.3 ms late, nested in it).
			 */
			blame_unaccounted_key(s, &key);
			timeline_softirq_name(key.name, sizeof(key.name), s->name);
			c = blame_add_seg(acc, &key, s, ns);
			c->flags |= BLAME_C_IRQ_DUE;
			return;
		}
		key.kind = BLAME_SOFTIRQ;
		key.irq = s->irq;
		memcpy(key.name, s->name, sizeof(key.name));
		break;
	default:
		ns -= blame_add_stall(acc, s, at_ns, ns);
		if (!ns)
			return;
		blame_unaccounted_key(s, &key);
		/* a gap inside an interrupt (timeline.c): which one, beside its traced time */
		memcpy(key.name, s->name, sizeof(key.name));
		c = blame_add_seg(acc, &key, s, ns);
		if (s->resched_gap) {
			c->flags |= BLAME_C_RESCHED_GAP;
			if (s->code == TL_CODE_USER)
				c->flags |= BLAME_C_RESCHED_USER;
			if (s->resched_gap == 2)
				c->flags |= BLAME_C_RESCHED_SWITCH;
			c->resched_gap_ns += ns;
		}
		return;
	}
	blame_add_seg(acc, &key, s, ns);
}

/* blame_walk - add @cpu's time in [@from, @to) */
static void blame_walk(const struct timeline *tl, int cpu, uint64_t from, uint64_t to,
		       struct blame_acc *acc)
{
	timeline_walk(tl, cpu, from, to, blame_add_segment, acc);
}

/* ---- coverage ------------------------------------------------------------------------ */

#define BLAME_GAP_NEAR_NS (200 * 1000ULL) /* a tail this close before a gap began with it */

/*
 * blame_stalled_at - Was @cpu silent at @ts_ns, in a silence that became a gap (no event
 * where a tick or an interrupt's end was due)? A machine whose vCPUs all stop (the host,
 * single-threaded emulation) silences every CPU at once; each shows a gap once a tick is due.
 */
static bool blame_stalled_at(const struct rtw_event *ev, size_t n, const struct timeline *tl,
			     int cpu, uint64_t ts_ns)
{
	const struct tl_segment *seg;
	size_t k, i;

	if (cpu < 0 || cpu >= tl->nr_cpus)
		return false;
	seg = tl->seg + tl->cpu_first[cpu];
	for (k = 0; k < tl->cpu_count[cpu]; k++) {
		if (seg[k].ctx != TL_GAP || seg[k].end_ns <= ts_ns)
			continue;
		/* the silence the gap ends: from @cpu's last event before it */
		for (i = n; i-- > 0;)
			if (ev[i].cpu == cpu && ev[i].ts_ns <= seg[k].start_ns)
				break;
		return i < n && ev[i].ts_ns <= ts_ns + BLAME_GAP_NEAR_NS;
	}
	return false;
}

/*
 * A CPU whose events end well before the spike's wake time and the other CPUs' last events,
 * while it was not idle (an idle CPU may be silent: no tick), has a tail the trace does not
 * cover: what ran there then is unknown (its vCPU stopped, or its buffer ended early). A tail
 * that begins inside a silence of the spike's own CPU is that silence (the machine stopped),
 * said by the verdict, not a trace cut short.
 */
static void blame_check_tails(const struct rtw_event *ev, size_t n, const struct timeline *tl,
			      struct blame_result *res)
{
	uint64_t end_ns = n ? ev[n - 1].ts_ns : 0, limit;
	int c;

	if (res->spike.wake_ns < end_ns)
		end_ns = res->spike.wake_ns;
	limit = tl->tick_ns ? tl->tick_ns + tick_slack_ns(tl->tick_ns) : 5 * NSEC_PER_MSEC;
	for (c = 0; c < tl->nr_cpus; c++) {
		const struct tl_segment *seg;
		uint64_t last_ns = 0;
		size_t i, k;

		if (!tl->cpu_count[c])
			continue;
		for (i = n; i-- > 0;) {
			if (ev[i].cpu == c && ev[i].kind != RTW_EV_LOST) {
				last_ns = ev[i].ts_ns;
				break;
			}
		}
		if (!last_ns || last_ns + limit >= end_ns)
			continue;
		/* what the CPU was in after its last event */
		seg = tl->seg + tl->cpu_first[c];
		for (k = tl->cpu_count[c]; k-- > 0 && seg[k].start_ns > last_ns;)
			;
		if (k < tl->cpu_count[c] && seg[k].ctx == TL_IDLE)
			continue;
		if (c != res->run_cpu && blame_stalled_at(ev, n, tl, res->run_cpu, last_ns))
			continue;
		res->complete = false;
		res->tail_cpu = c;
		snprintf(res->incomplete_why, sizeof(res->incomplete_why),
			 "CPU %d's events end %.1f ms before the other CPUs' (the trace does not "
			 "cover its tail)",
			 c, (double)(end_ns - last_ns) / (double)NSEC_PER_MSEC);
		return;
	}
}

static void blame_check_coverage(const struct rtw_event *ev, size_t n, const struct timeline *tl,
				 const int *cpus, int nr_cpus, struct blame_result *res)
{
	const struct blame_spike *sp = &res->spike;
	size_t i;
	int k;

	res->complete = true;
	for (i = 0; i < n; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_LOST)
			continue;
		for (k = 0; k < nr_cpus; k++) {
			if (e->cpu != cpus[k])
				continue;
			/* events lost before e->ts: they may belong to [D, W] */
			if (e->ts_ns > sp->deadline_ns && e->ts_ns <= sp->wake_ns + NSEC_PER_MSEC) {
				res->lost_events += e->u.lost.count;
				if (res->complete) {
					res->complete = false;
					snprintf(res->incomplete_why, sizeof(res->incomplete_why),
						 "events were lost on CPU %d during the spike",
						 e->cpu);
				}
			}
		}
	}
	if (res->complete)
		blame_check_tails(ev, n, tl, res);
	for (k = 0; res->complete && k < nr_cpus; k++) {
		int c = cpus[k];

		if (c < 0)
			continue;
		/* with a known recording start the timeline already covers a quiet CPU */
		if (c >= tl->nr_cpus || !tl->cpu_count[c] ||
		    tl->cpu_start_ns[c] > sp->deadline_ns) {
			res->complete = false;
			snprintf(res->incomplete_why, sizeof(res->incomplete_why),
				 "the trace of CPU %d starts after the deadline", c);
		}
	}
}

/* ---- the culprits, largest first -------------------------------------------------- */

static int blame_cmp_culprit(const void *a, const void *b)
{
	const struct blame_culprit *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	return x->kind - y->kind;
}

/* ---- main entry ---------------------------------------------------------------------- */

/* Attribute the scheduling phase, following the thread's run queue across migrations. */
static void blame_sched_phase(const struct rtw_event *ev, const struct blame_chain *ch,
			      const struct timeline *tl, struct blame_acc *acc, uint64_t from_ns,
			      uint64_t to_ns)
{
	struct blame_result *res = acc->res;
	uint64_t at = from_ns;
	int rq = res->wake_cpu;
	long i;

	acc->phase = BLAME_PHASE_SCHED;
	/* the timer interrupt itself, on its CPU, until the waking */
	if (res->waking_ns > at && res->timer_cpu >= 0 && res->timer_cpu != rq) {
		uint64_t end = res->waking_ns < to_ns ? res->waking_ns : to_ns;

		blame_walk(tl, res->timer_cpu, at, end, acc);
		at = end;
	}
	if (ch->waking >= 0 && ch->switch_in >= 0) {
		for (i = ch->waking; i < ch->switch_in; i++) {
			const struct rtw_event *e = &ev[i];

			if (e->kind != RTW_EV_MIGRATE || e->u.mig.pid != acc->tid ||
			    e->ts_ns <= at || e->ts_ns >= to_ns)
				continue;
			blame_walk(tl, rq, at, e->ts_ns, acc);
			at = e->ts_ns;
			rq = e->u.mig.dest_cpu;
			res->migrated = true;
		}
	}
	if (rq != res->run_cpu && res->run_cpu >= 0)
		res->migrated = true;
	blame_walk(tl, rq, at, to_ns, acc);
}

/* What the events themselves say of the kernel, where the caller did not know. */
static void blame_kernel_facts(const struct rtw_event *ev, size_t n, const struct blame_host *host,
			       struct blame_result *res)
{
	struct blame_kernel *k = &res->kernel;
	size_t i;

	if (host)
		*k = host->kernel;
	for (i = 0; i < n && (k->preempt_rt <= 0 || k->threaded_irqs <= 0); i++) {
		const struct rtw_event *e = &ev[i];

		/* the softirq thread of timers exists only on PREEMPT_RT */
		if (!k->preempt_rt && e->kind == RTW_EV_SWITCH &&
		    (!strncmp(e->u.sw.next_comm, "ktimers/", 8) ||
		     !strncmp(e->u.sw.prev_comm, "ktimers/", 8)))
			k->preempt_rt = 1;
		/* a softirq in an IRQ thread's own context: handlers are force-threaded */
		if (!k->threaded_irqs && e->kind == RTW_EV_SOFTIRQ_ENTRY &&
		    !(e->flags & (RTW_F_HARDIRQ | RTW_F_NMI)) && e->pid > 0 &&
		    event_irq_thread_number(e->comm) >= 0)
			k->threaded_irqs = 1;
	}
	if (k->preempt_rt > 0) {
		k->threaded_irqs = 1;
		k->preempt = UTIL_PREEMPT_RT;
	}
}

/*
 * A timer that expired in a thread (ktimers/N on PREEMPT_RT, ksoftirqd): from
 * that thread's wakeup on, the timer waited for it to run, and who ran then
 * is a culprit like in the scheduling delay; before it, the interrupt that
 * raises the timer softirq had not come. Return: that wakeup's time, 0 none.
 */
static uint64_t blame_timer_thread(const struct rtw_event *ev, const struct blame_chain *ch,
				   struct blame_result *res)
{
	const struct rtw_event *x;
	long i;

	if (ch->timer < 0)
		return 0;
	x = &ev[ch->timer];
	if ((x->flags & (RTW_F_HARDIRQ | RTW_F_NMI)) || x->pid <= 0)
		return 0;
	for (i = ch->timer - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->ts_ns + 50 * NSEC_PER_MSEC < x->ts_ns)
			break;
		if (e->kind == RTW_EV_SWITCH && e->cpu == x->cpu && e->u.sw.prev_pid == x->pid)
			break; /* it ran and slept before: woken after that, or was running */
		if (blame_chain_is_wake_of(e, x->pid)) {
			res->timer_thread_pid = x->pid;
			res->timer_thread_ns = e->ts_ns;
			return e->ts_ns;
		}
	}
	return 0;
}

/*
 * rtwhy's own threads: the explaining thread by the name rtwhy gives it; the
 * main thread known to a live run or its saved trace, else by name and pid.
 */
static bool blame_is_self(const struct blame_result *res, const struct blame_culprit *c,
			  const struct rtw_event *ev, size_t n)
{
	size_t i;

	if (!strcmp(c->comm, BLAME_EXPLAINER_COMM))
		return true;
	if (res->kernel.main_tid)
		return c->pid == res->kernel.main_tid;
	if (strcmp(res->spike.source, BLAME_SOURCE_RTWHY) || strcmp(c->comm, "rtwhy") ||
	    c->pid >= res->spike.tid)
		return false;
	/* the main thread starts the others: the lowest pid of the rtwhy threads seen */
	for (i = 0; i < n; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_SWITCH &&
		    ((!strcmp(e->u.sw.next_comm, "rtwhy") && e->u.sw.next_pid < c->pid) ||
		     (!strcmp(e->u.sw.prev_comm, "rtwhy") && e->u.sw.prev_pid < c->pid)))
			return false;
	}
	return true;
}

static bool blame_irq_has_thread(const struct rtw_event *ev, size_t n, int irq)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ev[i].kind == RTW_EV_SWITCH &&
		    (event_irq_thread_number(ev[i].u.sw.next_comm) == irq ||
		     event_irq_thread_number(ev[i].u.sw.prev_comm) == irq))
			return true;
	return false;
}

/* What a culprit is beyond its time: rtwhy itself, a thread that cannot move, ... */
static void blame_culprit_facts(const struct rtw_event *ev, size_t n, const struct blame_host *host,
				struct blame_result *res)
{
	int i;

	for (i = 0; i < res->nr_culprits; i++) {
		struct blame_culprit *c = &res->culprit[i];
		const struct pidmap_task *t = NULL;

		if (c->kind == BLAME_HARDIRQ && c->irq >= 0 && blame_irq_has_thread(ev, n, c->irq))
			c->flags |= BLAME_C_THREADED;
		if (c->kind != BLAME_TASK || c->victim)
			continue;
		if (host && host->tasks && c->pid > 0)
			t = pidmap_find(host->tasks, c->pid);
		if (t && !strncmp(t->comm, c->comm, RTW_COMM_LEN - 1)
			    ? t->pinned
			    : event_comm_is_percpu_kthread(c->comm, NULL, 0))
			c->flags |= BLAME_C_PINNED;
		if (blame_is_self(res, c, ev, n))
			c->flags |= BLAME_C_SELF;
	}
}

/*
 * The policy the live system gave a task of the CPU's RT run queue (cause.h),
 * -1 when it is not there: a culprit the window never shows running (it used
 * an RT budget before the window began) is known from that list alone.
 */
static int blame_live_rt_policy(const struct blame_host *host, const struct blame_culprit *c)
{
	size_t i;

	for (i = 0; host && host->cause.rt_tasks && i < host->cause.nr_rt_tasks; i++) {
		const struct cause_rt_task *t = &host->cause.rt_tasks[i];

		if (t->pid == c->pid && !strncmp(t->comm, c->comm, RTW_COMM_LEN - 1))
			return t->policy;
	}
	return -1;
}

/* A live task still there under the same name has the policy /proc gave; else infer it. */
static void blame_resolve_policies(struct blame_result *res, const struct blame_host *host)
{
	int i;

	for (i = 0; i < res->nr_culprits; i++) {
		struct blame_culprit *c = &res->culprit[i];
		const struct pidmap_task *t = NULL;
		int live;

		if (c->kind != BLAME_TASK && c->kind != BLAME_IRQ_THREAD)
			continue;
		if (host && host->tasks && c->pid > 0)
			t = pidmap_find(host->tasks, c->pid);
		if (t && t->policy != PIDMAP_POLICY_UNKNOWN &&
		    !strncmp(t->comm, c->comm, RTW_COMM_LEN - 1)) {
			c->policy = t->policy;
			c->policy_exact = true;
		} else if ((live = blame_live_rt_policy(host, c)) >= 0) {
			c->policy = live;
			c->policy_exact = true;
		} else {
			c->policy = blame_policy_from_prio(c->prio);
		}
	}
}

static int blame_explain_repaired(const struct rtw_event *ev, size_t n,
				  const struct blame_spike *spike, const struct blame_host *host,
				  struct blame_result *res, struct timeline *tl);

/*
 * What the spike says of its thread: it ran on its CPU at its wake time (its own clock read,
 * or the marker it wrote then). Not a time given by hand, nor a timerlat IRQ sample's (its
 * thread not woken yet).
 */
static const struct repair_ran *blame_ran(const struct blame_spike *spike, struct repair_ran *ran)
{
	if (spike->timer_only || spike->tid <= 0 || spike->cpu < 0 ||
	    !strcmp(spike->source, BLAME_SOURCE_MANUAL))
		return NULL;
	ran->pid = spike->tid;
	ran->cpu = spike->cpu;
	ran->ts_ns = spike->wake_ns;
	return ran;
}

int blame_explain_trace(const struct rtw_event *ev, size_t n, const struct blame_spike *spike,
			const struct blame_host *host, struct blame_result *res,
			struct blame_trace *trace)
{
	struct repair_ran ran;
	long inferred;
	int ret;

	memset(trace, 0, sizeof(*trace));
	if (spike->wake_ns < spike->deadline_ns) {
		memset(res, 0, sizeof(*res));
		return -EINVAL;
	}
	if (!n) {
		memset(res, 0, sizeof(*res));
		return -ENODATA;
	}
	inferred = repair_switches(ev, n, blame_ran(spike, &ran), &trace->own, &trace->n);
	trace->ev = trace->own ? trace->own : ev;
	if (inferred < 0) {
		memset(trace, 0, sizeof(*trace));
		return (int)inferred;
	}
	trace->nr_read = n;
	ret = blame_explain_repaired(trace->ev, trace->n, spike, host, res, &trace->tl);
	res->inferred_switches = (int)inferred;
	if (ret)
		blame_trace_free(trace);
	return ret;
}

int blame_explain(const struct rtw_event *ev, size_t n, const struct blame_spike *spike,
		  const struct blame_host *host, struct blame_result *res)
{
	struct blame_trace trace;
	int ret = blame_explain_trace(ev, n, spike, host, res, &trace);

	blame_trace_free(&trace);
	return ret;
}

void blame_trace_free(struct blame_trace *trace)
{
	free(trace->own);
	timeline_free(&trace->tl);
	memset(trace, 0, sizeof(*trace));
}

/* blame_from_chain - the chain's times, CPUs, the thread's prio and comm, the timer into @res */
static void blame_from_chain(const struct rtw_event *ev, const struct blame_chain *ch,
			     const struct blame_spike *spike, struct blame_result *res)
{
	if (ch->switch_in >= 0) {
		res->switch_ns = ev[ch->switch_in].ts_ns;
		res->run_cpu = ev[ch->switch_in].cpu;
		res->victim_prio = ev[ch->switch_in].u.sw.next_prio;
		memcpy(res->victim_comm, ev[ch->switch_in].u.sw.next_comm, RTW_COMM_LEN);
	} else {
		res->run_cpu = spike->cpu;
	}
	if (ch->waking >= 0) {
		const struct rtw_event *e = &ev[ch->waking];

		res->waking_ns = e->ts_ns;
		res->wake_cpu = e->u.wake.target_cpu >= 0 ? e->u.wake.target_cpu : res->run_cpu;
		res->timer_cpu = e->cpu;
		if (res->victim_prio == TL_PRIO_UNKNOWN)
			res->victim_prio = e->u.wake.prio;
	} else {
		res->wake_cpu = res->timer_cpu = res->run_cpu;
	}
	if (ch->timer >= 0) {
		res->timer_ns = ev[ch->timer].ts_ns;
		res->timer_cpu = ev[ch->timer].cpu;
		memcpy(res->timer_function, ev[ch->timer].u.hrt.function, RTW_NAME_LEN);
	}
}

/* blame_timer_phase - the timer delay [@d, @t]: the slack first, then what kept the timer */
static void blame_timer_phase(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
			      const struct timeline *tl, struct blame_acc *acc, uint64_t d,
			      uint64_t t)
{
	struct blame_result *res = acc->res;
	uint64_t slack, tw, from;

	long st = blame_chain_timer_start(ev, ch, res->spike.tid);

	if (st >= 0) { /* the range the thread armed: its slack then, whoever changed it since */
		slack = event_hrtimer_slack_ns(&ev[st]);
		if (res->spike.slack_ns >= 0 && (uint64_t)res->spike.slack_ns != slack)
			res->slack_said_ns = res->spike.slack_ns;
	} else if (res->spike.slack_ns >= 0) {
		slack = (uint64_t)res->spike.slack_ns;
	} else {
		slack = res->victim_prio == TL_PRIO_UNKNOWN || !event_prio_is_rt(res->victim_prio)
				? RTW_DEFAULT_TIMER_SLACK_NS
				: 0;
	}
	res->slack_ns = (int64_t)slack;
	if (slack > t - d)
		slack = t - d;
	acc->phase = BLAME_PHASE_TIMER;
	if (slack) {
		struct blame_culprit key = { .kind = BLAME_TIMER_SLACK,
					     .pid = -1,
					     .irq = -1,
					     .cpu = res->timer_cpu,
					     .policy = -1,
					     .prio = TL_PRIO_UNKNOWN };

		blame_add(acc, &key, slack);
	}
	tw = blame_timer_thread(ev, ch, res);
	blame_holder_find(ev, n, ch, tl, res, acc->host, &acc->holder);
	if (acc->holder.usual_ns) {
		res->holder_split_pid = acc->holder.pid;
		res->holder_covers = acc->holder.covers;
		res->holder_run_ns = acc->holder.end_ns - acc->holder.start_ns;
		res->holder_usual_ns = acc->holder.usual_ns;
		res->holder_nr_runs = acc->holder.nr_runs;
		res->holder_extra_ns = acc->holder.extra_ns;
	}
	acc->timer_hard = ch->timer >= 0 && (ev[ch->timer].flags & RTW_F_HARDIRQ);
	from = d + slack;
	if (tw > from && tw < t) {
		blame_walk(tl, res->timer_cpu, from, tw, acc);
		from = tw;
	}
	acc->timer_waits = tw && tw <= from;
	blame_walk(tl, res->timer_cpu, from, t, acc);
	acc->timer_waits = acc->timer_hard = false;
}

/* blame_coverage - is the trace whole on the CPUs that mattered, and the chain in it? */
static void blame_coverage(const struct rtw_event *ev, size_t n, const struct timeline *tl,
			   const struct blame_chain *ch, struct blame_result *res)
{
	int cpus[4], nr_cpus = 0, i;

	for (i = 0; i < 3; i++) {
		int c = i == 0 ? res->timer_cpu : (i == 1 ? res->wake_cpu : res->run_cpu);
		int k;

		for (k = 0; k < nr_cpus && cpus[k] != c; k++)
			;
		if (k == nr_cpus && c >= 0)
			cpus[nr_cpus++] = c;
	}
	blame_check_coverage(ev, n, tl, cpus, nr_cpus, res);
	if (res->spike.timer_only) { /* no wakeup belongs to it: its timer's expiry does */
		if (res->complete && ch->timer < 0) {
			res->complete = false;
			snprintf(res->incomplete_why, sizeof(res->incomplete_why),
				 "no timer expiry on CPU %d at its wake time", res->spike.cpu);
		}
	} else if (res->complete && ch->switch_in < 0) {
		res->complete = false;
		res->untraced_wakeup = true;
		snprintf(res->incomplete_why, sizeof(res->incomplete_why),
			 "no sched_switch to thread %d before its wake time", res->spike.tid);
	} else if (res->complete && ch->waking < 0) {
		res->complete = false;
		res->untraced_wakeup = true;
		snprintf(res->incomplete_why, sizeof(res->incomplete_why),
			 "no wakeup of thread %d in the trace", res->spike.tid);
	}
}

/* @tl: the timeline built from @ev, kept for the caller (timeline_free() it) */
static int blame_explain_repaired(const struct rtw_event *ev, size_t n,
				  const struct blame_spike *spike, const struct blame_host *host,
				  struct blame_result *res, struct timeline *tl)
{
	struct blame_acc acc = { .res = res,
				 .tid = spike->tid,
				 .host = host ? &host->cause : NULL };
	struct blame_chain ch;
	uint64_t d = spike->deadline_ns, w = spike->wake_ns, t, s;
	int ret;

	memset(res, 0, sizeof(*res));
	res->spike = *spike;
	res->timer_cpu = res->wake_cpu = res->run_cpu = res->tail_cpu = -1;
	res->victim_prio = TL_PRIO_UNKNOWN;
	res->verdict_culprit = -1;
	res->slack_said_ns = -1;
	if (w < d)
		return -EINVAL;
	if (!n)
		return -ENODATA;
	res->latency_ns = w - d;
	res->window_start_ns = ev[0].ts_ns;
	res->window_end_ns = ev[n - 1].ts_ns;

	blame_kernel_facts(ev, n, host, res);
	/* the kernel's tick where known: a stalling CPU's late ticks can fit a slower one */
	ret = timeline_build_from(tl, ev, n, spike->trace_start_ns, w, res->kernel.tick_ns,
				  res->kernel.preempt);
	if (ret)
		return ret;

	blame_chain_find(ev, n, spike, &ch);
	blame_from_chain(ev, &ch, spike, res);
	/* the tick: the kernel's config, else the ticks of the CPU the thread waited on */
	res->tick_ns = res->kernel.tick_ns;
	if (!res->tick_ns)
		res->tick_ns = tick_period_ns(ev, n, res->run_cpu, w);
	if (!res->tick_ns)
		res->tick_ns = tl->tick_ns;

	/* phase boundaries, clamped into [D, W]; a spike that ends at its timer's expiry is all
	 * timer delay (the callback's own start up to W too: the interrupt had come) */
	t = spike->timer_only ? w
	    : res->timer_ns   ? res->timer_ns
			      : (res->waking_ns ? res->waking_ns : d);
	t = t < d ? d : (t > w ? w : t);
	s = res->switch_ns ? res->switch_ns : t;
	s = s < t ? t : (s > w ? w : s);
	res->phase_ns[BLAME_PHASE_TIMER] = t - d;
	res->phase_ns[BLAME_PHASE_SCHED] = s - t;
	res->phase_ns[BLAME_PHASE_RETURN] = w - s;

	blame_timer_phase(ev, n, &ch, tl, &acc, d, t);
	blame_sched_phase(ev, &ch, tl, &acc, t, s);
	acc.phase = BLAME_PHASE_RETURN;
	blame_walk(tl, res->run_cpu, s, w, &acc);
	blame_keep(&acc);

	blame_resched_find(ev, n, &ch, res);
	blame_coverage(ev, n, tl, &ch, res);

	qsort(res->culprit, (size_t)res->nr_culprits, sizeof(res->culprit[0]), blame_cmp_culprit);
	cause_find(ev, n, tl, host, res);
	blame_resolve_policies(res, host);
	blame_resched_held(ev, &ch, res);
	blame_culprit_facts(ev, n, host, res);
	verdict_decide(res, host);
	return 0;
}
