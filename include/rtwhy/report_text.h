/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_text - everything rtwhy prints on a terminal: cyclictest 2.4's
 * status lines, -q summary, -v samples, -h histogram and break lines (byte
 * for byte, so existing parsers keep working), then rtwhy's explanation
 * blocks, every line of which starts with "# " so that histogram and plot
 * scripts skip them. Rendering only: all numbers come computed.
 */
#ifndef RTWHY_REPORT_TEXT_H
#define RTWHY_REPORT_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/blame.h"
#include "rtwhy/config.h"
#include "rtwhy/measure.h"

/**
 * report_text_thread_line() - "T: 0 ( 1234) P: 0 I:1000 C:  1000 Min: ..." for one thread.
 * @out: stream
 * @cfg: config (-N)
 * @t: the thread
 */
void report_text_thread_line(FILE *out, const struct rtw_config *cfg, struct measure_thread *t);

/**
 * report_text_status() - The live display: policy/loadavg header and a line
 * per thread, drawn over the previous one with a cursor-up sequence.
 * @out: stream
 * @cfg: config
 * @m: measurement
 * @redraw: true if the previous block is still on screen (move up over it)
 */
void report_text_status(FILE *out, const struct rtw_config *cfg, struct measure *m, bool redraw);

/**
 * report_text_verbose() - -v lines for samples not printed yet.
 * @out: stream
 * @m: measurement
 * @printed: per thread, samples already printed; updated
 */
void report_text_verbose(FILE *out, struct measure *m, uint64_t *printed);

/**
 * report_text_histogram() - cyclictest's histogram block (-h/-H).
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_histogram(FILE *out, const struct rtw_config *cfg, struct measure *m);

/**
 * report_text_break() - "# Thread Ids:", "# Break thread:", "# Break value:" (-b).
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_break(FILE *out, const struct rtw_config *cfg, struct measure *m);

/**
 * report_text_samples() - The --spike list: "T: 0 Spike:   1234: TS: ..." lines.
 * @out: stream
 * @cfg: config
 * @m: measurement, threads stopped
 */
void report_text_samples(FILE *out, const struct rtw_config *cfg, struct measure *m);

/**
 * report_text_spike() - The explanation block of one spike.
 * @out: stream
 * @r: the explained spike
 * @index: 1-based number of the spike in this run
 * @nr_events: events the explanation read (0: do not say)
 */
void report_text_spike(FILE *out, const struct blame_result *r, int index, size_t nr_events);

/**
 * report_text_tally() - What a run's explained spikes add up to: the count per
 * verdict and the most frequent culprits (by name) with their total time.
 * @out: stream
 * @r: explained spikes
 * @n: how many
 */
void report_text_tally(FILE *out, const struct blame_result *r, size_t n);

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
