/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blame - explain one spike from the events around it.
 *
 * A spike is a thread (tid) that should have woken at deadline D and ran
 * at W. Its latency W - D is cut into three phases:
 *   timer delay       D -> the timer's expiry (hrtimer_expire_entry)
 *   scheduling delay  expiry -> sched_switch to the thread
 *   return to user    sched_switch -> W
 * and every nanosecond of each phase is attributed, on the CPU that
 * mattered at that moment, to what occupied it: a task, a threaded IRQ
 * handler, a hard IRQ, a softirq, idle, the timer slack, or nothing
 * visible at all. The parts add up to the latency. The verdict (verdict.h)
 * says why the largest part could happen, and what to do about it.
 *
 * The model it fills (struct blame_spike, blame_host, blame_result) is in
 * result.h; the wakeup chain is blame_chain's, the mechanisms behind the
 * culprits cause_find's. Blame is the top of analysis/'s layers.
 *
 * Pure: no I/O, no root. Live runs, trace.dat and text traces all end here.
 */
#ifndef ANALYSIS_BLAME_H
#define ANALYSIS_BLAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/timeline.h"

/*
 * What an explanation read, kept for a renderer that draws it (report_svg):
 * the events with the untraced switches put back (repair.h) and the
 * timeline built from them, the very one the culprits were attributed on.
 * Owned by whoever called blame_explain_trace(); blame_trace_free() it.
 */
struct blame_trace {
	const struct rtw_event *ev; /* the repaired events, time-ordered: @own, or the events
				     * given when no switch was missing (valid while they are) */
	struct rtw_event *own;	    /* the repaired copy (NULL: none was needed) */
	size_t n;
	size_t nr_read;	    /* events blame_explain_trace() was given */
	struct timeline tl; /* of @ev, up to the wake time (or the last event) */
};

/**
 * blame_explain() - Explain @spike from the events @ev.
 * @ev: events ordered by time, covering the spike
 * @n: number of events
 * @spike: the spike
 * @host: what is known of the machine, may be NULL (nothing)
 * @res: result
 *
 * Return: 0; -EINVAL if W < D; -ENODATA if there is no event at all;
 * -ENOMEM.
 */
int blame_explain(const struct rtw_event *ev, size_t n, const struct blame_spike *spike,
		  const struct blame_host *host, struct blame_result *res);

/**
 * blame_explain_trace() - blame_explain(), keeping what it read in @trace.
 * @ev: events ordered by time, covering the spike
 * @n: number of events
 * @spike: the spike
 * @host: what is known of the machine, may be NULL
 * @res: result
 * @trace: result: the repaired events and their timeline; zeroed when the
 *         call fails. blame_trace_free() it in both cases.
 *
 * Return: as blame_explain().
 */
int blame_explain_trace(const struct rtw_event *ev, size_t n, const struct blame_spike *spike,
			const struct blame_host *host, struct blame_result *res,
			struct blame_trace *trace);

/**
 * blame_trace_free() - Release what blame_explain_trace() kept.
 * @trace: the trace, may be zeroed
 */
void blame_trace_free(struct blame_trace *trace);

/**
 * blame_verdict_name() - JSON name of a verdict ("tick_wait" ...), from the
 * verdict table (verdict.h).
 * @v: enum blame_verdict
 *
 * Return: a static string, "?" for a value that is no verdict.
 */
const char *blame_verdict_name(enum blame_verdict v);

#endif
