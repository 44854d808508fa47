/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blame_holder - The higher-priority task that held the CPU the thread (or its timer's
 * thread) waited on, from before its timer fired to the switch-in that ended the wait: had
 * the timer come on time, the wait would have been the same, so a late timer meanwhile is
 * that task's time. And how much of a stall inside its run (the CPU silent past a due tick:
 * a vCPU not run, interrupts off) is its time too: its other runs in the window say how long
 * it runs (their lower quartile, the runs no stall lengthened); what its run lasted beyond
 * that, up to the stall's length, is the stall's (the latest of the stall), the rest of the
 * stall the holder's: the thread would have waited that long anyway. A SCHED_DEADLINE holder
 * whose run reached its runtime (a live run reads it: cause_host.dl_tasks) runs that long
 * without other runs to tell: the kernel throttles it there (CBS), charging the task clock,
 * which leaves out what the hypervisor stole where it is accounted, at the first tick after
 * it. Pure: no I/O, no allocation.
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

/* Another run of the holder lasts as long as its usual one within a tenth of it, or this. */
#define BLAME_HOLDER_TOL_NS (100 * 1000ULL)
/* Its other complete runs on the CPU in the window needed to say how long it runs. */
#define BLAME_HOLDER_MIN_RUNS 2

struct blame_holder {
	int32_t pid;	   /* the holder, 0 none */
	int32_t cpu;	   /* the CPU it held */
	uint64_t start_ns; /* its switch-in there */
	uint64_t end_ns;   /* its switch-out before the wait ended */
	uint64_t usual_ns; /* how long it runs: the lower quartile of its other complete runs
				 * there, when half of them lie within the tolerance of it; a
				 * DL task's runtime; 0 unknown */
	int nr_runs;	   /* those runs; 0 with usual_ns: the DL runtime */
	int32_t prio;	   /* its kernel prio (-1 SCHED_DEADLINE) */
	bool covers;	   /* usual_ns known and its run beyond it all counted apart (extra_ns):
				 * its silences before that are its run */
	bool end_runnable; /* switched out runnable (preempted, or a DL task throttled) */
	bool dl_short;	   /* a DL holder throttled before its runtime: its usual run is
				 * up to the tick due last in it */
	uint64_t extra_ns; /* of its stalls (TL_GAP time of it in [start_ns, end_ns]), the
				 * stall's: how much longer than usual_ns its run was */
	uint64_t keep_until_ns; /* its stalls up to here are its time (all but extra_ns of
				 * them, from its start), later ones the stall's */
};

/**
 * blame_holder_find() - The holder of the spike, if any, and how much of a stall inside its
 * run is its time. The task switched out before the thread's timer thread (ktimers/N: soft
 * hrtimers, every timer of a fair task on PREEMPT_RT) ran the timer, or, on the thread's CPU,
 * before the thread itself: past tasks of the same priority that ran in between (rcuc/N woken
 * by a late tick), it must be real-time, above the task switched in, and have held the CPU
 * since its own switch-in.
 * @ev: events ordered by time
 * @n: their number
 * @ch: the spike's chain (blame_chain_find())
 * @tl: the timeline of @ev
 * @res: in: victim_prio, timer_thread_pid, timer_thread_ns, timer_cpu, run_cpu
 * @host: the machine's DL reservations (dl_tasks), NULL unknown
 * @h: out; h->pid 0 when there is none
 */
void blame_holder_find(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
		       const struct timeline *tl, const struct blame_result *res,
		       const struct cause_host *host, struct blame_holder *h);

/**
 * blame_holder_stall() - Of the piece [@at_ns, @at_ns + @ns) of segment @s, the time that is
 * the holder's: a TL_GAP of the holder inside its run, before keep_until_ns. 0 for any other.
 */
uint64_t blame_holder_stall(const struct blame_holder *h, const struct tl_segment *s,
			    uint64_t at_ns, uint64_t ns);

#endif
