// SPDX-License-Identifier: GPL-2.0-only
/* check/judge: every check judged on the gathered fake sysroots, with its typed value. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/judge.h"
#include "rtwhy/host/kernel.h"
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

	CU_ASSERT_EQUAL(host_kernel_preempt_current("none voluntary (full) lazy", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "full");
	CU_ASSERT_EQUAL(host_kernel_preempt_current("(none) voluntary full", v, sizeof(v)), 0);
	CU_ASSERT_STRING_EQUAL(v, "none");
	CU_ASSERT_EQUAL(host_kernel_preempt_current("none voluntary full", v, sizeof(v)), -EINVAL);
	CU_ASSERT_EQUAL(host_kernel_preempt_current("none ()", v, sizeof(v)), -EINVAL);

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

	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-unthreaded"), 18);
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
	/* this VM's kernel (CONFIG_RT_GROUP_SCHED=y) with no cgroup v1 cpu mounted */
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "on (CONFIG_RT_GROUP_SCHED): a runaway FIFO task is throttled to the root cpu "
		 "cgroup's cpu.rt_runtime_us per cpu.rt_period_us (950 ms per 1000 ms unless "
		 "changed); not readable: no cgroup v1 cpu controller is mounted (cgroup v2 has no "
		 "RT files)");
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "runaway_fifo", CHECK_JUDGE_STR)->str,
			       "throttled");
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "knob", CHECK_JUDGE_STR)->str,
			       "cpu.rt_runtime_us");
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL); /* the sysctl's 950000 is not the budget */
	CU_ASSERT_STRING_EQUAL(chkjt_get("rt_throttling")->source, "config");
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
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-rt"), 18);
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

	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-threadirqs"), 18);
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
	CU_ASSERT_EQUAL_FATAL(n, 18);
	for (i = 0; i < n; i++) {
		unknown += chkjt_report.res[i].status == CHECK_JUDGE_UNKNOWN;
		null_values += chkjt_report.res[i].fields[0].type == CHECK_JUDGE_NULL;
		CU_ASSERT_STRING_EQUAL(chkjt_report.res[i].fields[0].key, "value");
	}
	CU_ASSERT_EQUAL(unknown, 18);	  /* nothing is claimed without having been read... */
	CU_ASSERT_EQUAL(null_values, 18); /* ...and no value is made up */
	CHKJT_IS("threadirqs", CHECK_JUDGE_UNKNOWN, "/proc/cmdline unreadable");
}

static void test_throttling_and_fair_server(void)
{
	struct check_gather_facts *f = &chkjt_facts;

	/* 6.12, throttling off, the fair server readable: 50 ms per 1 s on each CPU */
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-fairserver"), 18);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "off (sched_rt_runtime_us = -1): a runaway FIFO task is not throttled, but fair "
		 "tasks still get the fair server's 50 ms per 1000 ms");
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL); /* -1 is "no limit": null, not -1 */
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "period_us", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "runaway_fifo", CHECK_JUDGE_STR)->str,
			       "fair_server");
	CU_ASSERT_STRING_EQUAL(chkjt_field("rt_throttling", "knob", CHECK_JUDGE_STR)->str,
			       "fair_server");
	/* no kernel config: -1 switches throttling off with or without RT group scheduling */
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
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
	/* throttling on, but no version nor config: which knob sets the budget is unknown */
	f->rt_runtime_us = 950000;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_UNKNOWN,
		 "sched_rt_runtime_us = 950000; no kernel version or config to tell which knob "
		 "sets the RT budget");
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "value", CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
	/* 6.12 with no config: the root cpu cgroup, or nothing but the fair server */
	snprintf(f->release, sizeof(f->release), "6.12.43+deb13-amd64");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS(
		"rt_throttling", CHECK_JUDGE_UNKNOWN,
		"sched_rt_runtime_us = 950000 sets no budget on 6.12+: with CONFIG_RT_GROUP_SCHED "
		"the root cpu cgroup's cpu.rt_runtime_us throttles a runaway FIFO task, without it "
		"only the fair server stops it (no kernel config to tell)");

	/* 6.1: no fair server at all; throttling off there can hang a CPU */
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-threadirqs"), 18);
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

/* Replace the gathered kernel config (NULL: none). */
static void chkjt_config(struct check_gather_facts *f, const char *text)
{
	free(f->kconfig);
	f->kconfig = text ? strdup(text) : NULL;
}

static void chkjt_str_is(const char *key, const char *want)
{
	const struct check_judge_field *fl = chkjt_field("rt_throttling", key, CHECK_JUDGE_STR);

	CU_ASSERT_STRING_EQUAL(fl->str, want);
}

static void chkjt_null(const char *key)
{
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", key, CHECK_JUDGE_NULL)->type,
			CHECK_JUDGE_NULL);
}

/* CONFIG_RT_GROUP_SCHED (6.18, this VM): the root cpu cgroup sets the budget. */
static void test_rt_group(void)
{
	struct check_gather_facts *f = &chkjt_facts;
	const struct check_judge_result *r;

	/* rtwhy in a child cpu cgroup without RT runtime: SCHED_FIFO is refused there */
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-rtgroup"), 18);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_WARN,
		 "950000 of 1000000 us (95%) on each CPU for the root cpu cgroup: a runaway FIFO "
		 "task there is throttled to 950 ms per 1000 ms "
		 "(/sys/fs/cgroup/cpu/cpu.rt_runtime_us; "
		 "sched_rt_runtime_us = 950000 only caps it, -1 turns it off); rtwhy's cpu cgroup "
		 "/user.slice has 0 us, so no thread there can be made SCHED_FIFO (EPERM)");
	r = chkjt_get("rt_throttling");
	CU_ASSERT_STRING_EQUAL(r->source, "cgroup");
	CU_ASSERT_PTR_NOT_NULL(strstr(r->hint, "echo $$ > /sys/fs/cgroup/cpu/tasks"));
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_INT)->i, 950000);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "period_us", CHECK_JUDGE_INT)->i, 1000000);
	chkjt_str_is("runaway_fifo", "throttled");
	chkjt_str_is("knob", "cpu.rt_runtime_us");
	chkjt_str_is("cgroup", "/user.slice");
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "cgroup_runtime_us", CHECK_JUDGE_INT)->i, 0);

	/* in the root group, as on this VM: exactly what a runaway FIFO task gets */
	snprintf(f->self_cgroup, sizeof(f->self_cgroup), "/");
	check_judge_run(f, &chkjt_report);
	r = chkjt_get("rt_throttling");
	CU_ASSERT_EQUAL(r->status, CHECK_JUDGE_OK);
	CU_ASSERT_STRING_EQUAL(
		r->text, "950000 of 1000000 us (95%) on each CPU for the root cpu cgroup: a "
			 "runaway FIFO task there is throttled to 950 ms per 1000 ms "
			 "(/sys/fs/cgroup/cpu/cpu.rt_runtime_us; sched_rt_runtime_us = 950000 "
			 "only caps it, -1 turns it off)");
	CU_ASSERT_STRING_EQUAL(r->hint, "");
	chkjt_str_is("cgroup", "/");
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "cgroup_runtime_us", CHECK_JUDGE_INT)->i,
			950000);
	/* a child group with a budget of its own */
	snprintf(f->self_cgroup, sizeof(f->self_cgroup), "/rt");
	f->self_runtime_us = 200000;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "only caps it, -1 turns it off); rtwhy's cpu "
		 "cgroup /rt has 200000 us");
	f->self_runtime_err = -EACCES;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "; rtwhy's cpu cgroup /rt: cpu.rt_runtime_us unreadable (Permission denied)");
	chkjt_null("cgroup_runtime_us");
	snprintf(f->self_cgroup, sizeof(f->self_cgroup), "/");

	/* the root cgroup's value is the budget; the sysctl only caps it (measured on 6.18) */
	f->cg_runtime_us = 900000;
	f->rt_runtime_us = 1000000;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "900000 of 1000000 us (90%) on each CPU for the root cpu cgroup: a runaway FIFO "
		 "task there is throttled to 900 ms per 1000 ms "
		 "(/sys/fs/cgroup/cpu/cpu.rt_runtime_us; "
		 "sched_rt_runtime_us = 1000000 only caps it");
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_INT)->i, 900000);
	/* before 5.10 RT_RUNTIME_SHARE let a CPU borrow: say so */
	snprintf(f->release, sizeof(f->release), "5.4.0-150-generic");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS(
		"rt_throttling", CHECK_JUDGE_OK,
		"throttled to 900 ms per 1000 ms, or runs on while other CPUs lend it their budget "
		"(RT_RUNTIME_SHARE, on by default before 5.10) (/sys/fs/cgroup/cpu/");
	snprintf(f->release, sizeof(f->release), "6.18.44-fc-v669");

	/* -1 in the sysctl switches the accounting off, whatever the groups say */
	f->rt_runtime_us = -1;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "off (sched_rt_runtime_us = -1): a runaway FIFO task is not throttled, but fair "
		 "tasks still get the fair server's runtime (6.18 has one");
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	chkjt_null("runtime_us");
	chkjt_str_is("knob", "fair_server");
	CU_ASSERT_STRING_EQUAL(chkjt_get("rt_throttling")->source, "sysctl");
	/* ...and so does -1 in the root group */
	f->rt_runtime_us = 1000000;
	f->cg_runtime_us = -1;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "off (cpu.rt_runtime_us = -1 in the root cpu cgroup): a runaway FIFO task is not "
		 "throttled");
	f->cg_runtime_us = 950000;
	f->rt_runtime_us = 950000;

	/* the cpu controller mounted without the files: RT groups disabled at boot */
	f->cg_runtime_err = -ENOENT;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "950000 of 1000000 us (95%) on each CPU: a runaway FIFO task is throttled to 950 "
		 "ms per 1000 ms, fixed at boot: RT group scheduling is off (no cpu.rt_runtime_us "
		 "in /sys/fs/cgroup/cpu), so no cpu.rt_runtime_us changes it and only "
		 "sched_rt_runtime_us = -1 turns it off");
	chkjt_null("knob");
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_INT)->i, 950000);
	/* not mounted: rt_group_sched= and CONFIG_RT_GROUP_SCHED_DEFAULT_DISABLED tell */
	f->cpu_cgroup_dir[0] = '\0';
	snprintf(f->cmdline, sizeof(f->cmdline), "quiet rt_group_sched=0");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "RT group scheduling is off (rt_group_sched=0)");
	CU_ASSERT_STRING_EQUAL(chkjt_get("rt_throttling")->source, "cmdline");
	chkjt_config(f, "CONFIG_CGROUP_SCHED=y\nCONFIG_RT_GROUP_SCHED=y\n"
			"CONFIG_RT_GROUP_SCHED_DEFAULT_DISABLED=y\n");
	f->cmdline[0] = '\0';
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "RT group scheduling is off (CONFIG_RT_GROUP_SCHED_DEFAULT_DISABLED)");
	CU_ASSERT_STRING_EQUAL(chkjt_get("rt_throttling")->source, "config");
	snprintf(f->cmdline, sizeof(f->cmdline), "rt_group_sched=1");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "on (CONFIG_RT_GROUP_SCHED): a runaway FIFO task is throttled to the root cpu "
		 "cgroup's cpu.rt_runtime_us per cpu.rt_period_us (950 ms per 1000 ms unless "
		 "changed); not readable: no cgroup v1 cpu controller is mounted");
	chkjt_str_is("knob", "cpu.rt_runtime_us");
	chkjt_null("runtime_us");
	chkjt_null("cgroup");
	/* a kernel without the boot switch ignores rt_group_sched= */
	chkjt_config(f, "CONFIG_CGROUP_SCHED=y\nCONFIG_RT_GROUP_SCHED=y\n");
	snprintf(f->cmdline, sizeof(f->cmdline), "rt_group_sched=0");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "on (CONFIG_RT_GROUP_SCHED)");
	/* mounted but unreadable */
	snprintf(f->cpu_cgroup_dir, sizeof(f->cpu_cgroup_dir), "/sys/fs/cgroup/cpu,cpuacct");
	f->cg_runtime_err = -EACCES;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "not readable: /sys/fs/cgroup/cpu,cpuacct/cpu.rt_runtime_us: Permission denied");
	/* 6.1 with CONFIG_RT_GROUP_SCHED: there too the root group's value, not the sysctl */
	snprintf(f->release, sizeof(f->release), "6.1.0-57-amd64");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "throttled to the root cpu cgroup's");
	/* the files alone tell CONFIG_RT_GROUP_SCHED when there is no config */
	chkjt_config(f, NULL);
	f->cg_runtime_err = 0;
	check_judge_run(f, &chkjt_report);
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "950000 of 1000000 us (95%) on each CPU for "
		 "the root cpu cgroup");
}

/* Without CONFIG_RT_GROUP_SCHED: the sysctl up to 6.11, no RT throttling from 6.12. */
static void test_rt_no_group(void)
{
	struct check_gather_facts *f = &chkjt_facts;
	const struct check_judge_result *r;

	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-nortgroup"), 18);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "none (6.12+ without CONFIG_RT_GROUP_SCHED): a runaway FIFO task is not "
		 "throttled, but fair tasks still get the fair server's 50 ms per 1000 ms; "
		 "sched_rt_runtime_us only caps SCHED_DEADLINE bandwidth");
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	chkjt_null("runtime_us");
	chkjt_null("period_us");
	chkjt_null("cgroup");
	chkjt_str_is("runaway_fifo", "fair_server");
	chkjt_str_is("knob", "fair_server");
	CU_ASSERT_STRING_EQUAL(chkjt_get("rt_throttling")->source, "config");
	CHKJT_IS("fair_server", CHECK_JUDGE_OK, "on: 50 ms per 1000 ms on each of 2 CPUs");
	/* the sysctl changes nothing there, not even -1, nor unreadable */
	f->rt_runtime_us = -1;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "none (6.12+ without CONFIG_RT_GROUP_SCHED)");
	f->rt_runtime_err = -ENOENT;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK, "none (6.12+ without CONFIG_RT_GROUP_SCHED)");
	/* a fair server off: nothing stops a runaway FIFO task, and no sysctl helps */
	f->fair_runtime_ns[1] = 0;
	check_judge_run(f, &chkjt_report);
	r = chkjt_get("rt_throttling");
	CHKJT_IS("rt_throttling", CHECK_JUDGE_WARN,
		 "none (6.12+ without CONFIG_RT_GROUP_SCHED) and the fair server off on 1 CPU "
		 "(runtime 0): a runaway FIFO task keeps its CPU");
	chkjt_str_is("runaway_fifo", "hangs_cpu");
	chkjt_null("knob");
	CU_ASSERT_PTR_NOT_NULL(strstr(r->hint, "fair_server/cpuN/runtime"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r->hint, "CONFIG_RT_GROUP_SCHED=y"));
	CU_ASSERT_PTR_NULL(strstr(r->hint, "sched_rt_runtime_us"));
	/* debugfs refused: the kernel's default server */
	f->nr_fair = 0;
	f->fair_err = -EPERM;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "fair tasks still get the fair server's runtime (6.12 has one: 50 ms per 1000 ms "
		 "unless changed); sched_rt_runtime_us only caps");

	/* 6.1 (Debian 12, as booted in the kernel lab): the sysctl is each CPU's budget */
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-6.1"), 18);
	r = chkjt_get("rt_throttling");
	CU_ASSERT_EQUAL(r->status, CHECK_JUDGE_OK);
	CU_ASSERT_STRING_EQUAL(r->text,
			       "950000 of 1000000 us (95%) on each CPU: a runaway FIFO task is "
			       "throttled to 950 ms per 1000 ms (sched_rt_runtime_us / "
			       "sched_rt_period_us)");
	CU_ASSERT_STRING_EQUAL(r->source, "sysctl");
	CU_ASSERT_TRUE(chkjt_field("rt_throttling", "value", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "runtime_us", CHECK_JUDGE_INT)->i, 950000);
	CU_ASSERT_EQUAL(chkjt_field("rt_throttling", "period_us", CHECK_JUDGE_INT)->i, 1000000);
	chkjt_str_is("knob", "sched_rt_runtime_us");
	chkjt_str_is("runaway_fifo", "throttled");
	CHKJT_IS("fair_server", CHECK_JUDGE_OK, "absent: kernel 6.1 is older than 6.12");
	f->rt_runtime_us = 900000;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "900000 of 1000000 us (90%) on each CPU: a "
		 "runaway FIFO task is throttled to 900 ms");
	/* 6.1 at -1: nothing stops it */
	f->rt_runtime_us = -1;
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_WARN,
		 "off (sched_rt_runtime_us = -1) and no fair "
		 "server (6.1 is older than 6.12)");
	f->rt_runtime_us = 950000;
	/* CONFIG_CGROUP_SCHED off: no RT groups either */
	chkjt_config(f, "# CONFIG_CGROUP_SCHED is not set\n");
	check_judge_run(f, &chkjt_report);
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	chkjt_str_is("knob", "sched_rt_runtime_us");
	/* no config: before 6.12 throttled either way, by the sysctl or the root cgroup */
	chkjt_config(f, NULL);
	check_judge_run(f, &chkjt_report);
	CHKJT_IS("rt_throttling", CHECK_JUDGE_OK,
		 "950000 of 1000000 us (95%) in sched_rt_runtime_us: a runaway FIFO task is "
		 "throttled, to that without CONFIG_RT_GROUP_SCHED, else to the root cpu cgroup's "
		 "cpu.rt_runtime_us (no kernel config to tell)");
	chkjt_null("rt_group_sched");
	chkjt_null("knob");
	chkjt_null("runtime_us");
	chkjt_str_is("runaway_fifo", "throttled");
	/* ...unless the cpu controller has no RT files: before 6.12 that means none */
	snprintf(f->cpu_cgroup_dir, sizeof(f->cpu_cgroup_dir), "/sys/fs/cgroup/cpu");
	f->cg_runtime_err = -ENOENT;
	check_judge_run(f, &chkjt_report);
	CU_ASSERT_FALSE(chkjt_field("rt_throttling", "rt_group_sched", CHECK_JUDGE_BOOL)->b);
	chkjt_str_is("knob", "sched_rt_runtime_us");
	/* and before 5.10 RT_RUNTIME_SHARE lent other CPUs' budget */
	snprintf(f->release, sizeof(f->release), "5.4.0-150-generic");
	check_judge_run(f, &chkjt_report);
	CHKJT_IS(
		"rt_throttling", CHECK_JUDGE_OK,
		"throttled to 950 ms per 1000 ms, or runs on while other CPUs lend it their budget "
		"(RT_RUNTIME_SHARE, on by default before 5.10) (sched_rt_runtime_us / "
		"sched_rt_period_us)");
}

/* The cgroups of --pid's task: nested quota, RT runtime 0, a cpuset without -a's CPU 0. */
static void test_cgroup(void)
{
	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-cgroup-v1"), 18);
	/* rtwhy's own (/proc/self/cgroup is not in the tree): not found, unknown */
	CHKJT_IS("cgroup", CHECK_JUDGE_UNKNOWN, "rtwhy's cpu cgroup not found");
	check_gather_cgroup(&chkjt_facts, 100, "0-1");
	check_judge_run(&chkjt_facts, &chkjt_report);
	CHKJT_IS("cgroup", CHECK_JUDGE_WARN,
		 "pid 100's cpu cgroup /kubepods/pod1/ctr (v1): CPU quota 30000 us every 100000 us "
		 "(0.30 CPUs, set on /kubepods/pod1)");
	CHKJT_IS("cgroup", CHECK_JUDGE_WARN, "cpu.rt_runtime_us 0");
	CHKJT_IS("cgroup", CHECK_JUDGE_WARN, "-a 0-1: CPU 0 not in its cpuset");
	CU_ASSERT_STRING_EQUAL(chkjt_field("cgroup", "value", CHECK_JUDGE_STR)->str,
			       "/kubepods/pod1/ctr");
	CU_ASSERT_EQUAL(chkjt_field("cgroup", "quota_us", CHECK_JUDGE_INT)->i, 30000);
	CU_ASSERT_EQUAL(chkjt_field("cgroup", "rt_runtime_us", CHECK_JUDGE_INT)->i, 0);
	CU_ASSERT_STRING_EQUAL(chkjt_field("cgroup", "cpus", CHECK_JUDGE_STR)->str, "1");
	CU_ASSERT_PTR_NOT_NULL(strstr(chkjt_get("cgroup")->hint, "cpu.max"));
	CU_ASSERT_PTR_NOT_NULL(strstr(chkjt_get("cgroup")->hint, "--cpuset-cpus"));
	/* -a within the cpuset, a group without quota: nothing to warn of */
	check_gather_cgroup(&chkjt_facts, 100, "1");
	check_judge_run(&chkjt_facts, &chkjt_report);
	CU_ASSERT_PTR_NULL(strstr(chkjt_get("cgroup")->text, "not in its cpuset"));

	CU_ASSERT_EQUAL_FATAL(chkjt_run("sysroot-cgroup-v2"), 18);
	check_gather_cgroup(&chkjt_facts, 200, "2");
	check_judge_run(&chkjt_facts, &chkjt_report);
	CHKJT_IS("cgroup", CHECK_JUDGE_WARN,
		 "pid 200's cpu cgroup /system.slice/app.service (v2): CPU quota 50000 us every "
		 "100000 us (0.50 CPUs");
	CU_ASSERT_PTR_NULL(strstr(chkjt_get("cgroup")->text, "rt_runtime"));
	CU_ASSERT_STRING_EQUAL(chkjt_get("cgroup")->source, "cgroup_v2");
}

static CU_TestInfo check_judge_tests[] = {
	{ "cgroup: quota, RT runtime, cpuset (v1, v2)", test_cgroup },
	{ "parsers", test_parsers },
	{ "unthreaded", test_unthreaded },
	{ "rt", test_rt },
	{ "threadirqs_and_missing", test_threadirqs_and_missing },
	{ "throttling_and_fair_server", test_throttling_and_fair_server },
	{ "rt_group", test_rt_group },
	{ "rt_no_group", test_rt_no_group },
	CU_TEST_INFO_NULL,
};

static int chkjt_cleanup(void)
{
	check_gather_free(&chkjt_facts);
	return 0;
}

UNIT_SUITE("check_judge", NULL, chkjt_cleanup, check_judge_tests);
