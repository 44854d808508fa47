/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_svg - pictures written by rtwhy itself, no plotting dependency:
 * the timeline of an explained spike (a lane per CPU: who ran, IRQs and
 * softirqs, the deadline and the wake-up, the culprit highlighted, the
 * verdict as the caption) and the latency histogram of a run (log-scale
 * counts, min/avg/max marked, in the style of OSADL's latency plots).
 */
#ifndef RTWHY_REPORT_SVG_H
#define RTWHY_REPORT_SVG_H

#include <stddef.h>

#include "rtwhy/blame.h"
#include "rtwhy/config.h"
#include "rtwhy/event.h"
#include "rtwhy/measure.h"

/**
 * report_svg_spike_path() - The file of spike @index: @path itself for the
 * first spike, "NAME-2.svg", "NAME-3.svg"... for the next ones.
 * @path: the --svg argument
 * @index: 1-based spike number
 * @buf: output
 * @len: size of @buf
 */
void report_svg_spike_path(const char *path, int index, char *buf, size_t len);

/**
 * report_svg_spike() - Draw one explained spike.
 * @path: the --svg argument (see report_svg_spike_path())
 * @index: 1-based spike number
 * @ev: the events the explanation read
 * @n: number of events
 * @r: the explanation
 *
 * Return: 0, or -errno with the message printed.
 */
int report_svg_spike(const char *path, int index, const struct rtw_event *ev, size_t n,
		     const struct blame_result *r);

/**
 * report_svg_histogram() - Draw the latency histogram of a run (-h/-H).
 * @path: file
 * @cfg: config
 * @m: measurement, threads stopped, histograms filled
 *
 * Return: 0, or -errno with the message printed.
 */
int report_svg_histogram(const char *path, const struct rtw_config *cfg, struct measure *m);

#endif
