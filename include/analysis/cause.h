/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause - what the cause finders (cause_bw, cause_pi, cause_stop,
 * cause_stack; cause_find.h runs them) share: the priority classes of a
 * kernel prio and of a switch's prev_state, the culprits of a result a
 * mechanism moves time between or adds, and the events they look up in the
 * window. The culprits keep adding up to the latency: a move takes from one
 * what it gives the other.
 *
 * Indices are into the (repaired) events of the window, time-ordered; times
 * are _ns in the trace clock. Pure: no I/O, no allocation.
 */
#ifndef ANALYSIS_CAUSE_H
#define ANALYSIS_CAUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/result.h"

#define CAUSE_START_NS (200 * 1000ULL) /* a timer or wakeup "right before" a switch */

/* ---- priorities and states -------------------------------------------------------------- */

/** cause_rt_prio() - Is the kernel prio @prio an RT one (0-99)? */
bool cause_rt_prio(int32_t prio);

/** cause_lower_prio() - Is @prio below RT (fair, idle), and known? */
bool cause_lower_prio(int32_t prio);

/** cause_state_runnable() - Was a switch's prev_state @st a preemption (still runnable)? */
bool cause_state_runnable(uint32_t st);

/** cause_state_sleeps() - Did a switch's prev_state @st put the task to sleep (traced)? */
bool cause_state_sleeps(uint32_t st);

/* ---- the culprits of a result ----------------------------------------------------------- */

/**
 * cause_culprit_of() - The culprit of @kind for task @pid on @cpu (no IRQ, not "others").
 * @res: the explanation
 * @kind: its kind
 * @pid: its pid (0 idle)
 * @cpu: its CPU
 *
 * Return: its index in res->culprit, -1 none.
 */
int cause_culprit_of(const struct blame_result *res, enum blame_kind kind, int32_t pid,
		     int32_t cpu);

/**
 * cause_task_culprit() - The culprit of task @pid on @cpu, made (with no time) if needed.
 * @res: the explanation; a full culprit array folds its smallest plain culprit into "others"
 * @pid: task
 * @comm: its name
 * @prio: its kernel prio
 * @cpu: its CPU
 *
 * Return: its index, -1 when there is no room.
 */
int cause_task_culprit(struct blame_result *res, int32_t pid, const char *comm, int32_t prio,
		       int32_t cpu);

/**
 * cause_move() - Move @ns of phase @phase from culprit @from to culprit @to.
 * @res: the explanation
 * @from: index of the culprit that gives, at most what it has (in total and in @phase)
 * @to: index of the culprit that gets
 * @ns: nanoseconds
 * @phase: enum blame_phase
 */
void cause_move(struct blame_result *res, int from, int to, uint64_t ns, int phase);

/**
 * cause_settle() - Drop the culprits a move emptied (not those a mechanism names, nor the
 * thread), and sort them again, largest first (a named one before a plain one of its size).
 * @res: the explanation
 */
void cause_settle(struct blame_result *res);

/**
 * cause_tally() - Add @ns to task @pid's time in @t (made if new, while there is room).
 * @t: the tasks, *@n of them
 * @n: their number, updated
 * @max: room in @t
 * @pid: task
 * @comm: its name
 * @prio: its kernel prio
 * @ns: time it ran
 */
void cause_tally(struct cause_task *t, int *n, int max, int32_t pid, const char *comm, int32_t prio,
		 uint64_t ns);

/* ---- events of the window --------------------------------------------------------------- */

/**
 * cause_waking_of() - The last waking (else wakeup) of @pid between two indices.
 * @ev: events
 * @after: exclusive lower bound, -1 from the start
 * @before: exclusive upper bound
 * @pid: the task woken
 *
 * Return: its index, -1 none.
 */
long cause_waking_of(const struct rtw_event *ev, long after, long before, int32_t pid);

/**
 * cause_prio_of() - The kernel prio the last switch or wakeup before @before gave @pid.
 * @ev: events
 * @before: exclusive upper bound
 * @pid: task
 *
 * Return: the prio, TL_PRIO_UNKNOWN when none shows it.
 */
int32_t cause_prio_of(const struct rtw_event *ev, long before, int32_t pid);

/**
 * cause_slept() - Did @pid go to sleep (a traced sleeping switch-out) before index @before?
 * @ev: events
 * @before: exclusive upper bound
 * @pid: task
 */
bool cause_slept(const struct rtw_event *ev, long before, int32_t pid);

#endif
