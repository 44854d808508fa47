// SPDX-License-Identifier: GPL-2.0-only
/* config: per-thread values derived from the options. */
#include "rtwhy/config.h"
#include "analysis/util.h"
#include "unit.h"

static void test_derived(void)
{
	struct rtw_config cfg;

	config_init(&cfg);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 0), 1000 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 2), 2000 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 0), 0); /* SCHED_OTHER */
	cfg.measure.policy = SCHED_FIFO;
	cfg.measure.priority = 2;
	cfg.measure.priospread = true;
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 1), 1);
	CU_ASSERT_EQUAL(config_thread_priority(&cfg, 5), 1); /* never below 1 */
	cfg.output.histogram = 10;
	CU_ASSERT_EQUAL(config_thread_interval_ns(&cfg, 3), 1000 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(config_unit_ns(&cfg), 1000);
	cfg.output.nsecs = true;
	CU_ASSERT_EQUAL(config_unit_ns(&cfg), 1);
	cfg.trace.explain_ns = 5;
	CU_ASSERT_EQUAL(config_trace_threshold_ns(&cfg), 5);
	CU_ASSERT_STRING_EQUAL(config_policy_name(SCHED_OTHER), "other");
	CU_ASSERT_STRING_EQUAL(config_policy_name(SCHED_RR), "rr");
	CU_ASSERT_STRING_EQUAL(config_policy_name(SCHED_IDLE), "idle");
}

static CU_TestInfo config_tests[] = {
	{ "derived per-thread values", test_derived },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("config", NULL, NULL, config_tests);
