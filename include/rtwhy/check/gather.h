/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check/gather - everything "rtwhy check" reads, once, into one struct of
 * facts: uname, the kernel command line and config (/proc/config.gz through
 * zlib, else /boot/config-<release>), and the /proc, /sys and tracefs files
 * of every check. Only facts: what they mean is check/judge's.
 *
 * Everything is read under a root prefix (/proc, /sys, /boot), so the unit
 * tests gather fake trees; only measuring HZ (when no kernel config says it
 * and --hz-from allows) looks at the live kernel, through tsession.
 * Nothing missing is an error: each fact says whether it was read.
 */
#ifndef RTWHY_CHECK_GATHER_H
#define RTWHY_CHECK_GATHER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

#define CHECK_GATHER_MAX_IDLE	 16 /* idle states of cpu0 */
#define CHECK_GATHER_DETAIL_LEN	 128
#define CHECK_GATHER_CPULIST_LEN 256

/* Where the HZ comes from (--hz-from). */
enum check_gather_hz_from {
	CHECK_GATHER_HZ_AUTO,	    /* config, else timer_list, else ticks */
	CHECK_GATHER_HZ_CONFIG,	    /* CONFIG_HZ of /proc/config.gz or /boot/config-<release> */
	CHECK_GATHER_HZ_TIMER_LIST, /* jiffies in /proc/timer_list over 400 ms (root) */
	CHECK_GATHER_HZ_TICKS,	    /* tick hrtimer expiries traced for 400 ms (root) */
};

/* One way of measuring HZ on the live kernel. */
struct check_gather_hz {
	bool tried;
	int err; /* 0: @hz holds the result */
	int hz;
	char detail[CHECK_GATHER_DETAIL_LEN]; /* how it was measured, or why it failed */
};

struct check_gather_idle_state {
	char name[64];
	long long latency_us; /* exit latency, -1 unreadable */
	bool disabled;
};

struct check_gather_facts {
	const char *root;
	bool live; /* @root is "": the running kernel may be measured */
	enum check_gather_hz_from hz_from;
	bool euid_root; /* live and root: tracing is allowed */

	/* what every check may look at */
	char release[128];  /* uname -r, "" unreadable */
	char version[256];  /* uname -v, "" unreadable */
	char cmdline[4096]; /* /proc/cmdline, "" unreadable */
	char *kconfig;	    /* kernel config text, NULL if none found */
	char kconfig_src[160];
	int nr_cpus;  /* online, 0 unknown */
	bool cpu_dir; /* /sys/devices/system/cpu exists */

	/* preempt_model: /sys/kernel/debug/sched/preempt */
	int preempt_err;
	char preempt[128];

	/* hz, when measured */
	struct check_gather_hz hz_timer_list;
	struct check_gather_hz hz_ticks;

	/* nohz */
	bool nohz_full_file; /* /sys/devices/system/cpu/nohz_full exists */

	/* threadirqs: host_kernel_forced_threading() */
	int forced;
	char forced_why[128];

	/* isolcpus, nohz_full ("" and "(null)" read as "") */
	bool isolated_read;
	char isolated[CHECK_GATHER_CPULIST_LEN];
	bool nohz_full_read;
	char nohz_full[CHECK_GATHER_CPULIST_LEN];

	/* cpufreq_governor: scaling_governor of each online CPU */
	int nr_governed;     /* CPUs with a readable governor */
	char governors[256]; /* the distinct ones, space-separated, in CPU order */

	/* cpuidle: cpu0's states */
	char idle_driver[64];
	char idle_governor[64];
	struct check_gather_idle_state idle[CHECK_GATHER_MAX_IDLE];
	int nr_idle;

	/* rt_throttling: /proc/sys/kernel/sched_rt_{runtime,period}_us */
	int rt_runtime_err;
	long long rt_runtime_us;
	int rt_period_err;
	long long rt_period_us;
	/*
	 * ...and, with the cgroup v1 cpu controller mounted, the RT budget of
	 * its root group (CONFIG_RT_GROUP_SCHED: cpu.rt_{runtime,period}_us;
	 * -ENOENT: no such files) and of this process's cpu cgroup
	 */
	char cpu_cgroup_dir[256]; /* where it is mounted, "" not (cgroup v2 has no RT files) */
	int cg_runtime_err;
	long long cg_runtime_us; /* -1: no limit */
	int cg_period_err;
	long long cg_period_us;
	char self_cgroup[256]; /* its path in /proc/self/cgroup ("/" the root), "" unknown */
	int self_runtime_err;  /* cpu.rt_runtime_us of @self_cgroup, read when not the root */
	long long self_runtime_us;

	/*
	 * cgroup: the cpu and cpuset groups of rtwhy (or --pid's task), read by
	 * check_gather_cgroup() (host/cgroup.h); -ENOENT: no controller or no group
	 */
	int cg_pid;		  /* the task looked at, 0 rtwhy itself */
	char cg_cpus_wanted[256]; /* -a's CPUs, "" none asked for */
	bool cg_no_controller;	  /* /proc/mounts was read: no hierarchy has the cpu controller */
	int cg_err;		  /* the cpu group could not be found: -errno */
	int cg_version;		  /* of the cpu controller */
	char cg_path[256];	  /* the cpu group */
	int cg_quota_err;
	long long cg_quota_us; /* the tightest of it and its ancestors, -1 none */
	long long cg_quota_period_us;
	char cg_limit_path[256]; /* the group that sets it */
	int cg_rt_err;		 /* v1 cpu.rt_runtime_us of the group (-ENOENT: none) */
	long long cg_rt_us;
	int cpuset_err;
	char cpuset_path[256];
	char cpuset_cpus[CHECK_GATHER_CPULIST_LEN];

	/* fair_server: /sys/kernel/debug/sched/fair_server/cpuN/{runtime,period} (6.12+) */
	int fair_err; /* of the first CPU that could not be read, 0 */
	int nr_fair;  /* CPUs read */
	long long fair_runtime_ns[RTW_MAX_CPUS];
	long long fair_period_ns[RTW_MAX_CPUS];
	bool debug_sched; /* /sys/kernel/debug/sched exists (debugfs is mounted) */

	/* timer_slack: /proc/self/timerslack_ns */
	int slack_err;
	long long slack_ns;

	/* virtualization */
	bool cpuinfo_read;
	bool hypervisor_flag;	  /* in the flags of /proc/cpuinfo */
	char hypervisor_type[64]; /* /sys/hypervisor/type, "" none */
	char clocksources[256];	  /* available_clocksource */
	bool stat_read;		  /* the cpu line of /proc/stat */
	unsigned long long steal_ticks;
	unsigned long long total_ticks;
	long clk_tck;

	/* smt */
	bool smt_active_read;
	char smt_active[16];
	char smt_control[32];
	bool siblings_read;
	char siblings[64]; /* cpu0's thread_siblings_list */

	/* clocksource */
	int clocksource_err;
	char clocksource[64];

	/* tracefs (and cpu_cgroup_dir) */
	int mounts_err;	       /* /proc/mounts */
	char tracefs_dir[256]; /* where tracefs is mounted, "" not */
	int events_err;	       /* access() of its events directory */
	bool instances_writable;
	int nr_needed;		  /* events rtwhy needs that exist... */
	int nr_needed_of;	  /* ...of so many */
	char needed_missing[256]; /* ", "-separated */
	int nr_optional;	  /* events that sharpen the analysis */
	int nr_optional_of;
	char optional_missing[256];

	/* timerlat: available_tracers */
	char tracers_path[300];
	int tracers_err;
	char tracers[512];
};

/**
 * check_gather() - Read every fact (measuring HZ when @hz_from says so).
 * @f: result, zeroed here; check_gather_free() it
 * @root: directory prefix ("" = this system)
 * @hz_from: where HZ may come from
 *
 * Return: 0, or -ENOMEM.
 */
int check_gather(struct check_gather_facts *f, const char *root, enum check_gather_hz_from hz_from);

/**
 * check_gather_free() - Free what check_gather() allocated.
 * @f: facts
 */
void check_gather_free(struct check_gather_facts *f);

/**
 * check_gather_timer_list_sample() - The clock and jiffies of /proc/timer_list.
 * @text: its content
 * @now_ns: receives "now at N nsecs"
 * @jiffies: receives the first "jiffies: N"
 *
 * Return: 0, or -EINVAL if either is missing.
 */
int check_gather_timer_list_sample(const char *text, uint64_t *now_ns, uint64_t *jiffies);

/**
 * check_gather_hz_snap() - Round a measured tick rate to the HZ it must be.
 * @hz: measured ticks per second
 *
 * Return: the nearest usual HZ (100, 250, 300, 1000...) within 3 %, else
 * @hz rounded.
 */
int check_gather_hz_snap(double hz);

/**
 * check_gather_hz_from_deltas() - The tick period from the gaps between ticks.
 * @deltas_ns: gaps between consecutive tick expiries of one CPU (any order;
 *             sorted in place); an idle CPU's gaps are multiples of it
 * @n: how many
 * @period_ns: receives the median of the gaps within 1.5 times the smallest gap that has at
 *             least a quarter of the gaps (and 5) so close to it: a stray short gap (a late
 *             tick, then one on time) does not set it
 *
 * Return: 0, or -ENODATA when no gap has so many.
 */
int check_gather_hz_from_deltas(uint64_t *deltas_ns, size_t n, double *period_ns);

/**
 * check_gather_cgroup() - The cpu and cpuset groups of a task, into @f.
 * @f: facts (check_gather() calls this with 0 and NULL)
 * @pid: the task, 0 for rtwhy itself
 * @cpus: the CPUs -a asks for (a cpulist), NULL or "" none
 */
void check_gather_cgroup(struct check_gather_facts *f, int pid, const char *cpus);

#endif
