/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsession - the only user of <tracefs.h>: a private tracing instance
 * "rtwhy-<pid>" on clock "mono" in overwrite mode (a flight recorder), the
 * events the analysis needs, how a spike's FREEZE line captures the trace
 * (enum tsess_capture), and the reading of what was captured through
 * rbread.c and decode.c. Never touches the top-level buffer or another
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

/*
 * What a FREEZE line (marker.h) does to the recording. The trigger matches
 * lines that start "FREEZE tid=" (MARKER_FREEZE_TRIGGER); a line written
 * "FREEZE  tid=" (two spaces, marker.h's untriggered) is the same
 * spike for every reader but leaves the trigger alone.
 */
enum tsess_capture {
	TSESS_CAPTURE_NONE,	/* no trigger: the caller stops recording (tsess_stop()) */
	TSESS_CAPTURE_AUTO,	/* tsess_create() picks with tsess_choose_capture() */
	TSESS_CAPTURE_STOP,	/* the line stops recording (traceoff): blind until re-armed */
	TSESS_CAPTURE_LIVE,	/* no trigger, recording never stops: read while it goes on */
	TSESS_CAPTURE_SNAPSHOT, /* the line swaps the buffer with its spare (snapshot trigger),
				 * recording goes on in the other; the spare is read */
};

/* What the kernel offers an instance, read from its tracefs files. */
struct tsess_features {
	bool snapshot;	       /* the instance's snapshot file and per_cpu/cpu0/snapshot_raw */
	bool snapshot_trigger; /* "snapshot" among ftrace/print's available triggers */
};

struct tsess_opts {
	unsigned int buffer_kb;	    /* per CPU, 0 = the kernel's default */
	const char *const *events;  /* "system/event", NULL-terminated; NULL: the event
				    * table's (event.h), what explaining a spike reads */
	enum tsess_capture capture; /* what a FREEZE line does; NONE: nothing */
};

/**
 * tsess_probe() - What the kernel offers the instance in @dir.
 * @dir: the instance's directory (or the tracing directory)
 * @f: result
 *
 * Reads files only: the snapshot files exist (CONFIG_TRACER_SNAPSHOT), and
 * the "# Available triggers:" line of events/ftrace/print/trigger names
 * snapshot.
 */
void tsess_probe(const char *dir, struct tsess_features *f);

/**
 * tsess_choose_capture() - The capture for a wish on a kernel.
 * @wanted: AUTO, or a method asked for
 * @f: what the kernel offers (tsess_probe())
 *
 * AUTO: SNAPSHOT where the kernel has it (the window frozen at the spike,
 * recording never stops), else LIVE. SNAPSHOT asked for where it is
 * missing: LIVE. NONE, STOP and LIVE: as asked.
 * Return: the capture to use, never AUTO.
 */
enum tsess_capture tsess_choose_capture(enum tsess_capture wanted, const struct tsess_features *f);

/**
 * tsess_capture_name() - "stop", "live", "snapshot", "none", "auto".
 * @c: capture
 *
 * Return: a static string.
 */
const char *tsess_capture_name(enum tsess_capture c);

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
 * (a missing one is a warning, not a failure), installs the trigger of the
 * capture (AUTO: chosen from what the instance offers), opens the
 * trace_marker, tracing_on and per-CPU trace_pipe_raw fds, parses the event
 * formats (once, here, not at freeze time) and turns recording on. On
 * failure everything done so far is undone.
 * Return: 0, or -errno with the message printed (-EACCES: not root).
 */
int tsess_create(struct tsess **out, const struct tsess_opts *opts);

/**
 * tsess_own_timers() - Record the hrtimer_start of this process's threads.
 * @s: session
 *
 * timer:hrtimer_start, filtered on the arming task's name (this process's: the measuring
 * threads and the main one; the explaining thread has its own name), so that a window holds
 * the range each measuring thread armed its timer with: its timer slack in effect (expires
 * minus softexpires), whoever changed it since the thread started (/proc/TID/timerslack_ns).
 * One event a cycle a thread; for threads that are not real-time (the kernel gives RT tasks
 * no slack). Disabled by tsess_destroy().
 * Return: 0, or -errno (the kernel has no such event, or refuses the filter): the windows
 * then lack it, and the slack is the one the threads started with.
 */
int tsess_own_timers(struct tsess *s);

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
 * tsess_capture() - The capture in use (never AUTO).
 * @s: session
 *
 * Return: the capture.
 */
enum tsess_capture tsess_capture(const struct tsess *s);

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
 * tsess_read_window() - Read what was captured, decoding [@from_ns, @until_ns] only.
 * @s: session
 * @from_ns: older events are walked past undecoded, older pages dropped unread
 * @until_ns: LIVE (and NONE, STOP): read each CPU no further than past this, the
 *            rest is kept for the next call; SNAPSHOT: the spare is read to its end
 * @fn: per event, oldest first (RTW_EV_LOST marks included); non-zero stops
 * @arg: passed to @fn
 *
 * Reads the live buffer, or under SNAPSHOT the spare the last swap filled.
 * Consumes what it reads (rbread.h).
 * Return: the number of events passed to @fn, or -errno (said once).
 */
long tsess_read_window(struct tsess *s, uint64_t from_ns, uint64_t until_ns,
		       int (*fn)(const struct rtw_event *ev, void *arg), void *arg);

/**
 * tsess_skipped_until() - The newest timestamp a read walked past undecoded.
 * @s: session
 *
 * Return: CLOCK_MONOTONIC ns, 0 if nothing was skipped yet.
 */
uint64_t tsess_skipped_until(const struct tsess *s);

/**
 * tsess_swap() - SNAPSHOT: swap the live buffer with the spare now.
 * @s: session; the spare must have been read (tsess_read_window())
 *
 * What the trigger does, without a FREEZE line: for a spike that came
 * while the spare was in use.
 * Return: 0 or -errno.
 */
int tsess_swap(struct tsess *s);

/**
 * tsess_rearm() - Empty the buffer and record again.
 * @s: session
 *
 * Return: 0 or -errno.
 */
int tsess_rearm(struct tsess *s);

/* The instance as it is now, read by the main thread to notice another program's changes. */
struct tsess_state {
	bool exists;		   /* its directory is there */
	int tracing_on;		   /* 1, 0; -1 unreadable */
	long long buffer_kb;	   /* per CPU (CPU 0's), -1 unreadable */
	int nr_events_off;	   /* of the events it enabled, now off */
	char event_off[128];	   /* the first of them, "sched:sched_switch" */
	unsigned long long passed; /* events read + overwritten, over the CPUs: only a clear
				    * (or a resize) makes it go down */
	/* the settings rtwhy made or relies on */
	char clock[16];		  /* trace_clock's selected one ("mono"), "" unreadable */
	char tracer[32];	  /* current_tracer ("nop"), "" unreadable */
	int overwrite;		  /* options/overwrite: 1, 0; -1 unreadable */
	int markers;		  /* options/markers: 1, 0 (the kernel refuses trace_marker
				   * writes: no spike marker, no freeze); -1 unreadable */
	char pid_filter[64];	  /* "set_event_pid 1234" (or set_event_notrace_pid: only some
				   * tasks' events recorded), "" none */
	bool trigger_gone;	  /* the freeze trigger rtwhy put on ftrace/print is not there */
	bool cpumask_changed;	  /* tracing_cpumask differs from the one it was set up with */
	char cpumask[64];	  /* tracing_cpumask now (cut), "" unreadable */
	int nr_filtered;	  /* of the events the explanation needs, now with a filter */
	char event_filtered[128]; /* the first of them */
};

/**
 * tsess_state() - Read the instance's state (tracing_on, buffer size, its events, counts).
 * @s: session
 * @st: result
 *
 * A few small tracefs reads (no buffer read): for a watcher polling now and then, never for
 * the measuring threads.
 * Return: 0, or -errno (-ENOENT: the instance is gone, st->exists false).
 */
int tsess_state(struct tsess *s, struct tsess_state *st);

/**
 * tsess_restore() - Put back what another program changed: tracing_on 1, the events it
 * had enabled on again, and the settings of struct tsess_state (trace_clock mono, current_tracer
 * nop, overwrite 1, markers 1, the tracing_cpumask it was set up with, no filter on its events,
 * no pid filter, its freeze trigger).
 * @s: session
 *
 * Return: 0, or the first -errno.
 */
int tsess_restore(struct tsess *s);

/**
 * tsess_destroy() - Remove the instance and free the session.
 * @s: session, may be NULL
 *
 * Removes the trigger, disables the events, closes every fd into the
 * instance (an open one would make the removal fail) and removes it.
 */
void tsess_destroy(struct tsess *s);

#endif
