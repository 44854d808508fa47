/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sigflag - SIGINT, SIGTERM and SIGHUP turned into a flag for the short
 * tracing windows of the subcommands (irqs --observe, check's tick count):
 * the handler only records the signal; the caller sleeps in short steps,
 * sees the flag, and goes through its normal cleanup (tsess_destroy()).
 */
#ifndef RTWHY_SIGFLAG_H
#define RTWHY_SIGFLAG_H

#include <stdbool.h>
#include <stdint.h>

/**
 * sigflag_install() - Catch SIGINT, SIGTERM and SIGHUP into the flag.
 *
 * Clears the flag. sigflag_restore() puts the previous handlers back.
 */
void sigflag_install(void);

/**
 * sigflag_restore() - Put back the handlers sigflag_install() replaced.
 */
void sigflag_restore(void);

/**
 * sigflag_caught() - The signal caught since sigflag_install().
 *
 * Return: the signal number, or 0.
 */
int sigflag_caught(void);

/**
 * sigflag_sleep_ns() - Sleep, in steps of at most 50 ms, unless a signal came.
 * @ns: how long
 *
 * Return: true if the whole time was slept, false if a signal cut it short.
 */
bool sigflag_sleep_ns(uint64_t ns);

#endif
