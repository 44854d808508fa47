/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * repair - put back the context switches a trace lacks.
 *
 * Some kernels do not trace every sched_switch: on these VMs, switches out
 * of the idle task on one vCPU, and out of some tasks on every vCPU, are
 * never recorded. Yet every event carries the pid of the task current on
 * its CPU (common_pid), so a change of that pid without a sched_switch in
 * between is a switch the trace missed. It is marked RTW_STATE_INFERRED and
 * placed
 *  - right after the previous event of that CPU when the task before was
 *    idle or need-resched was pending there (the interrupt that woke the
 *    next task ends, the CPU switches at once);
 *  - else right before the next task's first event: the task before ran on
 *    unseen until it blocked, and the task after, a woken one, shows itself
 *    soon (a measuring thread writes its marker within microseconds);
 *  - but no later than the time a task is known to have run (a measuring
 *    thread's own clock read at its wakeup, before its marker), when that
 *    falls between the two events.
 */
#ifndef ANALYSIS_REPAIR_H
#define ANALYSIS_REPAIR_H

#include <stddef.h>

#include "analysis/event.h"

/* prev_state bit of a sched_switch that was inferred, not traced */
#define RTW_STATE_INFERRED 0x8000

/* A traced switch-out that left the task runnable (preempted, or a DL task throttled). */
static inline bool repair_switched_out_runnable(const struct rtw_event *e)
{
	return !(e->u.sw.prev_state & RTW_STATE_INFERRED) && (e->u.sw.prev_state & 0xff) == 0;
}

/* What is known from outside the events: task @pid was current on @cpu at @ts_ns. */
struct repair_ran {
	int32_t pid;
	int32_t cpu;
	uint64_t ts_ns; /* trace clock */
};

/**
 * repair_switches() - A copy of @ev with the missing sched_switch events.
 * @ev: events ordered by time
 * @n: number of events
 * @ran: a task known to run at a time (a spike's thread at its wake time), or NULL: an
 *       inferred switch into it goes no later than that time
 * @out: the repaired events (malloc'ed, free() it), ordered by time; NULL when
 *       none was missing (no copy is made: @ev is the repaired trace)
 * @nout: number of events in @out (@n when @out is NULL)
 *
 * Return: the number of switches inferred (>= 0), or -ENOMEM.
 */
long repair_switches(const struct rtw_event *ev, size_t n, const struct repair_ran *ran,
		     struct rtw_event **out, size_t *nout);

#endif
