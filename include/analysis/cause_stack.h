/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause_stack - the kernel stack of what the timer interrupted when it woke
 * the thread: the record a stacktrace trigger on sched_waking wrote right
 * after it, cut below the interrupt entry (event_frame_is_irq_entry()),
 * and where it was (kernel code, user space, the idle loop). Its naming
 * (cause_stack_words(), cause_stack_where_name()) is in result.h.
 * Pure: no I/O.
 */
#ifndef ANALYSIS_CAUSE_STACK_H
#define ANALYSIS_CAUSE_STACK_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/event.h"
#include "analysis/result.h"

/**
 * cause_stack_find() - The stack recorded at the thread's waking, if any.
 * @ev: the (repaired) events, time-ordered
 * @n: their number
 * @is: index of the sched_switch that ran the thread, -1 none (then nothing is found)
 * @st: receives the stack (zeroed by the caller: CAUSE_STACK_NONE when none)
 */
void cause_stack_find(const struct rtw_event *ev, size_t n, long is, struct cause_stack *st);

#endif
