// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict_words - the words of the verdicts that name what occupied the CPU
 * (a task, an interrupt, idle, the slack, nothing visible), and the pieces
 * every wording uses: how a hint names a culprit, how to move it away. See
 * verdict_words.h.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/tick.h"
#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict_words.h"

/* Append @add to the string in @buf (@len bytes), cut to fit. */
void verdict_words_cat(char *buf, size_t len, const char *add)
{
	size_t used = strlen(buf);

	if (used + 1 < len)
		util_strlcpy(buf + used, add, len - used);
}

long long verdict_words_us(const struct blame_result *r, uint64_t ts_ns)
{
	return ((long long)ts_ns - (long long)r->spike.deadline_ns) / (long long)NSEC_PER_USEC;
}

/*
 * How a hint names a culprit task: a per-CPU kernel thread by what it is
 * ("the CPU's ksoftirqd thread", not "ksoftirqd/0": nobody can move it),
 * rtwhy's own main thread as such.
 */
void verdict_words_hint_name(const struct blame_culprit *c, char *buf, size_t len)
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

bool verdict_words_own_way(const struct blame_culprit *c)
{
	return c &&
	       ((c->flags & (BLAME_C_PINNED | BLAME_C_SELF)) || event_comm_is_kthread(c->comm));
}

/* The second half of a hint: how to get @c off CPU @cpu, where it can be. */
void verdict_words_move_away(const struct blame_culprit *c, int cpu, char *buf, size_t len)
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
	if (c && !strncmp(c->comm, "kworker/u", 9)) {
		/* an unbound workqueue's worker: taskset fails on it (EINVAL) */
		snprintf(buf, len,
			 "keep unbound work off CPU %d: write the other CPUs to "
			 "/sys/devices/virtual/workqueue/cpumask (or the workqueue's own cpumask "
			 "where exported); taskset cannot move a kworker",
			 cpu);
		return;
	}
	if (c && event_irq_thread_number(c->comm) >= 0) {
		snprintf(buf, len,
			 "move IRQ %d off CPU %d (/proc/irq/%d/smp_affinity_list): its thread %s "
			 "follows the IRQ's affinity",
			 event_irq_thread_number(c->comm), cpu, event_irq_thread_number(c->comm),
			 c->comm);
		return;
	}
	if (!c || (!(c->flags & BLAME_C_PINNED) && !event_comm_is_kthread(c->comm))) {
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
		snprintf(
			buf, len,
			"find who queues work on CPU %d (the workqueue:workqueue_queue_work event) "
			"and move that off the CPU: a per-CPU kworker runs the work queued on its "
			"CPU, and nothing can move it",
			cpu);
	else
		snprintf(
			buf, len,
			"keep what wakes it off CPU %d: the %s kernel thread is per-CPU and cannot "
			"move",
			cpu, base[0] ? base : "kernel");
}

/* " (640 us of it the BLOCK softirq, run inside it)" for a thread that ran a softirq */
static void verdict_words_softirq_note(const struct blame_culprit *c, char *buf, size_t len)
{
	if (c && c->softirq_ns >= NSEC_PER_USEC)
		snprintf(buf, len, " (%llu us of it the %s softirq, run inside it)",
			 (unsigned long long)(c->softirq_ns / NSEC_PER_USEC), c->softirq);
	else
		buf[0] = '\0';
}

/* the kernel's sched_prio_to_weight[]: the CFS/EEVDF weight of nice -20 .. 19 */
static const int verdict_nice_weight[40] = {
	88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
	9548,  7620,  6100,  4904,  3906,  3121,  2501,	 1991,	1586,  1277,
	1024,  820,   655,   526,   423,   335,	  272,	 215,	172,   137,
	110,   87,    70,    56,    45,	   36,	  29,	 23,	18,    15,
};

/*
 * verdict_words_kept - " The scheduler ran 17 times meanwhile and kept it on: busyloop has nice
 * -20, the thread nice 0, about 87 times its weight." when need-resched was honoured by a
 * schedule() that picked the culprit again (its slice, its weight), else "".
 */
static void verdict_words_kept(const struct blame_result *res, const struct blame_culprit *c,
			       char *buf, size_t len)
{
	int cn = c ? event_user_prio(c->prio) : 0, vn = event_user_prio(res->victim_prio);
	size_t used;

	buf[0] = '\0';
	if (res->resched_kept <= 0 || !c)
		return;
	used = (size_t)snprintf(buf, len, " The scheduler ran %d time%s meanwhile and kept it on",
				res->resched_kept, res->resched_kept > 1 ? "s" : "");
	if (used < len && c->policy == SCHED_OTHER && cn < vn && cn >= -20 && vn <= 19)
		snprintf(buf + used, len - used,
			 ": %s has nice %d, the thread nice %d, about %d times its weight.",
			 c->comm, cn, vn,
			 verdict_nice_weight[cn + 20] / verdict_nice_weight[vn + 20]);
	else if (used < len)
		snprintf(buf + used, len - used, " (its slice was not over).");
}

static void verdict_words_tick(const struct blame_result *res, char *buf, size_t len)
{
	if (res->tick_ns)
		snprintf(buf, len, " (tick period %llu us, HZ=%llu)",
			 (unsigned long long)(res->tick_ns / NSEC_PER_USEC),
			 (unsigned long long)util_tick_hz(res->tick_ns));
	else
		buf[0] = '\0';
}

/*
 * "until a scheduler tick at +6234 us (tick period ...) woke ktimers/1 (pid 33), which took the
 * CPU from it; the scheduler picked the thread as soon as that task slept"
 */
static void verdict_words_via(const struct blame_result *res, const char *tick, char *buf,
			      size_t len)
{
	const struct blame_via *via = &res->resched_via;
	const long long tick_us = verdict_words_us(res, via->tick_ns);
	const long long at_us = verdict_words_us(res, via->ns);
	const char *then = "; the scheduler picked the thread as soon as that task slept";

	if (via->woken_at_tick)
		snprintf(buf, len,
			 "until a scheduler tick at %+lld us%s woke %s (pid %d), which took "
			 "the CPU from it%s",
			 tick_us, tick, via->comm, via->pid, then);
	else if (via->at_tick)
		snprintf(buf, len,
			 "until %s (pid %d) took the CPU from it at a scheduler tick, "
			 "%+lld us%s%s",
			 via->comm, via->pid, tick_us, tick, then);
	else
		snprintf(buf, len, "until %s (pid %d) took the CPU from it at %+lld us%s",
			 via->comm, via->pid, at_us, then);
}

void verdict_words_tick_wait(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;
	const struct blame_via *via = &res->resched_via;
	const struct blame_culprit *c = w->c;
	char until[256], tick[64], away[256], kept[192];

	verdict_words_tick(res, tick, sizeof(tick));
	verdict_words_kept(res, c, kept, sizeof(kept));
	if (res->occupant_blocked && c && c->pid == res->handover_pid)
		snprintf(until, sizeof(until), "until %s gave the CPU up (it went to sleep)",
			 c->comm);
	else if (via->pid && c && c->pid == via->from_pid)
		verdict_words_via(res, tick, until, sizeof(until));
	else if (res->resched_by_tick &&
		 (res->resched_kept > 0 ||
		  (res->tick_ns &&
		   res->resched_ns > res->waking_ns + res->tick_ns + tick_slack_ns(res->tick_ns))))
		snprintf(until, sizeof(until), "until a scheduler tick let it run at %+lld us%s",
			 verdict_words_us(res, res->resched_ns), tick);
	else if (res->resched_by_tick)
		snprintf(until, sizeof(until), "for the next scheduler tick%s", tick);
	else if (res->resched_ns)
		snprintf(until, sizeof(until), "until the scheduler preempted it at %+lld us",
			 verdict_words_us(res, res->resched_ns));
	else if (res->occupant_blocked)
		snprintf(until, sizeof(until), "until the task before it (pid %d) went to sleep",
			 res->handover_pid);
	else
		/* no tick, no need-resched, nobody slept: say only what the trace shows */
		snprintf(until, sizeof(until),
			 "until it was switched out, still runnable, with no need-resched seen");
	verdict_words_move_away(c, w->cpu, away, sizeof(away));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s kept CPU %d for %llu us (%.1f%% of the latency) after the thread was "
		 "woken: both are fair-class (SCHED_OTHER) tasks and the wakeup did not "
		 "preempt it%s, so the thread waited %s.%s",
		 w->who, w->cpu, w->us, w->pct,
		 res->resched_at_wakeup && res->resched_kept > 0
			 ? " (need-resched was set, and the scheduler kept it on)"
		 : res->resched_at_wakeup ? " (need-resched was set, yet another fair task ran "
					    "first)"
		 : res->lazy_at_wakeup	  ? " (only lazy need-resched was set)"
					  : " (no need-resched at wakeup)",
		 until, kept);
	if (res->resched_untraced)
		verdict_words_cat(
			text, BLAME_TEXT_LEN,
			" The tick's need-resched is not in the trace: it switched out "
			"runnable at the tick's return with none seen, as lazy preemption "
			"does (its bit is traced from 6.13 on).");
	snprintf(hint, BLAME_HINT_LEN,
		 "Run the measuring thread with a real-time policy (-p 99 for SCHED_FIFO), "
		 "or %s.",
		 away);
}

/* A SCHED_DEADLINE task: above every RT priority, so the usual hint would be wrong. */
static void verdict_words_stall_note(const struct verdict_words *w, char *buf, size_t len);

static void verdict_words_deadline(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;
	char res_words[96] = "", stall[384];

	if (c->dl_runtime_ns && c->dl_period_ns)
		snprintf(res_words, sizeof(res_words),
			 ", SCHED_DEADLINE runtime %llu us every %llu us",
			 (unsigned long long)(c->dl_runtime_ns / NSEC_PER_USEC),
			 (unsigned long long)(c->dl_period_ns / NSEC_PER_USEC));
	verdict_words_stall_note(w, stall, sizeof(stall));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran on CPU %d for %llu us (%.1f%% of the latency%s) while the thread "
		 "(priority %d) waited: SCHED_DEADLINE runs before every RT task, SCHED_FIFO 99 "
		 "included, as long as its runtime lasts in each period.%s",
		 w->who, w->cpu, w->us, w->pct, res_words, event_user_prio(w->res->victim_prio),
		 stall);
	snprintf(hint, BLAME_HINT_LEN,
		 "No RT priority is above SCHED_DEADLINE: shorten %s's runtime (sched_setattr, "
		 "chrt -d --sched-runtime), keep DL tasks off CPU %d with an exclusive cpuset (a "
		 "DL task cannot be pinned with taskset), or make the measured work "
		 "SCHED_DEADLINE too.",
		 c->comm, w->cpu);
}

/* "its runs in the window last N us (K runs)", or its SCHED_DEADLINE runtime (blame_holder.h) */
static void verdict_words_usual(const struct blame_result *res, char *buf, size_t len)
{
	if (res->holder_nr_runs)
		snprintf(buf, len, "its runs in the window last %llu us (%d runs)",
			 (unsigned long long)(res->holder_usual_ns / NSEC_PER_USEC),
			 res->holder_nr_runs);
	else
		snprintf(buf, len,
			 "its SCHED_DEADLINE runtime ends its run at the first tick after it, %llu "
			 "us "
			 "from its start",
			 (unsigned long long)(res->holder_usual_ns / NSEC_PER_USEC));
}

/*
 * " For N us of that the CPU showed no event ...": the culprit's stall_ns, the part of a stall
 * inside its run that is its time (blame_holder.h), and the part counted apart; or "".
 */
static void verdict_words_stall_note(const struct verdict_words *w, char *buf, size_t len)
{
	const struct blame_result *res = w->res;
	char apart[128] =
		", so the stall did not lengthen it: the thread would have waited as long";
	char usual[128];

	buf[0] = '\0';
	if (!w->c || !res->holder_usual_ns || w->c->pid != res->holder_split_pid)
		return;
	if (!w->c->stall_ns) { /* all of the stall counted apart: what it ran longer */
		if (!res->holder_extra_ns)
			return;
		verdict_words_usual(res, usual, sizeof(usual));
		snprintf(buf, len,
			 " How long it runs: %s; this one %llu us: the %llu us it ran longer, with "
			 "no "
			 "event where a tick was due, are a stall's, counted apart.",
			 usual, (unsigned long long)(res->holder_run_ns / NSEC_PER_USEC),
			 (unsigned long long)(res->holder_extra_ns / NSEC_PER_USEC));
		return;
	}
	if (res->holder_extra_ns)
		snprintf(apart, sizeof(apart),
			 ": the %llu us it ran longer are the stall's, counted apart, and the "
			 "thread "
			 "would have waited the rest anyway",
			 (unsigned long long)(res->holder_extra_ns / NSEC_PER_USEC));
	verdict_words_usual(res, usual, sizeof(usual));
	snprintf(buf, len,
		 " For %llu us of that CPU %d showed no event where a tick or an interrupt was due "
		 "(a stall); %s, this one %llu us%s.",
		 (unsigned long long)(w->c->stall_ns / NSEC_PER_USEC), w->cpu, usual,
		 (unsigned long long)(res->holder_run_ns / NSEC_PER_USEC), apart);
}

void verdict_words_higher_priority(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;
	const struct blame_culprit *c = w->c;
	char name[64], away[256], note[96], stall[384];

	if (c && c->prio < 0 && c->prio != TL_PRIO_UNKNOWN) {
		verdict_words_deadline(w, text, hint);
		return;
	}

	verdict_words_hint_name(c, name, sizeof(name));
	verdict_words_softirq_note(c, note, sizeof(note));
	verdict_words_stall_note(w, stall, sizeof(stall));
	snprintf(text, BLAME_TEXT_LEN,
		 "%s ran on CPU %d for %llu us (%.1f%% of the latency)%s while the thread "
		 "(%s priority %d) waited: its priority is %s, so the scheduler let it run.%s",
		 w->who, w->cpu, w->us, w->pct, note,
		 event_prio_is_rt(res->victim_prio) ? "real-time" : "fair-class",
		 event_user_prio(res->victim_prio),
		 c && c->prio == res->victim_prio ? "equal and it ran first" : "higher", stall);
	if (verdict_words_own_way(c)) {
		verdict_words_move_away(c, w->cpu, away, sizeof(away));
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
static void verdict_words_stack(const struct verdict_words *w, char *buf, size_t len)
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

/*
 * When need-resched was set, in the chain's own terms (" (need-resched was set at the wakeup)",
 * " (need-resched was set at +812 us, after the wakeup)"); "" when it never was.
 */
static void verdict_words_resched(const struct blame_result *res, const struct blame_culprit *c,
				  char *buf, size_t len)
{
	if (res->resched_at_wakeup)
		snprintf(buf, len, " (need-resched was set at the wakeup)");
	else if (res->resched_ns)
		snprintf(buf, len, " (need-resched was set at %+lld us, after the wakeup)",
			 verdict_words_us(res, res->resched_ns));
	else if (c && c->resched_held_ns)
		snprintf(buf, len, " (need-resched was set for %llu us of it, after the wakeup)",
			 (unsigned long long)(c->resched_held_ns / NSEC_PER_USEC));
	else
		buf[0] = '\0';
}

void verdict_words_non_preemptible(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;
	char away[256], note[96], stack[512], asked[96];

	verdict_words_move_away(w->c, w->cpu, away, sizeof(away));
	verdict_words_softirq_note(w->c, note, sizeof(note));
	verdict_words_stack(w, stack, sizeof(stack));
	verdict_words_resched(res, w->c, asked, sizeof(asked));
	if (!asked[0])
		/* the chain says no need-resched: say nothing it contradicts */
		snprintf(text, BLAME_TEXT_LEN,
			 "%s kept CPU %d for %llu us (%.1f%% of the latency)%s, and no "
			 "need-resched was set for the thread on it: the scheduler did not "
			 "take the thread for more urgent than %s.",
			 w->who, w->cpu, w->us, w->pct, note,
			 w->c && w->c->comm[0] ? w->c->comm : "it");
	else
		snprintf(text, BLAME_TEXT_LEN,
			 "%s kept CPU %d for %llu us (%.1f%% of the latency)%s although the "
			 "scheduler had asked it to give the CPU up%s: it was running kernel code "
			 "that cannot be preempted on this kernel.",
			 w->who, w->cpu, w->us, w->pct, note, asked);
	verdict_words_cat(text, BLAME_TEXT_LEN, stack); /* the kernel stack: as much as fits */
	if (res->kernel.preempt_rt > 0)
		snprintf(hint, BLAME_HINT_LEN,
			 "On PREEMPT_RT only raw spinlocks and preempt- or IRQs-off sections hold "
			 "off the scheduler: find the one it ran (the preemptirqsoff tracer), or "
			 "%s.",
			 away);
	else if (w->c && w->c->softirq_ns * 2 > w->c->ns)
		/* softirqs run with BH off, so with preemption off, on every model but RT */
		snprintf(hint, BLAME_HINT_LEN,
			 "Without PREEMPT_RT a softirq (here %s) runs with preemption off whatever "
			 "the preemption model: only a PREEMPT_RT kernel preempts it; or %s.",
			 w->c->softirq, away);
	else if (util_preempt_kernel_code(res->kernel.preempt))
		/* preemptible already: only a preempt- or IRQs-off section holds it off */
		snprintf(hint, BLAME_HINT_LEN,
			 "This kernel preempts kernel code (preempt=%s): only a section with "
			 "preemption or interrupts off (a spinlock, preempt_disable()) holds off "
			 "the scheduler; find the one it ran (the preemptirqsoff tracer), or %s.",
			 util_preempt_name(res->kernel.preempt), away);
	else
		snprintf(hint, BLAME_HINT_LEN,
			 "Use a preemptible kernel (boot with preempt=full, or a PREEMPT_RT "
			 "kernel), or %s.",
			 away);
}

void verdict_words_irq(const struct verdict_words *w, char *text, char *hint)
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
static bool verdict_words_device_softirq(const char *name)
{
	return !strcmp(name, "NET_RX") || !strcmp(name, "NET_TX") || !strcmp(name, "BLOCK") ||
	       !strcmp(name, "IRQ_POLL") || !strcmp(name, "TASKLET") || !strcmp(name, "HI");
}

void verdict_words_softirq(const struct verdict_words *w, char *text, char *hint)
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
	if (k->preempt_rt <= 0 && k->threaded_irqs <= 0 && verdict_words_device_softirq(name))
		snprintf(threads, sizeof(threads),
			 ", or use threadirqs / PREEMPT_RT where softirqs run in threads");
	else if (k->preempt_rt <= 0)
		snprintf(threads, sizeof(threads),
			 ", or use PREEMPT_RT, where softirqs run in threads you can prioritise");
	snprintf(hint, BLAME_HINT_LEN, "Move the load that raises %s (%s) off CPU %d%s.", name,
		 verdict_words_device_softirq(name) ? "network or block I/O"
						    : "timers, RCU, scheduling",
		 w->cpu, threads);
}

void verdict_words_irq_thread(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;
	char note[96], bh[160] = "";

	verdict_words_softirq_note(c, note, sizeof(note));
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
		 "%d (/proc/irq/%d/smp_affinity_list: its thread follows it)%s.",
		 c ? c->comm : "the handler", c ? c->irq : -1, w->cpu, c ? c->irq : -1, bh);
}

void verdict_words_idle_exit(const struct verdict_words *w, char *text, char *hint)
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

void verdict_words_timer_slack(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *res = w->res;

	snprintf(text, BLAME_TEXT_LEN,
		 "The timer fired %llu us (%.1f%% of the latency) after the deadline, "
		 "within the thread's timer slack of %lld us: the kernel delays the "
		 "timers of non-real-time tasks by up to their slack to batch wakeups.",
		 w->us, w->pct, (long long)(res->slack_ns / (int64_t)NSEC_PER_USEC));
	if (res->slack_said_ns >= 0) {
		char more[256];

		snprintf(more, sizeof(more),
			 " That slack is the one the thread armed its timer with (the window's "
			 "hrtimer_start); the thread had %lld us when it started: another "
			 "program changed it since (/proc/PID/timerslack_ns).",
			 (long long)(res->slack_said_ns / (int64_t)NSEC_PER_USEC));
		verdict_words_cat(text, BLAME_TEXT_LEN, more);
	}
	snprintf(hint, BLAME_HINT_LEN,
		 "Use a real-time policy (-p), whose timers have no slack, or "
		 "--timerslack=1%s.",
		 res->slack_said_ns >= 0 ? ", and find what writes the thread's timerslack_ns"
					 : "");
}

void verdict_words_migration(const struct verdict_words *w, char *text, char *hint)
{
	snprintf(text, BLAME_TEXT_LEN,
		 "The thread was woken onto CPU %d, where %s held the CPU for %llu us "
		 "(%.1f%% of the latency), and finally ran on CPU %d after a migration.",
		 w->res->wake_cpu, w->who, w->us, w->pct, w->res->run_cpu);
	snprintf(hint, BLAME_HINT_LEN,
		 "Pin the measuring thread to one CPU (-a) and keep other tasks off it.");
}

/*
 * " inside the local_timer interrupt, outside the traced steps of its work (which took 4 us),
 * after interrupting resizer"
 * for a gap inside an interrupt (timeline.c): the handler did not run that long.
 */
static void verdict_words_irq_gap(const struct verdict_words *w, char *buf, size_t len)
{
	const struct blame_culprit *c = w->c;
	uint64_t work_ns = 0;
	int i;

	for (i = 0; i < w->res->nr_culprits; i++) {
		const struct blame_culprit *h = &w->res->culprit[i];

		if (h->kind == BLAME_HARDIRQ && h->cpu == c->cpu && !strcmp(h->name, c->name))
			work_ns += h->ns;
	}
	if (c->flags & BLAME_C_IRQ_DUE) {
		snprintf(buf, len,
			 " inside the %s softirq (run at an interrupt's exit%s%s), while the "
			 "thread's timer interrupt was due and did not come",
			 blame_irq_label(c->name), c->pid ? ", interrupting " : ", CPU idle",
			 c->pid ? c->comm : "");
		return;
	}
	if (!strcmp(blame_irq_noun(c->name), "softirq")) {
		/* the softirq's own time is its runner's (a task culprit's softirq_ns) */
		snprintf(buf, len,
			 " inside the %s softirq that %s ran, outside the %s callbacks it traced",
			 blame_irq_label(c->name), c->comm,
			 strcmp(blame_irq_label(c->name), "TIMER") ? "hrtimer" : "timer wheel's");
		return;
	}
	snprintf(buf, len,
		 " inside the %s interrupt, outside the traced steps of its work (which took "
		 "%llu us), %s%s",
		 blame_irq_label(c->name), (unsigned long long)(work_ns / NSEC_PER_USEC),
		 c->pid ? "after interrupting " : "on an idle CPU", c->pid ? c->comm : "");
}

/* The task culprit whose silent start (blame_culprit.silent_ns) the unaccounted @w->c goes on. */
static const struct blame_culprit *verdict_words_silent_head(const struct verdict_words *w)
{
	int i;

	for (i = 0; i < w->res->nr_culprits; i++) {
		const struct blame_culprit *h = &w->res->culprit[i];

		if (blame_culprit_is_thread(h) && h->silent_ns && h->pid == w->c->pid &&
		    h->cpu == w->c->cpu)
			return h;
	}
	return NULL;
}

/* " Ruled out: no event was lost, ..." */
static void verdict_words_ruled_out(uint32_t ro, char *buf, size_t len)
{
	static const char *const words[CAUSE_NR_RULED_OUT] = {
		"no event was lost",
		"no task was switched in during it",
		"no interrupt, softirq or IRQ thread ran in it",
		"no RT throttling or fair server",
		"no CPU stopper or stop_machine()",
		"no lock wait or priority inheritance",
		"no SMI was counted",
	};
	size_t used = (size_t)snprintf(buf, len, " Ruled out:");
	int i, n = 0;

	for (i = 0; i < CAUSE_NR_RULED_OUT && used < len; i++)
		if (ro & (1u << i))
			used += (size_t)snprintf(buf + used, len - used, "%s %s", n++ ? "," : "",
						 words[i]);
	if (used < len)
		snprintf(buf + used, len - used, ".");
}

/*
 * " The task above the thread, spinner, holds N us ...": where a task culprit
 * holds part of a stall as its own (stall_ns, blame_holder.h) yet all the time no event shows
 * is more (verdict.c: verdict_stall_apart), appended to @text.
 */
static void verdict_words_holder_apart(const struct verdict_words *w, char *text, size_t len)
{
	const struct blame_result *res = w->res;
	const struct blame_culprit *h = NULL;
	uint64_t gap_ns;
	char buf[448], usual[128];
	int i;

	for (i = 0; i < res->nr_culprits && !h; i++)
		if (res->culprit[i].stall_ns && res->holder_usual_ns)
			h = &res->culprit[i];
	if (!h)
		return;
	gap_ns = blame_unaccounted_ns(res, NULL);
	verdict_words_usual(res, usual, sizeof(usual));
	snprintf(buf, sizeof(buf),
		 " The task above the thread, %s, holds %llu us of the latency, within how long it "
		 "runs: %s, this one %llu us. The time with no event, %llu us in all (%.1f%%), is "
		 "the larger part.",
		 h->comm, (unsigned long long)(h->ns / NSEC_PER_USEC), usual,
		 (unsigned long long)(res->holder_run_ns / NSEC_PER_USEC),
		 (unsigned long long)(gap_ns / NSEC_PER_USEC),
		 res->latency_ns ? 100.0 * (double)gap_ns / (double)res->latency_ns : 0.0);
	verdict_words_cat(text, len, buf);
}

/*
 * " while X was current (N us of it from an interrupt's return with need-resched set ...)": the
 * silence tl_resched_stalls (timeline.c) made a gap, and why that return would have switched
 * X: where it was (a stack record) and what the kernel's preemption model preempts.
 */
static void verdict_words_resched_gap(const struct verdict_words *w, char *buf, size_t len)
{
	const struct blame_culprit *c = w->c;
	int model = w->res->kernel.preempt;
	char why[256];

	if (c->flags & BLAME_C_RESCHED_USER)
		snprintf(why, sizeof(why),
			 "a stack recorded in that interrupt shows it in user space, and a return "
			 "there switches at once");
	else if (util_preempt_kernel_code(model))
		snprintf(why, sizeof(why),
			 "a return to user space or to preemptible code switches at once "
			 "(preempt=%s)",
			 util_preempt_name(model));
	else if (model)
		snprintf(why, sizeof(why),
			 "a return to user space switches at once, as a busy loop's does, but this "
			 "kernel (preempt=%s) runs kernel code on: taken as in user space (--stack "
			 "shows where)",
			 util_preempt_name(model));
	else
		snprintf(why, sizeof(why),
			 "a return to user space switches at once, as a busy loop's does, but "
			 "kernel "
			 "code runs on where preempt is none or voluntary (this kernel's model is "
			 "not "
			 "known): taken as in user space (--stack shows where)");
	snprintf(
		buf, len,
		" while %s was current (%llu us of it from %s with need-resched set to %s; %s)",
		c->comm, (unsigned long long)(c->resched_gap_ns / NSEC_PER_USEC),
		event_comm_is_softirq_thread(c->comm)
			? "an interrupt's return or the end of its softirqs (its thread loop "
			  "switches right after them)"
			: "an interrupt's return",
		c->flags & BLAME_C_RESCHED_SWITCH
			? "its own switch-out, which that return makes at once, with no event "
			  "between"
			: "the next interrupt, right after which it was switched out, need-resched "
			  "still set: no schedule() ran between",
		why);
}

void verdict_words_invisible(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_culprit *c = w->c;
	const struct cause_evidence *ev = &w->res->cause.evidence;
	char steal[224] = "", during[640] = "", smi[192] = "", ruled[320];
	const struct blame_culprit *head;

	if (ev->steal_ns >= 0 && ev->steal_span_ns) {
		char whose[32];

		if (ev->steal_per_cpu)
			snprintf(whose, sizeof(whose), "CPU %d", w->res->spike.cpu);
		else
			snprintf(whose, sizeof(whose), "this machine");
		/* one CPU's steal above the span: accrued before, counted at once */
		if (ev->steal_per_cpu && ev->steal_ns > (int64_t)ev->steal_span_ns)
			snprintf(steal, sizeof(steal),
				 " Measured: /proc/stat counted %.1f ms of steal time on %s in the "
				 "%.1f ms around the spike, more than that span: the hypervisor "
				 "stopped it, and the theft was counted at once.",
				 (double)ev->steal_ns / 1e6, whose,
				 (double)ev->steal_span_ns / 1e6);
		else if (ev->steal_ns > 0)
			snprintf(steal, sizeof(steal),
				 " Measured: the hypervisor ran something else for %.1f ms of %s's "
				 "time in the %.1f ms around the spike (steal time, /proc/stat).",
				 (double)ev->steal_ns / 1e6, whose,
				 (double)ev->steal_span_ns / 1e6);
		else
			snprintf(steal, sizeof(steal),
				 " Measured: no steal time on %s in the %.1f ms around the spike "
				 "(/proc/stat counts it in ticks of 10 ms: shorter thefts do not "
				 "show).",
				 whose, (double)ev->steal_span_ns / 1e6);
	}
	if (w->smi && w->smi->counted)
		snprintf(smi, sizeof(smi),
			 " SMIs counted on CPU %d from %.1f ms before the deadline until the "
			 "explanation (--smi): %u%s",
			 w->smi->cpu, (double)w->smi->before_ns / 1e6, w->smi->count,
			 w->smi->count ? ", so an SMI is the likely cause." : ": not an SMI.");
	verdict_words_ruled_out(w->res->cause.evidence.ruled_out, ruled, sizeof(ruled));
	if (c && c->name[0] && c->pid >= 0)
		verdict_words_irq_gap(w, during, sizeof(during));
	else if (c && c->pid > 0 && (head = verdict_words_silent_head(w)))
		snprintf(during, sizeof(during),
			 " while %s ran, and before that %llu us more that the tick grid counts as "
			 "its run (one silence, past the tick that was due in it)",
			 c->comm, (unsigned long long)(head->silent_ns / NSEC_PER_USEC));
	else if (c && c->pid > 0 && (c->flags & BLAME_C_RESCHED_GAP))
		verdict_words_resched_gap(w, during, sizeof(during));
	else if (c && c->pid > 0)
		snprintf(during, sizeof(during), " while %s ran", c->comm);
	else if (c && c->pid == 0)
		snprintf(during, sizeof(during), " while idle");
	if (c && c->victim)
		snprintf(text, BLAME_TEXT_LEN,
			 "The thread was already back on CPU %d, yet %llu us (%.1f%% of the "
			 "latency) passed between its switch-in and its clock read with no "
			 "event at all on the CPU: interrupts were off, or the CPU was not "
			 "running this system (an SMI, or the hypervisor running something "
			 "else).",
			 w->cpu, w->us, w->pct);
	else if (c && (c->flags & BLAME_C_IRQ_DUE))
		snprintf(text, BLAME_TEXT_LEN,
			 "For %llu us (%.1f%% of the latency) CPU %d showed no event at "
			 "all%s: a softirq runs with interrupts on, and the interrupt would have "
			 "come in it, so interrupts were off or the CPU was not running this "
			 "system (an SMI, or the hypervisor running something else).",
			 w->us, w->pct, w->cpu, during);
	else if (c && c->name[0] && c->pid >= 0)
		snprintf(text, BLAME_TEXT_LEN,
			 "For %llu us (%.1f%% of the latency) CPU %d showed no event at "
			 "all%s: the %s's untraced rest takes microseconds, so the CPU "
			 "was not running this system (the hypervisor stopped the vCPU, or an "
			 "SMI); the %s did not run that long.",
			 w->us, w->pct, w->cpu, during, blame_irq_noun(c->name),
			 strcmp(blame_irq_noun(c->name), "softirq") ? "handler" : "softirq");
	else
		snprintf(text, BLAME_TEXT_LEN,
			 "For %llu us (%.1f%% of the latency) CPU %d showed no event at "
			 "all%s: interrupts were off, or the CPU was not running this "
			 "system (an SMI, or the hypervisor running something else).",
			 w->us, w->pct, w->cpu, during);
	verdict_words_holder_apart(w, text, BLAME_TEXT_LEN);
	/* what it ruled out, the steal time, the SMIs: as much as fits */
	verdict_words_cat(text, BLAME_TEXT_LEN, ruled);
	verdict_words_cat(text, BLAME_TEXT_LEN, steal);
	verdict_words_cat(text, BLAME_TEXT_LEN, smi);
	snprintf(hint, BLAME_HINT_LEN,
		 "On a virtual machine: give its vCPUs dedicated host CPUs; on bare metal: "
		 "look for SMIs (hwlatdetect, turbostat) and long IRQs-off sections.");
}

void verdict_words_incomplete(const struct verdict_words *w, char *text, char *hint)
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
