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
 * into a lock-free queue from which the main thread takes it
 * (measure_take_spike()).
 *
 * The loop allocates nothing, takes no lock, calls no stdio and makes no
 * system call but the clock ones (and sigwait/timer_getoverrun with -x) and
 * that single write.
 */
#ifndef RTWHY_MEASURE_H
#define RTWHY_MEASURE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
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

#define MEASURE_MAX_QUEUED 64 /* spikes waiting for the main thread; more are blind */

/* One --spike sample (cyclictest's "T: 0 Spike: ...: TS: ..."). */
struct measure_spike_sample {
	int thread;
	int64_t latency_ns;
	uint64_t ts_ns; /* wake time in the measuring clock */
};

struct measure;

struct measure_thread {
	struct measure *m;
	int index;
	int cpu; /* CPU it is pinned to, -1 for none */
	int policy;
	int priority;
	uint64_t interval_ns;
	_Atomic int tid;
	int64_t slack_ns; /* timer slack in effect, read by the thread */
	pthread_t pthread;
	bool started;
	struct stats_thread stats;
	int error;		/* -errno of a failed setup step */
	const char *error_what; /* which step, for the message */
	char marker[192];	/* FREEZE line, formatted in place */
};

struct measure {
	const struct rtw_config *cfg;
	int nr_threads;
	struct measure_thread *threads;
	_Atomic bool shutdown;
	_Atomic int nr_ready; /* threads past setup (or failed) */
	_Atomic int nr_done;  /* threads that left their loop (-l reached) */

	/* freeze: set before measure_start() */
	int freeze_fd; /* trace_marker of the tracing instance, -1 = none */
	enum measure_freeze freeze_mode;
	uint64_t threshold_ns;	     /* -b / --explain threshold, 0 = none */
	bool stop_on_spike;	     /* -b */
	_Atomic int armed;	     /* 1: the next spike's line may stop / swap the trace */
	_Atomic uint64_t queue_head; /* the next spike the main thread takes */
	_Atomic uint64_t queue_tail; /* the next slot a measuring thread claims */
	struct measure_spike queue[MEASURE_MAX_QUEUED];
	_Atomic uint64_t queue_seq[MEASURE_MAX_QUEUED]; /* slot i holds spike q when q + 1 */
	_Atomic uint64_t blind_spikes; /* spikes no trace will show (frozen, queue full) */
	_Atomic int freeze_failed;     /* the FREEZE write failed: trace not stopped */
	_Atomic int break_tid;	       /* -b: tid of the thread that broke */
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
};

/**
 * measure_init() - Prepare @m for @cfg: per-thread parameters and statistics.
 * @m: measurement
 * @cfg: configuration; must outlive @m
 *
 * Context: setup; allocates everything the loops will use.
 * Return: 0 or -ENOMEM.
 */
int measure_init(struct measure *m, const struct rtw_config *cfg);

/**
 * measure_start() - Create the threads and wait until each has finished its
 * setup (affinity, policy, timer slack, timer).
 * @m: measurement, freeze fields set
 *
 * On failure the threads already started are stopped and joined; the
 * failing step is in threads[i].error / error_what.
 * Return: 0, or the -errno of the first failing thread.
 */
int measure_start(struct measure *m);

/**
 * measure_stop() - Ask every thread to stop after its current cycle.
 * @m: measurement
 *
 * Context: async-signal-safe.
 */
void measure_stop(struct measure *m);

/**
 * measure_join() - Stop and join the threads that were started.
 * @m: measurement
 */
void measure_join(struct measure *m);

/**
 * measure_free() - Free what measure_init() allocated. Threads must be joined.
 * @m: measurement
 */
void measure_free(struct measure *m);

/**
 * measure_take_spike() - Take the oldest queued spike, if any.
 * @m: measurement
 * @out: the spike
 *
 * A spike whose line froze the trace leaves @m disarmed until measure_rearm().
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
 * For the main thread when it swaps the trace itself (SWAP).
 * Return: true if it disarmed @m, false if a spike's line did first.
 */
bool measure_disarm(struct measure *m);

/**
 * measure_failed_thread() - The first thread whose setup failed.
 * @m: measurement
 *
 * Return: the thread, or NULL.
 */
const struct measure_thread *measure_failed_thread(const struct measure *m);

#endif
