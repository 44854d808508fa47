/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli - argv to struct rtw_config for the measuring command, cyclictest 2.4
 * compatible, and the dispatch of subcommands. Parsing has no side effects:
 * it reads the online CPU set and nothing else, so every option can be unit
 * tested. Only main() acts on the result.
 */
#ifndef RTWHY_CLI_H
#define RTWHY_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "rtwhy/config.h"

/* Exit statuses, the same for every subcommand. */
#define CLI_EXIT_OK	 0 /* ran; for irqs: every device IRQ threaded */
#define CLI_EXIT_FAILURE 1 /* runtime error (or irqs: some IRQ not threaded) */
#define CLI_EXIT_USAGE	 2 /* bad option or value */
#define CLI_EXIT_LATENCY 3 /* ran, and a thread's max was above --max-latency */

enum cli_command {
	CLI_CMD_MEASURE, /* rtwhy [options]: cyclictest-style run */
	CLI_CMD_ANALYZE, /* rtwhy analyze FILE */
	CLI_CMD_IRQS,	 /* rtwhy irqs */
	CLI_CMD_CHECK,	 /* rtwhy check */
};

/**
 * cli_command() - Which subcommand argv names.
 * @argc: argument count
 * @argv: arguments; argv[1] may be a subcommand name
 *
 * Return: the command; CLI_CMD_MEASURE when argv[1] is an option or absent.
 */
enum cli_command cli_command(int argc, char **argv);

/* What cli_parse() decided besides the config. */
enum cli_action {
	CLI_RUN,     /* measure with the config */
	CLI_HELP,    /* print cli_usage() to stdout, exit 0 */
	CLI_VERSION, /* print the version, exit 0 */
};

/**
 * cli_parse() - Parse the measuring command's options into @cfg.
 * @argc: argument count
 * @argv: arguments (getopt may permute them)
 * @cfg: result, initialised by this function
 * @action: what to do
 * @err: buffer for one line of error message (no "rtwhy: " prefix, no newline)
 * @errlen: size of @err
 *
 * Return: 0, or -EINVAL with @err filled: the caller prints it and exits with
 * CLI_EXIT_USAGE.
 */
int cli_parse(int argc, char **argv, struct rtw_config *cfg, enum cli_action *action, char *err,
	      size_t errlen);

/**
 * cli_usage() - Print the short, grouped help of the measuring command.
 * @out: stream
 */
void cli_usage(FILE *out);

#endif
