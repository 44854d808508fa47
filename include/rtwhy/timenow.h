/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timenow - the one way rtwhy reads a clock as nanoseconds: clock_gettime()
 * of a POSIX clock, as a uint64_t. No state, no error (the clocks rtwhy
 * uses always exist).
 */
#ifndef RTWHY_TIMENOW_H
#define RTWHY_TIMENOW_H

#include <stdint.h>
#include <time.h>

/**
 * timenow_ns() - The time of @clock now.
 * @clock: CLOCK_MONOTONIC, CLOCK_REALTIME...
 *
 * Return: nanoseconds since the clock's epoch.
 */
uint64_t timenow_ns(clockid_t clock);

/**
 * timenow_mono_ns() - CLOCK_MONOTONIC now: the clock of the trace ("mono").
 *
 * Return: nanoseconds since boot (not counting suspend).
 */
uint64_t timenow_mono_ns(void);

#endif
