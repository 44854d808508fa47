// SPDX-License-Identifier: GPL-2.0-only
/*
 * measure - cyclictest's measuring loop, with the trace freeze built in.
 * Setup (pinning, policy, slack, POSIX timer) happens in the thread before
 * its loop; the loop itself obeys the hot path rules of measure.h.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "analysis/marker.h"
#include "rtwhy/measure.h"
#include "rtwhy/smi.h"
#include "rtwhy/spikeq.h"
#include "rtwhy/timenow.h"
#include "analysis/util.h"

#define MEASURE_STACK_BYTES (256 * 1024)
#define MEASURE_WAKE_SIGNAL SIGRTMIN /* measure_join()'s: cuts a sleep short */
#define MEASURE_SMI_KEEP    16	     /* SMI counter readings kept per thread */

/*
 * --smi: one thread's CPU counter, read by the main thread (measure_summary());
 * the readings are shared with measure_smi_window() under smi_lock.
 */
struct measure_smi {
	int fd; /* /dev/cpu/N/msr, -1 for none */
	uint32_t base;
	uint32_t last;
	uint64_t ts_ns[MEASURE_SMI_KEEP]; /* readings: when, and the value */
	uint32_t count[MEASURE_SMI_KEEP];
	unsigned int next;
};

struct measure_thread {
	struct measure *m;
	int index;
	int cpu; /* CPU it is pinned to, -1 for none */
	int policy;
	int priority;
	uint64_t interval_ns;
	_Atomic int tid;
	_Atomic bool left; /* out of its loop: about to leave the RT class */
	int64_t slack_ns;  /* timer slack in effect, read by the thread */
	int nice;	   /* its nice value when it started measuring, read by the thread */
	pthread_t pthread;
	bool started;
	struct stats_thread stats;
	int error;		/* -errno of a failed setup step */
	const char *error_what; /* which step, for the message */
	char marker[192];	/* FREEZE line, formatted in place */
	struct measure_smi smi;
	struct spikeq queue; /* its spikes waiting for the consumer: the largest kept */
};

struct measure {
	const struct rtw_config *cfg;
	int nr_threads;
	struct measure_thread *threads;
	_Atomic bool shutdown;
	_Atomic int nr_ready; /* threads past setup (or failed) */
	_Atomic int nr_done;  /* threads that left their loop (-l reached) */
	bool joined;

	/* freeze */
	int freeze_fd; /* trace_marker of the tracing instance, -1 = none */
	enum measure_freeze freeze_mode;
	uint64_t threshold_ns;	    /* -b / --explain threshold, 0 = none */
	bool stop_on_spike;	    /* -b */
	_Atomic int armed;	    /* 1: the next spike's line may stop / swap the trace */
	_Atomic uint64_t blind_off; /* STOP: spikes while recording was off */
	/* the consumer's: the spikes taken from the threads' queues, oldest first */
	struct measure_spike *taken;
	int nr_taken, next_taken;
	_Atomic int break_tid; /* -b: tid of the thread that broke */
	int break_thread;
	int64_t break_latency_ns;

	/* --spike samples, preallocated */
	struct measure_spike_sample *samples;
	int nr_sample_slots;
	_Atomic uint64_t nr_samples; /* may exceed the slots: counted, not kept */

	/* -A / --secaligned: a common start, agreed on during setup */
	_Atomic int align_arrived;
	_Atomic int align_published;
	uint64_t align_start_ns;

	/* measure_summary()'s storage, and --smi */
	struct measure_summary summary;
	bool smi;
	uint64_t smi_read_ns;
	pthread_mutex_t smi_lock; /* the threads' smi readings: main thread vs explaining thread */
};

int measure_init(struct measure **out, const struct rtw_config *cfg)
{
	struct measure *m;
	int i, ret;

	*out = NULL;
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	pthread_mutex_init(&m->smi_lock, NULL);
	m->cfg = cfg;
	m->freeze_fd = -1;
	m->threshold_ns = config_trace_threshold_ns(cfg);
	m->stop_on_spike = cfg->trace.break_ns != 0;
	m->nr_threads = cfg->measure.nr_threads;
	m->threads = calloc((size_t)m->nr_threads, sizeof(*m->threads));
	m->summary.threads = calloc((size_t)m->nr_threads, sizeof(*m->summary.threads));
	m->taken = calloc((size_t)m->nr_threads * SPIKEQ_SLOTS, sizeof(*m->taken));
	if (!m->threads || !m->summary.threads || !m->taken) {
		ret = -ENOMEM;
		goto err_free;
	}
	for (i = 0; i < m->nr_threads; i++)
		m->threads[i].smi.fd = -1;
	for (i = 0; i < m->nr_threads; i++) {
		struct measure_thread *t = &m->threads[i];

		t->m = m;
		t->index = i;
		t->cpu = util_nth_cpu(&cfg->measure.cpus, i);
		t->policy = cfg->measure.policy;
		t->priority = config_thread_priority(cfg, i);
		t->interval_ns = config_thread_interval_ns(cfg, i);
		ret = stats_init(&t->stats, cfg->output.histogram, config_unit_ns(cfg),
				 cfg->output.verbose);
		if (ret)
			goto err_free;
	}
	if (cfg->measure.spike_ns) {
		m->nr_sample_slots = cfg->measure.spike_nodes;
		m->samples = calloc((size_t)m->nr_sample_slots, sizeof(*m->samples));
		if (!m->samples) {
			ret = -ENOMEM;
			goto err_free;
		}
		memset(m->samples, 0, (size_t)m->nr_sample_slots * sizeof(*m->samples));
	}
	*out = m;
	return 0;
err_free:
	measure_free(m);
	return ret;
}

void measure_free(struct measure *m)
{
	int i;

	if (!m)
		return;
	for (i = 0; m->threads && i < m->nr_threads; i++) {
		stats_free(&m->threads[i].stats);
		if (m->threads[i].smi.fd >= 0)
			close(m->threads[i].smi.fd);
	}
	free(m->threads);
	free(m->summary.threads);
	free(m->taken);
	free(m->samples);
	pthread_mutex_destroy(&m->smi_lock);
	free(m);
}

void measure_set_freeze(struct measure *m, int fd, enum measure_freeze mode)
{
	m->freeze_fd = fd;
	m->freeze_mode = mode;
}

_Static_assert(sizeof(((struct measure_thread *)0)->marker) >= MARKER_FREEZE_MAX,
	       "room for the FREEZE line");

/* The FREEZE line of a spike, into @buf: the format is marker.c's. */
static int measure_format_freeze(char *buf, const struct measure_spike *s, bool untriggered)
{
	const struct marker f = { .kind = MARKER_FREEZE,
				  .tid = s->tid,
				  .thread = s->thread,
				  .cpu = s->cpu,
				  .prio = s->priority,
				  .slack_ns = s->slack_ns,
				  .deadline_ns = s->deadline_ns,
				  .wake_ns = s->wake_ns,
				  .latency = s->latency_ns < 0 ? 0 : (uint64_t)s->latency_ns,
				  .untriggered = untriggered };

	return marker_format_freeze(buf, &f);
}

static uint64_t measure_now_ns(clockid_t clock)
{
	return timenow_ns(clock);
}

/*
 * Queue the spike and write its FREEZE line. STOP: only the spike that
 * disarms writes (its line stops the trace), the others are blind. SWAP:
 * every spike is queued; the one that disarms swaps the trace, the others
 * write the line the trigger does not match. MARK: every spike is queued.
 * A spike finds no slot only when every slot of its thread waits with a
 * larger one (spikeq.h): it is dropped, counted by the queue.
 */
static void measure_freeze(struct measure_thread *t, uint64_t deadline_ns, uint64_t now_ns,
			   int64_t lat_ns)
{
	struct measure *m = t->m;
	struct measure_spike *s;
	bool froze = false;
	int expected = 1, len, slot;

	if (m->freeze_mode == MEASURE_FREEZE_STOP) {
		if (!atomic_compare_exchange_strong(&m->armed, &expected, 0)) {
			atomic_fetch_add_explicit(&m->blind_off, 1, memory_order_relaxed);
			return;
		}
		froze = true;
	}
	slot = spikeq_claim(&t->queue, lat_ns);
	if (slot < 0) {
		if (froze)
			atomic_store(&m->armed, 1);
		return;
	}
	if (m->freeze_mode == MEASURE_FREEZE_SWAP)
		froze = atomic_compare_exchange_strong(&m->armed, &expected, 0);

	s = spikeq_spike(&t->queue, slot);
	s->thread = t->index;
	s->tid = atomic_load_explicit(&t->tid, memory_order_relaxed);
	s->cpu = t->cpu >= 0 ? t->cpu : sched_getcpu();
	s->policy = t->policy;
	s->priority = t->priority;
	s->slack_ns = t->slack_ns;
	s->latency_ns = lat_ns;
	s->cycle = atomic_load_explicit(&t->stats.cycles, memory_order_relaxed);
	if (m->cfg->measure.clock == CLOCK_MONOTONIC) {
		s->wake_ns = now_ns;
		s->deadline_ns = deadline_ns;
	} else {
		/* the trace runs on CLOCK_MONOTONIC: translate */
		s->wake_ns = measure_now_ns(CLOCK_MONOTONIC);
		s->deadline_ns = s->wake_ns - (uint64_t)lat_ns;
	}
	len = measure_format_freeze(t->marker, s, !froze && m->freeze_mode == MEASURE_FREEZE_SWAP);
	s->write_ns = measure_now_ns(CLOCK_MONOTONIC);
	s->freeze_err = 0;
	if (write(m->freeze_fd, t->marker, (size_t)len) < 0) {
		s->freeze_err = -errno;
		if (froze) /* nothing was stopped or swapped */
			atomic_store(&m->armed, 1);
		froze = false;
	}
	s->written_ns = measure_now_ns(CLOCK_MONOTONIC);
	s->froze = froze;
	/* the consumer must see the spike that froze the trace: it re-arms */
	spikeq_put(&t->queue, slot, froze);
}

/* A latency above the threshold: freeze the trace and/or break. */
static void measure_on_spike(struct measure_thread *t, uint64_t deadline_ns, uint64_t now_ns,
			     int64_t lat_ns)
{
	struct measure *m = t->m;
	int no_tid = 0;

	if (m->freeze_fd >= 0)
		measure_freeze(t, deadline_ns, now_ns, lat_ns);
	if (m->stop_on_spike &&
	    atomic_compare_exchange_strong(&m->break_tid, &no_tid, atomic_load(&t->tid))) {
		m->break_thread = t->index;
		m->break_latency_ns = lat_ns;
		atomic_store(&m->shutdown, true);
	}
}

static void measure_record_sample(struct measure_thread *t, uint64_t now_ns, int64_t lat_ns)
{
	struct measure *m = t->m;
	uint64_t slot = atomic_fetch_add_explicit(&m->nr_samples, 1, memory_order_relaxed);

	if (slot >= (uint64_t)m->nr_sample_slots)
		return;
	m->samples[slot].thread = t->index;
	m->samples[slot].latency_ns = lat_ns;
	m->samples[slot].ts_ns = now_ns;
}

static int measure_fail(struct measure_thread *t, const char *what, int err)
{
	t->error = -err;
	t->error_what = what;
	atomic_fetch_add(&t->m->nr_ready, 1);
	return -err;
}

/* Pin, set policy and slack: everything before the first deadline. */
static int measure_setup_thread(struct measure_thread *t)
{
	struct sched_param sp = { .sched_priority = t->priority };
	const struct rtw_config *cfg = t->m->cfg;

	atomic_store(&t->tid, (int)gettid());
	if (t->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(t->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return measure_fail(t, "pin the measuring thread", errno);
	}
	if (sched_setscheduler(0, t->policy, &sp))
		return measure_fail(t, "set the measuring thread's scheduling policy", errno);
	/* inherited from the process (nice rtwhy, or none); -1 is a nice value too */
	errno = 0;
	t->nice = getpriority(PRIO_PROCESS, 0);
	if (errno)
		t->nice = 0;
	if (cfg->measure.timerslack_ns > 0 &&
	    prctl(PR_SET_TIMERSLACK, (unsigned long)cfg->measure.timerslack_ns, 0, 0, 0))
		return measure_fail(t, "set the timer slack", errno);
	/* the kernel ignores slack for RT tasks */
	if (t->policy == SCHED_FIFO || t->policy == SCHED_RR)
		t->slack_ns = 0;
	else
		t->slack_ns = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	return 0;
}

/* Wait (setup phase only) until @counter reaches @n or the run is stopped. */
static bool measure_gate(struct measure *m, _Atomic int *counter, int n)
{
	struct timespec pause = { 0, 50 * NSEC_PER_USEC };

	while (atomic_load(counter) < n) {
		if (atomic_load(&m->shutdown))
			return false;
		nanosleep(&pause, NULL);
	}
	return true;
}

/* The first deadline: now + interval, or a common aligned start (-A, --secaligned). */
static uint64_t measure_first_deadline(struct measure_thread *t, clockid_t clock)
{
	struct measure *m = t->m;
	const struct config_measure *cm = &m->cfg->measure;
	uint64_t now = measure_now_ns(clock);

	if (!cm->aligned && !cm->secaligned)
		return now + t->interval_ns;
	/* all threads set up, then thread 0 picks the common start */
	atomic_fetch_add(&m->align_arrived, 1);
	if (!measure_gate(m, &m->align_arrived, m->nr_threads))
		return now + t->interval_ns;
	if (t->index == 0) {
		uint64_t start = measure_now_ns(clock);

		if (cm->secaligned) {
			uint64_t frac = start % NSEC_PER_SEC;

			start = start - frac + NSEC_PER_SEC;
			if (frac > 900 * NSEC_PER_MSEC)
				start += NSEC_PER_SEC;
			start += cm->secaligned_offset_ns;
		}
		m->align_start_ns = start;
		atomic_store(&m->align_published, 1);
	}
	if (!measure_gate(m, &m->align_published, 1))
		return now + t->interval_ns;
	now = m->align_start_ns;
	if (cm->aligned)
		now += (uint64_t)t->index * cm->aligned_offset_ns;
	return now + t->interval_ns;
}

/* The process's signals are the main thread's: a SIGUSR2 must not cut a sleep short here. */
static void measure_block_signals(void)
{
	static const int sigs[] = { SIGUSR1, SIGUSR2, SIGINT,  SIGTERM, SIGHUP,
				    SIGQUIT, SIGPIPE, SIGALRM, SIGCHLD, SIGWINCH };
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaddset(&set, sigs[i]);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/*
 * measure_arm_timer - -x: a POSIX timer on @t's thread, armed at @next (or one interval on,
 * relative: @next then set from now). Return: 0, or -errno said once.
 */
static int measure_arm_timer(struct measure_thread *t, clockid_t clock, bool relative,
			     uint64_t *next, timer_t *timer)
{
	const struct timespec interval_ts = util_ns_to_ts(t->interval_ns);
	struct sigevent sev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGALRM };
	struct itimerspec its = { .it_interval = interval_ts };

	sev._sigev_un._tid = atomic_load(&t->tid); /* sigev_notify_thread_id */
	if (timer_create(clock, &sev, timer))
		return measure_fail(t, "create the POSIX timer", errno);
	its.it_value = relative ? interval_ts : util_ns_to_ts(*next);
	if (relative)
		*next = measure_now_ns(clock) + t->interval_ns;
	if (timer_settime(*timer, relative ? 0 : TIMER_ABSTIME, &its, NULL)) {
		int ret = measure_fail(t, "arm the POSIX timer", errno);

		timer_delete(*timer);
		return ret;
	}
	return 0;
}

/*
 * measure_sleep - the hot path's sleep until @next (relative modes: one interval from now,
 * @next set to it first). Return: 0, or the errno that cut it short.
 */
static inline int measure_sleep(const struct config_measure *cm, clockid_t clock, bool relative,
				const struct timespec *interval_ts, uint64_t interval_ns,
				const sigset_t *alarm, uint64_t *next)
{
	struct timespec ts;
	int sig;

	switch (cm->sleep) {
	case CONFIG_SLEEP_POSIX_TIMER:
		sigwait(alarm, &sig);
		return 0;
	case CONFIG_SLEEP_SYS_NANOSLEEP:
		clock_gettime(clock, &ts);
		*next = util_ts_to_ns(&ts) + interval_ns;
		return nanosleep(interval_ts, NULL) ? EINTR : 0;
	default:
		if (relative) {
			clock_gettime(clock, &ts);
			*next = util_ts_to_ns(&ts) + interval_ns;
			return clock_nanosleep(clock, 0, interval_ts, NULL);
		}
		ts = util_ns_to_ts(*next);
		return clock_nanosleep(clock, TIMER_ABSTIME, &ts, NULL);
	}
}

/* measure_advance - the next deadline on the thread's grid, past @now_ns (or past the timer's
 * overrun, -x) */
static inline void measure_advance(const struct measure_thread *t, bool have_timer, timer_t timer,
				   uint64_t now_ns, uint64_t *next)
{
	*next += t->interval_ns;
	if (have_timer) {
		int overrun = timer_getoverrun(timer);

		/*
		 * The timer keeps its own grid: expiries merged into this signal are its
		 * overrun, and the next one may be pending already. cyclictest also skips
		 * periods past now here, and then measures a pending signal against a later
		 * deadline: latencies of about -interval.
		 */
		if (overrun > 0)
			*next += (uint64_t)overrun * t->interval_ns;
	} else {
		while (now_ns > *next)
			*next += t->interval_ns;
	}
}

static void *measure_thread_loop(void *arg)
{
	struct measure_thread *t = arg;
	struct measure *m = t->m;
	const struct config_measure *cm = &m->cfg->measure;
	const clockid_t clock = cm->clock;
	const bool relative = cm->relative || cm->sleep == CONFIG_SLEEP_SYS_NANOSLEEP;
	const struct timespec interval_ts = util_ns_to_ts(t->interval_ns);
	uint64_t next, stop_ns = 0, loops = cm->loops;
	timer_t timer = 0;
	bool have_timer = false;
	sigset_t alarm;

	if (measure_setup_thread(t))
		return NULL;
	measure_block_signals();
	/* -x: the timer's SIGALRM is taken by sigwait(), never delivered */
	sigemptyset(&alarm);
	sigaddset(&alarm, SIGALRM);
	next = measure_first_deadline(t, clock);
	if (cm->sleep == CONFIG_SLEEP_POSIX_TIMER) {
		if (measure_arm_timer(t, clock, relative, &next, &timer))
			return NULL;
		have_timer = true;
	}
	if (cm->duration_ns)
		stop_ns = next - t->interval_ns + cm->duration_ns;
	atomic_fetch_add(&m->nr_ready, 1);

	while (!atomic_load_explicit(&m->shutdown, memory_order_relaxed)) {
		struct timespec ts;
		uint64_t now;
		int64_t lat;
		int err;

		err = measure_sleep(cm, clock, relative, &interval_ts, t->interval_ns, &alarm,
				    &next);
		/* woken early by measure_join(): not a sample */
		if ((err || cm->sleep == CONFIG_SLEEP_POSIX_TIMER) &&
		    atomic_load_explicit(&m->shutdown, memory_order_relaxed))
			break;
		clock_gettime(clock, &ts);
		now = util_ts_to_ns(&ts);
		lat = (int64_t)(now - next);
		stats_add(&t->stats, lat);
		if (m->threshold_ns && lat > (int64_t)m->threshold_ns)
			measure_on_spike(t, next, now, lat);
		if (cm->spike_ns && lat > (int64_t)cm->spike_ns)
			measure_record_sample(t, now, lat);
		if (stop_ns && now >= stop_ns)
			atomic_store(&m->shutdown, true);
		if (loops && atomic_load_explicit(&t->stats.cycles, memory_order_relaxed) >= loops)
			break;
		if (relative && cm->sleep != CONFIG_SLEEP_POSIX_TIMER)
			continue;
		measure_advance(t, have_timer, timer, now, &next);
	}

	atomic_store(&t->left, true); /* its policy change from here is its own (affwatch) */
	if (have_timer)
		timer_delete(timer);
	/* like cyclictest: leave the real-time class before exiting */
	if (t->policy != SCHED_OTHER) {
		struct sched_param sp = { 0 };

		sched_setscheduler(0, SCHED_OTHER, &sp);
	}
	return NULL;
}

static void measure_wake_handler(int sig)
{
	(void)sig;
}

static void *measure_thread_main(void *arg)
{
	struct measure_thread *t = arg;

	measure_thread_loop(t);
	atomic_fetch_add(&t->m->nr_done, 1);
	return NULL;
}

static const struct measure_thread *measure_failed_thread(const struct measure *m)
{
	int i;

	for (i = 0; i < m->nr_threads; i++)
		if (m->threads[i].error)
			return &m->threads[i];
	return NULL;
}

static int measure_failure(struct measure *m, const struct measure_thread *bad, int err,
			   struct measure_failure *why)
{
	why->what = bad->error_what;
	why->policy = bad->policy;
	why->priority = bad->priority;
	measure_join(m);
	return err;
}

int measure_start(struct measure *m, struct measure_failure *why)
{
	struct sigaction sa = { .sa_handler = measure_wake_handler };
	const struct measure_thread *bad;
	pthread_attr_t attr;
	struct timespec pause = { 0, NSEC_PER_MSEC };
	int i, ret;

	/* the wake signal only interrupts a sleep (no SA_RESTART) */
	sigemptyset(&sa.sa_mask);
	sigaction(MEASURE_WAKE_SIGNAL, &sa, NULL);

	atomic_store(&m->armed, m->freeze_fd >= 0 ? 1 : 0);
	/* a small stack: the loop needs little, and -m locks every byte of it */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, MEASURE_STACK_BYTES);
	for (i = 0; i < m->nr_threads; i++) {
		struct measure_thread *t = &m->threads[i];

		ret = pthread_create(&t->pthread, &attr, measure_thread_main, t);
		if (ret) {
			t->error = -ret;
			t->error_what =
				m->cfg->system.mlockall && ret == EAGAIN
					? "create a measuring thread with locked memory (-m; "
					  "see ulimit -l)"
					: "create a measuring thread";
			pthread_attr_destroy(&attr);
			return measure_failure(m, t, -ret, why);
		}
		t->started = true;
	}
	pthread_attr_destroy(&attr);
	while (atomic_load(&m->nr_ready) < m->nr_threads) {
		bad = measure_failed_thread(m);
		if (bad)
			break;
		nanosleep(&pause, NULL);
	}
	bad = measure_failed_thread(m);
	if (bad)
		return measure_failure(m, bad, bad->error, why);
	return 0;
}

void measure_join(struct measure *m)
{
	int i;

	if (!m)
		return;
	atomic_store(&m->shutdown, true);
	for (i = 0; i < m->nr_threads; i++) {
		struct measure_thread *t = &m->threads[i];

		if (!t->started)
			continue;
		/* cut a long sleep short: the thread sees shutdown and leaves */
		pthread_kill(t->pthread, m->cfg->measure.sleep == CONFIG_SLEEP_POSIX_TIMER
						 ? SIGALRM
						 : MEASURE_WAKE_SIGNAL);
		pthread_join(t->pthread, NULL);
		t->started = false;
	}
	m->joined = true;
}

/* ---- --smi: the counters of the threads' CPUs, read here, never in a loop ----------- */

int measure_smi_open(struct measure *m, char *why, size_t len)
{
	int i, ret;

	if (!smi_supported(why, len))
		return -ENOTSUP;
	for (i = 0; i < m->nr_threads; i++) {
		struct measure_thread *t = &m->threads[i];
		int j;

		if (t->cpu < 0) {
			snprintf(why, len, "thread %d is not pinned: SMIs are counted per CPU", i);
			return -EINVAL;
		}
		/* threads on one CPU share its counter, but each keeps its own readings */
		ret = smi_open(t->cpu, &t->smi.fd, why, len);
		if (ret)
			return ret;
		ret = smi_read(t->smi.fd, &t->smi.base);
		if (ret) {
			snprintf(why, len, "cannot read MSR_SMI_COUNT of CPU %d: %s%s", t->cpu,
				 strerror(-ret),
				 ret == -EIO ? " (the CPU or its hypervisor does not provide it)"
					     : "");
			return ret;
		}
		t->smi.last = t->smi.base;
		for (j = 0; j < MEASURE_SMI_KEEP; j++) {
			t->smi.ts_ns[j] = 0;
			t->smi.count[j] = t->smi.base;
		}
	}
	m->smi = true;
	m->smi_read_ns = measure_now_ns(CLOCK_MONOTONIC);
	for (i = 0; i < m->nr_threads; i++)
		m->threads[i].smi.ts_ns[0] = m->smi_read_ns;
	return 0;
}

static void measure_smi_read_all(struct measure *m, uint64_t now)
{
	int i;

	pthread_mutex_lock(&m->smi_lock);
	for (i = 0; i < m->nr_threads; i++) {
		struct measure_smi *s = &m->threads[i].smi;
		uint32_t v;

		if (smi_read(s->fd, &v))
			continue;
		s->last = v;
		s->next = (s->next + 1) % MEASURE_SMI_KEEP;
		s->ts_ns[s->next] = now;
		s->count[s->next] = v;
	}
	pthread_mutex_unlock(&m->smi_lock);
	m->smi_read_ns = now;
}

int measure_smi_window(struct measure *m, int thread, uint64_t from_ns, uint32_t *count,
		       uint64_t *since_ns)
{
	struct measure_smi *s;
	uint64_t best_ts = 0;
	uint32_t best = 0, now_v;
	unsigned int k;
	int ret;

	if (!m->smi || thread < 0 || thread >= m->nr_threads)
		return -ENODEV;
	s = &m->threads[thread].smi;
	pthread_mutex_lock(&m->smi_lock);
	for (k = 0; k < MEASURE_SMI_KEEP; k++) {
		if (s->ts_ns[k] && s->ts_ns[k] <= from_ns && s->ts_ns[k] > best_ts) {
			best_ts = s->ts_ns[k];
			best = s->count[k];
		}
	}
	if (!best_ts) { /* older than what is kept: since the start */
		best_ts = s->ts_ns[0];
		best = s->base;
	}
	pthread_mutex_unlock(&m->smi_lock);
	ret = smi_read(s->fd, &now_v); /* a pread(): safe beside the main thread's */
	if (ret)
		return ret;
	*count = smi_delta(now_v, best);
	*since_ns = best_ts;
	return 0;
}

/* ---- the one view the run and the reports have -------------------------------------- */

const struct measure_summary *measure_summary(struct measure *m)
{
	struct measure_summary *s = &m->summary;
	uint64_t now;
	int i;

	if (m->smi) {
		now = measure_now_ns(CLOCK_MONOTONIC);
		if (now - m->smi_read_ns >= MEASURE_SMI_PERIOD_NS || m->joined)
			measure_smi_read_all(m, now);
	}
	s->nr_threads = m->nr_threads;
	s->stopped = m->joined;
	s->running = !m->joined && !atomic_load(&m->shutdown) &&
		     atomic_load(&m->nr_done) < m->nr_threads;
	s->smi = m->smi;
	for (i = 0; i < m->nr_threads; i++) {
		const struct measure_thread *t = &m->threads[i];
		struct measure_thread_summary *ts = &s->threads[i];

		ts->index = t->index;
		ts->tid = atomic_load_explicit(&t->tid, memory_order_relaxed);
		ts->cpu = t->cpu;
		ts->policy = t->policy;
		ts->priority = t->priority;
		ts->left = atomic_load(&t->left);
		ts->interval_ns = t->interval_ns;
		ts->slack_ns = t->slack_ns;
		ts->nice = t->nice;
		stats_read(&t->stats, &ts->snap);
		ts->stats = &t->stats;
		ts->smi_count = m->smi ? smi_delta(t->smi.last, t->smi.base) : 0;
	}
	s->break_tid = atomic_load(&m->break_tid);
	/* written by the breaking thread after its tid: whole only once it is joined */
	s->break_thread = m->joined ? m->break_thread : -1;
	s->break_latency_ns = m->joined ? m->break_latency_ns : 0;
	s->blind_queue_full = 0;
	for (i = 0; i < m->nr_threads; i++)
		s->blind_queue_full += spikeq_dropped(&m->threads[i].queue);
	s->blind_recording_off = atomic_load(&m->blind_off);
	s->blind_spikes = s->blind_queue_full + s->blind_recording_off;
	s->samples = m->samples;
	s->nr_sample_slots = m->nr_sample_slots;
	s->nr_samples = atomic_load(&m->nr_samples);
	return s;
}

static int measure_by_deadline(const void *a, const void *b)
{
	const struct measure_spike *x = a, *y = b;

	if (x->deadline_ns != y->deadline_ns)
		return x->deadline_ns < y->deadline_ns ? -1 : 1;
	return x->thread - y->thread;
}

bool measure_take_spike(struct measure *m, struct measure_spike *out)
{
	int i;

	if (m->next_taken == m->nr_taken) {
		m->nr_taken = m->next_taken = 0;
		for (i = 0; i < m->nr_threads; i++)
			m->nr_taken += spikeq_take(&m->threads[i].queue, m->taken + m->nr_taken);
		qsort(m->taken, (size_t)m->nr_taken, sizeof(*m->taken), measure_by_deadline);
	}
	if (m->next_taken == m->nr_taken)
		return false;
	*out = m->taken[m->next_taken++];
	return true;
}

void measure_rearm(struct measure *m)
{
	atomic_store(&m->armed, 1);
}

bool measure_disarm(struct measure *m)
{
	int expected = 1;

	return atomic_compare_exchange_strong(&m->armed, &expected, 0);
}
