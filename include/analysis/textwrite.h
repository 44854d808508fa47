/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * textwrite - events back to ftrace's text format (the kernel's "trace"
 * file layout, with nanosecond timestamps), for --save-trace. What it writes
 * textread reads back to the same events, so a saved window can be
 * explained again with "rtwhy analyze", here or on another machine.
 */
#ifndef ANALYSIS_TEXTWRITE_H
#define ANALYSIS_TEXTWRITE_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/event.h"

/**
 * textwrite_header() - The comment header: tracer, clock, CPU count, columns.
 * @out: stream
 * @nr_cpus: CPUs of the traced machine
 * @clock: trace clock name (e.g. "mono")
 */
void textwrite_header(FILE *out, int nr_cpus, const char *clock);

/**
 * textwrite_kernel() - Comment lines that say what textread cannot see in the
 * events: "# rtwhy: kernel RELEASE VERSION", "# rtwhy: hz N", "# rtwhy: main
 * thread PID" (rtwhy's own, to name it as such), "# rtwhy: preempt MODEL" (the
 * preemption model as the machine said it: a dynamic kernel's version does not).
 * @out: stream
 * @release: uname -r, NULL unknown
 * @version: uname -v, NULL unknown
 * @hz: CONFIG_HZ, 0 unknown
 * @main_tid: rtwhy's main thread, 0 unknown
 * @preempt: enum util_preempt; nothing is written for unknown or "none or voluntary"
 */
void textwrite_kernel(FILE *out, const char *release, const char *version, int hz, int32_t main_tid,
		      int preempt);

/**
 * textwrite_deadline() - "# rtwhy: deadline task PID runtime NS deadline NS period NS": a
 * SCHED_DEADLINE task's reservation as the live run read it (sched_getattr), which the events
 * do not carry: how long the task runs in a period (blame_holder.h).
 * @out: stream
 * @pid: the task
 * @runtime_ns: its runtime
 * @deadline_ns: its relative deadline
 * @period_ns: its period
 */
void textwrite_deadline(FILE *out, int32_t pid, uint64_t runtime_ns, uint64_t deadline_ns,
			uint64_t period_ns);

/**
 * textwrite_event() - One event as one line (nothing for RTW_EV_OTHER).
 * @out: stream
 * @e: event
 */
void textwrite_event(FILE *out, const struct rtw_event *e);

/**
 * textwrite_state() - sched_switch prev_state as the kernel prints it.
 * @state: canonical prev_state (TASK_REPORT bits, 0x100 = preempted)
 * @buf: at least 16 bytes
 */
void textwrite_state(uint32_t state, char *buf);

#endif
