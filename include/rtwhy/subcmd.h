/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * subcmd - what the report subcommands (irqs, check) do the same way: say a
 * getopt error in one line, refuse stray arguments and empty values, and
 * open and close the --json=FILE output ("-" is stdout).
 */
#ifndef RTWHY_SUBCMD_H
#define RTWHY_SUBCMD_H

#include <stddef.h>
#include <stdio.h>

/**
 * subcmd_getopt_error() - Describe what getopt_long() returned '?' for.
 * @cmd: the subcommand ("irqs")
 * @argv: the arguments getopt_long() was given
 * @err: receives one line (no "rtwhy: " prefix, no newline)
 * @errlen: size of @err
 *
 * Uses getopt's optopt and optind: call it right after the '?'.
 * Return: -EINVAL.
 */
int subcmd_getopt_error(const char *cmd, char **argv, char *err, size_t errlen);

/**
 * subcmd_check_value() - Refuse an empty option value.
 * @opt: the option's name without dashes ("json")
 * @val: its value
 * @what: what it takes ("a file name")
 * @err: receives one line
 * @errlen: size of @err
 *
 * Return: 0, or -EINVAL with @err filled.
 */
int subcmd_check_value(const char *opt, const char *val, const char *what, char *err,
		       size_t errlen);

/**
 * subcmd_no_args() - Refuse arguments left after the options.
 * @cmd: the subcommand
 * @argc: argument count
 * @argv: arguments; getopt's optind marks the first non-option
 * @err: receives one line
 * @errlen: size of @err
 *
 * Return: 0, or -EINVAL with @err filled.
 */
int subcmd_no_args(const char *cmd, int argc, char **argv, char *err, size_t errlen);

/**
 * subcmd_json_open() - Open the --json output before any work is done.
 * @path: the file, "-" for stdout, NULL for none
 * @out: receives the stream (NULL for none)
 *
 * Return: 0, or -errno with the message printed.
 */
int subcmd_json_open(const char *path, FILE **out);

/**
 * subcmd_json_close() - Close what subcmd_json_open() opened.
 * @out: the stream, may be NULL or stdout (then only flushed)
 * @path: its name, for the message
 *
 * Return: 0, or -errno with the message printed (a full disk shows here).
 */
int subcmd_json_close(FILE *out, const char *path);

#endif
