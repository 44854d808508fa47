/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clockres - cyclictest 2.4's -R/--resolution: the clock's resolution as
 * clock_getres() reports it, and as measured by reading the clock about a
 * millisecond's worth of times in a row (the smallest non-zero step), with
 * cyclictest's warnings on stderr; --dbg_cyclictest lists every reading.
 */
#ifndef RTWHY_CLOCKRES_H
#define RTWHY_CLOCKRES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define CLOCKRES_MAX_CALLS 100000

struct clockres {
	uint64_t reported_ns; /* clock_getres(), UINT64_MAX if it failed */
	uint64_t measured_ns; /* smallest non-zero step, UINT64_MAX if none */
	int calls;	      /* readings taken */
};

/**
 * clockres_calls() - How many readings make about 1 ms (cyclictest's rule).
 * @ns_per_1000: ns that 1000 readings took (0: the clock did not move)
 *
 * Return: 1000 to CLOCKRES_MAX_CALLS.
 */
int clockres_calls(uint64_t ns_per_1000);

/**
 * clockres_measure() - Measure @clock.
 * @clock: the measuring clock
 * @dbg: with --dbg_cyclictest, where cyclictest's "INFO:" lines of every reading go, else NULL
 * @out: result
 *
 * Return: 0 or -ENOMEM.
 */
int clockres_measure(clockid_t clock, FILE *dbg, struct clockres *out);

/**
 * clockres_report() - cyclictest's two "WARN:" lines, when @verbose or when the
 * measured resolution is coarser than the reported one.
 * @out: stream (stderr)
 * @r: the measurement
 * @verbose: -v
 */
void clockres_report(FILE *out, const struct clockres *r, bool verbose);

#endif
