// SPDX-License-Identifier: GPL-2.0-only
/*
 * explain - the explaining side of a live run: each spike's trace window,
 * what the live machine adds to it, blame, --save-trace and --svg, then
 * the explanation handed to the main thread through the queue.
 */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "analysis/blame.h"
#include "analysis/marker.h"
#include "analysis/pidmap.h"
#include "analysis/util.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/host/sched.h"
#include "rtwhy/host/tasks.h"
#include "rtwhy/explain.h"
#include "rtwhy/host/kernel.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/host/sched.h"
#include "rtwhy/host/tasks.h"
#include "rtwhy/log.h"
#include "rtwhy/procfs.h"
#include "rtwhy/report/svg_spike.h"
#include "rtwhy/timenow.h"

#define EXPLAIN_REFRESH_NS   (10 * NSEC_PER_MSEC) /* the thread looks for spikes this often */
#define EXPLAIN_MAX_SVG	     50			  /* explained spikes drawn for --svg */
#define EXPLAIN_STEAL_PERIOD (100 * NSEC_PER_MSEC)
#define EXPLAIN_MAX_TASKS    1024 /* live tasks whose policy is read for one spike */
#define EXPLAIN_MAX_RT_TASKS 32	  /* runnable RT tasks of the spike's CPU read from /proc */
#define EXPLAIN_MAX_DL_TASKS 16	  /* SCHED_DEADLINE reservations of the window's tasks */
#define EXPLAIN_RT_SAMPLE_NS (20 * NSEC_PER_MSEC) /* between two reads of their run time */
#define EXPLAIN_NICE	     5 /* the explaining thread below fair measuring threads */

/* ---- explaining a frozen spike ------------------------------------------------------- */

/* What the live system says beyond the trace, for blame_host (result.h). */
struct explain_host {
	struct pidmap live; /* the window's tasks: comm and policy now */
	struct cause_rt_task rt[EXPLAIN_MAX_RT_TASKS];
	struct cause_dl_task dl[EXPLAIN_MAX_DL_TASKS];
	size_t nr_dl;
	struct cause_member member[EXPLAIN_MAX_RT_TASKS + CAUSE_MAX_USERS];
};

/* explain_dl_params - a SCHED_DEADLINE task's reservation; false if it cannot be read */
static bool explain_dl_params(int32_t pid, struct cause_dl_task *dl)
{
	struct host_sched_attr a;

	if (host_tasks_getattr(pid, &a) || !a.sched_runtime)
		return false;
	dl->pid = pid;
	dl->runtime_ns = a.sched_runtime;
	dl->deadline_ns = a.sched_deadline;
	dl->period_ns = a.sched_period ? a.sched_period : a.sched_deadline;
	return true;
}

/*
 * explain_rt_tasks - the runnable RT tasks on @cpu now (other processes' only),
 * read twice EXPLAIN_RT_SAMPLE_NS apart (host_tasks_runnable_rt()): what the
 * window may not show of who used the CPU's RT budget.
 */
static size_t explain_rt_tasks(int cpu, struct cause_rt_task *rt, size_t max)
{
	struct host_rt_task h[EXPLAIN_MAX_RT_TASKS];
	size_t i, n;

	if (max > EXPLAIN_MAX_RT_TASKS)
		max = EXPLAIN_MAX_RT_TASKS;
	n = host_tasks_runnable_rt("", cpu, (int32_t)getpid(), EXPLAIN_RT_SAMPLE_NS, h, max);
	for (i = 0; i < n; i++) {
		memset(&rt[i], 0, sizeof(rt[i]));
		rt[i].pid = h[i].task.pid;
		util_strlcpy(rt[i].comm, h[i].task.comm, sizeof(rt[i].comm));
		rt[i].rt_prio = h[i].task.rt_prio;
		rt[i].policy = h[i].task.policy;
		rt[i].cpu = cpu;
		rt[i].run_ns = h[i].run_ns;
		rt[i].sample_ns = h[i].sample_ns;
		rt[i].never_sleeps = h[i].never_sleeps;
	}
	return n;
}

/*
 * explain_members - where the RT tasks that may have used the budget (@res's users, the
 * runnable @rt tasks) are against the thread's RT-limit cgroup (RT group scheduling): in it,
 * they used its budget; elsewhere, the system's. Nothing when no group below the root has one.
 */
static size_t explain_members(struct explain *e, const struct offcpu_cgroup *g,
			      const struct blame_result *res, const struct cause_rt_task *rt,
			      size_t nr_rt, struct cause_member *out)
{
	int32_t pid[CAUSE_MAX_USERS + EXPLAIN_MAX_RT_TASKS];
	size_t n = 0, i;
	int r;

	if (!g->known || !g->rt_limit_path[0])
		return 0;
	for (i = 0; i < (size_t)res->cause.bw.nr_users; i++)
		pid[n++] = res->cause.bw.user[i].pid;
	for (i = 0; i < nr_rt; i++)
		pid[n++] = rt[i].pid;
	for (i = 0; i < n; i++) {
		r = pid[i] > 0 ? host_cgroup_within("", &e->cgroup.ctl, pid[i], g->rt_limit_path)
			       : -ESRCH;
		out[i].pid = pid[i];
		out[i].rt_group = r < 0 ? CAUSE_RT_GROUP_UNKNOWN
				  : r	? CAUSE_RT_GROUP_IN
					: CAUSE_RT_GROUP_OUT;
	}
	return n;
}

/* explain_knobs - the RT bandwidth and fair-server knobs as they are now (host/sched) */
static void explain_knobs(int cpu, struct cause_knobs *k)
{
	struct host_sched s;
	int major, minor;

	memset(k, 0, sizeof(*k));
	host_sched_read("", cpu, &s);
	if (!s.rt_runtime_err && !s.rt_period_err) {
		k->rt_known = true;
		k->rt_runtime_us = s.rt_runtime_us;
		k->rt_period_us = s.rt_period_us;
	}
	if (s.cgroup_known) {
		k->cgroup_known = true;
		k->cgroup_rt_runtime_us = s.cgroup_rt_runtime_us;
		k->cgroup_rt_period_us = s.cgroup_rt_period_us;
	}
	if (!s.fair_err) {
		k->fair_known = true;
		k->fair_runtime_ns = (uint64_t)s.fair_runtime_ns;
		k->fair_period_ns = (uint64_t)s.fair_period_ns;
	}
	if (!host_machine_kernel_version(&major, &minor))
		k->kernel_version = major * 1000 + minor;
}

/*
 * The tasks of the window are mostly still there: read their real policy
 * before explaining, instead of letting blame guess it from the priority,
 * and the reservation of the SCHED_DEADLINE ones.
 * @live: result, pidmap_free() it (empty when out of memory).
 */
static void explain_host_tasks(const struct rtw_event *ev, size_t n, struct pidmap *live,
			       struct explain_host *h)
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
	while ((t = pidmap_next(&seen, &pos)) && nr < EXPLAIN_MAX_TASKS) {
		struct host_task ht;

		if (t->pid <= 0 || host_tasks_read("", t->pid, &ht))
			continue;
		pidmap_note(live, t->pid, ht.comm, PIDMAP_PRIO_UNKNOWN);
		pidmap_set_policy(live, t->pid, ht.policy);
		pidmap_set_pinned(live, t->pid, ht.pinned);
		nr++;
#ifdef SCHED_DEADLINE
		if (ht.policy == SCHED_DEADLINE && h->nr_dl < EXPLAIN_MAX_DL_TASKS &&
		    explain_dl_params(t->pid, &h->dl[h->nr_dl]))
			h->nr_dl++;
#endif
	}
	pidmap_free(&seen);
}

/* The traced machine, for --save-trace: this one, its CPUs, kernel and clock. */
static void explain_save_window(struct explain *e, const struct capture_spike *cs,
				const struct blame_result *res, const struct explain_host *h)
{
	const struct savetrace_window win = {
		.ev = cs->ev,
		.n = cs->n,
		.index = e->nr_explained,
		.tid = res->spike.tid,
		.latency_ns = res->latency_ns,
		.since_ns = cs->trace_start_ns,
		.dl = h->dl,
		.nr_dl = h->nr_dl,
	};
	struct savetrace_src src = { .clock = "mono" };
	const struct utsname *u = &e->machine.uts;

	if (!e->save->path || e->save->err)
		return;
	/* the machine's CPUs, not this thread's affinity (kept off the measured CPUs) */
	src.nr_cpus = e->machine.nr_cpus;
	if (u->release[0]) {
		src.hostname = u->nodename;
		src.release = u->release;
		src.version = u->version;
		src.machine = u->machine;
	}
	/* what the events do not show: the kernel's tick, rtwhy's own main thread */
	src.hz = e->hz;
	src.main_tid = e->kernel.main_tid;
	src.preempt = e->kernel.preempt;
	if (savetrace_window(e->save, &src, &win))
		e->output_err = e->save->err;
}

/* One picture per explained spike, up to a bound: a long --explain run makes hundreds. */
static void explain_draw(struct explain *e, const struct blame_trace *trace,
			 const struct blame_result *res)
{
	const char *path = e->cfg->output.svg_path;

	if (!path)
		return;
	if (e->nr_explained > EXPLAIN_MAX_SVG) {
		if (e->nr_explained == EXPLAIN_MAX_SVG + 1)
			log_info("drew the first %d spikes; later ones only in the text and JSON",
				 EXPLAIN_MAX_SVG);
		return;
	}
	/* a failed picture is said once by report_svg; the run goes on, then ends with status 1 */
	if (!e->output_err) {
		int ret = report_svg_spike(path, e->nr_explained, trace, res);

		if (ret)
			e->output_err = ret;
	}
}

/* --smi: the SMIs the spike's CPU counted from before its deadline until now */
static void explain_smi(struct explain *e, const struct measure_spike *ms, struct blame_smi *smi)
{
	uint64_t since_ns;

	if (!e->cfg->measure.smi ||
	    measure_smi_window(e->m, ms->thread, ms->deadline_ns, &smi->count, &since_ns))
		return;
	smi->counted = true;
	smi->cpu = ms->cpu;
	smi->before_ns = ms->deadline_ns - since_ns;
}

/* The explaining thread: an explanation for the main thread to print and keep. */
static void explain_hand_over(struct explain *e, const struct blame_result *res, size_t nr_events)
{
	pthread_mutex_lock(&e->lock);
	if (e->nr_done == e->cap_done) {
		size_t cap = e->cap_done ? e->cap_done * 2 : 16;
		struct explain_done *d = realloc(e->done, cap * sizeof(*d));

		if (!d) {
			e->nr_done_lost++;
			pthread_mutex_unlock(&e->lock);
			return;
		}
		e->done = d;
		e->cap_done = cap;
	}
	e->done[e->nr_done].res = *res;
	e->done[e->nr_done].index = e->nr_explained;
	e->done[e->nr_done].nr_events = nr_events;
	e->nr_done++;
	pthread_mutex_unlock(&e->lock);
}

/* explain_note_explained - the largest spike explained of @ms's thread, so far */
static void explain_note_explained(struct explain *e, const struct measure_spike *ms)
{
	int n = e->cfg->measure.nr_threads;

	if (!e->max_explained_ns)
		e->max_explained_ns = calloc((size_t)n, sizeof(*e->max_explained_ns));
	if (e->max_explained_ns && ms->thread >= 0 && ms->thread < n &&
	    ms->latency_ns > e->max_explained_ns[ms->thread])
		e->max_explained_ns[ms->thread] = ms->latency_ns;
}

/*
 * Another program changed our instance around the spike (instwatch.c): not explained, not
 * "overwritten". What the main thread's polls saw costs nothing; a window that did not come
 * back whole was disturbed by a change until it was read (a clear after the spike), and only
 * then is the instance read now (a file per event and per CPU), as the next poll may not have
 * seen the change yet; so for a FREEZE line whose write failed (tracing_on 0 makes the kernel
 * refuse it: EBADF; options/markers 0: EINVAL). Else that failed write is said, once: a run
 * whose writes fail would say it every spike.
 */
static bool explain_disturbed(struct explain *e, const struct capture_spike *cs)
{
	const struct measure_spike *ms = &cs->ms;
	bool whole = !cs->err && cs->n && !cs->overwritten;

	if (e->instwatch && (instwatch_disturbed(e->instwatch, ms->deadline_ns - e->cap.lookback_ns,
						 whole ? ms->wake_ns : timenow_mono_ns()) ||
			     ((!whole || ms->freeze_err) && instwatch_changed_now(e->instwatch)))) {
		atomic_fetch_add(&e->instwatch->nr_spikes, 1);
		return true;
	}
	if (ms->freeze_err && !e->freeze_err_said) {
		e->freeze_err_said = true;
		/* trace_marker's errors: EBADF the buffer not recording, EINVAL markers off */
		log_warn(
			"cannot write the FREEZE line of a spike of thread %d: %s%s (its trace ran "
			"on after it; said once)",
			ms->thread, strerror(-ms->freeze_err),
			ms->freeze_err == -EBADF    ? ", the instance was not recording"
			: ms->freeze_err == -EINVAL ? ", the instance refused trace markers"
						    : "");
	}
	return false;
}

static void explain_spike(struct explain *e, const struct capture_spike *cs)
{
	const struct measure_spike *ms = &cs->ms;
	struct blame_host host = { .steal_ns = -1, .kernel = e->kernel };
	struct blame_spike sp = {
		.thread = ms->thread,
		.tid = ms->tid,
		.cpu = ms->cpu,
		.deadline_ns = ms->deadline_ns,
		.wake_ns = ms->wake_ns,
		.threshold_ns = config_trace_threshold_ns(e->cfg),
		.slack_ns = ms->slack_ns,
		.deadline_exact = e->cfg->measure.clock == CLOCK_MONOTONIC,
		.trace_start_ns = cs->trace_start_ns,
		.source = BLAME_SOURCE_RTWHY,
	};
	struct blame_result res;
	struct blame_trace trace;
	struct explain_host h = { .nr_dl = 0 };
	int ret;

	if (explain_disturbed(e, cs))
		return;
	host.steal_ns = host_steal_since_cpu(&e->steal, ms->deadline_ns, timenow_mono_ns(), ms->cpu,
					     &host.steal_per_cpu, &host.steal_span_ns);
	if (cs->err) {
		log_err("cannot read the trace of spike in thread %d: %s", ms->thread,
			strerror(-cs->err));
		e->nr_failed++;
		return;
	}
	if (!cs->n || cs->overwritten) { /* read too late: the kernel had overwritten it */
		e->nr_overwritten++;
		return;
	}
	/* what blame cannot see in the trace, gathered before it explains */
	explain_host_tasks(cs->ev, cs->n, &h.live, &h);
	host.tasks = h.live.slot ? &h.live : NULL;
	host.cause.dl_tasks = h.dl;
	host.cause.nr_dl_tasks = h.nr_dl;
	explain_knobs(ms->cpu, &host.cause.knobs);
	host_cgroup_explain(&e->cgroup, "", getpid(), ms->tid, timenow_mono_ns(),
			    &host.cause.cgroup);
	host_cgroup_freezer_explain(&e->freezer, "", getpid(), ms->tid, timenow_mono_ns(),
				    &host.cause.freezer);
	explain_smi(e, ms, &host.smi);
	ret = blame_explain_trace(cs->ev, cs->n, &sp, &host, &res, &trace);
	/*
	 * RT bandwidth: who used the budget, whether it sleeps, and (RT group
	 * scheduling) whose budget it used is what the live system can add (its
	 * runnable RT tasks, read twice; their cgroups): only then, as it costs a
	 * /proc scan and EXPLAIN_RT_SAMPLE_NS; explained again with it.
	 */
	if (!ret && res.cause.bw.kind != CAUSE_BW_NONE) {
		host.cause.rt_tasks = h.rt;
		host.cause.nr_rt_tasks = explain_rt_tasks(ms->cpu, h.rt, EXPLAIN_MAX_RT_TASKS);
		host.cause.members = h.member;
		host.cause.nr_members = explain_members(e, &host.cause.cgroup, &res, h.rt,
							host.cause.nr_rt_tasks, h.member);
		if (host.cause.nr_rt_tasks || host.cause.nr_members) {
			blame_trace_free(&trace);
			ret = blame_explain_trace(cs->ev, cs->n, &sp, &host, &res, &trace);
		}
	}
	pidmap_free(&h.live);
	if (ret) {
		log_err("cannot explain the spike of thread %d: %s", ms->thread, strerror(-ret));
		e->nr_failed++;
		return;
	}
	/* the live run's own numbers, now that the explanation is ready */
	if (ms->froze) {
		uint64_t freeze_ts = marker_freeze_ts(cs->ev, cs->n, ms->tid);

		if (freeze_ts >= ms->wake_ns)
			res.live.freeze_ns = freeze_ts - ms->wake_ns;
	}
	res.live.explain_ns = timenow_mono_ns() - ms->wake_ns;
	e->nr_explained++;
	explain_note_explained(e, ms);
	explain_save_window(e, cs, &res, &h);
	explain_draw(e, &trace, &res);
	blame_trace_free(&trace);
	explain_hand_over(e, &res, cs->n);
}

/*
 * What blame cannot read in a trace of this kernel, read once: PREEMPT_RT,
 * forced IRQ threading, CONFIG_HZ (its tick period), and rtwhy's own main
 * thread (this process: its pid is the main thread's tid).
 */
static void explain_kernel_facts(struct explain *e)
{
	struct blame_kernel *k = &e->kernel;
	struct host_kernel hk;

	memset(k, 0, sizeof(*k));
	k->main_tid = (int32_t)getpid();
	if (host_kernel_read(&hk, ""))
		return;
	k->preempt_rt = (int8_t)(hk.preempt_rt > 0 ? 1 : (hk.preempt_rt == 0 ? -1 : 0));
	k->threaded_irqs = (int8_t)(hk.forced > 0 ? 1 : (hk.forced == 0 ? -1 : 0));
	k->tick_ns = hk.tick_ns;
	k->preempt = (int8_t)hk.preempt;
	e->hz = (int)hk.hz;
	host_kernel_free(&hk);
}

/* ---- the thread and the queue ---------------------------------------------------- */

/* Every spike waiting, each with its trace (-b: the one that stopped the run). */
void explain_all(struct explain *e)
{
	struct capture_spike cs;
	bool any = false;

	while (capture_next(&e->cap, &cs)) {
		explain_spike(e, &cs);
		any = true;
		if (e->cfg->trace.break_ns)
			break; /* the run ends: nothing to record again */
	}
	/*
	 * An explanation's window and timeline are megabytes, freed once explained; glibc keeps
	 * freed memory in its arenas (and, after a large block is freed, serves the next large
	 * ones from them, not from mmap): a long run's RSS would be its largest window's. Given
	 * back after each batch, RSS follows what is held.
	 */
	if (any)
		malloc_trim(0);
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
 * user's. With fair measuring threads it runs EXPLAIN_NICE lower than
 * they do, so that they stay above it (and SCHED_IDLE under --policy idle).
 */
static void explain_policy(const struct rtw_config *cfg)
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
		    nice + EXPLAIN_NICE > 19 ? 19 : nice + EXPLAIN_NICE);
}

static void *explain_thread(void *arg)
{
	struct explain *e = arg;
	struct timespec pause = util_ns_to_ts(EXPLAIN_REFRESH_NS);

	/* its own name: a culprit that is rtwhy's explaining thread says so, and --stack's
	 * trigger (comm == the process's name) leaves its wakeups out. Its CPUs: those
	 * --mainaffinity gives rtwhy's housekeeping, else any the process may use (not
	 * only -a's, where the main thread goes as in cyclictest) */
	pthread_setname_np(pthread_self(), BLAME_EXPLAINER_COMM);
	if (e->cfg->measure.main_cpus_given)
		pthread_setaffinity_np(pthread_self(), sizeof(e->cfg->measure.main_cpus),
				       &e->cfg->measure.main_cpus);
	else if (e->own_cpus_set)
		pthread_setaffinity_np(pthread_self(), sizeof(e->own_cpus), &e->own_cpus);
	else
		pthread_setaffinity_np(pthread_self(), sizeof(e->any_cpus), &e->any_cpus);
	explain_policy(e->cfg);
	host_steal_sample(&e->steal, timenow_mono_ns());
	while (!atomic_load(&e->stop)) {
		uint64_t now;

		nanosleep(&pause, NULL);
		now = timenow_mono_ns();
		if (now - e->steal.last_ns >= EXPLAIN_STEAL_PERIOD)
			host_steal_sample(&e->steal, now);
		explain_all(e);
	}
	explain_all(e); /* what came with the end */
	return NULL;
}

int explain_start(struct explain *e)
{
	int ret;

	if (!e->ts || !e->cfg->trace.explain_ns)
		return 0;
	ret = pthread_create(&e->thread, NULL, explain_thread, e);
	if (ret) {
		log_err("cannot start the explaining thread: %s", strerror(ret));
		return -ret;
	}
	e->started = true;
	return 0;
}

/* After the measuring threads: the spikes they left are explained, then it ends. */
void explain_stop(struct explain *e)
{
	if (!e->started)
		return;
	atomic_store(&e->stop, true);
	pthread_join(e->thread, NULL);
	e->started = false;
	if (e->nr_done_lost) /* counted, never said before */
		log_warn("%llu explained spikes not printed or kept: out of memory",
			 (unsigned long long)e->nr_done_lost);
}

void explain_init(struct explain *e, const struct rtw_config *cfg, struct measure *m,
		  struct savetrace *save)
{
	memset(e, 0, sizeof(*e));
	e->cfg = cfg;
	e->m = m;
	e->save = save;
	pthread_mutex_init(&e->lock, NULL);
	host_machine_cpus(&e->any_cpus);
}

void explain_attach(struct explain *e, struct tsess *ts, uint64_t lookback_ns)
{
	struct offcpu_freezer fr;

	e->ts = ts;
	explain_kernel_facts(e);
	host_machine_read(&e->machine);
	/* a first sample of the freezer's time: the first spike's explanation has its delta */
	host_cgroup_freezer_explain(&e->freezer, "", getpid(), 0, timenow_mono_ns(), &fr);
	capture_init(&e->cap, &capture_live_ops, ts, e->m, tsess_capture(ts), lookback_ns,
		     timenow_mono_ns());
}

size_t explain_take(struct explain *e, struct explain_done **out)
{
	size_t n;

	pthread_mutex_lock(&e->lock);
	*out = e->done;
	n = e->nr_done;
	e->done = NULL;
	e->nr_done = e->cap_done = 0;
	pthread_mutex_unlock(&e->lock);
	return n;
}

void explain_sample_steal(struct explain *e, uint64_t now_ns)
{
	host_steal_sample(&e->steal, now_ns);
}

void explain_free(struct explain *e)
{
	capture_free(&e->cap);
	free(e->done);
	e->done = NULL;
	free(e->max_explained_ns);
	e->max_explained_ns = NULL;
	pthread_mutex_destroy(&e->lock);
}
