// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict - the verdict table: per verdict a rule (does it hold for this
 * spike, and which culprit does it name?) and a wording (its text and its
 * hint). verdict_decide() tries the rules in table order; see verdict.h for
 * how to add one.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict.h"

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

/* What the wordings start from. */
struct verdict_words {
	const struct blame_result *res;
	const struct blame_culprit *c; /* the culprit the verdict names, or NULL */
	char who[96];		       /* its label (blame_culprit_label()), "" if none */
	unsigned long long us;	       /* its time */
	double pct;		       /* its share of the latency, in % */
	int cpu;		       /* its CPU, else where the thread ran */
	int64_t steal_ns;	       /* host steal time around the spike, -1 unknown */
	const struct blame_smi *smi;   /* --smi: the count around the spike, NULL none */
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

static int verdict_rule_invisible(const struct verdict_facts *f)
{
	const struct blame_result *r = f->res;

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

static int verdict_rule_irq_thread(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->kind == BLAME_IRQ_THREAD, f);
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
 * lower-priority task. */
static int verdict_rule_non_preemptible(const struct verdict_facts *f)
{
	return verdict_if(verdict_is_task(f), f);
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

static int verdict_rule_pi_boost(const struct verdict_facts *f)
{
	return verdict_if(f->c && f->c->role == BLAME_ROLE_BOOSTED, f);
}

/* ---- the words ------------------------------------------------------------------------ */

/*
 * How a hint names a culprit task: a per-CPU kernel thread by what it is
 * ("the CPU's ksoftirqd thread", not "ksoftirqd/0": nobody can move it),
 * rtwhy's own main thread as such.
 */
static void verdict_hint_name(const struct blame_culprit *c, char *buf, size_t len)
{
	char base[RTW_COMM_LEN];

	if (!c)
		snprintf(buf, len, "the task");
	else if (c->flags & BLAME_C_SELF)
		snprintf(buf, len, "rtwhy's own %s", blame_culprit_self_name(c));
	else if ((c->flags & BLAME_C_PINNED) &&
		 event_comm_is_percpu_kthread(c->comm, base, sizeof(base)))
		snprintf(buf, len, "the %s kernel thread of CPU %d", base, c->cpu);
	else if (c->flags & BLAME_C_PINNED)
		snprintf(buf, len, "the kernel thread pid %d", c->pid);
	else
		snprintf(buf, len, "%s", c->comm[0] ? c->comm : "the task");
}

/* The second half of a hint: how to get @c off CPU @cpu, where it can be. */
static void verdict_move_away(const struct blame_culprit *c, int cpu, char *buf, size_t len)
{
	char base[RTW_COMM_LEN] = "";

	if (c && (c->flags & BLAME_C_SELF)) {
		/* the explaining thread follows --mainaffinity when it is given (run.c) */
		snprintf(buf, len,
			 "keep rtwhy's own %s off CPU %d with --mainaffinity (a CPU no "
			 "measuring thread uses)",
			 blame_culprit_self_name(c), cpu);
		return;
	}
	if (!c || !(c->flags & BLAME_C_PINNED)) {
		snprintf(buf, len, "keep %s off CPU %d (taskset, isolcpus)",
			 c && c->comm[0] ? c->comm : "other tasks", cpu);
		return;
	}
	event_comm_is_percpu_kthread(c->comm, base, sizeof(base));
	if (!strcmp(base, "rcuc"))
		snprintf(buf, len,
			 "offload CPU %d's RCU callbacks (rcu_nocbs=%d): its rcuc kernel thread is "
			 "per-CPU and cannot move",
			 cpu, cpu);
	else if (!strcmp(base, "ksoftirqd") || !strcmp(base, "ktimers"))
		snprintf(buf, len,
			 "move the load that raises its softirqs (timers, network, block I/O) off "
			 "CPU %d: its %s kernel thread is per-CPU and cannot move",
			 cpu, base);
	else if (!strcmp(base, "kworker"))
		snprintf(buf, len,
			 "move the work queued on CPU %d elsewhere (what queues it: the function "
			 "or workqueue tracer): its kworker is bound to the CPU",
			 cpu);
	else
		snprintf(
			buf, len,
			"keep what wakes it off CPU %d: the %s kernel thread is per-CPU and cannot "
			"move",
			cpu, base[0] ? base : "kernel");
}

/* " (640 us of it the BLOCK softirq, run inside it)" for a thread that ran a softirq */
static void verdict_softirq_note(const struct blame_culprit *c, char *buf, size_t len)
{
	if (c && c->softirq_ns >= NSEC_PER_USEC)
		snprintf(buf, len, " (%llu us of it the %s softirq, run inside it)",
			 (unsigned long long)(c->softirq_ns / NSEC_PER_USEC), c->softirq);
	else
		buf[0] = '\0';
}

static void verdict_tick_words(const struct blame_result *res, char *buf, size_t len)
{
	if (res->tick_ns)
		snprintf(buf, len, " (tick period %llu us, HZ=%llu)",
			 (unsigned long long)(res->tick_ns / NSEC_PER_USEC),
			 (unsigned long long)((NSEC_PER_SEC + res->tick_ns / 2) / res->tick_ns));
	else
		buf[0] = '\0';
}

static void verdict_words_tick_wait(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;
	const struct blame_culprit *c = w->c;
	char until[96], tick[64], away[150];

	verdict_tick_words(res, tick, sizeof(tick));
	if (res->occupant_blocked && c && c->pid == res->handover_pid)
		snprintf(until, sizeof(until), "until %s gave the CPU up (it went to sleep)",
			 c->comm);
	else if (res->resched_by_tick || !res->resched_ns)
		snprintf(until, sizeof(until), "for the next scheduler tick%s", tick);
	else
		snprintf(until, sizeof(until), "until the scheduler preempted it at %+lld us",
			 (long long)((int64_t)(res->resched_ns - res->spike.deadline_ns) /
				     (int64_t)NSEC_PER_USEC));
	verdict_move_away(c, w->cpu, away, sizeof(away));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s kept CPU %d for %llu us (%.1f%% of the latency) after the thread was "
		 "woken: both are fair-class (SCHED_OTHER) tasks and the wakeup did not "
		 "preempt it%s, so the thread waited %s.",
		 w->who, w->cpu, w->us, w->pct,
		 res->resched_at_wakeup ? " (need-resched was set, yet another fair task ran "
					  "first)"
		 : res->lazy_at_wakeup	? " (only lazy need-resched was set)"
					: " (no need-resched at wakeup)",
		 until);
	snprintf(hint, BLAME_HINT_LEN,
		 "Run the measuring thread with a real-time policy (-p 99 for SCHED_FIFO), "
		 "or %s.",
		 away);
}

/* A SCHED_DEADLINE task: above every RT priority, so the usual hint would be wrong. */
static void verdict_words_deadline(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;
	char res_words[96] = "";

	if (c->dl_runtime_ns && c->dl_period_ns)
		snprintf(res_words, sizeof(res_words),
			 ", SCHED_DEADLINE runtime %llu us every %llu us",
			 (unsigned long long)(c->dl_runtime_ns / NSEC_PER_USEC),
			 (unsigned long long)(c->dl_period_ns / NSEC_PER_USEC));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran on CPU %d for %llu us (%.1f%% of the latency%s) while the thread "
		 "(priority %d) waited: SCHED_DEADLINE runs before every RT task, SCHED_FIFO 99 "
		 "included, as long as its runtime lasts in each period.",
		 w->who, w->cpu, w->us, w->pct, res_words, event_user_prio(w->res->victim_prio));
	snprintf(hint, BLAME_HINT_LEN,
		 "No RT priority is above SCHED_DEADLINE: shorten %s's runtime (sched_setattr, "
		 "chrt -d --sched-runtime), keep DL tasks off CPU %d with an exclusive cpuset (a "
		 "DL task cannot be pinned with taskset), or make the measured work "
		 "SCHED_DEADLINE too.",
		 c->comm, w->cpu);
}

static void verdict_words_higher_priority(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;
	const struct blame_culprit *c = w->c;
	char name[64], away[150], note[96];

	if (c && c->prio < 0 && c->prio != TL_PRIO_UNKNOWN) {
		verdict_words_deadline(w, text, hint);
		return;
	}

	verdict_hint_name(c, name, sizeof(name));
	verdict_softirq_note(c, note, sizeof(note));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran on CPU %d for %llu us (%.1f%% of the latency)%s while the thread "
		 "(%s priority %d) waited: its priority is %s, so the scheduler let it run.",
		 w->who, w->cpu, w->us, w->pct, note,
		 event_prio_is_rt(res->victim_prio) ? "real-time" : "fair-class",
		 event_user_prio(res->victim_prio),
		 c && c->prio == res->victim_prio ? "equal and it ran first" : "higher");
	if (c && (c->flags & (BLAME_C_PINNED | BLAME_C_SELF))) {
		verdict_move_away(c, w->cpu, away, sizeof(away));
		snprintf(hint, BLAME_HINT_LEN,
			 "Give the measuring thread a priority above %s (%s %d: -p %d or more), "
			 "or %s.",
			 name, blame_policy_name(c->policy), event_user_prio(c->prio),
			 c->prio != TL_PRIO_UNKNOWN ? event_user_prio(c->prio) + 1 : 99, away);
	} else {
		snprintf(hint, BLAME_HINT_LEN,
			 "Give the measuring thread a priority above %s's (-p), or move %s to "
			 "another CPU.",
			 name, name);
	}
}

/* " At the wakeup it was in a <- b <- c (the write system call)." of the culprit's stack */
static void verdict_stack_words(const struct verdict_words *w, char *buf, size_t len)
{
	const struct cause_stack *st = &w->res->cause.stack;
	char frames[400], call[48] = "";
	int i;

	buf[0] = '\0';
	if (!w->c || st->pid != w->c->pid || st->where == CAUSE_STACK_NONE)
		return;
	if (st->where == CAUSE_STACK_USER) {
		snprintf(buf, len,
			 " When the timer woke the thread, %s was in user space: its kernel "
			 "section began after that.",
			 w->c->comm);
		return;
	}
	for (i = 0; i < st->nr; i++) { /* the system call it came in by */
		const char *f = st->frame[i];

		if (!strncmp(f, "ksys_", 5) || !strncmp(f, "__do_sys_", 9) ||
		    !strncmp(f, "__x64_sys_", 10) || !strncmp(f, "__arm64_sys_", 12)) {
			snprintf(call, sizeof(call), " (the %.24s system call)",
				 strstr(f, "sys_") + 4);
			break;
		}
	}
	snprintf(buf, len, " When the timer woke the thread it was in %s%s.",
		 cause_stack_words(st, 8, frames, sizeof(frames)), call);
}

static void verdict_words_non_preemptible(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;
	char away[150], note[96], stack[512];

	verdict_move_away(w->c, w->cpu, away, sizeof(away));
	verdict_softirq_note(w->c, note, sizeof(note));
	verdict_stack_words(w, stack, sizeof(stack));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s kept CPU %d for %llu us (%.1f%% of the latency)%s although the scheduler "
		 "had asked it to give the CPU up%s: it was running kernel code that "
		 "cannot be preempted on this kernel.%s",
		 w->who, w->cpu, w->us, w->pct, note,
		 res->resched_ns || (w->c && w->c->resched_held_ns) ? " (need-resched was set)"
								    : "",
		 stack);
	if (res->kernel.preempt_rt > 0)
		snprintf(hint, BLAME_HINT_LEN,
			 "On PREEMPT_RT only raw spinlocks and preempt- or IRQs-off sections hold "
			 "off the scheduler: find the one it ran (the preemptirqsoff tracer), or "
			 "%s.",
			 away);
	else
		snprintf(hint, BLAME_HINT_LEN,
			 "Use a preemptible kernel (boot with preempt=full, or a PREEMPT_RT "
			 "kernel), or %s.",
			 away);
}

static void verdict_words_irq(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;

	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran for %llu us (%.1f%% of the latency) on CPU %d in hard IRQ context, "
		 "where nothing can preempt it.",
		 w->who, w->us, w->pct, w->cpu);
	if (c && c->irq >= 0 && (w->res->kernel.threaded_irqs > 0 || (c->flags & BLAME_C_THREADED)))
		snprintf(hint, BLAME_HINT_LEN,
			 "Move IRQ %d off CPU %d (/proc/irq/%d/smp_affinity_list): this part of "
			 "its handler runs in hard IRQ context even with threaded interrupts.",
			 c->irq, w->cpu, c->irq);
	else if (c && c->irq >= 0)
		snprintf(hint, BLAME_HINT_LEN,
			 "Move IRQ %d off CPU %d (/proc/irq/%d/smp_affinity_list), or boot "
			 "with threadirqs so its handler runs in a thread you can "
			 "prioritise.",
			 c->irq, w->cpu, c->irq);
	else
		snprintf(hint, BLAME_HINT_LEN,
			 "Find what triggers this interrupt on CPU %d (IPIs: other CPUs' "
			 "work; local timer: hrtimers and the tick) and move it away.",
			 w->cpu);
}

/* Softirqs a device's hard handler raises: with threadirqs they run in its thread. */
static bool verdict_device_softirq(const char *name)
{
	return !strcmp(name, "NET_RX") || !strcmp(name, "NET_TX") || !strcmp(name, "BLOCK") ||
	       !strcmp(name, "IRQ_POLL") || !strcmp(name, "TASKLET") || !strcmp(name, "HI");
}

static void verdict_words_softirq(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_kernel *k = &w->res->kernel;
	const char *name = w->c ? w->c->name : "it";
	char threads[96] = "";

	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran for %llu us (%.1f%% of the latency) on CPU %d before the thread "
		 "could run: a softirq run at a hard IRQ's exit or with bottom halves off "
		 "goes ahead of every task%s.",
		 w->who, w->us, w->pct, w->cpu,
		 k->preempt_rt > 0 ? "" : " on a kernel without PREEMPT_RT");
	/* a way that moves it into a thread, where the kernel does not do so already */
	if (k->preempt_rt <= 0 && k->threaded_irqs <= 0 && verdict_device_softirq(name))
		snprintf(threads, sizeof(threads),
			 ", or use threadirqs / PREEMPT_RT where softirqs run in threads");
	else if (k->preempt_rt <= 0)
		snprintf(threads, sizeof(threads),
			 ", or use PREEMPT_RT, where softirqs run in threads you can prioritise");
	snprintf(hint, BLAME_HINT_LEN, "Move the load that raises %s (%s) off CPU %d%s.", name,
		 verdict_device_softirq(name) ? "network or block I/O" : "timers, RCU, scheduling",
		 w->cpu, threads);
}

static void verdict_words_irq_thread(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;
	char note[96], bh[160] = "";

	verdict_softirq_note(c, note, sizeof(note));
	snprintf(text, BLAME_TEXT_LEN,
		 "The threaded handler of IRQ %d, %s, ran on CPU %d for %llu us (%.1f%% of "
		 "the latency)%s before the thread.",
		 c ? c->irq : -1, w->who, w->cpu, w->us, w->pct, note);
	/* without PREEMPT_RT a softirq in the thread runs with preemption off */
	if (c && c->softirq_ns * 2 > c->ns && w->res->kernel.preempt_rt < 0)
		snprintf(bh, sizeof(bh),
			 " (its %s softirq runs with preemption off on a kernel without "
			 "PREEMPT_RT: no priority preempts that part)",
			 c->softirq);
	snprintf(hint, BLAME_HINT_LEN,
		 "Give the measuring thread a priority above %s's (-p), or move IRQ %d off CPU "
		 "%d%s.",
		 c ? c->comm : "the handler", c ? c->irq : -1, w->cpu, bh);
}

static void verdict_words_idle_exit(const struct verdict_words *w, char *text, char *hint)
{
	snprintf(text, BLAME_TEXT_LEN,
		 "CPU %d was idle and took %llu us (%.1f%% of the latency) to come out of "
		 "idle for the timer.",
		 w->cpu, w->us, w->pct);
	snprintf(hint, BLAME_HINT_LEN,
		 "Keep the CPU out of deep idle states: hold /dev/cpu_dma_latency at 0 "
		 "(rtwhy does unless --default-system), or boot with "
		 "processor.max_cstate=1 / idle=poll.");
}

static void verdict_words_timer_slack(const struct verdict_words *w, char *text, char *hint)
{
	snprintf(text, BLAME_TEXT_LEN,
		 "The timer fired %llu us (%.1f%% of the latency) after the deadline, "
		 "within the thread's timer slack of %lld us: the kernel delays the "
		 "timers of non-real-time tasks by up to their slack to batch wakeups.",
		 w->us, w->pct, (long long)(w->res->slack_ns / (int64_t)NSEC_PER_USEC));
	snprintf(hint, BLAME_HINT_LEN,
		 "Use a real-time policy (-p), whose timers have no slack, or "
		 "--timerslack=1.");
}

static void verdict_words_migration(const struct verdict_words *w, char *text, char *hint)
{
	snprintf(text, BLAME_TEXT_LEN,
		 "The thread was woken onto CPU %d, where %s held the CPU for %llu us "
		 "(%.1f%% of the latency), and finally ran on CPU %d after a migration.",
		 w->res->wake_cpu, w->who, w->us, w->pct, w->res->run_cpu);
	snprintf(hint, BLAME_HINT_LEN,
		 "Pin the measuring thread to one CPU (-a) and keep other tasks off it.");
}

static void verdict_words_invisible(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;
	char steal[96] = "", during[48] = "", smi[192] = "";

	if (w->steal_ns > 0)
		snprintf(steal, sizeof(steal),
			 " The host stole %lld us of this machine's CPU time meanwhile.",
			 (long long)(w->steal_ns / (int64_t)NSEC_PER_USEC));
	if (w->smi && w->smi->counted)
		snprintf(smi, sizeof(smi),
			 " SMIs counted on CPU %d from %.1f ms before the deadline until the "
			 "explanation (--smi): %u%s",
			 w->smi->cpu, (double)w->smi->before_ns / 1e6, w->smi->count,
			 w->smi->count ? ", so an SMI is the likely cause." : ": not an SMI.");
	if (c && c->pid > 0)
		snprintf(during, sizeof(during), " while %s ran", c->comm);
	else if (c && c->pid == 0)
		snprintf(during, sizeof(during), " while idle");
	if (c && c->victim)
		snprintf(text, BLAME_TEXT_LEN,
			 "The thread was already back on CPU %d, yet %llu us (%.1f%% of the "
			 "latency) passed between its switch-in and its clock read with no "
			 "event at all on the CPU: interrupts were off, or the CPU was not "
			 "running this system (an SMI, or the hypervisor running something "
			 "else).%s%s",
			 w->cpu, w->us, w->pct, steal, smi);
	else
		snprintf(text, BLAME_TEXT_LEN,
			 "For %llu us (%.1f%% of the latency) CPU %d showed no event at "
			 "all%s: interrupts were off, or the CPU was not running this "
			 "system (an SMI, or the hypervisor running something else).%s%s",
			 w->us, w->pct, w->cpu, during, steal, smi);
	snprintf(hint, BLAME_HINT_LEN,
		 "On a virtual machine: give its vCPUs dedicated host CPUs; on bare metal: "
		 "look for SMIs (hwlatdetect, turbostat) and long IRQs-off sections.");
}

static void verdict_words_incomplete(const struct verdict_words *w, char *text, char *hint)
{
	snprintf(text, BLAME_TEXT_LEN,
		 "The trace does not cover the whole spike: %s. The culprits shown are "
		 "only what was visible%s%s.",
		 w->res->incomplete_why, w->c ? "; the largest is " : "", w->c ? w->who : "");
	if (!w->res->untraced_wakeup)
		snprintf(hint, BLAME_HINT_LEN,
			 "Rerun with a larger trace buffer (--buffer-kb) or fewer events.");
	else
		snprintf(hint, BLAME_HINT_LEN,
			 "Record sched:sched_switch and sched:sched_waking (or "
			 "sched_wakeup) with the timer and irq events: the thread's wakeup "
			 "is not in the trace.");
}

/* ---- the words of the kernel's mechanisms ---------------------------------------------- */

static double verdict_ms(uint64_t ns)
{
	return (double)ns / (double)NSEC_PER_MSEC;
}

/* "at +1234 us" / "1234 us before the deadline" */
static void verdict_when(const struct blame_result *r, uint64_t ts_ns, char *buf, size_t len)
{
	long long us =
		((long long)ts_ns - (long long)r->spike.deadline_ns) / (long long)NSEC_PER_USEC;

	if (us >= 0)
		snprintf(buf, len, "at +%lld us", us);
	else
		snprintf(buf, len, "%lld us before the deadline", -us);
}

/* The RT budget as the live run read it, or the kernel's default. */
static void verdict_budget_words(const struct cause_knobs *k, char *buf, size_t len)
{
	if (!k->rt_known) {
		snprintf(buf, len,
			 "by default 950 ms of every 1000 ms: sched_rt_runtime_us of "
			 "sched_rt_period_us");
		return;
	}
	if (k->cgroup_known && k->cgroup_rt_runtime_us != k->rt_runtime_us)
		snprintf(buf, len,
			 "%lld us of every %lld us: the root cpu cgroup's cpu.rt_runtime_us, "
			 "which is the live budget on this kernel (sched_rt_runtime_us says %lld)",
			 (long long)k->cgroup_rt_runtime_us, (long long)k->cgroup_rt_period_us,
			 (long long)k->rt_runtime_us);
	else
		snprintf(buf, len, "sched_rt_runtime_us = %lld of every sched_rt_period_us = %lld",
			 (long long)k->rt_runtime_us, (long long)k->rt_period_us);
}

/* "spinner (pid 3452, fifo 1), which did not sleep in the 20.0 ms of the trace[, and ...]" */
static void verdict_users_words(const struct verdict_words *w, const struct cause_bandwidth *bw,
				char *buf, size_t len)
{
	const struct cause_task *u = bw->nr_users ? &bw->user[0] : NULL;
	const char *sleeps;
	size_t used;
	int i;

	if (!u) {
		snprintf(
			buf, len,
			"an RT task that the trace does not show (only the waiting is in it): look "
			"for one on CPU %d that does not sleep",
			bw->cpu);
		return;
	}
	if (u->never_sleeps == 1)
		sleeps = ", which never sleeps (read live: still runnable, no voluntary "
			 "switch)";
	else if (u->never_sleeps == 0)
		sleeps = ", which does sleep now and then (read live)";
	else if (u->from_host)
		sleeps = " (runnable there when read live)";
	else if (!u->slept)
		sleeps = ", which did not sleep in the trace";
	else
		sleeps = "";
	used = (size_t)snprintf(buf, len, "%s%s", w->c && w->c->pid == u->pid ? w->who : u->comm,
				sleeps);
	for (i = 1; i < bw->nr_users && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s (pid %d, %.1f ms)",
					 i == 1 ? ", then " : ", ", bw->user[i].comm,
					 bw->user[i].pid, verdict_ms(bw->user[i].run_ns));
}

/*
 * What to do with the task that used the RT time (@throttled: of RT
 * throttling, else of the fair server): "make spinner block ...", or, for a
 * per-CPU kernel thread, which cannot move and runs only for what the CPU
 * gives it, where to look for the task that never sleeps and what loads it.
 */
static void verdict_budget_fix(const struct verdict_words *w, const struct cause_bandwidth *bw,
			       bool throttled, char *buf, size_t len)
{
	const struct blame_culprit *c = w->c;
	const char *who = bw->nr_users ? bw->user[0].comm : "the RT task that does not sleep";
	char name[48], away[224];

	if (c && bw->nr_users && c->pid == bw->user[0].pid && (c->flags & BLAME_C_PINNED)) {
		verdict_hint_name(c, name, sizeof(name));
		verdict_move_away(c, bw->cpu, away, sizeof(away));
		snprintf(buf, len,
			 "find it (ps -eLo pid,cls,rtprio,psr,comm); %s ran most of the RT time "
			 "seen: %s",
			 name, away);
	} else if (throttled) {
		snprintf(buf, len,
			 "make %s block (or run it SCHED_OTHER), or move it off CPU %d (taskset)",
			 who, bw->cpu);
	} else {
		snprintf(buf, len, "make %s block or move it", who);
	}
}

static void verdict_words_rt_throttled(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_bandwidth *bw = &r->cause.bw;
	char budget[160], users[224], during[112], end[128], when[40], fix[352];

	verdict_budget_words(&bw->knobs, budget, sizeof(budget));
	verdict_users_words(w, bw, users, sizeof(users));
	if (bw->fair_ns && bw->idle_ns * 10 > bw->held_ns)
		snprintf(during, sizeof(during),
			 "idled (%.1f ms) and ran fair tasks (%s %.1f ms and others)",
			 verdict_ms(bw->idle_ns), bw->fair_comm, verdict_ms(bw->fair_top_ns));
	else if (bw->fair_ns)
		snprintf(during, sizeof(during), "ran fair tasks (%s %.1f ms and others)",
			 bw->fair_comm, verdict_ms(bw->fair_top_ns));
	else
		snprintf(during, sizeof(during), "idled");
	verdict_when(r, bw->period_timer_ns, when, sizeof(when));
	if (bw->period_timer_ns)
		snprintf(end, sizeof(end),
			 "until the period timer (sched_rt_period_timer on CPU %d %s) gave the "
			 "budget back",
			 bw->period_timer_cpu, when);
	else
		snprintf(end, sizeof(end), "(the period timer that ends it is not in the trace)");
	if (bw->kind == CAUSE_BW_UNTOLD)
		snprintf(text, BLAME_TEXT_LEN,
			 "RT throttling or the fair server (the trace has no timer events to tell "
			 "which): CPU %d %s for %.1f ms while the thread (%s) was runnable, which "
			 "the scheduler does only when the CPU's RT tasks used their budget "
			 "(%s) or starved its fair tasks. The RT time was used by %s.",
			 bw->cpu, during, verdict_ms(bw->held_ns), r->victim_comm, budget, users);
	else
		snprintf(text, BLAME_TEXT_LEN,
			 "RT throttling: the RT tasks of CPU %d used their budget (%s); the kernel "
			 "stopped every RT task on CPU %d, the thread (%s, priority %d) included, "
			 "for %.1f ms while the CPU %s, %s. The budget was used by %s.",
			 bw->cpu, budget, bw->cpu, r->victim_comm, event_user_prio(r->victim_prio),
			 verdict_ms(bw->held_ns), during, end, users);
	verdict_budget_fix(w, bw, true, fix, sizeof(fix));
	snprintf(hint, BLAME_HINT_LEN,
		 "An RT task that never sleeps is the bug: %s. sched_rt_runtime_us=-1 turns "
		 "throttling off and lets it starve CPU %d's kernel threads for ever: only for "
		 "a task meant to own an isolated CPU, and when you know why.",
		 fix, bw->cpu);
}

static void verdict_words_fair_server(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_bandwidth *bw = &r->cause.bw;
	const struct cause_knobs *k = &bw->knobs;
	char server[48], users[224], start[80] = "", also[144] = "", when[40], fix[352];

	if (k->fair_known)
		snprintf(server, sizeof(server), "%llu ms every %llu ms",
			 (unsigned long long)(k->fair_runtime_ns / NSEC_PER_MSEC),
			 (unsigned long long)(k->fair_period_ns / NSEC_PER_MSEC));
	else
		snprintf(server, sizeof(server), "50 ms every 1 s by default");
	verdict_users_words(w, bw, users, sizeof(users));
	verdict_when(r, bw->server_timer_ns, when, sizeof(when));
	if (bw->server_timer_ns)
		snprintf(start, sizeof(start), ", from its dl_task_timer %s", when);
	else if (!bw->start_ns)
		snprintf(start, sizeof(start), " (its start is not in the trace)");
	verdict_when(r, bw->period_timer_ns, when, sizeof(when));
	if (bw->period_timer_ns)
		snprintf(also, sizeof(also),
			 " RT throttling was on too, but its period timer (%s) came first: the "
			 "server still held the CPU.",
			 when);
	snprintf(text, BLAME_TEXT_LEN,
		 "The fair server ran CPU %d's SCHED_OTHER tasks (%s %.1f ms and others) "
		 "ahead of every RT task for %.1f ms%s: RT tasks had starved them, so the "
		 "kernel's fair deadline server (%s) ran them while the thread (%s, priority %d) "
		 "waited. They were starved by %s.%s",
		 bw->cpu, bw->fair_pid > 0 ? bw->fair_comm : "fair tasks",
		 verdict_ms(bw->fair_top_ns), verdict_ms(bw->held_ns), start, server,
		 r->victim_comm, event_user_prio(r->victim_prio), users, also);
	verdict_budget_fix(w, bw, false, fix, sizeof(fix));
	snprintf(
		hint, BLAME_HINT_LEN,
		"The RT task that starves CPU %d is the bug: %s. Keep fair work (%s) off the RT "
		"CPU too. The server's budget is /sys/kernel/debug/sched/fair_server/cpu%d/runtime "
		"(0 turns it off and starves the fair tasks for ever).",
		bw->cpu, fix, bw->fair_pid > 0 ? bw->fair_comm : "fair tasks", bw->cpu);
}

/* "(through pilock 4920's lock, owned by 4921, owned by ...)" of a chain of owners */
static void verdict_chain_words(const struct cause_pi *pi, char *buf, size_t len)
{
	size_t used;
	int i;

	buf[0] = '\0';
	if (pi->nr_chain < 2)
		return;
	used = (size_t)snprintf(buf, len, " (a chain of locks: %d", pi->waiter_pid);
	for (i = 0; i < pi->nr_chain && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " waits for %d", pi->chain_pid[i]);
	if (used < len)
		snprintf(buf + used, len - used, ")");
}

static void verdict_words_pi_boost(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_pi *pi = &r->cause.pi;
	char chain[128];

	verdict_chain_words(pi, chain, sizeof(chain));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran on CPU %d as priority %d for %llu us (%.1f%% of the latency): priority "
		 "inheritance boosted it because %s (pid %d, priority %d) waits for a lock it "
		 "holds (a PI futex or an rt_mutex)%s, and that is above the thread's priority "
		 "%d. The lock holder is the culprit through the lock.",
		 w->who, w->cpu, event_user_prio(pi->boost_prio), w->us, w->pct, pi->waiter_comm,
		 pi->waiter_pid, event_user_prio(pi->waiter_prio), chain,
		 event_user_prio(r->victim_prio));
	snprintf(hint, BLAME_HINT_LEN,
		 "Keep the lock's critical section short, give the measuring thread a priority "
		 "above every task that takes that lock (above %d), or move the tasks that take "
		 "it (%s) off CPU %d.",
		 event_user_prio(pi->waiter_prio), pi->holder_comm, w->cpu);
}

static void verdict_words_lock_wait(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_pi *pi = &r->cause.pi;
	char how[192];

	if (pi->boost_prio != TL_PRIO_UNKNOWN)
		snprintf(how, sizeof(how),
			 "ran its critical section meanwhile, boosted to priority %d by priority "
			 "inheritance: PI worked, the critical section itself is the latency",
			 event_user_prio(pi->boost_prio));
	else
		snprintf(how, sizeof(how),
			 "woke it from task context after running %llu us (a lock it held, or an "
			 "event it signalled); it was not boosted%s",
			 w->us, pi->events_seen ? "" : " (if sched_pi_setprio was recorded)");
	snprintf(text, BLAME_TEXT_LEN,
		 "The thread ran after its wakeup, then blocked for %.1f us (%.1f%% of the "
		 "latency) waiting for %s, which %s.",
		 (double)pi->wait_ns / 1000.0,
		 r->latency_ns ? 100.0 * (double)pi->wait_ns / (double)r->latency_ns : 0.0,
		 w->c ? w->who : pi->holder_comm, how);
	snprintf(hint, BLAME_HINT_LEN,
		 "Shorten %s's critical section, or keep that lock out of the thread's "
		 "time-critical path.",
		 pi->holder_comm);
}

static void verdict_words_priority_inversion(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_pi *pi = &r->cause.pi;
	const bool kthread = event_comm_is_kthread(pi->holder_comm);

	snprintf(text, BLAME_TEXT_LEN,
		 "A priority inversion: the thread (%s, priority %d) waited %.1f us for %s (pid "
		 "%d, priority %d), which held what it needed (%s, it woke the thread when "
		 "done) and could not run because %s ran for %llu us (%.1f%% of the latency)%s.",
		 r->victim_comm, event_user_prio(r->victim_prio), (double)pi->wait_ns / 1000.0,
		 pi->holder_comm, pi->holder_pid, event_user_prio(pi->holder_prio),
		 kthread ? "a kernel thread: the I/O or event it completes, or a kernel lock"
			 : "a lock without priority inheritance",
		 w->who, w->us, w->pct,
		 pi->events_seen ? ""
				 : "; no sched_pi_setprio in the trace: if it was recorded, no "
				   "priority inheritance took place");
	if (kthread)
		snprintf(hint, BLAME_HINT_LEN,
			 "Give the kernel thread %s (pid %d) a priority above %s's (chrt -p), or "
			 "keep that task off the CPU where %s runs.",
			 pi->holder_comm, pi->holder_pid, w->c ? w->who : "the middle task",
			 pi->holder_comm);
	else
		snprintf(hint, BLAME_HINT_LEN,
			 "Use a priority-inheritance mutex (pthread_mutexattr_setprotocol "
			 "PTHREAD_PRIO_INHERIT) for what the thread shares with %s (pid %d), or "
			 "give that task a priority above %s's.",
			 pi->holder_comm, pi->holder_pid, w->c ? w->who : "the middle task");
}

static void verdict_words_stop_work(const struct verdict_words *w, char *text, char *hint)
{
	const struct cause_stop *st = &w->res->cause.stop;
	/* the moved task woke the stopper itself: sched_exec, its own affinity change */
	const bool self = st->moved_pid > 0 && st->by_pid == st->moved_pid && !st->by_irq;
	char why[224];

	if (self)
		snprintf(
			why, sizeof(why),
			"to move %s (pid %d) from CPU %d to CPU %d, for itself: an exec balancing "
			"it (sched_exec), its own sched_setaffinity, or its migrate_enable() after "
			"its affinity changed",
			st->moved_comm, st->moved_pid, st->moved_from, st->moved_to);
	else if (st->moved_pid > 0 && st->by_pid > 0 && !st->by_irq)
		snprintf(why, sizeof(why),
			 "to move %s (pid %d) from CPU %d to CPU %d, for %s (pid %d, on CPU %d: "
			 "a sched_setaffinity of a running task, an active balance from that CPU, "
			 "or CPU hotplug)",
			 st->moved_comm, st->moved_pid, st->moved_from, st->moved_to, st->by_comm,
			 st->by_pid, st->by_cpu);
	else if (st->moved_pid > 0)
		snprintf(why, sizeof(why),
			 "to move %s (pid %d) from CPU %d to CPU %d (load balancing or an RT/DL "
			 "push of a running task)",
			 st->moved_comm, st->moved_pid, st->moved_from, st->moved_to);
	else
		snprintf(why, sizeof(why),
			 "and moved no task: stop_machine() work (module loading, kernel text "
			 "patching, clocksource changes, CPU hotplug) or a balance that found "
			 "nothing to do");
	snprintf(text, BLAME_TEXT_LEN,
		 "%s, the CPU stopper (the stop class, above every RT and DEADLINE task; ps "
		 "shows it as SCHED_FIFO 99), ran %llu us on CPU %d (%.1f%% of the latency) %s.",
		 st->comm, w->us, w->cpu, w->pct, why);
	if (self)
		snprintf(hint, BLAME_HINT_LEN,
			 "Keep tasks that exec or change their own affinity (%s) off the RT CPU: "
			 "isolate it (isolcpus=, cpusets, nohz_full) so that nothing has to be "
			 "moved off it; no priority is above the stopper.",
			 st->moved_comm);
	else
		snprintf(
			hint, BLAME_HINT_LEN,
			"Do not change the affinity of tasks running on the RT CPU while "
			"measuring, and isolate it (isolcpus=, cpusets, nohz_full) so that nothing "
			"has to be moved off it; no priority is above the stopper.");
}

/* ---- the table: rules tried in this order ---------------------------------------------- */

static const struct verdict_type verdict_table[] = {
	{ BLAME_V_INCOMPLETE, "incomplete", verdict_rule_incomplete, verdict_words_incomplete },
	/* the kernel's mechanisms first: what occupied the CPU does not tell them */
	{ BLAME_V_RT_THROTTLED, "rt_throttled", verdict_rule_rt_throttled,
	  verdict_words_rt_throttled },
	{ BLAME_V_FAIR_SERVER, "fair_server", verdict_rule_fair_server, verdict_words_fair_server },
	{ BLAME_V_LOCK_WAIT, "lock_wait", verdict_rule_lock_wait, verdict_words_lock_wait },
	{ BLAME_V_PRIORITY_INVERSION, "priority_inversion", verdict_rule_priority_inversion,
	  verdict_words_priority_inversion },
	{ BLAME_V_STOP_WORK, "stop_work", verdict_rule_stop_work, verdict_words_stop_work },
	{ BLAME_V_INVISIBLE, "invisible", verdict_rule_invisible, verdict_words_invisible },
	{ BLAME_V_TIMER_SLACK, "timer_slack", verdict_rule_timer_slack, verdict_words_timer_slack },
	{ BLAME_V_IDLE_EXIT, "idle_exit", verdict_rule_idle_exit, verdict_words_idle_exit },
	{ BLAME_V_IRQ, "irq", verdict_rule_irq, verdict_words_irq },
	{ BLAME_V_SOFTIRQ, "softirq", verdict_rule_softirq, verdict_words_softirq },
	{ BLAME_V_PI_BOOST, "pi_boost", verdict_rule_pi_boost, verdict_words_pi_boost },
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
	w.c = culprit >= 0 ? &res->culprit[culprit] : NULL;
	if (w.c) {
		blame_culprit_label(w.c, w.who, sizeof(w.who));
		w.us = (unsigned long long)(w.c->ns / NSEC_PER_USEC);
		w.pct = res->latency_ns ? 100.0 * (double)w.c->ns / (double)res->latency_ns : 0.0;
	}
	w.cpu = w.c ? w.c->cpu : res->run_cpu;
	t->words(&w, res->text, res->hint);
}
