// SPDX-License-Identifier: GPL-2.0-only
/* config: per-thread values derived from the options. */
#include <string.h>

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

static void test_warnings(void)
{
	struct rtw_config cfg;
	int i;

	config_init(&cfg);
	CU_ASSERT_EQUAL(cfg.nr_warnings, 0);
	CU_ASSERT_EQUAL(cfg.output.oscope, 1);
	config_warn(&cfg, "WARN: -t ignored due to smp mode");
	CU_ASSERT_EQUAL(cfg.nr_warnings, 1);
	CU_ASSERT_STRING_EQUAL(cfg.warnings[0], "WARN: -t ignored due to smp mode");
	for (i = 0; i < 20; i++) /* bounded, never past the array */
		config_warn(&cfg, "a rather long warning line that is cut at the line length, "
				  "whatever it says after that point, and it goes on and on");
	CU_ASSERT_EQUAL(cfg.nr_warnings, CONFIG_MAX_WARNINGS);
	CU_ASSERT_EQUAL(strlen(cfg.warnings[1]), CONFIG_WARNING_LEN - 1);
}

static CU_TestInfo config_tests[] = {
	{ "derived per-thread values", test_derived },
	{ "warnings kept for the run", test_warnings },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("config", NULL, NULL, config_tests);
