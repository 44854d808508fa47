/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause_pi - priority inheritance (sched_pi_setprio) behind a spike: the
 * task that held the CPU ran boosted by a waiter of a lock it holds; or the
 * measured thread itself waited for a lock after its deadline: its holder
 * ran boosted, or not, and then a task between the two priorities that ran
 * meanwhile made it a priority inversion. Pure: no I/O.
 */
#ifndef ANALYSIS_CAUSE_PI_H
#define ANALYSIS_CAUSE_PI_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/result.h"

struct timeline;

/**
 * cause_pi_lock_wait() - Did the thread wait for a lock (or a task's wakeup) after its deadline?
 * @ev: the (repaired) events, time-ordered
 * @n: their number
 * @is: index of the sched_switch that ran the thread (>= 0)
 * @tl: the timeline built from @ev
 * @res: the explanation; receives res->cause.pi (CAUSE_PI_LOCK_WAIT or _INVERSION), the
 *       tasks' time of the wait moved from "unaccounted" to them, the holder and the middle
 *       task named (BLAME_ROLE_HOLDER, BLAME_ROLE_MIDDLE)
 */
void cause_pi_lock_wait(const struct rtw_event *ev, size_t n, long is, const struct timeline *tl,
			struct blame_result *res);

/**
 * cause_pi_boost() - Did the largest culprit, a task, run boosted above the thread?
 * @ev: the (repaired) events, time-ordered
 * @n: their number
 * @is: index of the sched_switch that ran the thread (>= 0)
 * @res: the explanation, culprits settled; when no lock wait was found, receives
 *       res->cause.pi (CAUSE_PI_BOOST) and the culprit's role BLAME_ROLE_BOOSTED
 */
void cause_pi_boost(const struct rtw_event *ev, size_t n, long is, struct blame_result *res);

#endif
