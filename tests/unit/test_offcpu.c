// SPDX-License-Identifier: GPL-2.0-only
/*
 * offcpu: hand-built event sequences of CFS bandwidth throttling (the thread
 * runnable on an idle CPU; others running through ticks until the group's
 * period timer) and of a stopped or traced thread (T / t, the stop signal's
 * sender, who continued it), and what is not one of them: a short idle exit,
 * a fair wait of one tick, an RT thread, a CPU that shows no event at all.
 */
#include <signal.h>
#include <string.h>

#include "analysis/blame.h"
#include "analysis/offcpu.h"
#include "analysis/verdict.h"
#include "evgen.h"
#include "unit.h"

#define TID	5000
#define PROC	4990
#define LOOP	6000
#define OTHER	7000
#define S_SLEEP 1
#define T_STOP	0x04
#define T_TRACE 0x08

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

/*
 * The group (LOOP and the thread) out of quota: LOOP switched out R+ at 2000, the thread
 * woken at 10000 onto idle CPU 1 runs 10 us and is switched out R+ (6.18's throttle at
 * return to user); CPU 1 idles with its ticks until the period timer at @timer_us.
 */
static void build_throttled_idle(double timer_us, int timer_cpu, int prio)
{
	double t;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", prio, S_SLEEP, LOOP, "bash", 120, 0);
	ev_switch(&g, 2000, 1, LOOP, "bash", 120, RTW_STATE_PREEMPTED, 0, "swapper/1", 120, 0);
	for (t = 4000; t < 10000; t += 4000)
		ev_tick(&g, t, 1, 0, "<idle>", 0);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, prio, RTW_F_NEED_RESCHED);
	ev_switch(&g, 10010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", prio, 0);
	ev_switch(&g, 10020, 1, TID, "rtwhy", prio, RTW_STATE_PREEMPTED, 0, "swapper/1", 120, 0);
	for (t = 12000; t < timer_us; t += 4000)
		ev_tick(&g, t, 1, 0, "<idle>", 0);
	ev_hrtimer(&g, timer_us, timer_cpu, 0, "<idle>", "sched_cfs_period_timer", true, 0);
	ev_hrtimer(&g, timer_us + 2, timer_cpu, 0, "<idle>", NULL, false, 0);
	ev_switch(&g, timer_us + 30, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", prio, 0);
}

static void test_cfs_idle(void)
{
	struct blame_host host = { .steal_ns = -1 };
	struct offcpu_cgroup *cg = &host.cause.cgroup;

	build_throttled_idle(60000, 0, 120);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 60040), 0);
	CU_ASSERT(res.cause.cfs.seen);
	CU_ASSERT(res.cause.cfs.idle_proof);
	CU_ASSERT_EQUAL(res.cause.cfs.cpu, 1);
	CU_ASSERT_EQUAL(res.cause.cfs.timer_ns, evgen_us(60000));
	CU_ASSERT_EQUAL(res.cause.cfs.timer_cpu, 0);
	CU_ASSERT_EQUAL(res.cause.cfs.nr_with, 1);
	CU_ASSERT_EQUAL(res.cause.cfs.with[0].pid, LOOP);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "no other cause in the kernel"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the trace does not name it"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "cpu.max"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "--cpus"));

	/* a live run names the group, its quota and its throttled periods */
	cg->known = cg->stat_known = true;
	snprintf(cg->path, sizeof(cg->path), "/docker/abc");
	snprintf(cg->limit_path, sizeof(cg->limit_path), "/docker");
	cg->version = 2;
	cg->quota_us = 30000;
	cg->period_us = 100000;
	cg->nr_throttled = 9;
	cg->nr_periods = 10;
	cg->throttled_ns = 700000000;
	cg->sample_ns = 1000000000;
	CU_ASSERT_EQUAL_FATAL(explain_host(10000, 60040, &host), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "its cgroup /docker/abc (cgroup v2"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "set on /docker"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "throttled in 9 of 10 periods"));
}

/*
 * A window that begins with the group throttled and CPU 1 idle (before 6.18 the throttled
 * group's queue takes the woken thread, no switch-in): no switch on CPU 1 before the wakeup,
 * only its interrupts in idle, until the period timer. The events' task tells the idle CPU.
 */
static void test_cfs_idle_from_start(void)
{
	double t;

	evgen_init(&g);
	ev_tick(&g, 4000, 1, 0, "<idle>", 0);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 120, 0);
	for (t = 12000; t < 60000; t += 4000)
		ev_tick(&g, t, 1, 0, "<idle>", 0);
	ev_hrtimer(&g, 60000, 0, 0, "<idle>", "sched_cfs_period_timer", true, 0);
	ev_hrtimer(&g, 60002, 0, 0, "<idle>", NULL, false, 0);
	ev_switch(&g, 60030, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 60040), 0);
	CU_ASSERT(res.cause.cfs.seen);
	CU_ASSERT(res.cause.cfs.idle_proof);
	CU_ASSERT_EQUAL(res.cause.cfs.timer_ns, evgen_us(60000));
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);
}

/* Without the period timer in the trace the idle CPU still tells it. */
static void test_cfs_idle_no_timer(void)
{
	size_t i, k = 0;

	build_throttled_idle(60000, 1, 120);
	for (i = 0; i < g.n; i++)
		if (!(g.ev[i].kind == RTW_EV_HRTIMER_ENTRY &&
		      !strcmp(g.ev[i].u.hrt.function, "sched_cfs_period_timer")))
			g.ev[k++] = g.ev[i];
	g.n = k;
	CU_ASSERT_EQUAL_FATAL(explain(10000, 60040), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);
	CU_ASSERT_EQUAL(res.cause.cfs.timer_ns, 0);
}

/* An RT thread is no CFS bandwidth's; a CPU that shows no event is no throttling either. */
static void test_cfs_not(void)
{
	build_throttled_idle(60000, 0, 9);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 60040), 0);
	CU_ASSERT(!res.cause.cfs.seen);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);

	/* woken on an idle CPU that then shows nothing for 5 ms: a stall, not the quota */
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_timer_wakes(&g, 10000, 1, 0, "<idle>", TID, 120, RTW_F_NEED_RESCHED);
	ev_switch(&g, 15000, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 15005), 0);
	CU_ASSERT(!res.cause.cfs.seen);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_INVISIBLE);
}

/* Other fair tasks run through ticks while the thread waits; the group's timer ends it. */
static void test_cfs_busy(void)
{
	double t;
	size_t i;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, S_SLEEP, OTHER, "cc1", 120, 0);
	ev_timer_wakes(&g, 10000, 1, OTHER, "cc1", TID, 120, 0);
	ev_switch(&g, 12000, 1, OTHER, "cc1", 120, RTW_STATE_PREEMPTED, TID, "rtwhy", 120, 0);
	ev_switch(&g, 12005, 1, TID, "rtwhy", 120, RTW_STATE_PREEMPTED, LOOP, "bash", 120, 0);
	ev_switch(&g, 12010, 1, LOOP, "bash", 120, RTW_STATE_PREEMPTED, OTHER, "cc1", 120, 0);
	for (t = 16000; t < 50000; t += 4000)
		ev_tick(&g, t, 1, OTHER, "cc1", RTW_F_NEED_RESCHED);
	ev_hrtimer(&g, 50000, 0, 0, "<idle>", "sched_cfs_period_timer", true, 0);
	ev_hrtimer(&g, 50002, 0, 0, "<idle>", NULL, false, 0);
	ev_tick(&g, 52000, 1, OTHER, "cc1", RTW_F_NEED_RESCHED);
	ev_switch(&g, 52010, 1, OTHER, "cc1", 120, RTW_STATE_PREEMPTED, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 52015), 0);
	CU_ASSERT(res.cause.cfs.seen);
	CU_ASSERT(!res.cause.cfs.idle_proof);
	CU_ASSERT_EQUAL(res.cause.cfs.top_pid, OTHER);
	CU_ASSERT_EQUAL(res.cause.cfs.nr_with, 1);
	CU_ASSERT_EQUAL(res.cause.cfs.with[0].pid, LOOP);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);

	/* the same wait with no group timer in it is the fair wait it looks like */
	for (i = 0; i < g.n; i++)
		if (g.ev[i].kind == RTW_EV_HRTIMER_ENTRY &&
		    !strcmp(g.ev[i].u.hrt.function, "sched_cfs_period_timer"))
			util_strlcpy(g.ev[i].u.hrt.function, "it_real_fn", RTW_NAME_LEN);
	CU_ASSERT_EQUAL_FATAL(explain(10000, 52015), 0);
	CU_ASSERT(!res.cause.cfs.seen);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_CFS_THROTTLED);
}

/* kill -STOP from a shell, kill -CONT from another: both named. */
static void test_stopped(void)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 9, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_signal(&g, 1000, 0, 300, "bash", SIGSTOP, PROC, "rtwhy", 1);
	ev_wake(&g, 1001, 0, 300, "bash", RTW_EV_WAKING, TID, "rtwhy", 9, 1, 0);
	ev_switch(&g, 1010, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 9, 0);
	ev_switch(&g, 1020, 1, TID, "rtwhy", 9, T_STOP, 0, "swapper/1", 120, 0);
	ev_tick(&g, 8000, 1, 0, "<idle>", 0);
	ev_wake(&g, 900000, 0, 301, "kill", RTW_EV_WAKING, TID, "rtwhy", 9, 1, 0);
	ev_wake(&g, 900002, 0, 301, "kill", RTW_EV_WAKEUP, TID, "rtwhy", 9, 1, 0);
	ev_signal(&g, 900005, 0, 301, "kill", SIGCONT, PROC, "rtwhy", 1);
	ev_switch(&g, 900020, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 9, 0);
	CU_ASSERT_EQUAL_FATAL(explain(2000, 900025), 0);
	CU_ASSERT_EQUAL(res.cause.stopped.kind, OFFCPU_STOP_STOPPED);
	CU_ASSERT_EQUAL(res.cause.stopped.stop_sig, SIGSTOP);
	CU_ASSERT_EQUAL(res.cause.stopped.stop_by_pid, 300);
	CU_ASSERT_EQUAL(res.cause.stopped.cont_by_pid, 301);
	CU_ASSERT_EQUAL(res.cause.stopped.cont_sig, SIGCONT);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOPPED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "SIGSTOP from bash (pid 300)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "kill (pid 301, on CPU 0) continued it"));
	CU_ASSERT_PTR_NULL(strstr(res.hint, "SMI"));
}

/* A ptrace stop (t), continued by the tracer without a signal event. */
static void test_traced(void)
{
	size_t i;

	evgen_init(&g);
	ev_tick(&g, 50, 0, 400, "gdb", 0);
	ev_switch(&g, 100, 1, TID, "rtwhy", 120, T_TRACE, 0, "swapper/1", 120, 0);
	ev_tick(&g, 4000, 1, 0, "<idle>", 0);
	ev_wake(&g, 50000, 0, 400, "gdb", RTW_EV_WAKING, TID, "rtwhy", 120, 1, 0);
	ev_wake(&g, 50002, 0, 400, "gdb", RTW_EV_WAKEUP, TID, "rtwhy", 120, 1, 0);
	ev_switch(&g, 50020, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 120, 0);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 50025), 0);
	CU_ASSERT_EQUAL(res.cause.stopped.kind, OFFCPU_STOP_TRACED);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_STOPPED);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "held by its tracer (state t"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "gdb (pid 400"));

	/* a plain sleep (S) woken late is no stop */
	for (i = 0; i < g.n; i++)
		if (g.ev[i].kind == RTW_EV_SWITCH && g.ev[i].u.sw.prev_pid == TID)
			g.ev[i].u.sw.prev_state = S_SLEEP;
	CU_ASSERT_EQUAL_FATAL(explain(1000, 50025), 0);
	CU_ASSERT_EQUAL(res.cause.stopped.kind, OFFCPU_STOP_NONE);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_STOPPED);
}

/* sh (pid 302) on CPU 0 thaws the thread at @us; it runs on CPU 1 20 us later. */
static void ev_thaw_at(double us)
{
	ev_wake(&g, us, 0, 302, "sh", RTW_EV_WAKING, TID, "rtwhy", 9, 1, RTW_F_IRQS_OFF);
	ev_wake(&g, us + 2, 0, 302, "sh", RTW_EV_WAKEUP, TID, "rtwhy", 9, 1, RTW_F_IRQS_OFF);
	ev_switch(&g, us + 20, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 9, 0);
}

/* CPU 1 idles with its ticks until sh (pid 302) on CPU 0 thaws the thread at 500000 us. */
static void ev_thaw(void)
{
	double t;

	for (t = 4000; t < 500000; t += 40000)
		ev_tick(&g, t, 1, 0, "<idle>", 0);
	ev_thaw_at(500000);
}

/*
 * cgroup v1 freezer: the thread asleep (S) on CPU 1 is frozen where it sleeps; its timer
 * expires at the deadline and wakes nothing; sh (pid 302) thaws the group 0.5 s later.
 */
static void build_frozen_v1(bool timer_wakes)
{
	evgen_init(&g);
	ev_tick(&g, 50, 0, 0, "<idle>", 0);
	ev_switch(&g, 100, 1, TID, "rtwhy", 9, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_hrtimer(&g, 1000, 1, 0, "<idle>", "hrtimer_wakeup", true, 0);
	if (timer_wakes)
		ev_wake(&g, 1000.5, 1, 0, "<idle>", RTW_EV_WAKING, TID, "rtwhy", 9, 1,
			RTW_F_IRQS_OFF | RTW_F_HARDIRQ);
	ev_hrtimer(&g, 1002, 1, 0, "<idle>", NULL, false, 0);
	ev_thaw();
}

static void test_frozen_v1(void)
{
	struct blame_host host = { .steal_ns = -1 };
	struct offcpu_freezer *fr = &host.cause.freezer;

	build_frozen_v1(false);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_FREEZER);
	CU_ASSERT_EQUAL(res.cause.frozen.timer_ns, evgen_us(1000));
	CU_ASSERT_EQUAL(res.cause.frozen.thaw_by_pid, 302);
	CU_ASSERT_EQUAL(res.cause.frozen.cpu, 1);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_STRING_EQUAL(verdict_name(BLAME_V_FROZEN), "frozen");
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "cgroup v1 freezer (freezer.state FROZEN)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the trace does not name the group"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "its timer expired at +0 us without waking it"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "sh (pid 302, on CPU 0) woke it when"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "freezer.state (v1)"));

	/* a live run names the group and its state */
	fr->known = true;
	snprintf(fr->v1_mount, sizeof(fr->v1_mount), "/sys/fs/cgroup/freezer");
	snprintf(fr->v1_path, sizeof(fr->v1_path), "/rtwhy-it");
	snprintf(fr->v1_state, sizeof(fr->v1_state), "THAWED");
	snprintf(fr->v2_path, sizeof(fr->v2_path), "/");
	fr->v2_freeze = -1;
	CU_ASSERT_EQUAL_FATAL(explain_host(1000, 500025, &host), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "cgroup v1 freezer of its cgroup /rtwhy-it "));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "THAWED now"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "/sys/fs/cgroup/freezer/rtwhy-it/freezer.state"));

	/* the timer that woke it is no freeze */
	build_frozen_v1(true);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_NONE);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_FROZEN);
}

/*
 * cgroup v2 freezer: sh (pid 301) writes cgroup.freeze; the thread asleep is woken without a
 * signal, runs 10 us and sleeps in do_freezer_trap() (S); sh (pid 302) thaws it 0.5 s later.
 */
static void build_frozen_v2(bool signal)
{
	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 9, S_SLEEP, 0, "swapper/1", 120, 0);
	if (signal)
		ev_signal(&g, 699, 0, 301, "sh", SIGUSR1, PROC, "rtwhy", 1);
	ev_wake(&g, 700, 0, 301, "sh", RTW_EV_WAKING, TID, "rtwhy", 9, 1, RTW_F_IRQS_OFF);
	ev_wake(&g, 702, 0, 301, "sh", RTW_EV_WAKEUP, TID, "rtwhy", 9, 1, RTW_F_IRQS_OFF);
	ev_switch(&g, 710, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 9, 0);
	ev_switch(&g, 720, 1, TID, "rtwhy", 9, S_SLEEP, 0, "swapper/1", 120, 0);
	ev_thaw();
}

static void test_frozen_v2(void)
{
	struct blame_host host = { .steal_ns = -1 };
	struct offcpu_freezer *fr = &host.cause.freezer;

	build_frozen_v2(false);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_TRAP);
	CU_ASSERT_EQUAL(res.cause.frozen.freeze_by_pid, 301);
	CU_ASSERT_EQUAL(res.cause.frozen.thaw_by_pid, 302);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "cgroup v2 freezer (cgroup.freeze 1)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "sh (pid 301) woke it without a signal"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "cgroup.freeze (v2)"));

	fr->known = true;
	snprintf(fr->v1_path, sizeof(fr->v1_path), "/");
	snprintf(fr->v2_mount, sizeof(fr->v2_mount), "/sys/fs/cgroup/unified");
	snprintf(fr->v2_path, sizeof(fr->v2_path), "/rtwhy-it-v2");
	fr->v2_freeze = 0;
	fr->v2_time_known = true;
	fr->v2_frozen_ns = 500 * 1000000ULL;
	fr->v2_sample_ns = 1200 * 1000000ULL;
	CU_ASSERT_EQUAL_FATAL(explain_host(1000, 500025, &host), 0);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "cgroup v2 freezer of its cgroup /rtwhy-it-v2 "));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "frozen 500.0 ms in the last 1.2 s"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(res.hint, "/sys/fs/cgroup/unified/rtwhy-it-v2/cgroup.freeze"));

	/* woken by a signal's sender: not the trap */
	build_frozen_v2(true);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_NONE);
	CU_ASSERT_NOT_EQUAL(res.verdict, BLAME_V_FROZEN);
}

/* the thread runs from 100 us, is switched out in @state at 900 us, and is thawed (ev_thaw) */
static void build_frozen_running(uint32_t state)
{
	evgen_init(&g);
	ev_tick(&g, 50, 0, 0, "<idle>", 0);
	ev_switch(&g, 100, 1, 0, "swapper/1", 120, 0, TID, "rtwhy", 9, 0);
	ev_switch(&g, 900, 1, TID, "rtwhy", 9, state, 0, "swapper/1", 120, 0);
	ev_thaw();
}

/*
 * Frozen running: switched out D (TASK_FROZEN), said when its thaw woke other tasks at once or
 * when a live run read a group that can be frozen.
 */
static void test_frozen_running(void)
{
	struct blame_host host = { .steal_ns = -1 };
	struct offcpu_freezer *fr = &host.cause.freezer;

	build_frozen_running(0x02);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_NONE);

	/* the thaw wakes the group's other tasks at once: the trace alone says frozen */
	ev_wake(&g, 499999, 0, 302, "sh", RTW_EV_WAKING, LOOP, "rtwhy-explain", 120, 0,
		RTW_F_IRQS_OFF);
	evgen_settle_last(&g);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_FREEZER);
	CU_ASSERT_EQUAL(res.cause.frozen.nr_thawed_with, 1);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the trace alone says no more"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "and the group's other tasks at once"));

	fr->known = true;
	snprintf(fr->v1_mount, sizeof(fr->v1_mount), "/sys/fs/cgroup/freezer");
	snprintf(fr->v1_path, sizeof(fr->v1_path), "/job");
	snprintf(fr->v1_state, sizeof(fr->v1_state), "THAWED");
	CU_ASSERT_EQUAL_FATAL(explain_host(1000, 500025, &host), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_FREEZER);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "in state D"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "its cgroup /job "));
}

/*
 * cgroup v2, the thread running when the freeze came (its timer had just woken it): no waking,
 * it sleeps S in do_freezer_trap() at once. The trap's (v2), not the v1 freezer's, whose
 * refrigerator shows D or R; a live run that knows only a v1 group keeps the v1 reading.
 */
static void test_frozen_v2_running(void)
{
	struct blame_host host = { .steal_ns = -1 };
	struct offcpu_freezer *fr = &host.cause.freezer;

	build_frozen_running(S_SLEEP);
	ev_wake(&g, 499999, 0, 302, "sh", RTW_EV_WAKING, LOOP, "rtwhy-explain", 120, 0,
		RTW_F_IRQS_OFF);
	evgen_settle_last(&g);
	fr->known = true;
	snprintf(fr->v1_mount, sizeof(fr->v1_mount), "/sys/fs/cgroup/freezer");
	snprintf(fr->v1_path, sizeof(fr->v1_path), "/");
	snprintf(fr->v2_mount, sizeof(fr->v2_mount), "/sys/fs/cgroup/unified");
	snprintf(fr->v2_path, sizeof(fr->v2_path), "/job");
	CU_ASSERT_EQUAL_FATAL(explain_host(1000, 500025, &host), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_TRAP);
	CU_ASSERT_EQUAL(res.cause.frozen.freeze_by_pid, -1);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the cgroup v2 freezer of its cgroup /job "));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "running when the freeze came"));
	CU_ASSERT_PTR_NULL(strstr(res.text, "v1"));

	/* the trace alone: the thaw's burst says frozen, S says by v2's trap */
	fr->known = false;
	CU_ASSERT_EQUAL_FATAL(explain_host(1000, 500025, &host), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_TRAP);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the cgroup v2 freezer (cgroup.freeze 1)"));

	/* a live run that knows a v1 group and no v2 one: the group it knows */
	fr->known = true;
	snprintf(fr->v1_path, sizeof(fr->v1_path), "/job");
	snprintf(fr->v2_path, sizeof(fr->v2_path), "/");
	CU_ASSERT_EQUAL_FATAL(explain_host(1000, 500025, &host), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_FREEZER);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "the cgroup v1 freezer of its cgroup /job "));
}

/* A freeze longer than the window: the thread unseen until its thaw woke it with another task. */
static void test_frozen_before(void)
{
	evgen_init(&g);
	ev_tick(&g, 300000, 0, 0, "<idle>", 0);
	ev_tick(&g, 300010, 1, 0, "<idle>", 0);
	ev_wake(&g, 499999, 0, 302, "sh", RTW_EV_WAKING, LOOP, "rtwhy-explain", 120, 0,
		RTW_F_IRQS_OFF);
	ev_thaw_at(500000);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_BEFORE);
	CU_ASSERT_EQUAL(res.cause.frozen.thaw_by_pid, 302);
	CU_ASSERT_EQUAL(res.verdict, BLAME_V_FROZEN);
	CU_ASSERT_PTR_NOT_NULL(strstr(res.text, "since before the trace's window"));
	CU_ASSERT_PTR_NOT_NULL(strstr(res.hint, "freezer.state (v1) or cgroup.freeze (v2)"));

	/* a single waking (a lock's release, a pipe) is no thaw */
	evgen_init(&g);
	ev_tick(&g, 300000, 0, 0, "<idle>", 0);
	ev_tick(&g, 300010, 1, 0, "<idle>", 0);
	ev_thaw_at(500000);
	CU_ASSERT_EQUAL_FATAL(explain(1000, 500025), 0);
	CU_ASSERT_EQUAL(res.cause.frozen.how, OFFCPU_FROZEN_NONE);
}

static void test_sig_names(void)
{
	CU_ASSERT_STRING_EQUAL(offcpu_sig_name(SIGSTOP), "SIGSTOP");
	CU_ASSERT_STRING_EQUAL(offcpu_sig_name(SIGTSTP), "SIGTSTP");
	CU_ASSERT_STRING_EQUAL(offcpu_sig_name(SIGCONT), "SIGCONT");
	CU_ASSERT_STRING_EQUAL(offcpu_sig_name(SIGUSR1), "signal");
}

static CU_TestInfo offcpu_tests[] = {
	{ "CFS throttling: runnable on an idle CPU until the period timer", test_cfs_idle },
	{ "... the idle CPU tells it without the timer", test_cfs_idle_no_timer },
	{ "... a window that begins throttled on an idle CPU", test_cfs_idle_from_start },
	{ "no CFS throttling: an RT thread, a CPU without events", test_cfs_not },
	{ "CFS throttling: others ran through ticks until the group's timer", test_cfs_busy },
	{ "stopped by SIGSTOP, continued by SIGCONT: both senders", test_stopped },
	{ "traced (t), continued by the tracer; a sleep is no stop", test_traced },
	{ "frozen (v1): its timer woke nothing, the thaw woke it; a timer that woke it is no "
	  "freeze",
	  test_frozen_v1 },
	{ "frozen (v2): woken without a signal into the trap; a signal is no freeze",
	  test_frozen_v2 },
	{ "frozen running (D): only with a live run's freezable group", test_frozen_running },
	{ "frozen running (S): cgroup v2's trap, unwoken; D is v1's", test_frozen_v2_running },
	{ "frozen since before the window: the thaw's burst; one waking is no thaw",
	  test_frozen_before },
	{ "signal names", test_sig_names },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("offcpu", NULL, NULL, offcpu_tests);
