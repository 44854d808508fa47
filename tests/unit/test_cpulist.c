// SPDX-License-Identifier: GPL-2.0-only
/* cpulist: libnuma's syntax, its complaints kept (not printed), '!' and '+' narrowed. */
#include <errno.h>
#include <string.h>

#include "rtwhy/host/machine.h"
#include "rtwhy/cpulist.h"
#include "analysis/util.h"
#include "unit.h"

static void test_lists(void)
{
	cpu_set_t set, online;
	char why[160], list[300];
	int n = host_machine_cpus(&online);

	CU_ASSERT_EQUAL(cpulist_parse("0", &set, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(CPU_COUNT(&set), 1);
	CU_ASSERT_TRUE(CPU_ISSET(0, &set));
	CU_ASSERT_EQUAL(cpulist_parse("all", &set, why, sizeof(why)), 0);
	CU_ASSERT_TRUE(CPU_EQUAL(&set, &online));
	CU_ASSERT_EQUAL(cpulist_parse("+0", &set, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(CPU_COUNT(&set), 1);
	util_format_cpulist(&online, list, sizeof(list));
	CU_ASSERT_EQUAL(cpulist_parse(list, &set, why, sizeof(why)), 0);
	CU_ASSERT_TRUE(CPU_EQUAL(&set, &online));
	if (n > 1) {
		CU_ASSERT_EQUAL(cpulist_parse("!0", &set, why, sizeof(why)), 0);
		CU_ASSERT_EQUAL(CPU_COUNT(&set), n - 1);
		CU_ASSERT_FALSE(CPU_ISSET(0, &set));
	}
}

static void test_complaints(void)
{
	cpu_set_t set;
	char why[160];

	CU_ASSERT_EQUAL(cpulist_parse("100000", &set, why, sizeof(why)), -EINVAL);
	CU_ASSERT_STRING_EQUAL(why, "cpu argument 100000 is out of range");
	CU_ASSERT_EQUAL(cpulist_parse("x", &set, why, sizeof(why)), -EINVAL);
	CU_ASSERT_STRING_EQUAL(why, "unparseable cpu description `x'");
	CU_ASSERT_EQUAL(cpulist_parse("0-1:2", &set, why, sizeof(why)), -EINVAL);
	CU_ASSERT_TRUE(why[0] != '\0');
	CU_ASSERT_EQUAL(cpulist_parse("", &set, why, sizeof(why)), -EINVAL);
	CU_ASSERT_STRING_EQUAL(why, "no CPU left in the set");
}

static CU_TestInfo cpulist_tests[] = {
	{ "0, all, +0, !0, the online list", test_lists },
	{ "libnuma's reasons", test_complaints },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("cpulist", NULL, NULL, cpulist_tests);
