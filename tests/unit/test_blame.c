// SPDX-License-Identifier: GPL-2.0-only
/*
 * blame: one hand-built scenario per verdict kind, the way each looks in a
 * real trace, plus coverage (lost events, missing wakeup) and the rule that
 * the culprits add up to the latency.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/pidmap.h"
#include "analysis/timeline.h"
#include "analysis/util.h"
#include "analysis/verdict.h"
#include "evgen.h"
#include "unit.h"

#define TID   5000
#define CUR_S 1 /* prev_state S */

static struct evgen g;
static struct blame_result res;

static int explain(double d_us, double w_us, int64_t slack_ns)
{
	struct blame_spike sp = { .thread = 0,
				  .tid = TID,
				  .cpu = 1,
				  .deadline_ns = evgen_us(d_us),
				  .wake_ns = evgen_us(w_us),
				  .slack_ns = slack_ns,
				  .deadline_exact = true,
				  .source = "test" };

	return blame_explain(g.ev, g.n, &sp, NULL, &res);
}

static uint64_t culprit_sum(void)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < res.nr_culprits; i++)
		sum += res.culprit[i].ns;
	return sum;
}

static const struct blame_culprit *top(void)
{
	return res.verdict_culprit >= 0 ? &res.culprit[res.verdict_culprit] : NULL;
}

/* the timer of the thread fires at @t_us on @cpu while @cur runs; @wflags on sched_wakeup */
static void timer_wakes(double t_us, int cpu, int cur, const char *cur_comm, int prio,
			uint8_t wflags)
{
	ev_timer_wakes(&g, t_us, cpu, cur, cur_comm, TID, prio, wflags);
}

/* on CPU 1 at 100 us: the thread (kernel prio @prio) sleeps, @cur runs (prio 120; 0 idle) */
static void thread_sleeps(int prio, int cur, const char *cur_comm)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", prio, CUR_S, cur, cur_comm, 120, 0);
}

/* on CPU 1 at @t_us: @cur, still runnable, hands the CPU to the thread */
static void thread_switched_in(double t_us, int cur, const char *cur_comm, int prio)
{
	ev_switch(&g, t_us, 1, cur, cur_comm, 120, 0, TID, "rtwhy", prio, 0);
}

/* the busy loop on CPU 1, ticks every 4 ms; the thread's timer wakes it at 10050 us */
static void busyloop_woken(void)
{
	thread_sleeps(120, 2639, "busyloop");
	ev_tick(&g, 2000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 6000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 10000, 1, 2639, "busyloop", 0);
	timer_wakes(10050, 1, 2639, "busyloop", 120, 0);
}

/* the seed: a fair busy loop keeps the CPU until the next tick */
static void build_tick_wait(void)
{
	busyloop_woken();
	ev_tick(&g, 14000, 1, 2639, "busyloop", RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	thread_switched_in(14010, 2639, "busyloop", 120);
}

static void test_tick_wait(void)
{
	build_tick_wait();
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_EQUAL(res.latency_ns, 4020000);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.phase_ns[BLAME_PHASE_TIMER] + res.phase_ns[BLAME_PHASE_SCHED] +
				res.phase_ns[BLAME_PHASE_RETURN],
			res.latency_ns);
	CU_ASSERT_EQUAL(res.phase_ns[BLAME_PHASE_TIMER], 50000);
	CU_ASSERT_EQUAL(res.phase_ns[BLAME_PHASE_RETURN], 10000);
	CU_ASSERT_TRUE(res.complete);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_EQUAL(top()->kind, BLAME_TASK);
	CU_ASSERT_EQUAL(top()->pid, 2639);
	CU_ASSERT_STRING_EQUAL(top()->comm, "busyloop");
	CU_ASSERT_EQUAL(top()->policy, SCHED_OTHER);
	CU_ASSERT_TRUE(top()->ns > 3900000 && top()->ns < 3960000);
	CU_ASSERT_EQUAL(res.tick_ns, 4000000);
	CU_ASSERT_FALSE(res.resched_at_wakeup);
	CU_ASSERT_EQUAL(res.timer_cpu, 1);
	CU_ASSERT_EQUAL(res.run_cpu, 1);
	CU_ASSERT_STRING_EQUAL(res.timer_function, "hrtimer_wakeup");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "busyloop"));
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_FALSE(res.occupant_blocked);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "waited for the next scheduler tick"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "-p"));
	/* the thread's own return path is listed but never the verdict */
	CU_ASSERT_TRUE(res.culprit[0].pid == 2639);
}

static void test_no_wakeup_preemption_until_sleep(void)
{
	/* no tick: the fair task ran 2.5 ms, then slept on its own (seen with kdamond) */
	thread_sleeps(120, 77, "kdamond.0");
	ev_tick(&g, 9000, 1, 77, "kdamond.0", 0);
	timer_wakes(10050, 1, 77, "kdamond.0", 120, 0);
	ev_switch(&g, 12600, 1, 77, "kdamond.0", 120, CUR_S, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12610, 50000), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_TRUE(res.occupant_blocked);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "until kdamond.0 gave the CPU up"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "tick"));
}

static void test_resched_after_the_tick_callback(void)
{
	/* need-resched shows first on the vector's exit, after another timer in the same IRQ */
	thread_sleeps(120, 2639, "busyloop");
	ev_tick(&g, 6000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 10000, 1, 2639, "busyloop", 0);
	timer_wakes(10050, 1, 2639, "busyloop", 120, 0);
	ev_vector(&g, 13999, 1, 2639, "busyloop", "local_timer", true);
	ev_hrtimer(&g, 14000, 1, 2639, "busyloop", "tick_nohz_handler", true, 0);
	ev_hrtimer(&g, 14003, 1, 2639, "busyloop", NULL, false, 0);
	ev_hrtimer(&g, 14004, 1, 2639, "busyloop", "watchdog_timer_fn", true, 0);
	ev_hrtimer(&g, 14005, 1, 2639, "busyloop", NULL, false, 0);
	ev_vector(&g, 14006, 1, 2639, "busyloop", "local_timer", false);
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
	thread_switched_in(14010, 2639, "busyloop", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "next scheduler tick"));
}

static void test_resched_honoured_by_another_task(void)
{
	/* need-resched at the wakeup went to another fair task, which then ran to the tick */
	thread_sleeps(120, 2639, "busyloop");
	ev_tick(&g, 6000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 10000, 1, 2639, "busyloop", 0);
	timer_wakes(10050, 1, 2639, "busyloop", 120, RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_switch(&g, 10060, 1, 2639, "busyloop", 120, 0, 900, "cc1", 120, 0);
	ev_tick(&g, 14000, 1, 900, "cc1", RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	thread_switched_in(14010, 900, "cc1", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_STRING_EQUAL(top()->comm, "cc1");
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "next scheduler tick"));
}

static void test_sleep_text_only_for_the_culprit(void)
{
	/* the busy loop is preempted at the tick by migration/1, which then sleeps */
	thread_sleeps(120, 2639, "busyloop");
	ev_tick(&g, 6000, 1, 2639, "busyloop", 0);
	ev_tick(&g, 10000, 1, 2639, "busyloop", 0);
	timer_wakes(10050, 1, 2639, "busyloop", 120, 0);
	ev_tick(&g, 14000, 1, 2639, "busyloop", RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_switch(&g, 14005, 1, 2639, "busyloop", 120, 0, 20, "migration/1", 0, 0);
	ev_switch(&g, 14009, 1, 20, "migration/1", 0, CUR_S, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, -1), 0);
	CU_ASSERT_STRING_EQUAL(top()->comm, "busyloop");
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_PTR_NULL(strstr(res.text, "went to sleep"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text,
				      "until migration/1 (pid 20) took the CPU from it at "
				      "a scheduler tick, +4000 us"));
	CU_ASSERT_EQUAL(res.slack_ns, 50000);
}

/*
 * 6.12 PREEMPT_RT (lab rt612, seed): the thread's soft timer runs in ktimers/1, whose sleep
 * hands the CPU back to the busy loop; at the next tick, irq_exit_rcu() wakes ktimers/1 after
 * the hard IRQ count is dropped (`dN.3.`, no `h`), it takes the CPU, and at its sleep the
 * scheduler picks the thread. The tick's, through ktimers/1: not "until pid 33 went to sleep".
 */
static void build_rt_soft_timer(void)
{
	thread_sleeps(120, 282, "busyloop");
	ev_tick(&g, 2000, 1, 282, "busyloop", 0);
	ev_tick(&g, 6000, 1, 282, "busyloop", 0);
	ev_tick(&g, 10000, 1, 282, "busyloop", 0);
	ev_switch(&g, 10040, 1, 282, "busyloop", 120, 0, 33, "ktimers/1", 98, 0);
	ev_hrtimer_soft(&g, 10045, 1, 33, "ktimers/1", "hrtimer_wakeup", true);
	ev_wake(&g, 10050, 1, 33, "ktimers/1", RTW_EV_WAKING, TID, "rtwhy", 120, 1,
		RTW_F_IRQS_OFF | RTW_F_SOFTIRQ);
	ev_wake(&g, 10051, 1, 33, "ktimers/1", RTW_EV_WAKEUP, TID, "rtwhy", 120, 1,
		RTW_F_IRQS_OFF | RTW_F_SOFTIRQ);
	ev_hrtimer_soft(&g, 10052, 1, 33, "ktimers/1", NULL, false);
	ev_switch(&g, 10060, 1, 33, "ktimers/1", 98, CUR_S, 282, "busyloop", 120, 0);
	ev_tick(&g, 14000, 1, 282, "busyloop", 0);
}

/* ktimers/1 woken at 14010 (need-resched), takes the CPU, and sleeps: the thread runs */
static void ktimers_hands_over(void)
{
	ev_wake(&g, 14010, 1, 282, "busyloop", RTW_EV_WAKING, 33, "ktimers/1", 98, 1,
		RTW_F_IRQS_OFF);
	ev_wake(&g, 14011, 1, 282, "busyloop", RTW_EV_WAKEUP, 33, "ktimers/1", 98, 1,
		RTW_F_IRQS_OFF | RTW_F_NEED_RESCHED);
	ev_switch(&g, 14015, 1, 282, "busyloop", 120, 0, 33, "ktimers/1", 98, 0);
	ev_switch(&g, 14100, 1, 33, "ktimers/1", 98, CUR_S, TID, "rtwhy", 120, 0);
}

static void test_tick_through_ktimers(void)
{
	build_rt_soft_timer();
	ktimers_hands_over();
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14110, 50000), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_STRING_EQUAL(top()->comm, "busyloop");
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_FALSE(res.resched_untraced);
	CU_ASSERT_EQUAL(res.resched_via.pid, 33);
	CU_ASSERT_EQUAL(res.resched_tick_ns, evgen_us(14000.5));
	CU_ASSERT_EQUAL(res.resched_ns, 0); /* ktimers/1's run after it is no kernel section */
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text,
				      "until a scheduler tick at +4000 us (tick period "
				      "4000 us, HZ=250) woke ktimers/1 (pid 33), which took"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "went to sleep."));

	/* a wakeup in task context after the tick's exit, not at it: not the tick's */
	build_rt_soft_timer();
	ev_wake(&g, 14005, 1, 282, "busyloop", RTW_EV_WAKING, 9, "kworker/1:1", 120, 1, 0);
	ktimers_hands_over();
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14110, 50000), 0);
	CU_ASSERT_FALSE(res.resched_by_tick);
	CU_ASSERT_EQUAL(res.resched_via.pid, 33);
	CU_ASSERT_FALSE(res.resched_via.at_tick);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "until ktimers/1 (pid 33) took the CPU from it at "
						"+4015 us; the scheduler picked the thread"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "tick"));
}

/*
 * Without PREEMPT_RT the tick's TIMER softirq runs at the interrupt's exit in the busy loop's
 * context (`..s..`) and wakes an RT kthread there (`dNs3.`), which takes the CPU and, asleep,
 * hands it to the thread: the tick's doing.
 */
static void test_tick_softirq_wakes_the_taker(void)
{
	busyloop_woken();
	ev_tick(&g, 14000, 1, 2639, "busyloop", 0);
	ev_softirq(&g, 14004, 1, 2639, "busyloop", 1, true);
	ev_wake(&g, 14006, 1, 2639, "busyloop", RTW_EV_WAKEUP, 12, "rcuc/1", 98, 1,
		RTW_F_IRQS_OFF | RTW_F_SOFTIRQ | RTW_F_NEED_RESCHED);
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
	ev_softirq(&g, 14008, 1, 2639, "busyloop", 1, false);
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
	ev_switch(&g, 14010, 1, 2639, "busyloop", 120, RTW_STATE_PREEMPTED, 12, "rcuc/1", 98, 0);
	ev_switch(&g, 14050, 1, 12, "rcuc/1", 98, CUR_S, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14060, 50000), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_EQUAL(res.resched_via.pid, 12);
	CU_ASSERT_TRUE(res.resched_via.at_tick);
	CU_ASSERT_TRUE(res.resched_via.woken_at_tick);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "until a scheduler tick at +4000 us (tick period "
						"4000 us, HZ=250) woke rcuc/1 (pid 12)"));
}

/*
 * 6.12 PREEMPT_RT, lazy preemption: the tick sets TIF_NEED_RESCHED_LAZY, which 6.12's trace
 * does not show, and the busy loop is switched out runnable (`R`, not `R+`: a schedule() at the
 * return to user space) right at the tick's exit, no need-resched seen anywhere.
 */
static void test_tick_lazy_untraced(void)
{
	build_rt_soft_timer();
	ev_switch(&g, 14005, 1, 282, "busyloop", 120, 0, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14010, 50000), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_TRUE(res.resched_untraced);
	CU_ASSERT_EQUAL(res.resched_via.pid, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "waited for the next scheduler tick (tick period"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "The tick's need-resched is not in the trace"));

	/* a trace that shows the lazy bit (6.1-rt's `L`): the tick's, not said missing */
	build_rt_soft_timer();
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED_LAZY;
	ev_switch(&g, 14005, 1, 282, "busyloop", 120, 0, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14010, 50000), 0);
	CU_ASSERT_TRUE(res.resched_by_tick);
	CU_ASSERT_FALSE(res.resched_untraced);
	CU_ASSERT_PTR_NULL(strstr(res.text, "not in the trace"));

	/* preempted (R+) with no need-resched: not lazy's, whose bit a return to the kernel
	 * does not honour */
	build_rt_soft_timer();
	ev_switch(&g, 14005, 1, 282, "busyloop", 120, RTW_STATE_PREEMPTED, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14010, 50000), 0);
	CU_ASSERT_FALSE(res.resched_by_tick);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "with no need-resched seen"));

	/* switched out long after the tick, other events between: not the tick's */
	build_rt_soft_timer();
	ev_wake(&g, 14500, 1, 282, "busyloop", RTW_EV_WAKING, 9, "kworker/1:1", 120, 1, 0);
	ev_switch(&g, 14505, 1, 282, "busyloop", 120, 0, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14510, 50000), 0);
	CU_ASSERT_FALSE(res.resched_by_tick);
}

static void test_higher_priority(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, CUR_S, 7000, "spinner", 19, 0);
	timer_wakes(10000, 1, 7000, "spinner", 49, 0);
	ev_switch(&g, 13000, 1, 7000, "spinner", 19, CUR_S, TID, "rtwhy", 49, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13005, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_HIGHER_PRIORITY);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_STRING_EQUAL(top()->comm, "spinner");
	CU_ASSERT_EQUAL(top()->policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(event_user_prio(top()->prio), 80);
	CU_ASSERT_EQUAL(event_user_prio(res.victim_prio), 50);
	CU_ASSERT_TRUE(top()->ns > 2990000);
}

/*
 * PREEMPT_RT: a fair thread's timer is soft: its interrupt wakes ktimers/1 (FIFO 1), which
 * runs it. A FIFO 2 spinner holds CPU 1 from before the deadline to after it; the
 * interrupt comes @late_us after the deadline (10 ms), inside the spinner's run (the lab's
 * 6.1-rt shape of issue 19); the spinner sleeps at 14 ms, ktimers/1 runs the timer, the
 * thread runs. @spin_from_us: when the spinner was switched in.
 */
static void build_soft_timer_late_in_spinner(double spin_from_us, double late_us)
{
	double t = 10000 + late_us;

	double tick;
	bool in = false;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, CUR_S, 0, "swapper/1", 120, 0);
	for (tick = 1000; tick < t; tick += 4000) {
		if (!in && spin_from_us < tick) {
			ev_switch(&g, spin_from_us, 1, 0, "swapper/1", 120, 0, 7000, "spinner", 97,
				  0);
			in = true;
		}
		if (in)
			ev_tick(&g, tick, 1, 7000, "spinner", 0);
		else
			ev_tick(&g, tick, 1, 0, "swapper/1", 0);
	}
	if (!in)
		ev_switch(&g, spin_from_us, 1, 0, "swapper/1", 120, 0, 7000, "spinner", 97, 0);
	ev_vector(&g, t, 1, 7000, "spinner", "local_timer", true);
	ev_wake(&g, t + 1, 1, 7000, "spinner", RTW_EV_WAKING, 28, "ktimers/1", 98, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(&g, t + 2, 1, 7000, "spinner", RTW_EV_WAKEUP, 28, "ktimers/1", 98, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_vector(&g, t + 3, 1, 7000, "spinner", "local_timer", false);
	if (t + 3 < 13000)
		ev_tick(&g, 13000, 1, 7000, "spinner", 0);
	ev_switch(&g, 14000, 1, 7000, "spinner", 97, CUR_S, 28, "ktimers/1", 98, 0);
	ev_softirq(&g, 14002, 1, 28, "ktimers/1", RTW_SOFTIRQ_HRTIMER, true);
	ev_hrtimer_soft(&g, 14003, 1, 28, "ktimers/1", "hrtimer_wakeup", true);
	ev_wake(&g, 14004, 1, 28, "ktimers/1", RTW_EV_WAKING, TID, "rtwhy", 120, 1, 0);
	ev_wake(&g, 14005, 1, 28, "ktimers/1", RTW_EV_WAKEUP, TID, "rtwhy", 120, 1, 0);
	ev_hrtimer_soft(&g, 14006, 1, 28, "ktimers/1", NULL, false);
	ev_softirq(&g, 14007, 1, 28, "ktimers/1", RTW_SOFTIRQ_HRTIMER, false);
	ev_switch(&g, 14010, 1, 28, "ktimers/1", 98, CUR_S, TID, "rtwhy", 120, 0);
}

static void test_soft_timer_late_inside_a_higher_priority_holder(void)
{
	/* on time, and 2.5 ms late inside the spinner: the same wait, the spinner's */
	double late[] = { 5, 2500 };
	int i;

	for (i = 0; i < 2; i++) {
		build_soft_timer_late_in_spinner(500, late[i]);
		CU_ASSERT_EQUAL_FATAL(explain(10000, 14015, 0), 0);
		CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
		CU_ASSERT_EQUAL(res.timer_thread_pid, 28);
		CU_ASSERT_EQUAL(res.verdict, BLAME_V_HIGHER_PRIORITY);
		CU_ASSERT_PTR_NOT_NULL_FATAL(top());
		CU_ASSERT_STRING_EQUAL(top()->comm, "spinner");
		CU_ASSERT_TRUE(top()->ns >= 3990000);
	}
	/* switched in after the deadline: before it, a late interrupt is nobody's */
	build_soft_timer_late_in_spinner(11000, 2500);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14015, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_TRUE(top()->ns <= 3000000);
}

/*
 * The same shape with the CPU stalled inside the spinner's run: a FIFO 2 spinner on CPU 1
 * that runs about 8 ms every 20 ms (runs at 10 and 30 ms, lasting @run1_us and @run2_us, a
 * tick seen in each), switched in at 49.5 ms, before the thread's deadline (50 ms); CPU 1
 * shows no event until 55.5 ms (the tick due at 53 ms missed), when the late interrupt wakes
 * ktimers/1; the spinner sleeps after @run_us, then ktimers/1 runs the timer and the thread.
 */
static void build_stall_in_spinner(double run_us, double run1_us, double run2_us)
{
	double end = 49500 + run_us, r;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, CUR_S, 0, "swapper/1", 120, 0);
	for (r = 10000; r < 40000; r += 20000) {
		ev_switch(&g, r, 1, 0, "swapper/1", 120, 0, 7000, "spinner", 97, 0);
		ev_tick(&g, r + 3000, 1, 7000, "spinner", 0);
		ev_switch(&g, r + (r < 20000 ? run1_us : run2_us), 1, 7000, "spinner", 97, CUR_S, 0,
			  "swapper/1", 120, 0);
	}
	ev_tick(&g, 41000, 1, 0, "swapper/1", 0);
	ev_tick(&g, 45000, 1, 0, "swapper/1", 0);
	ev_switch(&g, 49500, 1, 0, "swapper/1", 120, 0, 7000, "spinner", 97, 0);
	ev_vector(&g, 55500, 1, 7000, "spinner", "local_timer", true);
	ev_wake(&g, 55501, 1, 7000, "spinner", RTW_EV_WAKING, 28, "ktimers/1", 98, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(&g, 55502, 1, 7000, "spinner", RTW_EV_WAKEUP, 28, "ktimers/1", 98, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_vector(&g, 55503, 1, 7000, "spinner", "local_timer", false);
	ev_switch(&g, end, 1, 7000, "spinner", 97, CUR_S, 28, "ktimers/1", 98, 0);
	ev_softirq(&g, end + 2, 1, 28, "ktimers/1", RTW_SOFTIRQ_HRTIMER, true);
	ev_hrtimer_soft(&g, end + 3, 1, 28, "ktimers/1", "hrtimer_wakeup", true);
	ev_wake(&g, end + 4, 1, 28, "ktimers/1", RTW_EV_WAKING, TID, "rtwhy", 120, 1, 0);
	ev_wake(&g, end + 5, 1, 28, "ktimers/1", RTW_EV_WAKEUP, TID, "rtwhy", 120, 1, 0);
	ev_hrtimer_soft(&g, end + 6, 1, 28, "ktimers/1", NULL, false);
	ev_softirq(&g, end + 7, 1, 28, "ktimers/1", RTW_SOFTIRQ_HRTIMER, false);
	ev_switch(&g, end + 10, 1, 28, "ktimers/1", 98, CUR_S, TID, "rtwhy", 120, 0);
}

static void test_stall_inside_a_holder_that_runs_by_the_clock(void)
{
	uint64_t gap;
	int i;

	/* its run as long as its others (6 ms): the stall did not lengthen it, the spinner's */
	build_stall_in_spinner(8000, 8000, 7950);
	CU_ASSERT_EQUAL_FATAL(explain(50000, 57515, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_HIGHER_PRIORITY);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_STRING_EQUAL(top()->comm, "spinner");
	CU_ASSERT_TRUE(top()->stall_ns >= 900000);
	CU_ASSERT_EQUAL(res.holder_nr_runs, 2);
	CU_ASSERT_EQUAL(res.holder_usual_ns, 7950000); /* the lower quartile: the shorter */
	CU_ASSERT_EQUAL(res.holder_extra_ns, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the stall did not lengthen it"));
	/* its run 1.25 ms longer than its others: that much of the stall is the stall's, the
	 * latest of it; the rest of it the spinner's */
	build_stall_in_spinner(9200, 8000, 7950);
	CU_ASSERT_EQUAL_FATAL(explain(50000, 58715, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_STRING_EQUAL(top()->comm, "spinner");
	CU_ASSERT_EQUAL(res.holder_extra_ns, 1250000);
	CU_ASSERT_TRUE(top()->stall_ns >= 1000000);
	for (i = 0, gap = 0; i < res.nr_culprits; i++)
		if (res.culprit[i].kind == BLAME_UNACCOUNTED)
			gap += res.culprit[i].ns;
	CU_ASSERT_EQUAL(gap, res.holder_extra_ns); /* counted apart: what the run was longer */
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the 1250 us it ran longer are the stall's"));
	/* its runs irregular (2.5 and 6 ms): no telling, the stall's */
	build_stall_in_spinner(8000, 2500, 8000);
	CU_ASSERT_EQUAL_FATAL(explain(50000, 57515, 0), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_EQUAL(top()->stall_ns, 0);
}

/*
 * A SCHED_DEADLINE hog (pid 7000, 5 ms runtime) switched in at 49 ms holds CPU 1 when the
 * FIFO 99 thread's timer fires at 50 ms; CPU 1 then shows no event until @quiet_us (the ticks
 * due from 51 ms on missed: a stall), and the hog is throttled at @end_us. No other run of
 * it in the window: only its runtime, as a live run reads it, says how long it runs.
 */
static void build_stall_in_dl_hog(double quiet_us, double end_us)
{
	double t;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 0, CUR_S, 0, "swapper/1", 120, 0);
	for (t = 27000; t < 49000; t += 4000)
		ev_tick(&g, t, 1, 0, "swapper/1", 0);
	ev_switch(&g, 49000, 1, 0, "swapper/1", 120, 0, 7000, "dlhog", -1, 0);
	ev_timer_wakes(&g, 50000, 1, 7000, "dlhog", TID, 0, 0);
	ev_tick(&g, quiet_us, 1, 7000, "dlhog", 0);
	ev_switch(&g, end_us, 1, 7000, "dlhog", -1, 0, TID, "rtwhy", 0, 0);
}

static int explain_dl(double w_us, uint64_t runtime_us)
{
	struct cause_dl_task dl = { .pid = 7000,
				    .runtime_ns = runtime_us * 1000,
				    .deadline_ns = 50000000,
				    .period_ns = 50000000 };
	struct blame_host host = { .steal_ns = -1 };
	struct blame_spike sp = { .tid = TID,
				  .cpu = 1,
				  .deadline_ns = evgen_us(50000),
				  .wake_ns = evgen_us(w_us),
				  .deadline_exact = true,
				  .source = "test" };

	host.cause.dl_tasks = &dl;
	host.cause.nr_dl_tasks = runtime_us ? 1 : 0;
	return blame_explain(g.ev, g.n, &sp, &host, &res);
}

static void test_stall_inside_a_deadline_holder(void)
{
	/* its run its runtime (54 ms - 49 ms): the stall charged to it, the hog's time */
	build_stall_in_dl_hog(53500, 54000);
	CU_ASSERT_EQUAL_FATAL(explain_dl(54010, 5000), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_HIGHER_PRIORITY);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_STRING_EQUAL(top()->comm, "dlhog");
	CU_ASSERT_TRUE(top()->stall_ns >= 2400000); /* from the tick due at 51 ms */
	CU_ASSERT_EQUAL(res.holder_nr_runs, 0);
	/* 5 ms from 49 ms, to the tick due at 55 ms (the grid's phase: 27, 31 ... 47 ms) */
	CU_ASSERT_EQUAL(res.holder_usual_ns, 6000500);
	CU_ASSERT_EQUAL(res.holder_extra_ns, 0);
	/* its runtime unknown (a file): nothing says the stall did not lengthen it */
	CU_ASSERT_EQUAL_FATAL(explain_dl(54010, 0), 0);
	CU_ASSERT_EQUAL(res.holder_usual_ns, 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	/* 2 ms longer than that (the stolen time the task clock leaves out): that is the
	 * stall's, the rest of the latency the hog's, the larger part */
	build_stall_in_dl_hog(55500, 57000);
	CU_ASSERT_EQUAL_FATAL(explain_dl(57010, 5000), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.holder_extra_ns, 1999500);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_HIGHER_PRIORITY);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the 1999 us it ran longer are the stall's"));
	/* 6 ms longer, most of the latency: the stall's, as invisible */
	build_stall_in_dl_hog(59500, 61000);
	CU_ASSERT_EQUAL_FATAL(explain_dl(61010, 5000), 0);
	CU_ASSERT_EQUAL(res.holder_extra_ns, 5999500);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "runtime ends its run at the first tick after it"));
	/* throttled (switched out runnable) before its runtime (an overrun taken off this
	 * period): its run up to the tick due last in it, the silence past that the stall's */
	build_stall_in_dl_hog(53500, 54000);
	CU_ASSERT_EQUAL_FATAL(explain_dl(54010, 8000), 0);
	/* 5 ms from 49 ms; silent from the tick due at 51.0005 ms to 53.5 ms: 2499.5 us */
	CU_ASSERT_EQUAL(res.holder_run_ns, 5000000);
	CU_ASSERT_EQUAL(res.holder_extra_ns, 2499500);
	CU_ASSERT_EQUAL(res.holder_usual_ns, 2500500);
	CU_ASSERT_TRUE(res.holder_covers);
}

static void test_non_preemptible(void)
{
	thread_sleeps(120, 80, "kworker/1:1");
	timer_wakes(10050, 1, 80, "kworker/1:1", 120, RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_wake(&g, 11000, 1, 80, "kworker/1:1", RTW_EV_WAKING, 81, "other", 120, 0,
		RTW_F_NEED_RESCHED);
	thread_switched_in(12000, 80, "kworker/1:1", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12004, 50000), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_TRUE(res.resched_at_wakeup);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_STRING_EQUAL(top()->comm, "kworker/1:1");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "Use a preemptible kernel")); /* model unknown */
	/* a kernel that preempts kernel code already: never "boot with preempt=full" */
	res.kernel.preempt = UTIL_PREEMPT_FULL;
	verdict_decide(&res, NULL);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_PTR_NULL(strstr(res.hint, "preempt=full, or"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "This kernel preempts kernel code (preempt=full): "
						"only a section with preemption or interrupts off"));
}

static void test_rt_thread_held_by_fair_task(void)
{
	/* an RT wakeup always asks for the CPU; a fair task that keeps it is non-preemptible */
	thread_sleeps(0, 90, "gcc");
	timer_wakes(10000, 1, 90, "gcc", 0, RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	thread_switched_in(11500, 90, "gcc", 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11502, 0), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_STRING_EQUAL(top()->comm, "gcc");
}

static void test_non_preemptible_resched_as_the_chain_says(void)
{
	/* an RT thread woken without need-resched (a boost the trace does not show), set later */
	thread_sleeps(49, 90, "pilock");
	timer_wakes(10000, 1, 90, "pilock", 49, 0);
	ev_wake(&g, 11000, 1, 90, "pilock", RTW_EV_WAKING, 91, "other", 120, 0, RTW_F_NEED_RESCHED);
	thread_switched_in(11500, 90, "pilock", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11502, 0), 0);
	CU_ASSERT_FALSE(res.resched_at_wakeup);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_PTR_NULL(strstr(res.text, "need-resched was set)"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "at the wakeup"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "need-resched was set at +1000 us, after"));
	/* never set: the text says so instead of "the scheduler had asked it" */
	thread_sleeps(49, 90, "pilock");
	timer_wakes(10000, 1, 90, "pilock", 49, 0);
	thread_switched_in(11500, 90, "pilock", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11502, 0), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_PTR_NULL(strstr(res.text, "(need-resched was set"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "had asked it"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "no need-resched was set"));
	/* set at the wakeup: said so, as the chain does */
	test_rt_thread_held_by_fair_task();
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "need-resched was set at the wakeup"));
}

/* a fair thread waits 2 ms for the kworker @pid, which then leaves in @state: a tick wait */
static void kworker_holds(int pid, const char *comm, uint32_t state)
{
	thread_sleeps(120, pid, comm);
	timer_wakes(10050, 1, pid, comm, 120, 0);
	ev_switch(&g, 12000, 1, pid, comm, 120, state, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12010, 50000), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
}

static void test_kthread_hints_carry_out(void)
{
	/* an unbound kworker: the workqueue cpumask, never taskset */
	kworker_holds(300, "kworker/u6:0", CUR_S);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "until kworker/u6:0 gave the CPU up"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "tick"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "/sys/devices/virtual/workqueue/cpumask"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "taskset ("));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "(taskset"));
	/* a per-CPU kworker switched out still runnable, no tick, no need-resched */
	kworker_holds(301, "kworker/1:2", 0);
	CU_ASSERT_PTR_NULL(strstr(res.text, "tick"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "switched out, still runnable"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "nothing can move it"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "queues work on CPU 1"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "taskset"));
	/* an IRQ thread held by nothing but its priority: its IRQ's affinity */
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, CUR_S, 57, "irq/36-virtio1", 49, 0);
	timer_wakes(10000, 1, 57, "irq/36-virtio1", 49, 0);
	ev_switch(&g, 12000, 1, 57, "irq/36-virtio1", 49, CUR_S, TID, "rtwhy", 49, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12005, 0), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "/proc/irq/36/smp_affinity_list"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "taskset"));
}

static void test_hard_irq(void)
{
	thread_sleeps(49, 2000, "bash");
	timer_wakes(10000, 1, 2000, "bash", 49, RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_irq(&g, 10004, 1, 2000, "bash", 36, "virtio1-req.0", true);
	ev_irq(&g, 11500, 1, 2000, "bash", 36, NULL, false);
	thread_switched_in(11510, 2000, "bash", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11515, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_IRQ);
	CU_ASSERT_EQUAL(top()->kind, BLAME_HARDIRQ);
	CU_ASSERT_EQUAL(top()->irq, 36);
	CU_ASSERT_STRING_EQUAL(top()->name, "virtio1-req.0");
	CU_ASSERT_EQUAL(top()->ns, 1496000);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "/proc/irq/36"));
}

static void test_softirq(void)
{
	thread_sleeps(49, 2000, "python3");
	timer_wakes(10000, 1, 2000, "python3", 49, RTW_F_NEED_RESCHED);
	ev_softirq(&g, 10004, 1, 2000, "python3", 3, true);
	ev_irq(&g, 10500, 1, 2000, "python3", 41, "virtio3-rx", true); /* nested in the softirq */
	ev_irq(&g, 10600, 1, 2000, "python3", 41, NULL, false);
	ev_softirq(&g, 11200, 1, 2000, "python3", 3, false);
	thread_switched_in(11205, 2000, "python3", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11210, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_SOFTIRQ);
	CU_ASSERT_EQUAL(top()->kind, BLAME_SOFTIRQ);
	CU_ASSERT_STRING_EQUAL(top()->name, "NET_RX");
	/* net of the nested hard IRQ, which is a culprit of its own */
	CU_ASSERT_EQUAL(top()->ns, 1096000);
	CU_ASSERT_EQUAL(res.culprit[1].kind, BLAME_HARDIRQ);
	CU_ASSERT_EQUAL(res.culprit[1].ns, 100000);
}

/*
 * A softirq at an idle CPU's interrupt exit from before the deadline (10 ms) with no event for
 * @silent_us, then the thread's hard timer interrupt, nested in it: a softirq runs with
 * interrupts on, so a millisecond and more without the due interrupt is not its time (the
 * 6.1 plain lab's rthog try: 2.4 ms of RCU); a short stretch is (net-softirq: 131 us).
 */
static void build_softirq_timer_due(double silent_us)
{
	double t = 10000 + silent_us;

	thread_sleeps(49, 0, "swapper/1");
	ev_softirq(&g, 9990, 1, 0, "swapper/1", 9, true);
	ev_vector(&g, t, 1, 0, "swapper/1", "local_timer", true);
	ev_hrtimer(&g, t + 1, 1, 0, "swapper/1", "hrtimer_wakeup", true, 0);
	ev_wake(&g, t + 2, 1, 0, "swapper/1", RTW_EV_WAKING, TID, "rtwhy", 49, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(&g, t + 3, 1, 0, "swapper/1", RTW_EV_WAKEUP, TID, "rtwhy", 49, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ | RTW_F_NEED_RESCHED);
	ev_hrtimer(&g, t + 4, 1, 0, "swapper/1", NULL, false, RTW_F_NEED_RESCHED);
	ev_vector(&g, t + 5, 1, 0, "swapper/1", "local_timer", false);
	ev_softirq(&g, t + 20, 1, 0, "swapper/1", 9, false);
	ev_switch(&g, t + 30, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 49, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, t + 35, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
}

static void test_softirq_with_the_timer_due(void)
{
	build_softirq_timer_due(2300);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_EQUAL(top()->kind, BLAME_UNACCOUNTED);
	CU_ASSERT_TRUE(top()->flags & BLAME_C_IRQ_DUE);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "inside the RCU softirq"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "softirq or IRQ thread ran in it"));
	build_softirq_timer_due(130);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_SOFTIRQ);
	CU_ASSERT_STRING_EQUAL(top()->name, "RCU");
}

static void test_irq_thread(void)
{
	thread_sleeps(59, 2000, "bash");
	timer_wakes(10000, 1, 2000, "bash", 59, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10004, 1, 2000, "bash", 120, 0, 300, "irq/41-eth0", 49, 0);
	ev_switch(&g, 11000, 1, 300, "irq/41-eth0", 49, CUR_S, TID, "rtwhy", 59, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11003, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_IRQ_THREAD);
	CU_ASSERT_EQUAL(top()->kind, BLAME_IRQ_THREAD);
	CU_ASSERT_EQUAL(top()->irq, 41);
	CU_ASSERT_EQUAL(top()->pid, 300);
	CU_ASSERT_EQUAL(event_user_prio(top()->prio), 50);
}

/*
 * The same IRQ thread (FIFO 50) below the thread (FIFO 60): it could hold the thread off only
 * where it could not be preempted (the 6.1 threadirqs lab's p60: irq/25 in its BLOCK softirq,
 * with BH off). Not irq_thread, whose hint asks for a priority the thread has; @soft: the
 * time in the thread's BLOCK softirq, on a kernel without PREEMPT_RT.
 */
static void build_irq_thread_below(bool soft)
{
	struct blame_host host = { .steal_ns = -1 };

	host.kernel.threaded_irqs = 1;
	host.kernel.preempt_rt = -1;
	thread_sleeps(39, 2000, "bash");
	timer_wakes(10000, 1, 2000, "bash", 39, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10004, 1, 2000, "bash", 120, 0, 300, "irq/25-virtio0-", 49, 0);
	if (soft) {
		ev_softirq(&g, 10010, 1, 300, "irq/25-virtio0-", 4, true);
		ev_softirq(&g, 10990, 1, 300, "irq/25-virtio0-", 4, false);
	}
	ev_switch(&g, 11000, 1, 300, "irq/25-virtio0-", 49, 0, TID, "rtwhy", 39, 0);
	CU_ASSERT_EQUAL_FATAL(evgen_explain(&g, TID, 1, 10000, 11003, &host, &res), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
}

static void test_irq_thread_below_the_thread(void)
{
	int soft;

	for (soft = 0; soft < 2; soft++) {
		build_irq_thread_below(soft);
		CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
		CU_ASSERT_PTR_NOT_NULL_FATAL(top());
		CU_ASSERT_EQUAL(top()->kind, BLAME_IRQ_THREAD);
		CU_ASSERT_PTR_NULL(strstr(res.hint, "priority above"));
		CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "/proc/irq/25/smp_affinity_list"));
		CU_ASSERT_EQUAL(strstr(res.hint, "Without PREEMPT_RT a softirq (here BLOCK)") !=
					NULL,
				soft);
	}
}

/*
 * The IRQ thread irq/25 runs its BLOCK softirq at its local_bh_enable(), the
 * disk's next hard IRQ (which only wakes the thread again) just before it:
 * the event before softirq_entry is an interrupt's. With forced threading
 * irq_exit() runs no softirq (invoke_softirq() wakes ksoftirqd), so the
 * softirq is the thread's own time; on a kernel without it, the hard IRQ's
 * exit ran it, a softirq of its own.
 */
static void build_softirq_after_irq_in_thread(int8_t threaded)
{
	struct blame_spike sp = { .tid = TID,
				  .cpu = 1,
				  .deadline_ns = evgen_us(10000),
				  .wake_ns = evgen_us(11503),
				  .deadline_exact = true,
				  .source = "test" };
	struct blame_host host = { .steal_ns = -1 };

	host.kernel.threaded_irqs = threaded;
	host.kernel.preempt_rt = -1;
	thread_sleeps(59, 2000, "bash");
	timer_wakes(10000, 1, 2000, "bash", 59, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10004, 1, 2000, "bash", 120, 0, 300, "irq/25-virtio0-", 49, 0);
	ev_irq(&g, 10300, 1, 300, "irq/25-virtio0-", 25, "virtio0-req.0", true);
	ev_irq(&g, 10303, 1, 300, "irq/25-virtio0-", 25, NULL, false);
	ev_softirq(&g, 10304, 1, 300, "irq/25-virtio0-", 4, true);
	ev_softirq(&g, 11304, 1, 300, "irq/25-virtio0-", 4, false);
	ev_switch(&g, 11500, 1, 300, "irq/25-virtio0-", 49, CUR_S, TID, "rtwhy", 59, 0);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, &host, &res), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
}

/*
 * PREEMPT_RT, the 6.1-rt guest's p60 (stop 19's CI): the timer interrupt
 * wakes the FIFO 60 thread while irq/25 (FIFO 50) runs and exits with
 * need-resched set and preemption on (@depth 0), then nothing happens on
 * the CPU for 4 ms: the kernel would have switched at that exit, so the CPU
 * did not run. With preemption off there (@depth 1) irq/25 held it.
 */
static void build_stall_after_preempting_exit(int8_t rt, uint8_t depth, bool in_softirq)
{
	struct blame_spike sp = { .tid = TID,
				  .cpu = 1,
				  .deadline_ns = evgen_us(10000),
				  .wake_ns = evgen_us(14250),
				  .deadline_exact = true,
				  .source = "test" };
	struct blame_host host = { .steal_ns = -1 };

	host.kernel.threaded_irqs = 1;
	host.kernel.preempt_rt = rt;
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 39, CUR_S, 300, "irq/25-virtio0-", 49, 0);
	if (in_softirq) /* its BLOCK softirq, in its own context: preemptible on PREEMPT_RT */
		ev_softirq(&g, 200, 1, 300, "irq/25-virtio0-", 4, true);
	timer_wakes(10000, 1, 300, "irq/25-virtio0-", 39, RTW_F_NEED_RESCHED);
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED; /* the vector's exit */
	g.ev[g.n - 1].preempt = depth;
	ev_tick(&g, 14100, 1, 300, "irq/25-virtio0-", RTW_F_NEED_RESCHED);
	ev_switch(&g, 14200, 1, 300, "irq/25-virtio0-", 49, 0, TID, "rtwhy", 39, 0);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, &host, &res), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
}

static void test_stall_after_preempting_exit(void)
{
	int soft;

	/* also inside its BLOCK softirq (the 6.1-rt lab's p60, this stop's CI, spike 49) */
	for (soft = 0; soft < 2; soft++) {
		build_stall_after_preempting_exit(1, 0, soft);
		CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
		CU_ASSERT_EQUAL(top()->kind, BLAME_UNACCOUNTED);
		CU_ASSERT_TRUE(top()->ns >= 4000000);
		/* preemption was off at that exit: irq/25's own section */
		build_stall_after_preempting_exit(1, 1, soft);
		CU_ASSERT_EQUAL(top()->kind, BLAME_IRQ_THREAD);
		CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
		/* a kernel not known to preempt there (voluntary: only at a preemption point) */
		build_stall_after_preempting_exit(-1, 0, soft);
		CU_ASSERT_EQUAL(top()->kind, BLAME_IRQ_THREAD);
	}
}

static void test_softirq_in_forced_thread(void)
{
	build_softirq_after_irq_in_thread(1);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_IRQ_THREAD);
	CU_ASSERT_EQUAL(top()->kind, BLAME_IRQ_THREAD);
	CU_ASSERT_EQUAL(top()->pid, 300);
	CU_ASSERT_EQUAL(top()->irq, 25);
	CU_ASSERT_EQUAL(top()->softirq_ns, 1000000);
	CU_ASSERT_STRING_EQUAL(top()->softirq, "BLOCK");
}

/* ksoftirqd/1 runs a short TIMER, then BLOCK for 1 ms: it is named by BLOCK, the longest */
static void test_softirq_named_by_the_longest(void)
{
	struct blame_spike sp = { .tid = TID,
				  .cpu = 1,
				  .deadline_ns = evgen_us(10000),
				  .wake_ns = evgen_us(11203),
				  .deadline_exact = true,
				  .source = "test" };
	struct blame_host host = { .steal_ns = -1 };

	host.kernel.preempt_rt = -1;
	thread_sleeps(59, 2000, "bash");
	timer_wakes(10000, 1, 2000, "bash", 59, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10004, 1, 2000, "bash", 120, 0, 22, "ksoftirqd/1", 120, 0);
	ev_softirq(&g, 10010, 1, 22, "ksoftirqd/1", 1, true);
	ev_softirq(&g, 10030, 1, 22, "ksoftirqd/1", 1, false);
	ev_softirq(&g, 10031, 1, 22, "ksoftirqd/1", 4, true);
	ev_softirq(&g, 11031, 1, 22, "ksoftirqd/1", 4, false);
	ev_switch(&g, 11200, 1, 22, "ksoftirqd/1", 120, 0, TID, "rtwhy", 59, 0);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, &host, &res), 0);
	CU_ASSERT_EQUAL(top()->pid, 22);
	CU_ASSERT_EQUAL(top()->softirq_ns, 1020000);
	CU_ASSERT_STRING_EQUAL(top()->softirq, "BLOCK");
}

static void test_softirq_at_irq_exit(void)
{
	build_softirq_after_irq_in_thread(-1);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_SOFTIRQ);
	CU_ASSERT_EQUAL(top()->kind, BLAME_SOFTIRQ);
	CU_ASSERT_STRING_EQUAL(top()->name, "BLOCK");
	CU_ASSERT_EQUAL(top()->ns, 1000000);
}

/* rtwhy's explaining thread (--explain, SCHED_OTHER) on the CPU of a fair measuring thread */
static void test_explaining_thread(void)
{
	char label[128];

	thread_sleeps(120, 0, "swapper/1");
	ev_switch(&g, 9000, 1, 0, "swapper/1", 120, 0, 4990, BLAME_EXPLAINER_COMM, 125, 0);
	ev_tick(&g, 9500, 1, 4990, BLAME_EXPLAINER_COMM, 0);
	timer_wakes(10000, 1, 4990, BLAME_EXPLAINER_COMM, 120, 0);
	ev_tick(&g, 13500, 1, 4990, BLAME_EXPLAINER_COMM,
		RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	thread_switched_in(13510, 4990, BLAME_EXPLAINER_COMM, 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13515, 0), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_EQUAL(top()->pid, 4990);
	CU_ASSERT_TRUE(top()->flags & BLAME_C_SELF);
	CU_ASSERT_STRING_EQUAL(blame_culprit_self_name(top()), "explaining thread");
	blame_culprit_label(top(), label, sizeof(label));
	CU_ASSERT_PTR_NOT_NULL(strstr(label, "rtwhy's own explaining thread (pid 4990"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "rtwhy's own explaining thread off CPU 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "--mainaffinity"));
}

static void test_idle_exit(void)
{
	thread_sleeps(49, 0, "swapper/1");
	timer_wakes(10150, 1, 0, "<idle>", 49, RTW_F_NEED_RESCHED);
	thread_switched_in(10155, 0, "swapper/1", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10160, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_IDLE_EXIT);
	CU_ASSERT_EQUAL(top()->kind, BLAME_IDLE);
	CU_ASSERT_TRUE(top()->ns >= 149000 && top()->ns <= 152000);
}

static void test_long_idle_is_invisible(void)
{
	/* a 3 ms "exit from idle" is not a C-state: the timer interrupt came late */
	thread_sleeps(49, 0, "swapper/1");
	timer_wakes(13000, 1, 0, "<idle>", 49, RTW_F_NEED_RESCHED);
	thread_switched_in(13005, 0, "swapper/1", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13010, 0), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
}

static void test_timer_slack(void)
{
	thread_sleeps(120, 0, "swapper/1");
	timer_wakes(10050, 1, 0, "<idle>", 120, RTW_F_NEED_RESCHED);
	thread_switched_in(10055, 0, "swapper/1", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10060, 50000), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TIMER_SLACK);
	CU_ASSERT_EQUAL(top()->kind, BLAME_TIMER_SLACK);
	CU_ASSERT_EQUAL(top()->ns, 50000);
	/* slack unknown (a cyclictest trace): 50 us assumed for a fair thread */
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10060, -1), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TIMER_SLACK);
}

static void test_migration(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 0, TID, "rtwhy", 120, CUR_S, 7100, "hog", 120, 0);
	ev_switch(&g, 200, 1, 7200, "other", 120, CUR_S, 0, "swapper/1", 120, 0);
	ev_vector(&g, 10049.5, 0, 7100, "hog", "local_timer", true);
	ev_hrtimer(&g, 10050, 0, 7100, "hog", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 10051, 0, 7100, "hog", RTW_EV_WAKING, TID, "rtwhy", 120, 0, RTW_F_HARDIRQ);
	ev_wake(&g, 10052, 0, 7100, "hog", RTW_EV_WAKEUP, TID, "rtwhy", 120, 0, RTW_F_HARDIRQ);
	ev_hrtimer(&g, 10053, 0, 7100, "hog", NULL, false, 0);
	ev_vector(&g, 10054, 0, 7100, "hog", "local_timer", false);
	ev_migrate(&g, 13000, 1, 0, "<idle>", TID, "rtwhy", 120, 0, 1);
	thread_switched_in(13010, 0, "swapper/1", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13015, 50000), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_TRUE(res.migrated);
	CU_ASSERT_EQUAL(res.wake_cpu, 0);
	CU_ASSERT_EQUAL(res.run_cpu, 1);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_MIGRATION);
	CU_ASSERT_STRING_EQUAL(top()->comm, "hog");
	CU_ASSERT_EQUAL(top()->cpu, 0);
}

static void test_invisible(void)
{
	thread_sleeps(49, 2000, "bash");
	timer_wakes(13000, 1, 2000, "bash", 49, RTW_F_NEED_RESCHED);
	thread_switched_in(13010, 2000, "bash", 49);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13012, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_EQUAL(top()->kind, BLAME_UNACCOUNTED);
	CU_ASSERT_TRUE(top()->ns >= 2999000 && top()->ns <= 3000000);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "no event"));
}

static void test_invisible_after_switch_in(void)
{
	/* on time to the CPU, then 1.6 ms gone before the clock read, no event at all */
	thread_sleeps(120, 0, "swapper/1");
	timer_wakes(10040, 1, 0, "<idle>", 120, RTW_F_NEED_RESCHED);
	thread_switched_in(10050, 0, "swapper/1", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 11650, 50000), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_TRUE(top()->victim);
	CU_ASSERT_TRUE(top()->ns >= 1590000 && top()->ns <= 1600000);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "between its switch-in and its clock read"));
	/* a short return path stays out of the verdict: the slack is named */
	CU_ASSERT_EQUAL_FATAL(explain(10000, 10070, 50000), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TIMER_SLACK);
}

/* events added to a built sequence, each moved to its place in time (stable) */
static void settle_all(void)
{
	size_t i, k;

	for (i = 1; i < g.n; i++) {
		struct rtw_event e = g.ev[i];

		for (k = i; k && g.ev[k - 1].ts_ns > e.ts_ns; k--)
			g.ev[k] = g.ev[k - 1];
		g.ev[k] = e;
	}
}

static void test_cpu_tail_not_covered(void)
{
	/* the seed on CPU 1; CPU 0 runs cc1 and its events end 9 ms before CPU 1's */
	build_tick_wait();
	ev_switch(&g, 50, 0, 0, "swapper/0", 120, 0, 900, "cc1", 120, 0);
	ev_tick(&g, 2001, 0, 900, "cc1", 0);
	ev_tick(&g, 5001, 0, 900, "cc1", 0);
	settle_all();
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_FALSE(res.complete);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.incomplete_why, "CPU 0's events end"));
	/* an idle CPU may be silent: the window stays complete */
	build_tick_wait();
	ev_switch(&g, 50, 0, 0, "swapper/0", 120, 0, 900, "cc1", 120, 0);
	ev_switch(&g, 5001, 0, 900, "cc1", 120, CUR_S, 0, "swapper/0", 120, 0);
	settle_all();
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_TRUE(res.complete);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_TICK_WAIT);
}

static void test_lost_events_make_it_incomplete(void)
{
	build_tick_wait();
	ev_lost(&g, 12000, 1, 42);
	/* keep the stream ordered: the lost marker sits between 10053 and 14000 */
	{
		struct rtw_event lost = g.ev[g.n - 1];
		size_t i = g.n - 1;

		while (i > 0 && g.ev[i - 1].ts_ns > lost.ts_ns) {
			g.ev[i] = g.ev[i - 1];
			i--;
		}
		g.ev[i] = lost;
	}
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_FALSE(res.complete);
	CU_ASSERT_EQUAL(res.lost_events, 42);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "lost"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "--buffer-kb"));
}

static void test_missing_wakeup_is_incomplete(void)
{
	evgen_init(&g);
	ev_tick(&g, 9000, 1, 2000, "bash", 0);
	thread_switched_in(14010, 2000, "bash", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14020, 50000), 0);
	CU_ASSERT_FALSE(res.complete);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "Record sched:sched_switch"));
	/* the trace starting after the deadline */
	evgen_init(&g);
	ev_switch(&g, 12000, 1, 2000, "bash", 120, 0, 0, "swapper/1", 120, 0);
	timer_wakes(13000, 1, 0, "<idle>", 120, 0);
	thread_switched_in(13010, 0, "swapper/1", 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 13012, 50000), 0);
	CU_ASSERT_FALSE(res.complete);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "--buffer-kb"));
}

static void test_bad_input(void)
{
	evgen_init(&g);
	CU_ASSERT_EQUAL(explain(10000, 9000, 0), -EINVAL);
	CU_ASSERT_EQUAL(explain(10000, 11000, 0), -ENODATA);
}

static void test_names(void)
{
	CU_ASSERT_STRING_EQUAL(blame_verdict_name(BLAME_V_TICK_WAIT), "tick_wait");
	CU_ASSERT_STRING_EQUAL(blame_verdict_name(BLAME_V_INVISIBLE), "invisible");
	CU_ASSERT_STRING_EQUAL(blame_kind_name(BLAME_IRQ_THREAD), "irq_thread");
	CU_ASSERT_STRING_EQUAL(blame_kind_name(BLAME_UNACCOUNTED), "unaccounted");
	CU_ASSERT_STRING_EQUAL(blame_policy_name(SCHED_FIFO), "fifo");
	CU_ASSERT_STRING_EQUAL(blame_policy_name(-1), "unknown");
}

/* What the caller read of the live system: a culprit's real policy, if it is the same task. */
static void test_host_facts(void)
{
	struct blame_spike sp = { .tid = TID,
				  .cpu = 1,
				  .deadline_ns = evgen_us(10000),
				  .wake_ns = evgen_us(14020),
				  .slack_ns = 50000,
				  .source = "test" };
	struct blame_host host = { .steal_ns = -1 };
	struct blame_trace trace;
	struct pidmap live;

	build_tick_wait();
	CU_ASSERT_EQUAL_FATAL(pidmap_init(&live), 0);
	pidmap_note(&live, 2639, "busyloop", PIDMAP_PRIO_UNKNOWN);
	pidmap_set_policy(&live, 2639, SCHED_BATCH);
	host.tasks = &live;
	CU_ASSERT_EQUAL_FATAL(blame_explain_trace(g.ev, g.n, &sp, &host, &res, &trace), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(top());
	CU_ASSERT_EQUAL(top()->policy, SCHED_BATCH);
	CU_ASSERT_TRUE(top()->policy_exact);
	/* the trace kept: the events it read, with their timeline */
	CU_ASSERT_EQUAL(trace.nr_read, g.n);
	CU_ASSERT_EQUAL(trace.n, g.n); /* no switch to infer: the events given, no copy */
	CU_ASSERT_PTR_EQUAL(trace.ev, g.ev);
	CU_ASSERT_PTR_NULL(trace.own);
	CU_ASSERT_EQUAL(trace.tl.nr_cpus, 2);
	CU_ASSERT_EQUAL(trace.tl.tick_ns, res.tick_ns);
	blame_trace_free(&trace);
	CU_ASSERT_PTR_NULL(trace.ev);
	/* the pid now belongs to another task: inferred from the trace instead */
	pidmap_note(&live, 2639, "bash", PIDMAP_PRIO_UNKNOWN);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, &host, &res), 0);
	CU_ASSERT_EQUAL(top()->policy, SCHED_OTHER);
	CU_ASSERT_FALSE(top()->policy_exact);
	pidmap_free(&live);
}

/*
 * 84-np-stack's failing spike: the FIFO 99 thread's timer fires in the resizer's kernel
 * section; the callback ends at once, the local_timer vector's exit 1747 us later (the host
 * stopped the vCPU inside the interrupt). The resizer gives the CPU up at @switch_us.
 */
static void build_gap_in_timer_irq(double switch_us)
{
	thread_sleeps(0, 6206, "resizer");
	ev_tick(&g, 6000, 1, 6206, "resizer", 0);
	ev_vector(&g, 9999.5, 1, 6206, "resizer", "local_timer", true);
	ev_hrtimer(&g, 10000, 1, 6206, "resizer", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 10000.5, 1, 6206, "resizer", RTW_EV_WAKING, TID, "rtwhy", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_wake(&g, 10002, 1, 6206, "resizer", RTW_EV_WAKEUP, TID, "rtwhy", 0, 1,
		RTW_F_IRQS_OFF | RTW_F_HARDIRQ | RTW_F_NEED_RESCHED);
	ev_hrtimer(&g, 10002.5, 1, 6206, "resizer", NULL, false, RTW_F_NEED_RESCHED);
	ev_vector(&g, 11750, 1, 6206, "resizer", "local_timer", false);
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
	g.ev[g.n - 1].preempt = 1;
	ev_switch(&g, switch_us, 1, 6206, "resizer", 120, 0, TID, "rtwhy", 0, 0);
}

static const struct blame_culprit *culprit_of(enum blame_kind kind, const char *name)
{
	int i;

	for (i = 0; i < res.nr_culprits; i++)
		if (res.culprit[i].kind == kind && !strcmp(res.culprit[i].name, name))
			return &res.culprit[i];
	return NULL;
}

static void test_gap_inside_a_timer_irq(void)
{
	const struct blame_culprit *gap, *irq;

	build_gap_in_timer_irq(12000);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 12005, 0), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_IRQ);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
	gap = culprit_of(BLAME_UNACCOUNTED, "local_timer");
	irq = culprit_of(BLAME_HARDIRQ, "local_timer");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gap);
	CU_ASSERT_PTR_NOT_NULL_FATAL(irq);
	CU_ASSERT_EQUAL(gap->ns, 1747500);
	CU_ASSERT_EQUAL(gap->pid, 6206);
	CU_ASSERT_TRUE(irq->ns < 5000);
	CU_ASSERT_PTR_EQUAL(top(), gap);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "inside the local_timer interrupt"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the handler did not run that long"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "resizer"));
	/* the resizer's own section longer than the gap: its verdict, the gap beside it */
	build_gap_in_timer_irq(14500);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 14505, 0), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_NON_PREEMPTIBLE);
	CU_ASSERT_STRING_EQUAL(top()->comm, "resizer");
	gap = culprit_of(BLAME_UNACCOUNTED, "local_timer");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gap);
	CU_ASSERT_EQUAL(gap->ns, 1747500);
	CU_ASSERT_TRUE(top()->ns < 2760000);
}

static CU_TestInfo blame_tests[] = {
	{ "host facts: live policies, the trace kept", test_host_facts },
	{ "the seed: tick wait behind a fair busy loop", test_tick_wait },
	{ "no wakeup preemption, the task slept on its own",
	  test_no_wakeup_preemption_until_sleep },
	{ "need-resched honoured by a switch to another task",
	  test_resched_honoured_by_another_task },
	{ "need-resched set in the tick's interrupt, after its callback",
	  test_resched_after_the_tick_callback },
	{ "'went to sleep' only for the culprit", test_sleep_text_only_for_the_culprit },
	{ "PREEMPT_RT: the tick through ktimers/N, woken at the IRQ's exit",
	  test_tick_through_ktimers },
	{ "the tick's softirq at its exit wakes the task that hands over",
	  test_tick_softirq_wakes_the_taker },
	{ "lazy need-resched the trace does not show: R at the tick's return",
	  test_tick_lazy_untraced },
	{ "higher-priority RT task", test_higher_priority },
	{ "PREEMPT_RT: a soft timer late inside a higher-priority holder",
	  test_soft_timer_late_inside_a_higher_priority_holder },
	{ "a stall inside a higher-priority holder's run: its time within how long it runs",
	  test_stall_inside_a_holder_that_runs_by_the_clock },
	{ "a stall inside a SCHED_DEADLINE holder's run: its runtime says how long it runs",
	  test_stall_inside_a_deadline_holder },
	{ "need-resched set, no switch: non-preemptible", test_non_preemptible },
	{ "RT thread held by a fair task", test_rt_thread_held_by_fair_task },
	{ "non-preemptible: need-resched as the chain says it",
	  test_non_preemptible_resched_as_the_chain_says },
	{ "kernel threads' hints: what moves them, never taskset", test_kthread_hints_carry_out },
	{ "hard IRQ", test_hard_irq },
	{ "a gap inside a timer IRQ is a gap, not the handler's", test_gap_inside_a_timer_irq },
	{ "softirq with a nested hard IRQ", test_softirq },
	{ "a softirq silent for ms while the timer was due: not its time",
	  test_softirq_with_the_timer_due },
	{ "forced threading: a softirq after a hard IRQ is the thread's",
	  test_softirq_in_forced_thread },
	{ "a task's softirqs: named by the one it ran longest", test_softirq_named_by_the_longest },
	{ "no forced threading: a softirq after a hard IRQ is its exit's",
	  test_softirq_at_irq_exit },
	{ "threaded IRQ handler", test_irq_thread },
	{ "an IRQ thread below the thread: non-preemptible", test_irq_thread_below_the_thread },
	{ "rtwhy's explaining thread named as rtwhy's own", test_explaining_thread },
	{ "exit from idle", test_idle_exit },
	{ "a long idle gap is invisible time", test_long_idle_is_invisible },
	{ "timer slack", test_timer_slack },
	{ "migration", test_migration },
	{ "nothing visible", test_invisible },
	{ "nothing visible after the switch-in", test_invisible_after_switch_in },
	{ "PREEMPT_RT: no event after a preempting IRQ exit", test_stall_after_preempting_exit },
	{ "lost events: incomplete", test_lost_events_make_it_incomplete },
	{ "a busy CPU's events end early: incomplete", test_cpu_tail_not_covered },
	{ "missing wakeup or late trace: incomplete", test_missing_wakeup_is_incomplete },
	{ "bad input", test_bad_input },
	{ "names", test_names },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("blame", NULL, NULL, blame_tests);
