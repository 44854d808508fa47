/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * capture - the trace a live run explains its spikes from: the spikes the
 * measuring threads queued, each handed out with a window of events that
 * covers it, read from the tracing session only as far as it needs.
 *
 * The events read are kept in one continuous, time-ordered window, so that
 * spikes close together share what was read once, and the window is cut
 * to what the waiting spikes need (from their deadline minus the lookback).
 * Spikes are explained oldest first (their windows are saved the way they
 * overlap), after reading ahead to the newest waiting one (live), so that a
 * window read up to a later spike also holds the earlier ones still waiting.
 * How the kernel held the spike decides how it is read (tsession.h):
 *
 *   LIVE      recording never stops; read up to the spike's FREEZE line,
 *             the rest stays in the kernel for the next spike.
 *   SNAPSHOT  the line swapped the buffer with the spare: read the spare.
 *             A spike that came while the spare was in use (disarmed) is
 *             still in the live buffer: swap it out here, then read it.
 *   STOP      the line stopped recording: read it, then clear and record
 *             again once no spike waits (the time between is blind).
 *
 * The tracing session and the measuring threads are reached through
 * struct capture_ops (the live run gives capture_live_ops: tsess and measure
 * themselves), so that the logic is tested without root.
 */
#ifndef RTWHY_CAPTURE_H
#define RTWHY_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/evbuf.h"
#include "rtwhy/config.h"
#include "rtwhy/measure.h"
#include "rtwhy/tsession.h"

#define CAPTURE_BATCH	   MEASURE_MAX_QUEUED
#define CAPTURE_MAX_EVENTS 262144 /* window cap: about 44 MB of events */

typedef int (*capture_event_fn)(const struct rtw_event *ev, void *arg);

struct capture_ops {
	/* tsess_read_window() */
	long (*read)(struct tsess *s, uint64_t from_ns, uint64_t until_ns, capture_event_fn fn,
		     void *fn_arg);
	uint64_t (*skipped_until)(const struct tsess *s); /* tsess_skipped_until() */
	int (*swap)(struct tsess *s);			  /* tsess_swap() */
	int (*stop)(struct tsess *s);			  /* tsess_stop() */
	int (*restart)(struct tsess *s);		  /* tsess_rearm(): clear, record */
	bool (*take)(struct measure *m, struct measure_spike *out); /* measure_take_spike() */
	bool (*disarm)(struct measure *m);			    /* measure_disarm() */
	void (*rearm)(struct measure *m);			    /* measure_rearm() */
	uint64_t (*now)(void);					    /* CLOCK_MONOTONIC ns */
};

/* The live run's: the tracing session and the measuring threads themselves. */
extern const struct capture_ops capture_live_ops;

/* A spike and the events it is explained from. */
struct capture_spike {
	struct measure_spike ms;
	const struct rtw_event *ev; /* from its deadline minus the lookback, time-ordered; valid
				     * until the next capture_next() */
	size_t n;
	uint64_t trace_start_ns; /* @ev holds every event since then */
	bool overwritten;	 /* the kernel overwrote events of its CPU during it before they
				  * were read (@ev may still hold the other CPUs') */
	int err;		 /* the trace could not be read (-errno): no events */
};

/* Per CPU, the last stretch the kernel overwrote before it was read. */
struct capture_gap {
	uint64_t last_ns; /* the CPU's last event read before it */
	uint64_t from_ns; /* ... events lost after last_ns, until this one (0: none) */
	uint64_t to_ns;
};

struct capture {
	const struct capture_ops *ops;
	struct tsess *ts;
	struct measure *m;
	enum tsess_capture mode;
	uint64_t lookback_ns;
	struct evbuf win;	    /* what was read, continuous */
	uint64_t complete_since_ns; /* recording (re)started here */
	uint64_t covered_until_ns;  /* the window holds everything up to here */
	bool own_arm;		    /* STOP, SNAPSHOT: this side disarmed the trigger */
	uint64_t stopped_ns;	    /* STOP: recording stopped here (0: recording) */
	uint64_t blind_ns;	    /* STOP: time spent stopped */
	struct measure_spike batch[CAPTURE_BATCH]; /* taken from the threads, not handed out,
						    * by deadline */
	bool batch_read[CAPTURE_BATCH];		   /* ... froze, and its capture is read */
	int nr_batch;
	uint64_t nr_dropped; /* the batch was full: the smallest dropped, never explained */
	int64_t thread_max_ns[CONFIG_MAX_THREADS]; /* per thread, the largest spike taken */
	struct capture_gap *gap; /* [RTW_MAX_CPUS], allocated at the first event */
	int err;		 /* the last read's error */
};

/**
 * capture_init() - Start with an empty window.
 * @c: capture
 * @ops: how the tracing session and the measuring threads are reached
 * @ts: the tracing session, passed to @ops
 * @m: the measuring threads, passed to @ops
 * @mode: tsess_capture() of the session (LIVE, SNAPSHOT or STOP)
 * @lookback_ns: a spike's window starts this long before its deadline
 * @start_ns: recording started here
 */
void capture_init(struct capture *c, const struct capture_ops *ops, struct tsess *ts,
		  struct measure *m, enum tsess_capture mode, uint64_t lookback_ns,
		  uint64_t start_ns);

/**
 * capture_next() - The waiting spike to explain next, with its window.
 * @c: capture
 * @out: the spike; its events valid until the next call
 *
 * Takes every spike the threads queued. Up to CAPTURE_BATCH wait; beyond,
 * the smallest is dropped (counted in nr_dropped), never one that froze
 * the trace nor the largest its thread had so far. Hands out a spike that
 * is its thread's largest so far first, else the largest waiting: when
 * spikes come faster than they are explained, the windows read last are
 * the likeliest to be gone, and those are the smallest spikes'.
 * When no spike waits, re-arms what a frozen trace needs (STOP: clear and
 * record again; SNAPSHOT: let the next spike swap) and returns false.
 * Context: the main thread (the one that takes spikes).
 * Return: true if @out holds a spike (@out->err says if its trace was read).
 */
bool capture_next(struct capture *c, struct capture_spike *out);

/**
 * capture_free() - Release the window.
 * @c: capture
 */
void capture_free(struct capture *c);

#endif
