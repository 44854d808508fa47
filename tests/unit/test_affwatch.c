// SPDX-License-Identifier: GPL-2.0-only
/* affwatch: a measuring thread moved off its CPU by another program or its cpuset, in words. */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
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
	const struct affwatch_sched fifo50 = { SCHED_FIFO, 50, 0 }, other = { SCHED_OTHER, 0, 0 };
	struct sched_param sp = { 0 };
	struct affwatch w;
	uint64_t ns = 1000000000ULL;
	char text[512];
	int saved = sched_getscheduler(0);
	pid_t child;
	int nice;

	CU_ASSERT_TRUE(affwatch_sched_judge(&fifo50, &other));
	CU_ASSERT_TRUE(
		affwatch_sched_judge(&fifo50, &(struct affwatch_sched){ SCHED_FIFO, 60, 0 }));
	CU_ASSERT_TRUE(affwatch_sched_judge(&other, &(struct affwatch_sched){ SCHED_BATCH, 0, 0 }));
	CU_ASSERT_FALSE(affwatch_sched_judge(
		&fifo50, &(struct affwatch_sched){ SCHED_FIFO | SCHED_RESET_ON_FORK, 50, 0 }));
	CU_ASSERT_FALSE(affwatch_sched_judge(&other, &other));
	/* the nice value: a fair policy's weight; not an RT one's, nor SCHED_IDLE's */
	CU_ASSERT_TRUE(
		affwatch_sched_judge(&other, &(struct affwatch_sched){ SCHED_OTHER, 0, 10 }));
	CU_ASSERT_TRUE(affwatch_sched_judge(&(struct affwatch_sched){ SCHED_BATCH, 0, 5 },
					    &(struct affwatch_sched){ SCHED_BATCH, 0, -1 }));
	CU_ASSERT_FALSE(
		affwatch_sched_judge(&fifo50, &(struct affwatch_sched){ SCHED_FIFO, 50, 7 }));
	CU_ASSERT_FALSE(affwatch_sched_judge(&(struct affwatch_sched){ SCHED_IDLE, 0, 0 },
					     &(struct affwatch_sched){ SCHED_IDLE, 0, 19 }));
	/* the timer slack, where both are known, of a policy that is not real-time */
	CU_ASSERT_TRUE(
		affwatch_sched_judge(&(struct affwatch_sched){ SCHED_OTHER, 0, 0, 50000 },
				     &(struct affwatch_sched){ SCHED_OTHER, 0, 0, 5000000 }));
	CU_ASSERT_TRUE(affwatch_sched_judge(&(struct affwatch_sched){ SCHED_IDLE, 0, 0, 50000 },
					    &(struct affwatch_sched){ SCHED_IDLE, 0, 0, 1 }));
	CU_ASSERT_FALSE(
		affwatch_sched_judge(&(struct affwatch_sched){ SCHED_OTHER, 0, 0, -1 },
				     &(struct affwatch_sched){ SCHED_OTHER, 0, 0, 5000000 }));
	CU_ASSERT_FALSE(affwatch_sched_judge(&(struct affwatch_sched){ SCHED_OTHER, 0, 0, 50000 },
					     &(struct affwatch_sched){ SCHED_OTHER, 0, 0, -1 }));
	CU_ASSERT_FALSE(affwatch_sched_judge(&(struct affwatch_sched){ SCHED_FIFO, 50, 0, 0 },
					     &(struct affwatch_sched){ SCHED_FIFO, 50, 0, 50000 }));

	CU_ASSERT_EQUAL_FATAL(affwatch_init(&w, "", getpid(), 1, ns), 0);
	w.sched[0] = (struct affwatch_sched_change){ .at_ns = ns + 2500000000ULL,
						     .thread = 1,
						     .tid = 812,
						     .set = { SCHED_FIFO, 99, 0 },
						     .now = other };
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text,
			       "thread 1 (tid 812), set to SCHED_FIFO 99 by rtwhy, runs as "
			       "SCHED_OTHER nice 0 now: another program changed its scheduling at "
			       "2.50 s (sched_setscheduler(), chrt -p); rtwhy does not set it "
			       "back: its spikes from then are those of SCHED_OTHER nice 0");
	w.sched[0].back = true;
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text, "thread 1 (tid 812) runs as SCHED_FIFO 99 again at 2.50 s");
	w.sched[0] = (struct affwatch_sched_change){ .at_ns = ns + 1250000000ULL,
						     .thread = 0,
						     .tid = 813,
						     .set = other,
						     .now = { SCHED_OTHER, 0, 10 } };
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(
		text, "thread 0 (tid 813), SCHED_OTHER nice 0 when rtwhy started it, runs "
		      "as SCHED_OTHER nice 10 now: another program changed its nice value "
		      "at 1.25 s (setpriority(), renice); rtwhy does not set it back: its "
		      "spikes from then are those of SCHED_OTHER nice 10, a smaller share of "
		      "a CPU it shares with other fair tasks");

	w.sched[0] = (struct affwatch_sched_change){ .at_ns = ns + 3000000000ULL,
						     .thread = 0,
						     .tid = 813,
						     .set = { SCHED_OTHER, 0, 0, 50000 },
						     .now = { SCHED_OTHER, 0, 0, 5000000 } };
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(
		text, "thread 0 (tid 813), timer slack 50 us when rtwhy started it, has "
		      "5000 us now: another program changed it at 3.00 s "
		      "(/proc/813/timerslack_ns); rtwhy does not set it back: its timers "
		      "may fire up to 5000 us after its deadlines from then (timer_slack)");
	w.sched[0].set = (struct affwatch_sched){ SCHED_FIFO, 50, 0, 0 };
	w.sched[0].now = (struct affwatch_sched){ SCHED_FIFO, 70, 0, 0 };
	affwatch_sched_describe(&w, &w.sched[0], text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(text, "set to SCHED_FIFO 50 by rtwhy, runs as SCHED_FIFO 70"));

	/* this thread, SCHED_OTHER as "set", made SCHED_BATCH (no privilege needed) and back */
	errno = 0;
	nice = getpriority(PRIO_PROCESS, 0);
	CU_ASSERT_EQUAL_FATAL(errno, 0);
	t.nice = nice;
	t.slack_ns = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	if (saved == SCHED_OTHER) {
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL_FATAL(sched_setscheduler(0, SCHED_BATCH, &sp), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL(w.nr_sched, 1);
		CU_ASSERT_EQUAL(w.sched[0].now.policy, SCHED_BATCH);
		CU_ASSERT_FALSE(w.sched[0].back);
		CU_ASSERT_EQUAL(sched_setscheduler(0, SCHED_OTHER, &sp), 0);
		/* leaving its loop, the thread drops its policy itself: not judged */
		t.left = true;
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		t.left = false;
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(w.nr_sched, 2);
		CU_ASSERT_TRUE(w.sched[1].back);
		/* its own timer slack changed (as /proc/TID/timerslack_ns would), and back */
		CU_ASSERT_EQUAL(prctl(PR_SET_TIMERSLACK, t.slack_ns + 10000, 0, 0, 0), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL_FATAL(w.nr_sched, 3);
		CU_ASSERT_EQUAL(w.sched[2].now.slack_ns, t.slack_ns + 10000);
		CU_ASSERT_FALSE(w.sched[2].back);
		CU_ASSERT_EQUAL(prctl(PR_SET_TIMERSLACK, t.slack_ns, 0, 0, 0), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(w.nr_sched, 4);
		CU_ASSERT_TRUE(w.sched[3].back);
	}
	/* a child's nice value raised by this process (no privilege needed) */
	child = fork();
	CU_ASSERT_FATAL(child >= 0);
	if (child == 0) {
		pause();
		_exit(0);
	}
	w.nr_sched = 0;
	w.resched[0] = false;
	t.tid = child;
	t.policy = sched_getscheduler(child) & ~SCHED_RESET_ON_FORK;
	t.nice = nice;
	t.slack_ns = -1; /* another process's: read only with CAP_SYS_NICE */
	if (nice < 19 && (t.policy == SCHED_OTHER || t.policy == SCHED_BATCH)) {
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 0);
		CU_ASSERT_EQUAL(setpriority(PRIO_PROCESS, (id_t)child, nice + 1), 0);
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL_FATAL(w.nr_sched, 1);
		CU_ASSERT_EQUAL(w.sched[0].set.nice, nice);
		CU_ASSERT_EQUAL(w.sched[0].now.nice, nice + 1);
		CU_ASSERT_FALSE(w.sched[0].back);
		/* where rtwhy had started it: back */
		t.nice = nice + 1;
		CU_ASSERT_EQUAL(affwatch_poll(&w, &sum, NULL, ns += AFFWATCH_PERIOD_NS), 1);
		CU_ASSERT_EQUAL(w.nr_sched, 2);
		CU_ASSERT_TRUE(w.sched[1].back);
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	affwatch_free(&w);
}

static CU_TestInfo affwatch_tests[] = {
	{ "moved, pinned, or its CPU offline", test_judge },
	{ "the cpuset that took the CPU, another program, back; the bound", test_words_and_cpuset },
	{ "a real thread's affinity widened, its CPU offline, pinned again",
	  test_poll_a_real_thread },
	{ "scheduling or nice changed by another program, and back", test_sched },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("affwatch", NULL, NULL, affwatch_tests);
