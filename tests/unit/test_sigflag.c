// SPDX-License-Identifier: GPL-2.0-only
/* sigflag: a caught signal is a flag and cuts the sleep short. */
#include <CUnit/CUnit.h>
#include <signal.h>
#include <time.h>

#include "rtwhy/sigflag.h"
#include "analysis/util.h"
#include "unit.h"

static uint64_t sigflag_test_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return util_ts_to_ns(&ts);
}

static void test_flag_and_sleep(void)
{
	uint64_t t0;

	sigflag_install();
	CU_ASSERT_EQUAL(sigflag_caught(), 0);
	t0 = sigflag_test_now_ns();
	CU_ASSERT_TRUE(sigflag_sleep_ns(20 * NSEC_PER_MSEC));
	CU_ASSERT_TRUE(sigflag_test_now_ns() - t0 >= 20 * NSEC_PER_MSEC);
	raise(SIGHUP); /* would end the test run without the handler */
	CU_ASSERT_EQUAL(sigflag_caught(), SIGHUP);
	t0 = sigflag_test_now_ns();
	CU_ASSERT_FALSE(sigflag_sleep_ns(10 * NSEC_PER_SEC));
	CU_ASSERT_TRUE(sigflag_test_now_ns() - t0 < 100 * NSEC_PER_MSEC);
	sigflag_restore();
	sigflag_install(); /* a new window starts clean */
	CU_ASSERT_EQUAL(sigflag_caught(), 0);
	raise(SIGTERM);
	CU_ASSERT_EQUAL(sigflag_caught(), SIGTERM);
	sigflag_restore();
}

static CU_TestInfo sigflag_tests[] = {
	{ "flag_and_sleep", test_flag_and_sleep },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("sigflag", NULL, NULL, sigflag_tests);
