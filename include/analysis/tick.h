/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tick - the scheduler tick as a trace shows it: its period (CONFIG_HZ), from the tick's own
 * hrtimer expiries, and how late a tick may come and still be on time.
 */
#ifndef ANALYSIS_TICK_H
#define ANALYSIS_TICK_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

/**
 * tick_period_ns() - The scheduler tick period a trace shows.
 * @ev: events
 * @n: number of events
 * @cpu: the CPU whose ticks to read first; -1 all
 * @before_ns: only events up to here (0: all)
 *
 * Exact from the tick's own hrtimer_start expiries when the trace has them
 * (consecutive ones differ by the period), else fitted to the tick
 * expiries of @cpu: of the usual CONFIG_HZ periods, the slowest that puts
 * most of them on one grid (late ticks miss it, none comes early). Without
 * a fit on @cpu (it needs 4 ticks at least), the period most CPUs fit.
 * Return: ns (the kernel's TICK_NSEC), or 0 when no period fits.
 */
uint64_t tick_period_ns(const struct rtw_event *ev, size_t n, int cpu, uint64_t before_ns);

/**
 * tick_slack_ns() - How late a tick may come after the grid point it was due at and
 * still be on time: a quarter of the period, 200 us at least. Past it, a ticking CPU's
 * silence had no tick in it although one was due.
 * @tick_ns: the tick period
 */
uint64_t tick_slack_ns(uint64_t tick_ns);

/**
 * tick_estimate_ns() - tick_period_ns() of all CPUs and events.
 * @ev: events
 * @n: number of events
 *
 * Return: ns, or 0 when no period fits.
 */
uint64_t tick_estimate_ns(const struct rtw_event *ev, size_t n);

#endif
