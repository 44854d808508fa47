/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report/line - one explained spike as one line (--log-spikes): for the
 * journal, where each stderr line of a service is one entry, and for grep.
 * The spike, its latency, its verdict's kind and its verdict culprit with
 * its share; the whole explanation is in --json and --save-trace.
 */
#ifndef RTWHY_REPORT_LINE_H
#define RTWHY_REPORT_LINE_H

#include <stddef.h>

#include "analysis/blame.h"

/**
 * report_line_spike() - "spike 12: thread 0 (tid 4242) on CPU 1 woke 152.3 us
 * late: higher_priority: task spinner (pid 4300, fifo 80) 148.0 us (97%)".
 * @r: the explanation
 * @index: the spike's number (1-based)
 * @buf: result, NUL-terminated, no newline, cut to fit
 * @len: size of @buf
 */
void report_line_spike(const struct blame_result *r, int index, char *buf, size_t len);

#endif
