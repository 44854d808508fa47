// SPDX-License-Identifier: GPL-2.0-only
/*
 * run - a measuring run from start to end. One owner for everything the
 * run creates (tracing session, PM QoS request, threads, output files) and
 * one unwind path that releases it all, whatever ended the run.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analysis/diag.h"
#include "rtwhy/cli.h"
#include "rtwhy/explain.h"
#include "rtwhy/clockres.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/hotplug.h"
#include "rtwhy/affwatch.h"
#include "rtwhy/instwatch.h"
#include "rtwhy/log.h"
#include "rtwhy/measure.h"
#include "rtwhy/metrics.h"
#include "rtwhy/outfile.h"
#include "rtwhy/report/json.h"
#include "rtwhy/report/line.h"
#include "rtwhy/report/svg.h"
#include "rtwhy/report/svg_histogram.h"
#include "rtwhy/report/text.h"
#include "rtwhy/run.h"
#include "rtwhy/savetrace.h"
#include "rtwhy/shmstat.h"
#include "rtwhy/spikekeep.h"
#include "rtwhy/sigflag.h"
#include "rtwhy/statfifo.h"
#include "rtwhy/systune.h"
#include "rtwhy/timenow.h"
#include "rtwhy/tsession.h"
#include "analysis/util.h"

#define RUN_REFRESH_NS	 (10 * NSEC_PER_MSEC) /* cyclictest's display period */
#define RUN_LOOKBACK_NS	 (20 * NSEC_PER_MSEC) /* events kept before a deadline */
#define RUN_STEAL_PERIOD (100 * NSEC_PER_MSEC)

struct run {
	const struct rtw_config *cfg;
	struct measure *m;
	struct systune tune;
	struct shmstat shm;    /* /dev/shm/cyclictest<pid> */
	struct statfifo fifo;  /* -F */
	int64_t drawn_max_sum; /* -M: the maxima of the last drawing */
	struct tsess *ts;
	struct explain ex;		/* the spikes: capture, host facts, blame, hand-over */
	struct spikekeep kept;		/* explained spikes for --json */
	struct report_text_tally tally; /* every explained spike, for the closing lines */
	struct blame_result last;	/* -b: printed after the summary */
	size_t last_nr_events;
	bool have_last;
	struct savetrace save; /* --save-trace */
	int output_err;	       /* a --histfile or --json write failed: -errno */
	bool status_shown;
	struct report_text_verbose *verbose;
	time_t start_time;
	struct host_machine host;    /* what the reports say of the machine, read at the start */
	struct metrics_file metrics; /* --metrics */
	struct hotplug hotplug;	     /* CPUs that went offline or came back */
	struct affwatch affwatch;    /* measuring threads moved off their CPU another way */
	struct instwatch instwatch;  /* our instance, changed by another program */
};

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
	    (savetrace_is_dir(cfg->output.save_trace)
		     ? savetrace_check(cfg->output.save_trace)
		     : run_check_writable("--save-trace", cfg->output.save_trace)) ||
	    metrics_file_check(cfg->output.metrics))
		return -EINVAL;
	return 0;
}

/* The main thread: an explained spike into --metrics' counts, the tally and, for --json, kept. */
static void run_keep(struct run *r, const struct blame_result *res, int index)
{
	metrics_spikes_add(&r->metrics.spikes, res);
	report_text_tally_add(&r->tally, res);
	if (r->cfg->output.json_path)
		spikekeep_add(&r->kept, res, index); /* what it could not keep, it counts */
}

/* The main thread: print and keep what the explaining thread handed over. */
/* run_show_spike - an explained spike: its block on stdout, or --log-spikes' line on stderr */
static void run_show_spike(const struct run *r, const struct blame_result *res, int index,
			   size_t nr_events)
{
	char line[512];

	if (!r->cfg->output.log_spikes) {
		report_text_spike(stdout, res, index, nr_events);
		return;
	}
	report_line_spike(res, index, line, sizeof(line));
	fprintf(stderr, "rtwhy: %s\n", line);
}

static void run_print_done(struct run *r)
{
	struct explain_done *d;
	size_t i, n = explain_take(&r->ex, &d);

	for (i = 0; i < n; i++) {
		run_keep(r, &d[i].res, d[i].index);
		run_show_spike(r, &d[i].res, d[i].index, d[i].nr_events);
	}
	if (n) {
		fflush(stdout);
		r->status_shown = false;
	}
	free(d);
}

/* -b: the spike that stopped the run, explained here, printed after the summary. */
static void run_explain_break(struct run *r)
{
	struct explain_done *d;
	size_t i, n;

	explain_all(&r->ex);
	n = explain_take(&r->ex, &d);
	for (i = 0; i < n; i++) {
		run_keep(r, &d[i].res, d[i].index);
		r->last = d[i].res;
		r->last_nr_events = d[i].nr_events;
		r->have_last = true;
	}
	free(d);
}

/* ---- the run ----------------------------------------------------------------------- */

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

/* --- rtwhy's own threads off the measured CPUs (issues 19, 22) --- */

/*
 * Tracing (the measuring threads are always pinned, as in cyclictest 2.4)
 * and no --mainaffinity: the CPUs of the process's that no measuring thread is
 * pinned to, for the main and explaining threads (a thread of rtwhy's on a
 * measured CPU is a culprit of its spikes). Return: whether any is free.
 */
static bool run_own_cpus(const struct rtw_config *cfg, const cpu_set_t *any, cpu_set_t *out)
{
	int i;

	if (!config_trace_threshold_ns(cfg) || cfg->measure.main_cpus_given)
		return false;
	*out = *any;
	for (i = 0; i < cfg->measure.nr_threads; i++) {
		int cpu = util_nth_cpu(&cfg->measure.cpus, i);

		if (cpu >= 0 && cpu < CPU_SETSIZE)
			CPU_CLR(cpu, out);
	}
	return CPU_COUNT(out) > 0;
}

static void run_say_own_cpus(const struct run *r)
{
	char list[256];

	if (!r->ex.own_cpus_set)
		return;
	util_format_cpulist(&r->ex.own_cpus, list, sizeof(list));
	printf("# rtwhy: its own threads (main, %s) on CPU %s, off the measured CPUs "
	       "(--mainaffinity=CPUS to choose)\n",
	       BLAME_EXPLAINER_COMM, list);
}

/* --- spikes explained and not (issue 23) --- */

/* Why the spikes counted were not explained; threads whose largest spike was not. */
struct run_unexplained {
	uint64_t queue_full, overwritten, recording_off, failed, total;
	int nr_max_missed;
};

static void run_unexplained(struct run *r, const struct measure_summary *s,
			    struct run_unexplained *u)
{
	int64_t thr = (int64_t)config_trace_threshold_ns(r->cfg);
	const int64_t *max = r->ex.max_explained_ns;
	int i;

	u->queue_full = s->blind_queue_full + r->ex.cap.nr_dropped;
	u->overwritten = r->ex.nr_overwritten;
	u->recording_off = s->blind_recording_off;
	u->failed = r->ex.nr_failed;
	u->total = u->queue_full + u->overwritten + u->recording_off + u->failed;
	u->nr_max_missed = 0;
	for (i = 0; i < s->nr_threads; i++)
		if (s->threads[i].snap.max_ns > thr && (!max || max[i] < s->threads[i].snap.max_ns))
			u->nr_max_missed++;
}

/* --- */

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
	explain_attach(&r->ex, r->ts, RUN_LOOKBACK_NS);
	/* --stack: before the threads start, so that their first wakeups have it */
	if (cfg->trace.stack && tsess_stack_trigger(r->ts))
		return -EIO;
	/* the timer slack each thread arms its timer with: RT threads have none */
	if (cfg->measure.policy != SCHED_FIFO && cfg->measure.policy != SCHED_RR) {
		ret = tsess_own_timers(r->ts);
		/* no such event (a timer system hidden or missing): the events' warning said it */
		if (ret && ret != -ENOENT)
			log_info("the windows will not show the timer slack of the measuring "
				 "threads (timer:hrtimer_start with a comm filter: %s)",
				 strerror(-ret));
	}
	printf("# rtwhy: tracing into instance %s (%u KB per CPU), explaining latencies above "
	       "%llu us\n",
	       tsess_name(r->ts), cfg->trace.buffer_kb,
	       (unsigned long long)(config_trace_threshold_ns(cfg) / NSEC_PER_USEC));
	run_say_own_cpus(r);
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
		int nr = host_machine_cpus(&online);

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

	if (sigflag_take(SIGUSR2)) {
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
		.blind_ns = r->ex.cap.blind_ns,
		.start_time = r->start_time,
		.running = running,
		.exit_status = code,
	};

	return metrics_file_write(&r->metrics, s, &info, run_now_ns());
}

/* The live display, with the load average as it is now. */
static void run_status(struct run *r, const struct measure_summary *s)
{
	char lavg[HOST_MACHINE_LOADAVG_LEN];

	host_machine_loadavg("", lavg, sizeof(lavg));
	report_text_status(stdout, r->cfg, s, lavg, r->status_shown);
}

static void run_loop(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;
	struct timespec pause = util_ns_to_ts(RUN_REFRESH_NS);

	while (!sigflag_caught() && measure_summary(r->m)->running) {
		const struct measure_summary *s;
		uint64_t now;

		nanosleep(&pause, NULL);
		now = run_now_ns();
		/* steal time only serves explanations: no /proc reads in a plain run */
		if (r->ts && !r->ex.started && now - r->ex.steal.last_ns >= RUN_STEAL_PERIOD)
			explain_sample_steal(&r->ex, now);
		if (r->ex.started)
			run_print_done(r);
		s = measure_summary(r->m);
		hotplug_poll(&r->hotplug, s, now);
		affwatch_poll(&r->affwatch, s, r->hotplug.known ? &r->hotplug.online : NULL, now);
		instwatch_poll(&r->instwatch, now);
		if (sigflag_take(SIGHUP)) { /* --reopen-on-hup: the next window, the next write */
			savetrace_reopen(&r->save);
			r->metrics.due_ns = 0;
		}
		if (sigflag_take(SIGUSR1))
			report_text_current_status(stderr, cfg, s);
		run_share_status(r, s, now);
		run_metrics(r, s, true, 0);
		if (cfg->output.verbose)
			report_text_verbose(stdout, cfg, s, r->verbose);
		else if (!cfg->output.quiet && run_redraw(r, s)) {
			run_status(r, s);
			r->status_shown = true;
		}
	}
	/* a status asked for before the end (during the set-up, or with the SIGINT) is given */
	if (sigflag_take(SIGUSR1))
		report_text_current_status(stderr, cfg, measure_summary(r->m));
	hotplug_flush(&r->hotplug);
}

/*
 * The spikes counted and not explained, by why: STOP, those while it was
 * frozen; the others never stop recording, so only a full queue (the
 * smallest dropped) or a window the kernel overwrote before it was read
 * leaves one out. Then whether every thread's largest spike was explained.
 */
static void run_print_blind(struct run *r)
{
	const struct measure_summary *s = measure_summary(r->m);
	enum tsess_capture mode = tsess_capture(r->ts);
	const int64_t *maxex = r->ex.max_explained_ns;
	struct run_unexplained u;
	const char *sep = "";
	int i;

	run_unexplained(r, s, &u);
	printf("#\n# rtwhy: %d spike%s explained, %llu counted and not explained (capture %s%s)\n",
	       r->ex.nr_explained, r->ex.nr_explained == 1 ? "" : "s", (unsigned long long)u.total,
	       tsess_capture_name(mode),
	       mode == TSESS_CAPTURE_STOP ? ", the trace stopped while explaining"
					  : ", recording never stopped");
	if (u.total) {
		printf("#   not explained:");
		if (u.queue_full) {
			printf(" %llu dropped as the smallest waiting when spikes came faster than "
			       "they were explained",
			       (unsigned long long)u.queue_full);
			sep = ";";
		}
		if (u.overwritten) {
			printf("%s %llu read too late, the kernel had overwritten the window "
			       "(a bigger --buffer-kb holds more)",
			       sep, (unsigned long long)u.overwritten);
			sep = ";";
		}
		if (u.recording_off) {
			printf("%s %llu while the trace was stopped (%.1f ms of blind time)", sep,
			       (unsigned long long)u.recording_off,
			       (double)r->ex.cap.blind_ns / 1e6);
			sep = ";";
		}
		if (u.failed)
			printf("%s %llu whose trace could not be read or explained", sep,
			       (unsigned long long)u.failed);
		printf("\n");
	}
	for (i = 0; i < s->nr_threads; i++) {
		int64_t max = s->threads[i].snap.max_ns;

		if (max <= (int64_t)config_trace_threshold_ns(r->cfg))
			continue;
		if (maxex && maxex[i] >= max)
			continue;
		if (maxex && maxex[i])
			printf("#   thread %d: its largest spike (%.0f us) not explained; the "
			       "largest explained %.0f us\n",
			       i, (double)max / 1e3, (double)maxex[i] / 1e3);
		else
			printf("#   thread %d: its largest spike (%.0f us) not explained, nor any "
			       "other of its spikes\n",
			       i, (double)max / 1e3);
	}
	if (!u.nr_max_missed && r->ex.nr_explained)
		printf("#   the largest spike of every thread explained\n");
	if (atomic_load(&r->instwatch.nr_spikes))
		printf("# rtwhy: %llu more not explained: another program changed rtwhy's tracing "
		       "instance around them\n",
		       (unsigned long long)atomic_load(&r->instwatch.nr_spikes));
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
		run_show_spike(r, &r->last, r->ex.nr_explained, r->last_nr_events);
	if (cfg->trace.explain_ns && r->ts)
		run_print_blind(r);
	if (cfg->trace.explain_ns && r->tally.nr > 1)
		report_text_tally(stdout, &r->tally);
	/* the files that only a spike fills: say why they are not there */
	if (!r->ex.nr_explained) {
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
		if (r->ex.nr_explained)
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
		.kept = &r->kept,
		.blind_spikes = s->blind_spikes + r->ex.cap.nr_dropped + r->ex.nr_overwritten,
		.blind_ns = r->ex.cap.blind_ns,
		.hotplug = &r->hotplug,
		.affwatch = &r->affwatch,
		.instwatch = &r->instwatch,
	};
	struct run_unexplained u;
	int i, ret;

	if (r->ts && r->cfg->trace.explain_ns) {
		run_unexplained(r, s, &u);
		info.unexplained.queue_full = u.queue_full;
		info.unexplained.overwritten = u.overwritten;
		info.unexplained.recording_off = u.recording_off;
		info.unexplained.failed = u.failed;
		info.unexplained.thread_max = u.nr_max_missed;
	}

	for (i = 0; node && i < s->nr_threads; i++)
		node[i] = host_machine_cpu_node("", s->threads[i].cpu);
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
 * (the reader of stdout went away); USR1 prints the status like cyclictest
 * (sigflag). SIGALRM is -x's: blocked here, its threads wait for it.
 */
static void run_signals(sigset_t *blocked)
{
	sigset_t set;

	sigflag_install_run(blocked);
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

/* Before anything is created: the configuration's warnings, the output files, RT privilege. */
static int run_preflight(const struct rtw_config *cfg)
{
	int ret, i;

	for (i = 0; i < cfg->nr_warnings; i++)
		fprintf(stderr, "%s\n", cfg->warnings[i]);
	if (run_check_outputs(cfg))
		return CLI_EXIT_USAGE;
	if (cfg->measure.policy == SCHED_OTHER)
		return 0;
	ret = systune_check_rt(cfg->measure.policy, config_thread_priority(cfg, 0));
	if (ret) {
		log_err("cannot run threads at %s priority %d: %s (run as root or with "
			"CAP_SYS_NICE)",
			config_policy_name(cfg->measure.policy), config_thread_priority(cfg, 0),
			strerror(-ret));
		return CLI_EXIT_FAILURE;
	}
	return 0;
}

/* Everything the threads need before they start: extras, affinity, tracing, host knobs. */
static int run_setup(struct run *r)
{
	const struct rtw_config *cfg = r->cfg;

	r->verbose = calloc((size_t)cfg->measure.nr_threads, sizeof(*r->verbose));
	if (!r->verbose || run_open_extras(r))
		return -1;
	r->ex.own_cpus_set = run_own_cpus(cfg, &r->ex.any_cpus, &r->ex.own_cpus);
	if (r->ex.own_cpus_set) {
		if (sched_setaffinity(0, sizeof(r->ex.own_cpus), &r->ex.own_cpus))
			log_warn("cannot set the main thread's affinity: %s", strerror(errno));
	} else if (cfg->measure.main_affinity &&
		   sched_setaffinity(0, sizeof(cfg->measure.main_cpus), &cfg->measure.main_cpus)) {
		log_warn("cannot set the main thread's affinity: %s", strerror(errno));
	}
	if (run_setup_tracing(r))
		return -1;
	/* cyclictest's order and words (stderr) */
	if (!cfg->system.dma_latency)
		fprintf(stderr, "WARN: not setting cpu_dma_latency %s\n",
			cfg->system.laptop ? "to save battery power" : "from cyclictest");
	if (systune_apply(&r->tune, &cfg->system))
		return -1;
	if (cfg->measure.resolution) {
		struct clockres res;

		if (!clockres_measure(cfg->measure.clock, cfg->measure.debug ? stderr : NULL, &res))
			clockres_report(stderr, &res, cfg->output.verbose);
	}
	return 0;
}

/* The threads (and the explaining one), the loop, their end; -errno if they did not start. */
static int run_run(struct run *r, const sigset_t *blocked)
{
	int ret;

	instwatch_init(&r->instwatch, r->ts, r->ts ? tsess_capture(r->ts) : TSESS_CAPTURE_NONE,
		       run_now_ns());
	r->ex.instwatch = &r->instwatch;
	sigprocmask(SIG_BLOCK, blocked, NULL);
	ret = run_start_threads(r);
	if (!ret)
		ret = explain_start(&r->ex);
	sigprocmask(SIG_UNBLOCK, blocked, NULL);
	if (ret)
		return ret;
	run_print_start(r);
	hotplug_init(&r->hotplug, "", run_now_ns());
	if (affwatch_init(&r->affwatch, "", getpid(), measure_summary(r->m)->nr_threads,
			  run_now_ns()))
		log_warn("cannot watch the measuring threads' affinity: %s", strerror(ENOMEM));
	if (r->ts && !r->ex.started)
		explain_sample_steal(&r->ex, run_now_ns());
	run_loop(r);
	measure_join(r->m);
	explain_stop(&r->ex);
	run_print_done(r);
	/* the spike that stopped a -b run */
	if (r->ts && r->cfg->trace.break_ns)
		run_explain_break(r);
	return 0;
}

/* What ends a run that measured (or was stopped before): the printout, the gate, the files. */
static int run_report(struct run *r)
{
	int code, ret;

	run_print_end(r);
	code = run_gate(r->cfg, measure_summary(r->m)); /* 0, or 3 above --max-latency */
	ret = savetrace_close(&r->save);
	if (ret)
		r->output_err = ret;
	if (r->output_err || r->ex.output_err)
		code = CLI_EXIT_FAILURE;
	if (r->cfg->output.json_path && run_write_json(r, code))
		code = CLI_EXIT_FAILURE;
	return code;
}

/* The one unwind: everything the run created, whatever ended it. */
static int run_unwind(struct run *r, int code)
{
	measure_join(r->m);
	explain_stop(&r->ex);
	run_print_done(r);
	if (run_metrics(r, measure_summary(r->m), false, code))
		code = CLI_EXIT_FAILURE;
	savetrace_discard(&r->save);
	tsess_destroy(r->ts);
	systune_restore(&r->tune);
	shmstat_destroy(&r->shm);
	statfifo_destroy(&r->fifo);
	measure_free(r->m);
	explain_free(&r->ex);
	spikekeep_free(&r->kept);
	free(r->verbose);
	metrics_file_free(&r->metrics);
	affwatch_free(&r->affwatch);
	return code;
}

int run_measure(const struct rtw_config *cfg)
{
	struct run r = { .cfg = cfg, .shm = { .fd = -1 } };
	int code = CLI_EXIT_FAILURE;
	sigset_t blocked;

	r.start_time = time(NULL);
	host_machine_read(&r.host);
	metrics_file_init(&r.metrics, cfg->output.metrics,
			  cfg->output.metrics_openmetrics ? METRICS_OPENMETRICS
							  : METRICS_PROMETHEUS);
	savetrace_init(&r.save, cfg->output.save_trace);
	savetrace_set_max(&r.save, cfg->output.save_trace_max_bytes);
	sigflag_set_hup_reopens(cfg->output.reopen_on_hup);
	diag_set_sink(log_diag, NULL); /* what analysis/ has to say, on stderr */
	systune_init(&r.tune);
	if (cfg->output.unbuffered)
		setvbuf(stdout, NULL, _IONBF, 0);
	code = run_preflight(cfg);
	if (code)
		return code;
	run_signals(&blocked);
	if (measure_init(&r.m, cfg)) {
		log_err("cannot allocate the measuring threads: %s", strerror(ENOMEM));
		return CLI_EXIT_FAILURE;
	}
	explain_init(&r.ex, cfg, r.m, &r.save);
	code = CLI_EXIT_FAILURE;
	if (!run_setup(&r) && (sigflag_caught() || !run_run(&r, &blocked)))
		code = run_report(&r);
	return run_unwind(&r, code);
}
