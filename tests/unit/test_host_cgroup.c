// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/cgroup: the cpu and cpuset controllers found in /proc/mounts (v1
 * mounts, the v2 hierarchy), a task's and a thread's groups, the tightest
 * quota of nested groups, cpu.stat's counters (v1 throttled_time, v2
 * throttled_usec), the v1 RT runtime and the cpuset's CPUs, on the
 * sysroot-cgroup-v1 and sysroot-cgroup-v2 trees; the tightest RT budget of nested groups on
 * sysroot-rtgroup; the freezers (v1
 * freezer.state, v2 cgroup.freeze and cgroup.stat.local) on sysroot-freezer.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/host/cgroup.h"
#include "unit.h"

static char v1[512], v2[512], none[512], fz[512], rtg[512];

static int setup(void)
{
	snprintf(v1, sizeof(v1), "%s/sysroot-cgroup-v1", unit_fixtures());
	snprintf(v2, sizeof(v2), "%s/sysroot-cgroup-v2", unit_fixtures());
	snprintf(none, sizeof(none), "%s/sysroot-missing", unit_fixtures());
	snprintf(fz, sizeof(fz), "%s/sysroot-freezer", unit_fixtures());
	snprintf(rtg, sizeof(rtg), "%s/sysroot-rtgroup", unit_fixtures());
	return 0;
}

static void test_find(void)
{
	struct host_cgroup_ctl ctl;

	CU_ASSERT_EQUAL(host_cgroup_find(v1, "cpu", &ctl), 0);
	CU_ASSERT_EQUAL(ctl.version, 1);
	/* "cpu,cpuacct" is the cpu controller's mount; "cpuacct" alone is not */
	CU_ASSERT_STRING_EQUAL(ctl.mount, "/sys/fs/cgroup/cpu,cpuacct");
	CU_ASSERT_EQUAL(host_cgroup_find(v1, "cpuset", &ctl), 0);
	CU_ASSERT_STRING_EQUAL(ctl.mount, "/sys/fs/cgroup/cpuset");
	/* the v2 hierarchy there lists no controller */
	CU_ASSERT_EQUAL(host_cgroup_find(v1, "io", &ctl), -ENOENT);
	CU_ASSERT_EQUAL(ctl.version, 0);

	CU_ASSERT_EQUAL(host_cgroup_find(v2, "cpu", &ctl), 0);
	CU_ASSERT_EQUAL(ctl.version, 2);
	CU_ASSERT_STRING_EQUAL(ctl.mount, "/sys/fs/cgroup");
	CU_ASSERT_EQUAL(host_cgroup_find(v2, "cpuset", &ctl), 0);
	CU_ASSERT_EQUAL(host_cgroup_find(v2, "freezer", &ctl), -ENOENT);
	CU_ASSERT(host_cgroup_find(none, "cpu", &ctl) < 0);
}

static void test_of(void)
{
	struct host_cgroup_ctl cpu, cpuset;
	char path[HOST_CGROUP_PATH_LEN];

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpuset", &cpuset), 0);
	CU_ASSERT_EQUAL(host_cgroup_of(v1, 100, 0, "cpu", &cpu, path, sizeof(path)), 0);
	CU_ASSERT_STRING_EQUAL(path, "/kubepods/pod1/ctr");
	CU_ASSERT_EQUAL(host_cgroup_of(v1, 100, 101, "cpu", &cpu, path, sizeof(path)), 0);
	CU_ASSERT_STRING_EQUAL(path, "/kubepods/pod1/ctr");
	/* v1 groups threads one by one: 102 is in the root cpu group */
	CU_ASSERT_EQUAL(host_cgroup_of(v1, 100, 102, "cpu", &cpu, path, sizeof(path)), 0);
	CU_ASSERT_STRING_EQUAL(path, "/");
	CU_ASSERT_EQUAL(host_cgroup_of(v1, 100, 0, "cpuset", &cpuset, path, sizeof(path)), 0);
	CU_ASSERT_STRING_EQUAL(path, "/kubepods/pod1/ctr");
	CU_ASSERT_EQUAL(host_cgroup_of(v1, 999, 0, "cpu", &cpu, path, sizeof(path)), -ENOENT);

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v2, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL(host_cgroup_of(v2, 200, 0, "cpu", &cpu, path, sizeof(path)), 0);
	CU_ASSERT_STRING_EQUAL(path, "/system.slice/app.service");
}

static void test_quota(void)
{
	struct host_cgroup_ctl ctl;
	struct host_cgroup_quota q;

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpu", &ctl), 0);
	/* ctr has none, pod1 30000/100000, kubepods 200000/100000: pod1's is the tightest */
	CU_ASSERT_EQUAL(host_cgroup_quota(v1, &ctl, "/kubepods/pod1/ctr", &q), 0);
	CU_ASSERT_EQUAL(q.quota_us, 30000);
	CU_ASSERT_EQUAL(q.period_us, 100000);
	CU_ASSERT_STRING_EQUAL(q.limit_path, "/kubepods/pod1");
	CU_ASSERT_EQUAL(host_cgroup_quota(v1, &ctl, "/kubepods", &q), 0);
	CU_ASSERT_EQUAL(q.quota_us, 200000);
	CU_ASSERT_STRING_EQUAL(q.limit_path, "/kubepods");
	CU_ASSERT_EQUAL(host_cgroup_quota(v1, &ctl, "/", &q), 0);
	CU_ASSERT_EQUAL(q.quota_us, -1);
	CU_ASSERT_STRING_EQUAL(q.limit_path, "");
	CU_ASSERT_EQUAL(host_cgroup_quota(v1, &ctl, "/gone", &q), -ENOENT);

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v2, "cpu", &ctl), 0);
	/* system.slice says "max": app.service's 50000/100000 */
	CU_ASSERT_EQUAL(host_cgroup_quota(v2, &ctl, "/system.slice/app.service", &q), 0);
	CU_ASSERT_EQUAL(q.quota_us, 50000);
	CU_ASSERT_EQUAL(q.period_us, 100000);
	CU_ASSERT_STRING_EQUAL(q.limit_path, "/system.slice/app.service");
	CU_ASSERT_EQUAL(host_cgroup_quota(v2, &ctl, "/system.slice", &q), 0);
	CU_ASSERT_EQUAL(q.quota_us, -1);
}

static void test_stat(void)
{
	struct host_cgroup_ctl ctl;
	struct host_cgroup_stat st;

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpu", &ctl), 0);
	CU_ASSERT_EQUAL(host_cgroup_stat(v1, &ctl, "/kubepods/pod1/ctr", &st), 0);
	CU_ASSERT_EQUAL(st.nr_periods, 84);
	CU_ASSERT_EQUAL(st.nr_throttled, 81);
	CU_ASSERT_EQUAL(st.throttled_ns, 5512345678ULL);
	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v2, "cpu", &ctl), 0);
	CU_ASSERT_EQUAL(host_cgroup_stat(v2, &ctl, "/system.slice/app.service", &st), 0);
	CU_ASSERT_EQUAL(st.nr_periods, 20);
	CU_ASSERT_EQUAL(st.nr_throttled, 18);
	CU_ASSERT_EQUAL(st.throttled_ns, 1100000000ULL);
	/* the v2 root's cpu.stat has no throttling counters */
	CU_ASSERT_EQUAL(host_cgroup_stat(v2, &ctl, "/", &st), -ENOENT);
}

static void test_rt_and_cpus(void)
{
	struct host_cgroup_ctl cpu, cpuset;
	int64_t rt = 7;
	char cpus[64];

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL(host_cgroup_rt_runtime(v1, &cpu, "/kubepods/pod1/ctr", &rt), 0);
	CU_ASSERT_EQUAL(rt, 0);
	CU_ASSERT_EQUAL(host_cgroup_rt_runtime(v1, &cpu, "/", &rt), 0);
	CU_ASSERT_EQUAL(rt, 950000);
	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpuset", &cpuset), 0);
	CU_ASSERT_EQUAL(host_cgroup_cpus(v1, &cpuset, "/kubepods/pod1/ctr", cpus, sizeof(cpus)), 0);
	CU_ASSERT_STRING_EQUAL(cpus, "1");

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v2, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL(host_cgroup_rt_runtime(v2, &cpu, "/", &rt), -ENOENT);
	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v2, "cpuset", &cpuset), 0);
	CU_ASSERT_EQUAL(
		host_cgroup_cpus(v2, &cpuset, "/system.slice/app.service", cpus, sizeof(cpus)), 0);
	CU_ASSERT_STRING_EQUAL(cpus, "2-3");
	CU_ASSERT_EQUAL(host_cgroup_cpus(v2, &cpuset, "/", cpus, sizeof(cpus)), 0);
	CU_ASSERT_STRING_EQUAL(cpus, "0-3");
}

/*
 * RT group scheduling: the tightest budget below the root (sysroot-rtgroup: /rt allows 20% of
 * a CPU, its child /rt/app 30%, user.slice none at all); the root's is the system's.
 */
static void test_rt_budget(void)
{
	struct host_cgroup_ctl cpu;
	struct host_cgroup_rt b;

	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(rtg, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL(host_cgroup_rt_budget(rtg, &cpu, "/rt/app", &b), 0);
	CU_ASSERT_EQUAL(b.runtime_us, 200000);
	CU_ASSERT_EQUAL(b.period_us, 1000000);
	CU_ASSERT_STRING_EQUAL(b.limit_path, "/rt");
	CU_ASSERT_EQUAL(host_cgroup_rt_budget(rtg, &cpu, "/rt", &b), 0);
	CU_ASSERT_STRING_EQUAL(b.limit_path, "/rt");
	CU_ASSERT_EQUAL(host_cgroup_rt_budget(rtg, &cpu, "/user.slice", &b), 0);
	CU_ASSERT_EQUAL(b.runtime_us, 0);
	CU_ASSERT_STRING_EQUAL(b.limit_path, "/user.slice");
	CU_ASSERT_EQUAL(host_cgroup_rt_budget(rtg, &cpu, "/", &b), -ENOENT);
	CU_ASSERT_EQUAL(b.runtime_us, -1);
	CU_ASSERT_STRING_EQUAL(b.limit_path, "");
	/* who is in a group (sysroot-cgroup-v1: process 100 in /kubepods/pod1/ctr) */
	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v1, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL(host_cgroup_within(v1, &cpu, 100, "/kubepods/pod1/ctr"), 1);
	CU_ASSERT_EQUAL(host_cgroup_within(v1, &cpu, 100, "/kubepods"), 1);
	CU_ASSERT_EQUAL(host_cgroup_within(v1, &cpu, 100, "/"), 1);
	CU_ASSERT_EQUAL(host_cgroup_within(v1, &cpu, 100, "/kube"), 0);
	CU_ASSERT_EQUAL(host_cgroup_within(v1, &cpu, 100, "/kubepods/pod1/ctr2"), 0);
	CU_ASSERT_EQUAL(host_cgroup_within(v1, &cpu, 999, "/kubepods"), -ENOENT);
	/* v2 has no RT budget per group */
	CU_ASSERT_EQUAL_FATAL(host_cgroup_find(v2, "cpu", &cpu), 0);
	CU_ASSERT_EQUAL(host_cgroup_rt_budget(v2, &cpu, "/system.slice", &b), -ENOENT);
}

/* The live run's view: the group, its quota, its throttling between two explanations. */
static void test_explain(void)
{
	struct host_cgroup_watch w = { .tried = false };
	struct offcpu_cgroup g;

	host_cgroup_explain(&w, v1, 100, 101, 1000000000ULL, &g);
	CU_ASSERT(g.known);
	CU_ASSERT_STRING_EQUAL(g.path, "/kubepods/pod1/ctr");
	CU_ASSERT_EQUAL(g.version, 1);
	CU_ASSERT_EQUAL(g.quota_us, 30000);
	CU_ASSERT_STRING_EQUAL(g.limit_path, "/kubepods/pod1");
	CU_ASSERT(!g.stat_known); /* one sample: nothing to compare */
	/* the same counters a second later: no period throttled in between */
	host_cgroup_explain(&w, v1, 100, 101, 2000000000ULL, &g);
	CU_ASSERT(g.stat_known);
	CU_ASSERT_EQUAL(g.nr_throttled, 0);
	CU_ASSERT_EQUAL(g.sample_ns, 1000000000ULL);
	/* a thread that has ended: the process's group */
	host_cgroup_explain(&w, v1, 100, 555, 3000000000ULL, &g);
	CU_ASSERT(g.known);
	CU_ASSERT_STRING_EQUAL(g.path, "/kubepods/pod1/ctr");
	/* no such process: unknown */
	host_cgroup_explain(&w, v1, 999, 0, 4000000000ULL, &g);
	CU_ASSERT(!g.known);
}

/* sysroot-freezer: this machine's layout, v1 freezer and a controller-less v2 at unified/ */
static void test_freezer(void)
{
	struct host_cgroup_freezer_watch w = { .tried = false };
	struct host_cgroup_ctl ctl;
	struct offcpu_freezer out;

	CU_ASSERT_EQUAL(host_cgroup_unified(fz, &ctl), 0);
	CU_ASSERT_EQUAL(ctl.version, 2);
	CU_ASSERT_STRING_EQUAL(ctl.mount, "/sys/fs/cgroup/unified");
	CU_ASSERT_EQUAL(host_cgroup_unified(none, &ctl), -ENOENT);

	host_cgroup_freezer_explain(&w, fz, 300, 301, 1000000000ULL, &out);
	CU_ASSERT(out.known);
	CU_ASSERT_STRING_EQUAL(out.v1_mount, "/sys/fs/cgroup/freezer");
	CU_ASSERT_STRING_EQUAL(out.v1_path, "/rtwhy-it");
	CU_ASSERT_STRING_EQUAL(out.v1_state, "FROZEN");
	CU_ASSERT_STRING_EQUAL(out.v2_mount, "/sys/fs/cgroup/unified");
	CU_ASSERT_STRING_EQUAL(out.v2_path, "/rtwhy-v2");
	CU_ASSERT_EQUAL(out.v2_freeze, 1);
	CU_ASSERT(!out.v2_time_known); /* one sample */

	/* the second sample: frozen_usec grew by 0.5 s over 2 s */
	w.last_usec = 1000000;
	host_cgroup_freezer_explain(&w, fz, 300, 301, 3000000000ULL, &out);
	CU_ASSERT(out.v2_time_known);
	CU_ASSERT_EQUAL(out.v2_frozen_ns, 500000000ULL);
	CU_ASSERT_EQUAL(out.v2_sample_ns, 2000000000ULL);

	/* a thread gone: the process's groups; the root groups have no freezer files */
	memset(&w, 0, sizeof(w));
	host_cgroup_freezer_explain(&w, fz, 300, 999, 1, &out);
	CU_ASSERT_STRING_EQUAL(out.v1_path, "/rtwhy-it");
	host_cgroup_freezer_explain(&w, fz, 400, 0, 2, &out);
	CU_ASSERT(out.known);
	CU_ASSERT_STRING_EQUAL(out.v1_path, "/");
	CU_ASSERT_STRING_EQUAL(out.v1_state, "");
	CU_ASSERT_STRING_EQUAL(out.v2_path, "/");
	CU_ASSERT_EQUAL(out.v2_freeze, -1);
	CU_ASSERT(!out.v2_time_known);

	memset(&w, 0, sizeof(w));
	host_cgroup_freezer_explain(&w, none, 300, 0, 1, &out);
	CU_ASSERT(!out.known);
}

static CU_TestInfo host_cgroup_tests[] = {
	{ "the freezers: v1 freezer.state, v2 cgroup.freeze and frozen_usec", test_freezer },
	{ "a live run's view between explanations", test_explain },
	{ "the cpu and cpuset controllers, v1 and v2", test_find },
	{ "a task's and a thread's group", test_of },
	{ "the tightest quota of nested groups (cfs_quota_us, cpu.max)", test_quota },
	{ "cpu.stat: throttled_time (v1), throttled_usec (v2)", test_stat },
	{ "the v1 RT runtime, the cpuset's CPUs", test_rt_and_cpus },
	{ "the tightest RT budget of nested groups below the root, who is in a group",
	  test_rt_budget },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_cgroup", setup, NULL, host_cgroup_tests);
