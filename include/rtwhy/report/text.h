/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report/text - everything rtwhy prints on a terminal: cyclictest 2.4's
 * status lines, -q summary, -v samples, -h histogram and break lines (byte
 * for byte, so existing parsers keep working), then rtwhy's explanation
 * blocks, every line of which starts with "# " so that histogram and plot
 * scripts skip them. Rendering only: all numbers come computed, the load
 * average of the live display too (host/machine).
 */
#ifndef RTWHY_REPORT_TEXT_H
#define RTWHY_REPORT_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/blame.h"
#include "rtwhy/config.h"
#include "rtwhy/measure.h"

/**
 * report_text_thread_line() - "T: 0 ( 1234) P: 0 I:1000 C:  1000 Min: ..." for one
 * thread (" SMI:" after it with --smi).
 * @out: stream
 * @cfg: config (-N, --smi)
 * @t: the thread
 */
void report_text_thread_line(FILE *out, const struct rtw_config *cfg,
			     const struct measure_thread_summary *t);

/**
 * report_text_current_status() - The status block of SIGUSR1 (stderr) and of
 * SIGUSR2 (the status file): cyclictest's dashes around a line per thread.
 * @out: stream
 * @cfg: config
 * @m: measurement
 */
void report_text_current_status(FILE *out, const struct rtw_config *cfg,
				const struct measure_summary *m);

/**
 * report_text_status() - The live display: policy/loadavg header and a line
 * per thread, drawn over the previous one with a cursor-up sequence.
 * @out: stream
 * @cfg: config
 * @m: measurement
 * @lavg: the load average as /proc/loadavg reads now (host_machine_loadavg())
 * @redraw: true if the previous block is still on screen (move up over it)
 */
void report_text_status(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m,
			const char *lavg, bool redraw);

/* Per thread, what report_text_verbose() has printed so far; zeroed at the start. */
struct report_text_verbose {
	uint64_t printed;     /* samples gone through */
	int reduce;	      /* -o: samples in the current group */
	int64_t redmax;	      /* its max (0 at the start, as cyclictest's) */
	uint64_t cycleofmax;  /* and where */
	uint64_t smi_printed; /* --smi: the count at the last line */
};

/**
 * report_text_verbose() - -v lines for samples not printed yet: one per
 * sample, or with -o N the max of each N (cyclictest's "oscilloscope"); with
 * --smi, a fourth column of the SMIs counted since the previous line.
 * @out: stream
 * @cfg: config (-o, --smi)
 * @m: measurement
 * @v: per thread, the progress; updated
 */
void report_text_verbose(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m,
			 struct report_text_verbose *v);

/**
 * report_text_histogram() - cyclictest's histogram block (-h/-H).
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_histogram(FILE *out, const struct rtw_config *cfg,
			   const struct measure_summary *m);

/**
 * report_text_overflow() - When samples fell above the -h range: how many, and
 * the -h that would have held them (nothing otherwise).
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_overflow(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m);

/**
 * report_text_percentiles() - "# T: 0 percentiles (us): p50 12 p90 15 ..." per
 * thread (-q); an estimated value (see stats.h) has a '~'.
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_percentiles(FILE *out, const struct rtw_config *cfg,
			     const struct measure_summary *m);

/**
 * report_text_break() - "# Thread Ids:", "# Break thread:", "# Break value:" (-b).
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_break(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m);

/**
 * report_text_samples() - The --spike list: "T: 0 Spike:   1234: TS: ..." lines.
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_samples(FILE *out, const struct rtw_config *cfg, const struct measure_summary *m);

/**
 * report_text_spike() - The explanation block of one spike.
 * @out: stream
 * @r: the explained spike
 * @index: 1-based number of the spike in this run
 * @nr_events: events the explanation read (0: do not say)
 */
void report_text_spike(FILE *out, const struct blame_result *r, int index, size_t nr_events);

/* What a run's explained spikes add up to, added one by one (all of them, kept or not). */
struct report_text_tally {
	size_t nr;		       /* spikes added */
	int counts[BLAME_NR_VERDICTS]; /* per verdict */
	struct report_text_tally_row { /* per verdict and culprit (by name) */
		char label[128];
		enum blame_verdict verdict;
		int count;
		uint64_t ns; /* the culprit's time, summed */
	} rows[16];	     /* the first 16 such pairs */
	size_t nr_rows;
};

/**
 * report_text_tally_add() - Count one explained spike in a tally.
 * @t: tally, zeroed before the first
 * @r: the explained spike (not kept)
 */
void report_text_tally_add(struct report_text_tally *t, const struct blame_result *r);

/**
 * report_text_tally() - What a run's explained spikes add up to: the count per
 * verdict and the most frequent culprits (by name) with their total time.
 * @out: stream
 * @t: the tally (nothing printed when empty)
 */
void report_text_tally(FILE *out, const struct report_text_tally *t);

/**
 * report_text_wrap() - Print @text wrapped at 100 columns, each line after
 * the first indented by @indent, all prefixed by "# ".
 * @out: stream
 * @first: text of the first line's start (e.g. "  verdict: ")
 * @text: the words
 * @indent: continuation indentation
 */
void report_text_wrap(FILE *out, const char *first, const char *text, int indent);

#endif
