// SPDX-License-Identifier: GPL-2.0-only
/* util: strict number, duration and CPU list parsing; hot-path formatting. */
#include <errno.h>
#include <string.h>

#include "analysis/util.h"
#include "unit.h"

static void test_parse_u64(void)
{
	uint64_t v;

	CU_ASSERT_EQUAL(util_parse_u64("0", 10, &v), 0);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(util_parse_u64("18446744073709551615", UINT64_MAX, &v), 0);
	CU_ASSERT_EQUAL(v, UINT64_MAX);
	CU_ASSERT_EQUAL(util_parse_u64("18446744073709551616", UINT64_MAX, &v), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_u64("11", 10, &v), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_u64("", 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_u64(NULL, 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_u64("-1", 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_u64("+1", 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_u64(" 1", 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_u64("1 ", 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_u64("0x10", 100, &v), -EINVAL);
}

static void test_parse_int(void)
{
	int v;

	CU_ASSERT_EQUAL(util_parse_int("-5", -10, 10, &v), 0);
	CU_ASSERT_EQUAL(v, -5);
	CU_ASSERT_EQUAL(util_parse_int("-11", -10, 10, &v), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_int("11", -10, 10, &v), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_int("0", 1, 10, &v), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_int("-", -10, 10, &v), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_int("2147483647", 0, 2147483647, &v), 0);
	CU_ASSERT_EQUAL(util_parse_int("2147483648", 0, 2147483647, &v), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_int("-2147483648", -2147483647 - 1, 0, &v), 0);
	CU_ASSERT_EQUAL(v, -2147483647 - 1);
}

static void test_duration(void)
{
	uint64_t ns;

	CU_ASSERT_EQUAL(util_parse_duration_ns("15", &ns), 0);
	CU_ASSERT_EQUAL(ns, 15 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(util_parse_duration_ns("15s", &ns), 0);
	CU_ASSERT_EQUAL(ns, 15 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(util_parse_duration_ns("1m", &ns), 0);
	CU_ASSERT_EQUAL(ns, 60 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(util_parse_duration_ns("1M", &ns), 0); /* cyclictest is case blind */
	CU_ASSERT_EQUAL(util_parse_duration_ns("2h", &ns), 0);
	CU_ASSERT_EQUAL(ns, 7200 * NSEC_PER_SEC);
	CU_ASSERT_EQUAL(util_parse_duration_ns("1d", &ns), 0);
	CU_ASSERT_EQUAL(util_parse_duration_ns("250ms", &ns), 0);
	CU_ASSERT_EQUAL(ns, 250 * NSEC_PER_MSEC);
	CU_ASSERT_EQUAL(util_parse_duration_ns("", &ns), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_duration_ns("s", &ns), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_duration_ns("5w", &ns), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_duration_ns("5ss", &ns), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_duration_ns("-5", &ns), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_duration_ns("999999999999999999d", &ns), -ERANGE);
}

static void test_cpulist(void)
{
	char buf[64];
	cpu_set_t set;

	CU_ASSERT_EQUAL(util_parse_cpulist("0-3,5,7-8", &set), 0);
	CU_ASSERT_EQUAL(CPU_COUNT(&set), 7);
	CU_ASSERT_TRUE(CPU_ISSET(5, &set) && !CPU_ISSET(4, &set) && CPU_ISSET(8, &set));
	util_format_cpulist(&set, buf, sizeof(buf));
	CU_ASSERT_STRING_EQUAL(buf, "0-3,5,7-8");
	CU_ASSERT_EQUAL(util_parse_cpulist("3-1", &set), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_cpulist("1,", &set), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_cpulist(",1", &set), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_cpulist("a", &set), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_cpulist("", &set), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_cpulist("1-2-3", &set), -EINVAL);
	CU_ASSERT_EQUAL(util_parse_cpulist("5000", &set), -ERANGE);
	CU_ASSERT_EQUAL(util_parse_cpulist("1", &set), 0);
	CU_ASSERT_EQUAL(util_nth_cpu(&set, 0), 1);
	CU_ASSERT_EQUAL(util_nth_cpu(&set, 7), 1);
	CU_ASSERT_EQUAL(util_parse_cpulist("2,4", &set), 0);
	CU_ASSERT_EQUAL(util_nth_cpu(&set, 1), 4);
	CU_ASSERT_EQUAL(util_nth_cpu(&set, 2), 2);
	CPU_ZERO(&set);
	CU_ASSERT_EQUAL(util_nth_cpu(&set, 0), -1);
}

static void test_formatting(void)
{
	char buf[64], *p;

	p = util_fmt_str(buf, "lat=");
	p = util_fmt_u64(p, 0);
	p = util_fmt_str(p, ",");
	p = util_fmt_u64(p, UINT64_MAX);
	*p = '\0';
	CU_ASSERT_STRING_EQUAL(buf, "lat=0,18446744073709551615");
	CU_ASSERT_EQUAL(util_strlcpy(buf, "abcdef", 4), 6);
	CU_ASSERT_STRING_EQUAL(buf, "abc");
}

static void test_timespec_and_version(void)
{
	struct timespec ts = util_ns_to_ts(1500000001ULL);
	int major, minor;

	CU_ASSERT_EQUAL(ts.tv_sec, 1);
	CU_ASSERT_EQUAL(ts.tv_nsec, 500000001);
	CU_ASSERT_EQUAL(util_ts_to_ns(&ts), 1500000001ULL);
	CU_ASSERT_EQUAL(util_kernel_version("6.18.44-fc-v669", &major, &minor), 0);
	CU_ASSERT_TRUE(major == 6 && minor == 18);
	CU_ASSERT_EQUAL(util_kernel_version("4.4.0-77-lowlatency", &major, &minor), 0);
	CU_ASSERT_TRUE(major == 4 && minor == 4);
	CU_ASSERT_EQUAL(util_kernel_version("garbage", &major, &minor), -EINVAL);
	CU_ASSERT_EQUAL(util_kernel_version(NULL, &major, &minor), -EINVAL); /* no machine read */
}

static CU_TestInfo util_tests[] = {
	{ "util_parse_u64", test_parse_u64 },
	{ "util_parse_int", test_parse_int },
	{ "durations (-D)", test_duration },
	{ "CPU lists", test_cpulist },
	{ "allocation-free formatting", test_formatting },
	{ "timespec, kernel version", test_timespec_and_version },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("util", NULL, NULL, util_tests);
