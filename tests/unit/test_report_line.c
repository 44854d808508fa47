// SPDX-License-Identifier: GPL-2.0-only
/* report/line: one explained spike as one journal line (--log-spikes). */
#include <CUnit/CUnit.h>
#include <string.h>

#include "rtwhy/report/line.h"
#include "analysis/timeline.h"
#include "unit.h"

static void test_line(void)
{
	static struct blame_result r;
	char buf[512], small[40];

	memset(&r, 0, sizeof(r));
	r.spike.thread = 0;
	r.spike.tid = 4242;
	r.spike.cpu = 1;
	r.run_cpu = 1;
	r.latency_ns = 152300;
	r.verdict = BLAME_V_HIGHER_PRIORITY;
	r.nr_culprits = 2;
	r.verdict_culprit = 1;
	r.culprit[0].kind = BLAME_HARDIRQ;
	r.culprit[1].kind = BLAME_TASK;
	r.culprit[1].ns = 148000;
	r.culprit[1].pid = 4300;
	r.culprit[1].prio = TL_PRIO_UNKNOWN;
	strcpy(r.culprit[1].comm, "spinner");
	report_line_spike(&r, 12, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "spike 12: thread 0 (tid 4242) on CPU 1 woke 152.3 us late: "
				    "higher_priority: task spinner (pid 4300) 148.0 us (97%)");
	CU_ASSERT_PTR_NULL(strchr(buf, '\n'));
	/* no verdict culprit: the verdict only; a tid not of a measuring thread */
	r.verdict_culprit = -1;
	r.spike.thread = -1;
	r.verdict = BLAME_V_INVISIBLE;
	report_line_spike(&r, 3, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "spike 3: tid 4242 on CPU 1 woke 152.3 us late: invisible");
	/* cut to fit */
	report_line_spike(&r, 3, small, sizeof(small));
	CU_ASSERT_EQUAL(strlen(small), sizeof(small) - 1);
}

static CU_TestInfo report_line_tests[] = {
	{ "one line per spike", test_line },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("report_line", NULL, NULL, report_line_tests);
