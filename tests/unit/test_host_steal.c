// SPDX-License-Identifier: GPL-2.0-only
/* host/steal: /proc/stat's steal per CPU and for all; the samples of a run. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/host/steal.h"
#include "unit.h"

static void test_read(void)
{
	struct host_steal_stat s;
	char root[512];

	snprintf(root, sizeof(root), "%s/sysroot-unthreaded", unit_fixtures());
	CU_ASSERT_EQUAL_FATAL(host_steal_read(root, -1, &s), 0);
	CU_ASSERT_EQUAL(s.steal_ticks, 36);
	CU_ASSERT_EQUAL(s.total_ticks, 2319 + 1679 + 190006 + 947 + 25 + 36);
	CU_ASSERT_EQUAL_FATAL(host_steal_read(root, 1, &s), 0);
	CU_ASSERT_EQUAL(s.steal_ticks, 22);
	CU_ASSERT_EQUAL(host_steal_read(root, 2, &s), -ENOENT);
	snprintf(root, sizeof(root), "%s/sysroot-missing", unit_fixtures());
	CU_ASSERT_EQUAL(host_steal_read(root, -1, &s), -ENOENT);
}

static void test_since(void)
{
	struct host_steal st;

	memset(&st, 0, sizeof(st));
	CU_ASSERT_EQUAL(host_steal_since(&st, 1000, 2000), -1); /* no sample */
	host_steal_sample(&st, 500);
	CU_ASSERT_EQUAL(st.next, 1);
	CU_ASSERT_EQUAL(st.last_ns, 500);
	CU_ASSERT_EQUAL(host_steal_since(&st, 400, 2000), -1); /* none old enough */
	CU_ASSERT_TRUE(host_steal_since(&st, 1000, 2000) >= 0);
	CU_ASSERT_EQUAL(st.next, 2); /* it samples now */
}

static CU_TestInfo host_steal_tests[] = {
	{ "read /proc/stat", test_read },
	{ "steal since a sample", test_since },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_steal", NULL, NULL, host_steal_tests);
