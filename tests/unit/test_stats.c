// SPDX-License-Identifier: GPL-2.0-only
/* stats: cyclictest's min init, truncating average, histogram and overflows. */
#include "rtwhy/stats.h"
#include "analysis/util.h"
#include "unit.h"

static void test_empty(void)
{
	struct stats_thread st;
	struct stats_snapshot s;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 0, NSEC_PER_USEC, false), 0);
	stats_read(&st, &s);
	CU_ASSERT_EQUAL(s.cycles, 0);
	CU_ASSERT_EQUAL(s.min_ns, 0);
	CU_ASSERT_EQUAL(s.max_ns, 0);
	CU_ASSERT_EQUAL(stats_avg_units(&s), 0);
	CU_ASSERT_EQUAL(stats_percentile_units(&st, 50), -1);
	stats_free(&st);
	stats_free(&st); /* twice is fine */
}

static void test_min_act_avg_max(void)
{
	struct stats_thread st;
	struct stats_snapshot s;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 0, NSEC_PER_USEC, false), 0);
	stats_add(&st, 10999); /* 10 us truncated, like cyclictest's calcdiff */
	stats_add(&st, 3000);
	stats_add(&st, 4003999);
	stats_add(&st, 20000);
	stats_read(&st, &s);
	CU_ASSERT_EQUAL(s.cycles, 4);
	CU_ASSERT_EQUAL(s.min_ns, 3000);
	CU_ASSERT_EQUAL(s.max_ns, 4003999);
	CU_ASSERT_EQUAL(s.act_ns, 20000);
	CU_ASSERT_EQUAL(s.sum_units, 10 + 3 + 4003 + 20);
	CU_ASSERT_EQUAL(stats_avg_units(&s), (10 + 3 + 4003 + 20) / 4);
	stats_free(&st);
}

static void test_negative_samples(void)
{
	struct stats_thread st;
	struct stats_snapshot s;

	/* a clock stepped back (CLOCK_REALTIME), or a wakeup before its deadline */
	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 100, NSEC_PER_USEC, false), 0);
	stats_add(&st, -985000);
	stats_add(&st, 15000);
	stats_add(&st, -20000);
	stats_read(&st, &s);
	CU_ASSERT_EQUAL(s.min_ns, -985000);
	CU_ASSERT_EQUAL(s.sum_units, -985 + 15 - 20);
	CU_ASSERT_EQUAL(stats_avg_units(&s), (-985 + 15 - 20) / 3);
	CU_ASSERT_EQUAL(st.hist_overflow, 2); /* below bucket 0, like cyclictest's */
	stats_free(&st);
}

static void test_histogram(void)
{
	struct stats_thread st;
	int i;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 10, NSEC_PER_USEC, false), 0);
	for (i = 0; i < 100; i++)
		stats_add(&st, (i % 10) * 1000 + 500);
	stats_add(&st, 10000); /* bucket 10 does not exist: overflow */
	stats_add(&st, 99000);
	stats_add(&st, -5000); /* cyclictest's unsigned diff overflows too */
	CU_ASSERT_EQUAL(st.hist[0], 10);
	CU_ASSERT_EQUAL(st.hist[9], 10);
	CU_ASSERT_EQUAL(stats_hist_total(&st), 100);
	CU_ASSERT_EQUAL(st.hist_overflow, 3);
	CU_ASSERT_EQUAL(st.nr_outliers, 3);
	CU_ASSERT_EQUAL(st.outliers[0], 100); /* cycle numbers */
	CU_ASSERT_EQUAL(st.outliers[2], 102);
	CU_ASSERT_EQUAL(stats_hist_total(&st) + st.hist_overflow, st.cycles);
	CU_ASSERT_EQUAL(stats_percentile_units(&st, 50), 5); /* 52nd of 103 samples */
	CU_ASSERT_EQUAL(stats_percentile_units(&st, 0), 0);
	CU_ASSERT_EQUAL(stats_percentile_units(&st, 99.9), -1); /* in the overflow */
	stats_free(&st);
}

static void test_outlier_list_is_bounded(void)
{
	struct stats_thread st;
	int i;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 2, NSEC_PER_USEC, false), 0);
	for (i = 0; i < 50; i++)
		stats_add(&st, 5000);
	CU_ASSERT_EQUAL(st.hist_overflow, 50);
	CU_ASSERT_EQUAL(st.nr_outliers, 2);
	stats_free(&st);
}

static void test_nsecs_and_ring(void)
{
	struct stats_thread st;
	uint64_t i;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 100, 1, true), 0);
	stats_add(&st, 42);
	CU_ASSERT_EQUAL(st.hist[42], 1);
	CU_ASSERT_EQUAL(st.values[0], 42);
	for (i = 0; i < STATS_VALUES_RING + 5; i++)
		stats_add(&st, (int64_t)i);
	/* the ring keeps the newest */
	CU_ASSERT_EQUAL(st.values[(STATS_VALUES_RING + 5) & st.values_mask],
			(int64_t)STATS_VALUES_RING + 4);
	stats_free(&st);
}

static CU_TestInfo stats_tests[] = {
	{ "no samples", test_empty },
	{ "min/act/avg/max", test_min_act_avg_max },
	{ "negative samples: a signed average", test_negative_samples },
	{ "histogram, overflows, percentiles", test_histogram },
	{ "outlier list bounded by the bucket count", test_outlier_list_is_bounded },
	{ "ns units and the -v ring", test_nsecs_and_ring },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("stats", NULL, NULL, stats_tests);
