/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause_bw - RT bandwidth behind a spike: a lower class (fair tasks, idle)
 * ran on the thread's CPU while an RT task was runnable there. Only two
 * rules of the kernel allow that: RT throttling (the CPU's RT tasks used
 * sched_rt_runtime_us of the period; every RT task waits for
 * sched_rt_period_timer) and the fair deadline server (6.12+: starved fair
 * tasks run ahead of every RT task, 50 ms per second, started by its
 * dl_task_timer). Told apart by the timers in the trace and the kernel's
 * version; the RT tasks that used the budget are named from the window,
 * else from what the live run read in /proc (struct cause_host).
 * Pure: no I/O.
 */
#ifndef ANALYSIS_CAUSE_BW_H
#define ANALYSIS_CAUSE_BW_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/result.h"

struct timeline;

/**
 * cause_bw_find() - Was the thread held by RT throttling or the fair server?
 * @ev: the (repaired) events, time-ordered
 * @is: index of the sched_switch that ran the thread (>= 0)
 * @tl: the timeline built from @ev
 * @host: what the live run read (knobs, the CPU's runnable RT tasks), may be NULL
 * @res: the explanation; receives res->cause.bw. Throttled: the lower classes' time of the
 *       scheduling delay moves to the task that used the budget (BLAME_ROLE_RT_BUDGET);
 *       the fair server: the RT task that starved the fair ones is named
 *       (BLAME_ROLE_STARVER), their time stays theirs.
 */
void cause_bw_find(const struct rtw_event *ev, long is, const struct timeline *tl,
		   const struct blame_host *host, struct blame_result *res);

#endif
