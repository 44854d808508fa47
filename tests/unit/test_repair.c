// SPDX-License-Identifier: GPL-2.0-only
/*
 * repair: switches out of idle that this VM's kernel never traces on one
 * vCPU (seen on 6.18: "cpu 001: from-idle 0 to-idle 5921"), inferred from
 * common_pid; and the explanation that needs them.
 */
#include <stdlib.h>

#include "analysis/blame.h"
#include "analysis/repair.h"
#include "evgen.h"
#include "unit.h"

static struct evgen g;

/* the pattern of the recorded RT hog spike: idle, timer wakes spinner, no switch */
static void build(void)
{
	evgen_init(&g);
	ev_switch(&g, 0, 1, 5000, "rtwhy", 49, 1, 0, "swapper/1", 120, 0);
	ev_vector(&g, 189, 1, 0, "<idle>", "local_timer", true);
	ev_hrtimer(&g, 190, 1, 0, "<idle>", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 190.7, 1, 0, "<idle>", RTW_EV_WAKING, 7000, "spinner", 19, 1, RTW_F_HARDIRQ);
	ev_wake(&g, 193, 1, 0, "<idle>", RTW_EV_WAKEUP, 7000, "spinner", 19, 1,
		RTW_F_HARDIRQ | RTW_F_NEED_RESCHED);
	ev_hrtimer(&g, 193.5, 1, 0, "<idle>", NULL, false, RTW_F_NEED_RESCHED);
	ev_vector(&g, 201, 1, 0, "<idle>", "local_timer", false); /* the switch follows, untraced */
	ev_vector(&g, 518, 1, 7000, "spinner", "local_timer", true);
	ev_vector(&g, 520, 1, 7000, "spinner", "local_timer", false);
	/* the thread's timer while the spinner runs */
	ev_vector(&g, 996, 1, 7000, "spinner", "local_timer", true);
	ev_hrtimer(&g, 997, 1, 7000, "spinner", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 997.6, 1, 7000, "spinner", RTW_EV_WAKING, 5000, "rtwhy", 49, 1, RTW_F_HARDIRQ);
	ev_wake(&g, 1000, 1, 7000, "spinner", RTW_EV_WAKEUP, 5000, "rtwhy", 49, 1, RTW_F_HARDIRQ);
	ev_hrtimer(&g, 1000.4, 1, 7000, "spinner", NULL, false, 0);
	ev_vector(&g, 1008, 1, 7000, "spinner", "local_timer", false);
	ev_switch(&g, 3222, 1, 7000, "spinner", 19, 1, 5000, "rtwhy", 49, 0);
	ev_marker(&g, 3238, 1, 5000, "rtwhy", "FREEZE tid=5000");
}

static void test_inferred(void)
{
	struct rtw_event *out;
	size_t n, i;
	long k;

	build();
	k = repair_switches(g.ev, g.n, NULL, &out, &n);
	CU_ASSERT_EQUAL_FATAL(k, 1);
	CU_ASSERT_EQUAL(n, g.n + 1);
	for (i = 0; i < n && !(out[i].kind == RTW_EV_SWITCH && out[i].u.sw.next_pid == 7000); i++)
		;
	CU_ASSERT_FATAL(i < n);
	CU_ASSERT_EQUAL(out[i].ts_ns, evgen_us(201)); /* right after the waking IRQ */
	CU_ASSERT_EQUAL(out[i].u.sw.prev_pid, 0);
	CU_ASSERT_EQUAL(out[i].u.sw.next_prio, 19);
	CU_ASSERT_STRING_EQUAL(out[i].u.sw.next_comm, "spinner");
	CU_ASSERT_TRUE(out[i].u.sw.prev_state & RTW_STATE_INFERRED);
	for (i = 1; i < n; i++)
		CU_ASSERT_TRUE(out[i].ts_ns >= out[i - 1].ts_ns);
	free(out);
}

/*
 * A polling idle CPU woken from another CPU (no IPI, no event of its own): 88-stopped's
 * SIGCONT. The switch into the woken thread cannot come before its waking, which is later
 * than that CPU's last event: the chain needs the waking before the switch-in.
 */
static void test_woken_from_afar(void)
{
	struct rtw_event *out;
	size_t n, i;
	long k;

	evgen_init(&g);
	ev_switch(&g, 0, 1, 5000, "rtwhy", 9, 0x04, 0, "swapper/1", 120, 0); /* T: stopped */
	ev_vector(&g, 100, 1, 0, "<idle>", "local_timer", true);
	ev_vector(&g, 102, 1, 0, "<idle>", "local_timer", false);
	ev_wake(&g, 900, 0, 6000, "continuer", RTW_EV_WAKING, 5000, "rtwhy", 9, 1, 0);
	ev_wake(&g, 901, 0, 6000, "continuer", RTW_EV_WAKEUP, 5000, "rtwhy", 9, 1, 0);
	ev_marker(&g, 950, 1, 5000, "rtwhy", "FREEZE tid=5000");
	k = repair_switches(g.ev, g.n, NULL, &out, &n);
	CU_ASSERT_EQUAL_FATAL(k, 1);
	for (i = 0; i < n && !(out[i].kind == RTW_EV_SWITCH && out[i].u.sw.next_pid == 5000); i++)
		;
	CU_ASSERT_FATAL(i < n);
	CU_ASSERT_EQUAL(out[i].ts_ns, evgen_us(901)); /* after its wakeup, not at 102 */
	CU_ASSERT_EQUAL(out[i - 1].kind, RTW_EV_WAKEUP);
	for (i = 1; i < n; i++)
		CU_ASSERT_TRUE(out[i].ts_ns >= out[i - 1].ts_ns);
	free(out);
}

static void test_busy_task_runs_on_unseen(void)
{
	struct rtw_event *out;
	size_t n, i;

	/* a busy task's switch-out missing, no need-resched pending: it ran until the
	 * measuring thread showed itself (its marker), not until its own switch-in */
	evgen_init(&g);
	ev_wake(&g, 100, 0, 6000, "busyloop", RTW_EV_WAKEUP, 5000, "cyclictest", 120, 0,
		RTW_F_HARDIRQ | RTW_F_NEED_RESCHED);
	ev_switch(&g, 105, 0, 6000, "busyloop", 120, 0, 75, "tokio", 110, 0);
	ev_marker(&g, 1200, 0, 5000, "cyclictest", "hit latency threshold (1100 > 1000)");
	CU_ASSERT_EQUAL_FATAL(repair_switches(g.ev, g.n, NULL, &out, &n), 1);
	for (i = 0; i < n && !(out[i].u.sw.prev_state & RTW_STATE_INFERRED); i++)
		;
	CU_ASSERT_FATAL(i < n && out[i].kind == RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(out[i].ts_ns, evgen_us(1200));
	CU_ASSERT_EQUAL(out[i].u.sw.prev_pid, 75);
	CU_ASSERT_EQUAL(out[i].u.sw.next_pid, 5000);
	CU_ASSERT_EQUAL(out[i + 1].kind, RTW_EV_MARKER);
	free(out);

	/* the same with need-resched pending on the CPU: the switch follows at once */
	evgen_init(&g);
	ev_switch(&g, 105, 0, 6000, "busyloop", 120, 0, 75, "tokio", 110, 0);
	ev_vector(&g, 300, 0, 75, "tokio", "local_timer", false);
	g.ev[g.n - 1].flags |= RTW_F_NEED_RESCHED;
	ev_marker(&g, 1200, 0, 5000, "cyclictest", "hit latency threshold (1100 > 1000)");
	CU_ASSERT_EQUAL_FATAL(repair_switches(g.ev, g.n, NULL, &out, &n), 1);
	CU_ASSERT_EQUAL(out[2].kind, RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(out[2].ts_ns, evgen_us(300));
	free(out);
}

/*
 * The thread read its clock (its wake time) before its marker: the switch into it was made by
 * then, not right before the marker (slack-untraced-switch: else the chain finds no switch-in
 * after its wakeup). A time before the CPU's previous event tells nothing: ignored.
 */
static void test_known_to_run(void)
{
	struct repair_ran ran = { .pid = 5000, .cpu = 0, .ts_ns = evgen_us(1190) };
	struct rtw_event *out;
	size_t n, i;

	evgen_init(&g);
	ev_switch(&g, 105, 0, 6000, "busyloop", 120, 0, 75, "tokio", 110, 0);
	ev_wake(&g, 900, 0, 75, "tokio", RTW_EV_WAKEUP, 5000, "rtwhy", 120, 0, RTW_F_HARDIRQ);
	ev_vector(&g, 1185, 1, 0, "<idle>", "local_timer", true);
	ev_vector(&g, 1195, 1, 0, "<idle>", "local_timer", false);
	ev_marker(&g, 1200, 0, 5000, "rtwhy", "FREEZE tid=5000");
	CU_ASSERT_EQUAL_FATAL(repair_switches(g.ev, g.n, &ran, &out, &n), 1);
	for (i = 0; i < n && !(out[i].u.sw.prev_state & RTW_STATE_INFERRED); i++)
		;
	CU_ASSERT_FATAL(i < n && out[i].kind == RTW_EV_SWITCH);
	CU_ASSERT_EQUAL(out[i].ts_ns, evgen_us(1190));
	CU_ASSERT_EQUAL(out[i].u.sw.prev_pid, 75);
	CU_ASSERT_EQUAL(out[i].u.sw.next_pid, 5000);
	CU_ASSERT_EQUAL(out[i - 1].ts_ns, evgen_us(1185)); /* between CPU 1's two events */
	for (i = 1; i < n; i++)
		CU_ASSERT_TRUE(out[i].ts_ns >= out[i - 1].ts_ns);
	free(out);

	ran.ts_ns = evgen_us(800); /* before tokio's wakeup event: not the gap */
	CU_ASSERT_EQUAL_FATAL(repair_switches(g.ev, g.n, &ran, &out, &n), 1);
	for (i = 0; i < n && !(out[i].u.sw.prev_state & RTW_STATE_INFERRED); i++)
		;
	CU_ASSERT_FATAL(i < n);
	CU_ASSERT_EQUAL(out[i].ts_ns, evgen_us(1200));
	free(out);
}

static void test_nothing_to_repair(void)
{
	struct rtw_event *out;
	size_t n;

	evgen_init(&g);
	ev_switch(&g, 0, 0, 1, "a", 120, 1, 2, "b", 120, 0);
	ev_wake(&g, 5, 0, 2, "b", RTW_EV_WAKING, 1, "a", 120, 0, 0);
	ev_lost(&g, 6, 0, 3);
	ev_wake(&g, 7, 0, 9, "c", RTW_EV_WAKING, 1, "a", 120, 0, 0); /* after a loss: no guess */
	CU_ASSERT_EQUAL(repair_switches(g.ev, g.n, NULL, &out, &n), 0);
	CU_ASSERT_EQUAL(n, g.n);
	CU_ASSERT_PTR_NULL(out); /* nothing missing: no copy */
}

static void test_explained_with_the_repair(void)
{
	struct blame_spike sp = { .thread = 0,
				  .tid = 5000,
				  .cpu = 1,
				  .deadline_ns = evgen_us(996),
				  .wake_ns = evgen_us(3230),
				  .slack_ns = 0,
				  .deadline_exact = true };
	struct blame_result r;

	build();
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, NULL, &r), 0);
	CU_ASSERT_EQUAL(r.inferred_switches, 1);
	CU_ASSERT_TRUE(r.complete);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_HIGHER_PRIORITY);
	CU_ASSERT_STRING_EQUAL(r.culprit[r.verdict_culprit].comm, "spinner");
}

static CU_TestInfo repair_tests[] = {
	{ "idle woken from another CPU: the switch after the wakeup", test_woken_from_afar },
	{ "a switch out of idle the kernel did not trace", test_inferred },
	{ "a busy task runs on, unseen, until the next one shows", test_busy_task_runs_on_unseen },
	{ "a switch into a thread known to run by its wake time", test_known_to_run },
	{ "nothing missing, or after a loss: no guess", test_nothing_to_repair },
	{ "the RT hog spike, explained with the repair", test_explained_with_the_repair },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("repair", NULL, NULL, repair_tests);
