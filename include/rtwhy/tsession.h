/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsession - the only user of <tracefs.h>: a private tracing instance
 * "rtwhy-<pid>" on clock "mono" in overwrite mode (a flight recorder), the
 * events the analysis needs, the FREEZE trigger, and the drain of the frozen
 * buffer through decode.c. Never touches the top-level buffer or another
 * tool's instance; tsess_destroy() leaves nothing behind.
 */
#ifndef RTWHY_TSESSION_H
#define RTWHY_TSESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

#define TSESS_PREFIX "rtwhy-"

struct tsess;

struct tsess_opts {
	unsigned int buffer_kb;	   /* per CPU, 0 = the kernel's default */
	const char *const *events; /* "system/event", NULL-terminated; NULL: the event
				    * table's (event.h), what explaining a spike reads */
	bool freeze_trigger;	   /* stop recording on a "FREEZE..." marker */
};

/**
 * tsess_remove_stale() - Destroy rtwhy-<pid> instances whose process is gone.
 *
 * Says on stderr which ones it removed. Instances of live processes are left.
 * Return: the number removed, or -errno if the instance list is unreadable.
 */
int tsess_remove_stale(void);

/**
 * tsess_create() - Create and start the instance.
 * @out: the session; tsess_destroy() it
 * @opts: options
 *
 * Sets clock mono, the buffer size, overwrite mode, enables the events
 * (a missing one is a warning, not a failure), installs the freeze trigger,
 * opens the trace_marker and tracing_on fds, parses the event formats (once,
 * here, not at freeze time) and turns recording on. On failure everything
 * done so far is undone.
 * Return: 0, or -errno with the message printed (-EACCES: not root).
 */
int tsess_create(struct tsess **out, const struct tsess_opts *opts);

/**
 * tsess_stack_trigger() - Record the kernel stack at each wakeup of the measuring threads.
 * @s: session
 *
 * A "stacktrace" trigger on the instance's sched_waking, filtered on the woken
 * task: named as this process, not the calling (main) thread. Set before the
 * threads start, so that their first wakeups have it too. The stack of what
 * the waking interrupted (the timer IRQ's victim) lands in the instance's
 * buffer as a kernel_stack record right after the sched_waking. Costs the
 * unwinding on every wakeup (README, tests/bench/bench-stack.sh); another
 * process of the same name pays it too. Removed by tsess_destroy().
 * Return: 0, or -errno with the message printed.
 */
int tsess_stack_trigger(struct tsess *s);

/**
 * tsess_marker_fd() - The open trace_marker of the instance (for FREEZE lines).
 * @s: session
 *
 * Return: the fd.
 */
int tsess_marker_fd(const struct tsess *s);

/**
 * tsess_name() - "rtwhy-<pid>".
 * @s: session
 *
 * Return: the instance name.
 */
const char *tsess_name(const struct tsess *s);

/**
 * tsess_stop() - Stop recording (when not frozen by the trigger already).
 * @s: session
 *
 * Return: 0 or -errno.
 */
int tsess_stop(struct tsess *s);

/**
 * tsess_read() - Drain the buffer, decoded, in time order.
 * @s: session, recording stopped
 * @fn: called per event (RTW_EV_LOST ones included); non-zero stops the drain
 * @arg: passed to @fn
 *
 * Consumes the buffer: a second call returns nothing new.
 * Return: the number of events passed to @fn, or -errno.
 */
long tsess_read(struct tsess *s, int (*fn)(const struct rtw_event *ev, void *arg), void *arg);

/**
 * tsess_rearm() - Empty the buffer and record again.
 * @s: session
 *
 * Return: 0 or -errno.
 */
int tsess_rearm(struct tsess *s);

/**
 * tsess_destroy() - Remove the instance and free the session.
 * @s: session, may be NULL
 *
 * Removes the trigger, disables the events, closes every fd into the
 * instance (an open one would make the removal fail) and removes it.
 */
void tsess_destroy(struct tsess *s);

#endif
