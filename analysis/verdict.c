// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict - the verdict table: per verdict a rule (does it hold for this
 * spike, and which culprit does it name?) and a wording (its text and its
 * hint; the wordings are verdict_words.c's and verdict_cause.c's).
 * verdict_decide() tries the rules in table order; see verdict.h for how to
 * add one.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict.h"
#include "analysis/verdict_cause.h"
#include "analysis/verdict_words.h"

#define VERDICT_IDLE_EXIT_MAX_NS   500000 /* longer "idle" before a timer is not the C-state */
#define VERDICT_NON_PREEMPT_MIN_NS 100000
#define VERDICT_NO		   (-2) /* a rule's answer: does not hold */

/* What the rules look at. */
struct verdict_facts {
	const struct blame_result *res;
	const struct blame_culprit
		*c;	/* the largest culprit but the thread and "others", or NULL */
	int culprit;	/* its index, -1 */
	bool victim_rt; /* the thread has a real-time (or deadline) priority */
	bool occ_rt;	/* @c ran with a real-time priority or policy */
};

/* a verdict's rule: the culprit it names (-1 none) when it holds, else VERDICT_NO */
typedef int (*verdict_rule_fn)(const struct verdict_facts *f);
/* a verdict's wording: BLAME_TEXT_LEN bytes of @text, BLAME_HINT_LEN of @hint */
typedef void (*verdict_words_fn)(const struct verdict_words *w, char *text, char *hint);

struct verdict_type {
	enum blame_verdict kind;
	const char *name; /* in JSON and text: "tick_wait" */
	verdict_rule_fn rule;
	verdict_words_fn words;
};

static bool verdict_is_task(const struct verdict_facts *f)
{
	return f->c && f->c->kind == BLAME_TASK;
}

static int verdict_if(bool holds, const struct verdict_facts *f)
{
	return holds ? f->culprit : VERDICT_NO;
}

/* ---- the rules ------------------------------------------------------------------------ */

static int verdict_rule_incomplete(const struct verdict_facts *f)
{
	return verdict_if(!f->res->complete, f);
}

/*
 * verdict_silent_gap - The largest unaccounted culprit, when the largest culprit's time is
 * almost all the start of silences that ran on past a due tick (timeline.h: silent_head) and
 * those silences, with the unaccounted time, hold most of the latency: the grid gives the
 * task the time up to the tick, but no event shows it ran, and from the tick on the CPU
 * surely did not run this system. Naming the task there would claim what the trace does not
 * show (a 6.1-rt lab spike: rcu_preempt switched in, then 6.7 ms of nothing, "higher_priority"
 * for its 3.8 ms up to the missed tick). -1 otherwise.
 */
static int verdict_silent_gap(const struct verdict_facts *f)
{
	const struct blame_result *r = f->res;
	uint64_t gap_ns, silent_ns;
	int top;

	if (!f->c || !blame_culprit_is_thread(f->c))
		return -1;
	/* a task above the thread that runs for a known time: how long it ran says it */
	if (r->holder_covers && f->c->pid == r->holder_split_pid)
		return -1;
	/* almost all of it (3/4): a task seen running before its silence keeps its claim */
	silent_ns = f->c->silent_ns < f->c->ns ? f->c->silent_ns : f->c->ns;
	if (silent_ns * 4 <= f->c->ns * 3)
		return -1;
	gap_ns = blame_unaccounted_ns(r, &top);
	return top >= 0 && (gap_ns + silent_ns) * 2 > r->latency_ns ? top : -1;
}

/*
 * verdict_stall_apart - The largest unaccounted culprit, when the largest culprit holds part
 * of a stall as its own (stall_ns: within how long it runs, blame_holder.h) and the time no
 * event shows, counted apart, is still more than its: the stall is the larger part. -1
 * otherwise.
 */
static int verdict_stall_apart(const struct verdict_facts *f)
{
	uint64_t gap_ns;
	int top;

	if (!f->c ||
	    (!f->c->stall_ns && !(f->res->holder_covers && f->c->pid == f->res->holder_split_pid)))
		return -1;
	gap_ns = blame_unaccounted_ns(f->res, &top);
	return top >= 0 && gap_ns > f->c->ns ? top : -1;
}

static int verdict_rule_invisible(const struct verdict_facts *f)
{
	const struct blame_result *r = f->res;
	int silent;

	/*
	 * The thread's own return path (switch-in -> clock read) is a few microseconds; when it
	 * holds most of the latency, time passed that no event shows: the CPU did not run this
	 * system or had interrupts off while the thread was already on it. The culprits add up
	 * to the latency, largest first: only the first can hold most of it.
	 */
	if (r->nr_culprits && r->culprit[0].victim && r->culprit[0].kind == BLAME_TASK &&
	    r->culprit[0].ns * 2 > r->latency_ns)
		return 0;
	if (!f->c)
		return -1;
	silent = verdict_silent_gap(f);
	if (silent < 0)
		silent = verdict_stall_apart(f);
	if (silent >= 0)
		return silent;
	return verdict_if(f->c->kind == BLAME_UNACCOUNTED ||
				  (f->c->kind == BLAME_IDLE && f->c->ns > VERDICT_IDLE_EXIT_MAX_NS),
			  f);
}

static int verdict_rule_timer_slack(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->kind == BLAME_TIMER_SLACK, f);
}

static int verdict_rule_idle_exit(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->kind == BLAME_IDLE && f->c->ns <= VERDICT_IDLE_EXIT_MAX_NS,
			  f);
}

static int verdict_rule_irq(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->kind == BLAME_HARDIRQ, f);
}

static int verdict_rule_softirq(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->kind == BLAME_SOFTIRQ, f);
}

/*
 * An IRQ thread of a lower priority than the thread's held it off only where it could not
 * be preempted (a softirq with BH off without PREEMPT_RT, a spinlock, a preempt- or IRQs-off
 * section): that is non_preemptible, whose hint does not ask for a priority it has.
 */
static int verdict_rule_irq_thread(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->kind == BLAME_IRQ_THREAD &&
				  !(f->victim_rt && f->c->prio != TL_PRIO_UNKNOWN &&
				    f->c->prio > f->res->victim_prio),
			  f);
}

static int verdict_rule_migration(const struct verdict_facts *f)
{
	return verdict_if(verdict_is_task(f) && f->res->migrated && f->c->cpu != f->res->run_cpu,
			  f);
}

static int verdict_rule_higher_priority(const struct verdict_facts *f)
{
	return verdict_if(verdict_is_task(f) && f->occ_rt &&
				  (!f->victim_rt || f->c->prio <= f->res->victim_prio),
			  f);
}

/* Asked to yield early, yet kept running: a kernel section. */
static bool verdict_kernel_section(const struct blame_result *r)
{
	uint64_t after_resched =
		r->resched_ns && r->switch_ns > r->resched_ns ? r->switch_ns - r->resched_ns : 0;

	return after_resched > VERDICT_NON_PREEMPT_MIN_NS &&
	       after_resched * 4 > r->phase_ns[BLAME_PHASE_SCHED];
}

/* The culprit itself kept the CPU long after need-resched was set (and so did not yield). */
static bool verdict_held_resched(const struct blame_culprit *c)
{
	return c && c->resched_held_ns > VERDICT_NON_PREEMPT_MIN_NS &&
	       c->resched_held_ns * 4 > c->ns;
}

static int verdict_rule_tick_wait(const struct verdict_facts *f)
{
	return verdict_if(verdict_is_task(f) && !f->occ_rt && !f->victim_rt &&
				  !verdict_kernel_section(f->res) && !verdict_held_resched(f->c),
			  f);
}

/* What is left of a task: fair tasks in a kernel section, or an RT thread held up by a
 * lower-priority task or IRQ thread. */
static int verdict_rule_non_preemptible(const struct verdict_facts *f)
{
	return verdict_if(verdict_is_task(f) || (f->c && f->c->kind == BLAME_IRQ_THREAD), f);
}

/* ---- the rules of the kernel's mechanisms (cause.h) --------------------------------------- */

static int verdict_role_culprit(const struct blame_result *r, enum blame_role role)
{
	int i;

	for (i = 0; i < r->nr_culprits; i++)
		if (r->culprit[i].role == role)
			return i;
	return -1;
}

/* The RT tasks of the CPU were throttled (or one of it and the fair server: untold). */
static int verdict_rule_rt_throttled(const struct verdict_facts *f)
{
	const struct cause_bandwidth *bw = &f->res->cause.bw;

	if ((bw->kind != CAUSE_BW_RT_THROTTLED && bw->kind != CAUSE_BW_UNTOLD) ||
	    bw->held_ns * 2 <= f->res->latency_ns)
		return VERDICT_NO;
	return verdict_role_culprit(f->res, BLAME_ROLE_RT_BUDGET);
}

static int verdict_rule_fair_server(const struct verdict_facts *f)
{
	const struct cause_bandwidth *bw = &f->res->cause.bw;
	int i;

	if (bw->kind != CAUSE_BW_FAIR_SERVER || bw->held_ns * 2 <= f->res->latency_ns)
		return VERDICT_NO;
	i = verdict_role_culprit(f->res, BLAME_ROLE_STARVER);
	return i >= 0 ? i : f->culprit; /* the starver unknown: the fair task that ran */
}

static int verdict_rule_lock_wait(const struct verdict_facts *f)
{
	const struct cause_pi *pi = &f->res->cause.pi;

	if (pi->kind != CAUSE_PI_LOCK_WAIT || pi->wait_ns * 2 <= f->res->latency_ns)
		return VERDICT_NO;
	return verdict_role_culprit(f->res, BLAME_ROLE_HOLDER);
}

static int verdict_rule_priority_inversion(const struct verdict_facts *f)
{
	const struct cause_pi *pi = &f->res->cause.pi;

	if (pi->kind != CAUSE_PI_INVERSION || pi->wait_ns * 2 <= f->res->latency_ns)
		return VERDICT_NO;
	return verdict_role_culprit(f->res, BLAME_ROLE_MIDDLE);
}

/* migration/N ran ahead: named as what it is, however small a share (ps says FIFO 99) */
static int verdict_rule_stop_work(const struct verdict_facts *f)
{
	int i = verdict_role_culprit(f->res, BLAME_ROLE_STOPPER);

	if (i < 0 || (i != f->culprit && f->res->culprit[i].ns * 5 < f->res->latency_ns))
		return VERDICT_NO;
	return i;
}

/* The thread itself was stopped (T) or held by its tracer (t) for most of the latency. */
static int verdict_rule_stopped(const struct verdict_facts *f)
{
	const struct offcpu_stop *st = &f->res->cause.stopped;

	return st->kind != OFFCPU_STOP_NONE && st->held_ns * 2 > f->res->latency_ns ? -1
										    : VERDICT_NO;
}

/*
 * The thread itself was frozen by the cgroup freezer for most of the latency: in a window
 * that lacks events (the thaw's switch-in untraced), for 90% of it at least, freeze and thaw
 * both seen.
 */
static int verdict_rule_frozen(const struct verdict_facts *f)
{
	const struct offcpu_frozen *fz = &f->res->cause.frozen;
	const uint64_t lat = f->res->latency_ns;

	if (fz->how == OFFCPU_FROZEN_NONE)
		return VERDICT_NO;
	return (f->res->complete ? fz->held_ns * 2 > lat : fz->held_ns * 10 >= lat * 9)
		       ? -1
		       : VERDICT_NO;
}

/* Its group out of CPU quota held the thread off the CPU for most of the latency. */
static int verdict_rule_cfs_throttled(const struct verdict_facts *f)
{
	const struct offcpu_cfs *cfs = &f->res->cause.cfs;

	return cfs->seen && cfs->held_ns * 2 > f->res->latency_ns ? f->culprit : VERDICT_NO;
}

/* stop_machine() held the CPU for most of the spike: named whoever the culprits are (the
 * stopper's time with interrupts off is "unaccounted": no event shows it) */
static int verdict_rule_stop_machine(const struct verdict_facts *f)
{
	const struct cause_stop *st = &f->res->cause.stop;
	int i;

	if (!st->machine || st->machine_ns * 2 <= f->res->latency_ns)
		return VERDICT_NO;
	for (i = 0; i < f->res->nr_culprits; i++)
		if (f->res->culprit[i].pid == st->pid && f->res->culprit[i].kind == BLAME_TASK)
			return i;
	return f->culprit;
}

static int verdict_rule_pi_boost(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->role == BLAME_ROLE_BOOSTED, f);
}

/* What the last resort ruled out, from what the other rules found (they did not hold). */
static uint32_t verdict_ruled_out(const struct verdict_words *w)
{
	const struct blame_result *r = w->res;
	/* the gap has no event at all (one inside an interrupt or softirq: no other one) */
	uint32_t ro = CAUSE_RO_TASK | (w->c && w->c->name[0] ? 0 : CAUSE_RO_IRQ);

	if (r->complete)
		ro |= CAUSE_RO_LOST;
	if (r->cause.bw.kind == CAUSE_BW_NONE)
		ro |= CAUSE_RO_BANDWIDTH;
	/* not while a stopper was the task that showed nothing: it may have been the cause */
	if (!r->cause.stop.seen && !r->cause.stop.machine &&
	    !(w->c && w->c->pid > 0 && event_comm_is_stopper(w->c->comm)))
		ro |= CAUSE_RO_STOPPER;
	if (r->cause.pi.kind == CAUSE_PI_NONE)
		ro |= CAUSE_RO_LOCK;
	if (w->smi && w->smi->counted && !w->smi->count)
		ro |= CAUSE_RO_SMI;
	return ro;
}

/* ---- the table: rules tried in this order ---------------------------------------------- */

static const struct verdict_type verdict_table[] = {
	/* a freeze seen from its start to its thaw is the spike, whatever events are missing */
	{ BLAME_V_FROZEN, "frozen", verdict_rule_frozen, verdict_cause_frozen },
	{ BLAME_V_INCOMPLETE, "incomplete", verdict_rule_incomplete, verdict_words_incomplete },
	/* the kernel's mechanisms first: what occupied the CPU does not tell them */
	{ BLAME_V_STOPPED, "stopped", verdict_rule_stopped, verdict_cause_stopped },
	{ BLAME_V_CFS_THROTTLED, "cfs_throttled", verdict_rule_cfs_throttled,
	  verdict_cause_cfs_throttled },
	{ BLAME_V_RT_THROTTLED, "rt_throttled", verdict_rule_rt_throttled,
	  verdict_cause_rt_throttled },
	{ BLAME_V_FAIR_SERVER, "fair_server", verdict_rule_fair_server, verdict_cause_fair_server },
	{ BLAME_V_LOCK_WAIT, "lock_wait", verdict_rule_lock_wait, verdict_cause_lock_wait },
	{ BLAME_V_PRIORITY_INVERSION, "priority_inversion", verdict_rule_priority_inversion,
	  verdict_cause_priority_inversion },
	{ BLAME_V_STOP_MACHINE, "stop_machine", verdict_rule_stop_machine,
	  verdict_cause_stop_machine },
	{ BLAME_V_STOP_WORK, "stop_work", verdict_rule_stop_work, verdict_cause_stop_work },
	{ BLAME_V_INVISIBLE, "invisible", verdict_rule_invisible, verdict_words_invisible },
	{ BLAME_V_TIMER_SLACK, "timer_slack", verdict_rule_timer_slack, verdict_words_timer_slack },
	{ BLAME_V_IDLE_EXIT, "idle_exit", verdict_rule_idle_exit, verdict_words_idle_exit },
	{ BLAME_V_IRQ, "irq", verdict_rule_irq, verdict_words_irq },
	{ BLAME_V_SOFTIRQ, "softirq", verdict_rule_softirq, verdict_words_softirq },
	{ BLAME_V_PI_BOOST, "pi_boost", verdict_rule_pi_boost, verdict_cause_pi_boost },
	{ BLAME_V_IRQ_THREAD, "irq_thread", verdict_rule_irq_thread, verdict_words_irq_thread },
	{ BLAME_V_MIGRATION, "migration", verdict_rule_migration, verdict_words_migration },
	{ BLAME_V_HIGHER_PRIORITY, "higher_priority", verdict_rule_higher_priority,
	  verdict_words_higher_priority },
	{ BLAME_V_TICK_WAIT, "tick_wait", verdict_rule_tick_wait, verdict_words_tick_wait },
	{ BLAME_V_NON_PREEMPTIBLE, "non_preemptible", verdict_rule_non_preemptible,
	  verdict_words_non_preemptible },
};

static const struct verdict_type *verdict_type_of(enum blame_verdict v)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(verdict_table); i++)
		if (verdict_table[i].kind == v)
			return &verdict_table[i];
	return NULL;
}

const char *verdict_name(enum blame_verdict v)
{
	const struct verdict_type *t = verdict_type_of(v);

	return t ? t->name : "?";
}

static void verdict_facts(const struct blame_result *res, struct verdict_facts *f)
{
	int i;

	memset(f, 0, sizeof(*f));
	f->res = res;
	f->culprit = -1;
	for (i = 0; i < res->nr_culprits; i++) {
		const struct blame_culprit *c = &res->culprit[i];

		if (!c->victim && c->ns && !blame_culprit_is_others(c)) {
			f->culprit = i;
			f->c = c;
			break;
		}
	}
	f->victim_rt = res->victim_prio != TL_PRIO_UNKNOWN && event_prio_is_rt(res->victim_prio);
	if (f->c)
		f->occ_rt = f->c->prio != TL_PRIO_UNKNOWN ? event_prio_is_rt(f->c->prio)
							  : blame_policy_is_rt(f->c->policy);
}

void verdict_decide(struct blame_result *res, const struct blame_host *host)
{
	const struct verdict_type *t = NULL;
	struct verdict_facts f;
	struct verdict_words w = { .res = res,
				   .steal_ns = host ? host->steal_ns : -1,
				   .smi = host ? &host->smi : NULL };
	int culprit = -1;
	size_t i;

	verdict_facts(res, &f);
	for (i = 0; i < ARRAY_SIZE(verdict_table) && !t; i++) {
		culprit = verdict_table[i].rule(&f);
		if (culprit != VERDICT_NO)
			t = &verdict_table[i];
	}
	if (!t) { /* every culprit kind has a rule: not reached */
		t = verdict_type_of(BLAME_V_INVISIBLE);
		culprit = f.culprit;
	}
	res->verdict = t->kind;
	res->verdict_culprit = culprit;
	res->cause.evidence.steal_ns = host ? host->steal_ns : -1;
	res->cause.evidence.steal_per_cpu = host && host->steal_per_cpu;
	res->cause.evidence.steal_span_ns = host ? host->steal_span_ns : 0;
	w.c = culprit >= 0 ? &res->culprit[culprit] : NULL;
	res->cause.evidence.ruled_out = t->kind == BLAME_V_INVISIBLE ? verdict_ruled_out(&w) : 0;
	if (w.c) {
		blame_culprit_label(w.c, w.who, sizeof(w.who));
		w.us = (unsigned long long)(w.c->ns / NSEC_PER_USEC);
		w.pct = res->latency_ns ? 100.0 * (double)w.c->ns / (double)res->latency_ns : 0.0;
	}
	w.cpu = w.c ? w.c->cpu : res->run_cpu;
	t->words(&w, res->text, res->hint);
}
