/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause_stop - the CPU stopper behind a spike: migration/N, the stop class
 * above everything (whatever ps says: FIFO 99), what it moved and who asked
 * for it; and stop_machine(), the stoppers of several CPUs woken together,
 * running with interrupts off (CPU hotplug, module loading, text patching).
 * A stopper that shows nothing for a millisecond while other CPUs run is a
 * stalled CPU, not stop work. Pure: no I/O.
 */
#ifndef ANALYSIS_CAUSE_STOP_H
#define ANALYSIS_CAUSE_STOP_H

#include "analysis/event.h"
#include "analysis/result.h"

/**
 * cause_stop_machine() - Did stop_machine() hold the thread's CPU over the spike?
 * @ev: the (repaired) events, time-ordered
 * @is: index of the sched_switch that ran the thread (>= 0)
 * @res: the explanation; receives res->cause.stop's machine part (machine, nr_cpus,
 *       machine_ns, irqs_off_ns, hotplug_cpu, waker)
 */
void cause_stop_machine(const struct rtw_event *ev, long is, struct blame_result *res);

/**
 * cause_stop_work() - Was a culprit the CPU stopper, and why did it run?
 * @ev: the (repaired) events, time-ordered
 * @is: index of the sched_switch that ran the thread (>= 0)
 * @res: the explanation, after cause_stop_machine(); receives res->cause.stop (the task it
 *       moved, who queued the work) and the culprit's role BLAME_ROLE_STOPPER; a stopper that
 *       only shows a stalled CPU becomes "unaccounted" instead
 */
void cause_stop_work(const struct rtw_event *ev, long is, struct blame_result *res);

#endif
