// SPDX-License-Identifier: GPL-2.0-only
/* host/tasks: tasks of a fake /proc, the runnable RT ones of a CPU, sched_attr. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "rtwhy/host/tasks.h"
#include "unit.h"

static const char *htask_root(void)
{
	static char root[512];

	snprintf(root, sizeof(root), "%s/sysroot-rt", unit_fixtures());
	return root;
}

static void test_stat_field(void)
{
	const char *stat = "42 (a) b) R 1 2 3";

	CU_ASSERT_EQUAL(host_tasks_stat_field(stat, 3), -1); /* 'R': not a number */
	CU_ASSERT_EQUAL(host_tasks_stat_field(stat, 4), 1);  /* after the last ')' */
	CU_ASSERT_EQUAL(host_tasks_stat_field(stat, 6), 3);
	CU_ASSERT_EQUAL(host_tasks_stat_field(stat, 7), -1);
	CU_ASSERT_EQUAL(host_tasks_stat_field("no parens", 4), -1);
}

static void test_read(void)
{
	struct host_task t;

	CU_ASSERT_EQUAL_FATAL(host_tasks_read(htask_root(), 131, &t), 0);
	CU_ASSERT_STRING_EQUAL(t.comm, "irq/16-snd hda "); /* a space in the comm */
	CU_ASSERT_EQUAL(t.state, 'S');
	CU_ASSERT_EQUAL(t.policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(t.rt_prio, 50);
	CU_ASSERT_FALSE(t.pinned);
	CU_ASSERT_EQUAL_FATAL(host_tasks_read(htask_root(), 161, &t), 0);
	CU_ASSERT_STRING_EQUAL(t.comm, "ktimers/2");
	CU_ASSERT_TRUE(t.pinned); /* PF_NO_SETAFFINITY */
	CU_ASSERT_EQUAL(t.cpu, 2);
	CU_ASSERT_EQUAL(host_tasks_read(htask_root(), 99999, &t), -ENOENT);
}

static void test_runnable_rt(void)
{
	struct host_rt_task rt[4];
	struct host_task_usage u;

	CU_ASSERT_EQUAL(host_tasks_usage(htask_root(), 160, 160, &u), 0);
	CU_ASSERT_EQUAL(u.run_ns, 9000000000ULL);
	CU_ASSERT_EQUAL(u.voluntary, 3);
	CU_ASSERT_EQUAL(u.state, 'R');
	CU_ASSERT_EQUAL(host_tasks_runnable_rt(htask_root(), 2, 0, 0, rt, 4), 1);
	CU_ASSERT_EQUAL(rt[0].task.pid, 160);
	CU_ASSERT_STRING_EQUAL(rt[0].task.comm, "rt-hog");
	CU_ASSERT_EQUAL(rt[0].task.rt_prio, 80);
	CU_ASSERT_EQUAL(rt[0].task.policy, SCHED_FIFO);
	CU_ASSERT_EQUAL(rt[0].never_sleeps, -1); /* read once */
	/* sampled twice: the files did not move, so it ran nothing and nothing is said */
	CU_ASSERT_EQUAL(host_tasks_runnable_rt(htask_root(), 2, 0, 1000, rt, 4), 1);
	CU_ASSERT_EQUAL(rt[0].run_ns, 0);
	CU_ASSERT_TRUE(rt[0].sample_ns >= 1000);
	CU_ASSERT_EQUAL(rt[0].never_sleeps, -1);
	CU_ASSERT_EQUAL(host_tasks_runnable_rt(htask_root(), 2, 160, 0, rt, 4), 0); /* skipped */
	CU_ASSERT_EQUAL(host_tasks_runnable_rt(htask_root(), 1, 0, 0, rt, 4), 0);
}

/* The one struct sched_attr, on the calling thread: what it is, set back as it is. */
static void test_sched_attr(void)
{
	struct host_sched_attr a;

	CU_ASSERT_EQUAL_FATAL(host_tasks_getattr(0, &a), 0);
	CU_ASSERT_EQUAL(a.size, sizeof(a));
	CU_ASSERT_EQUAL(a.sched_policy, (uint32_t)(sched_getscheduler(0) & ~SCHED_RESET_ON_FORK));
	CU_ASSERT_EQUAL(host_tasks_setattr(0, &a), 0);
	CU_ASSERT_EQUAL(host_tasks_getattr(-1, &a), -EINVAL);
}

static CU_TestInfo host_tasks_tests[] = {
	{ "stat fields", test_stat_field },
	{ "a task of /proc", test_read },
	{ "runnable RT tasks of a CPU", test_runnable_rt },
	{ "sched_getattr / sched_setattr", test_sched_attr },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_tasks", NULL, NULL, host_tasks_tests);
