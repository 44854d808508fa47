// SPDX-License-Identifier: GPL-2.0-only
/* timenow: the clocks as nanoseconds. */
#include "rtwhy/timenow.h"
#include "analysis/util.h"
#include "unit.h"

static void test_clocks(void)
{
	struct timespec ts;
	uint64_t a, b, rt;

	a = timenow_mono_ns();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	b = timenow_ns(CLOCK_MONOTONIC);
	CU_ASSERT_TRUE(a <= util_ts_to_ns(&ts));
	CU_ASSERT_TRUE(util_ts_to_ns(&ts) <= b);
	CU_ASSERT_TRUE(b - a < NSEC_PER_SEC);
	rt = timenow_ns(CLOCK_REALTIME);
	CU_ASSERT_TRUE(rt > 1600000000ULL * NSEC_PER_SEC); /* after 2020 */
}

static CU_TestInfo timenow_tests[] = {
	{ "clocks", test_clocks },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("timenow", NULL, NULL, timenow_tests);
