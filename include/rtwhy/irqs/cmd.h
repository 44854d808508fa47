/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * irqs/cmd - the "rtwhy irqs" subcommand: its options, its help, and the
 * pipeline gather (load, --observe) -> judge -> render, with the exit status
 * a script can use.
 */
#ifndef RTWHY_IRQS_CMD_H
#define RTWHY_IRQS_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct irqs_cmd_opts {
	unsigned int observe_s; /* 0 = no tracing */
	const char *json_path;	/* NULL = none, "-" = stdout (then no text) */
	const char *root;	/* "" = this system */
	bool help;
};

/**
 * irqs_cmd_parse_args() - Parse the options of "rtwhy irqs".
 * @argc: argument count
 * @argv: arguments, argv[0] = "irqs"
 * @opts: result
 * @err: one line of error (no "rtwhy: " prefix, no newline)
 * @errlen: size of @err
 *
 * Pure: no file is opened.
 * Return: 0, or -EINVAL with @err filled (exit status CLI_EXIT_USAGE).
 */
int irqs_cmd_parse_args(int argc, char **argv, struct irqs_cmd_opts *opts, char *err,
			size_t errlen);

/**
 * irqs_cmd_usage() - Print the help of "rtwhy irqs".
 * @out: stream
 */
void irqs_cmd_usage(FILE *out);

/**
 * irqs_cmd_main() - The "rtwhy irqs" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: 0 when every device IRQ is threaded, 1 when one is not (or on an
 * error), 2 on a bad option.
 */
int irqs_cmd_main(int argc, char **argv);

#endif
