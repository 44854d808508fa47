// SPDX-License-Identifier: GPL-2.0-only
/* affwatch: a measuring thread moved off its CPU by another program or its cpuset, in words. */
#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "analysis/util.h"
#include "rtwhy/affwatch.h"
#include "unit.h"

#define AW_ROOT "tests/fixtures/sysroot-cgroup-v1"

static void aw_set(cpu_set_t *set, const char *list)
{
	CU_ASSERT_EQUAL_FATAL(util_parse_cpulist(list, set), 0);
}

static void test_judge(void)
{
	cpu_set_t now, online;

	aw_set(&online, "0-3");
	aw_set(&now, "1");
	CU_ASSERT_EQUAL(affwatch_judge(1, &now, &online), 0);
	CU_ASSERT_EQUAL(affwatch_judge(1, &now, NULL), 0);
	aw_set(&now, "0-1");
	CU_ASSERT_EQUAL(affwatch_judge(1, &now, &online), 1);
	aw_set(&now, "0");
	CU_ASSERT_EQUAL(affwatch_judge(1, &now, &online), 1);
	aw_set(&online, "0,2-3"); /* CPU 1 offline: hotplug's */
	CU_ASSERT_EQUAL(affwatch_judge(1, &now, &online), -1);
	CU_ASSERT_EQUAL(affwatch_judge(-1, &now, NULL), -1); /* not pinned */
}

static void test_words_and_cpuset(void)
{
	struct measure_thread_summary t = { .index = 0, .tid = 101, .cpu = 0 };
	const struct affwatch_change *c;
	struct affwatch w;
	cpu_set_t now;
	char text[512];

	CU_ASSERT_EQUAL_FATAL(affwatch_init(&w, AW_ROOT, 100, 2, 1000000000ULL), 0);
	CU_ASSERT_EQUAL(w.cpuset.version, 1);
	/* pinned to CPU 0; its cpuset (/kubepods/pod1/ctr) has CPU 1 only: that is why */
	aw_set(&now, "1");
	c = affwatch_record(&w, &t, false, &now, 3510000000ULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_STRING_EQUAL(c->cpus, "1");
	CU_ASSERT_STRING_EQUAL(c->cpuset, "/kubepods/pod1/ctr");
	affwatch_describe(&w, c, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "thread 0 (tid 101), pinned to CPU 0, may now run on "
					    "CPU 1 only: at 2.51 s its cpuset cgroup "
					    "/kubepods/pod1/ctr, whose CPUs are 1, took CPU 0"));
	/* pinned to CPU 1, which its cpuset has: another program's doing */
	t.cpu = 1;
	aw_set(&now, "0-1");
	c = affwatch_record(&w, &t, false, &now, 4000000000ULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_STRING_EQUAL(c->cpuset, "");
	affwatch_describe(&w, c, text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "may now run on CPUs 0-1: another program changed its "
					    "affinity at 3.00 s"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "does not pin it back"));
	c = affwatch_record(&w, &t, true, &now, 5000000000ULL);
	affwatch_describe(&w, c, text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text, "thread 0 (tid 101) is pinned to CPU 1 again at 4.00 s");
	/* kept up to the bound, then counted */
	while (w.nr_changes < AFFWATCH_MAX_CHANGES)
		affwatch_record(&w, &t, true, &now, 6000000000ULL);
	CU_ASSERT_PTR_NULL(affwatch_record(&w, &t, true, &now, 6000000000ULL));
	CU_ASSERT_EQUAL(w.nr_not_kept, 1);
	affwatch_free(&w);
	affwatch_free(&w); /* twice: harmless */
}

/* This test's own thread as the measuring thread: pinned, widened, pinned again. */
static void test_poll_a_real_thread(void)
{
	struct measure_thread_summary t = { .index = 0, .tid = gettid() };
	const struct measure_summary sum = { .nr_threads = 1, .threads = &t };
	cpu_set_t saved, one, all;
	struct affwatch w;
	uint64_t ns = 1000000000ULL;
	int i;

	CU_ASSERT_EQUAL_FATAL(sched_getaffinity(0, sizeof(saved), &saved), 0);
	t.cpu = sched_getcpu();
	CPU_ZERO(&one);
	CPU_SET(t.cpu, &one);
	CU_ASSERT_EQUAL_FATAL(sched_setaffinity(0, sizeof(one), &one), 0);
	CU_ASSERT_EQUAL_FATAL(affwatch_init(&w, "", getpid(), 1, ns), 0);
	CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
	CPU_ZERO(&all);
	for (i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &all);
	if (sched_setaffinity(0, sizeof(all), &all) == 0 &&
	    sched_getaffinity(0, sizeof(all), &all) == 0 && CPU_COUNT(&all) > 1) {
		/* not before its period, then once, then not again */
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns + 1), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL(w.nr_changes, 1);
		CU_ASSERT_FALSE(w.change[0].back);
		/* its CPU offline (as the online set says): hotplug's, not said */
		cpu_set_t online;

		CPU_ZERO(&online);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, &online, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		/* pinned to it again: said */
		CU_ASSERT_EQUAL(sched_setaffinity(0, sizeof(one), &one), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL(w.nr_changes, 1); /* back from hotplug: hotplug said it */
	}
	affwatch_free(&w);
	CU_ASSERT_EQUAL(sched_setaffinity(0, sizeof(saved), &saved), 0);
}

/* scheduling: what rtwhy set against what the thread runs as; words; a real thread's */
static void test_sched(void)
{
	struct measure_thread_summary t = { .index = 0, .tid = gettid(), .cpu = -1 };
	struct measure_summary sum = { .nr_threads = 1, .threads = &t, .running = true };
	struct sched_param sp = { 0 };
	struct affwatch w;
	uint64_t ns = 1000000000ULL;
	char text[512];
	int saved = sched_getscheduler(0);

	CU_ASSERT_TRUE(affwatch_sched_judge(SCHED_FIFO, 50, SCHED_OTHER, 0));
	CU_ASSERT_TRUE(affwatch_sched_judge(SCHED_FIFO, 50, SCHED_FIFO, 60));
	CU_ASSERT_TRUE(affwatch_sched_judge(SCHED_OTHER, 0, SCHED_BATCH, 0));
	CU_ASSERT_FALSE(affwatch_sched_judge(SCHED_FIFO, 50, SCHED_FIFO | SCHED_RESET_ON_FORK, 50));
	CU_ASSERT_FALSE(affwatch_sched_judge(SCHED_OTHER, 0, SCHED_OTHER, 0));

	CU_ASSERT_EQUAL_FATAL(affwatch_init(&w, "", getpid(), 1, ns), 0);
	w.sched[0] = (struct affwatch_sched_change){ .at_ns = ns + 2500000000ULL,
						     .thread = 1,
						     .tid = 812,
						     .policy = SCHED_FIFO,
						     .priority = 99,
						     .now_policy = SCHED_OTHER };
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text,
			       "thread 1 (tid 812), set to SCHED_FIFO 99 by rtwhy, runs as "
			       "SCHED_OTHER now: another program changed its scheduling at "
			       "2.50 s (sched_setscheduler(), chrt -p); rtwhy does not set it "
			       "back: its spikes from then are those of SCHED_OTHER");
	w.sched[0].back = true;
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text, "thread 1 (tid 812) runs as SCHED_FIFO 99 again at 2.50 s");

	/* this thread, SCHED_OTHER as "set", made SCHED_BATCH (no privilege needed) and back */
	if (saved == SCHED_OTHER) {
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL_FATAL(sched_setscheduler(0, SCHED_BATCH, &sp), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL(w.nr_sched, 1);
		CU_ASSERT_EQUAL(w.sched[0].now_policy, SCHED_BATCH);
		CU_ASSERT_FALSE(w.sched[0].back);
		CU_ASSERT_EQUAL(sched_setscheduler(0, SCHED_OTHER, &sp), 0);
		/* leaving its loop, the thread drops its policy itself: not judged */
		t.left = true;
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		t.left = false;
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(w.nr_sched, 2);
		CU_ASSERT_TRUE(w.sched[1].back);
	}
	affwatch_free(&w);
}

static CU_TestInfo affwatch_tests[] = {
	{ "moved, pinned, or its CPU offline", test_judge },
	{ "the cpuset that took the CPU, another program, back; the bound", test_words_and_cpuset },
	{ "a real thread's affinity widened, its CPU offline, pinned again",
	  test_poll_a_real_thread },
	{ "scheduling changed by another program, and back", test_sched },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("affwatch", NULL, NULL, affwatch_tests);
