// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats: cyclictest's min init, truncating average, histogram and overflows;
 * percentiles, exact and estimated (against a sort of the same samples); the
 * lock-free snapshot of a thread being written.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

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
	{
		struct stats_percentile p;

		CU_ASSERT_EQUAL(stats_percentile(&st, 500000, &p), -ENODATA);
	}
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
	{
		struct stats_percentile p;

		/* 52nd of 103 samples; -5 us ranks first */
		CU_ASSERT_EQUAL(stats_percentile(&st, 500000, &p), 0);
		CU_ASSERT_EQUAL(p.units, 5);
		CU_ASSERT_TRUE(p.exact);
		CU_ASSERT_EQUAL(stats_percentile(&st, 10000, &p), 0); /* rank 2 */
		CU_ASSERT_EQUAL(p.units, 0);
		CU_ASSERT_TRUE(p.exact);
		/* in the overflow above: estimated, 99 us, never shown inside the range */
		CU_ASSERT_EQUAL(stats_percentile(&st, 999000, &p), 0);
		CU_ASSERT_FALSE(p.exact);
		CU_ASSERT_EQUAL(p.units, 99);
		CU_ASSERT_EQUAL(stats_percentile(&st, 990000, &p), 0); /* rank 102: 10 us */
		CU_ASSERT_FALSE(p.exact);
		CU_ASSERT_EQUAL(p.units, 10);
		CU_ASSERT_EQUAL(stats_percentile(&st, 0, &p), -ENODATA);
	}
	CU_ASSERT_EQUAL(st.hist_below, 1);
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

static void test_estimator_buckets(void)
{
	unsigned int b, prev = 0;
	uint64_t v;

	/* exact below 128 ns */
	for (v = 0; v < STATS_EST_SUB; v++) {
		CU_ASSERT_EQUAL(stats_est_bucket(v), v);
		CU_ASSERT_EQUAL(stats_est_value_ns((unsigned int)v), v);
	}
	/* monotonic, every bucket's value inside it, within 1/256 of every member */
	for (v = STATS_EST_SUB; v < (1ULL << 24); v += 1 + v / 1000) {
		b = stats_est_bucket(v);
		CU_ASSERT_TRUE(b >= prev);
		prev = b;
		CU_ASSERT_EQUAL(stats_est_bucket(stats_est_value_ns(b)), b);
		CU_ASSERT_TRUE(llabs((long long)stats_est_value_ns(b) - (long long)v) * 256 <=
			       (long long)v);
	}
	CU_ASSERT_EQUAL(stats_est_bucket(STATS_EST_MAX_NS), STATS_EST_BUCKETS - 1);
	CU_ASSERT_EQUAL(stats_est_bucket(UINT64_MAX), STATS_EST_BUCKETS - 1);
	CU_ASSERT_EQUAL(stats_est_bucket(STATS_EST_MAX_NS / 2 + 1),
			STATS_EST_BUCKETS - STATS_EST_SUB);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* xorshift: the same samples every run */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Without -h, every percentile within the stated bound of the sorted samples'. */
static void check_estimates(uint64_t unit, int shape)
{
	enum { N = 200000 };
	static int64_t v[N];
	struct stats_thread st;
	uint64_t seed = 0x9e3779b97f4a7c15ULL + (uint64_t)shape;
	int i, k;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 0, unit, false), 0);
	for (i = 0; i < N; i++) {
		uint64_t r = rnd(&seed);

		switch (shape) {
		case 0: /* a body at 2-40 us and a tail to 20 ms */
			v[i] = 2000 + (int64_t)(r % 38000);
			if (i % 997 == 0)
				v[i] = 40000 + (int64_t)(r % 20000000);
			break;
		case 1: /* log-uniform over 50 ns to 50 ms */
			v[i] = (int64_t)(50.0 * __builtin_exp((double)(r % 1000000) / 1000000.0 *
							      13.8155));
			break;
		default: /* few distinct values, below and above 128 ns */
			v[i] = (int64_t)(r % 4) * 100 + 3;
			break;
		}
		stats_add(&st, v[i]);
	}
	qsort(v, N, sizeof(v[0]), cmp_i64);
	for (k = 0; k < STATS_NR_PCT; k++) {
		struct stats_percentile p;
		uint64_t rank = ((uint64_t)N * stats_pct_ppm[k] + 999999) / 1000000;
		int64_t exact = v[rank - 1] / (int64_t)unit;

		CU_ASSERT_EQUAL(stats_percentile(&st, stats_pct_ppm[k], &p), 0);
		CU_ASSERT_FALSE(p.exact);
		/* within 1/256 of the value, plus one unit of truncation */
		if (llabs(p.units - exact) * 256 > exact + 256)
			CU_FAIL("estimate beyond its bound");
	}
	stats_free(&st);
}

static void test_estimated_percentiles(void)
{
	check_estimates(NSEC_PER_USEC, 0);
	check_estimates(1, 0);
	check_estimates(NSEC_PER_USEC, 1);
	check_estimates(1, 1);
	check_estimates(1, 2);
}

/* With -h, every percentile inside the range equals the sorted samples' (in units). */
static void test_exact_percentiles(void)
{
	enum { N = 50000 };
	static int64_t v[N];
	struct stats_thread st;
	uint64_t seed = 42;
	int i, k;

	CU_ASSERT_EQUAL_FATAL(stats_init(&st, 5000, NSEC_PER_USEC, false), 0);
	for (i = 0; i < N; i++) {
		v[i] = (int64_t)(rnd(&seed) % 4000000);
		stats_add(&st, v[i]);
	}
	qsort(v, N, sizeof(v[0]), cmp_i64);
	for (k = 0; k < STATS_NR_PCT; k++) {
		struct stats_percentile p;
		uint64_t rank = ((uint64_t)N * stats_pct_ppm[k] + 999999) / 1000000;

		CU_ASSERT_EQUAL(stats_percentile(&st, stats_pct_ppm[k], &p), 0);
		CU_ASSERT_TRUE(p.exact);
		CU_ASSERT_EQUAL(p.units, v[rank - 1] / 1000);
	}
	/* never above the max, though the bucket's middle is */
	{
		struct stats_thread one;
		struct stats_percentile p;

		CU_ASSERT_EQUAL_FATAL(stats_init(&one, 0, 1, false), 0);
		stats_add(&one, 1000001);
		CU_ASSERT_EQUAL(stats_percentile(&one, 999900, &p), 0);
		CU_ASSERT_EQUAL(p.units, 1000001);
		stats_free(&one);
	}
	stats_free(&st);
}

/* A writer adding samples that keep act == max == cycles: a torn copy would show. */
struct torn {
	struct stats_thread st;
	_Atomic int stop;
};

/* a sample every microsecond, as fast as -i 1 could ask (stats_read() retries 16 times) */
static void *writer(void *arg)
{
	struct torn *t = arg;
	int64_t i = 1;

	while (!atomic_load_explicit(&t->stop, memory_order_relaxed)) {
		struct timespec a, b;

		stats_add(&t->st, 1000 * i++);
		clock_gettime(CLOCK_MONOTONIC, &a);
		do
			clock_gettime(CLOCK_MONOTONIC, &b);
		while (util_ts_to_ns(&b) - util_ts_to_ns(&a) < 1000);
	}
	return NULL;
}

static void test_snapshot_not_torn(void)
{
	static struct torn t;
	pthread_t th;
	int i, torn = 0, seen = 0;

	CU_ASSERT_EQUAL_FATAL(stats_init(&t.st, 0, NSEC_PER_USEC, false), 0);
	atomic_store(&t.stop, 0);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&th, NULL, writer, &t), 0);
	while (!atomic_load(&t.st.cycles))
		;
	for (i = 0; i < 2000000; i++) {
		struct stats_snapshot s;

		stats_read(&t.st, &s);
		seen++;
		/* sample k is 1000*k ns: all of these follow from cycles alone */
		if (s.act_ns != (int64_t)s.cycles * 1000 || s.max_ns != s.act_ns ||
		    s.sum_units != (int64_t)(s.cycles * (s.cycles + 1) / 2))
			torn++;
	}
	atomic_store(&t.stop, 1);
	pthread_join(th, NULL);
	CU_ASSERT_TRUE(seen > 0);
	CU_ASSERT_EQUAL(torn, 0);
	stats_free(&t.st);
}

static CU_TestInfo stats_tests[] = {
	{ "no samples", test_empty },
	{ "min/act/avg/max", test_min_act_avg_max },
	{ "negative samples: a signed average", test_negative_samples },
	{ "histogram, overflows, percentiles", test_histogram },
	{ "outlier list bounded by the bucket count", test_outlier_list_is_bounded },
	{ "ns units and the -v ring", test_nsecs_and_ring },
	{ "estimator buckets: 1/256 of any value", test_estimator_buckets },
	{ "percentiles without -h: within the bound of exact", test_estimated_percentiles },
	{ "percentiles with -h: exact", test_exact_percentiles },
	{ "a snapshot of a thread being written is not torn", test_snapshot_not_torn },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("stats", NULL, NULL, stats_tests);
