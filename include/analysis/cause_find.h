/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause_find - the kernel mechanisms behind a spike that what occupied the CPU
 * does not tell by itself, read from the events once blame has attributed
 * the culprits:
 *  - RT bandwidth: a lower class (fair tasks, idle) ran while an RT task was
 *    runnable on the CPU. Only two rules of the kernel allow that: RT
 *    throttling (the CPU's RT tasks used sched_rt_runtime_us of the period;
 *    every RT task waits for sched_rt_period_timer) and the fair deadline
 *    server (6.12+: starved fair tasks run ahead of every RT task, 50 ms per
 *    second, started by its dl_task_timer). The RT tasks that used the budget
 *    are named from the window, else from what the live run read in /proc.
 *  - priority inheritance (sched_pi_setprio): the task that held the CPU ran
 *    boosted by a waiter of a lock it holds; the measured thread itself
 *    waited for a lock (its holder ran boosted, or not: an inversion, with
 *    the task that ran in between);
 *  - the CPU stopper (migration/N, the stop class above everything) and why
 *    it ran: the task it moved, who asked;
 *  - the kernel stack of what the timer interrupted when it woke the thread
 *    (a stacktrace trigger's record), cut below the interrupt entry.
 * The time a mechanism held goes to the task behind it where that task is
 * what to fix (RT throttling: the CPU idled or ran fair tasks because of the
 * budget user's run time), so that culprits still add up to the latency.
 * The finders: cause_bw (RT bandwidth), cause_pi (PI, lock waits),
 * cause_stop (the stopper, stop_machine()), cause_stack (the stack),
 * offcpu (CFS quota, stopped, frozen); what they share: cause.
 * Pure: no I/O; what a live run knows of the machine comes as data
 * (struct cause_host, in blame_host). What is found goes into the result
 * (struct cause_info, res->cause); those types are in result.h.
 */
#ifndef ANALYSIS_CAUSE_FIND_H
#define ANALYSIS_CAUSE_FIND_H

#include <stddef.h>

#include "analysis/event.h"
#include "analysis/result.h"

struct timeline;

/**
 * cause_find() - Find the mechanisms behind an explained spike.
 * @ev: the (repaired) events the spike was explained from, time-ordered
 * @n: their number
 * @tl: the timeline built from them
 * @host: what the live run read of the machine (its cause part), may be NULL
 * @res: the explanation, culprits attributed and sorted; receives res->cause,
 *       and may have time moved to the task behind a mechanism, or that task
 *       added (culprits re-sorted, still adding up; their policies are
 *       resolved after this)
 */
void cause_find(const struct rtw_event *ev, size_t n, const struct timeline *tl,
		const struct blame_host *host, struct blame_result *res);

#endif
