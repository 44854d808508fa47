// SPDX-License-Identifier: GPL-2.0-only
/* check/gather: the small parsers, HZ from tick gaps, the facts of the fake sysroots. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/gather.h"
#include "rtwhy/host/kernel.h"
#include "analysis/util.h"
#include "unit.h"

static struct check_gather_facts chkgt_facts;

/* Gather a fixture into chkgt_facts. */
static struct check_gather_facts *chkgt_gather(const char *name)
{
	static char root[512];

	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	CU_ASSERT_EQUAL(check_gather(&chkgt_facts, root, CHECK_GATHER_HZ_AUTO), 0);
	return &chkgt_facts;
}

static void test_parsers(void)
{
	const char *tl = "Timer List Version: v0.10\nnow at 972596170194 nsecs\n\ncpu: 0\n"
			 "  .last_jiffies   : 4295136202\njiffies: 4295136203\n";
	uint64_t now, jif;

	CU_ASSERT_EQUAL(check_gather_timer_list_sample(tl, &now, &jif), 0);
	CU_ASSERT_EQUAL(now, 972596170194ULL);
	CU_ASSERT_EQUAL(jif, 4295136203ULL); /* not .last_jiffies */
	CU_ASSERT_EQUAL(check_gather_timer_list_sample("now at 5 nsecs\n", &now, &jif), -EINVAL);
	CU_ASSERT_EQUAL(check_gather_timer_list_sample("", &now, &jif), -EINVAL);

	CU_ASSERT_EQUAL(check_gather_hz_snap(249.2), 250);
	CU_ASSERT_EQUAL(check_gather_hz_snap(257.0), 256);
	CU_ASSERT_EQUAL(check_gather_hz_snap(1006.0), 1000); /* nearest: not 1024 */
	CU_ASSERT_EQUAL(check_gather_hz_snap(1020.0), 1024);
	CU_ASSERT_EQUAL(check_gather_hz_snap(99.0), 100);
	CU_ASSERT_EQUAL(check_gather_hz_snap(300.4), 300);
	CU_ASSERT_EQUAL(check_gather_hz_snap(173.4), 173);
}

static void test_hz_from_deltas(void)
{
	/* a busy CPU at HZ=250 with jitter, an idle one skipping ticks, and a stray */
	uint64_t d[] = { 4000100, 3999800, 8000000, 4000050, 12000300,
			 3999950, 4000000, 50000,   4000200 };
	uint64_t few[] = { 4000000, 4000000, 8000000, 8000000, 4000000, 12000000 };
	uint64_t tiny[] = { 10, 20, 30, 40, 50, 60 };
	/* a tick 2.1 ms late, then one on time: a 1.9 ms gap among 4 ms ones (51-check, a flake
	 * run: "only 200 tick expiries traced in 400 ms") */
	uint64_t late[] = { 4000000, 6100000, 1900000, 4000100, 3999900,
			    4000000, 4000050, 8000000, 3999950, 4000000 };
	double period;

	CU_ASSERT_EQUAL(check_gather_hz_from_deltas(d, ARRAY_SIZE(d), &period), 0);
	CU_ASSERT_TRUE(period > 3999000 && period < 4001000);
	CU_ASSERT_EQUAL(check_gather_hz_snap(1e9 / period), 250);
	CU_ASSERT_EQUAL(check_gather_hz_from_deltas(few, ARRAY_SIZE(few), &period), -ENODATA);
	CU_ASSERT_EQUAL(check_gather_hz_from_deltas(tiny, ARRAY_SIZE(tiny), &period), -ENODATA);
	CU_ASSERT_EQUAL(check_gather_hz_from_deltas(d, 0, &period), -ENODATA);
	CU_ASSERT_EQUAL(check_gather_hz_from_deltas(late, ARRAY_SIZE(late), &period), 0);
	CU_ASSERT_TRUE(period > 3999000 && period < 4001000);
}

static void test_facts(void)
{
	struct check_gather_facts *f = chkgt_gather("sysroot-unthreaded");

	CU_ASSERT_STRING_EQUAL(f->release, "6.18.44-fc-v669");
	CU_ASSERT_STRING_EQUAL(f->kconfig_src, "/proc/config.gz");
	CU_ASSERT_PTR_NOT_NULL(f->kconfig && strstr(f->kconfig, "\nCONFIG_HZ=250\n"));
	CU_ASSERT_EQUAL(f->nr_cpus, 2);
	CU_ASSERT_FALSE(f->live);
	CU_ASSERT_FALSE(f->hz_timer_list.tried); /* never measured under a sysroot */
	CU_ASSERT_FALSE(f->hz_ticks.tried);
	CU_ASSERT_EQUAL(f->preempt_err, -ENOENT); /* no debugfs in this tree */
	CU_ASSERT_EQUAL(f->rt_runtime_err, 0);
	CU_ASSERT_EQUAL(f->rt_runtime_us, 950000);
	CU_ASSERT_EQUAL(f->rt_period_us, 1000000);
	CU_ASSERT_EQUAL(f->nr_idle, 2);
	CU_ASSERT_STRING_EQUAL(f->idle[1].name, "haltpoll idle");
	CU_ASSERT_EQUAL(f->idle[1].latency_us, 1);
	CU_ASSERT_TRUE(f->hypervisor_flag);
	CU_ASSERT_TRUE(f->stat_read);
	CU_ASSERT_STRING_EQUAL(f->tracefs_dir, "/sys/kernel/tracing");
	CU_ASSERT_EQUAL(f->nr_needed, f->nr_needed_of);
	CU_ASSERT_EQUAL(f->nr_needed_of, 10);
	CU_ASSERT_STRING_EQUAL(f->cpu_cgroup_dir, ""); /* no cgroup v1 cpu in its mounts */
	CU_ASSERT_EQUAL(f->cg_runtime_err, -ENOENT);
	CU_ASSERT_STRING_EQUAL(f->self_cgroup, "");
	check_gather_free(f);
	CU_ASSERT_PTR_NULL(f->kconfig);

	/* this VM's cgroup v1 mounts: cpu, not cpuacct or cpuset; rtwhy in /user.slice */
	f = chkgt_gather("sysroot-rtgroup");
	CU_ASSERT_STRING_EQUAL(f->cpu_cgroup_dir, "/sys/fs/cgroup/cpu");
	CU_ASSERT_EQUAL(f->cg_runtime_err, 0);
	CU_ASSERT_EQUAL(f->cg_runtime_us, 950000);
	CU_ASSERT_EQUAL(f->cg_period_err, 0);
	CU_ASSERT_EQUAL(f->cg_period_us, 1000000);
	CU_ASSERT_STRING_EQUAL(f->self_cgroup, "/user.slice");
	CU_ASSERT_EQUAL(f->self_runtime_err, 0);
	CU_ASSERT_EQUAL(f->self_runtime_us, 0);
	CU_ASSERT_EQUAL(f->rt_runtime_us, 950000);
	CU_ASSERT_EQUAL(host_kernel_kconfig_state(f->kconfig, "CONFIG_RT_GROUP_SCHED"), 1);
	check_gather_free(f);

	f = chkgt_gather("sysroot-rt");
	CU_ASSERT_STRING_EQUAL(f->kconfig_src, "/boot/config-6.12.38-rt-amd64");
	CU_ASSERT_EQUAL(f->nr_cpus, 4);
	CU_ASSERT_EQUAL(f->nr_governed, 4);
	CU_ASSERT_STRING_EQUAL(f->governors, "performance");
	CU_ASSERT_STRING_EQUAL(f->isolated, "2-3");
	CU_ASSERT_EQUAL(f->forced, 1);
	CU_ASSERT_EQUAL(f->rt_runtime_us, -1);
	CU_ASSERT_TRUE(f->idle[2].latency_us > 100);
	check_gather_free(f);

	f = chkgt_gather("sysroot-missing");
	CU_ASSERT_PTR_NULL(f->kconfig);
	CU_ASSERT_EQUAL(f->nr_cpus, 0);
	CU_ASSERT_EQUAL(f->rt_runtime_err, -ENOENT);
	CU_ASSERT_TRUE(f->forced < 0);
	CU_ASSERT_FALSE(f->cpu_dir);
	CU_ASSERT_EQUAL(f->mounts_err, -ENOENT);
	check_gather_free(f);
}

static CU_TestInfo check_gather_tests[] = {
	{ "parsers", test_parsers },
	{ "hz_from_deltas", test_hz_from_deltas },
	{ "facts", test_facts },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("check_gather", NULL, NULL, check_gather_tests);
