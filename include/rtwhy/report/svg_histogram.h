/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report/svg_histogram - the latency histogram of a run (-h/-H) as a
 * picture written by rtwhy itself: log-scale counts, min/avg/max marked, in
 * the style of OSADL's latency plots; one self-contained SVG file. Every
 * thread's min/avg/max row carries a <title> (the browser's tooltip) with
 * its exact numbers. Renders only: every number comes from the statistics.
 */
#ifndef RTWHY_REPORT_SVG_HISTOGRAM_H
#define RTWHY_REPORT_SVG_HISTOGRAM_H

#include <time.h>

#include "rtwhy/config.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/measure.h"

/**
 * report_svg_histogram() - Draw the latency histogram of a run (-h/-H).
 * @path: file
 * @cfg: config (bucket count and unit, -H, the command line for the title)
 * @m: measurement, threads stopped, histograms filled
 * @host: the machine named in the title (host_machine_read()), NULL: unknown
 * @when: the time the title says it was drawn
 *
 * One step curve per thread (and the sum over all with -H and more than one
 * thread) over log10 counts; the x axis ends a little after the last
 * non-empty bucket. Threads past the 16th are drawn but not listed.
 * Return: 0, or -errno with the message printed ("rtwhy: cannot write F: why").
 */
int report_svg_histogram(const char *path, const struct rtw_config *cfg,
			 const struct measure_summary *m, const struct host_machine *host,
			 time_t when);

#endif
