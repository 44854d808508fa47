// SPDX-License-Identifier: GPL-2.0-only
/*
 * timerlat: the sample rtla stopped on is the first with its stack dumped and no later sample
 * of its CPU (another CPU's may follow before the trace stops); none within the race: NULL;
 * a CPU's timerlat thread.
 */
#include "analysis/timerlat.h"
#include "evgen.h"
#include "unit.h"

static const char *const frames[] = { "timerlat_irq", "__hrtimer_run_queues" };

/* thread sample of @cpu by @pid at @us, its stack after it when @stack */
static void sample(struct evgen *g, double us, int cpu, int pid, const char *what, bool stack)
{
	ev_marker(g, us, cpu, pid, "timerlatu", what);
	if (stack)
		ev_stack(g, us + 8, cpu, pid, "timerlatu", frames, 2);
}

static void test_stop(void)
{
	struct evgen g;
	const struct rtw_event *s;

	/* the lab's race: CPU 1 stops at 4434 us, CPU 0's 9236 us sample 4 ms later */
	evgen_init(&g);
	sample(&g, 100, 0, 2025, "#454   context thread timer_latency    708888 ns", false);
	sample(&g, 200, 1, 2026, "#509   context thread timer_latency    161245 ns", false);
	ev_switch(&g, 300, 1, 2026, "timerlatu", 120, 1, 1952, "busyloop", 120, 0);
	sample(&g, 5000, 1, 2026, "#510   context thread timer_latency   4433906 ns", true);
	sample(&g, 9000, 0, 2025, "#455   context thread timer_latency   9235545 ns", true);
	s = timerlat_stop(g.ev, g.n, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->cpu, 1);
	CU_ASSERT_EQUAL(s->pid, 2026);

	/* CPU 1's stacked sample followed by another of CPU 1 (a --stack below the stop): not
	 * a stop; CPU 0's is */
	evgen_init(&g);
	sample(&g, 100, 1, 2026, "#9   context thread timer_latency    90000 ns", true);
	sample(&g, 1100, 1, 2026, "#10  context thread timer_latency    20000 ns", false);
	sample(&g, 2000, 0, 2025, "#7   context thread timer_latency   300000 ns", true);
	s = timerlat_stop(g.ev, g.n, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->cpu, 0);

	/* no stack at all; a stack 2 s before the last sample (a killed run's): none */
	evgen_init(&g);
	sample(&g, 100, 0, 2025, "#1   context thread timer_latency    70000 ns", false);
	sample(&g, 200, 1, 2026, "#1   context thread timer_latency    80000 ns", false);
	CU_ASSERT_PTR_NULL(timerlat_stop(g.ev, g.n, 1));
	evgen_init(&g);
	sample(&g, 100, 0, 218, "#4   context thread timer_latency  2704684 ns", true);
	sample(&g, 2000100, 1, 231, "#2   context thread timer_latency  2643604 ns", false);
	CU_ASSERT_PTR_NULL(timerlat_stop(g.ev, g.n, 1));
	CU_ASSERT_PTR_NULL(timerlat_stop(g.ev, 0, -1));
}

static void test_thread(void)
{
	struct evgen g;

	evgen_init(&g);
	sample(&g, 100, 0, 2025, "#454   context thread timer_latency    708888 ns", false);
	ev_marker(&g, 150, 1, 1952, "busyloop", "#510   context    irq timer_latency    145580 ns");
	CU_ASSERT_EQUAL(timerlat_thread(g.ev, g.n, 0), 2025);
	CU_ASSERT_EQUAL(timerlat_thread(g.ev, g.n, 1), -1);
}

static CU_TestInfo timerlat_tests[] = {
	{ "the sample rtla stopped on, another CPU's after it", test_stop },
	{ "a CPU's timerlat thread", test_thread },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("timerlat", NULL, NULL, timerlat_tests);
