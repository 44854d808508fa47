/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * instwatch - rtwhy's own tracing instance, changed by another program while
 * it measures: tracing_on written 0, the buffer cleared or resized, its events
 * turned off or filtered, its clock, tracer, overwrite mode or CPU mask changed, the instance
 * removed. The main thread polls the instance
 * (tsess_state(), a few small reads every INSTWATCH_PERIOD_NS; never the
 * measuring threads), says each kind of change once, at the time, with what
 * rtwhy does about it (turns it back on and carries on; carries on with the new
 * size; stops explaining and measures on), and keeps the stretches of time the
 * trace cannot be trusted for. The explaining thread asks
 * instwatch_disturbed() of each spike: such spikes are counted as disturbed,
 * never as "overwritten before they were read".
 */
#ifndef RTWHY_INSTWATCH_H
#define RTWHY_INSTWATCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtwhy/tsession.h"

#define INSTWATCH_PERIOD_NS	(100 * 1000 * 1000ULL)
#define INSTWATCH_MAX_STRETCHES 64 /* more: the last one grows to cover them */
#define INSTWATCH_MAX_NOTICES	8
/* a stretch rtwhy turned tracing back on for stays open this long at least: the reader brought
 * the trace after the restore ~100 ms late here (windows came back empty meanwhile) */
#define INSTWATCH_SETTLE_NS (2 * INSTWATCH_PERIOD_NS)

/* What another program did to the instance (bits). */
enum instwatch_what {
	INSTWATCH_OFF = 0x01,	     /* tracing_on 0 (while rtwhy never turns it off) */
	INSTWATCH_CLEARED = 0x02,    /* the buffer was cleared (its counts went back) */
	INSTWATCH_RESIZED = 0x04,    /* buffer_size_kb is not what rtwhy set */
	INSTWATCH_EVENTS_OFF = 0x08, /* events rtwhy enabled were turned off */
	INSTWATCH_SETTINGS = 0x10,   /* trace_clock, current_tracer, overwrite, tracing_cpumask
				      * or a filter on an event it needs changed */
	INSTWATCH_GONE = 0x20,	     /* the instance was removed (the last bit) */
};

/* One thing said on stderr, for --json. */
struct instwatch_notice {
	uint64_t at_ns;
	unsigned int what; /* one enum instwatch_what bit */
	char text[512];	   /* what was seen and what rtwhy does, as said */
};

/* A stretch of time whose trace another program disturbed: [from_ns, until_ns]. */
struct instwatch_stretch {
	_Atomic uint64_t from_ns;
	_Atomic uint64_t until_ns; /* UINT64_MAX: still going on (the instance is gone) */
};

struct instwatch {
	struct tsess *ts;	 /* NULL: not watching */
	bool watch_on;		 /* rtwhy never turns tracing_on off itself (live capture) */
	bool watch_clear;	 /* the counts only grow unless cleared (live capture) */
	struct tsess_state base; /* as rtwhy set it up */
	_Atomic unsigned long long passed; /* events read + overwritten at the last poll */
	unsigned int said;		   /* what bits were said (once each) */
	_Atomic bool gone;
	uint64_t start_ns;
	uint64_t last_ns; /* the last poll: the instance was fine then */
	int open_stretch; /* 1 + the stretch still open (instwatch_keep()), 0 none */
	unsigned long long restored_passed; /* the counts when it was opened */
	uint64_t opened_ns;
	struct instwatch_stretch stretch[INSTWATCH_MAX_STRETCHES];
	_Atomic int nr_stretches;
	struct instwatch_notice notice[INSTWATCH_MAX_NOTICES];
	int nr_notices;
	_Atomic unsigned long long nr_spikes; /* spikes not explained for it */
};

/**
 * instwatch_init() - Watch @ts from now on: its state now is what rtwhy set up.
 * @w: the watcher (nothing to free)
 * @ts: the session; NULL: nothing is watched
 * @capture: its capture mode: only TSESS_CAPTURE_LIVE never turns tracing_on off itself nor
 *	swaps its buffer, so only there are tracing_on and a clear watched
 * @now_ns: CLOCK_MONOTONIC, the run's start
 */
void instwatch_init(struct instwatch *w, struct tsess *ts, enum tsess_capture capture,
		    uint64_t now_ns);

/**
 * instwatch_judge() - What changed from @base to @now (pure).
 * @w: the watcher (its base and what it watches)
 * @now: the state read now
 *
 * Return: enum instwatch_what bits, 0 for nothing.
 */
unsigned int instwatch_judge(const struct instwatch *w, const struct tsess_state *now);

/**
 * instwatch_words() - One change in words, with what rtwhy does about it (pure).
 * @w: the watcher (its base and the instance's name)
 * @what: one enum instwatch_what bit
 * @now: the state read now
 * @restore_err: OFF, EVENTS_OFF: 0 if rtwhy turned it back on, else -errno
 * @at_s: seconds since the start
 * @buf: result
 * @len: size of @buf
 */
void instwatch_words(const struct instwatch *w, unsigned int what, const struct tsess_state *now,
		     int restore_err, double at_s, char *buf, size_t len);

/**
 * instwatch_note() - Keep a disturbed stretch (pure; thread-safe for instwatch_disturbed()).
 * @w: the watcher
 * @from_ns: the last time the instance was seen as it should be
 * @until_ns: when it was put back, UINT64_MAX for never
 */
void instwatch_note(struct instwatch *w, uint64_t from_ns, uint64_t until_ns);

/**
 * instwatch_keep() - The stretch bookkeeping of a poll (pure): what the poll saw changed
 * makes a stretch [the last poll, @now_ns]; one that rtwhy turns tracing back on for (live
 * capture) stays open until a later poll that sees nothing changed finds events read since and
 * INSTWATCH_SETTLE_NS have passed (the reader may bring the trace after the restore a poll or
 * more late: windows of ~100 ms after it came back empty here). Then it ends at that poll.
 * @w: the watcher
 * @what: the enum instwatch_what bits this poll saw (INSTWATCH_GONE handled by the caller)
 * @now: the instance as read in this poll
 * @now_ns: the poll's time
 */
void instwatch_keep(struct instwatch *w, unsigned int what, const struct tsess_state *now,
		    uint64_t now_ns);

/**
 * instwatch_poll() - Main thread, every INSTWATCH_PERIOD_NS: read the instance, say what
 * another program changed (once per kind), put it back where rtwhy can, keep the stretch.
 * @w: the watcher
 * @now_ns: CLOCK_MONOTONIC now
 *
 * Return: the enum instwatch_what bits seen in this poll.
 */
unsigned int instwatch_poll(struct instwatch *w, uint64_t now_ns);

/**
 * instwatch_disturbed() - Does the spike's window [@from_ns, @until_ns] overlap a disturbed
 * stretch? Any thread.
 * @w: the watcher
 * @from_ns: the window's start (CLOCK_MONOTONIC)
 * @until_ns: its end (the spike's wake)
 */
bool instwatch_disturbed(const struct instwatch *w, uint64_t from_ns, uint64_t until_ns);

/**
 * instwatch_changed_now() - Is the instance, read now, not as rtwhy set it up? For the
 * explaining thread, of a spike it found nothing for, before the next poll has said so.
 * @w: the watcher
 *
 * Return: enum instwatch_what bits (reads only: says nothing, puts nothing back).
 */
unsigned int instwatch_changed_now(struct instwatch *w);

#endif
