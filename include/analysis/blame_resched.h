/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blame_resched - need-resched on the thread's run queue from its wakeup to its switch-in,
 * read from the events' flags (a need-resched cleared with no switch was honoured by a
 * schedule() that picked the same task again: a fair task's slice, its weight, not a kernel
 * section). Pure: no I/O, no allocation.
 */
#ifndef ANALYSIS_BLAME_RESCHED_H
#define ANALYSIS_BLAME_RESCHED_H

#include <stddef.h>

#include "analysis/blame_chain.h"
#include "analysis/event.h"
#include "analysis/result.h"

/**
 * blame_resched_find() - @res's need-resched facts: resched_at_wakeup, lazy_at_wakeup,
 * handover_pid, occupant_blocked, resched_ns (the last unbroken stretch to the switch-in),
 * resched_by_tick, resched_kept.
 * @ev: events ordered by time
 * @n: their number
 * @ch: the spike's chain (blame_chain_find())
 * @res: in: wake_cpu, run_cpu; out: the fields above
 */
void blame_resched_find(const struct rtw_event *ev, size_t n, const struct blame_chain *ch,
			struct blame_result *res);

/**
 * blame_resched_held() - For each task culprit on the run queue's CPU, how long it kept the
 * CPU with need-resched set and unbroken, into its resched_held_ns.
 * @ev: events ordered by time
 * @ch: the spike's chain
 * @res: in: run_cpu, the culprits; out: their resched_held_ns
 */
void blame_resched_held(const struct rtw_event *ev, const struct blame_chain *ch,
			struct blame_result *res);

#endif
