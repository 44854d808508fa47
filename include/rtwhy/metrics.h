/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * metrics - the --metrics file: the run's numbers, in one of two formats
 * (--metrics-format; doc/service.md "Metrics formats"):
 *
 * - METRICS_PROMETHEUS (the default): the Prometheus text format 0.0.4, the
 *   one node_exporter's textfile collector parses (and `promtool check
 *   metrics` checks). Counters are named with their _total in the TYPE line
 *   too: dropping it there, as OpenMetrics does, would make that parser see
 *   a counter without samples and an untyped sample. Two OpenMetrics lines
 *   it takes for comments are kept: "# UNIT" on the _seconds families, and
 *   a last "# EOF", so that a reader can tell a whole file.
 * - METRICS_OPENMETRICS: OpenMetrics 1.0 text, strict: a counter family is
 *   named without its _total (its samples keep it), rtwhy_build is an info
 *   family, "# UNIT" on every _seconds family, "# EOF" last. For readers of
 *   OpenMetrics (prometheus_client's parser, promtool's OpenMetrics
 *   backfill); node_exporter's textfile collector would misread it.
 *
 * No timestamps in either: the textfile collector refuses a file that has any.
 *
 * Latency buckets are fixed (metrics_bound_ns, 1-2-5 from 1 us to 100 ms):
 * a bucket counts the samples below its bound, exactly from the -h
 * histogram when that covers the bound, else from the thread's estimator
 * histogram (stats.h): the samples below the estimator's bucket edge at or
 * below the bound, which is the bound itself for 1 and 2 us and at most
 * 1/128 below it for the others (5 us: 4.992 us).
 *
 * metrics_render() is pure (a plain struct in, text out); metrics_file_*()
 * reads the measurement and replaces the file atomically: written to
 * FILE.tmp.PID in the same directory, fsync()ed, renamed over FILE. The
 * temporary file never outlives a call, whatever fails.
 */
#ifndef RTWHY_METRICS_H
#define RTWHY_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "analysis/blame.h"
#include "rtwhy/measure.h"

#define METRICS_NR_BOUNDS    16
#define METRICS_PERIOD_NS    (5ULL * 1000 * 1000 * 1000) /* the rewrite during a run */
#define METRICS_MAX_CULPRITS 16 /* distinct (kind, comm) series; more: comm="other" */
#define METRICS_NR_KINDS     (BLAME_UNACCOUNTED + 1)
#define METRICS_LABEL_LEN    RTW_NAME_LEN /* a culprit's comm or IRQ name, cleaned */
#define METRICS_OTHER	     "other"

/* The upper bounds of the latency buckets in ns: 1, 2, 5, 10, ... 100000 us (le="1e-06" ...). */
extern const uint64_t metrics_bound_ns[METRICS_NR_BOUNDS];

/* One measuring thread, as the file shows it. */
struct metrics_thread {
	int index;
	int cpu;
	uint64_t count; /* samples */
	int64_t sum_ns; /* their sum, each truncated to the unit (us, or ns with -N) */
	int64_t max_ns; /* 0 before the first sample */
	uint64_t below[METRICS_NR_BOUNDS]; /* samples below each bound: cumulative, <= count */
	uint32_t exact;			   /* bit k: below[k] from the -h histogram */
};

/* One culprit series: the verdict culprits of the explained spikes, by kind and comm. */
struct metrics_culprit {
	enum blame_kind kind;
	char comm[METRICS_LABEL_LEN]; /* metrics_label_clean()ed; "" for idle, slack, ... */
	uint64_t spikes;
};

/* The explained spikes, counted as they come (the run keeps only the first ones). */
struct metrics_spikes {
	uint64_t by_verdict[BLAME_NR_VERDICTS];
	struct metrics_culprit culprit[METRICS_MAX_CULPRITS]; /* in order of appearance */
	int nr_culprits;
	uint64_t folded[METRICS_NR_KINDS]; /* past METRICS_MAX_CULPRITS: comm="other" */
};

/* What the run adds to the measurement. */
struct metrics_run {
	uint64_t threshold_ns; /* the trace threshold; 0: not tracing, no spike metrics */
	uint64_t blind_ns;
	time_t start_time;
	bool running;	 /* false: the run has ended, these are its final values */
	int exit_status; /* the run's, shown once it has ended */
};

/* The text format of the file. */
enum metrics_format {
	METRICS_PROMETHEUS,  /* Prometheus text 0.0.4: node_exporter's textfile collector */
	METRICS_OPENMETRICS, /* OpenMetrics 1.0 text, strict */
};

/* Everything one file shows. */
struct metrics_input {
	const struct metrics_thread *threads;
	int nr_threads;
	const struct metrics_spikes *spikes; /* NULL: the run does not trace (no spike metrics) */
	uint64_t blind_spikes;		     /* with @spikes */
	struct metrics_run run;
	enum metrics_format format;
};

/**
 * metrics_label_clean() - A label value both parsers take: valid UTF-8 and no
 * control character (each byte of an invalid sequence, and each control
 * character, becomes '?').
 * @in: the raw value (a comm is any bytes)
 * @out: result, NUL-terminated; never ends in a cut UTF-8 sequence
 * @len: size of @out, at least 1
 */
void metrics_label_clean(const char *in, char *out, size_t len);

/**
 * metrics_put_label() - Write @value as a quoted label value: cleaned
 * (metrics_label_clean(), up to 255 bytes), backslash and double quote escaped.
 * @f: output
 * @value: raw value
 */
void metrics_put_label(FILE *f, const char *value);

/**
 * metrics_put_seconds() - Write @ns as seconds, exactly: "0.000012345", "2", "-0.5".
 * @f: output
 * @ns: a time in ns
 */
void metrics_put_seconds(FILE *f, int64_t ns);

/**
 * metrics_spikes_add() - Count one explained spike: its verdict, and its
 * verdict culprit (if any) by kind and comm (a hard IRQ's or softirq's name).
 * @sp: the tally, zeroed at first
 * @res: the explanation
 *
 * A comm that cleans to METRICS_OTHER, and every new one past
 * METRICS_MAX_CULPRITS series, counts as comm="other" of its kind.
 */
void metrics_spikes_add(struct metrics_spikes *sp, const struct blame_result *res);

/**
 * metrics_thread_read() - One thread's numbers and buckets, as now.
 * @t: the thread in a measure_summary(), running or stopped
 * @out: result
 *
 * The scalars are one stats_read() snapshot; the bucket counts are read
 * after it (stats_count_read()) and held to [the previous bucket, count]:
 * while the thread runs, a sample taken in between may count in a bucket,
 * never above the count. Once stopped, every number is exact.
 * Context: the main thread; no allocation.
 */
void metrics_thread_read(const struct measure_thread_summary *t, struct metrics_thread *out);

/**
 * metrics_render() - The whole file.
 * @f: output
 * @in: what to show
 */
void metrics_render(FILE *f, const struct metrics_input *in);

/* The file of one run; zero it, then metrics_file_init(). */
struct metrics_file {
	const char *path; /* NULL: no --metrics, every call does nothing */
	enum metrics_format format;
	struct metrics_spikes spikes;
	struct metrics_thread *threads; /* allocated at the first write */
	int nr_threads;
	uint64_t due_ns; /* CLOCK_MONOTONIC of the next rewrite while running */
	int err;	 /* the last write's -errno (said when it changes) */
};

/**
 * metrics_file_check() - Can --metrics @path be written (its temporary file
 * created, in the same directory)? Removes the temporary files that runs
 * killed with SIGKILL left there.
 * @path: the file, NULL for none
 *
 * Return: 0, or -errno with "rtwhy: cannot write --metrics file PATH: reason" printed.
 */
int metrics_file_check(const char *path);

/**
 * metrics_format_parse() - The format named @name by --metrics-format.
 * @name: "prometheus" or "openmetrics"
 * @format: result
 *
 * Return: 0, or -EINVAL for another name.
 */
int metrics_format_parse(const char *name, enum metrics_format *format);

/**
 * metrics_file_init() - Start the file of a run.
 * @mf: zeroed
 * @path: --metrics, NULL for none
 * @format: its format
 */
void metrics_file_init(struct metrics_file *mf, const char *path, enum metrics_format format);

/**
 * metrics_file_write() - Replace the file with the numbers of now: while
 * running, only once METRICS_PERIOD_NS has passed since the last write (the
 * first call writes); once ended, always.
 * @mf: the file
 * @s: the measurement
 * @run: the run's own numbers
 * @now_ns: CLOCK_MONOTONIC
 *
 * A failure is said once ("rtwhy: cannot write --metrics file PATH:
 * reason"), again only when the reason changes or the run has ended; the
 * file stays as it was. Context: the main thread.
 * Return: 0 (also when not due), or -errno.
 */
int metrics_file_write(struct metrics_file *mf, const struct measure_summary *s,
		       const struct metrics_run *run, uint64_t now_ns);

/**
 * metrics_file_free() - Release what the file holds in memory (the file stays).
 * @mf: the file, or zeroed
 */
void metrics_file_free(struct metrics_file *mf);

#endif
