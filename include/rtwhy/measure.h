/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * measure - the cyclic measuring threads (cyclictest's timerthread).
 *
 * Each thread pins itself, sets its policy, priority and timer slack, then
 * loops: sleep until the absolute deadline, read the clock, latency = now -
 * deadline, account it, advance the deadline by the interval (skipping
 * missed periods). When a latency exceeds the trace threshold the thread
 * itself writes one FREEZE line to the tracing instance's trace_marker (a
 * kernel trigger may stop or swap the recording in the same system call,
 * enum measure_freeze) and the line carries the spike; the spike also goes
 * into the thread's lock-free queue (spikeq.h: it keeps the largest when
 * spikes come faster than they are taken) from which one consumer thread
 * takes them (measure_take_spike()).
 *
 * The loop allocates nothing, takes no lock, calls no stdio and makes no
 * system call but the clock ones (and sigwait/timer_getoverrun with -x) and
 * that single write.
 *
 * The threads take no signal but their own wake-up one (a real-time signal
 * with which measure_join() cuts a sleep short, SIGALRM with -x): SIGUSR1,
 * SIGUSR2 and the stop signals sent to the process go to the main thread.
 */
#ifndef RTWHY_MEASURE_H
#define RTWHY_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtwhy/config.h"
#include "rtwhy/stats.h"

/* A latency above the trace threshold, as the measuring thread saw it. */
struct measure_spike {
	int thread;	      /* index of the measuring thread */
	int tid;	      /* its kernel tid */
	int cpu;	      /* CPU it ran on when it woke */
	int policy;	      /* its SCHED_* policy */
	int priority;	      /* its RT priority (0 for other) */
	int64_t slack_ns;     /* its timer slack in effect (0 for RT) */
	uint64_t deadline_ns; /* CLOCK_MONOTONIC = trace clock "mono" */
	uint64_t wake_ns;     /* CLOCK_MONOTONIC, read right after waking */
	int64_t latency_ns;   /* wake - deadline in the measuring clock */
	uint64_t cycle;	      /* cycle number of the sample */
	bool froze;	      /* its line stopped or swapped the trace (STOP, SWAP armed) */
	int freeze_err;	      /* -errno of its FREEZE line's write, 0 written (or none) */
	uint64_t write_ns;    /* CLOCK_MONOTONIC before the FREEZE line's write ... */
	uint64_t written_ns;  /* ... and after it: the line's trace timestamp is between */
};

/* What a FREEZE line does to the trace; set with the fd, before measure_start(). */
enum measure_freeze {
	MEASURE_FREEZE_STOP, /* armed: stops it; while disarmed, spikes are blind (counted) */
	MEASURE_FREEZE_SWAP, /* armed: swaps it with the spare; disarmed: the spike is queued
			      * all the same, its line written so that no trigger matches */
	MEASURE_FREEZE_MARK, /* nothing: the trace records on, every spike is queued */
};

#define MEASURE_MAX_QUEUED 64 /* per thread, spikes waiting; then the smallest is dropped */

/* One --spike sample (cyclictest's "T: 0 Spike: ...: TS: ..."). */
struct measure_spike_sample {
	int thread;
	int64_t latency_ns;
	uint64_t ts_ns; /* wake time in the measuring clock */
};

struct measure; /* opaque: the run and the reports see it through measure_summary() */

/* One measuring thread, as the reports see it. */
struct measure_thread_summary {
	int index;
	int tid;      /* kernel tid, 0 until the thread has started */
	int cpu;      /* CPU it is pinned to, -1 for none */
	int policy;   /* as rtwhy set it (SCHED_FIFO ...) */
	int priority; /* its sched_priority */
	int nice;     /* its nice value when it started (the process's: rtwhy does not set it) */
	bool left;    /* left its loop: it drops the real-time class itself, as cyclictest does */
	uint64_t interval_ns;
	int64_t slack_ns;		  /* timer slack in effect, read by the thread */
	struct stats_snapshot snap;	  /* the scalars, all after the same sample */
	const struct stats_thread *stats; /* histograms and -v ring: final once stopped */
	uint64_t smi_count;		  /* --smi: SMIs on its CPU since the start */
};

/* What the measurement is at one moment; see measure_summary(). */
struct measure_summary {
	int nr_threads;
	struct measure_thread_summary *threads;
	bool running;	  /* not stopped, and some thread still measuring (-l not reached) */
	bool stopped;	  /* joined: every number is final */
	bool smi;	  /* smi_count is counted (--smi) */
	int break_tid;	  /* -b: tid of the thread that broke, 0 for none */
	int break_thread; /* its index (-1 until stopped) */
	int64_t break_latency_ns;     /* its latency (0 until stopped) */
	uint64_t blind_spikes;	      /* spikes no trace will show: the two below */
	uint64_t blind_queue_full;    /* dropped (the smallest) when a thread's queue was full */
	uint64_t blind_recording_off; /* STOP: came while the trace was stopped */
	const struct measure_spike_sample *samples; /* --spike: the first nr_sample_slots kept */
	int nr_sample_slots;
	uint64_t nr_samples; /* may exceed the slots: counted, not kept */
};

/* Why measure_start() failed. */
struct measure_failure {
	const char *what; /* the step, for "cannot <what>: <reason>" */
	int policy;	  /* the policy and priority the thread asked for */
	int priority;
};

/**
 * measure_init() - Allocate a measurement for @cfg: per-thread parameters and statistics.
 * @out: the new measurement
 * @cfg: configuration; must outlive it
 *
 * The trace threshold (-b, --explain) and whether a spike stops the run (-b)
 * come from @cfg.
 * Context: setup; allocates everything the loops will use.
 * Return: 0 or -ENOMEM.
 */
int measure_init(struct measure **out, const struct rtw_config *cfg);

/**
 * measure_set_freeze() - Let spikes freeze a trace: the FREEZE line goes to @fd.
 * @m: measurement, not started
 * @fd: the tracing instance's trace_marker, -1 for none (the default)
 * @mode: what the line does to the trace (the trigger tsession set up)
 */
void measure_set_freeze(struct measure *m, int fd, enum measure_freeze mode);

/**
 * measure_smi_open() - --smi: open the SMI counter of each thread's CPU and
 * read its starting value.
 * @m: measurement, every thread pinned (cyclictest 2.4 always pins)
 * @why: on failure, why (one line)
 * @len: size of @why
 *
 * Return: 0 or -errno.
 */
int measure_smi_open(struct measure *m, char *why, size_t len);

/**
 * measure_start() - Create the threads and wait until each has finished its
 * setup (affinity, policy, timer slack, timer).
 * @m: measurement
 * @why: on failure, the failing step
 *
 * On failure the threads already started are stopped and joined.
 * Return: 0, or the -errno of the first failing thread.
 */
int measure_start(struct measure *m, struct measure_failure *why);

/**
 * measure_join() - Stop and join the threads that were started (none: nothing).
 * @m: measurement
 */
void measure_join(struct measure *m);

/**
 * measure_free() - Free a measurement; its threads must be joined.
 * @m: measurement, or NULL
 */
void measure_free(struct measure *m);

/**
 * measure_summary() - The one view of the measurement for the run and the reports.
 * @m: measurement, running or not
 *
 * Reads every thread's scalars without stopping it (stats_read()); with
 * --smi, reads the SMI counters at most every MEASURE_SMI_PERIOD_NS (and
 * once more when stopped). Context: the main thread.
 * Return: the summary, valid until the next call or measure_free().
 */
const struct measure_summary *measure_summary(struct measure *m);

#define MEASURE_SMI_PERIOD_NS (100ULL * 1000 * 1000)

/**
 * measure_smi_window() - SMIs on a thread's CPU from the last counter
 * reading at or before @from_ns until now (read now).
 * @m: measurement with measure_smi_open() done
 * @thread: index of the thread
 * @from_ns: CLOCK_MONOTONIC, e.g. a spike's deadline
 * @count: result
 * @since_ns: when the earlier reading was taken
 *
 * Context: the main thread, or one other thread while the main thread
 * calls measure_summary() (the readings are shared under a lock; the
 * measuring threads never take it).
 * Return: 0, or -errno (-ENODEV: no SMI counting).
 */
int measure_smi_window(struct measure *m, int thread, uint64_t from_ns, uint32_t *count,
		       uint64_t *since_ns);

/**
 * measure_take_spike() - Take the oldest queued spike, if any.
 * @m: measurement
 * @out: the spike
 *
 * Takes every thread's waiting spikes at once when it has handed out the
 * last it took, and hands them out by deadline (a spike queued while they
 * were handed out comes after them).
 * A spike whose line froze the trace leaves @m disarmed until measure_rearm().
 * Context: one consumer thread at a time.
 * Return: true if a spike was taken.
 */
bool measure_take_spike(struct measure *m, struct measure_spike *out);

/**
 * measure_rearm() - Let the next spike's line stop or swap the trace again.
 * @m: measurement
 */
void measure_rearm(struct measure *m);

/**
 * measure_disarm() - Keep the next spikes' lines from stopping or swapping the trace.
 * @m: measurement
 *
 * For the consumer when it swaps the trace itself (SWAP).
 * Return: true if it disarmed @m, false if a spike's line did first.
 */
bool measure_disarm(struct measure *m);

#endif
