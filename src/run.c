// SPDX-License-Identifier: GPL-2.0-only
/*
 * run - a measuring run from start to end. One owner for everything the
 * run creates (tracing session, PM QoS request, threads, output files) and
 * one unwind path that releases it all, whatever ended the run.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "analysis/blame.h"
#include "analysis/diag.h"
#include "rtwhy/capture.h"
#include "rtwhy/cli.h"
#include "rtwhy/check/gather.h"
#include "rtwhy/clockres.h"
#include "rtwhy/hostinfo.h"
#include "rtwhy/irqs/gather.h"
#include "analysis/marker.h"
#include "analysis/pidmap.h"
#include "rtwhy/log.h"
#include "rtwhy/measure.h"
#include "rtwhy/metrics.h"
#include "rtwhy/outfile.h"
#include "rtwhy/procfs.h"
#include "rtwhy/report/json.h"
#include "rtwhy/report/svg.h"
#include "rtwhy/report/svg_histogram.h"
#include "rtwhy/report/svg_spike.h"
#include "rtwhy/report/text.h"
#include "rtwhy/run.h"
#include "rtwhy/savetrace.h"
#include "rtwhy/shmstat.h"
#include "rtwhy/statfifo.h"
#include "rtwhy/systune.h"
#include "rtwhy/timenow.h"
#include "rtwhy/tsession.h"
#include "analysis/util.h"

#define RUN_REFRESH_NS	  (10 * NSEC_PER_MSEC) /* cyclictest's display period */
#define RUN_LOOKBACK_NS	  (20 * NSEC_PER_MSEC) /* events kept before a deadline */
#define RUN_MAX_KEPT	  1000		       /* explained spikes kept for --json */
#define RUN_MAX_SVG	  50		       /* explained spikes drawn for --svg */
#define RUN_STEAL_PERIOD  (100 * NSEC_PER_MSEC)
#define RUN_STEAL_SAMPLES 64
#define RUN_MAX_TASKS	  1024 /* live tasks whose policy is read for one spike */
#define RUN_MAX_RT_TASKS  32   /* runnable RT tasks of the spike's CPU read from /proc */
#define RUN_MAX_DL_TASKS  16   /* SCHED_DEADLINE reservations of the window's tasks */
#define RUN_RT_SAMPLE_NS  (20 * NSEC_PER_MSEC) /* between two reads of their run time */
#define RUN_EXPLAIN_NICE  5 /* the explaining thread below fair measuring threads */

static volatile sig_atomic_t run_signal;
static volatile sig_atomic_t run_status_wanted;
static volatile sig_atomic_t run_snapshot_wanted;

static void run_on_signal(int sig)
{
	run_signal = sig;
}

/* SIGUSR1: cyclictest prints the current status and goes on; SIGUSR2: into the status file */
static void run_on_status(int sig)
{
	if (sig == SIGUSR2)
		run_snapshot_wanted = 1;
	else
		run_status_wanted = 1;
}

struct run_steal {
	uint64_t ts_ns[RUN_STEAL_SAMPLES];
	uint64_t steal_ticks[RUN_STEAL_SAMPLES];
	unsigned int next;
	uint64_t last_ns;
};

/* An explanation the explaining thread made, for the main thread to print and keep. */
struct run_done {
	struct blame_result res;
	int index;
	size_t nr_events;
};

struct run {
	const struct rtw_config *cfg;
	struct measure *m;
	struct systune tune;
	struct shmstat shm;    /* /dev/shm/cyclictest<pid> */
	struct statfifo fifo;  /* -F */
	int64_t drawn_max_sum; /* -M: the maxima of the last drawing */
	struct tsess *ts;
	struct capture cap;	   /* the spikes and the trace they are explained from */
	struct blame_result *kept; /* explained spikes for --json */
	size_t nr_kept;
	size_t cap_kept;
	size_t nr_dropped;
	int nr_explained;
	uint64_t nr_overwritten;  /* spikes whose window was gone when read: blind too */
	struct blame_result last; /* -b: printed after the summary */
	size_t last_nr_events;
	bool have_last;
	struct savetrace save; /* --save-trace */
	int output_err;	       /* a --save-trace, --histfile or --svg write failed: -errno */
	bool status_shown;
	struct report_text_verbose *verbose;
	struct run_steal steal;
	time_t start_time;
	struct hostinfo host;	     /* what the reports say of the machine, read at the start */
	struct metrics_file metrics; /* --metrics */
	struct blame_kernel kernel;  /* this kernel's facts and rtwhy's main thread, for blame */
	/* --explain: the explaining thread and what it hands to the main thread */
	cpu_set_t any_cpus; /* the process's CPUs, before -a pinned the main thread */
	pthread_t explainer;
	bool explainer_started;
	_Atomic bool explainer_stop;
	pthread_mutex_t done_lock;
	struct run_done *done;
	size_t nr_done, cap_done;
	uint64_t nr_done_lost; /* explained but not printed: out of memory */
};

#define RUN_PF_NO_SETAFFINITY 0x04000000UL /* include/linux/sched.h */

static uint64_t run_now_ns(void)
{
	return timenow_mono_ns();
}

/* A file named on the command line must be writable before we measure for minutes. */
static int run_check_writable(const char *what, const char *path)
{
	struct stat st;
	int fd;

	if (!path || !strcmp(path, "-"))
		return 0;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0) {
		close(fd);
		unlink(path);
		return 0;
	}
	if (errno == EEXIST && stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			errno = EISDIR;
		else if (access(path, W_OK) == 0)
			return 0;
	}
	log_err("cannot write %s file %s: %s", what, path, strerror(errno));
	return -errno;
}

static int run_check_outputs(const struct rtw_config *cfg)
{
	if (run_check_writable("--json", cfg->output.json_path) ||
	    run_check_writable("--histfile", cfg->output.histfile) ||
	    run_check_writable("--svg", cfg->output.svg_path) ||
	    run_check_writable("--save-trace", cfg->output.save_trace) ||
	    metrics_file_check(cfg->output.metrics))
		return -EINVAL;
	return 0;
}

/* ---- host steal time, for spikes nothing in the trace explains ---------------------- */

static uint64_t run_read_steal_ticks(void)
{
	unsigned long long v[8] = { 0 };
	char line[256]; /* the first line, "cpu ...", is all we need */

	if (procfs_read("", "/proc/stat", line, sizeof(line)) <= 0 ||
	    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
		   &v[4], &v[5], &v[6], &v[7]) != 8)
		return 0;
	return v[7];
}

static void run_sample_steal(struct run_steal *st, uint64_t now)
{
	unsigned int i = st->next++ % RUN_STEAL_SAMPLES;

	st->ts_ns[i] = now;
	st->steal_ticks[i] = run_read_steal_ticks();
	st->last_ns = now;
}

/* Steal between the last sample before @from_ns and now, in ns; -1 unknown. */
static int64_t run_steal_since(struct run_steal *st, uint64_t from_ns)
{
	uint64_t best_ts = 0, best = 0, now = run_now_ns();
	long hz = sysconf(_SC_CLK_TCK);
	unsigned int i;

	for (i = 0; i < RUN_STEAL_SAMPLES && i < st->next; i++) {
		if (st->ts_ns[i] <= from_ns && st->ts_ns[i] > best_ts) {
			best_ts = st->ts_ns[i];
			best = st->steal_ticks[i];
		}
	}
	if (!best_ts || hz <= 0)
		return -1;
	run_sample_steal(st, now);
	return (int64_t)((st->steal_ticks[(st->next - 1) % RUN_STEAL_SAMPLES] - best) *
			 (NSEC_PER_SEC / (uint64_t)hz));
}

/* ---- explaining a frozen spike ------------------------------------------------------- */

/* A live task's comm and policy as the system shows them now; false if it is gone. */
static bool run_task_policy(int32_t pid, char *comm, int *policy)
{
	char path[64], now_comm[32] = "";
	FILE *f;
	int p;

	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (!fgets(now_comm, sizeof(now_comm), f))
		now_comm[0] = '\0';
	fclose(f);
	now_comm[strcspn(now_comm, "\n")] = '\0';
	p = sched_getscheduler(pid);
	if (p < 0)
		return false;
	util_strlcpy(comm, now_comm, RTW_COMM_LEN);
	*policy = p & ~SCHED_RESET_ON_FORK;
	return true;
}

/* What the live system says beyond the trace, for blame_host (cause.h). */
struct run_host {
	struct pidmap live; /* the window's tasks: comm and policy now */
	struct cause_rt_task rt[RUN_MAX_RT_TASKS];
	struct cause_dl_task dl[RUN_MAX_DL_TASKS];
	size_t nr_dl;
};

/* struct sched_attr as the kernel's ABI has it (SCHED_ATTR_SIZE_VER0: 48 bytes) */
struct run_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

/* A SCHED_DEADLINE task's reservation; false if it cannot be read. */
static bool run_dl_params(int32_t pid, struct cause_dl_task *dl)
{
	struct run_sched_attr a = { .size = sizeof(a) };

	if (syscall(SYS_sched_getattr, pid, &a, sizeof(a), 0) || !a.sched_runtime)
		return false;
	dl->pid = pid;
	dl->runtime_ns = a.sched_runtime;
	dl->deadline_ns = a.sched_deadline;
	dl->period_ns = a.sched_period ? a.sched_period : a.sched_deadline;
	return true;
}

/* Field @field of a /proc/.../stat line, numbered as in proc(5) (3 = state); -1 */
static long long run_stat_field(const char *stat, int field)
{
	const char *p = strrchr(stat, ')');
	int f = 3;

	if (!p)
		return -1;
	for (p++; *p; f++) {
		while (*p == ' ')
			p++;
		if (f == field)
			return *p >= '0' && *p <= '9' ? strtoll(p, NULL, 10) : -1;
		while (*p && *p != ' ')
			p++;
	}
	return -1;
}

/* Run time (ns, schedstat), voluntary switches and state of a task; false when gone. */
static bool run_task_usage(const char *dir, uint64_t *run_ns, long long *voluntary, char *state)
{
	char rel[96], buf[4096], val[32];
	unsigned long long run;

	snprintf(rel, sizeof(rel), "%s/schedstat", dir);
	if (procfs_read("", rel, buf, sizeof(buf)) <= 0 || sscanf(buf, "%llu", &run) != 1)
		return false;
	snprintf(rel, sizeof(rel), "%s/status", dir);
	if (procfs_read("", rel, buf, sizeof(buf)) <= 0 ||
	    procfs_field(buf, "voluntary_ctxt_switches", val, sizeof(val)))
		return false;
	*run_ns = run;
	*voluntary = strtoll(val, NULL, 10);
	*state = procfs_field(buf, "State", val, sizeof(val)) ? '?' : val[0];
	return true;
}

/*
 * The runnable RT tasks on @cpu now (other processes' only), and whether they
 * sleep: read twice RUN_RT_SAMPLE_NS apart, one still runnable with no
 * voluntary switch in between did not sleep (running, or throttled: the main
 * thread, SCHED_OTHER, often gets the CPU only while RT is throttled). What the
 * window may not show of who used the CPU's RT budget.
 */
static size_t run_rt_tasks(int cpu, struct cause_rt_task *rt, size_t max)
{
	char **pids = NULL, **tids, rel[96], stat[1024];
	uint64_t run0[RUN_MAX_RT_TASKS];
	long long vol0[RUN_MAX_RT_TASKS];
	int np, nt, i, k;
	size_t n = 0, j;
	char state;

	np = procfs_list("", "/proc", true, &pids);
	for (i = 0; i < np && n < max; i++) {
		if (pids[i][0] < '0' || pids[i][0] > '9' || atoi(pids[i]) == getpid())
			continue;
		snprintf(rel, sizeof(rel), "/proc/%s/task", pids[i]);
		nt = procfs_list("", rel, true, &tids);
		for (k = 0; k < nt && n < max; k++) {
			const char *open, *close;

			snprintf(rel, sizeof(rel), "/proc/%s/task/%s/stat", pids[i], tids[k]);
			if (procfs_read("", rel, stat, sizeof(stat)) <= 0)
				continue;
			open = strchr(stat, '(');
			close = strrchr(stat, ')');
			if (!open || !close || close[1] != ' ' || close[2] != 'R' ||
			    run_stat_field(stat, 39) != cpu || run_stat_field(stat, 40) <= 0)
				continue;
			memset(&rt[n], 0, sizeof(rt[n]));
			rt[n].pid = atoi(tids[k]);
			snprintf(rt[n].comm, sizeof(rt[n].comm), "%.*s", (int)(close - open - 1),
				 open + 1);
			rt[n].rt_prio = (int32_t)run_stat_field(stat, 40);
			rt[n].policy = (int)run_stat_field(stat, 41);
			rt[n].cpu = cpu;
			rt[n].never_sleeps = -1;
			snprintf(rel, sizeof(rel), "/proc/%s/task/%s", pids[i], tids[k]);
			if (run_task_usage(rel, &run0[n], &vol0[n], &state))
				n++;
		}
		procfs_list_free(tids, nt);
	}
	procfs_list_free(pids, np);
	if (n) {
		struct timespec pause = util_ns_to_ts(RUN_RT_SAMPLE_NS);
		uint64_t t0 = run_now_ns(), dt;

		nanosleep(&pause, NULL);
		dt = run_now_ns() - t0;
		for (j = 0; j < n; j++) {
			uint64_t run1;
			long long vol1;

			snprintf(rel, sizeof(rel), "/proc/%d/task/%d", rt[j].pid, rt[j].pid);
			if (!run_task_usage(rel, &run1, &vol1, &state) || run1 < run0[j])
				continue;
			rt[j].run_ns = run1 - run0[j];
			rt[j].sample_ns = dt;
			/* runnable throughout yet not run: starved behind the budget user (rcuc/N
			 * behind an RT hog of its priority), which says nothing of its sleeping */
			if (vol1 != vol0[j])
				rt[j].never_sleeps = 0;
			else if (state == 'R' && rt[j].run_ns)
				rt[j].never_sleeps = 1;
		}
	}
	return n;
}

static bool run_debugfs_denied; /* the fair server's debugfs files: EPERM once, not again */

/* The RT bandwidth and fair-server knobs as they are now. */
static void run_knobs(int cpu, struct cause_knobs *k)
{
	static const char *const cgroup[] = { "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct" };
	long long v, p;
	char rel[96];
	size_t i;
	int major, minor, ret = -1;

	memset(k, 0, sizeof(*k));
	if (!procfs_read_long("", "/proc/sys/kernel/sched_rt_runtime_us", &v) &&
	    !procfs_read_long("", "/proc/sys/kernel/sched_rt_period_us", &p)) {
		k->rt_known = true;
		k->rt_runtime_us = v;
		k->rt_period_us = p;
	}
	for (i = 0; i < ARRAY_SIZE(cgroup) && !k->cgroup_known; i++) {
		snprintf(rel, sizeof(rel), "%s/cpu.rt_runtime_us", cgroup[i]);
		if (procfs_read_long("", rel, &v))
			continue;
		snprintf(rel, sizeof(rel), "%s/cpu.rt_period_us", cgroup[i]);
		if (procfs_read_long("", rel, &p))
			continue;
		k->cgroup_known = true;
		k->cgroup_rt_runtime_us = v;
		k->cgroup_rt_period_us = p;
	}
	/* debugfs may be locked down (EPERM, and a kernel message per try): not tried then */
	if (!run_debugfs_denied &&
	    procfs_read("", "/sys/kernel/security/lockdown", rel, sizeof(rel)) > 0 &&
	    !strstr(rel, "[none]"))
		run_debugfs_denied = true;
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/sched/fair_server/cpu%d/runtime", cpu);
	if (cpu >= 0 && !run_debugfs_denied && (ret = procfs_read_long("", rel, &v)) != 0)
		run_debugfs_denied = ret == -EPERM || ret == -EACCES;
	if (cpu >= 0 && !run_debugfs_denied && !ret) {
		snprintf(rel, sizeof(rel), "/sys/kernel/debug/sched/fair_server/cpu%d/period", cpu);
		if (!procfs_read_long("", rel, &p)) {
			k->fair_known = true;
			k->fair_runtime_ns = (uint64_t)v;
			k->fair_period_ns = (uint64_t)p;
		}
	}
	if (!util_kernel_version(NULL, &major, &minor))
		k->kernel_version = major * 1000 + minor;
}

/* A kernel thread bound to its CPU (PF_NO_SETAFFINITY in /proc/PID/stat's flags). */
static bool run_task_pinned(int32_t pid)
{
	char path[64], stat[1024];
	long long flags;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (procfs_read("", path, stat, sizeof(stat)) <= 0)
		return false;
	flags = run_stat_field(stat, 9); /* proc(5): flags */
	return flags > 0 && ((unsigned long long)flags & RUN_PF_NO_SETAFFINITY);
}

/*
 * The tasks of the window are mostly still there: read their real policy
 * before explaining, instead of letting blame guess it from the priority,
 * and the reservation of the SCHED_DEADLINE ones.
 * @live: result, pidmap_free() it (empty when out of memory).
 */
static void run_host_tasks(const struct rtw_event *ev, size_t n, struct pidmap *live,
			   struct run_host *h)
{
	const struct pidmap_task *t;
	struct pidmap seen;
	size_t i, pos = 0, nr = 0;

	if (pidmap_init(live))
		memset(live, 0, sizeof(*live));
	if (!live->slot || pidmap_init(&seen))
		return;
	for (i = 0; i < n; i++)
		pidmap_learn(&seen, &ev[i]);
	while ((t = pidmap_next(&seen, &pos)) && nr < RUN_MAX_TASKS) {
		char comm[RTW_COMM_LEN];
		int policy;

		if (t->pid <= 0 || !run_task_policy(t->pid, comm, &policy))
			continue;
		pidmap_note(live, t->pid, comm, PIDMAP_PRIO_UNKNOWN);
		pidmap_set_policy(live, t->pid, policy);
		pidmap_set_pinned(live, t->pid, run_task_pinned(t->pid));
		nr++;
#ifdef SCHED_DEADLINE
		if (policy == SCHED_DEADLINE && h->nr_dl < RUN_MAX_DL_TASKS &&
		    run_dl_params(t->pid, &h->dl[h->nr_dl]))
			h->nr_dl++;
#endif
	}
	pidmap_free(&seen);
}

/* The traced machine, for --save-trace: this one, its CPUs, kernel and clock. */
static void run_save_window(struct run *r, const struct capture_spike *cs,
			    const struct blame_result *res)
{
	const struct savetrace_window win = {
		.ev = cs->ev,
		.n = cs->n,
		.index = r->nr_explained,
		.tid = res->spike.tid,
		.latency_ns = res->latency_ns,
		.since_ns = cs->trace_start_ns,
	};
	struct savetrace_src src = { .clock = "mono" };
	struct utsname u;
	cpu_set_t online;

	if (!r->save.path || r->save.err)
		return;
	src.nr_cpus = util_online_cpus(&online);
	if (!uname(&u)) {
		src.release = u.release;
		src.version = u.version;
		src.machine = u.machine;
	}
	/* what the events do not show: the kernel's tick, rtwhy's own main thread */
	if (r->kernel.tick_ns)
		src.hz = (int)((NSEC_PER_SEC + r->kernel.tick_ns / 2) / r->kernel.tick_ns);
	src.main_tid = r->kernel.main_tid;
	if (savetrace_window(&r->save, &src, &win))
		r->output_err = r->save.err;
}

/* The main thread: an explained spike into --metrics' counts and, for --json, kept. */
static void run_keep(struct run *r, const struct blame_result *res)
{
	struct blame_result *kept;

	metrics_spikes_add(&r->metrics.spikes, res);

	if (r->nr_kept == RUN_MAX_KEPT) {
		r->nr_dropped++;
		return;
	}
	if (r->nr_kept == r->cap_kept) {
		size_t cap = r->cap_kept ? r->cap_kept * 2 : 16;

		if (cap > RUN_MAX_KEPT)
			cap = RUN_MAX_KEPT;
		kept = realloc(r->kept, cap * sizeof(*kept));
		if (!kept) {
			r->nr_dropped++;
			return;
		}
		r->kept = kept;
		r->cap_kept = cap;
	}
	r->kept[r->nr_kept++] = *res;
}

/* One picture per explained spike, up to a bound: a long --explain run makes hundreds. */
static void run_draw(struct run *r, const struct blame_trace *trace, const struct blame_result *res)
{
	const char *path = r->cfg->output.svg_path;

	if (!path)
		return;
	if (r->nr_explained > RUN_MAX_SVG) {
		if (r->nr_explained == RUN_MAX_SVG + 1)
			log_info("drew the first %d spikes; later ones only in the text and JSON",
				 RUN_MAX_SVG);
		return;
	}
	/* a failed picture is said once by report_svg; the run goes on, then ends with status 1 */
	if (!r->output_err) {
		int ret = report_svg_spike(path, r->nr_explained, trace, res);

		if (ret)
			r->output_err = ret;
	}
}

/* --smi: the SMIs the spike's CPU counted from before its deadline until now */
static void run_smi(struct run *r, const struct measure_spike *ms, struct blame_smi *smi)
{
	uint64_t since_ns;

	if (!r->cfg->measure.smi ||
	    measure_smi_window(r->m, ms->thread, ms->deadline_ns, &smi->count, &since_ns))
		return;
	smi->counted = true;
	smi->cpu = ms->cpu;
	smi->before_ns = ms->deadline_ns - since_ns;
}

/* The explaining thread: an explanation for the main thread to print and keep. */
static void run_hand_over(struct run *r, const struct blame_result *res, size_t nr_events)
{
	pthread_mutex_lock(&r->done_lock);
	if (r->nr_done == r->cap_done) {
		size_t cap = r->cap_done ? r->cap_done * 2 : 16;
		struct run_done *d = realloc(r->done, cap * sizeof(*d));

		if (!d) {
			r->nr_done_lost++;
			pthread_mutex_unlock(&r->done_lock);
			return;
		}
		r->done = d;
		r->cap_done = cap;
	}
	r->done[r->nr_done].res = *res;
	r->done[r->nr_done].index = r->nr_explained;
	r->done[r->nr_done].nr_events = nr_events;
	r->nr_done++;
	pthread_mutex_unlock(&r->done_lock);
}

/* The main thread: print and keep what the explaining thread handed over. */
static void run_print_done(struct run *r)
{
	struct run_done *d;
	size_t i, n;

	pthread_mutex_lock(&r->done_lock);
	d = r->done;
	n = r->nr_done;
	r->done = NULL;
	r->nr_done = r->cap_done = 0;
	pthread_mutex_unlock(&r->done_lock);
	for (i = 0; i < n; i++) {
		run_keep(r, &d[i].res);
		report_text_spike(stdout, &d[i].res, d[i].index, d[i].nr_events);
	}
	if (n) {
		fflush(stdout);
		r->status_shown = false;
	}
	free(d);
}

static void run_explain(struct run *r, const struct capture_spike *cs)
{
	const struct measure_spike *ms = &cs->ms;
	struct blame_host host = { .steal_ns = -1, .kernel = r->kernel };
	struct blame_spike sp = {
		.thread = ms->thread,
		.tid = ms->tid,
		.cpu = ms->cpu,
		.deadline_ns = ms->deadline_ns,
		.wake_ns = ms->wake_ns,
		.threshold_ns = config_trace_threshold_ns(r->cfg),
		.slack_ns = ms->slack_ns,
		.deadline_exact = r->cfg->measure.clock == CLOCK_MONOTONIC,
		.trace_start_ns = cs->trace_start_ns,
		.source = "rtwhy",
	};
	struct blame_result res;
	struct blame_trace trace;
	struct run_host h = { .nr_dl = 0 };
	int ret;

	if (measure_freeze_failed(r->m))
		log_warn(
			"the FREEZE marker could not be written: the trace ran on after the spike");
	host.steal_ns = run_steal_since(&r->steal, ms->deadline_ns);
	if (cs->err) {
		log_err("cannot read the trace of spike in thread %d: %s", ms->thread,
			strerror(-cs->err));
		return;
	}
	if (!cs->n || cs->overwritten) { /* read too late: the kernel had overwritten it */
		r->nr_overwritten++;
		return;
	}
	/* what blame cannot see in the trace, gathered before it explains */
	run_host_tasks(cs->ev, cs->n, &h.live, &h);
	host.tasks = h.live.slot ? &h.live : NULL;
	host.cause.dl_tasks = h.dl;
	host.cause.nr_dl_tasks = h.nr_dl;
	run_knobs(ms->cpu, &host.cause.knobs);
	run_smi(r, ms, &host.smi);
	ret = blame_explain_trace(cs->ev, cs->n, &sp, &host, &res, &trace);
	/*
	 * RT bandwidth: who used the budget, and whether it sleeps, is what the live
	 * system can add (its runnable RT tasks, read twice): only then, as it costs
	 * a /proc scan and RUN_RT_SAMPLE_NS; explained again with it.
	 */
	if (!ret && res.cause.bw.kind != CAUSE_BW_NONE) {
		host.cause.rt_tasks = h.rt;
		host.cause.nr_rt_tasks = run_rt_tasks(ms->cpu, h.rt, RUN_MAX_RT_TASKS);
		if (host.cause.nr_rt_tasks) {
			blame_trace_free(&trace);
			ret = blame_explain_trace(cs->ev, cs->n, &sp, &host, &res, &trace);
		}
	}
	pidmap_free(&h.live);
	if (ret) {
		log_err("cannot explain the spike of thread %d: %s", ms->thread, strerror(-ret));
		return;
	}
	/* the live run's own numbers, now that the explanation is ready */
	if (ms->froze) {
		uint64_t freeze_ts = marker_freeze_ts(cs->ev, cs->n, ms->tid);

		if (freeze_ts >= ms->wake_ns)
			res.live.freeze_ns = freeze_ts - ms->wake_ns;
	}
	res.live.explain_ns = run_now_ns() - ms->wake_ns;
	r->nr_explained++;
	run_save_window(r, cs, &res);
	run_draw(r, &trace, &res);
	blame_trace_free(&trace);
	if (r->cfg->trace.break_ns) { /* the main thread, the measuring threads joined */
		run_keep(r, &res);
		r->last = res;
		r->last_nr_events = cs->n;
		r->have_last = true;
	} else {
		run_hand_over(r, &res, cs->n);
	}
}

/* Every spike waiting, each with its trace (-b: the one that stopped the run). */
static void run_explain_all(struct run *r)
{
	struct capture_spike cs;

	while (capture_next(&r->cap, &cs)) {
		run_explain(r, &cs);
		if (r->cfg->trace.break_ns)
			break; /* the run ends: nothing to record again */
	}
}

/*
 * --explain's explaining thread: takes the spikes, reads their trace,
 * explains them, writes --save-trace and --svg, and hands the results to
 * the main thread, which prints them between its status lines.
 *
 * SCHED_OTHER, on every CPU the process may use: not the -a CPUs the main
 * thread is pinned to as in cyclictest, where an RT task that keeps the CPU
 * would hold it until the fair server's 50 ms a second (measured: a FIFO 1
 * spinner on the measured CPU delayed it 950 ms, and a 2 MB buffer on that
 * CPU held 600 ms). Not an RT policy: under RT load that never sleeps a
 * fair task still gets the fair server's share where an RT one gets
 * nothing (throttled with the others), and rtwhy adds no RT task above the
 * user's. With fair measuring threads it runs RUN_EXPLAIN_NICE lower than
 * they do, so that they stay above it (and SCHED_IDLE under --policy idle).
 */
static void run_explainer_policy(const struct rtw_config *cfg)
{
	struct sched_param sp = { 0 };
	int nice;

	if (cfg->measure.policy == SCHED_FIFO || cfg->measure.policy == SCHED_RR)
		return;
	if (cfg->measure.policy == SCHED_IDLE) {
		sched_setscheduler(0, SCHED_IDLE, &sp);
		return;
	}
	errno = 0;
	nice = getpriority(PRIO_PROCESS, 0);
	if (nice == -1 && errno)
		return;
	/* this thread only (Linux: a tid), so that the main thread keeps its nice */
	setpriority(PRIO_PROCESS, (id_t)gettid(),
		    nice + RUN_EXPLAIN_NICE > 19 ? 19 : nice + RUN_EXPLAIN_NICE);
}

static void *run_explainer_main(void *arg)
{
	struct run *r = arg;
	struct timespec pause = util_ns_to_ts(RUN_REFRESH_NS);

	/* its own name: a culprit that is rtwhy's explaining thread says so, and --stack's
	 * trigger (comm == the process's name) leaves its wakeups out. Its CPUs: those
	 * --mainaffinity gives rtwhy's housekeeping, else any the process may use (not
	 * only -a's, where the main thread goes as in cyclictest) */
	pthread_setname_np(pthread_self(), BLAME_EXPLAINER_COMM);
	if (r->cfg->measure.main_cpus_given)
		pthread_setaffinity_np(pthread_self(), sizeof(r->cfg->measure.main_cpus),
				       &r->cfg->measure.main_cpus);
	else
		pthread_setaffinity_np(pthread_self(), sizeof(r->any_cpus), &r->any_cpus);
	run_explainer_policy(r->cfg);
	run_sample_steal(&r->steal, run_now_ns());
	while (!atomic_load(&r->explainer_stop)) {
		uint64_t now;

		nanosleep(&pause, NULL);
		now = run_now_ns();
		if (now - r->steal.last_ns >= RUN_STEAL_PERIOD)
			run_sample_steal(&r->steal, now);
		run_explain_all(r);
	}
	run_explain_all(r); /* what came with the end */
	return NULL;
}

static int run_start_explainer(struct run *r)
{
	int ret;

	if (!r->ts || !r->cfg->trace.explain_ns)
		return 0;
	pthread_mutex_init(&r->done_lock, NULL);
	ret = pthread_create(&r->explainer, NULL, run_explainer_main, r);
	if (ret) {
		pthread_mutex_destroy(&r->done_lock);
		log_err("cannot start the explaining thread: %s", strerror(ret));
		return -ret;
	}
	r->explainer_started = true;
	return 0;
}

/* After the measuring threads: the spikes they left are explained, then it ends. */
static void run_stop_explainer(struct run *r)
{
	if (!r->explainer_started)
		return;
	atomic_store(&r->explainer_stop, true);
	pthread_join(r->explainer, NULL);
	r->explainer_started = false;
	run_print_done(r);
	pthread_mutex_destroy(&r->done_lock);
	if (r->nr_done_lost) /* counted, never said before */
		log_warn("%llu explained spikes not printed or kept: out of memory",
			 (unsigned long long)r->nr_done_lost);
}

/* ---- the run ----------------------------------------------------------------------- */

/*
 * What blame cannot read in a trace of this kernel, read once: PREEMPT_RT,
 * forced IRQ threading, CONFIG_HZ (its tick period), and rtwhy's own main
 * thread (this process: its pid is the main thread's tid).
 */
static void run_kernel_facts(struct blame_kernel *k)
{
	char why[128], hz[16], path[160];
	struct utsname u;
	char *config = NULL;
	int rt = util_kernel_rt(NULL, NULL),
	    forced = irqs_gather_forced_threading("", why, sizeof(why));

	memset(k, 0, sizeof(*k));
	k->main_tid = (int32_t)getpid();
	k->preempt_rt = (int8_t)(rt > 0 ? 1 : (rt == 0 ? -1 : 0));
	k->threaded_irqs = (int8_t)(forced > 0 ? 1 : (forced == 0 ? -1 : 0));
	if (procfs_read_gzip("", "/proc/config.gz", &config) < 0 && !uname(&u)) {
		snprintf(path, sizeof(path), "/boot/config-%s", u.release);
		if (procfs_read_all("", path, &config) < 0)
			config = NULL;
	}
	if (config && check_gather_kconfig(config, "CONFIG_HZ", hz, sizeof(hz)) && atoi(hz) > 0)
		k->tick_ns = (NSEC_PER_SEC + (uint64_t)atoi(hz) / 2) / (uint64_t)atoi(hz);
	free(config);
}

/* ---- the ops capture.c reaches the session and the threads through ------------------- */

static long run_cap_read(void *arg, uint64_t from_ns, uint64_t until_ns, capture_event_fn fn,
			 void *fn_arg)
{
	return tsess_read_window(((struct run *)arg)->ts, from_ns, until_ns, fn, fn_arg);
}

static uint64_t run_cap_skipped(void *arg)
{
	return tsess_skipped_until(((struct run *)arg)->ts);
}

static int run_cap_swap(void *arg)
{
	return tsess_swap(((struct run *)arg)->ts);
}

static int run_cap_stop(void *arg)
{
	return tsess_stop(((struct run *)arg)->ts);
}

static int run_cap_restart(void *arg)
{
	struct run *r = arg;
	int ret = tsess_rearm(r->ts);

	if (ret)
		log_err("cannot re-arm tracing: %s", strerror(-ret));
	return ret;
}

static bool run_cap_take(void *arg, struct measure_spike *out)
{
	return measure_take_spike(((struct run *)arg)->m, out);
}

static bool run_cap_disarm(void *arg)
{
	return measure_disarm(((struct run *)arg)->m);
}

static void run_cap_rearm(void *arg)
{
	measure_rearm(((struct run *)arg)->m);
}

static uint64_t run_cap_now(void *arg)
{
	(void)arg;
	return run_now_ns();
}

static const struct capture_ops run_cap_ops = {
	.read = run_cap_read,
	.skipped_until = run_cap_skipped,
	.swap = run_cap_swap,
	.stop = run_cap_stop,
	.restart = run_cap_restart,
	.take = run_cap_take,
	.disarm = run_cap_disarm,
	.rearm = run_cap_rearm,
	.now = run_cap_now,
};

/*
 * -b: the FREEZE line stops the trace (the run ends there). --explain: the
 * best the kernel offers (tsess_choose_capture()); RTWHY_CAPTURE=live,
 * snapshot or stop asks for one (benchmarks compare them).
 */
static int run_capture_wanted(const struct rtw_config *cfg, enum tsess_capture *out)
{
	static const enum tsess_capture named[] = { TSESS_CAPTURE_AUTO, TSESS_CAPTURE_LIVE,
						    TSESS_CAPTURE_SNAPSHOT, TSESS_CAPTURE_STOP };
	const char *env = getenv("RTWHY_CAPTURE");
	size_t i;

	*out = cfg->trace.break_ns ? TSESS_CAPTURE_STOP : TSESS_CAPTURE_AUTO;
	if (!env || !*env || cfg->trace.break_ns)
		return 0;
	for (i = 0; i < ARRAY_SIZE(named); i++) {
		if (!strcmp(env, tsess_capture_name(named[i]))) {
			*out = named[i];
			return 0;
		}
	}
	log_err("bad RTWHY_CAPTURE '%s': auto, live, snapshot or stop", env);
	return -EINVAL;
}

static const enum measure_freeze run_freeze_of[] = {
	[TSESS_CAPTURE_STOP] = MEASURE_FREEZE_STOP,
	[TSESS_CAPTURE_LIVE] = MEASURE_FREEZE_MARK,
	[TSESS_CAPTURE_SNAPSHOT] = MEASURE_FREEZE_SWAP,
};

static int run_setup_tracing(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;
	struct tsess_opts opts = { .buffer_kb = cfg->trace.buffer_kb };
	enum tsess_capture mode;
	int ret;

	if (!config_trace_threshold_ns(cfg))
		return 0;
	ret = run_capture_wanted(cfg, &opts.capture);
	if (ret)
		return ret;
	tsess_remove_stale();
	ret = tsess_create(&r->ts, &opts);
	if (ret) {
		if (cfg->trace.explain_ns)
			return ret;
		log_warn("spikes will stop the run (-b) but cannot be explained without tracing");
		return 0;
	}
	mode = tsess_capture(r->ts);
	measure_set_freeze(r->m, tsess_marker_fd(r->ts), run_freeze_of[mode]);
	run_kernel_facts(&r->kernel);
	/* --stack: before the threads start, so that their first wakeups have it */
	if (cfg->trace.stack && tsess_stack_trigger(r->ts))
		return -EIO;
	capture_init(&r->cap, &run_cap_ops, r, mode, RUN_LOOKBACK_NS, run_now_ns());
	printf("# rtwhy: tracing into instance %s (%u KB per CPU), explaining latencies above "
	       "%llu us\n",
	       tsess_name(r->ts), cfg->trace.buffer_kb,
	       (unsigned long long)(config_trace_threshold_ns(cfg) / NSEC_PER_USEC));
	if (cfg->trace.explain_ns)
		printf("# rtwhy: capture %s: %s\n", tsess_capture_name(mode),
		       mode == TSESS_CAPTURE_STOP ? "the trace stops at a spike until explained"
						  : "recording never stops");
	return 0;
}

static void run_print_start(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;
	const struct measure_summary *s = measure_summary(r->m);
	bool rt = cfg->measure.policy == SCHED_FIFO || cfg->measure.policy == SCHED_RR;
	cpu_set_t online;
	int i;

	if (cfg->output.verbose) {
		int nr = util_online_cpus(&online);

		printf("Max CPUs = %d\nOnline CPUs = %d\n", nr, nr);
	}
	if (r->tune.dma_fd >= 0)
		printf("# /dev/cpu_dma_latency set to %dus\n", r->tune.dma_value_us);
	else if (cfg->system.dma_latency)
		printf("# /dev/cpu_dma_latency not set: %s\n", strerror(-r->tune.dma_error));
	if (!rt && s->nr_threads)
		printf("# timer slack of the SCHED_OTHER threads: %lld ns\n",
		       (long long)s->threads[0].slack_ns);
	if (cfg->output.verbose)
		for (i = 0; i < s->nr_threads; i++)
			printf("Thread %d Interval: %llu\n", i,
			       (unsigned long long)(config_thread_interval_ns(cfg, i + 1) /
						    NSEC_PER_USEC));
	fflush(stdout);
}

/*
 * -M: cyclictest redraws only when a thread's max, as printed, changed (maxima only grow:
 * their sum shows it)
 */
static bool run_redraw(struct run *r, const struct measure_summary *s)
{
	int64_t sum = 0;
	int i;

	for (i = 0; i < s->nr_threads; i++)
		sum += s->threads[i].snap.max_ns / (int64_t)config_unit_ns(r->cfg);
	if (r->cfg->output.refresh_on_max && r->status_shown && sum == r->drawn_max_sum)
		return false;
	r->drawn_max_sum = sum;
	return true;
}

/* The status for other programs: the SIGUSR2 status file and the -F pipe. */
static void run_share_status(struct run *r, const struct measure_summary *s, uint64_t now)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int fd, i;

	if (run_snapshot_wanted) {
		run_snapshot_wanted = 0;
		f = open_memstream(&buf, &len);
		if (f) {
			report_text_current_status(f, r->cfg, s);
			fclose(f);
			shmstat_write(&r->shm, buf, len);
			free(buf);
			buf = NULL;
		}
	}
	fd = statfifo_reader(&r->fifo, now);
	if (fd < 0)
		return;
	f = open_memstream(&buf, &len);
	if (!f) {
		close(fd);
		return;
	}
	for (i = 0; i < s->nr_threads; i++)
		report_text_thread_line(f, r->cfg, &s->threads[i]);
	fclose(f);
	statfifo_send(fd, buf, len);
	free(buf);
}

/* --metrics: rewritten while running when its period is due; the final values at the end */
static int run_metrics(struct run *r, const struct measure_summary *s, bool running, int code)
{
	struct metrics_run info = {
		.threshold_ns = r->ts ? config_trace_threshold_ns(r->cfg) : 0,
		.blind_ns = r->cap.blind_ns,
		.start_time = r->start_time,
		.running = running,
		.exit_status = code,
	};

	return metrics_file_write(&r->metrics, s, &info, run_now_ns());
}

/* The live display, with the load average as it is now. */
static void run_status(struct run *r, const struct measure_summary *s)
{
	char lavg[HOSTINFO_LOADAVG_LEN];

	hostinfo_loadavg("", lavg, sizeof(lavg));
	report_text_status(stdout, r->cfg, s, lavg, r->status_shown);
}

static void run_loop(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;
	struct timespec pause = util_ns_to_ts(RUN_REFRESH_NS);

	while (!run_signal && measure_summary(r->m)->running) {
		const struct measure_summary *s;
		uint64_t now;

		nanosleep(&pause, NULL);
		now = run_now_ns();
		/* steal time only serves explanations: no /proc reads in a plain run */
		if (r->ts && !r->explainer_started && now - r->steal.last_ns >= RUN_STEAL_PERIOD)
			run_sample_steal(&r->steal, now);
		if (r->explainer_started)
			run_print_done(r);
		s = measure_summary(r->m);
		if (run_status_wanted) {
			run_status_wanted = 0;
			report_text_current_status(stderr, cfg, s);
		}
		run_share_status(r, s, now);
		run_metrics(r, s, true, 0);
		if (cfg->output.verbose)
			report_text_verbose(stdout, cfg, s, r->verbose);
		else if (!cfg->output.quiet && run_redraw(r, s)) {
			run_status(r, s);
			r->status_shown = true;
		}
	}
}

/*
 * The spikes no trace explained: STOP, those while it was frozen; the
 * others never stop recording, so only a queue overflow or a window the
 * kernel overwrote before it was read leaves one out.
 */
static void run_print_blind(struct run *r)
{
	uint64_t queued = measure_summary(r->m)->blind_spikes;
	enum tsess_capture mode = tsess_capture(r->ts);

	printf("#\n# rtwhy: %d spike%s explained, %llu more during %.1f ms of blind time ",
	       r->nr_explained, r->nr_explained == 1 ? "" : "s",
	       (unsigned long long)(queued + r->nr_overwritten), (double)r->cap.blind_ns / 1e6);
	if (mode == TSESS_CAPTURE_STOP)
		printf("(trace frozen while explaining)\n");
	else
		printf("(capture %s, recording never stopped: %llu beyond the queue of %d, %llu "
		       "overwritten before they were read)\n",
		       tsess_capture_name(mode), (unsigned long long)queued, MEASURE_MAX_QUEUED,
		       (unsigned long long)r->nr_overwritten);
}

static void run_print_end(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;
	const struct measure_summary *s = measure_summary(r->m);
	FILE *hist = stdout;
	int i, ret;

	if (cfg->output.verbose)
		report_text_verbose(stdout, cfg, s, r->verbose);
	else if (!cfg->output.quiet)
		run_status(r, s);
	if (cfg->output.quiet && !cfg->output.histogram)
		for (i = 0; i < s->nr_threads; i++)
			report_text_thread_line(stdout, cfg, &s->threads[i]);
	report_text_samples(stdout, cfg, s);
	if (cfg->output.histogram) {
		if (cfg->output.histfile) {
			ret = outfile_open(cfg->output.histfile, "--histfile file", &hist);
			if (ret)
				r->output_err = ret;
		}
		if (hist) {
			report_text_histogram(hist, cfg, s);
			if (hist != stdout) {
				ret = outfile_close(hist, "--histfile file", cfg->output.histfile);
				if (ret)
					r->output_err = ret;
			}
		}
	}
	if (cfg->output.quiet)
		report_text_percentiles(stdout, cfg, s);
	report_text_overflow(stdout, cfg, s);
	if (cfg->trace.break_ns)
		report_text_break(stdout, cfg, s);
	if (r->have_last)
		report_text_spike(stdout, &r->last, r->nr_explained, r->last_nr_events);
	if (cfg->trace.explain_ns && r->ts)
		run_print_blind(r);
	if (cfg->trace.explain_ns && r->nr_kept > 1)
		report_text_tally(stdout, r->kept, r->nr_kept);
	/* the files that only a spike fills: say why they are not there */
	if (!r->nr_explained) {
		if (cfg->output.save_trace)
			printf("# rtwhy: no spike explained: no trace saved to %s\n",
			       cfg->output.save_trace);
		if (cfg->output.svg_path && !cfg->output.histogram)
			printf("# rtwhy: no spike explained: no picture drawn to %s\n",
			       cfg->output.svg_path);
	}
	if (cfg->output.svg_path && cfg->output.histogram) {
		char path[4096];

		/* FILE itself holds spike 1 when there was one */
		if (r->nr_explained)
			report_svg_sibling_path(cfg->output.svg_path, "hist", path, sizeof(path));
		else
			util_strlcpy(path, cfg->output.svg_path, sizeof(path));
		ret = report_svg_histogram(path, cfg, s, &r->host, time(NULL));
		if (ret)
			r->output_err = ret;
	}
	fflush(stdout);
}

static int run_write_json(struct run *r, int code)
{
	const struct measure_summary *s = measure_summary(r->m);
	int *node = calloc((size_t)s->nr_threads + 1, sizeof(*node));
	struct report_json_run info = {
		.host = &r->host,
		.node = node, /* NULL (out of memory): 0 each */
		.start_time = r->start_time,
		.end_time = time(NULL),
		.return_code = code,
		.spikes = r->kept,
		.nr_spikes = r->nr_kept,
		.nr_spikes_dropped = r->nr_dropped,
		.blind_spikes = s->blind_spikes + r->nr_overwritten,
		.blind_ns = r->cap.blind_ns,
	};
	int i, ret;

	for (i = 0; node && i < s->nr_threads; i++)
		node[i] = hostinfo_cpu_node("", s->threads[i].cpu);
	ret = report_json_write(r->cfg->output.json_path, r->cfg, s, &info);
	free(node);
	return ret;
}

static int run_start_threads(struct run *r)
{
	struct measure_failure bad = { .what = "start the measuring threads" };
	int ret;

	ret = measure_start(r->m, &bad);
	if (!ret)
		return 0;
	if (bad.policy != SCHED_OTHER && (ret == -EPERM || ret == -EINVAL))
		log_err("cannot %s to %s priority %d: %s (run as root or with CAP_SYS_NICE)",
			bad.what, config_policy_name(bad.policy), bad.priority, strerror(-ret));
	else
		log_err("cannot %s: %s", bad.what, strerror(-ret));
	return ret;
}

/*
 * Every signal whose default would end the run without the unwind ends it
 * through the unwind instead: INT, TERM, HUP (cyclictest's), QUIT, and PIPE
 * (the reader of stdout went away); USR1 prints the status like cyclictest.
 */
static const int run_stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };

static void run_signals(sigset_t *blocked)
{
	struct sigaction sa = { .sa_handler = run_on_signal };
	sigset_t set;
	size_t i;

	sigemptyset(&sa.sa_mask);
	sigemptyset(blocked);
	for (i = 0; i < ARRAY_SIZE(run_stop_signals); i++) {
		sigaction(run_stop_signals[i], &sa, NULL);
		sigaddset(blocked, run_stop_signals[i]);
	}
	sa.sa_handler = run_on_status;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	/* threads inherit this mask: signals go to the main thread; SIGALRM is -x's */
	sigaddset(blocked, SIGUSR1);
	sigaddset(blocked, SIGUSR2);
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
}

/* --smi, the status file, -F: set up before the threads start, as in cyclictest */
static int run_open_extras(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;
	char why[256];
	int ret;

	if (cfg->measure.smi && measure_smi_open(r->m, why, sizeof(why))) {
		log_err("cannot count SMIs (--smi): %s", why);
		return -ENOTSUP;
	}
	shmstat_remove_stale("/dev/shm"); /* of runs killed with SIGKILL */
	ret = shmstat_create(&r->shm, getpid());
	if (ret)
		log_warn("cannot create the status file /dev/shm/%s%d: %s (get_cyclictest_snapshot "
			 "will not see this run)",
			 SHMSTAT_PREFIX, (int)getpid(), strerror(-ret));
	if (cfg->output.fifo_path) {
		ret = statfifo_create(&r->fifo, cfg->output.fifo_path);
		if (ret) {
			log_err("cannot create the -F fifo %s: %s", cfg->output.fifo_path,
				strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/* --max-latency: the status of a run that ended well, and the one line that says why it is 3 */
static int run_gate(const struct rtw_config *cfg, const struct measure_summary *s)
{
	const struct measure_thread_summary *worst = NULL;
	int i, over = 0;

	if (!cfg->output.max_latency_ns)
		return CLI_EXIT_OK;
	for (i = 0; i < s->nr_threads; i++) {
		const struct measure_thread_summary *t = &s->threads[i];

		if (!t->snap.cycles || t->snap.max_ns <= (int64_t)cfg->output.max_latency_ns)
			continue;
		over++;
		if (!worst || t->snap.max_ns > worst->snap.max_ns)
			worst = t;
	}
	if (!worst)
		return CLI_EXIT_OK;
	/* truncated as the summary's Max is (cyclictest's ns / 1000), not rounded up past it */
	log_err("latency above --max-latency=%llu us: thread %d (tid %d) max %lld.%lld us (%d of "
		"%d threads above)",
		(unsigned long long)(cfg->output.max_latency_ns / NSEC_PER_USEC), worst->index,
		worst->tid, (long long)(worst->snap.max_ns / 1000),
		(long long)(worst->snap.max_ns % 1000 / 100), over, s->nr_threads);
	return CLI_EXIT_LATENCY;
}

int run_measure(const struct rtw_config *cfg)
{
	struct run r = { .cfg = cfg, .shm = { .fd = -1 } };
	int code = CLI_EXIT_FAILURE, ret, i;
	sigset_t blocked;

	for (i = 0; i < cfg->nr_warnings; i++)
		fprintf(stderr, "%s\n", cfg->warnings[i]);
	r.start_time = time(NULL);
	hostinfo_read(&r.host);
	metrics_file_init(&r.metrics, cfg->output.metrics);
	savetrace_init(&r.save, cfg->output.save_trace);
	diag_set_sink(log_diag, NULL); /* what analysis/ has to say, on stderr */
	systune_init(&r.tune);
	if (cfg->output.unbuffered)
		setvbuf(stdout, NULL, _IONBF, 0);
	if (run_check_outputs(cfg))
		return CLI_EXIT_USAGE;
	if (cfg->measure.policy != SCHED_OTHER) {
		ret = systune_check_rt(cfg->measure.policy, config_thread_priority(cfg, 0));
		if (ret) {
			log_err("cannot run threads at %s priority %d: %s (run as root or with "
				"CAP_SYS_NICE)",
				config_policy_name(cfg->measure.policy),
				config_thread_priority(cfg, 0), strerror(-ret));
			return CLI_EXIT_FAILURE;
		}
	}
	run_signals(&blocked);
	if (measure_init(&r.m, cfg)) {
		log_err("cannot allocate the measuring threads: %s", strerror(ENOMEM));
		return CLI_EXIT_FAILURE;
	}
	r.verbose = calloc((size_t)cfg->measure.nr_threads, sizeof(*r.verbose));
	if (!r.verbose)
		goto out;
	if (run_open_extras(&r))
		goto out;
	if (sched_getaffinity(0, sizeof(r.any_cpus), &r.any_cpus))
		util_online_cpus(&r.any_cpus);
	if (cfg->measure.main_affinity &&
	    sched_setaffinity(0, sizeof(cfg->measure.main_cpus), &cfg->measure.main_cpus))
		log_warn("cannot set the main thread's affinity: %s", strerror(errno));
	if (run_setup_tracing(&r))
		goto out;
	/* cyclictest's order and words (stderr) */
	if (!cfg->system.dma_latency)
		fprintf(stderr, "WARN: not setting cpu_dma_latency %s\n",
			cfg->system.laptop ? "to save battery power" : "from cyclictest");
	if (systune_apply(&r.tune, &cfg->system))
		goto out;
	if (cfg->measure.resolution) {
		struct clockres res;

		if (!clockres_measure(cfg->measure.clock, cfg->measure.debug ? stderr : NULL, &res))
			clockres_report(stderr, &res, cfg->output.verbose);
	}
	if (run_signal)
		goto out_stopped;

	sigprocmask(SIG_BLOCK, &blocked, NULL);
	ret = run_start_threads(&r);
	if (!ret)
		ret = run_start_explainer(&r);
	sigprocmask(SIG_UNBLOCK, &blocked, NULL);
	if (ret)
		goto out;
	run_print_start(&r);
	if (r.ts && !r.explainer_started)
		run_sample_steal(&r.steal, run_now_ns());
	run_loop(&r);
	measure_join(r.m);
	run_stop_explainer(&r);
	/* the spike that stopped a -b run */
	if (r.ts && cfg->trace.break_ns)
		run_explain_all(&r);
out_stopped:
	run_print_end(&r);
	code = run_gate(cfg, measure_summary(r.m)); /* 0, or 3 above --max-latency */
	ret = savetrace_close(&r.save);
	if (ret)
		r.output_err = ret;
	if (r.output_err)
		code = CLI_EXIT_FAILURE;
	if (cfg->output.json_path && run_write_json(&r, code))
		code = CLI_EXIT_FAILURE;
out:
	measure_join(r.m);
	run_stop_explainer(&r);
	if (run_metrics(&r, measure_summary(r.m), false, code))
		code = CLI_EXIT_FAILURE;
	savetrace_discard(&r.save);
	tsess_destroy(r.ts);
	systune_restore(&r.tune);
	shmstat_destroy(&r.shm);
	statfifo_destroy(&r.fifo);
	measure_free(r.m);
	capture_free(&r.cap);
	free(r.kept);
	free(r.done);
	free(r.verbose);
	metrics_file_free(&r.metrics);
	return code;
}
