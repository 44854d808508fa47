// SPDX-License-Identifier: GPL-2.0-only
/*
 * robust_blame: what fuzz_blame found in the blame engine, rebuilt by hand
 * (evgen.h) so each case says what it is about.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/blame.h"
#include "evgen.h"
#include "unit.h"

#define TID 5000

static struct evgen g;
static struct blame_result res;

static uint64_t culprit_sum(void)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < res.nr_culprits; i++)
		sum += res.culprit[i].ns;
	return sum;
}

/* The thread woken at @t while bash runs, then 40 hard IRQs of 25 us, each its own culprit. */
static void build_many_irqs(double t)
{
	int i;

	evgen_init(&g);
	ev_switch(&g, 100, 1, TID, "rtwhy", 49, 1, 2000, "bash", 120, 0);
	ev_timer_wakes(&g, t, 1, 2000, "bash", TID, 49, RTW_F_NEED_RESCHED);
	for (i = 0; i < 40; i++) {
		char name[16];

		snprintf(name, sizeof(name), "dev%d", i);
		ev_irq(&g, t + 10 + i * 50, 1, 2000, "bash", 100 + i, name, true);
		ev_irq(&g, t + 35 + i * 50, 1, 2000, "bash", 100 + i, NULL, false);
	}
}

/*
 * fuzz_blame, 300 s run: a spike with more distinct culprits than
 * BLAME_MAX_CULPRITS. The long tail is folded into the last slot as
 * "others"; the culprit that held that slot lost its time, and the
 * culprits no longer added up to the latency. Here 40 hard IRQs of 25 us,
 * each its own culprit, delay the thread, which a fair task woke late.
 */
static void test_more_culprits_than_slots(void)
{
	struct blame_spike sp = {
		.tid = TID, .cpu = 1, .slack_ns = 0, .deadline_exact = true, .source = "test"
	};
	double t = 10000;
	int i, others = -1;

	build_many_irqs(t);
	ev_switch(&g, t + 2100, 1, 2000, "bash", 120, 0, TID, "rtwhy", 49, 0);
	sp.deadline_ns = evgen_us(t);
	sp.wake_ns = evgen_us(t + 2110);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, NULL, &res), 0);
	CU_ASSERT_EQUAL(res.nr_culprits, BLAME_MAX_CULPRITS);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	for (i = 0; i < res.nr_culprits; i++)
		if (!strcmp(res.culprit[i].name, "others"))
			others = i;
	CU_ASSERT_TRUE_FATAL(others >= 0);
	CU_ASSERT_EQUAL(res.culprit[others].kind, BLAME_UNACCOUNTED);
	/* the IRQs that did not fit: at least 40 + bash + rtwhy - 31 of 25 us each */
	CU_ASSERT_TRUE(res.culprit[others].ns >= 10 * 25 * NSEC_PER_USEC);
}

/*
 * Seen live (a machine busy with short processes on the CPU): 40 small
 * culprits first, the one that held the CPU for most of the spike last. It
 * must stay a culprit of its own, not vanish into "others".
 */
static void test_large_culprit_found_late(void)
{
	struct blame_spike sp = {
		.tid = TID, .cpu = 1, .slack_ns = 0, .deadline_exact = true, .source = "test"
	};
	double t = 10000;

	build_many_irqs(t);
	ev_switch(&g, t + 2010, 1, 2000, "bash", 120, 0, 3000, "hog", 120, 0);
	ev_switch(&g, t + 12000, 1, 3000, "hog", 120, 0, TID, "rtwhy", 49, 0);
	sp.deadline_ns = evgen_us(t);
	sp.wake_ns = evgen_us(t + 12010);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, NULL, &res), 0);
	CU_ASSERT_EQUAL(culprit_sum(), res.latency_ns);
	CU_ASSERT_EQUAL(res.culprit[0].pid, 3000);
	CU_ASSERT_STRING_EQUAL(res.culprit[0].comm, "hog");
	CU_ASSERT_EQUAL(res.verdict_culprit, 0);
}

static CU_TestInfo robust_blame_tests[] = {
	{ "more culprits than slots still add up", test_more_culprits_than_slots },
	{ "a large culprit found late is kept", test_large_culprit_found_late },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("robust_blame", NULL, NULL, robust_blame_tests);
