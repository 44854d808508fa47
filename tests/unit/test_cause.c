// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause: one hand-built event sequence per kernel mechanism, the way each
 * looks in a trace (tests/fixtures/causes/RULES.md): RT throttling (ended by
 * the period timer on another CPU, the budget user from the window or from
 * /proc), the fair server (started by a fair wakeup), a trace without timer
 * events (untold), a DL task's own dl_task_timer, a PI boost through a chain
 * of two locks, a lock wait and a priority inversion, the CPU stopper, and
 * the kernel stack below the interrupt entry. Culprits still add up.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/cause_stack.h"
#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict.h"
#include "evgen.h"
#include "unit.h"

#define TID	5000
#define SPIN	7000
#define FAIR	7100
#define S_SLEEP 1 /* prev_state S */
#define RESCHED (RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED)

static struct evgen g;
static struct blame_result res;

static int explain_host(double d_us, double w_us, const struct blame_host *host)
{
	return evgen_explain(&g, TID, 1, d_us, w_us, host, &res);
}

static int explain(double d_us, double w_us)
{
	return explain_host(d_us, w_us, NULL);
}

static uint64_t culprit_sum(void)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < res.nr_culprits; i++)
		sum += res.culprit[i].ns;
	return sum;
}

static const struct blame_culprit *named(void)
{
	return res.verdict_culprit >= 0 ? &res.culprit[res.verdict_culprit] : NULL;
}

static const struct blame_culprit *culprit_pid(int pid)
{
	int i;

	for (i = 0; i < res.nr_culprits; i++)
		if (res.culprit[i].pid == pid)
			return &res.culprit[i];
	return NULL;
}

/* scheduler ticks every 4 ms in [@from_us, @to_us) on @cpu while @cur runs */
static void ticks(double from_us, double to_us, int cpu, int cur, const char *comm)
{
	double t;

	for (t = from_us; t < to_us; t += 4000)
		ev_tick(&g, t, cpu, cur, comm, RESCHED);
}

/* the FIFO 99 thread sleeps, a FIFO 1 task @comm that never sleeps runs, a tick stops it */
static void build_throttle_start(const char *comm)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, SPIN, comm, 98, 0);
	ev_tick(&g, 4000, 1, SPIN, comm, RESCHED);
	ev_switch(&g, 4010, 1, SPIN, comm, 98, 0, 0, "swapper/1", 120, 0);
}

/* ... then the thread waits on the idle CPU and runs right after the period timer of CPU 0 */
static void build_throttled(const char *comm)
{
	build_throttle_start(comm);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 0, RESCHED);
	ev_tick(&g, 12000, 1, 0, "<idle>", RESCHED); /* the idle loop goes on: RT is throttled */
	ev_switch(&g, 20000, 1, 0, "swapper/1", 120, 0, FAIR, "qemu", 125, 0);
	ev_switch(&g, 30000, 1, FAIR, "qemu", 125, S_SLEEP, 0, "swapper/1", 120, 0);
	/* the period timer gives the budget back from CPU 0; a reschedule IPI on CPU 1 */
	ev_hrtimer(&g, 50000, 0, 8000, "cc1", "sched_rt_period_timer", true, 0);
	ev_hrtimer(&g, 50002, 0, 8000, "cc1", NULL, false, 0);
	ev_vector(&g, 50008, 1, 0, "<idle>", "reschedule", true);
	ev_vector(&g, 50010, 1, 0, "<idle>", "reschedule", false);
	ev_switch(&g, 50012, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 0, 0);
}

/* the spike of 10 ms .. 50.015 ms explained: RT throttling, the budget SPIN's, culprits whole */
static void explain_throttled_by_spin(void)
{
	CU_ASSERT_EQUAL_FATAL(explain(10000, 50015), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_RT_THROTTLED);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, SPIN);
	CU_ASSERT_EQUAL(named()->role, BLAME_ROLE_RT_BUDGET);
}

static void test_rt_throttled(void)
{
	build_throttled("spinner");
	explain_throttled_by_spin();
	CU_ASSERT_EQUAL(named()->policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(event_user_prio(named()->prio), 1);
	/* the idle and fair time of the stretch is its share: nearly all of the latency */
	CU_ASSERT_TRUE(named()->ns > 39000000);
	CU_ASSERT_PTR_NULL(culprit_pid(FAIR));
	CU_ASSERT_EQUAL(res.cause.bw.start_ns, evgen_us(4010));
	CU_ASSERT_FALSE(res.cause.bw.server_start);
	CU_ASSERT_EQUAL(res.cause.bw.period_timer_ns, evgen_us(50000));
	CU_ASSERT_EQUAL(res.cause.bw.period_timer_cpu, 0);
	CU_ASSERT_TRUE(res.cause.bw.idle_ns > 29000000);
	CU_ASSERT_EQUAL(res.cause.bw.fair_pid, FAIR);
	CU_ASSERT_EQUAL(res.cause.bw.nr_users, 1);
	CU_ASSERT_FALSE(res.cause.bw.user[0].slept);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "sched_rt_period_timer on CPU 0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "spinner (pid 7000, fifo 1)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "did not sleep in the trace"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "by default 950 ms of every 1000 ms"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "sched_rt_runtime_us=-1"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "hypervisor"));
}

/*
 * The RT time the trace shows was a per-CPU kernel thread's (rcuc/1 at FIFO
 * 1 on PREEMPT_RT): it is named, but the hint neither asks to move it nor
 * names it as "rcuc/1" (it is per-CPU); it says where the budget goes.
 */
static void build_fair_server(bool with_ticks);

static void test_rt_throttled_by_kthread(void)
{
	build_throttled("rcuc/1");
	CU_ASSERT_EQUAL_FATAL(explain(10000, 50015), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, SPIN);
	CU_ASSERT_TRUE(named()->flags & BLAME_C_PINNED);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "rcuc/1"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "taskset"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "the rcuc kernel thread of CPU 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "rcu_nocbs=1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "ps -eLo"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "sched_rt_runtime_us=-1"));
	/* an unbound kworker: the workqueue cpumask, not taskset */
	build_throttled("kworker/u6:0");
	CU_ASSERT_EQUAL_FATAL(explain(10000, 50015), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "/sys/devices/virtual/workqueue/cpumask"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "(taskset"));
	/* the same for the fair server's starver */
	build_fair_server(true);
	for (size_t i = 0; i < g.n; i++) {
		if (g.ev[i].kind == RTW_EV_SWITCH && g.ev[i].u.sw.prev_pid == SPIN)
			util_strlcpy(g.ev[i].u.sw.prev_comm, "ktimers/1", RTW_COMM_LEN);
		if (g.ev[i].kind == RTW_EV_SWITCH && g.ev[i].u.sw.next_pid == SPIN)
			util_strlcpy(g.ev[i].u.sw.next_comm, "ktimers/1", RTW_COMM_LEN);
		if (g.ev[i].pid == SPIN)
			util_strlcpy(g.ev[i].comm, "ktimers/1", RTW_COMM_LEN);
	}
	CU_ASSERT_EQUAL_FATAL(explain(10000, 45003), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FAIR_SERVER);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "ktimers/1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "the ktimers kernel thread of CPU 1"));
}

/*
 * A window wholly in a throttled stretch of CPU 1: the thread is woken at 10 ms
 * onto an idle CPU and runs at 30 ms, right after sched_rt_period_timer; no
 * RT task runs in it, so who used the budget is for /proc to say.
 */
static void build_throttled_window(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 0, RESCHED);
	ev_tick(&g, 12000, 1, 0, "<idle>", RESCHED);
	ev_hrtimer(&g, 30000, 1, 0, "<idle>", "sched_rt_period_timer", true, 0);
	ev_hrtimer(&g, 30002, 1, 0, "<idle>", NULL, false, RESCHED);
	ev_switch(&g, 30010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 0, 0);
}

/*
 * The window begins throttled (causes/rt-group-throttle): the budget user never shows, the
 * thread is woken onto the idle CPU, its ticks run in idle, and the period timer's interrupt
 * (which ends it) exits right before the switch. With @lost a lost-events record between
 * the wakeup and the tick.
 */
static void build_throttled_from_start(bool lost)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 0, RESCHED);
	if (lost)
		ev_lost(&g, 11000, 1, 7);
	ev_tick(&g, 12000, 1, 0, "<idle>", 0);
	ev_tick(&g, 16000, 1, 0, "<idle>", 0);
	ev_vector(&g, 29999, 1, 0, "<idle>", "local_timer", true);
	ev_hrtimer(&g, 30000, 1, 0, "<idle>", "sched_rt_period_timer", true, 0);
	ev_hrtimer(&g, 30002, 1, 0, "<idle>", NULL, false, RESCHED);
	ev_vector(&g, 30003, 1, 0, "<idle>", "local_timer", false);
	ev_switch(&g, 30010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 0, 0);
}

static void test_rt_throttled_from_start(void)
{
	build_throttled_from_start(false);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 30012), 0);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_RT_THROTTLED);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_EQUAL(res.cause.bw.period_timer_ns, evgen_us(30000));
	/* what was runnable is unknown after lost events: no evidence from before them */
	build_throttled_from_start(true);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 30012), 0);
	CU_ASSERT_NOT_EQUAL(res.cause.bw.kind, CAUSE_BW_RT_THROTTLED);
}

/* The window starts in the stretch: the budget user comes from /proc, the knobs as read. */
/*
 * RT group scheduling: the thread (FIFO 99) and hogA (FIFO 2) share a group's budget; hogA used
 * it, and the group's rt_rq, throttled, left CPU 1 to hogB (FIFO 1) of another group, which ran
 * on while the thread, woken, waited for the period timer. An RT task picked below a runnable
 * one is what only a throttled group does: rt_throttled, the budget hogA's, hogB what ran; from
 * a trace alone, the thread's group's budget (the system's would have stopped hogB too).
 */
#define OTHER_RT 7200
static void test_rt_throttled_group_lower_rt(void)
{
	const struct blame_culprit *b;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, SPIN, "hogA", 97, 0);
	ev_tick(&g, 4000, 1, SPIN, "hogA", RESCHED);
	ev_switch(&g, 4010, 1, SPIN, "hogA", 97, 0, OTHER_RT, "hogB", 98, 0);
	ev_timer_wakes(&g, 10000, 1, OTHER_RT, "hogB", TID, 0, RESCHED);
	ticks(12000, 50000, 1, OTHER_RT, "hogB");
	ev_hrtimer(&g, 50000, 0, 8000, "cc1", "sched_rt_period_timer", true, 0);
	ev_hrtimer(&g, 50002, 0, 8000, "cc1", NULL, false, 0);
	ev_vector(&g, 50008, 1, OTHER_RT, "hogB", "reschedule", true);
	ev_vector(&g, 50010, 1, OTHER_RT, "hogB", "reschedule", false);
	ev_switch(&g, 50012, 1, OTHER_RT, "hogB", 98, 0, TID, "rtwhy", 0, 0);
	explain_throttled_by_spin();
	CU_ASSERT_TRUE(named()->ns > 39000000);
	b = culprit_pid(OTHER_RT);
	CU_ASSERT_TRUE(!b || b->ns == 0); /* its run is the throttling's */
	CU_ASSERT_EQUAL(res.cause.bw.start_ns, evgen_us(4010));
	CU_ASSERT_TRUE(res.cause.bw.lower_rt_ns > 39000000);
	CU_ASSERT_EQUAL(res.cause.bw.fair_pid, OTHER_RT);
	CU_ASSERT_EQUAL(res.cause.bw.nr_users, 1); /* hogB used no budget of the group's */
	CU_ASSERT_EQUAL(res.cause.bw.user[0].pid, SPIN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the RT tasks of the thread's cgroup on CPU 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "RT group scheduling, the one way the kernel"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "ran other groups' RT tasks below the thread's "
						"priority (hogB, RT priority 1,"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "every one of them"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "sched_rt_runtime_us=-1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "raise its cpu.rt_runtime_us"));
}

static void test_rt_throttled_from_host(void)
{
	struct cause_rt_task rt = { .pid = SPIN,
				    .comm = "spinner",
				    .rt_prio = 1,
				    .policy = SCHED_RR,
				    .cpu = 1,
				    .never_sleeps = 1 };
	struct cause_member member = { .pid = SPIN, .rt_group = CAUSE_RT_GROUP_IN };
	struct blame_host host = { .steal_ns = -1 };

	host.cause.rt_tasks = &rt;
	host.cause.nr_rt_tasks = 1;
	host.cause.knobs = (struct cause_knobs){ .rt_known = true,
						 .rt_runtime_us = 1000000,
						 .rt_period_us = 1000000,
						 .cgroup_known = true,
						 .cgroup_rt_runtime_us = 950000,
						 .cgroup_rt_period_us = 1000000,
						 .kernel_version = 6018 };
	build_throttled_window();
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 30012, &host), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_EQUAL(res.cause.bw.start_ns, 0); /* before the window */
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, SPIN);
	/* never seen in the window: its policy is the live list's, not inferred from prio */
	CU_ASSERT_EQUAL(named()->policy, SCHED_RR);
	CU_ASSERT_TRUE(named()->policy_exact);
	CU_ASSERT_TRUE(res.cause.bw.user[0].from_host);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "never sleeps (read live"));
	/* 6.12+ with RT_GROUP_SCHED: the cgroup's budget is the live one */
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "cpu.rt_runtime_us"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "sched_rt_runtime_us says 1000000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the RT tasks of CPU 1 used their budget"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "stopped every one of them"));
	/*
	 * The thread in a cgroup whose RT budget (RT_GROUP_SCHED, 20% of a CPU, set on its
	 * parent) is tighter than the system's: that group's RT tasks are throttled together,
	 * and the group's budget is the one named, with how to raise it.
	 */
	host.cause.cgroup = (struct offcpu_cgroup){ .known = true,
						    .path = "/rt/app",
						    .version = 1,
						    .quota_us = -1,
						    .rt_runtime_us = 200000,
						    .rt_period_us = 1000000,
						    .rt_limit_path = "/rt" };
	host.cause.members = &member;
	host.cause.nr_members = 1;
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 30012, &host), 0);
	CU_ASSERT_EQUAL(res.cause.bw.user[0].rt_group, CAUSE_RT_GROUP_IN);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_STRING_EQUAL(res.cause.bw.group.rt_limit_path, "/rt");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text,
				      "the RT tasks of the cgroup /rt on CPU 1 used "
				      "that group's budget (cpu.rt_runtime_us = 200000 of "
				      "every cpu.rt_period_us = 1000000, set on /rt"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the kernel stopped them"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "every one of them"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "raise /rt's cpu.rt_runtime_us"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "sched_rt_runtime_us=-1"));
	/* the task that used the RT time is in another group: the system's budget it was */
	member.rt_group = CAUSE_RT_GROUP_OUT;
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 30012, &host), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "stopped every one of them"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "set on /rt"));
	/* not known where it is (it ended before it was read): either budget, said so */
	member.rt_group = CAUSE_RT_GROUP_UNKNOWN;
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 30012, &host), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "set on /rt, or the system's, 950000 us of every "
						"1000000 us: the root cpu cgroup's"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "which one depends on the cgroup of the task"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "stopped every one of them"));
	/* a group budget looser than the system's (the root cgroup's 95%) is not the one */
	member.rt_group = CAUSE_RT_GROUP_IN;
	host.cause.cgroup.rt_runtime_us = 990000;
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 30012, &host), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the RT tasks of CPU 1 used their budget"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "stopped every one of them"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "sched_rt_runtime_us=-1"));
	/* without it nothing names the budget user: said, and no culprit made up */
	CU_ASSERT_EQUAL_FATAL(explain(10000, 30012), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_EQUAL(res.verdict_culprit, -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "that the trace does not show"));
}

/*
 * The window lies wholly in the stretch and the CPU's RT run queue holds the
 * hog and rcuc/1 (PREEMPT_RT, FIFO 1, queued behind an RR 1 hog): rcuc/1 is
 * listed first (lower pid), ran nothing while sampled; the hog ran. The hog
 * used the budget (the lab's rt guest named rcuc/1 before).
 */
static void test_rt_throttled_starved_kthread(void)
{
	struct cause_rt_task rt[2] = {
		{ .pid = 27,
		  .comm = "rcuc/1",
		  .rt_prio = 1,
		  .policy = SCHED_FIFO,
		  .cpu = 1,
		  .run_ns = 0,
		  .sample_ns = 50000000,
		  .never_sleeps = -1 },
		{ .pid = SPIN,
		  .comm = "spinner",
		  .rt_prio = 1,
		  .policy = SCHED_RR,
		  .cpu = 1,
		  .run_ns = 27900000,
		  .sample_ns = 50000000,
		  .never_sleeps = 1 },
	};
	struct blame_host host = { .steal_ns = -1 };

	host.cause.rt_tasks = rt;
	host.cause.nr_rt_tasks = 2;
	host.cause.knobs = (struct cause_knobs){ .rt_known = true,
						 .rt_runtime_us = 950000,
						 .rt_period_us = 1000000,
						 .kernel_version = 6001 };
	build_throttled_window();
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 30012, &host), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, SPIN);
	CU_ASSERT_EQUAL(named()->policy, SCHED_RR);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "rcuc"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "make spinner block"));
}

/* A fair wakeup preempts the never-sleeping RT task: the running fair server restarted. */
static void build_fair_server(bool with_ticks)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, SPIN, "spinner", 98, 0);
	if (with_ticks)
		ev_tick(&g, 4000, 1, SPIN, "spinner", 0);
	ev_wake(&g, 9000, 1, SPIN, "spinner", RTW_EV_WAKEUP, FAIR, "fairhog", 120, 1, RESCHED);
	ev_switch(&g, 9005, 1, SPIN, "spinner", 98, 0, FAIR, "fairhog", 120, 0);
	if (with_ticks) {
		ev_timer_wakes(&g, 10000, 1, FAIR, "fairhog", TID, 0, RESCHED);
		ticks(12000, 45000, 1, FAIR, "fairhog");
	} else {
		ev_wake(&g, 10000, 1, FAIR, "fairhog", RTW_EV_WAKING, TID, "rtwhy", 0, 1,
			RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
		ev_wake(&g, 10001, 1, FAIR, "fairhog", RTW_EV_WAKEUP, TID, "rtwhy", 0, 1,
			RTW_F_IRQS_OFF | RTW_F_HARDIRQ | RESCHED);
	}
	ev_switch(&g, 45000, 1, FAIR, "fairhog", 120, 0, TID, "rtwhy", 0, 0);
}

static void test_fair_server(void)
{
	const struct blame_culprit *hog;

	build_fair_server(true);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 45003), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_FAIR_SERVER);
	CU_ASSERT_TRUE(res.cause.bw.server_start);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FAIR_SERVER);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, SPIN);
	CU_ASSERT_EQUAL(named()->role, BLAME_ROLE_STARVER);
	/* the fair task keeps what it ran: the server's choice */
	hog = culprit_pid(FAIR);
	CU_ASSERT_PTR_NOT_NULL_FATAL(hog);
	CU_ASSERT_TRUE(hog->ns > 34000000);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "fair server"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "fairhog"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "preempt=full"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "fair_server/cpu1/runtime"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "Keep fair work (fairhog) off the RT CPU too."));
	/* the lab's full612: the server ran ksoftirqd/1, which no hint may ask to move */
	util_strlcpy(res.cause.bw.fair_comm, "ksoftirqd/1", RTW_COMM_LEN);
	verdict_decide(&res, NULL);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FAIR_SERVER);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "ksoftirqd/1 is CPU 1's own kernel thread: it "
						"cannot move"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "Keep fair work"));
	/*
	 * On a kernel before 6.12 there is no fair server, and a throttled rt_rq
	 * comes back only at the period timer, which this trace's timer events
	 * would show: neither mechanism. With the period timer right before the
	 * thread ran, RT throttling it is.
	 */
	{
		struct blame_host host = { .steal_ns = -1 };

		host.cause.knobs.kernel_version = 6001;
		CU_ASSERT_EQUAL_FATAL(explain_host(10000, 45003, &host), 0);
		CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_NONE);
		CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
		CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_FAIR_SERVER);
		CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
		g.n--; /* the switch to the thread, after the period timer this time */
		ev_hrtimer(&g, 44990, 0, 0, "<idle>", "sched_rt_period_timer", true, 0);
		ev_hrtimer(&g, 44992, 0, 0, "<idle>", NULL, false, 0);
		ev_switch(&g, 45000, 1, FAIR, "fairhog", 120, 0, TID, "rtwhy", 0, 0);
		CU_ASSERT_EQUAL_FATAL(explain_host(10000, 45003, &host), 0);
		CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_RT_THROTTLED);
		CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
		CU_ASSERT_EQUAL(named()->pid, SPIN);
	}
}

/*
 * What the lab's rt guest showed once (cyclictest, disk IRQs, 6.1-rt): an
 * IRQ on the idle CPU 1 wakes rcuc/1 (FIFO 1), which runs and sleeps; the
 * thread's timer wakes it at its deadline, then nothing happens on CPU 1
 * for 3 ms (the host did not run the vCPU). The CPU idled with an RT task
 * runnable, but the trace has timer events and no period timer: no
 * throttling, on 6.1 or 6.18, and rcuc/1 is no budget user.
 */
static void test_idle_vcpu_is_no_throttling(void)
{
	static const int versions[] = { 6001, 6018, 0 };
	struct blame_host host = { .steal_ns = -1 };
	size_t k;

	for (k = 0; k < ARRAY_SIZE(versions); k++) {
		evgen_init(&g);
		ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 0, "swapper/1", 120, 0);
		ev_tick(&g, 4000, 1, 0, "<idle>", 0);
		ev_irq(&g, 9000, 1, 0, "<idle>", 25, "virtio0-requests", true);
		ev_wake(&g, 9002, 1, 0, "<idle>", RTW_EV_WAKEUP, 27, "rcuc/1", 98, 1,
			RTW_F_IRQS_OFF | RTW_F_HARDIRQ | RESCHED);
		ev_irq(&g, 9004, 1, 0, "<idle>", 25, NULL, false);
		ev_switch(&g, 9010, 1, 0, "swapper/1", 120, 0, 27, "rcuc/1", 98, 0);
		ev_switch(&g, 9050, 1, 27, "rcuc/1", 98, S_SLEEP, 0, "swapper/1", 120, 0);
		ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 0, RESCHED);
		ev_switch(&g, 13010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 0, 0);
		host.cause.knobs.kernel_version = versions[k];
		CU_ASSERT_EQUAL_FATAL(explain_host(10000, 13012, &host), 0);
		CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_NONE);
		/* what the trace shows: no event at all on the idle CPU */
		CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
		CU_ASSERT_PTR_NULL(culprit_pid(27));
		CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	}
}

/*
 * The fair task ran on after the RT wakeup with need-resched set on every later event of the
 * CPU: no schedule() ran (the server's choice would have cleared it): neither the fair
 * server nor throttling (lab full612: ksoftirqd/1 and a stalled vCPU).
 */
static void test_unheeded_resched_is_no_server(void)
{
	build_fair_server(true);
	for (size_t i = 0; i < g.n; i++)
		if (g.ev[i].cpu == 1 && g.ev[i].ts_ns > evgen_us(10000) &&
		    g.ev[i].kind != RTW_EV_SWITCH)
			g.ev[i].flags |= RTW_F_NEED_RESCHED;
	CU_ASSERT_EQUAL_FATAL(explain(10000, 45003), 0);
	CU_ASSERT_TRUE(res.resched_unheeded);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_NONE);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_FAIR_SERVER);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
}

/* No timer event at all (trace-cmd record -e sched): which of the two cannot be told. */
static void test_untold_without_timer_events(void)
{
	build_fair_server(false);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 45003), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_FALSE(res.cause.bw.timer_events);
	/* the wakeup restarted the server... unless it was throttling: a fair wakeup starts it */
	CU_ASSERT_TRUE(res.cause.bw.kind == CAUSE_BW_FAIR_SERVER ||
		       res.cause.bw.kind == CAUSE_BW_UNTOLD);
	/* without the fair wakeup before the switch, nothing tells them apart */
	build_fair_server(false);
	memmove(&g.ev[1], &g.ev[2], (g.n - 2) * sizeof(g.ev[0])); /* drop the wakeup of fairhog */
	g.n--;
	CU_ASSERT_EQUAL_FATAL(explain(10000, 45003), 0);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_UNTOLD);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "no timer events"));
	CU_ASSERT_EQUAL(named()->pid, SPIN);
}

/*
 * The same stalled vCPU in a trace without timer events (trace-cmd record -e
 * sched -e irq_vectors): throttling would be all that is left, but the window
 * does not show it begin (no RT task switched out runnable for a lower class).
 */
static void test_idle_vcpu_without_timer_events(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_vector(&g, 9999.5, 1, 0, "<idle>", "local_timer", true);
	ev_wake(&g, 10000.5, 1, 0, "<idle>", RTW_EV_WAKING, TID, "rtwhy", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(&g, 10002, 1, 0, "<idle>", RTW_EV_WAKEUP, TID, "rtwhy", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ | RESCHED);
	ev_vector(&g, 10003, 1, 0, "<idle>", "local_timer", false);
	ev_switch(&g, 13010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13012), 0);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_NONE);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_RT_THROTTLED);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
}

/* A DL task's own replenishment timer (dl_task_timer), then it runs: not the fair server. */
static void test_deadline_task(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, SPIN, "spinner", 98, 0);
	ev_hrtimer(&g, 9000, 1, SPIN, "spinner", "dl_task_timer", true, 0);
	ev_hrtimer(&g, 9002, 1, SPIN, "spinner", NULL, false, RESCHED);
	ev_switch(&g, 9010, 1, SPIN, "spinner", 98, 0, 7300, "dlhog", -1, 0);
	ev_timer_wakes(&g, 10000, 1, 7300, "dlhog", TID, 0, 0);
	ev_switch(&g, 14000, 1, 7300, "dlhog", -1, 0, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14003), 0);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_NONE);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_HIGHER_PRIORITY);
	CU_ASSERT_EQUAL(named()->pid, 7300);
	CU_ASSERT_EQUAL(named()->policy, SCHED_DEADLINE);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "before every RT task"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "(-p)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "No RT priority is above SCHED_DEADLINE"));
	/* the reservation, when the live run read it */
	{
		struct cause_dl_task dl = { .pid = 7300,
					    .runtime_ns = 5000000,
					    .deadline_ns = 50000000,
					    .period_ns = 50000000 };
		struct blame_host host = { .steal_ns = -1 };

		host.cause.dl_tasks = &dl;
		host.cause.nr_dl_tasks = 1;
		CU_ASSERT_EQUAL_FATAL(explain_host(10000, 14003, &host), 0);
		CU_ASSERT_EQUAL(named()->dl_runtime_ns, 5000000);
		CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "runtime 5000 us every 50000 us"));
	}
}

/* A (fifo 90) waits for B's lock, B for C's: one walk in A's context boosts B and C. */
static void build_pi_chain(double deboost_us)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "cyclictest", 49, S_SLEEP, 7402, "pilock", 89, 0);
	ev_wake(&g, 200, 1, 7402, "pilock", RTW_EV_WAKEUP, 7400, "pilock", 9, 1, RESCHED);
	ev_switch(&g, 201, 1, 7402, "pilock", 89, 0, 7400, "pilock", 9, 0);
	ev_pi(&g, 210, 1, 7400, "pilock", 7401, "pilock", 89, 9);
	ev_pi(&g, 211, 1, 7400, "pilock", 7402, "pilock", 89, 9);
	ev_switch(&g, 212, 1, 7400, "pilock", 9, S_SLEEP, 7402, "pilock", 9, 0);
	if (deboost_us < 10000)
		ev_pi(&g, deboost_us, 1, 7402, "pilock", 7402, "pilock", 9, 89);
	ev_timer_wakes(&g, 10000, 1, 7402, "pilock", TID, 49, 0); /* C outranks it: no resched */
	if (deboost_us >= 10000)
		ev_pi(&g, deboost_us, 1, 7402, "pilock", 7402, "pilock", 9, 89);
	ev_switch(&g, 12010, 1, 7402, "pilock", 89, 0, TID, "cyclictest", 49, 0);
}

/*
 * The lab's lost boost: the window begins after pilock 7410 was boosted to 90; only its
 * deboost (from 9 back to 89, i.e. FIFO 90 -> FIFO 10) and the wakeup of the waiter it
 * unlocked for are in it. The boost is kept: pi_boost, not non_preemptible.
 */
static void build_pi_boost_before(const char *holder)
{
	evgen_init(&g);
	ev_tick(&g, 2000, 1, 7410, holder, 0);
	ev_timer_wakes(&g, 10000, 1, 7410, holder, TID, 49, 0); /* it outranks: no resched */
	ev_pi(&g, 12000, 1, 7410, holder, 7410, holder, 9, 89);
	ev_wake(&g, 12002, 1, 7410, holder, RTW_EV_WAKING, 7411, "pilock", 9, 0, 0);
	ev_switch(&g, 12010, 1, 7410, holder, 89, 0, TID, "cyclictest", 49, 0);
}

static void test_pi_boost_before_the_window(void)
{
	build_pi_boost_before("pilock");
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12013), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_PI_BOOST);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, 7410);
	CU_ASSERT_EQUAL(res.cause.pi.waiter_pid, 7411);
	CU_ASSERT_EQUAL(event_user_prio(res.cause.pi.boost_prio), 90);
	CU_ASSERT_EQUAL(event_user_prio(res.cause.pi.holder_prio), 10);
	CU_ASSERT_PTR_NULL(strstr(res.text, "need-resched was set"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "move the tasks that take it (pilock) off CPU 1"));
	/*
	 * The 6.12-rt lab: rcuc/1, boosted through an rt_mutex, is CPU 1's own thread; no hint
	 * may ask to move it. Its way off the CPU is its callbacks' offload.
	 */
	build_pi_boost_before("rcuc/1");
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12013), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_PI_BOOST);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "(rcuc/1) off CPU"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "rcu_nocbs=1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "cannot move"));
}

static void test_pi_boost_chain(void)
{
	build_pi_chain(12000);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12013), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_PI_BOOST);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, 7402);
	CU_ASSERT_EQUAL(named()->role, BLAME_ROLE_BOOSTED);
	CU_ASSERT_EQUAL(event_user_prio(named()->prio), 10);
	CU_ASSERT_EQUAL(event_user_prio(named()->boost_prio), 90);
	CU_ASSERT_EQUAL(res.cause.pi.waiter_pid, 7400);
	CU_ASSERT_EQUAL_FATAL(res.cause.pi.nr_chain, 2);
	CU_ASSERT_EQUAL(res.cause.pi.chain_pid[0], 7401);
	CU_ASSERT_EQUAL(res.cause.pi.chain_pid[1], 7402);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "as priority 90"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "7400 waits for 7401 waits for 7402"));
	/* deboosted before the thread was woken: a plain lower task in a kernel section */
	build_pi_chain(9000);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12013), 0);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_PI_BOOST);
}

/*
 * The thread ran, blocked, and was woken from task context by the task it
 * waited for, @holder at kernel prio @hprio; with @middle, a task at @mprio
 * preempted the holder meanwhile.
 */
static const char *lock_wait_middle = "pilock"; /* the middle task's comm */

static void build_lock_wait_by(bool middle, const char *holder, int hprio, int mprio)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "pilock", 9, S_SLEEP, 7700, holder, hprio, 0);
	ev_timer_wakes(&g, 10000, 1, 7700, holder, TID, 9, RESCHED);
	ev_switch(&g, 10005, 1, 7700, holder, hprio, 0, TID, "pilock", 9, 0);
	ev_switch(&g, 10020, 1, TID, "pilock", 9, S_SLEEP, 7700, holder, hprio, 0);
	if (middle) {
		ev_timer_wakes(&g, 10030, 1, 7700, holder, 7800, mprio, RESCHED);
		ev_switch(&g, 10035, 1, 7700, holder, hprio, 0, 7800, lock_wait_middle, mprio, 0);
		ev_switch(&g, 15000, 1, 7800, lock_wait_middle, mprio, S_SLEEP, 7700, holder, hprio,
			  0);
	}
	ev_wake(&g, 15010, 1, 7700, holder, RTW_EV_WAKING, TID, "pilock", 9, 1, RTW_F_IRQS_OFF);
	ev_wake(&g, 15011, 1, 7700, holder, RTW_EV_WAKEUP, TID, "pilock", 9, 1,
		RTW_F_IRQS_OFF | RESCHED);
	ev_switch(&g, 15012, 1, 7700, holder, hprio, 0, TID, "pilock", 9, 0);
}

static void build_lock_wait(bool middle)
{
	build_lock_wait_by(middle, "pilock", 89, 49);
}

static void test_lock_wait(void)
{
	build_lock_wait(false);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.cause.pi.kind, CAUSE_PI_LOCK_WAIT);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_LOCK_WAIT);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, 7700);
	CU_ASSERT_EQUAL(named()->kind, BLAME_TASK); /* its time is its own, not "unaccounted" */
	CU_ASSERT_EQUAL(named()->role, BLAME_ROLE_HOLDER);
	CU_ASSERT_TRUE(named()->ns > 4900000);
	CU_ASSERT_EQUAL(res.cause.pi.wait_ns, 4990000);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "not boosted (if sched_pi_setprio was recorded)"));
}

static void test_priority_inversion(void)
{
	build_lock_wait(true);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.cause.pi.kind, CAUSE_PI_INVERSION);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_PRIORITY_INVERSION);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_EQUAL(named()->pid, 7800);
	CU_ASSERT_EQUAL(named()->role, BLAME_ROLE_MIDDLE);
	CU_ASSERT_EQUAL(res.cause.pi.holder_pid, 7700);
	CU_ASSERT_EQUAL(event_user_prio(res.cause.pi.holder_prio), 10);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "A priority inversion"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "PTHREAD_PRIO_INHERIT"));
}

/*
 * What is no priority inversion: a fair "middle" task (CFS shares the CPU by
 * weight); a middle task on the thread's CPU while the holder was preempted
 * on another (the thread slept: anything may run on its CPU). A kernel
 * thread as the holder is an inversion without a user lock to make PI.
 */
static void test_no_inversion(void)
{
	build_lock_wait_by(true, "pilock", 120, 110);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_EQUAL(res.cause.pi.kind, CAUSE_PI_LOCK_WAIT);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_PRIORITY_INVERSION);
	/*
	 * The holder runs on CPU 0 and is preempted there by 7850; 7800 runs on
	 * the thread's CPU 1 while the thread sleeps: 7800 held nobody up.
	 */
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "pilock", 9, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_switch(&g, 150, 0, 0, "swapper/0", 120, 0, 7700, "pilock", 89, 0);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 9, RESCHED);
	ev_switch(&g, 10005, 1, 0, "swapper/1", 120, 0, TID, "pilock", 9, 0);
	ev_switch(&g, 10020, 1, TID, "pilock", 9, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_timer_wakes(&g, 10030, 1, 0, "<idle>", 7800, 49, RESCHED);
	ev_switch(&g, 10035, 1, 0, "swapper/1", 120, 0, 7800, "pilock", 49, 0);
	ev_wake(&g, 10040, 0, 7700, "pilock", RTW_EV_WAKEUP, 7850, "other", 40, 0, RESCHED);
	ev_switch(&g, 10041, 0, 7700, "pilock", 89, 0, 7850, "other", 40, 0);
	ev_switch(&g, 14990, 0, 7850, "other", 40, S_SLEEP, 7700, "pilock", 89, 0);
	ev_switch(&g, 15000, 1, 7800, "pilock", 49, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_wake(&g, 15010, 0, 7700, "pilock", RTW_EV_WAKING, TID, "pilock", 9, 1, RTW_F_IRQS_OFF);
	ev_wake(&g, 15011, 0, 7700, "pilock", RTW_EV_WAKEUP, TID, "pilock", 9, 1, RTW_F_IRQS_OFF);
	ev_switch(&g, 15012, 1, 0, "swapper/1", 120, 0, TID, "pilock", 9, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_NOT_EQUAL(res.cause.pi.kind, CAUSE_PI_INVERSION);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_PRIORITY_INVERSION);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	/* an IRQ thread held it up: no PI mutex to advise, its priority */
	build_lock_wait_by(true, "irq/25-virtio0", 49 + 10, 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_PRIORITY_INVERSION);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "PTHREAD_PRIO_INHERIT"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "chrt -p"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "a kernel thread"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "keep that task off the CPU where irq/25"));
	/* the middle task a per-CPU kernel thread: its own way off the CPU, or none */
	lock_wait_middle = "ksoftirqd/1";
	build_lock_wait_by(true, "irq/25-virtio0", 49 + 10, 49);
	lock_wait_middle = "pilock";
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_PRIORITY_INVERSION);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "keep that task off"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "its ksoftirqd kernel thread is per-CPU and cannot "
						"move"));
}

/*
 * The thread boosted 7900 for one lock (and got it without sleeping), then
 * slept on something else that 7700 gave it: 7700 is what it waited for,
 * unboosted, not 7900.
 */
static void test_lock_wait_after_boost(void)
{
	build_lock_wait(false);
	ev_pi(&g, 10008, 1, TID, "pilock", 7900, "locker", 89, 9); /* while it ran */
	evgen_settle_last(&g);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15014), 0);
	CU_ASSERT_EQUAL(res.cause.pi.kind, CAUSE_PI_LOCK_WAIT);
	CU_ASSERT_EQUAL(res.cause.pi.holder_pid, 7700);
	CU_ASSERT_EQUAL(res.cause.pi.boost_prio, TL_PRIO_UNKNOWN);
	CU_ASSERT_PTR_NULL(strstr(res.text, "PI worked"));
}

/*
 * A boost that covered little of the wait: undone 200 us after the wakeup
 * (of 2 ms), or begun 200 us before the switch. Unboosted, the holder would
 * have been preempted at once: the rest was no PI.
 */
static void test_pi_boost_short(void)
{
	build_pi_chain(10200);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12013), 0);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_PI_BOOST);
	CU_ASSERT_NOT_EQUAL(res.cause.pi.kind, CAUSE_PI_BOOST);
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "cyclictest", 49, S_SLEEP, 7402, "pilock", 89, 0);
	ev_timer_wakes(&g, 10000, 1, 7402, "pilock", TID, 49, RESCHED);
	ev_pi(&g, 11800, 0, 7400, "pilock", 7402, "pilock", 89, 9);
	ev_switch(&g, 12010, 1, 7402, "pilock", 9, 0, TID, "cyclictest", 49, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12013), 0);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_PI_BOOST);
	CU_ASSERT_NOT_EQUAL(res.cause.pi.kind, CAUSE_PI_BOOST);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
}

/* An exec on CPU 1 moves its own task (sched_exec): the stopper's work, for itself. */
static void test_stop_for_itself(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 7500, "make", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 7500, "make", TID, 0, RESCHED);
	ev_wake(&g, 10004, 1, 7500, "make", RTW_EV_WAKING, 21, "migration/1", 0, 1, 0);
	ev_switch(&g, 10010, 1, 7500, "make", 120, 0, 21, "migration/1", 0, 0);
	ev_migrate(&g, 10015, 1, 21, "migration/1", 7500, "make", 120, 1, 0);
	ev_switch(&g, 10025, 1, 21, "migration/1", 0, S_SLEEP, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10028), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOP_WORK);
	CU_ASSERT_EQUAL(res.cause.stop.by_pid, 7500);
	CU_ASSERT_EQUAL(res.cause.stop.moved_pid, 7500);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "for itself"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "sched_exec"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "exec"));
}

/* sched_setaffinity of a running task from CPU 0: migration/1 runs ahead of FIFO 99 */
static void test_stop_work(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 7500, "fairhog", 120, 0);
	ev_wake(&g, 9990, 0, 7600, "affstorm", RTW_EV_WAKING, 21, "migration/1", 0, 1, 0);
	ev_vector(&g, 9995, 1, 7500, "fairhog", "reschedule", true);
	ev_vector(&g, 9996, 1, 7500, "fairhog", "reschedule", false);
	ev_timer_wakes(&g, 10000, 1, 7500, "fairhog", TID, 0, RESCHED);
	ev_switch(&g, 10010, 1, 7500, "fairhog", 120, 0, 21, "migration/1", 0, 0);
	ev_migrate(&g, 10015, 1, 21, "migration/1", 7500, "fairhog", 120, 1, 0);
	ev_switch(&g, 10025, 1, 21, "migration/1", 0, S_SLEEP, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10028), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOP_WORK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(named());
	CU_ASSERT_STRING_EQUAL(named()->comm, "migration/1");
	CU_ASSERT_EQUAL(named()->role, BLAME_ROLE_STOPPER);
	CU_ASSERT_EQUAL(res.cause.stop.moved_pid, 7500);
	CU_ASSERT_EQUAL(res.cause.stop.moved_to, 0);
	CU_ASSERT_EQUAL(res.cause.stop.by_pid, 7600);
	CU_ASSERT_EQUAL(res.cause.stop.by_cpu, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "to move fairhog (pid 7500) from CPU 1 to CPU 0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "affstorm"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "fifo 99"));
	CU_ASSERT_TRUE(event_comm_is_stopper("migration/12"));
	CU_ASSERT_FALSE(event_comm_is_stopper("migration/"));
	CU_ASSERT_FALSE(event_comm_is_stopper("migration/1x"));
}

/*
 * The soft-lockup watchdog's timer fires in the same interrupt as the thread's and queues
 * softlockup_fn on migration/1 (kernel/watchdog.c, every 4 s): the stopper runs first, for
 * 110 us here (a vCPU slowed under it). Not an affinity change: the hint is the watchdog's.
 */
static void test_stop_work_watchdog(void)
{
	const uint8_t hi = RTW_F_IRQS_OFF | RTW_F_HARDIRQ;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 7500, "fairhog", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 7500, "fairhog", TID, 0, RESCHED);
	g.n--; /* the interrupt goes on: the watchdog's callback is next */
	ev_hrtimer(&g, 10003.5, 1, 7500, "fairhog", "watchdog_timer_fn", true, RESCHED);
	ev_wake(&g, 10005, 1, 7500, "fairhog", RTW_EV_WAKING, 21, "migration/1", 0, 1, hi);
	ev_wake(&g, 10006, 1, 7500, "fairhog", RTW_EV_WAKEUP, 21, "migration/1", 0, 1, hi);
	ev_hrtimer(&g, 10007, 1, 7500, "fairhog", NULL, false, RESCHED);
	ev_vector(&g, 10008, 1, 7500, "fairhog", "local_timer", false);
	ev_switch(&g, 10010, 1, 7500, "fairhog", 120, 0, 21, "migration/1", 0, 0);
	ev_switch(&g, 10120, 1, 21, "migration/1", 0, S_SLEEP, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10123), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOP_WORK);
	CU_ASSERT_STRING_EQUAL(res.cause.stop.by_timer, "watchdog_timer_fn");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "soft-lockup watchdog"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "kernel.watchdog_cpumask"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "affinity"));
	/* the same stopper woken outside any timer callback (an IPI): no watchdog named */
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 7500, "fairhog", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 7500, "fairhog", TID, 0, RESCHED);
	ev_wake(&g, 10005, 1, 7500, "fairhog", RTW_EV_WAKING, 21, "migration/1", 0, 1, hi);
	ev_switch(&g, 10010, 1, 7500, "fairhog", 120, 0, 21, "migration/1", 0, 0);
	ev_switch(&g, 10120, 1, 21, "migration/1", 0, S_SLEEP, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10123), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOP_WORK);
	CU_ASSERT_STRING_EQUAL(res.cause.stop.by_timer, "");
	CU_ASSERT_PTR_NULL(strstr(res.text, "watchdog"));
}

/* migration/1 switched in, then no event at all on CPU 1 for 3.5 ms while CPU 0 ran on */
static void test_stop_work_stalled(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 7500, "fairhog", 120, 0);
	ev_wake(&g, 9990, 0, 7600, "affstorm", RTW_EV_WAKING, 21, "migration/1", 0, 1, 0);
	ev_timer_wakes(&g, 10000, 1, 7500, "fairhog", TID, 0, RESCHED);
	ev_switch(&g, 10010, 1, 7500, "fairhog", 120, 0, 21, "migration/1", 0, 0);
	ev_tick(&g, 11000, 0, 7600, "affstorm", 0);
	ev_tick(&g, 12000, 0, 7600, "affstorm", 0);
	ev_switch(&g, 13510, 1, 21, "migration/1", 0, S_SLEEP, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13513), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_STOP_WORK);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_FALSE(res.cause.stop.seen);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "affinity"));
	/* with migration/0 running on CPU 0 meanwhile it is stop_machine() (both silent) */
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 7500, "fairhog", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 7500, "fairhog", TID, 0, RESCHED);
	ev_switch(&g, 10010, 1, 7500, "fairhog", 120, 0, 21, "migration/1", 0, 0);
	ev_switch(&g, 10011, 0, 7600, "affstorm", 120, 0, 20, "migration/0", 0, 0);
	ev_switch(&g, 13500, 0, 20, "migration/0", 0, S_SLEEP, 7600, "affstorm", 120, 0);
	ev_switch(&g, 13510, 1, 21, "migration/1", 0, S_SLEEP, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13513), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOP_MACHINE);
	CU_ASSERT_TRUE(res.cause.stop.machine);
	CU_ASSERT_EQUAL(res.cause.stop.hotplug_cpu, -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "what called it is not in the trace"));
	/* the same after CPU 1's hotplug step takedown_cpu began on CPU 0 (cpu_down()) */
	ev_cpuhp(&g, 10005, 0, 7600, "affstorm", 1, 0, 125, "takedown_cpu", 0);
	evgen_settle_last(&g);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13513), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOP_MACHINE);
	CU_ASSERT_EQUAL(res.cause.stop.hotplug_cpu, 1);
	CU_ASSERT_EQUAL(res.cause.stop.hotplug_down, 1);
	CU_ASSERT_STRING_EQUAL(res.cause.stop.hotplug_step, "takedown_cpu");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "CPU 1 going offline, its hotplug step "
						"takedown_cpu"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "cpuN/online"));
}

/* The stack recorded at the wakeup, cut below the interrupt entry. */
static void test_stack(void)
{
	static const char *const kernel[] = {
		"trace_event_raw_event_sched_wakeup_template",
		"try_to_wake_up",
		"hrtimer_wakeup",
		"__hrtimer_run_queues",
		"hrtimer_interrupt",
		"__sysvec_apic_timer_interrupt",
		"sysvec_apic_timer_interrupt",
		"asm_sysvec_apic_timer_interrupt",
		"__rb_allocate_pages",
		"ring_buffer_resize",
		"tracing_entries_write",
		"vfs_write",
		"ksys_write",
		"do_syscall_64",
	};
	char buf[256];

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "cyclictest", 0, S_SLEEP, 6206, "sh", 120, 0);
	ev_vector(&g, 9999.5, 1, 6206, "sh", "local_timer", true);
	ev_hrtimer(&g, 10000, 1, 6206, "sh", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 10000.5, 1, 6206, "sh", RTW_EV_WAKING, TID, "cyclictest", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_stack(&g, 10020, 1, 6206, "sh", kernel, 14);
	ev_wake(&g, 10021, 1, 6206, "sh", RTW_EV_WAKEUP, TID, "cyclictest", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ | RESCHED);
	ev_hrtimer(&g, 10022, 1, 6206, "sh", NULL, false, RESCHED);
	ev_vector(&g, 10023, 1, 6206, "sh", "local_timer", false);
	ev_switch(&g, 12600, 1, 6206, "sh", 120, 0, TID, "cyclictest", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12605), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_EQUAL(res.cause.stack.where, CAUSE_STACK_KERNEL);
	CU_ASSERT_EQUAL(res.cause.stack.pid, 6206);
	CU_ASSERT_EQUAL(res.cause.stack.nr_recorded, 14);
	CU_ASSERT_EQUAL_FATAL(res.cause.stack.nr, 6);
	CU_ASSERT_STRING_EQUAL(res.cause.stack.frame[0], "__rb_allocate_pages");
	CU_ASSERT_STRING_EQUAL(res.cause.stack.frame[5], "do_syscall_64");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "__rb_allocate_pages <- ring_buffer_resize"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "(the write system call)"));
	CU_ASSERT_STRING_EQUAL(cause_stack_words(&res.cause.stack, 2, buf, sizeof(buf)),
			       "__rb_allocate_pages <- ring_buffer_resize <- ...");
	/* the interrupt came from user space: nothing below the entry */
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "cyclictest", 0, S_SLEEP, 6206, "sh", 120, 0);
	ev_wake(&g, 10000.5, 1, 6206, "sh", RTW_EV_WAKING, TID, "cyclictest", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_stack(&g, 10003, 1, 6206, "sh", kernel, 8);
	ev_switch(&g, 12600, 1, 6206, "sh", 120, 0, TID, "cyclictest", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12605), 0);
	CU_ASSERT_EQUAL(res.cause.stack.where, CAUSE_STACK_USER);
	CU_ASSERT_EQUAL(res.cause.stack.nr, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "was in user space"));
	CU_ASSERT_TRUE(event_frame_is_irq_entry("asm_common_interrupt"));
	CU_ASSERT_TRUE(event_frame_is_irq_entry("el1h_64_irq"));
	CU_ASSERT_FALSE(event_frame_is_irq_entry("ring_buffer_resize"));
	CU_ASSERT_STRING_EQUAL(cause_stack_where_name(CAUSE_STACK_IDLE), "idle");
}

/* Not a mechanism: an RT thread held by a fair task in a kernel section (no lower-class choice). */
static void test_kernel_section_is_no_throttling(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, S_SLEEP, 90, "gcc", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 90, "gcc", TID, 0, RESCHED);
	ev_tick(&g, 12000, 1, 90, "gcc", RESCHED);
	ev_hrtimer(&g, 40000, 0, 8000, "cc1", "sched_rt_period_timer", true, 0);
	ev_switch(&g, 40005, 1, 90, "gcc", 120, 0, TID, "rtwhy", 0, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 40008), 0);
	CU_ASSERT_EQUAL(res.cause.bw.kind, CAUSE_BW_NONE);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
}

static CU_TestInfo cause_tests[] = {
	{ "RT throttling, ended by the period timer of another CPU", test_rt_throttled },
	{ "RT throttling, the budget user read from /proc", test_rt_throttled_from_host },
	{ "RT group throttling: another group's lower RT task ran",
	  test_rt_throttled_group_lower_rt },
	{ "RT throttling: a per-CPU kthread's hint", test_rt_throttled_by_kthread },
	{ "throttled: the budget user is the task that ran, not a starved kthread",
	  test_rt_throttled_starved_kthread },
	{ "the fair server, restarted by a fair wakeup", test_fair_server },
	{ "no timer events: throttling or the server, untold", test_untold_without_timer_events },
	{ "need-resched never cleared: no server, no throttling",
	  test_unheeded_resched_is_no_server },
	{ "an idle vCPU with an RT task woken is no throttling", test_idle_vcpu_is_no_throttling },
	{ "... nor without timer events", test_idle_vcpu_without_timer_events },
	{ "a DL task's own dl_task_timer is no server", test_deadline_task },
	{ "RT throttling from the window's start: idle from tick to tick, RT runnable",
	  test_rt_throttled_from_start },
	{ "a PI boost through a chain of two locks", test_pi_boost_chain },
	{ "a boost from before the window: its deboost keeps it", test_pi_boost_before_the_window },
	{ "a lock wait without PI", test_lock_wait },
	{ "a priority inversion", test_priority_inversion },
	{ "no priority inversion: fair, another CPU; a kernel thread's", test_no_inversion },
	{ "a lock wait after a boost for another lock", test_lock_wait_after_boost },
	{ "a boost that covered little of the wait is no pi_boost", test_pi_boost_short },
	{ "the stopper moving the task that woke it", test_stop_for_itself },
	{ "the CPU stopper and the task it moved", test_stop_work },
	{ "the soft-lockup watchdog's stop work, queued in its timer", test_stop_work_watchdog },
	{ "no stop work in a stretch with no event at all (a stalled CPU)",
	  test_stop_work_stalled },
	{ "the kernel stack below the IRQ entry", test_stack },
	{ "a kernel section is no throttling", test_kernel_section_is_no_throttling },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("cause", NULL, NULL, cause_tests);
