/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check/cmd - the "rtwhy check" subcommand: its options, its help, and the
 * pipeline gather -> judge -> render.
 */
#ifndef RTWHY_CHECK_CMD_H
#define RTWHY_CHECK_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rtwhy/check/gather.h"

struct check_judge_report;

/* --fail-on: which checks make the exit status CLI_EXIT_LATENCY (3). */
enum check_cmd_fail_on {
	CHECK_CMD_FAIL_NEVER,	/* no --fail-on: 0 whatever the checks found */
	CHECK_CMD_FAIL_WARN,	/* a check is warn */
	CHECK_CMD_FAIL_UNKNOWN, /* a check is warn or unknown (not ok) */
};

struct check_cmd_opts {
	const char *json_path; /* NULL = none, "-" = JSON only, on stdout */
	const char *root;      /* "" = this system */
	enum check_gather_hz_from hz_from;
	enum check_cmd_fail_on fail_on;
	int pid;	  /* --pid: whose cgroups to check, 0 rtwhy's own */
	const char *cpus; /* -a: the CPUs to measure on (a cpulist), NULL none */
	bool help;
};

/**
 * check_cmd_parse_args() - Parse the options of "rtwhy check".
 * @argc: argument count
 * @argv: arguments, argv[0] = "check"
 * @opts: result
 * @err: one line of error (no "rtwhy: " prefix, no newline)
 * @errlen: size of @err
 *
 * Pure: no file is opened.
 * Return: 0, or -EINVAL with @err filled (exit status CLI_EXIT_USAGE).
 */
int check_cmd_parse_args(int argc, char **argv, struct check_cmd_opts *opts, char *err,
			 size_t errlen);

/**
 * check_cmd_usage() - Print the help of "rtwhy check".
 * @out: stream
 */
void check_cmd_usage(FILE *out);

/**
 * check_cmd_status() - The exit status of checks that ran.
 * @opts: the options (--fail-on)
 * @r: the judged checks
 *
 * Return: CLI_EXIT_LATENCY (3) when a check is at or above --fail-on, else CLI_EXIT_OK.
 */
int check_cmd_status(const struct check_cmd_opts *opts, const struct check_judge_report *r);

/**
 * check_cmd_main() - The "rtwhy check" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: 0 when the checks ran (warnings included, unless --fail-on), 1 on
 * an error, 2 on a bad option, 3 when a check is at or above --fail-on.
 */
int check_cmd_main(int argc, char **argv);

#endif
