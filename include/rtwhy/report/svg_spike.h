/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report/svg_spike - the picture of an explained spike, written by rtwhy
 * itself: the timeline of the spike (a lane per CPU: who ran, IRQs and
 * softirqs, the deadline and the wake-up, the culprit highlighted, the
 * verdict as the caption), one self-contained SVG file per spike.
 *
 * Every bar, mark and line carries a <title> (the browser's tooltip) with
 * its exact times. Elements have classes for style sheets and tests: bars
 * "task", "idle", "gap"; marks "hardirq", "softirq"; "culprit" outlines;
 * "victim" under the late thread's runs. Renders only: every number comes
 * from the blame result and its timeline.
 */
#ifndef RTWHY_REPORT_SVG_SPIKE_H
#define RTWHY_REPORT_SVG_SPIKE_H

#include <stddef.h>

#include "analysis/blame.h"
#include "analysis/event.h"

/**
 * report_svg_spike_path() - The file of spike @index: @path itself for the
 * first spike, "NAME-2.svg", "NAME-3.svg"... for the next ones, NAME being
 * @path without its ".svg" suffix (any case); a @path without that suffix
 * gets "-2", "-3"... appended ("spikes" -> "spikes-2").
 * @path: the --svg argument
 * @index: 1-based spike number
 * @buf: output
 * @len: size of @buf
 */
void report_svg_spike_path(const char *path, int index, char *buf, size_t len);

/**
 * report_svg_spike() - Draw one explained spike into report_svg_spike_path().
 * @path: the --svg argument (see report_svg_spike_path())
 * @index: 1-based spike number, also in the title
 * @trace: what the explanation read (blame_explain_trace()), NULL if nothing
 * @r: the explanation
 *
 * The view runs from max(200 us, 10% of the latency) before the deadline to
 * max(50 us, 5% of the latency) after the wake-up, time in us from D.
 * Lanes: the timer, wake, run and culprit CPUs, then others with events in
 * the view, at most 8, in CPU order. A spike longer than 1 ms also gets two
 * close-ups of the same lanes: around the timer and the wakeup, and around
 * need-resched, the switch-in and W.
 * Return: 0, or -errno with the message printed ("rtwhy: cannot write F: why").
 */
int report_svg_spike(const char *path, int index, const struct blame_trace *trace,
		     const struct blame_result *r);

#endif
