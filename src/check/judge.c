// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/judge - a result per check from the facts: status, typed value,
 * sentence, why and hint. None fails: what was not read is "unknown".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/judge.h"
#include "rtwhy/check/judge_result.h"
#include "rtwhy/check/judge_sched.h"
#include "rtwhy/host/kernel.h"
#include "rtwhy/cpulist.h"
#include "rtwhy/procfs.h"
#include "analysis/event.h"
#include "analysis/util.h"

#define CHECK_JUDGE_IDLE_WARN_US 10 /* an idle state slower to leave than this: warn */

/* ---- small parsers ------------------------------------------------------------------ */

int check_judge_kernel_version(const char *release, int *major, int *minor)
{
	return sscanf(release, "%d.%d", major, minor) == 2 ? 0 : -EINVAL;
}

const char *check_judge_status_name(enum check_judge_status s)
{
	switch (s) {
	case CHECK_JUDGE_OK:
		return "ok";
	case CHECK_JUDGE_WARN:
		return "warn";
	default:
		return "unknown";
	}
}

const struct check_judge_result *check_judge_find(const struct check_judge_report *r,
						  const char *name)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->res[i].name, name))
			return &r->res[i];
	return NULL;
}

const struct check_judge_field *check_judge_field(const struct check_judge_result *res,
						  const char *key)
{
	int i;

	for (i = 0; i < res->nr_fields; i++)
		if (!strcmp(res->fields[i].key, key))
			return &res->fields[i];
	return NULL;
}

/* The CPU list of a boot parameter after its flags ("managed_irq,domain,2-3": "2-3"). */
static const char *check_judge_param_cpus(const char *param)
{
	const char *p = param;

	while (*p && (*p < '0' || *p > '9')) {
		const char *comma = strchr(p, ',');

		if (!comma)
			return p; /* "all", "nohz": let the CPU list parser refuse it */
		p = comma + 1;
	}
	return p;
}

static bool check_judge_config_y(const struct check_gather_facts *f, const char *option)
{
	char v[16];

	return host_kernel_kconfig(f->kconfig, option, v, sizeof(v)) && !strcmp(v, "y");
}

/* ---- the checks --------------------------------------------------------------------- */

static const char *check_judge_config_model(const struct check_gather_facts *f)
{
	int m = host_kernel_config_preempt(f->kconfig);

	return m ? util_preempt_name(m) : NULL;
}

static enum check_judge_status check_judge_model_status(const char *model)
{
	return !strcmp(model, "none") || !strcmp(model, "voluntary") ? CHECK_JUDGE_WARN
								     : CHECK_JUDGE_OK;
}

static void check_judge_preempt(const struct check_gather_facts *f, struct check_judge_result *r)
{
	bool dynamic = procfs_has_word(f->version, "PREEMPT_DYNAMIC");
	const char *cfg = check_judge_config_model(f);
	char model[32], boot[32];
	bool booted = procfs_cmdline_param(f->cmdline, "preempt", boot, sizeof(boot));

	r->why = "decides whether a woken RT thread preempts a task running kernel code at once "
		 "(full, lazy, rt) or only at its next preemption point (none, voluntary): "
		 "milliseconds under load";
	snprintf(r->hint, sizeof(r->hint),
		 "boot with preempt=full (PREEMPT_DYNAMIC kernels) or "
		 "use a PREEMPT_RT kernel");
	if (f->version[0])
		check_judge_result_bool(r, "dynamic", dynamic);
	else
		check_judge_result_null(r, "dynamic");
	check_judge_result_str(r, "boot_model", dynamic ? (booted ? boot : cfg) : NULL);
	if (procfs_has_word(f->version, "PREEMPT_RT")) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "rt (PREEMPT_RT in uname -v)");
		check_judge_result_str(r, "value", "rt");
		r->source = "uname";
		r->hint[0] = '\0';
		return;
	}
	if (!f->preempt_err && !host_kernel_preempt_current(f->preempt, model, sizeof(model))) {
		check_judge_result_set(r, check_judge_model_status(model),
				       "%s (/sys/kernel/debug/sched/preempt)", model);
		check_judge_result_str(r, "value", model);
		r->source = "debugfs";
		if (r->status == CHECK_JUDGE_OK)
			r->hint[0] = '\0';
		return;
	}
	if (dynamic) {
		if (booted)
			check_judge_result_set(
				r, CHECK_JUDGE_UNKNOWN,
				"dynamic, booted with preempt=%s; current model unreadable "
				"(/sys/kernel/debug/sched/preempt: %s)",
				boot, strerror(-f->preempt_err));
		else
			check_judge_result_set(
				r, CHECK_JUDGE_UNKNOWN,
				"dynamic, boot default %s%s%s; current model unreadable "
				"(/sys/kernel/debug/sched/preempt: %s)",
				cfg ? cfg : "unknown (no kernel config)", cfg ? " in " : "",
				cfg ? f->kconfig_src : "", strerror(-f->preempt_err));
		return;
	}
	if (procfs_has_word(f->version, "PREEMPT_LAZY")) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "lazy (PREEMPT_LAZY in uname -v)");
		check_judge_result_str(r, "value", "lazy");
		r->source = "uname";
	} else if (procfs_has_word(f->version, "PREEMPT")) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "full (PREEMPT in uname -v)");
		check_judge_result_str(r, "value", "full");
		r->source = "uname";
	} else if (cfg) {
		check_judge_result_set(r, check_judge_model_status(cfg), "%s (%s)", cfg,
				       f->kconfig_src);
		check_judge_result_str(r, "value", cfg);
		r->source = "config";
	} else if (f->version[0]) {
		check_judge_result_set(r, CHECK_JUDGE_WARN,
				       "none or voluntary (no PREEMPT in uname -v)");
		check_judge_result_str(r, "value", "none_or_voluntary");
		r->source = "uname";
	} else {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "kernel version unreadable");
	}
	if (r->status == CHECK_JUDGE_OK) /* full or lazy: nothing to do */
		r->hint[0] = '\0';
}

static void check_judge_hz(const struct check_gather_facts *f, struct check_judge_result *r)
{
	const struct check_gather_hz *tl = &f->hz_timer_list, *tk = &f->hz_ticks;
	enum check_gather_hz_from from = f->hz_from;
	char v[32];
	int hz = 0;

	r->why = "the tick period: a SCHED_OTHER thread that does not win wakeup preemption "
		 "waits up to one tick (4 ms at HZ=250); RT threads do not wait for it";
	r->unit = "Hz";
	if ((from == CHECK_GATHER_HZ_AUTO || from == CHECK_GATHER_HZ_CONFIG) &&
	    host_kernel_kconfig(f->kconfig, "CONFIG_HZ", v, sizeof(v))) {
		hz = atoi(v);
		check_judge_result_set(r, CHECK_JUDGE_OK, "%s (CONFIG_HZ in %s)", v,
				       f->kconfig_src);
		r->source = "config";
	} else if (from == CHECK_GATHER_HZ_CONFIG || !f->live) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "%s",
				       f->kconfig ? "no CONFIG_HZ in the kernel config"
				       : f->live  ? "no kernel config (/proc/config.gz, /boot)"
						  : "no kernel config under the sysroot; "
						    "measuring needs the running kernel");
		return;
	} else if (tl->tried && !tl->err) {
		hz = tl->hz;
		check_judge_result_set(r, CHECK_JUDGE_OK, "%d (%s)", hz, tl->detail);
		r->source = "timer_list";
	} else if (from == CHECK_GATHER_HZ_TIMER_LIST) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "%s", tl->detail);
		return;
	} else if (!tk->tried) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "no kernel config, %s, tracing needs root", tl->detail);
		return;
	} else if (!tk->err) {
		hz = tk->hz;
		check_judge_result_set(r, CHECK_JUDGE_OK, "%d (%s)", hz, tk->detail);
		r->source = "ticks";
	} else {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "%s%s%s", tl->detail,
				       tl->detail[0] ? "; " : "", tk->detail);
		return;
	}
	check_judge_result_int(r, "value", hz);
	if (hz > 0 && hz < 1000)
		snprintf(r->hint, sizeof(r->hint),
			 "run latency-critical threads SCHED_FIFO (rtwhy -p 80) so they never "
			 "wait for the %d ms tick, or use a HZ=1000 kernel",
			 1000 / hz);
}

static void check_judge_nohz(const struct check_gather_facts *f, struct check_judge_result *r)
{
	static const struct {
		const char *option, *value, *text;
	} modes[] = {
		{ "CONFIG_NO_HZ_FULL", "full", "full capable (CONFIG_NO_HZ_FULL)" },
		{ "CONFIG_NO_HZ_IDLE", "idle", "idle (CONFIG_NO_HZ_IDLE)" },
		{ "CONFIG_HZ_PERIODIC", "periodic", "periodic (CONFIG_HZ_PERIODIC)" },
	};
	char v[64];
	size_t i;

	r->why = "NO_HZ_IDLE stops the tick of idle CPUs (a wakeup restarts it); NO_HZ_FULL "
		 "also stops it on nohz_full CPUs that run a single task: no tick noise there";
	if (procfs_cmdline_param(f->cmdline, "nohz", v, sizeof(v)) && !strcmp(v, "off")) {
		check_judge_result_set(r, CHECK_JUDGE_OK,
				       "off (nohz=off on the command line): periodic tick");
		check_judge_result_str(r, "value", "off");
		r->source = "cmdline";
		return;
	}
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		if (!check_judge_config_y(f, modes[i].option))
			continue;
		check_judge_result_set(r, CHECK_JUDGE_OK, "%s", modes[i].text);
		check_judge_result_str(r, "value", modes[i].value);
		r->source = "config";
		return;
	}
	if (f->nohz_full_file) {
		check_judge_result_set(r, CHECK_JUDGE_OK,
				       "full capable (/sys/devices/system/cpu/nohz_full)");
		check_judge_result_str(r, "value", "full");
		r->source = "sysfs";
		return;
	}
	check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "no kernel config to tell");
}

static void check_judge_threadirqs(const struct check_gather_facts *f, struct check_judge_result *r)
{
	r->why = "without forced threading, device IRQ handlers run in hard IRQ context: no "
		 "task priority can preempt them (see rtwhy irqs)";
	if (f->forced < 0) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "%s", f->forced_why);
		return;
	}
	if (!strncmp(f->forced_why, "PREEMPT_RT", 10))
		r->source = "uname";
	else if (strstr(f->forced_why, "/sys/kernel/realtime"))
		r->source = "sysfs";
	else
		r->source = "cmdline";
	if (f->forced) {
		if (f->kconfig && !check_judge_config_y(f, "CONFIG_IRQ_FORCED_THREADING") &&
		    !procfs_has_word(f->version, "PREEMPT_RT")) {
			check_judge_result_set(r, CHECK_JUDGE_WARN,
					       "ignored: %s, but no "
					       "CONFIG_IRQ_FORCED_THREADING",
					       f->forced_why);
			check_judge_result_bool(r, "value", false);
			snprintf(r->hint, sizeof(r->hint),
				 "use a kernel built with "
				 "CONFIG_IRQ_FORCED_THREADING=y");
			return;
		}
		check_judge_result_set(r, CHECK_JUDGE_OK, "yes: %s", f->forced_why);
		check_judge_result_bool(r, "value", true);
		return;
	}
	check_judge_result_set(r, CHECK_JUDGE_WARN, "no: %s", f->forced_why);
	check_judge_result_bool(r, "value", false);
	snprintf(r->hint, sizeof(r->hint),
		 "boot with threadirqs on the kernel command line (or a PREEMPT_RT kernel)");
}

static void check_judge_isolcpus(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char param[256];
	bool given = procfs_cmdline_param(f->cmdline, "isolcpus", param, sizeof(param));

	r->why = "CPUs kept free of other tasks (and with managed_irq of IRQs): the RT "
		 "thread does not share its CPU with whatever else runs";
	check_judge_result_str(r, "param", given ? param : NULL);
	r->source = f->isolated_read ? "sysfs" : "cmdline";
	if (f->isolated[0]) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "%s%s%s%s", f->isolated,
				       given ? " (isolcpus=" : "", given ? param : "",
				       given ? ")" : "");
		check_judge_result_cpus(r, "value", f->isolated);
	} else if (given) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "isolcpus=%s", param);
		check_judge_result_cpus(r, "value", check_judge_param_cpus(param));
		r->source = "cmdline";
	} else if (!f->isolated_read && !f->cmdline[0]) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "/sys/devices/system/cpu/isolated unreadable");
		r->source = NULL;
	} else if (f->nr_cpus == 1) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "none (1 CPU)");
		check_judge_result_cpus(r, "value", "");
	} else {
		check_judge_result_set(r, CHECK_JUDGE_WARN, "none");
		check_judge_result_cpus(r, "value", "");
	}
	if (r->status == CHECK_JUDGE_WARN) {
		int lo = f->nr_cpus > 2 ? f->nr_cpus / 2 : 1, hi = f->nr_cpus - 1;
		char range[32];

		if (lo == hi)
			snprintf(range, sizeof(range), "%d", lo);
		else
			snprintf(range, sizeof(range), "%d-%d", lo, hi);
		snprintf(r->hint, sizeof(r->hint),
			 "boot with isolcpus=managed_irq,domain,%s and run the RT threads there "
			 "(rtwhy -a %s)",
			 range, range);
	}
}

static void check_judge_nohz_full(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char param[256];
	bool given = procfs_cmdline_param(f->cmdline, "nohz_full", param, sizeof(param));

	r->why = "nohz_full CPUs running one task get no tick (a few us every tick otherwise)";
	check_judge_result_str(r, "param", given ? param : NULL);
	r->source = f->nohz_full_read ? "sysfs" : "cmdline";
	if (f->nohz_full[0]) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "%s", f->nohz_full);
		check_judge_result_cpus(r, "value", f->nohz_full);
	} else if (given) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "nohz_full=%s", param);
		check_judge_result_cpus(r, "value", param);
		r->source = "cmdline";
	} else if (!f->nohz_full_read && !f->cmdline[0]) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "/proc/cmdline unreadable");
		r->source = NULL;
	} else {
		check_judge_result_set(r, CHECK_JUDGE_OK, "none");
		check_judge_result_cpus(r, "value", "");
	}
}

static void check_judge_rcu_nocbs(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char param[256];

	r->why = "rcu_nocbs CPUs hand their RCU callbacks to rcuo threads, out of softirq";
	r->source = "cmdline";
	check_judge_result_null(r, "param");
	check_judge_result_bool(r, "implied", false);
	if (procfs_cmdline_param(f->cmdline, "rcu_nocbs", param, sizeof(param))) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "%s",
				       param[0] ? param : "all (rcu_nocbs)");
		check_judge_result_str(r, "param", param);
		if (param[0])
			check_judge_result_cpus(r, "value", param);
		else
			check_judge_result_all_cpus(r, "value", f->nr_cpus);
	} else if (procfs_cmdline_param(f->cmdline, "nohz_full", param, sizeof(param))) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "%s (implied by nohz_full)", param);
		check_judge_result_str(r, "param", param);
		check_judge_result_bool(r, "implied", true);
		check_judge_result_cpus(r, "value", param);
	} else if (!f->cmdline[0]) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "/proc/cmdline unreadable");
		check_judge_result_null(r, "implied");
		r->source = NULL;
	} else {
		check_judge_result_set(r, CHECK_JUDGE_OK, "none");
		check_judge_result_cpus(r, "value", "");
	}
}

static void check_judge_cpufreq(const struct check_gather_facts *f, struct check_judge_result *r)
{
	const char *p;
	bool slow = false;

	r->why = "a governor that lowers the frequency makes every wakeup path slower and "
		 "changes its speed while you measure";
	check_judge_result_null(r, "cpus");
	if (!f->nr_governed && !f->cpu_dir) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "/sys/devices/system/cpu unreadable");
		return;
	}
	r->source = "sysfs";
	check_judge_result_words(r, "value", f->governors, " ");
	check_judge_result_int(r, "cpus", f->nr_governed);
	if (!f->nr_governed) {
		check_judge_result_set(r, CHECK_JUDGE_OK,
				       "none (no cpufreq: fixed frequency or set by "
				       "firmware/host)");
		return;
	}
	for (p = f->governors; *p; p += strspn(p, " ")) {
		size_t n = strcspn(p, " ");

		if (n != strlen("performance") || strncmp(p, "performance", n))
			slow = true;
		p += n;
	}
	check_judge_result_set(r, slow ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK, "%s (%d CPUs)",
			       f->governors, f->nr_governed);
	if (slow)
		snprintf(r->hint, sizeof(r->hint), "cpupower frequency-set -g performance");
}

static void check_judge_cpuidle(const struct check_gather_facts *f, struct check_judge_result *r)
{
	struct check_judge_field *lat;
	long long worst = -1;
	char list[200] = "";
	size_t used = 0;
	int i;

	r->why = "leaving a deep idle state takes its exit latency on every wakeup of an idle "
		 "CPU";
	r->unit = "us";
	check_judge_result_null(r, "driver");
	check_judge_result_null(r, "governor");
	check_judge_result_null(r, "states");
	check_judge_result_null(r, "exit_latency_us");
	check_judge_result_null(r, "disabled_states");
	if (!f->idle_driver[0] && f->nr_idle == 0 && !f->cpu_dir) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "/sys/devices/system/cpu unreadable");
		return;
	}
	r->source = "sysfs";
	check_judge_result_str(r, "driver", f->idle_driver);
	check_judge_result_str(r, "governor", f->idle_governor);
	check_judge_result_words(r, "states", "", ",");
	check_judge_result_words(r, "disabled_states", "", ",");
	lat = check_judge_result_slot(r, "exit_latency_us");
	lat->type = CHECK_JUDGE_INTS;
	for (i = 0; i < f->nr_idle; i++) {
		const struct check_gather_idle_state *st = &f->idle[i];

		if (!st->disabled && st->latency_us > worst)
			worst = st->latency_us;
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s %lld us%s",
						 i ? ", " : "", st->name, st->latency_us,
						 st->disabled ? " (disabled)" : "");
		check_judge_result_add_word(r, "states", st->name);
		if (st->disabled)
			check_judge_result_add_word(r, "disabled_states", st->name);
		lat->ints[lat->nr_ints++] =
			st->latency_us >= 0 ? st->latency_us : CHECK_JUDGE_NO_INT;
	}
	if (!f->idle_driver[0] && f->nr_idle == 0) {
		check_judge_result_set(r, CHECK_JUDGE_OK,
				       "no cpuidle driver (the CPU idles in the "
				       "architecture's default way)");
		return;
	}
	if (worst >= 0)
		check_judge_result_int(r, "value", worst);
	check_judge_result_set(
		r, worst > CHECK_JUDGE_IDLE_WARN_US ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK,
		"%s/%s: %s", f->idle_driver[0] ? f->idle_driver : "?",
		f->idle_governor[0] ? f->idle_governor : "?", f->nr_idle ? list : "no states");
	if (r->status == CHECK_JUDGE_WARN)
		snprintf(r->hint, sizeof(r->hint),
			 "hold /dev/cpu_dma_latency at 0 in the RT application (rtwhy does while "
			 "it measures), or disable deep states: cpupower idle-set -D %d",
			 CHECK_JUDGE_IDLE_WARN_US);
}

static void check_judge_timer_slack(const struct check_gather_facts *f,
				    struct check_judge_result *r)
{
	r->why = "SCHED_OTHER threads wake up to this late on purpose (timers are merged); RT "
		 "threads get none";
	r->unit = "ns";
	if (f->slack_err) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "/proc/self/timerslack_ns unreadable");
		return;
	}
	r->source = "procfs";
	check_judge_result_int(r, "value", f->slack_ns);
	check_judge_result_set(
		r, f->slack_ns > RTW_DEFAULT_TIMER_SLACK_NS ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK,
		"%lld ns%s", f->slack_ns,
		f->slack_ns == RTW_DEFAULT_TIMER_SLACK_NS ? " (the default)" : "");
	if (f->slack_ns > 1)
		snprintf(r->hint, sizeof(r->hint),
			 "SCHED_OTHER threads: prctl(PR_SET_TIMERSLACK, 1) (rtwhy --timerslack=1)");
}

static void check_judge_virt(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char what[128] = "", steal[96] = "";
	const char *hyp = f->hypervisor_type[0] ? f->hypervisor_type : NULL;
	bool vm = false;

	r->why = "the host can stop a vCPU at any moment: latency then has no cause inside the "
		 "guest (gaps with no event at all); steal time counts it";
	check_judge_result_words(r, "evidence", "", ",");
	check_judge_result_null(r, "hypervisor");
	check_judge_result_null(r, "steal_s");
	check_judge_result_null(r, "steal_share");
	if (f->hypervisor_flag) {
		vm = true;
		snprintf(what, sizeof(what), "hypervisor flag in /proc/cpuinfo");
		check_judge_result_add_word(r, "evidence", "cpuinfo_flag");
	}
	if (f->hypervisor_type[0]) {
		vm = true;
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%s%s hypervisor",
			 what[0] ? ", " : "", f->hypervisor_type);
		check_judge_result_add_word(r, "evidence", "sys_hypervisor");
	}
	if (procfs_has_word(f->clocksources, "kvm-clock")) {
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%skvm-clock: KVM",
			 what[0] ? ", " : "");
		check_judge_result_add_word(r, "evidence", "kvm_clock");
		hyp = "KVM";
	} else if (strstr(f->clocksources, "hyperv")) {
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%sHyper-V clock",
			 what[0] ? ", " : "");
		check_judge_result_add_word(r, "evidence", "hyperv_clock");
		hyp = "Hyper-V";
	}
	if (f->stat_read) {
		double s = (double)f->steal_ticks / (double)f->clk_tck;
		double share = f->total_ticks ? (double)f->steal_ticks / (double)f->total_ticks : 0;

		snprintf(steal, sizeof(steal), "steal %.2f s since boot (%.2f%% of CPU time)", s,
			 100.0 * share);
		check_judge_result_num(r, "steal_s", s, 2);
		check_judge_result_num(r, "steal_share", share, 6);
		if (f->steal_ticks) {
			vm = true;
			check_judge_result_add_word(r, "evidence", "steal_time");
		}
	}
	r->source = f->cpuinfo_read ? "cpuinfo" : f->stat_read ? "stat" : NULL;
	if (!vm && !f->cpuinfo_read && !steal[0]) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN,
				       "/proc/cpuinfo and /proc/stat unreadable");
		return;
	}
	check_judge_result_bool(r, "value", vm);
	check_judge_result_str(r, "hypervisor", vm ? hyp : NULL);
	if (vm)
		check_judge_result_set(r, CHECK_JUDGE_WARN, "VM (%s)%s%s",
				       what[0] ? what : "steal time", steal[0] ? "; " : "", steal);
	else
		check_judge_result_set(r, CHECK_JUDGE_OK, "no hypervisor seen%s%s",
				       steal[0] ? "; " : "", steal);
	if (vm)
		snprintf(r->hint, sizeof(r->hint),
			 "measure on bare metal, or give the VM dedicated host CPUs (vCPU pinning, "
			 "host isolcpus, no overcommit)");
}

static void check_judge_smt(const struct check_gather_facts *f, struct check_judge_result *r)
{
	const char *control = f->smt_control[0] ? f->smt_control : "?";

	r->why = "SMT siblings share one core: a busy sibling slows the RT thread down";
	check_judge_result_str(r, "control", f->smt_control);
	r->source = "sysfs";
	if (f->smt_active_read && !strcmp(f->smt_active, "1")) {
		check_judge_result_set(r, CHECK_JUDGE_WARN, "on (control: %s)", control);
		check_judge_result_bool(r, "value", true);
		snprintf(r->hint, sizeof(r->hint),
			 "boot with nosmt, or keep the RT CPU's sibling "
			 "idle (thread_siblings_list)");
		return;
	}
	if (f->smt_active_read) {
		check_judge_result_set(r, CHECK_JUDGE_OK, "off (control: %s)", control);
		check_judge_result_bool(r, "value", false);
		return;
	}
	if (f->siblings_read) {
		bool shared = strchr(f->siblings, ',') || strchr(f->siblings, '-');

		check_judge_result_set(r, shared ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK,
				       "%s (cpu0 siblings: %s)", shared ? "on" : "off",
				       f->siblings);
		check_judge_result_bool(r, "value", shared);
		return;
	}
	r->source = NULL;
	check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "/sys/devices/system/cpu/smt unreadable");
}

static void check_judge_clocksource(const struct check_gather_facts *f,
				    struct check_judge_result *r)
{
	static const char *const fast[] = { "tsc",
					    "arch_sys_counter",
					    "kvm-clock",
					    "riscv_clocksource",
					    "hyperv_clocksource_tsc_page",
					    "timebase" };
	size_t i;

	r->why = "clock_gettime() of a slow clocksource is a system call of a microsecond or more: "
		 "every latency sample pays it";
	check_judge_result_null(r, "fast");
	if (f->clocksource_err) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "current_clocksource unreadable");
		return;
	}
	r->source = "sysfs";
	check_judge_result_str(r, "value", f->clocksource);
	for (i = 0; i < ARRAY_SIZE(fast); i++) {
		if (!strcmp(f->clocksource, fast[i])) {
			check_judge_result_set(r, CHECK_JUDGE_OK, "%s", f->clocksource);
			check_judge_result_bool(r, "fast", true);
			return;
		}
	}
	check_judge_result_set(r, CHECK_JUDGE_WARN, "%s (no fast user-space read)", f->clocksource);
	check_judge_result_bool(r, "fast", false);
	snprintf(r->hint, sizeof(r->hint),
		 "find out why the kernel left tsc (dmesg | grep -i "
		 "clocksource): an unstable TSC, a BIOS setting");
}

static void check_judge_tracefs(const struct check_gather_facts *f, struct check_judge_result *r)
{
	r->why = "rtwhy freezes a private ftrace instance and reads these events to explain a "
		 "spike";
	check_judge_result_null(r, "mounted");
	check_judge_result_null(r, "writable");
	check_judge_result_null(r, "events_needed");
	check_judge_result_int(r, "events_needed_of", f->nr_needed_of);
	check_judge_result_null(r, "events_optional");
	check_judge_result_int(r, "events_optional_of", f->nr_optional_of);
	check_judge_result_null(r, "missing_needed");
	check_judge_result_null(r, "missing_optional");
	if (f->mounts_err) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "/proc/mounts: %s",
				       strerror(-f->mounts_err));
		return;
	}
	r->source = "mounts";
	check_judge_result_bool(r, "mounted", f->tracefs_dir[0]);
	if (!f->tracefs_dir[0]) {
		check_judge_result_set(r, CHECK_JUDGE_WARN, "not mounted");
		snprintf(r->hint, sizeof(r->hint),
			 "mount -t tracefs nodev /sys/kernel/tracing "
			 "(rtwhy tries this itself as root)");
		return;
	}
	check_judge_result_str(r, "value", f->tracefs_dir);
	if (f->events_err) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "%s, not readable: %s",
				       f->tracefs_dir, strerror(-f->events_err));
		snprintf(r->hint, sizeof(r->hint), "run rtwhy check as root");
		return;
	}
	check_judge_result_bool(r, "writable", f->instances_writable);
	check_judge_result_int(r, "events_needed", f->nr_needed);
	check_judge_result_int(r, "events_optional", f->nr_optional);
	check_judge_result_words(r, "missing_needed", f->needed_missing, ", ");
	check_judge_result_words(r, "missing_optional", f->optional_missing, ", ");
	check_judge_result_set(
		r, f->nr_needed == f->nr_needed_of ? CHECK_JUDGE_OK : CHECK_JUDGE_WARN,
		"%s, %s, events %d/%d needed%s%s, %d/%d optional%s%s%s", f->tracefs_dir,
		f->instances_writable ? "writable" : "instances not writable", f->nr_needed,
		f->nr_needed_of, f->needed_missing[0] ? " (missing " : "", f->needed_missing,
		f->nr_optional, f->nr_optional_of, f->optional_missing[0] ? " (missing " : "",
		f->optional_missing, f->needed_missing[0] || f->optional_missing[0] ? ")" : "");
	if (r->status == CHECK_JUDGE_WARN)
		snprintf(r->hint, sizeof(r->hint),
			 "a kernel with CONFIG_FTRACE and the sched, irq "
			 "and timer tracepoints");
}

static void check_judge_timerlat(const struct check_gather_facts *f, struct check_judge_result *r)
{
	r->why = "rtla timerlat (the kernel's own latency tracer) needs it; rtwhy does not";
	check_judge_result_null(r, "tracers");
	if (f->tracers_err) {
		check_judge_result_set(r, CHECK_JUDGE_UNKNOWN, "%s: %s", f->tracers_path,
				       strerror(-f->tracers_err));
		return;
	}
	r->source = "tracefs";
	check_judge_result_words(r, "tracers", f->tracers, " ");
	check_judge_result_bool(r, "value", procfs_has_word(f->tracers, "timerlat"));
	if (procfs_has_word(f->tracers, "timerlat"))
		check_judge_result_set(r, CHECK_JUDGE_OK,
				       "present: rtla timerlat can run here too");
	else
		check_judge_result_set(r, CHECK_JUDGE_OK,
				       "absent: rtla timerlat cannot run here (tracers: %s)",
				       f->tracers);
}

/* ---- all of them -------------------------------------------------------------------- */

static void check_judge_verdict(struct check_judge_report *rep)
{
	char warns[256] = "", unknowns[256] = "";
	size_t i, used;

	for (i = 0; i < rep->n; i++) {
		const struct check_judge_result *r = &rep->res[i];
		char *list = r->status == CHECK_JUDGE_WARN ? warns : unknowns;

		if (r->status == CHECK_JUDGE_OK)
			continue;
		if (r->status == CHECK_JUDGE_WARN)
			rep->nr_warn++;
		else
			rep->nr_unknown++;
		used = strlen(list);
		snprintf(list + used, sizeof(warns) - used, "%s%s", used ? ", " : "", r->name);
	}
	if (!rep->nr_warn)
		snprintf(rep->verdict, sizeof(rep->verdict), "no warnings%s%s%s",
			 rep->nr_unknown ? "; could not tell: " : "", unknowns,
			 rep->nr_unknown ? " (not readable here)" : "");
	else
		snprintf(rep->verdict, sizeof(rep->verdict),
			 "%zu warning%s (%s): each is a cause of latency you can remove%s%s%s",
			 rep->nr_warn, rep->nr_warn == 1 ? "" : "s", warns,
			 rep->nr_unknown ? "; could not tell: " : "", unknowns,
			 rep->nr_unknown ? " (not readable here)" : "");
}

/* The CPUs of -a that the cpuset lacks, as a list ("0,3"), "" none (or unreadable). */
static void check_judge_cpuset_missing(const struct check_gather_facts *f, char *buf, size_t len)
{
	cpu_set_t want, have;
	char why[64];
	size_t used = 0;
	int c;

	buf[0] = '\0';
	if (!f->cg_cpus_wanted[0] || f->cpuset_err ||
	    cpulist_parse(f->cg_cpus_wanted, &want, why, sizeof(why)) ||
	    cpulist_parse(f->cpuset_cpus, &have, why, sizeof(why)))
		return;
	for (c = 0; c < CPU_SETSIZE && used < len; c++)
		if (CPU_ISSET(c, &want) && !CPU_ISSET(c, &have))
			used += (size_t)snprintf(buf + used, len - used, "%s%d", used ? "," : "",
						 c);
}

/*
 * The cpu and cpuset groups of rtwhy (or --pid's task): a CPU quota throttles its fair
 * threads (CFS bandwidth), an RT runtime of 0 forbids SCHED_FIFO there, a cpuset without the
 * CPUs -a asks for makes pinning fail.
 */
static void check_judge_cgroup(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char who[48], missing[128], hint[CHECK_JUDGE_HINT_LEN] = "";
	size_t used;

	r->why = "a cgroup's CPU quota stops its fair threads for the rest of each period once "
		 "used (CFS bandwidth throttling: docker --cpus, a pod's CPU limit); an RT runtime "
		 "of 0 makes chrt fail; a cpuset limits where threads may run";
	if (f->cg_pid)
		snprintf(who, sizeof(who), "pid %d's", f->cg_pid);
	else
		snprintf(who, sizeof(who), "rtwhy's");
	if (f->cg_no_controller) {
		r->status = CHECK_JUDGE_OK;
		snprintf(r->text, sizeof(r->text),
			 "no cgroup hierarchy has the cpu controller: no CPU quota applies");
		return;
	}
	if (f->cg_err) {
		r->status = CHECK_JUDGE_UNKNOWN;
		snprintf(r->text, sizeof(r->text), "%s cpu cgroup not found (%s)", who,
			 strerror(-f->cg_err));
		return;
	}
	r->status = CHECK_JUDGE_OK;
	r->source = f->cg_version == 2 ? "cgroup_v2" : "cgroup_v1";
	check_judge_result_str(r, "value", f->cg_path);
	used = (size_t)snprintf(r->text, sizeof(r->text), "%s cpu cgroup %.100s (v%d)", who,
				f->cg_path, f->cg_version);
	if (f->cg_quota_err) {
		check_judge_result_null(r, "quota_us");
		used += (size_t)snprintf(r->text + used, sizeof(r->text) - used,
					 ": its CPU quota unreadable (%s)",
					 strerror(-f->cg_quota_err));
	} else if (f->cg_quota_us >= 0) {
		check_judge_result_int(r, "quota_us", f->cg_quota_us);
		check_judge_result_int(r, "period_us", f->cg_quota_period_us);
		check_judge_result_str(r, "limit_path", f->cg_limit_path);
		r->status = CHECK_JUDGE_WARN;
		used += (size_t)snprintf(
			r->text + used, sizeof(r->text) - used,
			": CPU quota %lld us every %lld us (%.2f CPUs, set on %.100s), its fair "
			"threads are throttled once it is used",
			f->cg_quota_us, f->cg_quota_period_us,
			f->cg_quota_period_us
				? (double)f->cg_quota_us / (double)f->cg_quota_period_us
				: 0.0,
			f->cg_limit_path);
		snprintf(hint, sizeof(hint),
			 "raise or remove the quota (v2 cpu.max, v1 cpu.cfs_quota_us; docker "
			 "--cpus, the pod's CPU limit), give the pod whole CPUs (static CPU "
			 "manager, "
			 "Guaranteed QoS), or measure with -p (real-time threads are not "
			 "throttled)");
	} else {
		check_judge_result_null(r, "quota_us");
		used += (size_t)snprintf(r->text + used, sizeof(r->text) - used, ": no CPU quota");
	}
	if (!f->cg_rt_err) {
		check_judge_result_int(r, "rt_runtime_us", f->cg_rt_us);
		if (f->cg_rt_us == 0 && strcmp(f->cg_path, "/")) {
			r->status = CHECK_JUDGE_WARN;
			used += (size_t)snprintf(r->text + used, sizeof(r->text) - used,
						 "; cpu.rt_runtime_us 0: no thread in it can be "
						 "made SCHED_FIFO or SCHED_RR (chrt fails, EPERM)");
			snprintf(hint + strlen(hint), sizeof(hint) - strlen(hint),
				 "%sgive the group an RT runtime (cpu.rt_runtime_us, docker "
				 "--cpu-rt-runtime) or run from the root cpu cgroup",
				 hint[0] ? "; " : "");
		}
	}
	check_judge_result_str(r, "cpus", f->cpuset_err ? NULL : f->cpuset_cpus);
	check_judge_cpuset_missing(f, missing, sizeof(missing));
	if (missing[0]) {
		r->status = CHECK_JUDGE_WARN;
		used += (size_t)snprintf(
			r->text + used, sizeof(r->text) - used,
			"; -a %.40s: CPU %.40s not in its cpuset %.60s (CPUs %.40s): "
			"pinning there fails (EINVAL)",
			f->cg_cpus_wanted, missing, f->cpuset_path, f->cpuset_cpus);
		snprintf(hint + strlen(hint), sizeof(hint) - strlen(hint),
			 "%smeasure on the cpuset's CPUs (-a %.40s) or widen the cpuset "
			 "(cpuset.cpus, docker --cpuset-cpus)",
			 hint[0] ? "; " : "", f->cpuset_cpus);
	} else if (!f->cpuset_err) {
		snprintf(r->text + used, sizeof(r->text) - used, "; cpuset CPUs %.40s",
			 f->cpuset_cpus);
	}
	util_strlcpy(r->hint, hint, sizeof(r->hint));
}

void check_judge_run(const struct check_gather_facts *f, struct check_judge_report *rep)
{
	static const struct {
		const char *name;
		void (*fn)(const struct check_gather_facts *f, struct check_judge_result *r);
	} checks[] = {
		{ "preempt_model", check_judge_preempt },
		{ "hz", check_judge_hz },
		{ "nohz", check_judge_nohz },
		{ "threadirqs", check_judge_threadirqs },
		{ "isolcpus", check_judge_isolcpus },
		{ "nohz_full", check_judge_nohz_full },
		{ "rcu_nocbs", check_judge_rcu_nocbs },
		{ "cpufreq_governor", check_judge_cpufreq },
		{ "cpuidle", check_judge_cpuidle },
		{ "rt_throttling", check_judge_sched_rt_throttling },
		{ "fair_server", check_judge_sched_fair_server },
		{ "timer_slack", check_judge_timer_slack },
		{ "virtualization", check_judge_virt },
		{ "smt", check_judge_smt },
		{ "clocksource", check_judge_clocksource },
		{ "tracefs", check_judge_tracefs },
		{ "timerlat", check_judge_timerlat },
		{ "cgroup", check_judge_cgroup },
	};
	size_t i;

	memset(rep, 0, sizeof(*rep));
	for (i = 0; i < ARRAY_SIZE(checks) && i < CHECK_JUDGE_MAX; i++) {
		struct check_judge_result *r = &rep->res[i];

		r->name = checks[i].name;
		r->why = "";
		check_judge_result_null(r, "value");
		checks[i].fn(f, r);
	}
	rep->n = i;
	check_judge_verdict(rep);
}
