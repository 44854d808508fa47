// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict: every verdict has its entry in the table (a name, a rule, a
 * wording); the rules themselves are tried on real spikes in test_blame.c.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/verdict.h"
#include "unit.h"

static void test_names(void)
{
	static const char *const want[BLAME_NR_VERDICTS] = {
		[BLAME_V_TICK_WAIT] = "tick_wait",
		[BLAME_V_HIGHER_PRIORITY] = "higher_priority",
		[BLAME_V_NON_PREEMPTIBLE] = "non_preemptible",
		[BLAME_V_IRQ] = "irq",
		[BLAME_V_SOFTIRQ] = "softirq",
		[BLAME_V_IRQ_THREAD] = "irq_thread",
		[BLAME_V_IDLE_EXIT] = "idle_exit",
		[BLAME_V_TIMER_SLACK] = "timer_slack",
		[BLAME_V_MIGRATION] = "migration",
		[BLAME_V_INVISIBLE] = "invisible",
		[BLAME_V_INCOMPLETE] = "incomplete",
	};
	int v, k;

	for (v = 0; v < BLAME_NR_VERDICTS; v++) {
		/* a verdict added to the enum without its table entry is "?" */
		CU_ASSERT_STRING_NOT_EQUAL(verdict_name((enum blame_verdict)v), "?");
		if (want[v])
			CU_ASSERT_STRING_EQUAL(verdict_name((enum blame_verdict)v), want[v]);
		CU_ASSERT_PTR_EQUAL(blame_verdict_name((enum blame_verdict)v),
				    verdict_name((enum blame_verdict)v));
		for (k = 0; k < v; k++)
			CU_ASSERT_STRING_NOT_EQUAL(verdict_name((enum blame_verdict)k),
						   verdict_name((enum blame_verdict)v));
	}
	CU_ASSERT_STRING_EQUAL(verdict_name(BLAME_NR_VERDICTS), "?");
	CU_ASSERT_STRING_EQUAL(verdict_name((enum blame_verdict) - 1), "?");
}

/* An explanation with nothing in it: invisible, no culprit named, words still written. */
static void test_no_culprit(void)
{
	struct blame_result r;

	memset(&r, 0, sizeof(r));
	r.complete = true;
	r.latency_ns = 1000;
	r.run_cpu = 1;
	r.victim_prio = -1000;
	verdict_decide(&r, 3000);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INVISIBLE);
	CU_ASSERT_EQUAL(r.verdict_culprit, -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "CPU 1 showed no event"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "The host stole 3 us"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.hint, "dedicated host CPUs"));
	r.complete = false;
	snprintf(r.incomplete_why, sizeof(r.incomplete_why), "no wakeup");
	verdict_decide(&r, -1);
	CU_ASSERT_EQUAL(r.verdict, BLAME_V_INCOMPLETE);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.text, "no wakeup. The culprits shown"));
}

static CU_TestInfo verdict_tests[] = {
	{ "one table entry per verdict", test_names },
	{ "no culprit at all", test_no_culprit },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("verdict", NULL, NULL, verdict_tests);
