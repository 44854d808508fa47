// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/judge_sched - the checks of the scheduler's budgets: RT throttling
 * (the global knob, the root cpu cgroup's, rtwhy's own group) and the fair
 * deadline server of 6.12+.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/check/judge_result.h"
#include "rtwhy/check/judge_sched.h"
#include "rtwhy/host/kernel.h"
#include "rtwhy/procfs.h"
#include "analysis/util.h"

/* What the kernel has to run fair tasks that RT tasks starve: the fair deadline server (6.12+). */
enum check_judge_sched_server {
	CHECK_JUDGE_SCHED_SERVER_ON,	  /* read: a runtime on every CPU read */
	CHECK_JUDGE_SCHED_SERVER_OFF,	  /* read: runtime 0 on some CPU */
	CHECK_JUDGE_SCHED_SERVER_ABSENT,  /* a kernel before 6.12, or no fair_server directory */
	CHECK_JUDGE_SCHED_SERVER_KERNEL,  /* not readable, but a 6.12+ kernel has one */
	CHECK_JUDGE_SCHED_SERVER_UNKNOWN, /* not readable, kernel version unknown */
};

struct check_judge_sched_fair {
	enum check_judge_sched_server state;
	int least;	 /* the CPU with the smallest share of its period, -1 none read */
	int nr_zero;	 /* CPUs read with runtime 0 */
	bool same;	 /* every CPU read has the same runtime and period */
	int has;	 /* the kernel version has a fair server: 1, 0, -1 unknown */
	char kernel[32]; /* "6.1" */
};

/* Is the kernel @major.@minor or later: 1, 0, -1 (release unreadable)? */
static int check_judge_sched_since(const struct check_gather_facts *f, int major, int minor)
{
	int ma, mi;

	if (check_judge_kernel_version(f->release, &ma, &mi))
		return -1;
	return ma > major || (ma == major && mi >= minor);
}

static void check_judge_sched_fair_state(const struct check_gather_facts *f,
					 struct check_judge_sched_fair *s)
{
	int major, minor, cpu;

	memset(s, 0, sizeof(*s));
	s->least = -1;
	s->same = true;
	s->has = check_judge_sched_since(f, 6, 12); /* the fair server came with 6.12 */
	if (!check_judge_kernel_version(f->release, &major, &minor))
		snprintf(s->kernel, sizeof(s->kernel), "%d.%d", major, minor);
	for (cpu = 0; cpu < f->nr_fair; cpu++) {
		const long long *rt = f->fair_runtime_ns, *per = f->fair_period_ns;

		if (rt[cpu] <= 0)
			s->nr_zero++;
		if (rt[cpu] != rt[0] || per[cpu] != per[0])
			s->same = false;
		/* the smallest runtime/period: rt[cpu] * per[least] < rt[least] * per[cpu] */
		if (s->least < 0 || (double)rt[cpu] * (double)per[s->least] <
					    (double)rt[s->least] * (double)per[cpu])
			s->least = cpu;
	}
	if (s->has == 0)
		s->state = CHECK_JUDGE_SCHED_SERVER_ABSENT;
	else if (f->nr_fair)
		s->state = s->nr_zero ? CHECK_JUDGE_SCHED_SERVER_OFF : CHECK_JUDGE_SCHED_SERVER_ON;
	else if (f->fair_err == -ENOENT && f->debug_sched)
		s->state = CHECK_JUDGE_SCHED_SERVER_ABSENT;
	else if (s->has == 1)
		s->state = CHECK_JUDGE_SCHED_SERVER_KERNEL;
	else
		s->state = CHECK_JUDGE_SCHED_SERVER_UNKNOWN;
}

/* @ns as milliseconds: "50 ms", "0.5 ms". */
static const char *check_judge_sched_ms(long long ns, char *buf, size_t len)
{
	if (ns % 1000000 == 0)
		snprintf(buf, len, "%lld ms", ns / 1000000);
	else
		snprintf(buf, len, "%.3f ms", (double)ns / 1e6);
	return buf;
}

/*
 * RT bandwidth throttling, as kernel/sched/rt.c does it (read in 6.1, 6.11,
 * 6.12 and 6.18): with CONFIG_RT_GROUP_SCHED every RT task's time is charged
 * to its cpu cgroup's rt_rq on each CPU, and the budget of the root group is
 * its cpu.rt_runtime_us (set at boot from the defaults): the sysctl only caps
 * every group (a smaller value is refused) and -1 turns the accounting off.
 * Without it the sysctl is the budget of each CPU up to 6.11; from 6.12
 * ("sched/rt: Remove default bandwidth control") nothing throttles RT tasks:
 * only the fair server runs fair tasks ahead of them. RT_RUNTIME_SHARE
 * (borrowing other CPUs' budget) is off by default since 5.10.
 */
#define CHECK_JUDGE_SCHED_RT_BOOT_RUNTIME_US 950000 /* the root group's budget at boot */
#define CHECK_JUDGE_SCHED_RT_BOOT_PERIOD_US  1000000

struct check_judge_sched_rtgroup {
	int config;	 /* CONFIG_RT_GROUP_SCHED: 1, 0, -1 unknown */
	bool on;	 /* with @config 1: not disabled at boot */
	char off[128];	 /* why it is disabled at boot */
	const char *src; /* where @on was told: "cgroup", "config", "cmdline" */
};

static void check_judge_sched_rt_group(const struct check_gather_facts *f,
				       struct check_judge_sched_rtgroup *g)
{
	bool mounted = f->cpu_cgroup_dir[0], files = mounted && !f->cg_runtime_err;
	int dflt = host_kernel_kconfig_state(f->kconfig, "CONFIG_RT_GROUP_SCHED_DEFAULT_DISABLED");
	char v[16];

	memset(g, 0, sizeof(*g));
	g->config = host_kernel_kconfig_state(f->kconfig, "CONFIG_RT_GROUP_SCHED");
	if (g->config < 0 && host_kernel_kconfig_state(f->kconfig, "CONFIG_CGROUP_SCHED") == 0)
		g->config = 0;
	if (g->config < 0 && files)
		g->config = 1; /* the files exist only with it */
	/* before 6.12 nothing hides them: a cpu controller without them has no RT groups */
	if (g->config < 0 && mounted && f->cg_runtime_err == -ENOENT &&
	    check_judge_sched_since(f, 6, 12) == 0)
		g->config = 0;
	if (g->config != 1)
		return;
	g->on = true;
	g->src = "config";
	if (files) {
		g->src = "cgroup";
	} else if (mounted && f->cg_runtime_err == -ENOENT) {
		g->on = false;
		g->src = "cgroup";
		snprintf(g->off, sizeof(g->off), "no cpu.rt_runtime_us in %.96s",
			 f->cpu_cgroup_dir);
	} else if (dflt >= 0) { /* a kernel with rt_group_sched= */
		g->on = dflt == 0;
		if (!g->on)
			snprintf(g->off, sizeof(g->off), "CONFIG_RT_GROUP_SCHED_DEFAULT_DISABLED");
		if (procfs_cmdline_param(f->cmdline, "rt_group_sched", v, sizeof(v)) &&
		    (!strcmp(v, "0") || !strcmp(v, "1"))) {
			g->on = !strcmp(v, "1");
			g->src = "cmdline";
			snprintf(g->off, sizeof(g->off), "rt_group_sched=0");
		}
	}
}

/* "950000 of 1000000 us (95%)" */
static const char *check_judge_sched_rt_share(long long run_us, long long per_us, char *buf,
					      size_t len)
{
	snprintf(buf, len, "%lld of %lld us (%.0f%%)", run_us, per_us,
		 100.0 * (double)run_us / (double)per_us);
	return buf;
}

/* What RT_RUNTIME_SHARE does to a budget before 5.10, "" after. */
static const char *check_judge_sched_rt_borrow(const struct check_gather_facts *f)
{
	return check_judge_sched_since(f, 5, 10) == 0
		       ? ", or runs on while other CPUs lend it their budget (RT_RUNTIME_SHARE, "
			 "on by default before 5.10)"
		       : "";
}

/* No RT throttling (@why: "off (sched_rt_runtime_us = -1)"): the fair server decides. */
static void check_judge_sched_rt_unthrottled(const struct check_gather_facts *f,
					     struct check_judge_result *r, const char *why,
					     const char *tail, bool sysctl_helps)
{
	struct check_judge_sched_fair s;
	char run[32], per[32];

	check_judge_result_bool(r, "value", false);
	check_judge_sched_fair_state(f, &s);
	switch (s.state) {
	case CHECK_JUDGE_SCHED_SERVER_ON:
		check_judge_result_str(r, "runaway_fifo", "fair_server");
		check_judge_result_str(r, "knob", "fair_server");
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%s: a runaway FIFO task is not throttled, but fair tasks still get "
			"the fair server's %s per %s%s",
			why, check_judge_sched_ms(f->fair_runtime_ns[s.least], run, sizeof(run)),
			check_judge_sched_ms(f->fair_period_ns[s.least], per, sizeof(per)), tail);
		return;
	case CHECK_JUDGE_SCHED_SERVER_KERNEL:
		check_judge_result_str(r, "runaway_fifo", "fair_server");
		check_judge_result_str(r, "knob", "fair_server");
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%s: a runaway FIFO task is not throttled, but fair tasks still get "
			"the fair server's runtime (%s has one: 50 ms per 1000 ms unless "
			"changed)%s",
			why, s.kernel, tail);
		return;
	case CHECK_JUDGE_SCHED_SERVER_UNKNOWN:
		check_judge_result_set(
			r, CHECK_JUDGE_UNKNOWN,
			"%s: a runaway FIFO task is not throttled; whether a fair server "
			"runs fair tasks is unknown (kernel version unreadable)",
			why);
		return;
	default:
		break;
	}
	check_judge_result_str(r, "runaway_fifo", "hangs_cpu");
	if (s.state == CHECK_JUDGE_SCHED_SERVER_OFF)
		check_judge_result_set(
			r, CHECK_JUDGE_WARN,
			"%s and the fair server off on %d CPU%s (runtime 0): a runaway FIFO "
			"task keeps its CPU, nothing else runs there again",
			why, s.nr_zero, s.nr_zero == 1 ? "" : "s");
	else
		check_judge_result_set(
			r, CHECK_JUDGE_WARN,
			"%s and no fair server (%s%s): a runaway FIFO task keeps its CPU, "
			"nothing else runs there again",
			why, s.kernel[0] ? s.kernel : "this kernel",
			s.has == 0 ? " is older than 6.12" : " has none");
	if (!sysctl_helps)
		snprintf(r->hint, sizeof(r->hint),
			 "give the fair server a runtime again (50000000 in "
			 "/sys/kernel/debug/sched/fair_server/cpuN/runtime), or use a kernel with "
			 "CONFIG_RT_GROUP_SCHED=y, which throttles RT tasks");
	else
		snprintf(
			r->hint, sizeof(r->hint),
			"echo 950000 > /proc/sys/kernel/sched_rt_runtime_us (the default: RT tasks "
			"get 95%% of each second)%s",
			s.state == CHECK_JUDGE_SCHED_SERVER_OFF
				? ", or give the fair server a runtime again (50000000 in "
				  "/sys/kernel/debug/sched/fair_server/cpuN/runtime)"
				: ", or use a 6.12+ kernel (it has a fair server)");
}

/* This process's cpu cgroup, when not the root: its budget is what its RT threads get. */
static void check_judge_sched_rt_self(const struct check_gather_facts *f,
				      struct check_judge_result *r)
{
	size_t used = strlen(r->text);

	check_judge_result_str(r, "cgroup", f->self_cgroup);
	if (!strcmp(f->self_cgroup, "/")) {
		check_judge_result_int(r, "cgroup_runtime_us", f->cg_runtime_us);
		return;
	}
	if (f->self_runtime_err) {
		snprintf(r->text + used, sizeof(r->text) - used,
			 "; rtwhy's cpu cgroup %s: cpu.rt_runtime_us unreadable (%s)",
			 f->self_cgroup, strerror(-f->self_runtime_err));
		return;
	}
	if (f->self_runtime_us >= 0)
		check_judge_result_int(r, "cgroup_runtime_us", f->self_runtime_us);
	snprintf(r->text + used, sizeof(r->text) - used, "; rtwhy's cpu cgroup %s has %lld us%s",
		 f->self_cgroup, f->self_runtime_us,
		 f->self_runtime_us == 0 ? ", so no thread there can be made SCHED_FIFO (EPERM)"
					 : "");
	if (f->self_runtime_us != 0)
		return;
	r->status = CHECK_JUDGE_WARN;
	snprintf(r->hint, sizeof(r->hint),
		 "start RT work from the root cpu cgroup (echo $$ > %.64s/tasks), or give %.64s a "
		 "cpu.rt_runtime_us of its own",
		 f->cpu_cgroup_dir, f->self_cgroup);
}

/* CONFIG_RT_GROUP_SCHED, sysctl not -1: the root cpu cgroup's budget. */
static void check_judge_sched_rt_root_group(const struct check_gather_facts *f,
					    const struct check_judge_sched_rtgroup *g,
					    struct check_judge_result *r)
{
	long long run = f->cg_runtime_us, per = f->cg_period_us;
	char share[64], ms[2][32], why[256];

	if (!g->on) {
		r->source = g->src;
		check_judge_result_bool(r, "value", true);
		check_judge_result_int(r, "runtime_us", CHECK_JUDGE_SCHED_RT_BOOT_RUNTIME_US);
		check_judge_result_int(r, "period_us", CHECK_JUDGE_SCHED_RT_BOOT_PERIOD_US);
		check_judge_result_str(r, "runaway_fifo", "throttled");
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%s on each CPU: a runaway FIFO task is throttled to %s per %s%s, fixed at "
			"boot: RT group scheduling is off (%s), so no cpu.rt_runtime_us changes it "
			"and only sched_rt_runtime_us = -1 turns it off",
			check_judge_sched_rt_share(CHECK_JUDGE_SCHED_RT_BOOT_RUNTIME_US,
						   CHECK_JUDGE_SCHED_RT_BOOT_PERIOD_US, share,
						   sizeof(share)),
			check_judge_sched_ms(CHECK_JUDGE_SCHED_RT_BOOT_RUNTIME_US * 1000LL, ms[0],
					     sizeof(ms[0])),
			check_judge_sched_ms(CHECK_JUDGE_SCHED_RT_BOOT_PERIOD_US * 1000LL, ms[1],
					     sizeof(ms[1])),
			check_judge_sched_rt_borrow(f), g->off);
		return;
	}
	check_judge_result_str(r, "knob", "cpu.rt_runtime_us");
	if (f->cg_runtime_err) {
		r->source = "config";
		check_judge_result_bool(r, "value", true);
		check_judge_result_str(r, "runaway_fifo", "throttled");
		if (!f->cpu_cgroup_dir[0])
			snprintf(why, sizeof(why),
				 "no cgroup v1 cpu controller is mounted (cgroup v2 has no RT "
				 "files)");
		else
			snprintf(why, sizeof(why), "%.160s/cpu.rt_runtime_us: %s",
				 f->cpu_cgroup_dir, strerror(-f->cg_runtime_err));
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"on (CONFIG_RT_GROUP_SCHED): a runaway FIFO task is throttled to the "
			"root cpu cgroup's cpu.rt_runtime_us per cpu.rt_period_us (950 ms per "
			"1000 ms unless changed)%s; not readable: %s",
			check_judge_sched_rt_borrow(f), why);
		return;
	}
	r->source = "cgroup";
	if (run < 0) {
		check_judge_sched_rt_unthrottled(
			f, r, "off (cpu.rt_runtime_us = -1 in the root cpu cgroup)", "", true);
		return;
	}
	check_judge_result_bool(r, "value", true);
	check_judge_result_int(r, "runtime_us", run);
	check_judge_result_str(r, "runaway_fifo", "throttled");
	if (f->cg_period_err || per <= 0) {
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%lld us per period on each CPU for the root cpu cgroup "
			"(%s/cpu.rt_runtime_us): a runaway FIFO task there is throttled to "
			"that%s",
			run, f->cpu_cgroup_dir, check_judge_sched_rt_borrow(f));
	} else {
		check_judge_result_int(r, "period_us", per);
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%s on each CPU for the root cpu cgroup: a runaway FIFO task there is "
			"throttled to %s per %s%s (%s/cpu.rt_runtime_us; sched_rt_runtime_us = "
			"%lld "
			"only caps it, -1 turns it off)",
			check_judge_sched_rt_share(run, per, share, sizeof(share)),
			check_judge_sched_ms(run * 1000, ms[0], sizeof(ms[0])),
			check_judge_sched_ms(per * 1000, ms[1], sizeof(ms[1])),
			check_judge_sched_rt_borrow(f), f->cpu_cgroup_dir, f->rt_runtime_us);
	}
	if (f->self_cgroup[0])
		check_judge_sched_rt_self(f, r);
}

void check_judge_sched_rt_throttling(const struct check_gather_facts *f,
				     struct check_judge_result *r)
{
	struct check_judge_sched_rtgroup g;
	int since_612 = check_judge_sched_since(f, 6, 12);
	char share[64], ms[2][32];

	r->why = "once the RT tasks of a CPU used their budget, the kernel stops every one of "
		 "them, the measuring thread included, until the period ends: a stall of ~50 ms "
		 "a second while an RT task never sleeps, and the safety net against a runaway "
		 "RT hog";
	check_judge_result_null(r, "runtime_us");
	check_judge_result_null(r, "period_us");
	check_judge_result_null(r, "runaway_fifo");
	check_judge_result_null(r, "knob");
	check_judge_result_null(r, "rt_group_sched");
	check_judge_result_null(r, "cgroup");
	check_judge_result_null(r, "cgroup_runtime_us");
	check_judge_sched_rt_group(f, &g);
	if (g.config >= 0)
		check_judge_result_bool(r, "rt_group_sched", g.config);
	if (g.config == 0 && since_612 == 1) {
		r->source = "config";
		check_judge_sched_rt_unthrottled(
			f, r, "none (6.12+ without CONFIG_RT_GROUP_SCHED)",
			"; sched_rt_runtime_us only caps SCHED_DEADLINE bandwidth", false);
		return;
	}
	if (f->rt_runtime_err) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "/proc/sys/kernel/sched_rt_runtime_us unreadable");
		return;
	}
	r->source = "sysctl";
	if (f->rt_runtime_us < 0) {
		check_judge_sched_rt_unthrottled(f, r, "off (sched_rt_runtime_us = -1)", "", true);
		return;
	}
	if (g.config == 1) {
		check_judge_sched_rt_root_group(f, &g, r);
		return;
	}
	if (g.config < 0 && since_612 != 0) {
		check_judge_result_set(
			r, CHECK_JUDGE_UNKNOWN,
			since_612 < 0
				? "sched_rt_runtime_us = %lld; no kernel version or config to "
				  "tell which knob sets the RT budget"
				: "sched_rt_runtime_us = %lld sets no budget on 6.12+: with "
				  "CONFIG_RT_GROUP_SCHED the root cpu cgroup's "
				  "cpu.rt_runtime_us throttles a runaway FIFO task, without it "
				  "only the fair server stops it (no kernel config to tell)",
			f->rt_runtime_us);
		return;
	}
	check_judge_result_bool(r, "value", true);
	check_judge_result_str(r, "runaway_fifo", "throttled");
	if (f->rt_period_err || f->rt_period_us <= 0) {
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%lld us per period: a runaway FIFO task is throttled to that%s",
			f->rt_runtime_us, check_judge_sched_rt_borrow(f));
	} else if (g.config < 0) { /* before 6.12: the sysctl, or the root cpu cgroup */
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%s in sched_rt_runtime_us: a runaway FIFO task is throttled, to that "
			"without CONFIG_RT_GROUP_SCHED, else to the root cpu cgroup's "
			"cpu.rt_runtime_us (no kernel config to tell)%s",
			check_judge_sched_rt_share(f->rt_runtime_us, f->rt_period_us, share,
						   sizeof(share)),
			check_judge_sched_rt_borrow(f));
		return;
	} else {
		check_judge_result_set(
			r, CHECK_JUDGE_OK,
			"%s on each CPU: a runaway FIFO task is throttled to %s per %s%s "
			"(sched_rt_runtime_us / sched_rt_period_us)",
			check_judge_sched_rt_share(f->rt_runtime_us, f->rt_period_us, share,
						   sizeof(share)),
			check_judge_sched_ms(f->rt_runtime_us * 1000, ms[0], sizeof(ms[0])),
			check_judge_sched_ms(f->rt_period_us * 1000, ms[1], sizeof(ms[1])),
			check_judge_sched_rt_borrow(f));
		check_judge_result_int(r, "period_us", f->rt_period_us);
	}
	if (g.config == 0) {
		check_judge_result_int(r, "runtime_us", f->rt_runtime_us);
		check_judge_result_str(r, "knob", "sched_rt_runtime_us");
	}
}

void check_judge_sched_fair_server(const struct check_gather_facts *f, struct check_judge_result *r)
{
	struct check_judge_sched_fair s;
	char run[32], per[32];

	r->why = "from 6.12 a deadline server runs fair tasks that RT tasks starve, for its "
		 "runtime in each period and ahead of them: with RT throttling off, or absent "
		 "(6.12+ without CONFIG_RT_GROUP_SCHED), it alone keeps a runaway RT task from "
		 "hanging the CPU";
	check_judge_sched_fair_state(f, &s);
	check_judge_result_null(r, "runtime_ns");
	check_judge_result_null(r, "period_ns");
	check_judge_result_null(r, "cpus");
	if (s.has >= 0)
		check_judge_result_bool(r, "kernel_has_server", s.has);
	else
		check_judge_result_null(r, "kernel_has_server");
	switch (s.state) {
	case CHECK_JUDGE_SCHED_SERVER_ON:
	case CHECK_JUDGE_SCHED_SERVER_OFF:
		r->source = "debugfs";
		check_judge_result_bool(r, "value", s.state == CHECK_JUDGE_SCHED_SERVER_ON);
		check_judge_result_int(r, "runtime_ns", f->fair_runtime_ns[s.least]);
		check_judge_result_int(r, "period_ns", f->fair_period_ns[s.least]);
		check_judge_result_int(r, "cpus", f->nr_fair);
		check_judge_sched_ms(f->fair_runtime_ns[s.least], run, sizeof(run));
		check_judge_sched_ms(f->fair_period_ns[s.least], per, sizeof(per));
		if (s.nr_zero)
			check_judge_result_set(r, CHECK_JUDGE_OK,
					       "off on %d of %d CPUs (runtime 0)", s.nr_zero,
					       f->nr_fair);
		else if (s.same)
			check_judge_result_set(r, CHECK_JUDGE_OK,
					       "on: %s per %s on each of %d CPU%s", run, per,
					       f->nr_fair, f->nr_fair == 1 ? "" : "s");
		else
			check_judge_result_set(
				r, CHECK_JUDGE_OK,
				"on: at least %s per %s on each of %d CPUs (CPU %d the "
				"least)",
				run, per, f->nr_fair, s.least);
		if (f->fair_err)
			snprintf(r->text + strlen(r->text), sizeof(r->text) - strlen(r->text),
				 "; CPU %d unreadable: %s", f->nr_fair, strerror(-f->fair_err));
		return;
	case CHECK_JUDGE_SCHED_SERVER_ABSENT:
		check_judge_result_bool(r, "value", false);
		if (s.has == 0) {
			r->source = "uname";
			check_judge_result_set(
				r, CHECK_JUDGE_OK,
				"absent: kernel %s is older than 6.12, which brought it", s.kernel);
		} else {
			r->source = "debugfs";
			check_judge_result_set(r, CHECK_JUDGE_OK,
					       "absent: no /sys/kernel/debug/sched/fair_server");
		}
		return;
	default:
		break;
	}
	if (f->fair_err == -ENOENT && !f->debug_sched)
		check_judge_result_set(
			r, CHECK_JUDGE_UNKNOWN,
			"unreadable: no /sys/kernel/debug/sched (debugfs not mounted)%s%s%s",
			s.has == 1 ? "; kernel " : "", s.has == 1 ? s.kernel : "",
			s.has == 1 ? " has one" : "");
	else
		check_judge_result_set(
			r, CHECK_JUDGE_UNKNOWN,
			"unreadable (/sys/kernel/debug/sched/fair_server/cpu0/runtime: "
			"%s)%s%s%s",
			strerror(-f->fair_err), s.has == 1 ? "; kernel " : "",
			s.has == 1 ? s.kernel : "", s.has == 1 ? " has one" : "");
	if (f->fair_err == -ENOENT && !f->debug_sched)
		snprintf(r->hint, sizeof(r->hint), "mount -t debugfs none /sys/kernel/debug");
}
