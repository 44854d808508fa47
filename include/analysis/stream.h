/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stream - the engine of `rtwhy analyze`: one streaming pass over a trace
 * recorded elsewhere. Its events (ftrace text through textread, a trace.dat
 * through datread) fill a window bounded in time and count (evbuf); each
 * spike marker in the stream (marker.h: cyclictest's, rtwhy's FREEZE), or
 * the spike named by hand, is explained from that window (blame) when it
 * arrives and handed to the caller, who renders it; the results are kept
 * for a report of all of them, and what the trace is and what was read is
 * summed up. Memory is bounded by the window, not by the file; for a
 * trace.dat, by one explanation's CPUs, not by the CPU count (stream.c).
 *
 * Prints nothing: spikes go to the caller's callback, failures and
 * warnings to diag.h. Offline: nothing is read about the tasks of this
 * machine (the trace may come from another).
 */
#ifndef ANALYSIS_STREAM_H
#define ANALYSIS_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/blame.h"

#define STREAM_MAX_EVENTS 262144 /* window cap: about 44 MB of events */
#define STREAM_DECODE_ALL \
	65536		     /* trace.dat: a window of more records is read for the CPUs
				  * its explanation needs, not whole */
#define STREAM_MAX_KEPT 1000 /* explained spikes kept in the summary */

struct datread;

/* What a trace is and what was read of it. */
struct stream_summary {
	bool dat;	 /* trace.dat (else text) */
	char format[48]; /* "trace.dat v7", "kernel trace file", ... */
	char clock[16];	 /* "" unknown */
	char kernel[64]; /* release of the traced kernel, "" unknown */
	int nr_cpus;
	int nr_buffers;
	bool layout_assumed;	      /* trace.dat without uname: flags read as 6.13+ */
	bool relative_ts;	      /* latency-format text */
	bool cut;		      /* text ending in the middle of a line */
	uint64_t flagless;	      /* text events without a flags column */
	uint64_t lines;		      /* text lines */
	uint64_t unparsed_lines;      /* text lines that could not be read */
	uint64_t first_unparsed_line; /* 1-based, 0 none */
	uint64_t lost;		      /* lost-event marks (text lines, trace.dat records) */
	uint64_t events;	      /* events used */
	uint64_t duplicates;	      /* events a second buffer repeated, not used */
	uint64_t restarts;	      /* times the clock went back (concatenated traces) */
	int nr_explained;	      /* spikes explained */
	int timer_deadlines;	      /* ... whose deadline the thread's hrtimer_start gave */
	int nr_failed;		      /* spike markers that could not be explained */
	struct blame_result *spikes;  /* the first STREAM_MAX_KEPT explained, in order */
	size_t nr_spikes;
};

/* One explained spike, handed to stream_opts.on_spike; valid during that call only. */
struct stream_spike {
	int index;			  /* 1-based, in the order explained */
	const char *what;		  /* where it came from: "marker at 171.377353 on CPU 1 by
					   * cyclictest-2643: hit latency ...", "spike given by
					   * hand: ..." */
	const struct blame_result *res;	  /* the explanation */
	const struct blame_trace *trace;  /* what it was explained from, for drawing */
	const struct rtw_event *ev;	  /* the window, as read (before blame's repairs) */
	size_t nr_events;		  /* events in the window */
	const struct stream_summary *sum; /* the trace's facts, as far as read */
};

typedef void (*stream_spike_fn)(const struct stream_spike *spike, void *arg);

struct stream_opts {
	const char *name;	  /* the trace in messages (its path) */
	const char *clock;	  /* the trace clock of a text that does not say it; NULL */
	uint64_t window_ns;	  /* events kept before a spike */
	bool manual;		  /* pid, at_ns and latency_ns name the spike (markers ignored) */
	int32_t pid;		  /* the late thread */
	uint64_t at_ns;		  /* when it ran, in the trace's clock */
	uint64_t latency_ns;	  /* how late it was */
	uint64_t decode_all;	  /* trace.dat: a window of at most this many records is
				   * decoded whole, a larger one for the CPUs its explanation
				   * needs; 0: STREAM_DECODE_ALL */
	stream_spike_fn on_spike; /* per explained spike; NULL: none */
	void *arg;		  /* passed to @on_spike */
};

/**
 * stream_text() - Explain the spikes of ftrace text.
 * @o: options
 * @fd: the text, read from its current offset to the end
 * @sum: result; stream_summary_free() it, also after an error
 *
 * Return: 0 (even if no spike was found: see @sum), or -errno if the text
 * cannot be read or holds no event (said once through diag.h).
 */
int stream_text(const struct stream_opts *o, int fd, struct stream_summary *sum);

/**
 * stream_dat() - Explain the spikes of a trace.dat.
 * @o: options
 * @dr: the file, opened by the caller (datread_open()); read once
 * @sum: result; stream_summary_free() it, also after an error
 *
 * Return: as stream_text().
 */
int stream_dat(const struct stream_opts *o, struct datread *dr, struct stream_summary *sum);

/**
 * stream_summary_free() - Release the explained spikes of a summary.
 * @sum: summary
 */
void stream_summary_free(struct stream_summary *sum);

#endif
