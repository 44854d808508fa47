/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blame_chain - the chain of events that ended a spike: the sched_switch
 * that ran the late thread, its last sleep before that, the sched_waking
 * (and sched_wakeup) that woke it, and the hrtimer expiry whose callback
 * did. Preferably the chain its own timer started (its last wakeup inside
 * an hrtimer callback before the wake time); else the last switch-in, the
 * wakeup before it, and the callback open around that wakeup.
 *
 * Indices are into the caller's events, time-ordered; -1 when not found.
 * Pure: no I/O, no allocation.
 */
#ifndef ANALYSIS_BLAME_CHAIN_H
#define ANALYSIS_BLAME_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/result.h"

struct blame_chain {
	long switch_in; /* index of sched_switch next_pid == tid, -1 */
	long sleep;	/* index of the sched_switch prev_pid == tid before it, -1 */
	long waking;	/* index of sched_waking (or wakeup) of tid, -1 */
	long wakeup;	/* index of sched_wakeup of tid, -1 */
	long timer;	/* index of the hrtimer_expire_entry that woke it, -1 */
};

/**
 * blame_chain_find() - The chain of @sp's wakeup in @ev.
 * @ev: events ordered by time
 * @n: their number
 * @sp: the spike (tid, wake time, how exact its deadline is)
 * @ch: result; every index -1 when not found
 */
void blame_chain_find(const struct rtw_event *ev, size_t n, const struct blame_spike *sp,
		      struct blame_chain *ch);

/**
 * blame_chain_is_wake_of() - Is @e a sched_waking or sched_wakeup of @tid?
 * @e: event
 * @tid: task
 */
bool blame_chain_is_wake_of(const struct rtw_event *e, int32_t tid);

/**
 * blame_chain_timer_of() - The hrtimer callback open around event @i on its CPU.
 * @ev: events ordered by time
 * @i: index of the event (a waking, say)
 *
 * Return: the index of that callback's hrtimer_expire_entry (at most a millisecond before,
 * no hrtimer_expire_exit or switch on that CPU between), else -1.
 */
long blame_chain_timer_of(const struct rtw_event *ev, long i);

/**
 * blame_chain_timer_start() - The thread's arming of the timer that woke it.
 * @ev: events ordered by time
 * @ch: the chain (its timer)
 * @tid: the thread
 *
 * Return: the index of the hrtimer_start of @ch's timer before its sleep (armed by @tid, with
 * its expiry range recorded), else -1: another's arming, an earlier expiry of the same timer
 * first, or none within a second.
 */
long blame_chain_timer_start(const struct rtw_event *ev, const struct blame_chain *ch, int32_t tid);

#endif
