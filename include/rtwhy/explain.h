/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * explain - explaining the spikes of a live run: capture (the spike's trace
 * window) -> host facts (what the live machine adds: its tasks, knobs, steal,
 * SMIs) -> blame -> save (--save-trace) and draw (--svg) -> hand over to the
 * run through this module's own queue, which the main thread empties to
 * print and keep.
 *
 * --explain: its own thread (explain_start() .. explain_stop()), while the
 * measuring threads run. -b: the main thread calls explain_all() once the
 * measuring threads are joined. Either way the explanations come out of
 * explain_take(), in the order they were made.
 */
#ifndef RTWHY_EXPLAIN_H
#define RTWHY_EXPLAIN_H

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/blame.h"
#include "rtwhy/capture.h"
#include "rtwhy/config.h"
#include "rtwhy/host/cgroup.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/host/steal.h"
#include "rtwhy/instwatch.h"
#include "rtwhy/measure.h"
#include "rtwhy/savetrace.h"
#include "rtwhy/tsession.h"

/* An explanation made, for the main thread to print and keep. */
struct explain_done {
	struct blame_result res;
	int index;	  /* its number in the run, from 1 */
	size_t nr_events; /* events it was explained from */
};

/* The explaining side of a run. Set up by explain_init(); the run reads the counts. */
struct explain {
	const struct rtw_config *cfg;
	struct measure *m;
	struct tsess *ts;
	struct savetrace *save;	     /* --save-trace, the run's */
	struct capture cap;	     /* the spikes and the trace they are explained from */
	struct blame_kernel kernel;  /* this kernel's facts and rtwhy's main thread, for blame */
	int hz;			     /* CONFIG_HZ, 0 unknown: for --save-trace */
	struct host_machine machine; /* its names, for --save-trace */
	struct host_steal steal;     /* steal time sampled while the run goes on */
	struct host_cgroup_watch cgroup;	  /* the measuring thread's cpu group (CFS quota) */
	struct host_cgroup_freezer_watch freezer; /* ... its freezer groups */
	struct instwatch *instwatch; /* the run's: our instance, changed by another program */
	int nr_explained;
	uint64_t nr_overwritten;   /* spikes whose window was gone when read: blind too */
	uint64_t nr_failed;	   /* spikes whose trace could not be read or explained */
	int64_t *max_explained_ns; /* per thread, the largest spike explained (NULL: none yet) */
	int output_err;		   /* a --save-trace or --svg write failed: -errno */
	bool freeze_err_said;	   /* a spike's FREEZE line not written: said once */
	cpu_set_t any_cpus;	   /* the process's CPUs, before -a pinned the main thread */
	cpu_set_t own_cpus;	   /* rtwhy's own threads: off the measured CPUs (set by the run) */
	bool own_cpus_set;
	/* --explain: the thread, and the queue it hands its explanations over in */
	pthread_t thread;
	bool started;
	_Atomic bool stop;
	pthread_mutex_t lock;
	struct explain_done *done;
	size_t nr_done, cap_done;
	uint64_t nr_done_lost; /* explained but not handed over: out of memory */
};

/**
 * explain_init() - Set up the explaining side of a run, before -a pins the main thread.
 * @e: result; explain_free() it
 * @cfg: the run's configuration
 * @m: the measuring threads (their spikes)
 * @save: the run's --save-trace writer
 *
 * Notes the CPUs the process may use: the explaining thread's.
 */
void explain_init(struct explain *e, const struct rtw_config *cfg, struct measure *m,
		  struct savetrace *save);

/**
 * explain_attach() - The run traces: explain its spikes from @ts.
 * @e: set up
 * @ts: the tracing session (the run owns it)
 * @lookback_ns: events kept before a deadline
 *
 * Reads the kernel's facts once, for blame.
 */
void explain_attach(struct explain *e, struct tsess *ts, uint64_t lookback_ns);

/**
 * explain_start() - Start the explaining thread (--explain with tracing; else nothing).
 * @e: set up
 *
 * Return: 0, or -errno (said).
 */
int explain_start(struct explain *e);

/**
 * explain_stop() - After the measuring threads: explain what they left, end the thread.
 * @e: set up; nothing happens when no thread runs
 *
 * Says once how many explanations were lost for want of memory.
 */
void explain_stop(struct explain *e);

/**
 * explain_all() - Explain every spike waiting, in the calling thread (-b: the
 * one that stopped the run, then no more).
 * @e: set up
 */
void explain_all(struct explain *e);

/**
 * explain_take() - The explanations handed over since the last call.
 * @e: set up
 * @out: malloc'd array, the caller frees it (NULL when none)
 *
 * Return: how many.
 */
size_t explain_take(struct explain *e, struct explain_done **out);

/**
 * explain_sample_steal() - Sample the steal time while no explaining thread does.
 * @e: set up
 * @now_ns: CLOCK_MONOTONIC now
 */
void explain_sample_steal(struct explain *e, uint64_t now_ns);

/**
 * explain_free() - Release what explain_init() and the explanations hold.
 * @e: set up (explain_stop() called)
 */
void explain_free(struct explain *e);

#endif
