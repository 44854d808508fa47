/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timeline - what occupied each CPU, when: the event stream turned into
 * per-CPU segments of task, idle, hard IRQ, softirq and "nothing visible"
 * time. Nesting is resolved here (a hard IRQ inside a task's run is cut out
 * of the task's time), so every nanosecond of a CPU belongs to exactly one
 * segment and attributing an interval is a sum over segments.
 */
#ifndef ANALYSIS_TIMELINE_H
#define ANALYSIS_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

enum tl_ctx {
	TL_TASK,    /* a task ran (pid != 0) */
	TL_IDLE,    /* the idle task ran */
	TL_HARDIRQ, /* a hard IRQ handler, vector or hrtimer callback */
	TL_SOFTIRQ, /* a softirq */
	TL_GAP,	    /* a ticking CPU showed no event for longer than a tick */
};

#define TL_PRIO_UNKNOWN (-1000)

/* where an interrupt found the task it interrupted (tl_segment.code) */
enum tl_code {
	TL_CODE_UNKNOWN, /* no stack record in the interrupt */
	TL_CODE_USER,	 /* in user space: no frame below the interrupt's entry */
	TL_CODE_KERNEL,	 /* in kernel code */
};

struct tl_segment {
	uint64_t start_ns;
	uint64_t end_ns;
	int32_t cpu;
	uint8_t ctx;		 /* enum tl_ctx */
	uint8_t resched;	 /* RTW_F_*RESCHED bits seen in the segment's first event */
	uint8_t preempt_exit;	 /* it began at a hard IRQ's exit to task context (or to a
				  * softirq run in the task's context: preemptible on
				  * PREEMPT_RT) with
				  * TIF_NEED_RESCHED set and preemption enabled (set at the exit
				  * or by an IRQs-off event right after it, on the same return
				  * path): a preemptible kernel switches right there; it ends at
				  * the next event */
	uint8_t resched_return;	 /* TL_TASK: it began on an interrupt's return to task context
				  * (a hard IRQ's exit, or the exit of a softirq run there) with
				  * TIF_NEED_RESCHED set and no preempt count; one that stays
				  * silent until an interrupt, right after which the task is
				  * switched out, is a TL_GAP (timeline.c: tl_resched_stalls) */
	uint8_t resched_gap;	 /* TL_GAP: made one so by tl_resched_stalls (2: the silence
				  * ended at the task's own switch-out, no interrupt between) */
	uint8_t code;		 /* TL_CODE_*, of a resched_return segment: where the interrupt
				  * found the task, by a stack record inside it */
	uint8_t end_resched;	 /* TIF_NEED_RESCHED set on the event that ended it (still
				  * set: no schedule() ran in it, not even one that kept the
				  * task, which the trace does not show but by clearing it) */
	uint8_t from_irq;	 /* TL_SOFTIRQ: run at a hard IRQ's exit, else in @pid's own
				  * context (local_bh_enable(), ksoftirqd, an IRQ thread) */
	uint8_t silent_head;	 /* TL_TASK, TL_SOFTIRQ: the start of a silence that ran on
				  * past a tick that was due (the rest is a TL_GAP): the
				  * task's by the grid, though no event shows it ran; also the
				  * first tick of a silence longer than a tick on a ticking CPU
				  * whose ticks show no grid (tl_cut_gaps) */
	uint8_t one_stretch;	 /* no event inside it: one stretch between two events */
	int32_t pid;		 /* the task (TASK/IDLE) or the interrupted task */
	int32_t prio;		 /* kernel prio of @pid, TL_PRIO_UNKNOWN if not seen */
	int32_t irq;		 /* hard IRQ number, softirq vector; -1 otherwise */
	char comm[RTW_COMM_LEN]; /* comm of @pid */
	char name[RTW_NAME_LEN]; /* IRQ name, vector, hrtimer function, softirq name */
};

struct timeline {
	struct tl_segment *seg; /* sorted by cpu, then time */
	size_t nr_seg;
	size_t cap;
	int nr_cpus;		/* highest CPU seen + 1 */
	size_t *cpu_first;	/* index of each CPU's first segment */
	size_t *cpu_count;	/* number of segments of each CPU */
	uint64_t *cpu_start_ns; /* first event on each CPU (0: none) */
	uint64_t tick_ns;	/* scheduler tick period seen, 0 = unknown */
	uint64_t start_ns;	/* first event */
	uint64_t end_ns;	/* where the timeline was closed */
};

/**
 * timeline_build() - Cut @ev into per-CPU segments up to @end_ns.
 * @tl: result; timeline_free() it
 * @ev: events, ordered by time
 * @n: number of events
 * @end_ns: close the last segment of every CPU here (0: at the last event)
 *
 * Return: 0, -ENOMEM, or -ENODATA if @n is 0.
 */
int timeline_build(struct timeline *tl, const struct rtw_event *ev, size_t n, uint64_t end_ns);

/**
 * timeline_build_from() - timeline_build() for a trace recorded since @start_ns.
 * @tl: result; timeline_free() it
 * @ev: events, ordered by time
 * @n: number of events
 * @start_ns: when recording started (0: unknown). A CPU whose first event comes
 *	later, with nothing lost before it, ran what that event shows since then
 *	(an idle CPU has no event until something happens).
 * @end_ns: close the last segment of every CPU here (0: at the last event)
 * @tick_ns: the scheduler tick period where it is known (the kernel's CONFIG_HZ, a trace's
 *	"# rtwhy: hz" line); 0: tick_estimate_ns() of @ev (ticks of a stalling CPU
 *	come late and can fit a slower period)
 * @preempt: the kernel's preemption model (enum util_preempt, 0 unknown): whether an
 *	interrupt's return preempts kernel code (tl_segment.resched_return)
 *
 * Return: 0, -ENOMEM, or -ENODATA if @n is 0.
 */
int timeline_build_from(struct timeline *tl, const struct rtw_event *ev, size_t n,
			uint64_t start_ns, uint64_t end_ns, uint64_t tick_ns, int preempt);

/**
 * timeline_free() - Release a timeline.
 * @tl: timeline, may be zeroed
 */
void timeline_free(struct timeline *tl);

/**
 * timeline_walk() - Call @fn for each piece of @cpu's time in [@from, @to).
 * @tl: timeline
 * @cpu: CPU
 * @from_ns: start
 * @to_ns: end
 * @fn: called with the segment, where its overlap with [@from, @to) begins and its length
 * @arg: passed to @fn
 *
 * Time of @cpu before its first event is reported as a TL_GAP piece with
 * pid -1 (nothing known).
 * Return: the total ns reported.
 */
uint64_t timeline_walk(const struct timeline *tl, int cpu, uint64_t from_ns, uint64_t to_ns,
		       void (*fn)(const struct tl_segment *seg, uint64_t at_ns, uint64_t ns,
				  void *arg),
		       void *arg);

/**
 * timeline_softirq_name() - The name a gap inside softirq @vec carries ("softirq:NAME", which
 * blame_irq_label() and blame_irq_noun() read back).
 * @buf: result
 * @len: its size (RTW_NAME_LEN)
 * @vec: the softirq's name ("RCU", "HRTIMER")
 */
void timeline_softirq_name(char *buf, size_t len, const char *vec);

#endif
