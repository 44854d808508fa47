// SPDX-License-Identifier: GPL-2.0-only
/* hotplug: CPUs that went offline or came back, the threads pinned there, said in words. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/util.h"
#include "rtwhy/hotplug.h"
#include "unit.h"

static struct measure_thread_summary hp_threads[3] = {
	{ .index = 0, .tid = 811, .cpu = 0 },
	{ .index = 1, .tid = 812, .cpu = 1 },
	{ .index = 2, .tid = 813, .cpu = -1 },
};
static const struct measure_summary hp_sum = { .nr_threads = 3, .threads = hp_threads };

static void hp_set(cpu_set_t *set, const char *list)
{
	CU_ASSERT_EQUAL_FATAL(util_parse_cpulist(list, set), 0);
}

static void test_offline_then_online(void)
{
	struct hotplug h;
	cpu_set_t now;
	char text[512];

	memset(&h, 0, sizeof(h));
	hp_set(&h.online, "0-1");
	h.known = true;
	h.start_ns = 1000000000ULL;
	hp_set(&now, "0-1");
	CU_ASSERT_EQUAL(hotplug_diff(&h, &now, &hp_sum, 1500000000ULL), 0);
	hp_set(&now, "0");
	CU_ASSERT_EQUAL(hotplug_diff(&h, &now, &hp_sum, 3510000000ULL), 1);
	CU_ASSERT_EQUAL_FATAL(h.nr_changes, 1);
	CU_ASSERT_EQUAL(h.change[0].cpu, 1);
	CU_ASSERT_FALSE(h.change[0].online);
	CU_ASSERT_EQUAL(h.change[0].nr_threads, 1); /* thread 2 is not pinned: not listed */
	CU_ASSERT_EQUAL(h.change[0].thread[0], 1);
	CU_ASSERT_EQUAL(h.change[0].tid[0], 812);
	hotplug_describe(&h, &h.change[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(text, "CPU 1 went offline at 2.51 s: thread 1 (tid 812), pinned to "
				     "it, lost its CPU; the kernel runs it on another CPU until "
				     "CPU 1 is back");
	hp_set(&now, "0-1");
	CU_ASSERT_EQUAL(hotplug_diff(&h, &now, &hp_sum, 5000000000ULL), 1);
	CU_ASSERT_TRUE(h.change[1].online);
	h.change[1].nr_repinned = 1;
	hotplug_describe(&h, &h.change[1], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(
		text, "CPU 1 is online again at 4.00 s: thread 1 (tid 812) pinned to it again");
	h.change[1].repin_err = -22;
	hotplug_describe(&h, &h.change[1], text, sizeof(text));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "not pinned to it again: Invalid argument"));
}

static void test_no_thread_there(void)
{
	struct hotplug h;
	cpu_set_t now;
	char text[512];

	memset(&h, 0, sizeof(h));
	hp_set(&h.online, "0-3");
	h.known = true;
	hp_set(&now, "0-1");
	CU_ASSERT_EQUAL(hotplug_diff(&h, &now, &hp_sum, 0), 2); /* 2 and 3, one change each */
	CU_ASSERT_EQUAL(h.change[0].cpu, 2);
	CU_ASSERT_EQUAL(h.change[1].cpu, 3);
	CU_ASSERT_EQUAL(h.change[0].nr_threads, 0);
	hotplug_describe(&h, &h.change[0], text, sizeof(text));
	CU_ASSERT_STRING_EQUAL(
		text, "CPU 2 went offline at 0.00 s (no measuring thread was pinned to it)");
}

static void test_kept_and_counted(void)
{
	struct hotplug h;
	cpu_set_t a, b;
	int i;

	memset(&h, 0, sizeof(h));
	hp_set(&a, "0-1");
	hp_set(&b, "0");
	h.online = a;
	h.known = true;
	for (i = 0; i < HOTPLUG_MAX_CHANGES + 6; i++)
		hotplug_diff(&h, i % 2 ? &a : &b, NULL, (uint64_t)i);
	CU_ASSERT_EQUAL(h.nr_changes, HOTPLUG_MAX_CHANGES);
	CU_ASSERT_EQUAL(h.nr_not_kept, 6);
}

/* the file, under a sysroot: read at init, a change seen at the next poll past the period */
static void test_poll_reads_the_file(void)
{
	char root[] = "/tmp/rtwhy-unit.XXXXXX", path[256];
	struct hotplug h;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/sys", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/sys/devices", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/sys/devices/system", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu", root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/online", root);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("0-1\n", f);
	fclose(f);
	hotplug_init(&h, root, 100);
	CU_ASSERT_TRUE(h.known);
	CU_ASSERT_EQUAL(CPU_COUNT(&h.online), 2);
	f = fopen(path, "w");
	fputs("0\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(hotplug_poll(&h, NULL, 100 + HOTPLUG_PERIOD_NS / 2), 0); /* not yet due */
	CU_ASSERT_EQUAL(hotplug_poll(&h, &(struct measure_summary){ 0 }, 100 + HOTPLUG_PERIOD_NS),
			1);
	CU_ASSERT_EQUAL(h.nr_changes, 1);
	unlink(path);
	/* no file: not watched */
	hotplug_init(&h, root, 0);
	CU_ASSERT_FALSE(h.known);
	CU_ASSERT_EQUAL(hotplug_poll(&h, NULL, HOTPLUG_PERIOD_NS * 4), 0);
	snprintf(path, sizeof(path), "rm -rf %s", root);
	CU_ASSERT_EQUAL(system(path), 0);
}

/*
 * A CPU that is online and not yet active refuses its threads with EINVAL: waited for, until
 * HOTPLUG_ACTIVE_WAIT_NS; any other answer settles at once. CPU_SETSIZE - 1 stands for the CPU
 * not yet active (no machine here has it: EINVAL), this thread for the measuring thread.
 */
static void test_repin_waits_for_active(void)
{
	struct measure_thread_summary t = { .index = 0, .tid = (int)gettid() };
	struct measure_summary sum = { .nr_threads = 1, .threads = &t };
	struct hotplug_change c = { .at_ns = 1000, .online = true, .nr_threads = 1 };
	cpu_set_t saved;

	CU_ASSERT_EQUAL_FATAL(sched_getaffinity(0, sizeof(saved), &saved), 0);
	c.cpu = t.cpu = CPU_SETSIZE - 1;
	CU_ASSERT_FALSE(hotplug_repin(&c, &sum, 1000));
	CU_ASSERT_EQUAL(c.repin_err, -EINVAL);
	CU_ASSERT_FALSE(hotplug_repin(&c, &sum, 1000 + HOTPLUG_ACTIVE_WAIT_NS - 1));
	CU_ASSERT_TRUE(hotplug_repin(&c, &sum, 1000 + HOTPLUG_ACTIVE_WAIT_NS));
	CU_ASSERT_EQUAL(c.nr_repinned, 0);
	CU_ASSERT_EQUAL(c.repin_err, -EINVAL);

	c.cpu = t.cpu = sched_getcpu(); /* a CPU this thread may run on: taken at once */
	CU_ASSERT_TRUE(hotplug_repin(&c, &sum, 1000));
	CU_ASSERT_EQUAL(c.nr_repinned, 1);
	CU_ASSERT_EQUAL(c.repin_err, 0);

	t.tid = 0x3ffffffe; /* no such task: ESRCH settles, said as it is */
	CU_ASSERT_TRUE(hotplug_repin(&c, &sum, 1000));
	CU_ASSERT_EQUAL(c.repin_err, -ESRCH);
	CU_ASSERT_EQUAL(sched_setaffinity(0, sizeof(saved), &saved), 0);
}

static CU_TestInfo hotplug_tests[] = {
	{ "a CPU offline then online, the thread pinned there", test_offline_then_online },
	{ "CPUs no thread was pinned to", test_no_thread_there },
	{ "changes kept up to the bound, then counted", test_kept_and_counted },
	{ "polls the sysfs file under a root, at its period", test_poll_reads_the_file },
	{ "a CPU online, not yet active: its threads pinned again once it takes them",
	  test_repin_waits_for_active },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("hotplug", NULL, NULL, hotplug_tests);
