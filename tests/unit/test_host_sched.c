// SPDX-License-Identifier: GPL-2.0-only
/* host/sched: the RT budget, the root cgroup's, the fair server and its lockdown guard. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "rtwhy/host/sched.h"
#include "unit.h"

static const char *hsched_root(const char *name)
{
	static char root[512];

	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	return root;
}

static void test_fairserver(void)
{
	struct host_sched s;
	long long rt, p;

	host_sched_read(hsched_root("sysroot-fairserver"), 1, &s);
	CU_ASSERT_EQUAL(s.rt_runtime_err, 0);
	CU_ASSERT_EQUAL(s.rt_runtime_us, -1);
	CU_ASSERT_EQUAL(s.rt_period_err, 0);
	CU_ASSERT_EQUAL(s.rt_period_us, 1000000);
	CU_ASSERT_FALSE(s.cgroup_known);
	CU_ASSERT_EQUAL(s.fair_err, 0);
	CU_ASSERT_EQUAL(s.fair_runtime_ns, 50000000);
	CU_ASSERT_EQUAL(s.fair_period_ns, 1000000000);
	CU_ASSERT_EQUAL(host_sched_fair_server(hsched_root("sysroot-fairserver"), 7, &rt, &p),
			-ENOENT);
	CU_ASSERT_EQUAL(host_sched_fair_server(hsched_root("sysroot-fairserver"), -1, &rt, &p),
			-EINVAL);
}

static void test_rtgroup(void)
{
	struct host_sched s;

	host_sched_read(hsched_root("sysroot-rtgroup"), -1, &s);
	CU_ASSERT_TRUE(s.cgroup_known);
	CU_ASSERT_EQUAL(s.cgroup_rt_runtime_us, 950000);
	CU_ASSERT_EQUAL(s.cgroup_rt_period_us, 1000000);
	CU_ASSERT_EQUAL(s.fair_err, -EINVAL); /* no CPU asked */
	host_sched_read(hsched_root("sysroot-missing"), 0, &s);
	CU_ASSERT_EQUAL(s.rt_runtime_err, -ENOENT);
	CU_ASSERT_FALSE(s.cgroup_known);
	CU_ASSERT_EQUAL(s.fair_err, -ENOENT);
}

/* A locked-down kernel: debugfs is not tried (each try costs a kernel message). */
static void test_lockdown(void)
{
	char root[] = "/tmp/rtwhy-host-sched-XXXXXX", path[256], cmd[1024];
	long long rt = 0, p = 0;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
	snprintf(cmd, sizeof(cmd),
		 "mkdir -p %s/sys/kernel/security %s/sys/kernel/debug/sched/fair_server/cpu0 && "
		 "echo 50000000 > %s/sys/kernel/debug/sched/fair_server/cpu0/runtime && "
		 "echo 1000000000 > %s/sys/kernel/debug/sched/fair_server/cpu0/period",
		 root, root, root, root);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	CU_ASSERT_EQUAL(host_sched_fair_server(root, 0, &rt, &p), 0);
	CU_ASSERT_EQUAL(rt, 50000000);
	snprintf(path, sizeof(path), "%s/sys/kernel/security/lockdown", root);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("none [integrity] confidentiality\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(host_sched_fair_server(root, 0, &rt, &p), -EPERM);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("[none] integrity confidentiality\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(host_sched_fair_server(root, 0, &rt, &p), 0); /* a fake root: no cache */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CU_ASSERT_EQUAL(system(cmd), 0);
}

static CU_TestInfo host_sched_tests[] = {
	{ "fair server and RT budget", test_fairserver },
	{ "root cgroup's RT budget, nothing readable", test_rtgroup },
	{ "lockdown guard", test_lockdown },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("host_sched", NULL, NULL, host_sched_tests);
