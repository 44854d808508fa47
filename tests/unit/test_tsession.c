// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsession without root: what must hold anywhere (the live instance is
 * tested in tests/integration/, as root).
 */
#include <errno.h>
#include <unistd.h>

#include "rtwhy/tsession.h"
#include "unit.h"

static void test_destroy_null(void)
{
	tsess_destroy(NULL); /* every unwind path may call it */
	CU_PASS("no crash");
}

static void test_non_root_is_refused_cleanly(void)
{
	struct tsess_opts opts = { .buffer_kb = 64 };
	struct tsess *s = (struct tsess *)&opts;

	if (geteuid() == 0) {
		CU_PASS("root: covered by the integration tests");
		return;
	}
	CU_ASSERT_EQUAL(tsess_create(&s, &opts), -EACCES);
	CU_ASSERT_PTR_NULL(s);
}

static CU_TestInfo tsession_tests[] = {
	{ "tsess_destroy(NULL)", test_destroy_null },
	{ "not root: -EACCES, nothing left", test_non_root_is_refused_cleanly },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("tsession", NULL, NULL, tsession_tests);
