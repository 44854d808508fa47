/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timerlat - which sample of a timerlat trace (rtla timerlat -a N -t FILE) is the spike, and
 * whose thread a CPU's samples are. Pure: over a time-ordered window of events, no I/O, no
 * allocation but a scratch array freed before return.
 */
#ifndef ANALYSIS_TIMERLAT_H
#define ANALYSIS_TIMERLAT_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"
#include "analysis/util.h"

/* rtla's period: from the tracer's stop on a sample to rtla's reading it and stopping the
 * record instance, other CPUs record on */
#define TIMERLAT_RACE_NS NSEC_PER_SEC

/**
 * timerlat_stop() - The sample rtla stopped on, where the window shows it.
 * @ev: events ordered by time
 * @n: their number
 * @max_cpu: the highest CPU number among them
 *
 * The first sample over the stop threshold. The tracer dumps the kernel stack right after a
 * sample over its stack threshold (rtla -a sets it to the stop threshold), and rtla stops
 * tracing on the first such sample it reads, some milliseconds later: another CPU's sample over
 * the threshold may come in between (a 6.12 lab trace: CPU 1's 4434 us thread sample, rtla's
 * stop, then CPU 0's 9236 us 4 ms later, both with their stacks). So: the earliest sample with
 * a stack after it (its CPU's next event) and no later sample of its CPU (a CPU that sampled on
 * did not stop there: --stack below the stop threshold), at most TIMERLAT_RACE_NS before the
 * last sample (a stack long before is another run's, one that was killed, whose lines rtla's
 * record instance kept).
 * Return: that sample, in @ev; NULL: none such (then the last sample is the spike), or no
 * memory for the scratch array.
 */
const struct rtw_event *timerlat_stop(const struct rtw_event *ev, size_t n, int max_cpu);

/**
 * timerlat_thread() - The timerlat thread of @cpu: the writer of its last thread sample.
 * @ev: events ordered by time
 * @n: their number
 * @cpu: the CPU
 *
 * Return: its pid, -1 when no thread sample of @cpu is among @ev.
 */
int32_t timerlat_thread(const struct rtw_event *ev, size_t n, int32_t cpu);

#endif
