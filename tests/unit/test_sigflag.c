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

/* The run's: USR1 and USR2 are requests taken once each; a stop signal ends it. */
static void test_run(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2 };
	struct sigaction old[7];
	sigset_t blocked;
	size_t i;

	for (i = 0; i < 7; i++)
		sigaction(sigs[i], NULL, &old[i]);
	sigflag_install_run(&blocked);
	for (i = 0; i < 7; i++)
		CU_ASSERT_TRUE(sigismember(&blocked, sigs[i]));
	CU_ASSERT_FALSE(sigismember(&blocked, SIGALRM));
	CU_ASSERT_FALSE(sigflag_take(SIGUSR1));
	raise(SIGUSR1);
	CU_ASSERT_EQUAL(sigflag_caught(), 0); /* a request, not the end */
	CU_ASSERT_FALSE(sigflag_take(SIGUSR2));
	CU_ASSERT_TRUE(sigflag_take(SIGUSR1));
	CU_ASSERT_FALSE(sigflag_take(SIGUSR1)); /* taken once */
	raise(SIGUSR2);
	CU_ASSERT_TRUE(sigflag_take(SIGUSR2));
	raise(SIGPIPE);
	CU_ASSERT_EQUAL(sigflag_caught(), SIGPIPE);
	for (i = 0; i < 7; i++)
		sigaction(sigs[i], &old[i], NULL);
}

static CU_TestInfo sigflag_tests[] = {
	{ "flag_and_sleep", test_flag_and_sleep },
	{ "run", test_run },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("sigflag", NULL, NULL, sigflag_tests);
