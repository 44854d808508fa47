/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * textread - ftrace text back to struct rtw_event, streaming, one pass.
 *
 * Reads what people copy from a machine: the kernel's "trace" file (the
 * default columns, with or without the irq-info flags, the TGID column or
 * the latency-format columns), `trace-cmd report` output (plugin or raw
 * payloads, -l flags, -t nanoseconds, instance-name prefixes) and rtwhy's
 * own --save-trace files. Strict about what it uses: an event line whose
 * fields the analysis needs but cannot read is counted, never guessed.
 * Lenient about the rest: unknown events become RTW_EV_OTHER (their common
 * fields still say who ran), comment lines are read for the clock and CPU
 * count, lost-event lines become RTW_EV_LOST events. No libtraceevent.
 */
#ifndef ANALYSIS_TEXTREAD_H
#define ANALYSIS_TEXTREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

#define TEXTREAD_MAX_BUFFERS 16 /* instance prefixes told apart; more share the last id */

/* Where the text came from, judged by its first event line. */
enum textread_flavor {
	TEXTREAD_UNKNOWN,
	TEXTREAD_KERNEL,     /* the kernel's trace file */
	TEXTREAD_KERNEL_LAT, /* the kernel's trace file, latency-format columns */
	TEXTREAD_TRACE_CMD,  /* trace-cmd report */
	TEXTREAD_RTWHY,	     /* rtwhy --save-trace */
};

#define TEXTREAD_MAX_DL 16

/* A SCHED_DEADLINE task's reservation, as a saved window says it. */
struct textread_dl {
	int32_t pid;
	uint64_t runtime_ns;
	uint64_t deadline_ns;
	uint64_t period_ns;
};

struct textread_stats {
	uint64_t lines;		      /* lines read */
	uint64_t events;	      /* events handed on, RTW_EV_LOST ones included */
	uint64_t unparsed;	      /* lines that are neither comments nor readable events */
	uint64_t first_unparsed_line; /* 1-based number of the first such line, 0 none */
	uint64_t lost_lines;	      /* "[LOST N EVENTS]" and "buffer started" lines */
	uint64_t lost_events;	      /* sum of the N of those lines that say N */
	uint64_t flagless;	     /* events without a flags column: interrupt context inferred */
	unsigned int windows;	     /* "# rtwhy: spike" headers: separate saved windows */
	uint64_t recording_since_ns; /* of the current saved window, 0 unknown */
	int nr_cpus;		     /* from "#P:N" or "cpus=N"; 0 unknown */
	int nr_buffers;		     /* 1 + instance prefixes seen */
	bool cut;		     /* the last line had no newline: the file was cut */
	bool relative_ts;	     /* latency-format: time since the buffer was reset */
	enum textread_flavor flavor;
	char clock[16];	 /* "# rtwhy: clock NAME"; "" unknown */
	char kernel[64]; /* "latency trace ... on RELEASE", "# rtwhy: kernel"; "" unknown */
	char kernel_version[128]; /* uname -v, from "# rtwhy: kernel RELEASE VERSION"; "" */
	bool rt_layout;		  /* flag columns of the -rt lazy-preempt patch ("d..h1..") */
	int32_t main_tid;	  /* "# rtwhy: main thread PID": rtwhy's own; 0 unknown */
	int hz;			  /* "# rtwhy: hz N": the kernel's CONFIG_HZ; 0 unknown */
	int preempt;		  /* "# rtwhy: preempt MODEL": enum util_preempt, 0 unknown */
	/* "# rtwhy: deadline task ..." lines (textwrite_deadline()): the SCHED_DEADLINE
	 * reservations the live run read, the latest of each task, up to TEXTREAD_MAX_DL tasks */
	struct textread_dl dl[TEXTREAD_MAX_DL];
	int nr_dl;
};

/*
 * Called per event, in file order. @buffer: 0 for lines without an instance
 * prefix, 1.. for trace-cmd's "NAME:" prefixes in order of appearance.
 * A non-zero return stops the reading and is returned by the reader.
 */
typedef int (*textread_fn)(const struct rtw_event *ev, int buffer, void *arg);

struct textread;

/**
 * textread_create() - A reader handing events to @fn.
 * @fn: per-event callback
 * @arg: passed to @fn
 *
 * Return: the reader, or NULL (out of memory).
 */
struct textread *textread_create(textread_fn fn, void *arg);

/**
 * textread_destroy() - Free a reader.
 * @tr: reader, may be NULL
 */
void textread_destroy(struct textread *tr);

/**
 * textread_line() - Read one line.
 * @tr: reader
 * @line: the line, without its newline (a trailing '\r' is ignored)
 * @len: its length
 *
 * Return: 0, or the non-zero value of the callback that asked to stop.
 */
int textread_line(struct textread *tr, const char *line, size_t len);

/**
 * textread_finish() - End of input: hand on what is still pending (a lost-
 * events line with no event after it).
 * @tr: reader
 *
 * Return: 0, or the callback's non-zero value.
 */
int textread_finish(struct textread *tr);

/**
 * textread_fd() - Read a whole stream with large read()s, then finish.
 * @tr: reader
 * @fd: file descriptor, read from its current offset to the end
 *
 * A last line without a newline is counted as unparsed and sets stats.cut.
 * Return: 0, the callback's non-zero value, or -errno of a failed read().
 */
int textread_fd(struct textread *tr, int fd);

/**
 * textread_stats() - What was read so far.
 * @tr: reader
 *
 * Return: the counters (valid until textread_destroy()).
 */
const struct textread_stats *textread_stats(const struct textread *tr);

/**
 * textread_buffer_name() - The instance name of a buffer id.
 * @tr: reader
 * @buffer: id handed to the callback
 *
 * Return: "" for the top-level buffer, the prefix without its colon otherwise.
 */
const char *textread_buffer_name(const struct textread *tr, int buffer);

/**
 * textread_flavor_name() - "kernel trace file", "trace-cmd report" ...
 * @flavor: enum textread_flavor
 *
 * Return: a static string.
 */
const char *textread_flavor_name(enum textread_flavor flavor);

/**
 * textread_parse_ts() - Parse a timestamp in seconds ("171.377353",
 * "1115.032464915", "171") into ns.
 * @s: text
 * @len: its length
 * @ns: result
 *
 * Return: 0, or -EINVAL if @s is not such a number (at most 9 decimals).
 */
int textread_parse_ts(const char *s, size_t len, uint64_t *ns);

#endif
