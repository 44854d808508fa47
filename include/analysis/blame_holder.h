/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blame_holder - The higher-priority task that held the CPU the thread (or its timer's
 * thread) waited on, from before its timer fired to the switch-in that ended the wait: had
 * the timer come on time, the wait would have been the same, so a late timer meanwhile is
 * that task's time. And whether a stall inside its run (the CPU silent past a due tick: a
 * vCPU not run, interrupts off) is its time too: when its run, stall and all, lasted no longer
 * than its other runs in the window, the stall did not lengthen it (a task that runs for a
 * time of the clock gives the CPU back when it would have anyway); when it lasted longer, the
 * stall stays the stall's. Pure: no I/O, no allocation.
 */
#ifndef ANALYSIS_BLAME_HOLDER_H
#define ANALYSIS_BLAME_HOLDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/blame_chain.h"
#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/timeline.h"

/* Another run of the holder lasts as long as this one within a tenth of it, or this. */
#define BLAME_HOLDER_TOL_NS (100 * 1000ULL)
/* Its other complete runs on the CPU in the window needed to say how long it runs. */
#define BLAME_HOLDER_MIN_RUNS 2

struct blame_holder {
	int32_t pid;	   /* the holder, 0 none */
	int32_t cpu;	   /* the CPU it held */
	uint64_t start_ns; /* its switch-in there */
	uint64_t end_ns;   /* its switch-out that ended the wait */
	uint64_t usual_ns; /* the median of its other complete runs there, 0 unknown */
	int nr_runs;	   /* those runs */
	bool absorbs;	   /* its run no longer than its usual ones: a stall inside is its time */
};

/**
 * blame_holder_find() - The holder of the spike, if any, and whether its run absorbs a stall.
 * Either the task the thread's timer thread (ktimers/N: soft hrtimers, every timer of a fair
 * task on PREEMPT_RT) was switched in from, or, on the thread's CPU, the task the thread was
 * switched in from; it must be real-time, above the task switched in, and have held the CPU
 * since its own switch-in.
 * @ev: events ordered by time
 * @n: their number
 * @ch: the spike's chain (blame_chain_find())
 * @res: in: victim_prio, timer_thread_pid, timer_thread_ns, timer_cpu, run_cpu
 * @h: out; h->pid 0 when there is none
 */
void blame_holder_find(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
		       const struct blame_result *res, struct blame_holder *h);

/**
 * blame_holder_stall() - Is @s a stall inside the holder's run that its run absorbed (a
 * TL_GAP of the holder within [start_ns, end_ns], h->absorbs)?
 */
bool blame_holder_stall(const struct blame_holder *h, const struct tl_segment *s);

#endif
