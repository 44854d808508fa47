/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * marker - the spike markers a trace carries, in one place: rtwhy's own
 * FREEZE line (written by the measuring thread on its hot path, matched by
 * the tracing instance's traceoff trigger, read back by `rtwhy analyze` and
 * by the live run) and cyclictest's "hit latency threshold (LAT > THRESH)"
 * (-b N --tracemark); the timerlat tracer's samples ("#SEQ context thread
 * timer_latency NS ns", in the trace `rtla timerlat -t FILE` saves); and how a
 * marker event becomes the spike to explain.
 *
 *   FREEZE tid=T thread=I cpu=C prio=P slack=NS deadline=NS wake=NS lat=NS
 *
 * deadline and wake are CLOCK_MONOTONIC ns (the trace clock "mono"); every
 * field but tid, deadline and wake may be missing when read.
 */
#ifndef ANALYSIS_MARKER_H
#define ANALYSIS_MARKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/result.h"
#include "analysis/event.h"

#define MARKER_FREEZE_WORD    "FREEZE" /* a FREEZE line's first word */
#define MARKER_FREEZE_TID_KEY "tid"    /* its first key */
/* how a FREEZE line that fires the trigger starts (an untriggered one has two spaces) */
#define MARKER_FREEZE_TRIGGER MARKER_FREEZE_WORD " " MARKER_FREEZE_TID_KEY "="
#define MARKER_FREEZE_MAX     180 /* the longest FREEZE line (178, untriggered) and a NUL */

enum marker_kind {
	MARKER_NONE,
	MARKER_CYCLICTEST, /* "hit latency threshold (LAT > THRESH)" */
	MARKER_FREEZE,	   /* rtwhy's "FREEZE tid=... deadline=... wake=..." */
	MARKER_TIMERLAT,   /* the timerlat tracer's "#SEQ context CTX timer_latency NS ns" */
};

/* a timerlat sample's context */
enum marker_timerlat_ctx {
	MARKER_TIMERLAT_IRQ,	  /* "irq": the timer interrupt's latency */
	MARKER_TIMERLAT_THREAD,	  /* "thread": the timerlat thread's (rtla's thread latency) */
	MARKER_TIMERLAT_USER_RET, /* "user-ret": back in user space (rtla -u) */
};

struct marker {
	enum marker_kind kind;
	uint64_t latency;   /* cyclictest: LAT as printed (us, or ns under -N); FREEZE,
			     * TIMERLAT: ns */
	uint64_t threshold; /* cyclictest: THRESH as printed */
	int32_t tid;	    /* FREEZE fields; -1 / 0 when absent */
	int32_t thread;
	int32_t cpu;
	int32_t prio;
	int64_t slack_ns;
	uint64_t deadline_ns;
	uint64_t wake_ns;
	bool untriggered; /* FREEZE: written "FREEZE  tid=" (two spaces), which no trigger
			   * matches; read back alike */
	uint64_t seq;	  /* TIMERLAT: the activation's number */
	enum marker_timerlat_ctx context; /* TIMERLAT */
};

/**
 * marker_format_freeze() - Write the FREEZE line of a spike.
 * @buf: at least MARKER_FREEZE_MAX bytes
 * @m: the spike's fields (@m->kind is not read; @m->latency in ns); negative
 *     values are written as 0
 *
 * Context: the measuring hot path: no stdio, no allocation.
 * Return: the length written (no NUL, no newline).
 */
int marker_format_freeze(char *buf, const struct marker *m);

/**
 * marker_parse() - Is @text a spike marker, and what does it say?
 * @text: the trace_marker text of an RTW_EV_MARKER event
 * @m: result
 *
 * Return: true for a cyclictest, FREEZE or timerlat marker (@m filled), else false.
 */
bool marker_parse(const char *text, struct marker *m);

/**
 * marker_is_timerlat() - Is @text a timerlat tracer sample?
 * @text: what follows the timestamp of a line ("#4     context thread
 *        timer_latency   2704684 ns"; need not be NUL-terminated)
 * @len: its length
 *
 * The timerlat tracer's samples have no event name: the text reader asks this
 * to keep them as marker events (RTW_EV_MARKER) for marker_parse().
 * Return: true if so.
 */
bool marker_is_timerlat(const char *text, size_t len);

/**
 * marker_spike() - The spike a marker event names.
 * @ev: the marker event (its pid, cpu and time)
 * @m: what its text says (marker_parse())
 * @clock_mono: the trace clock is known to be CLOCK_MONOTONIC
 * @latency_unit_ns: what one unit of a cyclictest LAT is (1000, or 1 under -N)
 * @sp: result
 *
 * cyclictest: tid = the writer, wake = the marker's time, deadline = wake -
 * LAT; a timerlat sample alike (its thread writes it right after it woke, and
 * its latency is from the timer's expected time). FREEZE: its own deadline and wake when they are in the trace's clock
 * (@clock_mono, or the marker written within 10 ms of wake=), else derived
 * like cyclictest's.
 * Return: 0, or -EINVAL if the marker's latency is longer than its time.
 */
int marker_spike(const struct rtw_event *ev, const struct marker *m, bool clock_mono,
		 uint64_t latency_unit_ns, struct blame_spike *sp);

/**
 * marker_cyclictest_unit_ns() - Are a cyclictest marker's numbers us or ns?
 * @ev: events before the marker, time-ordered
 * @n: how many
 * @marker: the marker event
 * @latency: LAT as printed
 *
 * cyclictest -N prints nanoseconds. The thread slept until its deadline,
 * so the deadline comes after the thread's last switch-out: if LAT read in
 * us puts it before that and LAT read in ns does not, the unit is ns.
 * Return: 1000 (us) or 1 (ns).
 */
uint64_t marker_cyclictest_unit_ns(const struct rtw_event *ev, size_t n,
				   const struct rtw_event *marker, uint64_t latency);

/**
 * marker_freeze_ts() - When the last FREEZE line of thread @tid was recorded.
 * @ev: events, time-ordered
 * @n: how many
 * @tid: the thread
 *
 * Return: its timestamp, 0 if there is none.
 */
uint64_t marker_freeze_ts(const struct rtw_event *ev, size_t n, int32_t tid);

/* The timer a thread slept on, as its hrtimer_start and expiry show it. */
struct marker_timer {
	uint64_t deadline_ns;	 /* the time it asked for, on the trace's clock */
	uint64_t softexpires_ns; /* the same in the timer's own clock */
	int64_t slack_ns;	 /* expires - softexpires: its timer slack */
	uint32_t mode;		 /* RTW_HRTIMER_* (HARD: fires in the interrupt on PREEMPT_RT) */
	bool exact;		 /* softexpires taken as is: the trace clock is mono */
	uint64_t expiry_ns;	 /* its hrtimer_expire_entry */
	int32_t expiry_cpu;
	uint64_t waking_ns; /* the wakeup of the thread in its callback */
	uint64_t switch_ns; /* the thread's first switch-in after it, 0 none */
};

/**
 * marker_thread_timer() - The deadline of thread @tid from its own timer.
 * @ev: events, time-ordered
 * @n: how many
 * @tid: the thread
 * @before_ns: its marker's time: the timer armed last before it counts
 * @clock_mono: 1 the trace clock is CLOCK_MONOTONIC, 0 another, -1 unknown
 * @t: result
 *
 * The thread's last hrtimer_start of hrtimer_wakeup (clock_nanosleep) before
 * @before_ns, whose expiry woke it: its softexpires is the time the thread
 * asked for (expires adds its slack). On a mono trace clock (of a
 * CLOCK_MONOTONIC timer, hrtimer_init says which) that is the deadline;
 * otherwise the expiry's now= (the timer's clock when it ran) translates
 * it. A trace of unknown clock whose expiries' smallest (time - now=) is
 * under 100 us is taken as mono (one expiry alone may be late).
 * Return: 0, or -ENOENT (no such timer, it did not wake the thread, or its
 * clock cannot be translated).
 */
int marker_thread_timer(const struct rtw_event *ev, size_t n, int32_t tid, uint64_t before_ns,
			int clock_mono, struct marker_timer *t);

/**
 * marker_spike_window() - The spike of a marker, from the events before it.
 * @win: events before (and including) the marker, time-ordered
 * @n: how many
 * @ev: the marker event
 * @m: what its text says (marker_parse())
 * @clock_mono: 1 the trace clock is CLOCK_MONOTONIC, 0 another, -1 unknown
 * @sp: result
 * @unit_ns: result: what a cyclictest LAT unit was (1000, 1 under -N)
 *
 * A FREEZE on the trace's clock keeps its own numbers. Otherwise the
 * thread's own timer (marker_thread_timer()) gives the deadline and the
 * wake time is deadline + latency, the unit being the one that puts it
 * between the thread's switch-in and its marker (cyclictest writes the
 * marker after its clock read, up to milliseconds later). Without the
 * timer in the trace, marker_spike() (marker time minus latency) is the
 * fallback, and @sp says so (deadline_from).
 * Return: as marker_spike().
 */
int marker_spike_window(const struct rtw_event *win, size_t n, const struct rtw_event *ev,
			const struct marker *m, int clock_mono, struct blame_spike *sp,
			uint64_t *unit_ns);

#endif
