// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/judge - a result per check from the facts: status, typed value,
 * sentence, why and hint. None fails: what was not read is "unknown".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/check/judge.h"
#include "rtwhy/procfs.h"
#include "analysis/event.h"
#include "analysis/util.h"

#define CHECK_JUDGE_IDLE_WARN_US 10 /* an idle state slower to leave than this: warn */

/* ---- small parsers ------------------------------------------------------------------ */

int check_judge_preempt_current(const char *text, char *model, size_t len)
{
	const char *open = strchr(text, '('), *close;

	if (!open)
		return -EINVAL;
	close = strchr(open, ')');
	if (!close || close == open + 1)
		return -EINVAL;
	snprintf(model, len, "%.*s", (int)(close - open - 1), open + 1);
	return 0;
}

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

/* ---- typed fields ------------------------------------------------------------------- */

/* The field @key of @r, added (as null) if new; "value" is always the first. */
static struct check_judge_field *check_judge_slot(struct check_judge_result *r, const char *key)
{
	struct check_judge_field *fl = (struct check_judge_field *)check_judge_field(r, key);

	if (fl)
		return fl;
	if (r->nr_fields >= CHECK_JUDGE_MAX_FIELDS)
		fl = &r->fields[CHECK_JUDGE_MAX_FIELDS - 1]; /* never: the checks fit */
	else
		fl = &r->fields[r->nr_fields++];
	memset(fl, 0, sizeof(*fl));
	fl->key = key;
	return fl;
}

static void check_judge_null(struct check_judge_result *r, const char *key)
{
	check_judge_slot(r, key)->type = CHECK_JUDGE_NULL;
}

static void check_judge_bool(struct check_judge_result *r, const char *key, bool b)
{
	struct check_judge_field *fl = check_judge_slot(r, key);

	fl->type = CHECK_JUDGE_BOOL;
	fl->b = b;
}

static void check_judge_int(struct check_judge_result *r, const char *key, long long i)
{
	struct check_judge_field *fl = check_judge_slot(r, key);

	fl->type = CHECK_JUDGE_INT;
	fl->i = i;
}

static void check_judge_num(struct check_judge_result *r, const char *key, double num, int decimals)
{
	struct check_judge_field *fl = check_judge_slot(r, key);

	fl->type = CHECK_JUDGE_NUM;
	fl->num = num;
	fl->decimals = decimals;
}

/* A string; NULL or "" is null. */
static void check_judge_str(struct check_judge_result *r, const char *key, const char *s)
{
	struct check_judge_field *fl = check_judge_slot(r, key);

	if (!s || !s[0]) {
		fl->type = CHECK_JUDGE_NULL;
		return;
	}
	fl->type = CHECK_JUDGE_STR;
	util_strlcpy(fl->str, s, sizeof(fl->str));
}

/* Words of @s separated by @sep ("" -> no word); NULL is null. */
static void check_judge_words(struct check_judge_result *r, const char *key, const char *s,
			      const char *sep)
{
	struct check_judge_field *fl = check_judge_slot(r, key);
	size_t used = 0, seplen = strlen(sep);

	fl->type = s ? CHECK_JUDGE_STRS : CHECK_JUDGE_NULL;
	fl->str[0] = '\0';
	while (s && *s) {
		const char *end = strstr(s, sep);
		size_t n = end ? (size_t)(end - s) : strlen(s);

		if (n && used + n + 2 < sizeof(fl->str))
			used += (size_t)snprintf(fl->str + used, sizeof(fl->str) - used, "%s%.*s",
						 used ? "\n" : "", (int)n, s);
		s += n + (end ? seplen : 0);
	}
}

/* Add @word to the words of field @key. */
static void check_judge_add_word(struct check_judge_result *r, const char *key, const char *word)
{
	struct check_judge_field *fl = check_judge_slot(r, key);
	size_t used = strlen(fl->str);

	fl->type = CHECK_JUDGE_STRS;
	snprintf(fl->str + used, sizeof(fl->str) - used, "%s%s", used ? "\n" : "", word);
}

/* A CPU list: "" is the empty set, NULL or a list that does not parse is null. */
static void check_judge_cpus(struct check_judge_result *r, const char *key, const char *list)
{
	struct check_judge_field *fl = check_judge_slot(r, key);

	CPU_ZERO(&fl->cpus);
	fl->type = list && (!list[0] || !util_parse_cpulist(list, &fl->cpus)) ? CHECK_JUDGE_CPUS
									      : CHECK_JUDGE_NULL;
}

/* CPUs 0 .. @n - 1 (null when @n is not known). */
static void check_judge_all_cpus(struct check_judge_result *r, const char *key, int n)
{
	struct check_judge_field *fl = check_judge_slot(r, key);
	int cpu;

	fl->type = n > 0 ? CHECK_JUDGE_CPUS : CHECK_JUDGE_NULL;
	CPU_ZERO(&fl->cpus);
	for (cpu = 0; cpu < n && cpu < CPU_SETSIZE; cpu++)
		CPU_SET(cpu, &fl->cpus);
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

static void check_judge_set(struct check_judge_result *r, enum check_judge_status st,
			    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void check_judge_set(struct check_judge_result *r, enum check_judge_status st,
			    const char *fmt, ...)
{
	va_list ap;

	r->status = st;
	va_start(ap, fmt);
	vsnprintf(r->text, sizeof(r->text), fmt, ap);
	va_end(ap);
}

static bool check_judge_config_y(const struct check_gather_facts *f, const char *option)
{
	char v[16];

	return check_gather_kconfig(f->kconfig, option, v, sizeof(v)) && !strcmp(v, "y");
}

/* ---- the checks --------------------------------------------------------------------- */

static const char *check_judge_config_model(const struct check_gather_facts *f)
{
	if (check_judge_config_y(f, "CONFIG_PREEMPT_NONE"))
		return "none";
	if (check_judge_config_y(f, "CONFIG_PREEMPT_VOLUNTARY"))
		return "voluntary";
	if (check_judge_config_y(f, "CONFIG_PREEMPT_LAZY") &&
	    !check_judge_config_y(f, "CONFIG_PREEMPT"))
		return "lazy";
	if (check_judge_config_y(f, "CONFIG_PREEMPT"))
		return "full";
	return NULL;
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
		check_judge_bool(r, "dynamic", dynamic);
	else
		check_judge_null(r, "dynamic");
	check_judge_str(r, "boot_model", dynamic ? (booted ? boot : cfg) : NULL);
	if (procfs_has_word(f->version, "PREEMPT_RT")) {
		check_judge_set(r, CHECK_JUDGE_OK, "rt (PREEMPT_RT in uname -v)");
		check_judge_str(r, "value", "rt");
		r->source = "uname";
		r->hint[0] = '\0';
		return;
	}
	if (!f->preempt_err && !check_judge_preempt_current(f->preempt, model, sizeof(model))) {
		check_judge_set(r, check_judge_model_status(model),
				"%s (/sys/kernel/debug/sched/preempt)", model);
		check_judge_str(r, "value", model);
		r->source = "debugfs";
		if (r->status == CHECK_JUDGE_OK)
			r->hint[0] = '\0';
		return;
	}
	if (dynamic) {
		if (booted)
			check_judge_set(r, CHECK_JUDGE_UNKNOWN,
					"dynamic, booted with preempt=%s; current model unreadable "
					"(/sys/kernel/debug/sched/preempt: %s)",
					boot, strerror(-f->preempt_err));
		else
			check_judge_set(r, CHECK_JUDGE_UNKNOWN,
					"dynamic, boot default %s%s%s; current model unreadable "
					"(/sys/kernel/debug/sched/preempt: %s)",
					cfg ? cfg : "unknown (no kernel config)", cfg ? " in " : "",
					cfg ? f->kconfig_src : "", strerror(-f->preempt_err));
		return;
	}
	if (procfs_has_word(f->version, "PREEMPT_LAZY")) {
		check_judge_set(r, CHECK_JUDGE_OK, "lazy (PREEMPT_LAZY in uname -v)");
		check_judge_str(r, "value", "lazy");
		r->source = "uname";
	} else if (procfs_has_word(f->version, "PREEMPT")) {
		check_judge_set(r, CHECK_JUDGE_OK, "full (PREEMPT in uname -v)");
		check_judge_str(r, "value", "full");
		r->source = "uname";
	} else if (cfg) {
		check_judge_set(r, check_judge_model_status(cfg), "%s (%s)", cfg, f->kconfig_src);
		check_judge_str(r, "value", cfg);
		r->source = "config";
	} else if (f->version[0]) {
		check_judge_set(r, CHECK_JUDGE_WARN, "none or voluntary (no PREEMPT in uname -v)");
		check_judge_str(r, "value", "none_or_voluntary");
		r->source = "uname";
	} else {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "kernel version unreadable");
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
	    check_gather_kconfig(f->kconfig, "CONFIG_HZ", v, sizeof(v))) {
		hz = atoi(v);
		check_judge_set(r, CHECK_JUDGE_OK, "%s (CONFIG_HZ in %s)", v, f->kconfig_src);
		r->source = "config";
	} else if (from == CHECK_GATHER_HZ_CONFIG || !f->live) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "%s",
				f->kconfig ? "no CONFIG_HZ in the kernel config"
				: f->live  ? "no kernel config (/proc/config.gz, /boot)"
					   : "no kernel config under the sysroot; "
					     "measuring needs the running kernel");
		return;
	} else if (tl->tried && !tl->err) {
		hz = tl->hz;
		check_judge_set(r, CHECK_JUDGE_OK, "%d (%s)", hz, tl->detail);
		r->source = "timer_list";
	} else if (from == CHECK_GATHER_HZ_TIMER_LIST) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "%s", tl->detail);
		return;
	} else if (!tk->tried) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "no kernel config, %s, tracing needs root",
				tl->detail);
		return;
	} else if (!tk->err) {
		hz = tk->hz;
		check_judge_set(r, CHECK_JUDGE_OK, "%d (%s)", hz, tk->detail);
		r->source = "ticks";
	} else {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "%s%s%s", tl->detail,
				tl->detail[0] ? "; " : "", tk->detail);
		return;
	}
	check_judge_int(r, "value", hz);
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
		check_judge_set(r, CHECK_JUDGE_OK,
				"off (nohz=off on the command line): periodic tick");
		check_judge_str(r, "value", "off");
		r->source = "cmdline";
		return;
	}
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		if (!check_judge_config_y(f, modes[i].option))
			continue;
		check_judge_set(r, CHECK_JUDGE_OK, "%s", modes[i].text);
		check_judge_str(r, "value", modes[i].value);
		r->source = "config";
		return;
	}
	if (f->nohz_full_file) {
		check_judge_set(r, CHECK_JUDGE_OK,
				"full capable (/sys/devices/system/cpu/nohz_full)");
		check_judge_str(r, "value", "full");
		r->source = "sysfs";
		return;
	}
	check_judge_set(r, CHECK_JUDGE_UNKNOWN, "no kernel config to tell");
}

static void check_judge_threadirqs(const struct check_gather_facts *f, struct check_judge_result *r)
{
	r->why = "without forced threading, device IRQ handlers run in hard IRQ context: no "
		 "task priority can preempt them (see rtwhy irqs)";
	if (f->forced < 0) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "%s", f->forced_why);
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
			check_judge_set(r, CHECK_JUDGE_WARN,
					"ignored: %s, but no "
					"CONFIG_IRQ_FORCED_THREADING",
					f->forced_why);
			check_judge_bool(r, "value", false);
			snprintf(r->hint, sizeof(r->hint),
				 "use a kernel built with "
				 "CONFIG_IRQ_FORCED_THREADING=y");
			return;
		}
		check_judge_set(r, CHECK_JUDGE_OK, "yes: %s", f->forced_why);
		check_judge_bool(r, "value", true);
		return;
	}
	check_judge_set(r, CHECK_JUDGE_WARN, "no: %s", f->forced_why);
	check_judge_bool(r, "value", false);
	snprintf(r->hint, sizeof(r->hint),
		 "boot with threadirqs on the kernel command line (or a PREEMPT_RT kernel)");
}

static void check_judge_isolcpus(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char param[256];
	bool given = procfs_cmdline_param(f->cmdline, "isolcpus", param, sizeof(param));

	r->why = "CPUs kept free of other tasks (and with managed_irq of IRQs): the RT "
		 "thread does not share its CPU with whatever else runs";
	check_judge_str(r, "param", given ? param : NULL);
	r->source = f->isolated_read ? "sysfs" : "cmdline";
	if (f->isolated[0]) {
		check_judge_set(r, CHECK_JUDGE_OK, "%s%s%s%s", f->isolated,
				given ? " (isolcpus=" : "", given ? param : "", given ? ")" : "");
		check_judge_cpus(r, "value", f->isolated);
	} else if (given) {
		check_judge_set(r, CHECK_JUDGE_OK, "isolcpus=%s", param);
		check_judge_cpus(r, "value", check_judge_param_cpus(param));
		r->source = "cmdline";
	} else if (!f->isolated_read && !f->cmdline[0]) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN,
				"/sys/devices/system/cpu/isolated unreadable");
		r->source = NULL;
	} else if (f->nr_cpus == 1) {
		check_judge_set(r, CHECK_JUDGE_OK, "none (1 CPU)");
		check_judge_cpus(r, "value", "");
	} else {
		check_judge_set(r, CHECK_JUDGE_WARN, "none");
		check_judge_cpus(r, "value", "");
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
	check_judge_str(r, "param", given ? param : NULL);
	r->source = f->nohz_full_read ? "sysfs" : "cmdline";
	if (f->nohz_full[0]) {
		check_judge_set(r, CHECK_JUDGE_OK, "%s", f->nohz_full);
		check_judge_cpus(r, "value", f->nohz_full);
	} else if (given) {
		check_judge_set(r, CHECK_JUDGE_OK, "nohz_full=%s", param);
		check_judge_cpus(r, "value", param);
		r->source = "cmdline";
	} else if (!f->nohz_full_read && !f->cmdline[0]) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/proc/cmdline unreadable");
		r->source = NULL;
	} else {
		check_judge_set(r, CHECK_JUDGE_OK, "none");
		check_judge_cpus(r, "value", "");
	}
}

static void check_judge_rcu_nocbs(const struct check_gather_facts *f, struct check_judge_result *r)
{
	char param[256];

	r->why = "rcu_nocbs CPUs hand their RCU callbacks to rcuo threads, out of softirq";
	r->source = "cmdline";
	check_judge_null(r, "param");
	check_judge_bool(r, "implied", false);
	if (procfs_cmdline_param(f->cmdline, "rcu_nocbs", param, sizeof(param))) {
		check_judge_set(r, CHECK_JUDGE_OK, "%s", param[0] ? param : "all (rcu_nocbs)");
		check_judge_str(r, "param", param);
		if (param[0])
			check_judge_cpus(r, "value", param);
		else
			check_judge_all_cpus(r, "value", f->nr_cpus);
	} else if (procfs_cmdline_param(f->cmdline, "nohz_full", param, sizeof(param))) {
		check_judge_set(r, CHECK_JUDGE_OK, "%s (implied by nohz_full)", param);
		check_judge_str(r, "param", param);
		check_judge_bool(r, "implied", true);
		check_judge_cpus(r, "value", param);
	} else if (!f->cmdline[0]) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/proc/cmdline unreadable");
		check_judge_null(r, "implied");
		r->source = NULL;
	} else {
		check_judge_set(r, CHECK_JUDGE_OK, "none");
		check_judge_cpus(r, "value", "");
	}
}

static void check_judge_cpufreq(const struct check_gather_facts *f, struct check_judge_result *r)
{
	const char *p;
	bool slow = false;

	r->why = "a governor that lowers the frequency makes every wakeup path slower and "
		 "changes its speed while you measure";
	check_judge_null(r, "cpus");
	if (!f->nr_governed && !f->cpu_dir) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/sys/devices/system/cpu unreadable");
		return;
	}
	r->source = "sysfs";
	check_judge_words(r, "value", f->governors, " ");
	check_judge_int(r, "cpus", f->nr_governed);
	if (!f->nr_governed) {
		check_judge_set(r, CHECK_JUDGE_OK,
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
	check_judge_set(r, slow ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK, "%s (%d CPUs)", f->governors,
			f->nr_governed);
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
	check_judge_null(r, "driver");
	check_judge_null(r, "governor");
	check_judge_null(r, "states");
	check_judge_null(r, "exit_latency_us");
	check_judge_null(r, "disabled_states");
	if (!f->idle_driver[0] && f->nr_idle == 0 && !f->cpu_dir) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/sys/devices/system/cpu unreadable");
		return;
	}
	r->source = "sysfs";
	check_judge_str(r, "driver", f->idle_driver);
	check_judge_str(r, "governor", f->idle_governor);
	check_judge_words(r, "states", "", ",");
	check_judge_words(r, "disabled_states", "", ",");
	lat = check_judge_slot(r, "exit_latency_us");
	lat->type = CHECK_JUDGE_INTS;
	for (i = 0; i < f->nr_idle; i++) {
		const struct check_gather_idle_state *st = &f->idle[i];

		if (!st->disabled && st->latency_us > worst)
			worst = st->latency_us;
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s %lld us%s",
						 i ? ", " : "", st->name, st->latency_us,
						 st->disabled ? " (disabled)" : "");
		check_judge_add_word(r, "states", st->name);
		if (st->disabled)
			check_judge_add_word(r, "disabled_states", st->name);
		lat->ints[lat->nr_ints++] =
			st->latency_us >= 0 ? st->latency_us : CHECK_JUDGE_NO_INT;
	}
	if (!f->idle_driver[0] && f->nr_idle == 0) {
		check_judge_set(r, CHECK_JUDGE_OK,
				"no cpuidle driver (the CPU idles in the "
				"architecture's default way)");
		return;
	}
	if (worst >= 0)
		check_judge_int(r, "value", worst);
	check_judge_set(r, worst > CHECK_JUDGE_IDLE_WARN_US ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK,
			"%s/%s: %s", f->idle_driver[0] ? f->idle_driver : "?",
			f->idle_governor[0] ? f->idle_governor : "?",
			f->nr_idle ? list : "no states");
	if (r->status == CHECK_JUDGE_WARN)
		snprintf(r->hint, sizeof(r->hint),
			 "hold /dev/cpu_dma_latency at 0 in the RT application (rtwhy does while "
			 "it measures), or disable deep states: cpupower idle-set -D %d",
			 CHECK_JUDGE_IDLE_WARN_US);
}

/* What the kernel has to run fair tasks that RT tasks starve: the fair deadline server (6.12+). */
enum check_judge_server {
	CHECK_JUDGE_SERVER_ON,	    /* read: a runtime on every CPU read */
	CHECK_JUDGE_SERVER_OFF,	    /* read: runtime 0 on some CPU */
	CHECK_JUDGE_SERVER_ABSENT,  /* a kernel before 6.12, or no fair_server directory */
	CHECK_JUDGE_SERVER_KERNEL,  /* not readable, but a 6.12+ kernel has one */
	CHECK_JUDGE_SERVER_UNKNOWN, /* not readable, kernel version unknown */
};

struct check_judge_fair {
	enum check_judge_server state;
	int least;	 /* the CPU with the smallest share of its period, -1 none read */
	int nr_zero;	 /* CPUs read with runtime 0 */
	bool same;	 /* every CPU read has the same runtime and period */
	int has;	 /* the kernel version has a fair server: 1, 0, -1 unknown */
	char kernel[32]; /* "6.1" */
};

/* Is the kernel @major.@minor or later: 1, 0, -1 (release unreadable)? */
static int check_judge_since(const struct check_gather_facts *f, int major, int minor)
{
	int ma, mi;

	if (check_judge_kernel_version(f->release, &ma, &mi))
		return -1;
	return ma > major || (ma == major && mi >= minor);
}

static void check_judge_fair_state(const struct check_gather_facts *f, struct check_judge_fair *s)
{
	int major, minor, cpu;

	memset(s, 0, sizeof(*s));
	s->least = -1;
	s->same = true;
	s->has = check_judge_since(f, 6, 12); /* the fair server came with 6.12 */
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
		s->state = CHECK_JUDGE_SERVER_ABSENT;
	else if (f->nr_fair)
		s->state = s->nr_zero ? CHECK_JUDGE_SERVER_OFF : CHECK_JUDGE_SERVER_ON;
	else if (f->fair_err == -ENOENT && f->debug_sched)
		s->state = CHECK_JUDGE_SERVER_ABSENT;
	else if (s->has == 1)
		s->state = CHECK_JUDGE_SERVER_KERNEL;
	else
		s->state = CHECK_JUDGE_SERVER_UNKNOWN;
}

/* @ns as milliseconds: "50 ms", "0.5 ms". */
static const char *check_judge_ms(long long ns, char *buf, size_t len)
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
#define CHECK_JUDGE_RT_BOOT_RUNTIME_US 950000 /* the root group's budget at boot */
#define CHECK_JUDGE_RT_BOOT_PERIOD_US  1000000

struct check_judge_rtgroup {
	int config;	 /* CONFIG_RT_GROUP_SCHED: 1, 0, -1 unknown */
	bool on;	 /* with @config 1: not disabled at boot */
	char off[128];	 /* why it is disabled at boot */
	const char *src; /* where @on was told: "cgroup", "config", "cmdline" */
};

static void check_judge_rt_group(const struct check_gather_facts *f, struct check_judge_rtgroup *g)
{
	bool mounted = f->cpu_cgroup_dir[0], files = mounted && !f->cg_runtime_err;
	int dflt = check_gather_kconfig_state(f->kconfig, "CONFIG_RT_GROUP_SCHED_DEFAULT_DISABLED");
	char v[16];

	memset(g, 0, sizeof(*g));
	g->config = check_gather_kconfig_state(f->kconfig, "CONFIG_RT_GROUP_SCHED");
	if (g->config < 0 && check_gather_kconfig_state(f->kconfig, "CONFIG_CGROUP_SCHED") == 0)
		g->config = 0;
	if (g->config < 0 && files)
		g->config = 1; /* the files exist only with it */
	/* before 6.12 nothing hides them: a cpu controller without them has no RT groups */
	if (g->config < 0 && mounted && f->cg_runtime_err == -ENOENT &&
	    check_judge_since(f, 6, 12) == 0)
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
static const char *check_judge_rt_share(long long run_us, long long per_us, char *buf, size_t len)
{
	snprintf(buf, len, "%lld of %lld us (%.0f%%)", run_us, per_us,
		 100.0 * (double)run_us / (double)per_us);
	return buf;
}

/* What RT_RUNTIME_SHARE does to a budget before 5.10, "" after. */
static const char *check_judge_rt_borrow(const struct check_gather_facts *f)
{
	return check_judge_since(f, 5, 10) == 0
		       ? ", or runs on while other CPUs lend it their budget (RT_RUNTIME_SHARE, "
			 "on by default before 5.10)"
		       : "";
}

/* No RT throttling (@why: "off (sched_rt_runtime_us = -1)"): the fair server decides. */
static void check_judge_rt_unthrottled(const struct check_gather_facts *f,
				       struct check_judge_result *r, const char *why,
				       const char *tail, bool sysctl_helps)
{
	struct check_judge_fair s;
	char run[32], per[32];

	check_judge_bool(r, "value", false);
	check_judge_fair_state(f, &s);
	switch (s.state) {
	case CHECK_JUDGE_SERVER_ON:
		check_judge_str(r, "runaway_fifo", "fair_server");
		check_judge_str(r, "knob", "fair_server");
		check_judge_set(
			r, CHECK_JUDGE_OK,
			"%s: a runaway FIFO task is not throttled, but fair tasks still get "
			"the fair server's %s per %s%s",
			why, check_judge_ms(f->fair_runtime_ns[s.least], run, sizeof(run)),
			check_judge_ms(f->fair_period_ns[s.least], per, sizeof(per)), tail);
		return;
	case CHECK_JUDGE_SERVER_KERNEL:
		check_judge_str(r, "runaway_fifo", "fair_server");
		check_judge_str(r, "knob", "fair_server");
		check_judge_set(
			r, CHECK_JUDGE_OK,
			"%s: a runaway FIFO task is not throttled, but fair tasks still get "
			"the fair server's runtime (%s has one: 50 ms per 1000 ms unless "
			"changed)%s",
			why, s.kernel, tail);
		return;
	case CHECK_JUDGE_SERVER_UNKNOWN:
		check_judge_set(r, CHECK_JUDGE_UNKNOWN,
				"%s: a runaway FIFO task is not throttled; whether a fair server "
				"runs fair tasks is unknown (kernel version unreadable)",
				why);
		return;
	default:
		break;
	}
	check_judge_str(r, "runaway_fifo", "hangs_cpu");
	if (s.state == CHECK_JUDGE_SERVER_OFF)
		check_judge_set(
			r, CHECK_JUDGE_WARN,
			"%s and the fair server off on %d CPU%s (runtime 0): a runaway FIFO "
			"task keeps its CPU, nothing else runs there again",
			why, s.nr_zero, s.nr_zero == 1 ? "" : "s");
	else
		check_judge_set(r, CHECK_JUDGE_WARN,
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
			s.state == CHECK_JUDGE_SERVER_OFF
				? ", or give the fair server a runtime again (50000000 in "
				  "/sys/kernel/debug/sched/fair_server/cpuN/runtime)"
				: ", or use a 6.12+ kernel (it has a fair server)");
}

/* This process's cpu cgroup, when not the root: its budget is what its RT threads get. */
static void check_judge_rt_self(const struct check_gather_facts *f, struct check_judge_result *r)
{
	size_t used = strlen(r->text);

	check_judge_str(r, "cgroup", f->self_cgroup);
	if (!strcmp(f->self_cgroup, "/")) {
		check_judge_int(r, "cgroup_runtime_us", f->cg_runtime_us);
		return;
	}
	if (f->self_runtime_err) {
		snprintf(r->text + used, sizeof(r->text) - used,
			 "; rtwhy's cpu cgroup %s: cpu.rt_runtime_us unreadable (%s)",
			 f->self_cgroup, strerror(-f->self_runtime_err));
		return;
	}
	if (f->self_runtime_us >= 0)
		check_judge_int(r, "cgroup_runtime_us", f->self_runtime_us);
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
static void check_judge_rt_root_group(const struct check_gather_facts *f,
				      const struct check_judge_rtgroup *g,
				      struct check_judge_result *r)
{
	long long run = f->cg_runtime_us, per = f->cg_period_us;
	char share[64], ms[2][32], why[256];

	if (!g->on) {
		r->source = g->src;
		check_judge_bool(r, "value", true);
		check_judge_int(r, "runtime_us", CHECK_JUDGE_RT_BOOT_RUNTIME_US);
		check_judge_int(r, "period_us", CHECK_JUDGE_RT_BOOT_PERIOD_US);
		check_judge_str(r, "runaway_fifo", "throttled");
		check_judge_set(
			r, CHECK_JUDGE_OK,
			"%s on each CPU: a runaway FIFO task is throttled to %s per %s%s, fixed at "
			"boot: RT group scheduling is off (%s), so no cpu.rt_runtime_us changes it "
			"and only sched_rt_runtime_us = -1 turns it off",
			check_judge_rt_share(CHECK_JUDGE_RT_BOOT_RUNTIME_US,
					     CHECK_JUDGE_RT_BOOT_PERIOD_US, share, sizeof(share)),
			check_judge_ms(CHECK_JUDGE_RT_BOOT_RUNTIME_US * 1000LL, ms[0],
				       sizeof(ms[0])),
			check_judge_ms(CHECK_JUDGE_RT_BOOT_PERIOD_US * 1000LL, ms[1],
				       sizeof(ms[1])),
			check_judge_rt_borrow(f), g->off);
		return;
	}
	check_judge_str(r, "knob", "cpu.rt_runtime_us");
	if (f->cg_runtime_err) {
		r->source = "config";
		check_judge_bool(r, "value", true);
		check_judge_str(r, "runaway_fifo", "throttled");
		if (!f->cpu_cgroup_dir[0])
			snprintf(why, sizeof(why),
				 "no cgroup v1 cpu controller is mounted (cgroup v2 has no RT "
				 "files)");
		else
			snprintf(why, sizeof(why), "%.160s/cpu.rt_runtime_us: %s",
				 f->cpu_cgroup_dir, strerror(-f->cg_runtime_err));
		check_judge_set(
			r, CHECK_JUDGE_OK,
			"on (CONFIG_RT_GROUP_SCHED): a runaway FIFO task is throttled to the "
			"root cpu cgroup's cpu.rt_runtime_us per cpu.rt_period_us (950 ms per "
			"1000 ms unless changed)%s; not readable: %s",
			check_judge_rt_borrow(f), why);
		return;
	}
	r->source = "cgroup";
	if (run < 0) {
		check_judge_rt_unthrottled(
			f, r, "off (cpu.rt_runtime_us = -1 in the root cpu cgroup)", "", true);
		return;
	}
	check_judge_bool(r, "value", true);
	check_judge_int(r, "runtime_us", run);
	check_judge_str(r, "runaway_fifo", "throttled");
	if (f->cg_period_err || per <= 0) {
		check_judge_set(r, CHECK_JUDGE_OK,
				"%lld us per period on each CPU for the root cpu cgroup "
				"(%s/cpu.rt_runtime_us): a runaway FIFO task there is throttled to "
				"that%s",
				run, f->cpu_cgroup_dir, check_judge_rt_borrow(f));
	} else {
		check_judge_int(r, "period_us", per);
		check_judge_set(
			r, CHECK_JUDGE_OK,
			"%s on each CPU for the root cpu cgroup: a runaway FIFO task there is "
			"throttled to %s per %s%s (%s/cpu.rt_runtime_us; sched_rt_runtime_us = "
			"%lld "
			"only caps it, -1 turns it off)",
			check_judge_rt_share(run, per, share, sizeof(share)),
			check_judge_ms(run * 1000, ms[0], sizeof(ms[0])),
			check_judge_ms(per * 1000, ms[1], sizeof(ms[1])), check_judge_rt_borrow(f),
			f->cpu_cgroup_dir, f->rt_runtime_us);
	}
	if (f->self_cgroup[0])
		check_judge_rt_self(f, r);
}

static void check_judge_rt_throttling(const struct check_gather_facts *f,
				      struct check_judge_result *r)
{
	struct check_judge_rtgroup g;
	int since_612 = check_judge_since(f, 6, 12);
	char share[64], ms[2][32];

	r->why = "once the RT tasks of a CPU used their budget, the kernel stops every one of "
		 "them, the measuring thread included, until the period ends: a stall of ~50 ms "
		 "a second while an RT task never sleeps, and the safety net against a runaway "
		 "RT hog";
	check_judge_null(r, "runtime_us");
	check_judge_null(r, "period_us");
	check_judge_null(r, "runaway_fifo");
	check_judge_null(r, "knob");
	check_judge_null(r, "rt_group_sched");
	check_judge_null(r, "cgroup");
	check_judge_null(r, "cgroup_runtime_us");
	check_judge_rt_group(f, &g);
	if (g.config >= 0)
		check_judge_bool(r, "rt_group_sched", g.config);
	if (g.config == 0 && since_612 == 1) {
		r->source = "config";
		check_judge_rt_unthrottled(
			f, r, "none (6.12+ without CONFIG_RT_GROUP_SCHED)",
			"; sched_rt_runtime_us only caps SCHED_DEADLINE bandwidth", false);
		return;
	}
	if (f->rt_runtime_err) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN,
				"/proc/sys/kernel/sched_rt_runtime_us unreadable");
		return;
	}
	r->source = "sysctl";
	if (f->rt_runtime_us < 0) {
		check_judge_rt_unthrottled(f, r, "off (sched_rt_runtime_us = -1)", "", true);
		return;
	}
	if (g.config == 1) {
		check_judge_rt_root_group(f, &g, r);
		return;
	}
	if (g.config < 0 && since_612 != 0) {
		check_judge_set(
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
	check_judge_bool(r, "value", true);
	check_judge_str(r, "runaway_fifo", "throttled");
	if (f->rt_period_err || f->rt_period_us <= 0) {
		check_judge_set(r, CHECK_JUDGE_OK,
				"%lld us per period: a runaway FIFO task is throttled to that%s",
				f->rt_runtime_us, check_judge_rt_borrow(f));
	} else if (g.config < 0) { /* before 6.12: the sysctl, or the root cpu cgroup */
		check_judge_set(
			r, CHECK_JUDGE_OK,
			"%s in sched_rt_runtime_us: a runaway FIFO task is throttled, to that "
			"without CONFIG_RT_GROUP_SCHED, else to the root cpu cgroup's "
			"cpu.rt_runtime_us (no kernel config to tell)%s",
			check_judge_rt_share(f->rt_runtime_us, f->rt_period_us, share,
					     sizeof(share)),
			check_judge_rt_borrow(f));
		return;
	} else {
		check_judge_set(r, CHECK_JUDGE_OK,
				"%s on each CPU: a runaway FIFO task is throttled to %s per %s%s "
				"(sched_rt_runtime_us / sched_rt_period_us)",
				check_judge_rt_share(f->rt_runtime_us, f->rt_period_us, share,
						     sizeof(share)),
				check_judge_ms(f->rt_runtime_us * 1000, ms[0], sizeof(ms[0])),
				check_judge_ms(f->rt_period_us * 1000, ms[1], sizeof(ms[1])),
				check_judge_rt_borrow(f));
		check_judge_int(r, "period_us", f->rt_period_us);
	}
	if (g.config == 0) {
		check_judge_int(r, "runtime_us", f->rt_runtime_us);
		check_judge_str(r, "knob", "sched_rt_runtime_us");
	}
}

static void check_judge_fair_server(const struct check_gather_facts *f,
				    struct check_judge_result *r)
{
	struct check_judge_fair s;
	char run[32], per[32];

	r->why = "from 6.12 a deadline server runs fair tasks that RT tasks starve, for its "
		 "runtime in each period and ahead of them: with RT throttling off, or absent "
		 "(6.12+ without CONFIG_RT_GROUP_SCHED), it alone keeps a runaway RT task from "
		 "hanging the CPU";
	check_judge_fair_state(f, &s);
	check_judge_null(r, "runtime_ns");
	check_judge_null(r, "period_ns");
	check_judge_null(r, "cpus");
	if (s.has >= 0)
		check_judge_bool(r, "kernel_has_server", s.has);
	else
		check_judge_null(r, "kernel_has_server");
	switch (s.state) {
	case CHECK_JUDGE_SERVER_ON:
	case CHECK_JUDGE_SERVER_OFF:
		r->source = "debugfs";
		check_judge_bool(r, "value", s.state == CHECK_JUDGE_SERVER_ON);
		check_judge_int(r, "runtime_ns", f->fair_runtime_ns[s.least]);
		check_judge_int(r, "period_ns", f->fair_period_ns[s.least]);
		check_judge_int(r, "cpus", f->nr_fair);
		check_judge_ms(f->fair_runtime_ns[s.least], run, sizeof(run));
		check_judge_ms(f->fair_period_ns[s.least], per, sizeof(per));
		if (s.nr_zero)
			check_judge_set(r, CHECK_JUDGE_OK, "off on %d of %d CPUs (runtime 0)",
					s.nr_zero, f->nr_fair);
		else if (s.same)
			check_judge_set(r, CHECK_JUDGE_OK, "on: %s per %s on each of %d CPU%s", run,
					per, f->nr_fair, f->nr_fair == 1 ? "" : "s");
		else
			check_judge_set(r, CHECK_JUDGE_OK,
					"on: at least %s per %s on each of %d CPUs (CPU %d the "
					"least)",
					run, per, f->nr_fair, s.least);
		if (f->fair_err)
			snprintf(r->text + strlen(r->text), sizeof(r->text) - strlen(r->text),
				 "; CPU %d unreadable: %s", f->nr_fair, strerror(-f->fair_err));
		return;
	case CHECK_JUDGE_SERVER_ABSENT:
		check_judge_bool(r, "value", false);
		if (s.has == 0) {
			r->source = "uname";
			check_judge_set(r, CHECK_JUDGE_OK,
					"absent: kernel %s is older than 6.12, which brought it",
					s.kernel);
		} else {
			r->source = "debugfs";
			check_judge_set(r, CHECK_JUDGE_OK,
					"absent: no /sys/kernel/debug/sched/fair_server");
		}
		return;
	default:
		break;
	}
	if (f->fair_err == -ENOENT && !f->debug_sched)
		check_judge_set(
			r, CHECK_JUDGE_UNKNOWN,
			"unreadable: no /sys/kernel/debug/sched (debugfs not mounted)%s%s%s",
			s.has == 1 ? "; kernel " : "", s.has == 1 ? s.kernel : "",
			s.has == 1 ? " has one" : "");
	else
		check_judge_set(r, CHECK_JUDGE_UNKNOWN,
				"unreadable (/sys/kernel/debug/sched/fair_server/cpu0/runtime: "
				"%s)%s%s%s",
				strerror(-f->fair_err), s.has == 1 ? "; kernel " : "",
				s.has == 1 ? s.kernel : "", s.has == 1 ? " has one" : "");
	if (f->fair_err == -ENOENT && !f->debug_sched)
		snprintf(r->hint, sizeof(r->hint), "mount -t debugfs none /sys/kernel/debug");
}

static void check_judge_timer_slack(const struct check_gather_facts *f,
				    struct check_judge_result *r)
{
	r->why = "SCHED_OTHER threads wake up to this late on purpose (timers are merged); RT "
		 "threads get none";
	r->unit = "ns";
	if (f->slack_err) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/proc/self/timerslack_ns unreadable");
		return;
	}
	r->source = "procfs";
	check_judge_int(r, "value", f->slack_ns);
	check_judge_set(
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
	check_judge_words(r, "evidence", "", ",");
	check_judge_null(r, "hypervisor");
	check_judge_null(r, "steal_s");
	check_judge_null(r, "steal_share");
	if (f->hypervisor_flag) {
		vm = true;
		snprintf(what, sizeof(what), "hypervisor flag in /proc/cpuinfo");
		check_judge_add_word(r, "evidence", "cpuinfo_flag");
	}
	if (f->hypervisor_type[0]) {
		vm = true;
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%s%s hypervisor",
			 what[0] ? ", " : "", f->hypervisor_type);
		check_judge_add_word(r, "evidence", "sys_hypervisor");
	}
	if (procfs_has_word(f->clocksources, "kvm-clock")) {
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%skvm-clock: KVM",
			 what[0] ? ", " : "");
		check_judge_add_word(r, "evidence", "kvm_clock");
		hyp = "KVM";
	} else if (strstr(f->clocksources, "hyperv")) {
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%sHyper-V clock",
			 what[0] ? ", " : "");
		check_judge_add_word(r, "evidence", "hyperv_clock");
		hyp = "Hyper-V";
	}
	if (f->stat_read) {
		double s = (double)f->steal_ticks / (double)f->clk_tck;
		double share = f->total_ticks ? (double)f->steal_ticks / (double)f->total_ticks : 0;

		snprintf(steal, sizeof(steal), "steal %.2f s since boot (%.2f%% of CPU time)", s,
			 100.0 * share);
		check_judge_num(r, "steal_s", s, 2);
		check_judge_num(r, "steal_share", share, 6);
		if (f->steal_ticks) {
			vm = true;
			check_judge_add_word(r, "evidence", "steal_time");
		}
	}
	r->source = f->cpuinfo_read ? "cpuinfo" : f->stat_read ? "stat" : NULL;
	if (!vm && !f->cpuinfo_read && !steal[0]) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/proc/cpuinfo and /proc/stat unreadable");
		return;
	}
	check_judge_bool(r, "value", vm);
	check_judge_str(r, "hypervisor", vm ? hyp : NULL);
	if (vm)
		check_judge_set(r, CHECK_JUDGE_WARN, "VM (%s)%s%s", what[0] ? what : "steal time",
				steal[0] ? "; " : "", steal);
	else
		check_judge_set(r, CHECK_JUDGE_OK, "no hypervisor seen%s%s", steal[0] ? "; " : "",
				steal);
	if (vm)
		snprintf(r->hint, sizeof(r->hint),
			 "measure on bare metal, or give the VM dedicated host CPUs (vCPU pinning, "
			 "host isolcpus, no overcommit)");
}

static void check_judge_smt(const struct check_gather_facts *f, struct check_judge_result *r)
{
	const char *control = f->smt_control[0] ? f->smt_control : "?";

	r->why = "SMT siblings share one core: a busy sibling slows the RT thread down";
	check_judge_str(r, "control", f->smt_control);
	r->source = "sysfs";
	if (f->smt_active_read && !strcmp(f->smt_active, "1")) {
		check_judge_set(r, CHECK_JUDGE_WARN, "on (control: %s)", control);
		check_judge_bool(r, "value", true);
		snprintf(r->hint, sizeof(r->hint),
			 "boot with nosmt, or keep the RT CPU's sibling "
			 "idle (thread_siblings_list)");
		return;
	}
	if (f->smt_active_read) {
		check_judge_set(r, CHECK_JUDGE_OK, "off (control: %s)", control);
		check_judge_bool(r, "value", false);
		return;
	}
	if (f->siblings_read) {
		bool shared = strchr(f->siblings, ',') || strchr(f->siblings, '-');

		check_judge_set(r, shared ? CHECK_JUDGE_WARN : CHECK_JUDGE_OK,
				"%s (cpu0 siblings: %s)", shared ? "on" : "off", f->siblings);
		check_judge_bool(r, "value", shared);
		return;
	}
	r->source = NULL;
	check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/sys/devices/system/cpu/smt unreadable");
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
	check_judge_null(r, "fast");
	if (f->clocksource_err) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "current_clocksource unreadable");
		return;
	}
	r->source = "sysfs";
	check_judge_str(r, "value", f->clocksource);
	for (i = 0; i < ARRAY_SIZE(fast); i++) {
		if (!strcmp(f->clocksource, fast[i])) {
			check_judge_set(r, CHECK_JUDGE_OK, "%s", f->clocksource);
			check_judge_bool(r, "fast", true);
			return;
		}
	}
	check_judge_set(r, CHECK_JUDGE_WARN, "%s (no fast user-space read)", f->clocksource);
	check_judge_bool(r, "fast", false);
	snprintf(r->hint, sizeof(r->hint),
		 "find out why the kernel left tsc (dmesg | grep -i "
		 "clocksource): an unstable TSC, a BIOS setting");
}

static void check_judge_tracefs(const struct check_gather_facts *f, struct check_judge_result *r)
{
	r->why = "rtwhy freezes a private ftrace instance and reads these events to explain a "
		 "spike";
	check_judge_null(r, "mounted");
	check_judge_null(r, "writable");
	check_judge_null(r, "events_needed");
	check_judge_int(r, "events_needed_of", f->nr_needed_of);
	check_judge_null(r, "events_optional");
	check_judge_int(r, "events_optional_of", f->nr_optional_of);
	check_judge_null(r, "missing_needed");
	check_judge_null(r, "missing_optional");
	if (f->mounts_err) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "/proc/mounts: %s",
				strerror(-f->mounts_err));
		return;
	}
	r->source = "mounts";
	check_judge_bool(r, "mounted", f->tracefs_dir[0]);
	if (!f->tracefs_dir[0]) {
		check_judge_set(r, CHECK_JUDGE_WARN, "not mounted");
		snprintf(r->hint, sizeof(r->hint),
			 "mount -t tracefs nodev /sys/kernel/tracing "
			 "(rtwhy tries this itself as root)");
		return;
	}
	check_judge_str(r, "value", f->tracefs_dir);
	if (f->events_err) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "%s, not readable: %s", f->tracefs_dir,
				strerror(-f->events_err));
		snprintf(r->hint, sizeof(r->hint), "run rtwhy check as root");
		return;
	}
	check_judge_bool(r, "writable", f->instances_writable);
	check_judge_int(r, "events_needed", f->nr_needed);
	check_judge_int(r, "events_optional", f->nr_optional);
	check_judge_words(r, "missing_needed", f->needed_missing, ", ");
	check_judge_words(r, "missing_optional", f->optional_missing, ", ");
	check_judge_set(r, f->nr_needed == f->nr_needed_of ? CHECK_JUDGE_OK : CHECK_JUDGE_WARN,
			"%s, %s, events %d/%d needed%s%s, %d/%d optional%s%s%s", f->tracefs_dir,
			f->instances_writable ? "writable" : "instances not writable", f->nr_needed,
			f->nr_needed_of, f->needed_missing[0] ? " (missing " : "",
			f->needed_missing, f->nr_optional, f->nr_optional_of,
			f->optional_missing[0] ? " (missing " : "", f->optional_missing,
			f->needed_missing[0] || f->optional_missing[0] ? ")" : "");
	if (r->status == CHECK_JUDGE_WARN)
		snprintf(r->hint, sizeof(r->hint),
			 "a kernel with CONFIG_FTRACE and the sched, irq "
			 "and timer tracepoints");
}

static void check_judge_timerlat(const struct check_gather_facts *f, struct check_judge_result *r)
{
	r->why = "rtla timerlat (the kernel's own latency tracer) needs it; rtwhy does not";
	check_judge_null(r, "tracers");
	if (f->tracers_err) {
		check_judge_set(r, CHECK_JUDGE_UNKNOWN, "%s: %s", f->tracers_path,
				strerror(-f->tracers_err));
		return;
	}
	r->source = "tracefs";
	check_judge_words(r, "tracers", f->tracers, " ");
	check_judge_bool(r, "value", procfs_has_word(f->tracers, "timerlat"));
	if (procfs_has_word(f->tracers, "timerlat"))
		check_judge_set(r, CHECK_JUDGE_OK, "present: rtla timerlat can run here too");
	else
		check_judge_set(r, CHECK_JUDGE_OK,
				"absent: rtla timerlat cannot run here (tracers: %s)", f->tracers);
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
		{ "rt_throttling", check_judge_rt_throttling },
		{ "fair_server", check_judge_fair_server },
		{ "timer_slack", check_judge_timer_slack },
		{ "virtualization", check_judge_virt },
		{ "smt", check_judge_smt },
		{ "clocksource", check_judge_clocksource },
		{ "tracefs", check_judge_tracefs },
		{ "timerlat", check_judge_timerlat },
	};
	size_t i;

	memset(rep, 0, sizeof(*rep));
	for (i = 0; i < ARRAY_SIZE(checks) && i < CHECK_JUDGE_MAX; i++) {
		struct check_judge_result *r = &rep->res[i];

		r->name = checks[i].name;
		r->why = "";
		check_judge_null(r, "value");
		checks[i].fn(f, r);
	}
	rep->n = i;
	check_judge_verdict(rep);
}
