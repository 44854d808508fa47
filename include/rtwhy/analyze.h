/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * analyze - "rtwhy analyze FILE": explain the spikes of a trace recorded
 * elsewhere (trace.dat or ftrace text, told apart by content) with the
 * engine and the reports of a live run. One streaming pass: events go
 * into a window bounded in time and count (evbuf); each spike marker in
 * the stream (cyclictest's "hit latency threshold", rtwhy's FREEZE) is
 * explained from the window when it arrives. Memory is bounded by the
 * window, not by the file.
 */
#ifndef RTWHY_ANALYZE_H
#define RTWHY_ANALYZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/blame.h"
#include "analysis/event.h"

#define ANALYZE_DEFAULT_WINDOW_MS 200

struct analyze_opts {
	const char *path;      /* the trace */
	const char *json_path; /* --json FILE, "-" for stdout; NULL none */
	const char *svg_path;  /* --svg FILE; NULL none */
	const char *clock;     /* --clock NAME for text that does not say; NULL */
	uint64_t window_ns;    /* --window-ms: events kept before a marker */
	bool manual;	       /* --pid, --at and --latency name the spike */
	int32_t pid;	       /* --pid: the late thread */
	uint64_t at_ns;	       /* --at: when it ran, in the file's clock */
	uint64_t latency_ns;   /* --latency: how late it was */
};

enum analyze_action {
	ANALYZE_RUN,
	ANALYZE_HELP, /* print analyze_usage() to stdout, exit 0 */
};

/**
 * analyze_parse_args() - Parse "analyze [options] FILE" into @o.
 * @argc: argument count
 * @argv: arguments, argv[0] = "analyze" (getopt may permute them)
 * @o: result, initialised by this function
 * @action: what to do
 * @err: one line of error message, without "rtwhy: " and newline
 * @errlen: size of @err
 *
 * Pure: no I/O. Return: 0, or -EINVAL with @err filled (exit status 2).
 */
int analyze_parse_args(int argc, char **argv, struct analyze_opts *o, enum analyze_action *action,
		       char *err, size_t errlen);

/**
 * analyze_usage() - Print the subcommand's help.
 * @out: stream
 */
void analyze_usage(FILE *out);

enum analyze_format {
	ANALYZE_FMT_EMPTY,  /* no byte at all */
	ANALYZE_FMT_DAT,    /* trace.dat magic (any version) */
	ANALYZE_FMT_TEXT,   /* looks like text */
	ANALYZE_FMT_BINARY, /* neither */
};

/**
 * analyze_sniff() - Tell a trace.dat from text from junk by the first bytes.
 * @head: the first bytes of the file (4 KB are plenty)
 * @len: how many
 *
 * Return: the format.
 */
enum analyze_format analyze_sniff(const void *head, size_t len);

enum analyze_marker_kind {
	ANALYZE_MARK_NONE,
	ANALYZE_MARK_CYCLICTEST, /* "hit latency threshold (LAT > THRESH)" */
	ANALYZE_MARK_FREEZE,	 /* rtwhy's "FREEZE tid=... deadline=... wake=..." */
};

struct analyze_marker {
	enum analyze_marker_kind kind;
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
 * analyze_parse_marker() - Is @text a spike marker, and what does it say?
 * @text: the trace_marker text of an RTW_EV_MARKER event
 * @m: result
 *
 * Return: true for a cyclictest or FREEZE marker (@m filled), else false.
 */
bool analyze_parse_marker(const char *text, struct analyze_marker *m);

/**
 * analyze_marker_spike() - The spike a marker event names.
 * @ev: the marker event (its pid, cpu and time)
 * @m: what its text says (analyze_parse_marker())
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
int analyze_marker_spike(const struct rtw_event *ev, const struct analyze_marker *m,
			 bool clock_mono, uint64_t latency_unit_ns, struct blame_spike *sp);

/**
 * analyze_cyclictest_unit_ns() - Are a cyclictest marker's numbers us or ns?
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
uint64_t analyze_cyclictest_unit_ns(const struct rtw_event *ev, size_t n,
				    const struct rtw_event *marker, uint64_t latency);

/* What analyze_file() found. */
struct analyze_summary {
	bool dat;	 /* trace.dat (else text) */
	char format[48]; /* "trace.dat v7", "kernel trace file", ... */
	char clock[16];	 /* "" unknown */
	char kernel[64]; /* release of the traced kernel, "" unknown */
	int nr_cpus;
	int nr_buffers;
	bool layout_assumed;	      /* trace.dat without uname: flags read as 6.13+ */
	bool relative_ts;	      /* latency-format text */
	bool cut;		      /* text ending in the middle of a line */
	uint64_t lines;		      /* text lines */
	uint64_t unparsed_lines;      /* text lines that could not be read */
	uint64_t first_unparsed_line; /* 1-based, 0 none */
	uint64_t lost;		      /* lost-event marks (text lines, trace.dat records) */
	uint64_t events;	      /* events used */
	uint64_t duplicates;	      /* events a second buffer repeated, not used */
	uint64_t restarts;	      /* times the clock went back (concatenated traces) */
	int nr_explained;	      /* spikes explained */
	int nr_failed;		      /* spike markers that could not be explained */
	struct blame_result *spikes;  /* the first ANALYZE_MAX_KEPT explained, in order */
	size_t nr_spikes;
};

#define ANALYZE_MAX_KEPT 1000

/**
 * analyze_file() - Read @o->path and explain its spikes.
 * @o: options (analyze_parse_args())
 * @out: where the text report goes (header, a block per spike, a summary
 *       line); NULL for none
 * @sum: result; analyze_summary_free() it, also after an error
 *
 * Return: 0 (even if no spike was found: see @sum), or -errno if the file
 * cannot be read (message printed once).
 */
int analyze_file(const struct analyze_opts *o, FILE *out, struct analyze_summary *sum);

/**
 * analyze_summary_free() - Release the explained spikes of a summary.
 * @sum: summary
 */
void analyze_summary_free(struct analyze_summary *sum);

/**
 * analyze_main() - The "rtwhy analyze" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: the exit status: 0 every spike explained, 1 an error (unreadable
 * file, no spike found, a spike that could not be explained), 2 bad usage.
 */
int analyze_main(int argc, char **argv);

#endif
