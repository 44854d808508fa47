/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sigflag - signals turned into flags, for the whole program: the handler
 * only records the signal; the caller sleeps in short steps, sees the
 * flag, and goes through its normal cleanup (tsess_destroy(), the run's
 * unwind).
 *
 * The subcommands' short tracing windows (irqs --observe, check's tick
 * count): sigflag_install() .. sigflag_restore(), SIGUSR1 ends them too.
 * The measuring run: sigflag_install_run(), where SIGUSR1 (print the status,
 * as cyclictest) and SIGUSR2 (write the status file) are requests that
 * sigflag_take() answers, and only INT, TERM, HUP, QUIT and PIPE end it.
 */
#ifndef RTWHY_SIGFLAG_H
#define RTWHY_SIGFLAG_H

#include <signal.h>
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
 * sigflag_install_run() - The measuring run's handlers, kept until it exits.
 * @blocked: receives the signals handled, for the caller to block while it
 *           starts threads (they inherit the mask: signals go to the main thread)
 *
 * Clears the flags.
 */
void sigflag_install_run(sigset_t *blocked);

/**
 * sigflag_set_hup_reopens() - SIGHUP asks a run to reopen its files (--reopen-on-hup).
 * @on: true: sigflag_install_run() makes SIGHUP a request (sigflag_take(SIGHUP)), not an end
 */
void sigflag_set_hup_reopens(bool on);

/**
 * sigflag_take() - Was SIGUSR1, SIGUSR2 or (sigflag_set_hup_reopens()) SIGHUP received since
 * the last call?
 * @sig: SIGUSR1, SIGUSR2 or SIGHUP
 *
 * Return: true once per arrival (the flag is cleared).
 */
bool sigflag_take(int sig);

/**
 * sigflag_caught() - The signal that ends it, caught since an install.
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
