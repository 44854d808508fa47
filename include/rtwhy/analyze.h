/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * analyze - "rtwhy analyze FILE": explain the spikes of a trace recorded
 * elsewhere (trace.dat or ftrace text, told apart by content) with the
 * engine and the reports of a live run. This module owns what needs the
 * command line and the OS: the options, opening and sniffing the file,
 * and the output (text report, --json, --svg); the one-pass engine that
 * reads the events and explains the spikes is analysis/stream.c.
 */
#ifndef RTWHY_ANALYZE_H
#define RTWHY_ANALYZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/stream.h"

#define ANALYZE_DEFAULT_WINDOW_MS 200

struct analyze_opts {
	const char *path;	/* the trace */
	const char *json_path;	/* --json FILE, "-" for stdout; NULL none */
	const char *svg_path;	/* --svg FILE; NULL none */
	const char *save_trace; /* --save-trace FILE (.dat: trace.dat); NULL none */
	const char *clock;	/* --clock NAME for text that does not say; NULL */
	uint64_t window_ns;	/* --window-ms: events kept before a marker */
	bool manual;		/* --pid, --at and --latency name the spike */
	int32_t pid;		/* --pid: the late thread */
	uint64_t at_ns;		/* --at: when it ran, in the file's clock */
	uint64_t latency_ns;	/* --latency: how late it was */
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

/**
 * analyze_file() - Read @o->path and explain its spikes.
 * @o: options (analyze_parse_args())
 * @out: where the text report goes (header, a block per spike, a summary
 *       line); NULL for none
 * @sum: result; stream_summary_free() it, also after an error
 *
 * Messages go through diag.h (analyze_main() points it at log.c).
 * Return: 0 (even if no spike was found: see @sum), or -errno if the file
 * cannot be read (message said once).
 */
int analyze_file(const struct analyze_opts *o, FILE *out, struct stream_summary *sum);

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
