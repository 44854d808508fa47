// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict_cause - the words of the verdicts of the kernel's mechanisms
 * (cause_find.h, offcpu.h): RT throttling, the fair server, PI and lock
 * waits, the CPU stopper, stop_machine(), CFS quota, a stopped or frozen thread. See
 * verdict_cause.h.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/event.h"
#include "analysis/offcpu.h"
#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict_cause.h"
#include "analysis/verdict_words.h"

static double verdict_cause_ms(uint64_t ns)
{
	return (double)ns / (double)NSEC_PER_MSEC;
}

/* "at +1234 us" / "1234 us before the deadline" */
static void verdict_cause_when(const struct blame_result *r, uint64_t ts_ns, char *buf, size_t len)
{
	long long us = verdict_words_us(r, ts_ns);

	if (us >= 0)
		snprintf(buf, len, "at +%lld us", us);
	else
		snprintf(buf, len, "%lld us before the deadline", -us);
}

/* Whose RT budget was used: the system's, the thread's cgroup's, or one of the two. */
enum verdict_budget {
	VERDICT_BUDGET_SYSTEM,
	VERDICT_BUDGET_GROUP,	/* the thread's group's (RT_GROUP_SCHED): its RT tasks used it */
	VERDICT_BUDGET_EITHER,	/* ... tighter, but who used it is not known to be in the group */
	VERDICT_BUDGET_A_GROUP, /* a group's, not named live: an RT task below the thread ran */
};

/*
 * A cgroup below the root (the thread's, or a parent) with an RT budget tighter than the
 * system's holds its RT tasks together when they used it; when the task that used the RT
 * time is not in that group (read live), the system's budget was the one used.
 */
static enum verdict_budget verdict_cause_whose_read(const struct cause_bandwidth *bw)
{
	const struct offcpu_cgroup *g = &bw->group;
	const struct cause_knobs *k = &bw->knobs;
	int64_t runtime = k->rt_runtime_us, period = k->rt_period_us;

	if (!g->known || g->rt_runtime_us < 0 || g->rt_period_us <= 0 || !g->rt_limit_path[0])
		return VERDICT_BUDGET_SYSTEM;
	if (k->cgroup_known) {
		runtime = k->cgroup_rt_runtime_us;
		period = k->cgroup_rt_period_us;
	}
	if (k->rt_known && !util_share_tighter(g->rt_runtime_us, g->rt_period_us, runtime, period))
		return VERDICT_BUDGET_SYSTEM;
	if (bw->nr_users && bw->user[0].rt_group == CAUSE_RT_GROUP_OUT)
		return VERDICT_BUDGET_SYSTEM;
	if (bw->nr_users && bw->user[0].rt_group == CAUSE_RT_GROUP_IN)
		return VERDICT_BUDGET_GROUP;
	return VERDICT_BUDGET_EITHER;
}

/*
 * ... and from the trace: an RT task below the thread ran while it was held, which only a
 * throttled group leaves the CPU to (the system's throttling stops every RT task), so a group's
 * budget it was, the one the live run named or, not named, the thread's.
 */
static enum verdict_budget verdict_cause_whose(const struct cause_bandwidth *bw)
{
	const enum verdict_budget read = verdict_cause_whose_read(bw);

	if (read != VERDICT_BUDGET_GROUP && bw->lower_rt_ns && event_prio_is_rt(bw->fair_prio))
		return VERDICT_BUDGET_A_GROUP;
	return read;
}

/* The system's RT budget as the live run read it, or the kernel's default. */
static void verdict_cause_system_budget(const struct cause_knobs *k, char *buf, size_t len)
{
	if (!k->rt_known) { /* a trace alone: the system's, or a cgroup's that it cannot name */
		snprintf(buf, len,
			 "by default 950 ms of every 1000 ms: sched_rt_runtime_us of "
			 "sched_rt_period_us, or with RT group scheduling its cgroup's "
			 "cpu.rt_runtime_us");
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

/* The RT budget that was used (verdict_cause_whose()), as the live run read it. */
static void verdict_cause_budget(const struct cause_bandwidth *bw, char *buf, size_t len)
{
	const struct offcpu_cgroup *g = &bw->group;
	const enum verdict_budget whose = verdict_cause_whose(bw);
	char sys[192];

	verdict_cause_system_budget(&bw->knobs, sys, sizeof(sys));
	if (whose == VERDICT_BUDGET_GROUP)
		snprintf(buf, len,
			 "cpu.rt_runtime_us = %lld of every cpu.rt_period_us = %lld, set on %.96s: "
			 "RT group scheduling, its RT tasks share it on each CPU; tighter than the "
			 "system's",
			 (long long)g->rt_runtime_us, (long long)g->rt_period_us, g->rt_limit_path);
	else if (whose == VERDICT_BUDGET_A_GROUP)
		snprintf(
			buf, len,
			"its cpu.rt_runtime_us of every cpu.rt_period_us: RT group scheduling, "
			"the one way the kernel leaves the CPU to an RT task below a runnable one");
	else if (whose == VERDICT_BUDGET_EITHER)
		snprintf(buf, len,
			 "the thread's cgroup budget, cpu.rt_runtime_us = %lld of every "
			 "cpu.rt_period_us = %lld set on %.96s, or the system's, %s: which one "
			 "depends on the cgroup of the task that used it",
			 (long long)g->rt_runtime_us, (long long)g->rt_period_us, g->rt_limit_path,
			 sys);
	else
		snprintf(buf, len, "%s", sys);
}

/* "spinner (pid 3452, fifo 1), which did not sleep in the 20.0 ms of the trace[, and ...]" */
static void verdict_cause_users(const struct verdict_words *w, const struct cause_bandwidth *bw,
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
					 bw->user[i].pid, verdict_cause_ms(bw->user[i].run_ns));
}

/*
 * What to do with the task that used the RT time (@throttled: of RT
 * throttling, else of the fair server): "make spinner block ...", or, for a
 * per-CPU kernel thread, which cannot move and runs only for what the CPU
 * gives it, where to look for the task that never sleeps and what loads it.
 */
static void verdict_cause_budget_fix(const struct verdict_words *w,
				     const struct cause_bandwidth *bw, bool throttled, char *buf,
				     size_t len)
{
	const struct blame_culprit *c = w->c;
	const char *who = bw->nr_users ? bw->user[0].comm : "the RT task that does not sleep";
	char name[48], away[224];

	if (c && bw->nr_users && c->pid == bw->user[0].pid &&
	    ((c->flags & BLAME_C_PINNED) || event_comm_is_kthread(c->comm))) {
		verdict_words_hint_name(c, name, sizeof(name));
		verdict_words_move_away(c, bw->cpu, away, sizeof(away));
		snprintf(buf, len,
			 "find it (ps -eLo pid,cls,rtprio,psr,comm); %s ran most of the RT time "
			 "seen: %s",
			 name, away);
	} else if (throttled && event_comm_is_kthread(who)) {
		snprintf(buf, len, "make %s block: a kernel thread, taskset cannot move it", who);
	} else if (throttled) {
		snprintf(buf, len,
			 "make %s block (or run it SCHED_OTHER), or move it off CPU %d (taskset)",
			 who, bw->cpu);
	} else {
		snprintf(buf, len, "make %s block or move it", who);
	}
}

void verdict_cause_rt_throttled(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_bandwidth *bw = &r->cause.bw;
	const enum verdict_budget budget_of = verdict_cause_whose(bw);
	const bool named = budget_of == VERDICT_BUDGET_GROUP;
	const bool group = named || budget_of == VERDICT_BUDGET_A_GROUP;
	char budget[480], users[224], during[192], end[128], when[48], fix[352], after[160] = "";
	char whose[160], knob[224], full[1536];

	verdict_cause_budget(bw, budget, sizeof(budget));
	if (named)
		snprintf(whose, sizeof(whose), "the RT tasks of the cgroup %.96s on CPU %d",
			 bw->group.rt_limit_path, bw->cpu);
	else if (group)
		snprintf(whose, sizeof(whose), "the RT tasks of the thread's cgroup on CPU %d",
			 bw->cpu);
	else
		snprintf(whose, sizeof(whose), "the RT tasks of CPU %d", bw->cpu);
	verdict_cause_users(w, bw, users, sizeof(users));
	if (bw->lower_rt_ns && event_prio_is_rt(bw->fair_prio))
		/* RT group scheduling: the other groups' RT tasks run on, under their budget */
		snprintf(during, sizeof(during),
			 "ran other groups' RT tasks below the thread's priority (%s, RT priority "
			 "%d, %.1f ms, and others), which a throttled group leaves the CPU to",
			 bw->fair_comm, event_user_prio(bw->fair_prio),
			 verdict_cause_ms(bw->fair_top_ns));
	else if (bw->fair_ns && bw->idle_ns * 10 > bw->held_ns)
		snprintf(during, sizeof(during),
			 "idled (%.1f ms) and ran fair tasks (%s %.1f ms and others)",
			 verdict_cause_ms(bw->idle_ns), bw->fair_comm,
			 verdict_cause_ms(bw->fair_top_ns));
	else if (bw->fair_ns)
		snprintf(during, sizeof(during), "ran fair tasks (%s %.1f ms and others)",
			 bw->fair_comm, verdict_cause_ms(bw->fair_top_ns));
	else
		snprintf(during, sizeof(during), "idled");
	verdict_cause_when(r, bw->period_timer_ns, when, sizeof(when));
	if (bw->period_timer_ns)
		snprintf(end, sizeof(end),
			 "until the period timer (sched_rt_period_timer on CPU %d %s) gave the "
			 "budget back",
			 bw->period_timer_cpu, when);
	else
		snprintf(end, sizeof(end), "(the period timer that ends it is not in the trace)");
	if (bw->kind == CAUSE_BW_UNTOLD)
		snprintf(full, sizeof(full),
			 "RT throttling or the fair server (the trace has no timer events to tell "
			 "which): CPU %d %s for %.1f ms while the thread (%s) was runnable, which "
			 "the scheduler does only when the CPU's RT tasks used their budget "
			 "(%s) or starved its fair tasks. The RT time was used by %s.",
			 bw->cpu, during, verdict_cause_ms(bw->held_ns), r->victim_comm, budget,
			 users);
	else
		snprintf(full, sizeof(full),
			 "RT throttling: %s used %s budget (%s); the kernel stopped %s, the thread "
			 "(%s, priority %d) included, for %.1f ms while the CPU %s, %s. The budget "
			 "was used by %s.",
			 whose, group ? "that group's" : "their", budget,
			 group ? "them" : "every one of them", r->victim_comm,
			 event_user_prio(r->victim_prio), verdict_cause_ms(bw->held_ns), during,
			 end, users);
	/* a long cgroup path could make it longer than the text: cut at the end */
	util_strlcpy(text, full, BLAME_TEXT_LEN);
	if (bw->server_after_ns)
		snprintf(after, sizeof(after),
			 " %.1f ms of it came after that timer: the fair server, started while RT "
			 "was throttled (a deadline entity, above RT), ran its fair tasks first.",
			 verdict_cause_ms(bw->server_after_ns));
	verdict_words_cat(text, BLAME_TEXT_LEN, after);
	verdict_cause_budget_fix(w, bw, true, fix, sizeof(fix));
	/* the knob of the budget that was used: the group's, or the system's */
	if (named)
		snprintf(knob, sizeof(knob),
			 "If the group's RT tasks need that time, raise %.80s's cpu.rt_runtime_us "
			 "(docker run --cpu-rt-runtime), or run the thread outside the group.",
			 bw->group.rt_limit_path);
	else if (group)
		snprintf(knob, sizeof(knob),
			 "If the group's RT tasks need that time, raise its cpu.rt_runtime_us "
			 "(docker run --cpu-rt-runtime), or run the thread outside the group.");
	else
		snprintf(knob, sizeof(knob),
			 "sched_rt_runtime_us=-1 turns throttling off and lets it starve CPU %d's "
			 "kernel threads for ever: only for a task meant to own an isolated CPU, "
			 "and "
			 "when you know why.",
			 bw->cpu);
	snprintf(hint, BLAME_HINT_LEN, "An RT task that never sleeps is the bug: %s. %s", fix,
		 knob);
}

void verdict_cause_fair_server(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_bandwidth *bw = &r->cause.bw;
	const struct cause_knobs *k = &bw->knobs;
	char server[48], users[224], start[80] = "", also[144] = "", when[48], fix[352], keep[80];

	if (k->fair_known)
		snprintf(server, sizeof(server), "%llu ms every %llu ms",
			 (unsigned long long)(k->fair_runtime_ns / NSEC_PER_MSEC),
			 (unsigned long long)(k->fair_period_ns / NSEC_PER_MSEC));
	else
		snprintf(server, sizeof(server), "50 ms every 1 s by default");
	verdict_cause_users(w, bw, users, sizeof(users));
	verdict_cause_when(r, bw->server_timer_ns, when, sizeof(when));
	if (bw->server_timer_ns)
		snprintf(start, sizeof(start), ", from its dl_task_timer %s", when);
	else if (!bw->start_ns)
		snprintf(start, sizeof(start), " (its start is not in the trace)");
	verdict_cause_when(r, bw->period_timer_ns, when, sizeof(when));
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
		 verdict_cause_ms(bw->fair_top_ns), verdict_cause_ms(bw->held_ns), start, server,
		 r->victim_comm, event_user_prio(r->victim_prio), users, also);
	verdict_cause_budget_fix(w, bw, false, fix, sizeof(fix));
	/* a per-CPU kthread (ksoftirqd/1) cannot be moved: it is the CPU's own work */
	if (bw->fair_pid > 0 && event_comm_is_percpu_kthread(bw->fair_comm, NULL, 0))
		snprintf(keep, sizeof(keep), " %s is CPU %d's own kernel thread: it cannot move.",
			 bw->fair_comm, bw->cpu);
	else
		snprintf(keep, sizeof(keep), " Keep fair work (%s) off the RT CPU too.",
			 bw->fair_pid > 0 ? bw->fair_comm : "fair tasks");
	snprintf(hint, BLAME_HINT_LEN,
		 "The RT task that starves CPU %d is the bug: %s.%s The server's budget is "
		 "/sys/kernel/debug/sched/fair_server/cpu%d/runtime (0 turns it off and starves "
		 "the fair tasks for ever).",
		 bw->cpu, fix, keep, bw->cpu);
}

/* "(through pilock 4920's lock, owned by 4921, owned by ...)" of a chain of owners */
static void verdict_cause_chain(const struct cause_pi *pi, char *buf, size_t len)
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

void verdict_cause_pi_boost(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_pi *pi = &r->cause.pi;
	struct blame_culprit holder = { .pid = pi->holder_pid, .cpu = w->cpu };
	const struct blame_culprit *hc = &holder;
	char chain[128], away[224];

	verdict_cause_chain(pi, chain, sizeof(chain));
	/* the holder as the chain names it; a kernel thread's way off the CPU is its own */
	if (w->c && w->c->pid == pi->holder_pid)
		hc = w->c;
	else
		util_strlcpy(holder.comm, pi->holder_comm, sizeof(holder.comm));
	if (verdict_words_own_way(hc))
		verdict_words_move_away(hc, w->cpu, away, sizeof(away));
	else
		snprintf(away, sizeof(away), "move the tasks that take it (%s) off CPU %d",
			 pi->holder_comm, w->cpu);
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
		 "above every task that takes that lock (above %d), or %s.",
		 event_user_prio(pi->waiter_prio), away);
}

void verdict_cause_lock_wait(const struct verdict_words *w, char *text, char *hint)
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

void verdict_cause_priority_inversion(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct cause_pi *pi = &r->cause.pi;
	const bool kthread = event_comm_is_kthread(pi->holder_comm);
	char away[224];

	/* the middle task's way off the CPU: its own when it is a kernel thread (or rtwhy) */
	if (verdict_words_own_way(w->c))
		verdict_words_move_away(w->c, w->cpu, away, sizeof(away));
	else
		snprintf(away, sizeof(away), "keep that task off the CPU where %s runs",
			 pi->holder_comm);
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
			 "%s.",
			 pi->holder_comm, pi->holder_pid, w->c ? w->who : "the middle task", away);
	else
		snprintf(hint, BLAME_HINT_LEN,
			 "Use a priority-inheritance mutex (pthread_mutexattr_setprotocol "
			 "PTHREAD_PRIO_INHERIT) for what the thread shares with %s (pid %d), or "
			 "give that task a priority above %s's.",
			 pi->holder_comm, pi->holder_pid, w->c ? w->who : "the middle task");
}

void verdict_cause_stop_work(const struct verdict_words *w, char *text, char *hint)
{
	const struct cause_stop *st = &w->res->cause.stop;
	/* the moved task woke the stopper itself: sched_exec, its own affinity change */
	const bool self = st->moved_pid > 0 && st->by_pid == st->moved_pid && !st->by_irq;
	/* kernel/watchdog.c: its hrtimer queues softlockup_fn, which only notes the time */
	const bool watchdog = st->moved_pid <= 0 && !strcmp(st->by_timer, "watchdog_timer_fn");
	char why[224];

	if (watchdog)
		snprintf(why, sizeof(why),
			 "for the soft-lockup watchdog: its timer (watchdog_timer_fn, every "
			 "kernel.watchdog_thresh x 0.4 s, 4 s by default) queued softlockup_fn, "
			 "which only notes that the CPU still schedules");
	else if (self)
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
	if (watchdog)
		snprintf(hint, BLAME_HINT_LEN,
			 "Take CPU %d out of the soft-lockup watchdog: sysctl "
			 "kernel.watchdog_cpumask=<the other CPUs> (nohz_full= CPUs are out of it "
			 "by default), or nosoftlockup on the kernel command line; no priority is "
			 "above the stopper. Its work takes microseconds: a longer run is the CPU "
			 "slowed or stopped under it.",
			 w->cpu);
	else if (self)
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

/* "the cgroup /a/b (quota 30000 us every 100000 us ...)" or what the trace cannot tell */
static void verdict_cause_cgroup(const struct offcpu_cgroup *g, char *buf, size_t len)
{
	char quota[256], stat[128] = "";

	if (!g->known) {
		snprintf(buf, len,
			 "its cgroup (the trace does not name it: /proc/PID/task/TID/cgroup, or a "
			 "live rtwhy run, does)");
		return;
	}
	if (g->quota_us >= 0 && strcmp(g->limit_path, g->path))
		snprintf(quota, sizeof(quota), "quota %lld us every %lld us, set on %.160s",
			 (long long)g->quota_us, (long long)g->period_us, g->limit_path);
	else if (g->quota_us >= 0)
		snprintf(quota, sizeof(quota), "quota %lld us every %lld us = %.2f CPUs",
			 (long long)g->quota_us, (long long)g->period_us,
			 g->period_us > 0 ? (double)g->quota_us / (double)g->period_us : 0.0);
	else
		snprintf(quota, sizeof(quota), "no quota set now");
	if (g->stat_known)
		snprintf(stat, sizeof(stat),
			 "; throttled in %llu of %llu periods, %.1f ms, over %.1f s",
			 (unsigned long long)g->nr_throttled, (unsigned long long)g->nr_periods,
			 verdict_cause_ms(g->throttled_ns), (double)g->sample_ns / 1e9);
	snprintf(buf, len, "its cgroup %.200s (cgroup v%d, %.200s%.120s)", g->path, g->version,
		 quota, stat);
}

void verdict_cause_cfs_throttled(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct offcpu_cfs *cfs = &r->cause.cfs;
	char group[640], during[128], end[128] = "", with[160] = "", when[48];
	size_t used;
	int i;

	verdict_cause_cgroup(&cfs->group, group, sizeof(group));
	if (cfs->idle_proof && cfs->other_ns)
		snprintf(during, sizeof(during), "idled (%.1f ms) and ran other tasks (%s %.1f ms)",
			 verdict_cause_ms(cfs->idle_ns), cfs->top_comm,
			 verdict_cause_ms(cfs->top_ns));
	else if (cfs->idle_proof)
		snprintf(during, sizeof(during), "idled (%.1f ms)", verdict_cause_ms(cfs->idle_ns));
	else
		snprintf(during, sizeof(during), "ran other tasks (%s %.1f ms and others)",
			 cfs->top_comm, verdict_cause_ms(cfs->top_ns));
	verdict_cause_when(r, cfs->timer_ns, when, sizeof(when));
	if (cfs->timer_ns)
		snprintf(end, sizeof(end),
			 " until the group's %s timer (%s on CPU %d %s) gave it quota",
			 cfs->slack_timer ? "slack" : "period",
			 cfs->slack_timer ? "sched_cfs_slack_timer" : "sched_cfs_period_timer",
			 cfs->timer_cpu, when);
	if (cfs->nr_with) {
		used = (size_t)snprintf(with, sizeof(with), " Held off with it:");
		for (i = 0; i < cfs->nr_with && used < sizeof(with); i++)
			used += (size_t)snprintf(with + used, sizeof(with) - used, "%s %s (pid %d)",
						 i ? "," : "", cfs->with[i].comm, cfs->with[i].pid);
		if (used < sizeof(with))
			snprintf(with + used, sizeof(with) - used, ".");
	}
	snprintf(text, BLAME_TEXT_LEN,
		 "CFS bandwidth throttling: the thread (%s, fair class) was runnable and not run "
		 "for %.1f ms (%.1f%% of the latency) while CPU %d %.100s, because %.300s had used "
		 "its CPU quota: the kernel takes a throttled group's tasks off the CPU",
		 r->victim_comm, verdict_cause_ms(cfs->held_ns),
		 r->latency_ns ? 100.0 * (double)cfs->held_ns / (double)r->latency_ns : 0.0,
		 cfs->cpu, during, group);
	verdict_words_cat(text, BLAME_TEXT_LEN, end);
	verdict_words_cat(text, BLAME_TEXT_LEN, ".");
	if (cfs->idle_proof)
		verdict_words_cat(
			text, BLAME_TEXT_LEN,
			" A fair task runnable on an idle CPU has no other cause in the kernel.");
	verdict_words_cat(text, BLAME_TEXT_LEN, with);
	snprintf(hint, BLAME_HINT_LEN,
		 "Raise or remove the group's CPU quota (cgroup v2 cpu.max, v1 cpu.cfs_quota_us; "
		 "docker run --cpus, the pod's CPU limit), give the pod whole CPUs (Kubernetes "
		 "static CPU manager policy, Guaranteed QoS with integer CPUs), or run the thread "
		 "real-time (-p): bandwidth control throttles only fair (SCHED_OTHER) tasks.");
}

void verdict_cause_stopped(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct offcpu_stop *st = &r->cause.stopped;
	const bool traced = st->kind == OFFCPU_STOP_TRACED;
	char by[96] = "", cont[160];

	if (!st->start_ns)
		snprintf(by, sizeof(by), ", since before the trace's window: the SIGCONT shows it");
	else if (st->stop_by_pid >= 0)
		snprintf(by, sizeof(by), ", %s from %s (pid %d)", offcpu_sig_name(st->stop_sig),
			 st->stop_by_comm, st->stop_by_pid);
	else if (!traced)
		snprintf(by, sizeof(by), "%s",
			 st->signal_events ? ", by a stop signal sent before the window"
					   : " (who sent it needs signal:signal_generate)");
	if (st->cont_by_pid >= 0)
		snprintf(cont, sizeof(cont), "%s (pid %d, on CPU %d) continued it%s",
			 st->cont_by_comm[0] ? st->cont_by_comm : "a task", st->cont_by_pid,
			 st->cont_by_cpu,
			 st->cont_sig ? " with SIGCONT"
			 : traced     ? " (PTRACE_CONT or a detach)"
				      : " (SIGCONT)");
	else
		snprintf(cont, sizeof(cont), "who continued it is not in the trace");
	snprintf(text, BLAME_TEXT_LEN,
		 "The thread (%s) was %s (state %s%s) for %.1f ms (%.1f%% of the latency): a "
		 "stopped task does not run until it is continued, whatever the CPU does; %s.",
		 r->victim_comm, traced ? "held by its tracer" : "stopped", traced ? "t" : "T", by,
		 verdict_cause_ms(st->held_ns),
		 r->latency_ns ? 100.0 * (double)st->held_ns / (double)r->latency_ns : 0.0, cont);
	snprintf(hint, BLAME_HINT_LEN,
		 "Nothing on the CPU delayed it: do not stop the measured process while "
		 "measuring (kill -STOP, Ctrl-Z's SIGTSTP, SIGTTIN/SIGTTOU of a background job "
		 "reading or writing its terminal, a debugger or strace attached to it).");
}

/* The freeze was v1's (the kernel's freezer)? Since before the window: as the host tells. */
static bool verdict_cause_frozen_v1(const struct offcpu_frozen *fz)
{
	const struct offcpu_freezer *g = &fz->group;

	return fz->how == OFFCPU_FROZEN_FREEZER ||
	       (fz->how == OFFCPU_FROZEN_BEFORE && offcpu_group_freezable(g->v1_path) &&
		!(g->v2_time_known && g->v2_frozen_ns));
}

static void verdict_cause_freezer_group(const struct offcpu_frozen *fz, char *buf, size_t len)
{
	const struct offcpu_freezer *g = &fz->group;
	const bool v1 = verdict_cause_frozen_v1(fz);
	char stat[96] = "";

	if (!g->known && fz->how == OFFCPU_FROZEN_BEFORE) {
		snprintf(buf, len,
			 "the cgroup freezer (v1 freezer.state or v2 cgroup.freeze) since before "
			 "the "
			 "trace's window: the trace does not name the group, nor how it froze (a "
			 "window longer than the latency, --window-ms, shows that)");
		return;
	}
	if (!g->known) {
		snprintf(
			buf, len,
			v1 ? "the cgroup v1 freezer (freezer.state FROZEN) or a system suspend's "
			     "freezer: the trace does not name the group (the freezer line of "
			     "/proc/PID/task/TID/cgroup does, or a live run)"
			   : "the cgroup v2 freezer (cgroup.freeze 1): the trace does not name the "
			     "group (the 0:: line of /proc/PID/cgroup does, or a live run)");
		return;
	}
	if (v1 && offcpu_group_freezable(g->v1_path)) {
		snprintf(buf, len,
			 "the cgroup v1 freezer of its cgroup %.200s (%.60s%.200s/"
			 "freezer.state, %.15s now)",
			 g->v1_path, g->v1_mount, g->v1_path, g->v1_state[0] ? g->v1_state : "?");
		return;
	}
	if (g->v2_time_known)
		snprintf(stat, sizeof(stat),
			 "; frozen %.1f ms in the last %.1f s by its "
			 "cgroup.stat.local",
			 verdict_cause_ms(g->v2_frozen_ns), (double)g->v2_sample_ns / 1e9);
	if (!v1 && offcpu_group_freezable(g->v2_path)) {
		snprintf(buf, len,
			 "the cgroup v2 freezer of its cgroup %.200s (%.60s%.200s/"
			 "cgroup.freeze, %d now%.90s)",
			 g->v2_path, g->v2_mount, g->v2_path, g->v2_freeze, stat);
		return;
	}
	snprintf(buf, len,
		 v1 ? "the freezer, though its v1 freezer cgroup is %.200s now (a system suspend's "
		      "freezer, or a group it has left)"
		    : "the cgroup v2 freezer, though its v2 cgroup is %.200s now (a group it has "
		      "left)",
		 v1 ? (g->v1_path[0] ? g->v1_path : "none")
		    : (g->v2_path[0] ? g->v2_path : "none"));
}

void verdict_cause_frozen(const struct verdict_words *w, char *text, char *hint)
{
	const struct blame_result *r = w->res;
	const struct offcpu_frozen *fz = &r->cause.frozen;
	const struct offcpu_freezer *g = &fz->group;
	const bool v1 = verdict_cause_frozen_v1(fz);
	char how[320], group[720], when[48], thaw[128], knob[400];

	verdict_cause_when(r, fz->timer_ns, when, sizeof(when));
	if (fz->how == OFFCPU_FROZEN_TRAP && fz->freeze_by_pid < 0)
		snprintf(how, sizeof(how),
			 "it was running when the freeze came and went to sleep unwoken (state S, "
			 "on CPU %d): the cgroup v2 freeze trap (JOBCTL_TRAP_FREEZE, "
			 "do_freezer_trap()) that a running task enters on its way to user space",
			 fz->cpu);
	else if (fz->how == OFFCPU_FROZEN_TRAP)
		snprintf(how, sizeof(how),
			 "%s (pid %d) woke it without a signal and it went to sleep again at once "
			 "(state S, on CPU %d): the cgroup v2 freeze trap (JOBCTL_TRAP_FREEZE, "
			 "do_freezer_trap())",
			 fz->freeze_by_comm[0] ? fz->freeze_by_comm : "a task", fz->freeze_by_pid,
			 fz->cpu);
	else if (fz->how == OFFCPU_FROZEN_BEFORE)
		snprintf(how, sizeof(how),
			 "the thread is not seen in the window until the thaw's waking, from task "
			 "context and without a signal");
	else if (fz->timer_ns)
		snprintf(how, sizeof(how),
			 "it slept on CPU %d and its timer expired %s without waking it: a task "
			 "frozen where it sleeps (TASK_FROZEN) takes no wakeup, and nothing else "
			 "lets a timer's wakeup find its sleeper unwakeable",
			 fz->cpu, when);
	else
		snprintf(
			how, sizeof(how),
			"it was switched out on CPU %d in state %s, as the tracepoint shows a task "
			"entering the refrigerator (TASK_FROZEN)%s",
			fz->cpu, (fz->out_state & 0xff) == 0x02 ? "D" : "R",
			g->known ? ""
				 : ", and its thaw woke other tasks with it at once (a lock's "
				   "release "
				   "wakes its waiter; the trace alone says no more)");
	verdict_cause_freezer_group(fz, group, sizeof(group));
	if (fz->thaw_by_pid >= 0)
		snprintf(thaw, sizeof(thaw),
			 "%s (pid %d, on CPU %d) woke it%s when the group was thawed",
			 fz->thaw_by_comm[0] ? fz->thaw_by_comm : "a task", fz->thaw_by_pid,
			 fz->thaw_by_cpu,
			 fz->nr_thawed_with ? " and the group's other tasks at once" : "");
	else
		snprintf(thaw, sizeof(thaw), "who thawed it is not in the trace");
	snprintf(text, BLAME_TEXT_LEN,
		 "The thread (%s) was frozen for %.1f ms (%.1f%% of the latency) by ",
		 r->victim_comm, verdict_cause_ms(fz->held_ns),
		 r->latency_ns ? 100.0 * (double)fz->held_ns / (double)r->latency_ns : 0.0);
	verdict_words_cat(text, BLAME_TEXT_LEN, group);
	verdict_words_cat(text, BLAME_TEXT_LEN, ": ");
	verdict_words_cat(text, BLAME_TEXT_LEN, how);
	verdict_words_cat(text, BLAME_TEXT_LEN, "; ");
	verdict_words_cat(text, BLAME_TEXT_LEN, thaw);
	verdict_words_cat(text, BLAME_TEXT_LEN, ".");
	if (g->known && v1 && offcpu_group_freezable(g->v1_path))
		snprintf(knob, sizeof(knob), "%.60s%.200s/freezer.state", g->v1_mount, g->v1_path);
	else if (g->known && !v1 && offcpu_group_freezable(g->v2_path))
		snprintf(knob, sizeof(knob), "%.60s%.200s/cgroup.freeze", g->v2_mount, g->v2_path);
	else
		snprintf(knob, sizeof(knob), "%s",
			 fz->how == OFFCPU_FROZEN_TRAP ? "cgroup.freeze (v2)"
			 : fz->how == OFFCPU_FROZEN_FREEZER
				 ? "freezer.state (v1)"
				 : "freezer.state (v1) or cgroup.freeze (v2)");
	snprintf(hint, BLAME_HINT_LEN,
		 "Nothing on the CPU delayed it: something froze the measured process's cgroup "
		 "(%.300s; docker or podman pause, systemctl freeze, a checkpoint with CRIU, a "
		 "job or power manager). Do not freeze it while measuring; %s thawed it.",
		 knob,
		 fz->thaw_by_pid >= 0 ? (fz->thaw_by_comm[0] ? fz->thaw_by_comm : "a task")
				      : "the trace does not say who");
}

void verdict_cause_stop_machine(const struct verdict_words *w, char *text, char *hint)
{
	const struct cause_stop *st = &w->res->cause.stop;
	char by[96] = "", what[240];

	if (st->waker_pid > 0)
		snprintf(by, sizeof(by), ", called by %s (pid %d)", st->waker_comm, st->waker_pid);
	if (st->hotplug_cpu >= 0 && st->hotplug_step[0])
		snprintf(what, sizeof(what),
			 "CPU hotplug: CPU %d going %s, its hotplug step %s began just before "
			 "(cpuhp_enter)%s",
			 st->hotplug_cpu, st->hotplug_down ? "offline" : "online", st->hotplug_step,
			 st->hotplug_down
				 ? ": the kernel takes a CPU down with stop_machine()"
				 : ": a CPU coming up runs stop_machine() itself before it is "
				   "active (x86's cache and MTRR setup)");
	else if (st->hotplug_cpu >= 0)
		snprintf(what, sizeof(what),
			 "CPU hotplug: cpuhp/%d, the hotplug thread of CPU %d, ran just before "
			 "(CPU %d going offline: the kernel takes a CPU down with stop_machine())",
			 st->hotplug_cpu, st->hotplug_cpu, st->hotplug_cpu);
	else
		snprintf(what, sizeof(what),
			 "what called it is not in the trace (CPU hotplug, module loading, kernel "
			 "text patching by ftrace, kprobes or livepatch, a clocksource change)");
	snprintf(text, BLAME_TEXT_LEN,
		 "stop_machine()%s: %d CPUs ran it together, %s on CPU %d for "
		 "%.1f us of the spike (%.1f%% of the latency) with interrupts off (no event at "
		 "all on CPU %d for %.1f us), as stop_machine() makes every CPU do, an isolated "
		 "one too. What stopped the machine: %s.",
		 by, st->nr_cpus, st->comm, st->cpu, (double)st->machine_ns / 1000.0,
		 w->res->latency_ns ? 100.0 * (double)st->machine_ns / (double)w->res->latency_ns
				    : 0.0,
		 st->cpu, (double)st->irqs_off_ns / 1000.0, what);
	snprintf(hint, BLAME_HINT_LEN,
		 "Do not take CPUs offline or online while measuring (%s), nor load modules, "
		 "patch kernel text (ftrace, kprobes, livepatch) or change the clocksource: "
		 "stop_machine() stops every CPU and no priority or isolation is above it.",
		 st->hotplug_cpu >= 0 ? "/sys/devices/system/cpu/cpuN/online" : "CPU hotplug");
}
