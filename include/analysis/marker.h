/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * marker - the spike markers a trace carries, in one place: rtwhy's own
 * FREEZE line (written by the measuring thread on its hot path, matched by
 * the tracing instance's traceoff trigger, read back by `rtwhy analyze` and
 * by the live run) and cyclictest's "hit latency threshold (LAT > THRESH)"
 * (-b N --tracemark); and how a marker event becomes the spike to explain.
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

#include "analysis/blame.h"
#include "analysis/event.h"

#define MARKER_FREEZE_WORD "FREEZE"		  /* a FREEZE line's first word */
#define MARKER_FREEZE_GLOB MARKER_FREEZE_WORD "*" /* what the traceoff trigger matches */
#define MARKER_FREEZE_MAX  180			  /* room for the longest FREEZE line and a NUL */

enum marker_kind {
	MARKER_NONE,
	MARKER_CYCLICTEST, /* "hit latency threshold (LAT > THRESH)" */
	MARKER_FREEZE,	   /* rtwhy's "FREEZE tid=... deadline=... wake=..." */
};

struct marker {
	enum marker_kind kind;
	uint64_t latency;   /* cyclictest: LAT as printed (us, or ns under -N); FREEZE: ns */
	uint64_t threshold; /* cyclictest: THRESH as printed */
	int32_t tid;	    /* FREEZE fields; -1 / 0 when absent */
	int32_t thread;
	int32_t cpu;
	int32_t prio;
	int64_t slack_ns;
	uint64_t deadline_ns;
	uint64_t wake_ns;
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
 * Return: true for a cyclictest or FREEZE marker (@m filled), else false.
 */
bool marker_parse(const char *text, struct marker *m);

/**
 * marker_spike() - The spike a marker event names.
 * @ev: the marker event (its pid, cpu and time)
 * @m: what its text says (marker_parse())
 * @clock_mono: the trace clock is known to be CLOCK_MONOTONIC
 * @latency_unit_ns: what one unit of a cyclictest LAT is (1000, or 1 under -N)
 * @sp: result
 *
 * cyclictest: tid = the writer, wake = the marker's time, deadline = wake -
 * LAT. FREEZE: its own deadline and wake when they are in the trace's clock
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

#endif
