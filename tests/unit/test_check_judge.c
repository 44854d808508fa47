// SPDX-License-Identifier: GPL-2.0-only
/* check/judge: every check judged on the gathered fake sysroots, with its typed value. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/judge.h"
#include "analysis/util.h"
#include "unit.h"

static struct check_gather_facts chkjt_facts;
static struct check_judge_report chkjt_report;

/* Gather and judge a fixture; returns how many checks. */
static size_t chkjt_run(const char *name)
{
	static char root[512];

	check_gather_free(&chkjt_facts);
	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	if (check_gather(&chkjt_facts, root, CHECK_GATHER_HZ_AUTO))
		return 0;
	check_judge_run(&chkjt_facts, &chkjt_report);
	return chkjt_report.n;
}

static const struct check_judge_result *chkjt_get(const char *name)
{
	const struct check_judge_result *r = check_judge_find(&chkjt_report, name);

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	return r;
}

/* The typed field @key of check @name, of type @type. */
static const struct check_judge_field *chkjt_field(const char *name, const char *key,
						   enum check_judge_type type)
{
	const struct check_judge_field *fl = check_judge_field(chkjt_get(name), key);

	CU_ASSERT_PTR_NOT_NULL_FATAL(fl);
	CU_ASSERT_EQUAL(fl->type, type);
	if (fl->type != type)
		fprintf(stderr, "\n%s.%s: type %d\n", name, key, fl->type);
	return fl;
}

#define CHKJT_IS(name, st, want)                                                \
	do {                                                                    \
		const struct check_judge_result *r_ = chkjt_get(name);          \
		CU_ASSERT_EQUAL(r_->status, st);                                \
		CU_ASSERT_PTR_NOT_NULL(strstr(r_->text, want));                 \
		if (r_->status != (st) || !strstr(r_->text, want))              \
			fprintf(stderr, "\n%s: %s %s\n", name,                  \
				check_judge_status_name(r_->status), r_->text); \
	} while (0)

static void test_parsers(void)
{
	char v[32];
	int major, minor;

	CU_ASSERT_EQUAL(check_judge_preempt_current("none voluntary (full) lazy", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "full");
	CU_ASSERT_EQUAL(check_judge_preempt_current("(none) voluntary full", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "none");
	CU_ASSERT_EQUAL(check_judge_preempt_current("none voluntary full", v, sizeof(v)), -EINVAL);
	CU_ASSERT_EQUAL(check_judge_preempt_current("none ()", v, sizeof(v)), -EINVAL);

	CU_ASSERT_EQUAL(check_judge_kernel_version("6.12.38-rt-amd64", &major, &minor), 0);
	CU_ASSERT_EQUAL(major, 6);
	CU_ASSERT_EQUAL(minor, 12);
	CU_ASSERT_EQUAL(check_judge_kernel_version("", &major, &minor), -EINVAL);
	CU_ASSERT_EQUAL(check_judge_kernel_version("six", &major, &minor), -EINVAL);
	CU_ASSERT_STRING_EQUAL(check_judge_status_name(CHECK_JUDGE_OK), "ok");
	CU_ASSERT_STRING_EQUAL(check_judge_status_name(CHECK_JUDGE_WARN), "warn");
	CU_ASSERT_STRING_EQUAL(check_judge_status_name(CHECK_JUDGE_UNKNOWN), "unknown");
}

/* Is the CPUS field @fl exactly the CPUs from @lo to @hi? */
static bool chkjt_cpus(const struct check_judge_field *fl, int lo, int hi)
{
	cpu_set_t want;

	CPU_ZERO(&want);
	for (; lo <= hi; lo++)
		CPU_SET(lo, &want);
	return fl->type == CHECK_JUDGE_CPUS && CPU_EQUAL(&fl->cpus, &want);
}

static void test_unthreaded(void)
{
	const struct check_judge_field *fl;

	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-unthreaded"), 17);
	CHKJT_IS("preempt_model", CHECK_JUDGE_UNKNOWN,
		 "dynamic, boot default none in /proc/config.gz");
	CU_ASSERT_EQUAL(chkjt_field("preempt_model", "value", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	CU_ASSERT_TRUE(chkjt_field("preempt_model", "dynamic", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_STRING_EQUAL(chkjt_field("preempt_model", "boot_model", CHECK_JUDGE_STR)->str,
			       "none");
	CHKJT_IS("hz", CHECK_JUDGE_OK, "250 (CONFIG_HZ in /proc/config.gz)");
	CU_ASSERT_EQUAL(chkjt_field("hz", "value", CHECK_JUDGE_INT)->i, 250);
	CU_ASSERT_STRING_EQUAL(chkjt_get("hz")->unit, "Hz");
	CU_ASSERT_STRING_EQUAL(chkjt_get("hz")->source, "config");
	CHKJT_IS("nohz", CHECK_JUDGE_OK, "idle");
	CU_ASSERT_STRING_EQUAL(chkjt_field("nohz", "value", CHECK_JUDGE_STR)->str, "idle");
	CHKJT_IS("threadirqs", CHECK_JUDGE_WARN, "no: no threadirqs");
	CU_ASSERT_FALSE(chkjt_field("threadirqs", "value", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("isolcpus", CHECK_JUDGE_WARN, "none");
	CU_ASSERT_EQUAL(CPU_COUNT(&chkjt_field("isolcpus", "value", CHECK_JUDGE_CPUS)->cpus), 0);
	CU_ASSERT_EQUAL(chkjt_field("isolcpus", "param", CHECK_JUDGE_NULL)->type, CHECK_JUDGE_NULL);
	CHKJT_IS("nohz_full", CHECK_JUDGE_OK, "none");
	CHKJT_IS("rcu_nocbs", CHECK_JUDGE_OK, "none");
	CHKJT_IS("cpufreq_governor", CHECK_JUDGE_OK, "none (no cpufreq");
	CU_ASSERT_STRING_EQUAL(chkjt_field("cpufreq_governor", "value", CHECK_JUDGE_STRS)->str, "");
	CU_ASSERT_EQUAL(chkjt_field("cpufreq_governor", "cpus", CHECK_JUDGE_INT)->i, 0);
	CHKJT_IS("cpuidle", CHECK_JUDGE_OK, "haltpoll/haltpoll: POLL 0 us, haltpoll idle 1 us");
	CU_ASSERT_EQUAL(chkjt_field("cpuidle", "value", CHECK_JUDGE_INT)->i, 1);
	CU_ASSERT_STRING_EQUAL(chkjt_field("cpuidle", "states", CHECK_JUDGE_STRS)->str,
			       "POLL\nhaltpoll idle");
	fl = chkjt_field("cpuidle", "exit_latency_us", CHECK_JUDGE_INTS);
	CU_ASSERT_TRUE(fl->nr_ints == 2 && fl->ints[0] == 0 && fl->ints[1] == 1);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "950000 of 1000000 us (95%): a runaway FIFO task is throttled to 950 ms per 1000 "
		 "ms");
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "runaway_fifo", CHECK_JUDGE_STR)->str,
			       "throttled");
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_INT)->i, 950000);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "period_us", CHECK_JUDGE_INT)->i, 1000000);
	CHKJT_IS("timer_slack", CHECK_JUDGE_OK, "50000 ns (the default)");
	CU_ASSERT_EQUAL(chkjt_field("timer_slack", "value", CHECK_JUDGE_INT)->i, 50000);
	CHKJT_IS("virtualization", CHECK_JUDGE_WARN,
		 "VM (hypervisor flag in /proc/cpuinfo, kvm-clock");
	CHKJT_IS("virtualization", CHECK_JUDGE_WARN, "steal 0.36 s since boot (0.02% of CPU time)");
	CU_ASSERT_TRUE(chkjt_field("virtualization", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_STRING_EQUAL(chkjt_field("virtualization", "hypervisor", CHECK_JUDGE_STR)->str,
			       "KVM");
	CU_ASSERT_STRING_EQUAL(chkjt_field("virtualization", "evidence", CHECK_JUDGE_STRS)->str,
			       "cpuinfo_flag\nkvm_clock\nsteal_time");
	fl = chkjt_field("virtualization", "steal_s", CHECK_JUDGE_NUM);
	CU_ASSERT_TRUE(fl->num > 0.355 && fl->num < 0.365);
	CHKJT_IS("smt", CHECK_JUDGE_OK, "off (control: notsupported)");
	CU_ASSERT_FALSE(chkjt_field("smt", "value", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("clocksource", CHECK_JUDGE_OK, "tsc");
	CU_ASSERT_TRUE(chkjt_field("clocksource", "fast", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("tracefs", CHECK_JUDGE_OK,
		 "/sys/kernel/tracing, writable, events 10/10 needed, 5/5");
	CU_ASSERT_EQUAL(chkjt_field("tracefs", "events_needed", CHECK_JUDGE_INT)->i, 10);
	CU_ASSERT_STRING_EQUAL(chkjt_field("tracefs", "missing_needed", CHECK_JUDGE_STRS)->str, "");
	CHKJT_IS("timerlat", CHECK_JUDGE_OK, "absent: rtla timerlat cannot run here (tracers: blk");
	CU_ASSERT_FALSE(chkjt_field("timerlat", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_PTR_NOT_NULL(strstr(chkjt_get("threadirqs")->hint, "threadirqs"));
	CU_ASSERT_TRUE(chkjt_get("hz")->why[0] != '\0');
	CU_ASSERT_EQUAL(chkjt_report.nr_warn, 3);
	CU_ASSERT_EQUAL(chkjt_report.nr_unknown, 2);
	CU_ASSERT_STRING_EQUAL(chkjt_report.verdict,
			       "3 warnings (threadirqs, isolcpus, virtualization): each is a cause "
			       "of latency you can remove; could not tell: preempt_model, "
			       "fair_server (not readable here)");
}

static void test_rt(void)
{
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-rt"), 17);
	CHKJT_IS("preempt_model", CHECK_JUDGE_OK, "rt (PREEMPT_RT in uname -v)");
	CU_ASSERT_STRING_EQUAL(chkjt_field("preempt_model", "value", CHECK_JUDGE_STR)->str, "rt");
	CU_ASSERT_STRING_EQUAL(chkjt_get("preempt_model")->source, "uname");
	CHKJT_IS("hz", CHECK_JUDGE_OK, "1000 (CONFIG_HZ in /boot/config-6.12.38-rt-amd64)");
	CHKJT_IS("nohz", CHECK_JUDGE_OK, "full capable");
	CHKJT_IS("threadirqs", CHECK_JUDGE_OK, "yes: PREEMPT_RT kernel");
	CU_ASSERT_TRUE(chkjt_field("threadirqs", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_STRING_EQUAL(chkjt_get("threadirqs")->source, "uname");
	CHKJT_IS("isolcpus", CHECK_JUDGE_OK, "2-3 (isolcpus=managed_irq,domain,2-3)");
	CU_ASSERT_TRUE(chkjt_cpus(chkjt_field("isolcpus", "value", CHECK_JUDGE_CPUS), 2, 3));
	CU_ASSERT_STRING_EQUAL(chkjt_field("isolcpus", "param", CHECK_JUDGE_STR)->str,
			       "managed_irq,domain,2-3");
	CHKJT_IS("nohz_full", CHECK_JUDGE_OK, "2-3");
	CU_ASSERT_TRUE(chkjt_cpus(chkjt_field("nohz_full", "value", CHECK_JUDGE_CPUS), 2, 3));
	CHKJT_IS("rcu_nocbs", CHECK_JUDGE_OK, "2-3");
	CU_ASSERT_TRUE(chkjt_cpus(chkjt_field("rcu_nocbs", "value", CHECK_JUDGE_CPUS), 2, 3));
	CHKJT_IS("cpufreq_governor", CHECK_JUDGE_OK, "performance (4 CPUs)");
	CU_ASSERT_STRING_EQUAL(chkjt_field("cpufreq_governor", "value", CHECK_JUDGE_STRS)->str,
			       "performance");
	CHKJT_IS("cpuidle", CHECK_JUDGE_WARN, "intel_idle/menu: POLL 0 us, C1 2 us, C6 133 us");
	CU_ASSERT_EQUAL(chkjt_field("cpuidle", "value", CHECK_JUDGE_INT)->i, 133);
	/* a 6.12 kernel: its fair server runs the fair tasks (debugfs is not in this tree) */
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "off (sched_rt_runtime_us = -1): a runaway FIFO task is not throttled, but fair "
		 "tasks still get the fair server's runtime (6.12 has one");
	CHKJT_IS("fair_server", CHECK_JUDGE_UNKNOWN,
		 "unreadable: no /sys/kernel/debug/sched (debugfs not mounted); kernel 6.12 has "
		 "one");
	CU_ASSERT_TRUE(chkjt_field("fair_server", "kernel_has_server", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	CHKJT_IS("timer_slack", CHECK_JUDGE_OK, "1 ns");
	CHKJT_IS("virtualization", CHECK_JUDGE_OK, "no hypervisor seen");
	CU_ASSERT_FALSE(chkjt_field("virtualization", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("virtualization", "hypervisor", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	CHKJT_IS("smt", CHECK_JUDGE_WARN, "on");
	CU_ASSERT_TRUE(chkjt_field("smt", "value", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("timerlat", CHECK_JUDGE_OK, "present");
	CU_ASSERT_TRUE(chkjt_field("timerlat", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_STRING_EQUAL(chkjt_get("hz")->hint, ""); /* HZ=1000: nothing to do */
}

static void test_threadirqs_and_missing(void)
{
	size_t n, i, unknown = 0, null_values = 0;

	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-threadirqs"), 17);
	CU_ASSERT_PTR_NULL(chkjt_facts.kconfig);
	CHKJT_IS("preempt_model", CHECK_JUDGE_OK, "full (/sys/kernel/debug/sched/preempt)");
	CU_ASSERT_STRING_EQUAL(chkjt_get("preempt_model")->source, "debugfs");
	CHKJT_IS("hz", CHECK_JUDGE_UNKNOWN, "no kernel config under the sysroot");
	CU_ASSERT_EQUAL(chkjt_field("hz", "value", CHECK_JUDGE_NULL)->type, CHECK_JUDGE_NULL);
	CU_ASSERT_PTR_NULL(chkjt_get("hz")->source);
	CHKJT_IS("threadirqs", CHECK_JUDGE_OK, "yes: threadirqs on the kernel command line");
	CU_ASSERT_STRING_EQUAL(chkjt_get("threadirqs")->source, "cmdline");
	CHKJT_IS("cpufreq_governor", CHECK_JUDGE_WARN, "schedutil (2 CPUs)");
	CHKJT_IS("cpuidle", CHECK_JUDGE_OK, "no cpuidle driver");
	CU_ASSERT_EQUAL(chkjt_field("cpuidle", "value", CHECK_JUDGE_NULL)->type, CHECK_JUDGE_NULL);
	CHKJT_IS("timer_slack", CHECK_JUDGE_WARN, "200000 ns");
	CHKJT_IS("clocksource", CHECK_JUDGE_WARN, "hpet");
	CU_ASSERT_FALSE(chkjt_field("clocksource", "fast", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("tracefs", CHECK_JUDGE_WARN, "not mounted");
	CU_ASSERT_FALSE(chkjt_field("tracefs", "mounted", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_UNKNOWN, "unreadable");

	n = chkjt_run("sysroot-missing");
	CU_ASSERT_EQUAL_FATAL(n, 17);
	for (i = 0; i < n; i++) {
		unknown += chkjt_report.res[i].status == CHECK_JUDGE_UNKNOWN;
		null_values += chkjt_report.res[i].fields[0].type == CHECK_JUDGE_NULL;
		CU_ASSERT_STRING_EQUAL(chkjt_report.res[i].fields[0].key, "value");
	}
	CU_ASSERT_EQUAL(unknown, 17);	  /* nothing is claimed without having been read... */
	CU_ASSERT_EQUAL(null_values, 17); /* ...and no value is made up */
	CHKJT_IS("threadirqs", CHECK_JUDGE_UNKNOWN, "/proc/cmdline unreadable");
}

static void test_throttling_and_fair_server(void)
{
	struct check_gather_facts *f = &chkjt_facts;

	/* 6.12, throttling off, the fair server readable: 50 ms per 1 s on each CPU */
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-fairserver"), 17);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "off (sched_rt_runtime_us = -1): a runaway FIFO task is not throttled, but fair "
		 "tasks still get the fair server's 50 ms per 1000 ms");
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL); /* -1 is "no limit": null, not -1 */
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "period_us", CHECK_JUDGE_INT)->i, 1000000);
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "runaway_fifo", CHECK_JUDGE_STR)->str,
			       "fair_server");
	CHKJT_IS("fair_server", CHECK_JUDGE_OK, "on: 50 ms per 1000 ms on each of 4 CPUs");
	CU_ASSERT_TRUE(chkjt_field("fair_server", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("fair_server", "runtime_ns", CHECK_JUDGE_INT)->i, 50000000);
	CU_ASSERT_EQUAL(chkjt_field("fair_server", "period_ns", CHECK_JUDGE_INT)->i, 1000000000);
	CU_ASSERT_EQUAL(chkjt_field("fair_server", "cpus", CHECK_JUDGE_INT)->i, 4);
	CU_ASSERT_STRING_EQUAL(chkjt_get("fair_server")->source, "debugfs");
	CU_ASSERT_EQUAL(chkjt_report.nr_warn, 1); /* threadirqs */

	/* one CPU with less: the least is what a runaway task leaves the fair tasks */
	f->fair_runtime_ns[1] = 20000000;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("fair_server", CHECK_JUDGE_OK,
		 "on: at least 20 ms per 1000 ms on each of 4 CPUs (CPU 1 the least)");
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "fair server's 20 ms per 1000 ms");
	/* one CPU without: a runaway FIFO task hangs that CPU */
	f->fair_runtime_ns[2] = 0;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("fair_server", CHECK_JUDGE_OK, "off on 1 of 4 CPUs (runtime 0)");
	CU_ASSERT_FALSE(chkjt_field("fair_server", "value", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_WARN,
		 "off (sched_rt_runtime_us = -1) and the fair server off on 1 CPU (runtime 0): a "
		 "runaway FIFO task keeps its CPU, nothing else runs there again");
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "runaway_fifo", CHECK_JUDGE_STR)->str,
			       "hangs_cpu");
	CU_ASSERT_PTR_NOT_NULL(
		strstr(chkjt_get("rt_throttling")->hint, "fair_server/cpuN/runtime"));
	/* not readable, as on this VM (EPERM even for root): a 6.12 kernel still has one */
	f->nr_fair = 0;
	f->fair_err = -EPERM;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("fair_server", CHECK_JUDGE_UNKNOWN,
		 "unreadable (/sys/kernel/debug/sched/fair_server/cpu0/runtime: Operation not "
		 "permitted); kernel 6.12 has one");
	CU_ASSERT_EQUAL(chkjt_field("fair_server", "value", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "the fair server's runtime (6.12 has one");
	/* ...and no kernel version: nobody can tell */
	f->release[0] = '\0';
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_UNKNOWN, "kernel version unreadable");
	CU_ASSERT_EQUAL(chkjt_field("fair_server", "kernel_has_server", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	/* throttling on: the fair server does not matter */
	f->rt_runtime_us = 950000;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "throttled to 950 ms per 1000 ms");

	/* 6.1: no fair server at all; throttling off there can hang a CPU */
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-threadirqs"), 17);
	CHKJT_IS("fair_server", CHECK_JUDGE_OK, "absent: kernel 6.1 is older than 6.12");
	CU_ASSERT_FALSE(chkjt_field("fair_server", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_FALSE(chkjt_field("fair_server", "kernel_has_server", CHECK_JUDGE_BOOL)->b);
	f->rt_runtime_err = 0;
	f->rt_runtime_us = -1;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_WARN,
		 "off (sched_rt_runtime_us = -1) and no fair server (6.1 is older than 6.12): a "
		 "runaway FIFO task keeps its CPU, nothing else runs there again");
	CU_ASSERT_PTR_NOT_NULL(strstr(chkjt_get("rt_throttling")->hint,
				      "echo 950000 > /proc/sys/kernel/sched_rt_runtime_us"));
}

static CU_TestInfo check_judge_tests[] = {
	{ "parsers", test_parsers },
	{ "unthreaded", test_unthreaded },
	{ "rt", test_rt },
	{ "threadirqs_and_missing", test_threadirqs_and_missing },
	{ "throttling_and_fair_server", test_throttling_and_fair_server },
	CU_TEST_INFO_NULL,
};

static int chkjt_cleanup(void)
{
	check_gather_free(&chkjt_facts);
	return 0;
}

UNIT_SUITE("check_judge", NULL, chkjt_cleanup, check_judge_tests);
