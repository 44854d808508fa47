/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * log - the one place that writes diagnostics to stderr.
 *
 * Every message starts with "rtwhy: ". Errors say what failed first
 * ("cannot open /x: No such file or directory"), once, where the context is;
 * callers then just propagate the -errno.
 */
#ifndef RTWHY_LOG_H
#define RTWHY_LOG_H

#include <stdbool.h>

#include "analysis/diag.h"

/**
 * log_err() - Print "rtwhy: <message>" on stderr.
 * @fmt: printf format, no trailing newline
 *
 * Return: always -1, so that "return log_err(...)" reads naturally in code
 * that only needs "failed"; callers that return -errno save errno first.
 */
int log_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * log_warn() - Print "rtwhy: warning: <message>" on stderr.
 * @fmt: printf format, no trailing newline
 */
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * log_info() - Print "rtwhy: <message>" on stderr unless log_set_quiet(true).
 * @fmt: printf format, no trailing newline
 */
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * log_set_quiet() - Silence log_info() (warnings and errors still print).
 * @quiet: true to silence
 */
void log_set_quiet(bool quiet);

/**
 * log_diag() - The sink for analysis/'s messages (diag_set_sink(log_diag, NULL)):
 * errors as log_err(), warnings as log_warn(), the rest as log_info().
 * @level: severity
 * @msg: the message
 * @arg: unused
 */
void log_diag(enum diag_level level, const char *msg, void *arg);

#endif
