// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/gather - the facts of every check, read under the root; HZ
 * measured on the live kernel when no config says it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/check/gather.h"
#include "rtwhy/host/kernel.h"
#include "rtwhy/host/sched.h"
#include "rtwhy/host/steal.h"
#include "rtwhy/host/cgroup.h"
#include "rtwhy/irqs/gather.h"
#include "rtwhy/procfs.h"
#include "rtwhy/sigflag.h"
#include "rtwhy/timenow.h"
#include "rtwhy/tsession.h"
#include "analysis/event.h"
#include "analysis/util.h"

#define CHECK_GATHER_MEASURE_NS	     (400 * NSEC_PER_MSEC) /* HZ measurement window */
#define CHECK_GATHER_MAX_DELTAS	     4096
#define CHECK_GATHER_DEFAULT_TRACING "/sys/kernel/tracing"
#define CHECK_GATHER_MAX_NEEDED	     32
#define CHECK_GATHER_EVENT_LEN	     96 /* "system/name" */

/*
 * The events the spike analysis needs are the event table's EVENT_T_NEEDED
 * ones (check_gather_needed()); these only sharpen it: an entry event of
 * each family of the table's EVENT_T_ENABLE ones (an exit comes with its entry).
 */
static const char *const check_gather_optional[] = {
	"sched/sched_migrate_task",
	"irq_vectors/local_timer_entry",
	"irq_vectors/reschedule_entry",
	"irq_vectors/call_function_entry",
	"nmi/nmi_handler",
};

/* Is @word one of the comma-separated words of @list ("rw,relatime,cpu,cpuacct")? */
static bool check_gather_has_option(const char *list, const char *word)
{
	size_t wlen = strlen(word);
	const char *p = list;

	while (p) {
		if (!strncmp(p, word, wlen) && (!p[wlen] || p[wlen] == ','))
			return true;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return false;
}

/* ---- measuring HZ ------------------------------------------------------------------- */

int check_gather_timer_list_sample(const char *text, uint64_t *now_ns, uint64_t *jiffies)
{
	const char *now = strstr(text, "now at "), *jif = strstr(text, "\njiffies: ");
	unsigned long long v;

	if (!now || !jif || sscanf(now, "now at %llu nsecs", &v) != 1)
		return -EINVAL;
	*now_ns = v;
	if (sscanf(jif + 1, "jiffies: %llu", &v) != 1)
		return -EINVAL;
	*jiffies = v;
	return 0;
}

int check_gather_hz_snap(double hz)
{
	static const int usual[] = { 24,  32,  48,  64,	 100,  128,  200,
				     250, 256, 300, 500, 1000, 1024, 1200 };
	double best_err = 0.03;
	int best = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(usual); i++) {
		double err = fabs(hz - usual[i]) / usual[i];

		if (err <= best_err) {
			best_err = err;
			best = usual[i];
		}
	}
	return best ? best : (int)lround(hz);
}

static int check_gather_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int check_gather_hz_from_deltas(uint64_t *deltas_ns, size_t n, double *period_ns)
{
	size_t first = 0, last, need = n / 4 > 5 ? n / 4 : 5;

	qsort(deltas_ns, n, sizeof(*deltas_ns), check_gather_u64_cmp);
	while (first < n && deltas_ns[first] < 100 * NSEC_PER_USEC) /* not a tick gap */
		first++;
	/*
	 * The smallest gap with enough gaps within 1.5 times it: a late tick makes a short gap
	 * to the next one, on time (on a VM, a vCPU the host stopped), and a stray one must not
	 * set the period; an idle CPU's gaps are multiples of it, above.
	 */
	for (; first < n; first++) {
		for (last = first; last < n && deltas_ns[last] * 2 <= deltas_ns[first] * 3; last++)
			;
		if (last - first >= need) {
			*period_ns = (double)deltas_ns[first + (last - first) / 2];
			return 0;
		}
	}
	return -ENODATA;
}

/* HZ from jiffies in /proc/timer_list, 400 ms apart. */
static int check_gather_hz_timer_list(struct check_gather_hz *m)
{
	uint64_t now[2], jif[2];
	char *text;
	int i;

	m->tried = true;
	for (i = 0; i < 2; i++) {
		ssize_t n = procfs_read_all("", "/proc/timer_list", &text);

		if (n < 0) {
			snprintf(m->detail, sizeof(m->detail), "/proc/timer_list: %s",
				 strerror((int)-n));
			return m->err = (int)n;
		}
		n = check_gather_timer_list_sample(text, &now[i], &jif[i]);
		free(text);
		if (n) {
			snprintf(m->detail, sizeof(m->detail), "/proc/timer_list: no jiffies line");
			return m->err = (int)n;
		}
		if (i == 0) {
			struct timespec ts = util_ns_to_ts(CHECK_GATHER_MEASURE_NS);

			nanosleep(&ts, NULL);
		}
	}
	if (now[1] <= now[0] || jif[1] <= jif[0]) {
		snprintf(m->detail, sizeof(m->detail), "/proc/timer_list: jiffies did not move");
		return m->err = -ENODATA;
	}
	m->hz = check_gather_hz_snap((double)(jif[1] - jif[0]) * 1e9 / (double)(now[1] - now[0]));
	snprintf(m->detail, sizeof(m->detail),
		 "measured: %llu jiffies in %.0f ms of /proc/timer_list",
		 (unsigned long long)(jif[1] - jif[0]), (double)(now[1] - now[0]) / 1e6);
	return m->err = 0;
}

struct check_gather_ticks {
	uint64_t last_ns[RTW_MAX_CPUS];
	uint64_t deltas[CHECK_GATHER_MAX_DELTAS];
	size_t nr_deltas;
	size_t nr_ticks;
	char function[RTW_NAME_LEN];
};

static int check_gather_tick_event(const struct rtw_event *ev, void *arg)
{
	struct check_gather_ticks *tk = arg;

	if (ev->kind != RTW_EV_HRTIMER_ENTRY || !event_is_tick_function(ev->u.hrt.function) ||
	    ev->cpu < 0 || ev->cpu >= RTW_MAX_CPUS)
		return 0;
	tk->nr_ticks++;
	util_strlcpy(tk->function, ev->u.hrt.function, sizeof(tk->function));
	if (tk->last_ns[ev->cpu] && ev->ts_ns > tk->last_ns[ev->cpu] &&
	    tk->nr_deltas < CHECK_GATHER_MAX_DELTAS)
		tk->deltas[tk->nr_deltas++] = ev->ts_ns - tk->last_ns[ev->cpu];
	tk->last_ns[ev->cpu] = ev->ts_ns;
	return 0;
}

/*
 * HZ from the tick's hrtimer (tick_nohz_handler...) traced for 400 ms while
 * this thread spins, so that its CPU keeps ticking even with NO_HZ_IDLE.
 */
static int check_gather_hz_ticks(struct check_gather_hz *m)
{
	static const char *const events[] = { "timer/hrtimer_expire_entry", NULL };
	const struct tsess_opts opts = { .events = events };
	struct check_gather_ticks *tk;
	struct tsess *s;
	double period_ns;
	uint64_t end;
	long n;
	int ret;

	m->tried = true;
	tk = calloc(1, sizeof(*tk));
	if (!tk) {
		snprintf(m->detail, sizeof(m->detail), "%s", strerror(ENOMEM));
		return m->err = -ENOMEM;
	}
	sigflag_install();
	tsess_remove_stale();
	ret = tsess_create(&s, &opts);
	if (ret) {
		snprintf(m->detail, sizeof(m->detail), "tracing: %s", strerror(-ret));
		goto out;
	}
	end = timenow_mono_ns() + CHECK_GATHER_MEASURE_NS;
	while (!sigflag_caught() && timenow_mono_ns() < end)
		;
	ret = tsess_stop(s);
	n = ret ? ret : tsess_read(s, check_gather_tick_event, tk);
	tsess_destroy(s);
	if (sigflag_caught()) {
		snprintf(m->detail, sizeof(m->detail), "tick measurement interrupted");
		ret = -EINTR;
	} else if (n < 0) {
		snprintf(m->detail, sizeof(m->detail), "tracing: %s", strerror((int)-n));
		ret = (int)n;
	} else if (check_gather_hz_from_deltas(tk->deltas, tk->nr_deltas, &period_ns)) {
		snprintf(m->detail, sizeof(m->detail), "only %zu tick expiries traced in %llu ms",
			 tk->nr_ticks,
			 (unsigned long long)(CHECK_GATHER_MEASURE_NS / NSEC_PER_MSEC));
		ret = -ENODATA;
	} else {
		m->hz = check_gather_hz_snap(1e9 / period_ns);
		snprintf(m->detail, sizeof(m->detail),
			 "measured: %zu %s expiries traced, period %.3f ms", tk->nr_ticks,
			 tk->function, period_ns / 1e6);
		ret = 0;
	}
out:
	sigflag_restore();
	free(tk);
	return m->err = ret;
}

/* Measure HZ only when no kernel config gives it and --hz-from lets us. */
static void check_gather_hz(struct check_gather_facts *f)
{
	enum check_gather_hz_from from = f->hz_from;
	char v[32];

	if ((from == CHECK_GATHER_HZ_AUTO || from == CHECK_GATHER_HZ_CONFIG) &&
	    host_kernel_kconfig(f->kconfig, "CONFIG_HZ", v, sizeof(v)))
		return;
	if (from == CHECK_GATHER_HZ_CONFIG || !f->live)
		return;
	if ((from == CHECK_GATHER_HZ_AUTO || from == CHECK_GATHER_HZ_TIMER_LIST) &&
	    (!check_gather_hz_timer_list(&f->hz_timer_list) || from == CHECK_GATHER_HZ_TIMER_LIST))
		return;
	if (from == CHECK_GATHER_HZ_AUTO && !f->euid_root)
		return;
	check_gather_hz_ticks(&f->hz_ticks);
}

/* ---- the files of the checks -------------------------------------------------------- */

/* A CPU list in a /sys file ("" and "(null)" mean none). */
static bool check_gather_cpus_file(const struct check_gather_facts *f, const char *rel, char *buf,
				   size_t len)
{
	bool readable = procfs_read(f->root, rel, buf, len) >= 0;

	if (!strcmp(buf, "(null)"))
		buf[0] = '\0';
	return readable;
}

static void check_gather_cpufreq(struct check_gather_facts *f)
{
	char rel[96], gov[64];
	int cpu;

	for (cpu = 0; cpu < f->nr_cpus && cpu < RTW_MAX_CPUS; cpu++) {
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
			 cpu);
		if (procfs_read(f->root, rel, gov, sizeof(gov)) < 0)
			continue;
		f->nr_governed++;
		if (!procfs_has_word(f->governors, gov) &&
		    strlen(f->governors) + strlen(gov) + 2 < sizeof(f->governors)) {
			strcat(f->governors, f->governors[0] ? " " : "");
			strcat(f->governors, gov);
		}
	}
}

static void check_gather_cpuidle(struct check_gather_facts *f)
{
	char rel[128];
	long long disabled;
	int i;

	procfs_read(f->root, "/sys/devices/system/cpu/cpuidle/current_driver", f->idle_driver,
		    sizeof(f->idle_driver));
	if (procfs_read(f->root, "/sys/devices/system/cpu/cpuidle/current_governor_ro",
			f->idle_governor, sizeof(f->idle_governor)) < 0)
		procfs_read(f->root, "/sys/devices/system/cpu/cpuidle/current_governor",
			    f->idle_governor, sizeof(f->idle_governor));
	for (i = 0; i < CHECK_GATHER_MAX_IDLE; i++) {
		struct check_gather_idle_state *st = &f->idle[i];

		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu0/cpuidle/state%d/name", i);
		if (procfs_read(f->root, rel, st->name, sizeof(st->name)) < 0)
			break;
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu0/cpuidle/state%d/latency",
			 i);
		if (procfs_read_long(f->root, rel, &st->latency_us))
			st->latency_us = -1;
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu0/cpuidle/state%d/disable",
			 i);
		st->disabled = !procfs_read_long(f->root, rel, &disabled) && disabled;
	}
	f->nr_idle = i;
}

/* The cgroup v1 cpu controller's path of this process ("2:cpu,cpuacct:/user.slice"). */
static void check_gather_self_cgroup(struct check_gather_facts *f)
{
	char *text = NULL, *line, *rest;

	if (procfs_read_all(f->root, "/proc/self/cgroup", &text) < 0)
		return;
	for (rest = text; (line = strsep(&rest, "\n"));) {
		char *ctrls = strchr(line, ':'), *path = ctrls ? strchr(ctrls + 1, ':') : NULL;

		if (!path)
			continue;
		*path++ = '\0';
		if (check_gather_has_option(ctrls + 1, "cpu")) {
			util_strlcpy(f->self_cgroup, path, sizeof(f->self_cgroup));
			break;
		}
	}
	free(text);
}

/* The RT budget of the root cpu cgroup, and of this process's group (cgroup v1). */
static void check_gather_rt_cgroup(struct check_gather_facts *f)
{
	char rel[600];

	f->cg_runtime_err = f->cg_period_err = f->self_runtime_err = -ENOENT;
	check_gather_self_cgroup(f);
	if (!f->cpu_cgroup_dir[0])
		return;
	snprintf(rel, sizeof(rel), "%s/cpu.rt_runtime_us", f->cpu_cgroup_dir);
	f->cg_runtime_err = procfs_read_long(f->root, rel, &f->cg_runtime_us);
	snprintf(rel, sizeof(rel), "%s/cpu.rt_period_us", f->cpu_cgroup_dir);
	f->cg_period_err = procfs_read_long(f->root, rel, &f->cg_period_us);
	if (f->self_cgroup[0] && strcmp(f->self_cgroup, "/")) {
		snprintf(rel, sizeof(rel), "%s%s/cpu.rt_runtime_us", f->cpu_cgroup_dir,
			 f->self_cgroup);
		f->self_runtime_err = procfs_read_long(f->root, rel, &f->self_runtime_us);
	}
}

/* The RT budget and each CPU's fair server (host/sched), and this process's RT cgroup. */
static void check_gather_rt(struct check_gather_facts *f)
{
	struct host_sched s;
	int cpu, n = f->nr_cpus > 0 ? f->nr_cpus : 1;

	host_sched_read(f->root, -1, &s);
	f->rt_runtime_err = s.rt_runtime_err;
	f->rt_runtime_us = s.rt_runtime_us;
	f->rt_period_err = s.rt_period_err;
	f->rt_period_us = s.rt_period_us;
	check_gather_rt_cgroup(f);
	for (cpu = 0; cpu < n && cpu < RTW_MAX_CPUS; cpu++) {
		f->fair_err = host_sched_fair_server(f->root, cpu, &f->fair_runtime_ns[cpu],
						     &f->fair_period_ns[cpu]);
		if (f->fair_err)
			break;
		f->nr_fair++;
	}
	f->debug_sched = procfs_exists(f->root, "/sys/kernel/debug/sched");
}

static void check_gather_virt(struct check_gather_facts *f)
{
	struct host_steal_stat st;
	char *cpuinfo = NULL, flags[8192];

	f->clk_tck = sysconf(_SC_CLK_TCK);
	if (procfs_read_all(f->root, "/proc/cpuinfo", &cpuinfo) >= 0) {
		f->cpuinfo_read = true;
		f->hypervisor_flag = !procfs_field(cpuinfo, "flags", flags, sizeof(flags)) &&
				     procfs_has_word(flags, "hypervisor");
	}
	free(cpuinfo);
	procfs_read(f->root, "/sys/hypervisor/type", f->hypervisor_type,
		    sizeof(f->hypervisor_type));
	procfs_read(f->root, "/sys/devices/system/clocksource/clocksource0/available_clocksource",
		    f->clocksources, sizeof(f->clocksources));
	if (!host_steal_read(f->root, -1, &st) && f->clk_tck > 0) {
		f->stat_read = true;
		f->steal_ticks = st.steal_ticks;
		f->total_ticks = st.total_ticks;
	}
}

static void check_gather_smt(struct check_gather_facts *f)
{
	f->smt_active_read = procfs_read(f->root, "/sys/devices/system/cpu/smt/active",
					 f->smt_active, sizeof(f->smt_active)) >= 0;
	procfs_read(f->root, "/sys/devices/system/cpu/smt/control", f->smt_control,
		    sizeof(f->smt_control));
	f->siblings_read =
		procfs_read(f->root, "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list",
			    f->siblings, sizeof(f->siblings)) >= 0;
}

/*
 * Where tracefs and the cgroup v1 cpu controller are mounted under the root
 * ("" if not). Return: -errno if no mount table.
 */
static int check_gather_mounts(struct check_gather_facts *f)
{
	char *mounts = NULL, *line, *rest;
	ssize_t n;

	f->tracefs_dir[0] = '\0';
	n = procfs_read_all(f->root, "/proc/mounts", &mounts);
	if (n < 0)
		return (int)n;
	for (rest = mounts; (line = strsep(&rest, "\n"));) {
		char src[256], mnt[256], type[64], opts[512];

		if (sscanf(line, "%255s %255s %63s %511s", src, mnt, type, opts) != 4)
			continue;
		if (!strcmp(type, "cgroup") && !f->cpu_cgroup_dir[0] &&
		    check_gather_has_option(opts, "cpu"))
			util_strlcpy(f->cpu_cgroup_dir, mnt, sizeof(f->cpu_cgroup_dir));
		if (strcmp(type, "tracefs"))
			continue;
		if (!f->tracefs_dir[0] || !strcmp(mnt, CHECK_GATHER_DEFAULT_TRACING))
			util_strlcpy(f->tracefs_dir, mnt, sizeof(f->tracefs_dir));
	}
	free(mounts);
	return 0;
}

static int check_gather_count_events(const struct check_gather_facts *f, const char *const *events,
				     size_t n, char *missing, size_t len)
{
	char rel[512];
	size_t i, used = strlen(missing);
	int found = 0;

	for (i = 0; i < n; i++) {
		snprintf(rel, sizeof(rel), "%s/events/%s", f->tracefs_dir, events[i]);
		if (procfs_exists(f->root, rel)) {
			found++;
			continue;
		}
		if (used < len)
			used += (size_t)snprintf(missing + used, len - used, "%s%s",
						 used ? ", " : "", events[i]);
	}
	return found;
}

/* The event table's EVENT_T_NEEDED entries as "system/name", in table order. */
static size_t check_gather_needed(char (*buf)[CHECK_GATHER_EVENT_LEN], const char **names,
				  size_t max)
{
	size_t i, n, nr = 0;
	const struct event_type *t = event_types(&n);

	for (i = 0; i < n && nr < max; i++) {
		if (!(t[i].flags & EVENT_T_NEEDED))
			continue;
		snprintf(buf[nr], CHECK_GATHER_EVENT_LEN, "%s/%s", t[i].system, t[i].name);
		names[nr] = buf[nr];
		nr++;
	}
	return nr;
}

static void check_gather_tracefs(struct check_gather_facts *f)
{
	char rel[300], path[4096], needed_buf[CHECK_GATHER_MAX_NEEDED][CHECK_GATHER_EVENT_LEN];
	const char *needed[CHECK_GATHER_MAX_NEEDED];
	size_t nr_needed = check_gather_needed(needed_buf, needed, CHECK_GATHER_MAX_NEEDED);

	f->nr_needed_of = (int)nr_needed;
	f->nr_optional_of = (int)ARRAY_SIZE(check_gather_optional);
	if (!f->mounts_err && f->tracefs_dir[0]) {
		snprintf(rel, sizeof(rel), "%s/events", f->tracefs_dir);
		procfs_path(path, sizeof(path), f->root, rel);
		f->events_err = access(path, R_OK | X_OK) ? -errno : 0;
		if (!f->events_err) {
			f->nr_needed = check_gather_count_events(
				f, needed, nr_needed, f->needed_missing, sizeof(f->needed_missing));
			f->nr_optional = check_gather_count_events(
				f, check_gather_optional, ARRAY_SIZE(check_gather_optional),
				f->optional_missing, sizeof(f->optional_missing));
			snprintf(rel, sizeof(rel), "%s/instances", f->tracefs_dir);
			procfs_path(path, sizeof(path), f->root, rel);
			f->instances_writable = !access(path, W_OK);
		}
	}
	snprintf(f->tracers_path, sizeof(f->tracers_path), "%s/available_tracers",
		 f->tracefs_dir[0] ? f->tracefs_dir : CHECK_GATHER_DEFAULT_TRACING);
	f->tracers_err = (int)procfs_read(f->root, f->tracers_path, f->tracers, sizeof(f->tracers));
	if (f->tracers_err > 0)
		f->tracers_err = 0;
}

/* ---- all of it ---------------------------------------------------------------------- */

/* The kernel's facts (host/kernel) into the check's, and the CPUs online. */
static int check_gather_kernel(struct check_gather_facts *f)
{
	char online[CHECK_GATHER_CPULIST_LEN];
	struct host_kernel k;
	cpu_set_t set;
	int ret;

	ret = host_kernel_read(&k, f->root);
	if (ret)
		return ret;
	util_strlcpy(f->release, k.release, sizeof(f->release));
	util_strlcpy(f->version, k.version, sizeof(f->version));
	util_strlcpy(f->cmdline, k.cmdline, sizeof(f->cmdline));
	util_strlcpy(f->kconfig_src, k.kconfig_src, sizeof(f->kconfig_src));
	f->kconfig = k.kconfig; /* now the facts' */
	f->forced = k.forced;
	util_strlcpy(f->forced_why, k.forced_why, sizeof(f->forced_why));
	if (procfs_read(f->root, "/sys/devices/system/cpu/online", online, sizeof(online)) >= 0 &&
	    !util_parse_cpulist(online, &set))
		f->nr_cpus = CPU_COUNT(&set);
	else if (f->live)
		f->nr_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	f->cpu_dir = procfs_exists(f->root, "/sys/devices/system/cpu");
	return 0;
}

void check_gather_cgroup(struct check_gather_facts *f, int pid, const char *cpus)
{
	struct host_cgroup_ctl cpu, cpuset;
	struct host_cgroup_quota q;
	int64_t rt = -1;

	f->cg_pid = pid > 0 ? pid : 0;
	util_strlcpy(f->cg_cpus_wanted, cpus ? cpus : "", sizeof(f->cg_cpus_wanted));
	f->cg_path[0] = f->cg_limit_path[0] = f->cpuset_path[0] = f->cpuset_cpus[0] = '\0';
	f->cg_version = 0;
	f->cg_quota_err = f->cg_rt_err = f->cpuset_err = -ENOENT;
	f->cg_err = host_cgroup_find(f->root, "cpu", &cpu);
	f->cg_no_controller = f->cg_err == -ENOENT && procfs_exists(f->root, "/proc/mounts");
	if (!f->cg_err)
		f->cg_err = host_cgroup_of(f->root, f->cg_pid, 0, "cpu", &cpu, f->cg_path,
					   sizeof(f->cg_path));
	if (!f->cg_err) {
		f->cg_version = cpu.version;
		f->cg_quota_err = host_cgroup_quota(f->root, &cpu, f->cg_path, &q);
		if (!f->cg_quota_err) {
			f->cg_quota_us = q.quota_us;
			f->cg_quota_period_us = q.period_us;
			util_strlcpy(f->cg_limit_path, q.limit_path, sizeof(f->cg_limit_path));
		}
		f->cg_rt_err = host_cgroup_rt_runtime(f->root, &cpu, f->cg_path, &rt);
		f->cg_rt_us = rt;
	}
	f->cpuset_err = host_cgroup_find(f->root, "cpuset", &cpuset);
	if (!f->cpuset_err)
		f->cpuset_err = host_cgroup_of(f->root, f->cg_pid, 0, "cpuset", &cpuset,
					       f->cpuset_path, sizeof(f->cpuset_path));
	if (!f->cpuset_err)
		f->cpuset_err = host_cgroup_cpus(f->root, &cpuset, f->cpuset_path, f->cpuset_cpus,
						 sizeof(f->cpuset_cpus));
}

int check_gather(struct check_gather_facts *f, const char *root, enum check_gather_hz_from hz_from)
{
	int ret;

	memset(f, 0, sizeof(*f));
	f->root = root;
	f->live = !root[0];
	f->hz_from = hz_from;
	f->euid_root = f->live && geteuid() == 0;
	ret = check_gather_kernel(f);
	if (ret)
		return ret;
	f->preempt_err = (int)procfs_read(root, "/sys/kernel/debug/sched/preempt", f->preempt,
					  sizeof(f->preempt));
	if (f->preempt_err > 0)
		f->preempt_err = 0;
	check_gather_hz(f);
	f->nohz_full_file = procfs_exists(root, "/sys/devices/system/cpu/nohz_full");
	f->isolated_read = check_gather_cpus_file(f, "/sys/devices/system/cpu/isolated",
						  f->isolated, sizeof(f->isolated));
	f->nohz_full_read = check_gather_cpus_file(f, "/sys/devices/system/cpu/nohz_full",
						   f->nohz_full, sizeof(f->nohz_full));
	check_gather_cpufreq(f);
	check_gather_cpuidle(f);
	f->mounts_err = check_gather_mounts(f);
	check_gather_rt(f);
	f->slack_err = procfs_read_long(root, "/proc/self/timerslack_ns", &f->slack_ns);
	check_gather_virt(f);
	check_gather_smt(f);
	f->clocksource_err = (int)procfs_read(
		root, "/sys/devices/system/clocksource/clocksource0/current_clocksource",
		f->clocksource, sizeof(f->clocksource));
	if (f->clocksource_err > 0)
		f->clocksource_err = 0;
	check_gather_tracefs(f);
	check_gather_cgroup(f, 0, NULL);
	return 0;
}

void check_gather_free(struct check_gather_facts *f)
{
	free(f->kconfig);
	f->kconfig = NULL;
}
