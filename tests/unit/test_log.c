// SPDX-License-Identifier: GPL-2.0-only
/* log: the "rtwhy: " prefix on stderr and the return value of log_err(). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/log.h"
#include "unit.h"

static char *capture(void (*fn)(void))
{
	static char buf[512];
	int saved = dup(2), fds[2];
	ssize_t n;

	if (pipe(fds))
		return NULL;
	fflush(stderr);
	dup2(fds[1], 2);
	fn();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static void say_err(void)
{
	CU_ASSERT_EQUAL(log_err("cannot open %s: %s", "/x", "No such file"), -1);
}

static void say_warn(void)
{
	log_warn("events missing: %d", 2);
}

static void say_info_quiet(void)
{
	log_set_quiet(true);
	log_info("hidden");
	log_set_quiet(false);
	log_info("shown");
}

static void test_prefixes(void)
{
	CU_ASSERT_STRING_EQUAL(capture(say_err), "rtwhy: cannot open /x: No such file\n");
	CU_ASSERT_STRING_EQUAL(capture(say_warn), "rtwhy: warning: events missing: 2\n");
	CU_ASSERT_STRING_EQUAL(capture(say_info_quiet), "rtwhy: shown\n");
}

static CU_TestInfo log_tests[] = {
	{ "prefixes and quiet", test_prefixes },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("log", NULL, NULL, log_tests);
