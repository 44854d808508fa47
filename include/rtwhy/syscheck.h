/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * syscheck - "rtwhy check": is this kernel and machine ready for real-time
 * work? One line per check: its value, a status (ok, warn, unknown), why it
 * matters and what to do. Everything is read under a root prefix (/proc,
 * /sys, /boot), so the unit tests run every check on fake trees; only the
 * HZ measurement (when no kernel config says it) looks at the live kernel.
 */
#ifndef RTWHY_SYSCHECK_H
#define RTWHY_SYSCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SYSCHECK_VALUE_LEN 256
#define SYSCHECK_HINT_LEN  256
#define SYSCHECK_MAX	   24

enum syscheck_status {
	SYSCHECK_OK,	  /* nothing to do for real-time work */
	SYSCHECK_WARN,	  /* a cause of latency the user can remove */
	SYSCHECK_UNKNOWN, /* could not be read (permissions, missing files) */
};

/* Where the HZ comes from (--hz-from). */
enum syscheck_hz_from {
	SYSCHECK_HZ_AUTO,	/* config, else timer_list, else ticks */
	SYSCHECK_HZ_CONFIG,	/* CONFIG_HZ of /proc/config.gz or /boot/config-<release> */
	SYSCHECK_HZ_TIMER_LIST, /* jiffies in /proc/timer_list over 400 ms (root) */
	SYSCHECK_HZ_TICKS,	/* tick hrtimer expiries traced for 400 ms (root) */
};

struct syscheck_result {
	const char *name;
	char value[SYSCHECK_VALUE_LEN];
	enum syscheck_status status;
	const char *why;
	char hint[SYSCHECK_HINT_LEN]; /* "" when there is nothing to do */
};

struct syscheck_opts {
	const char *json_path; /* NULL = none, "-" = JSON only, on stdout */
	const char *root;      /* "" = this system */
	enum syscheck_hz_from hz_from;
	bool help;
};

/* What every check reads once. */
struct syscheck_ctx {
	const char *root;
	bool live; /* @root is "": measuring the running kernel is allowed */
	enum syscheck_hz_from hz_from;
	char release[128];  /* uname -r */
	char version[256];  /* uname -v */
	char cmdline[4096]; /* /proc/cmdline, "" if unreadable */
	char *kconfig;	    /* kernel config text, NULL if none found */
	char kconfig_src[160];
	int nr_cpus; /* online */
};

/**
 * syscheck_parse_args() - Parse the options of "rtwhy check".
 * @argc: argument count
 * @argv: arguments, argv[0] = "check"
 * @opts: result
 * @err: one line of error (no "rtwhy: " prefix, no newline)
 * @errlen: size of @err
 *
 * Pure: no file is opened.
 * Return: 0, or -EINVAL with @err filled (exit status CLI_EXIT_USAGE).
 */
int syscheck_parse_args(int argc, char **argv, struct syscheck_opts *opts, char *err,
			size_t errlen);

/**
 * syscheck_usage() - Print the help of "rtwhy check".
 * @out: stream
 */
void syscheck_usage(FILE *out);

/**
 * syscheck_ctx_init() - Read what the checks share: uname, command line,
 * kernel config, CPU count.
 * @ctx: result; syscheck_ctx_free() it
 * @root: directory prefix ("" = this system)
 * @hz_from: where HZ may come from
 *
 * Nothing missing is an error: the checks then say "unknown".
 * Return: 0, or -ENOMEM.
 */
int syscheck_ctx_init(struct syscheck_ctx *ctx, const char *root, enum syscheck_hz_from hz_from);

/**
 * syscheck_ctx_free() - Free what syscheck_ctx_init() allocated.
 * @ctx: context
 */
void syscheck_ctx_free(struct syscheck_ctx *ctx);

/**
 * syscheck_run() - Run every check.
 * @ctx: context
 * @res: results, SYSCHECK_MAX of them
 *
 * Return: the number of results.
 */
size_t syscheck_run(const struct syscheck_ctx *ctx, struct syscheck_result *res);

/**
 * syscheck_kconfig() - The value of a kernel config option.
 * @config: the config text (lines "CONFIG_HZ=250")
 * @option: e.g. "CONFIG_HZ"
 * @val: receives the value ("y", "250", quotes kept)
 * @len: size of @val
 *
 * Return: true if set ("# CONFIG_X is not set" and absence are false).
 */
bool syscheck_kconfig(const char *config, const char *option, char *val, size_t len);

/**
 * syscheck_preempt_current() - The model in /sys/kernel/debug/sched/preempt.
 * @text: e.g. "none voluntary (full) lazy"
 * @model: receives the word in parentheses
 * @len: size of @model
 *
 * Return: 0, or -EINVAL if no word is in parentheses.
 */
int syscheck_preempt_current(const char *text, char *model, size_t len);

/**
 * syscheck_timer_list_sample() - The clock and jiffies of /proc/timer_list.
 * @text: its content
 * @now_ns: receives "now at N nsecs"
 * @jiffies: receives the first "jiffies: N"
 *
 * Return: 0, or -EINVAL if either is missing.
 */
int syscheck_timer_list_sample(const char *text, uint64_t *now_ns, uint64_t *jiffies);

/**
 * syscheck_hz_snap() - Round a measured tick rate to the HZ it must be.
 * @hz: measured ticks per second
 *
 * Return: the nearest usual HZ (100, 250, 300, 1000...) within 3 %, else
 * @hz rounded.
 */
int syscheck_hz_snap(double hz);

/**
 * syscheck_hz_from_deltas() - The tick period from the gaps between ticks.
 * @deltas_ns: gaps between consecutive tick expiries of one CPU (any order;
 *             sorted in place); an idle CPU's gaps are multiples of it
 * @n: how many
 * @period_ns: receives the median of the gaps within 1.5 times the smallest
 *
 * Return: 0, or -ENODATA with fewer than 5 such gaps.
 */
int syscheck_hz_from_deltas(uint64_t *deltas_ns, size_t n, double *period_ns);

/**
 * syscheck_status_name() - "ok", "warn" or "unknown".
 * @s: status
 *
 * Return: a static string.
 */
const char *syscheck_status_name(enum syscheck_status s);

/**
 * syscheck_print() - One aligned line per check, why and hint below, and
 * the verdict line.
 * @ctx: context (for the kernel line)
 * @res: results
 * @n: how many
 * @out: stream
 */
void syscheck_print(const struct syscheck_ctx *ctx, const struct syscheck_result *res, size_t n,
		    FILE *out);

/**
 * syscheck_write_json() - The results as JSON: "checks": [{name, value,
 * status, why, hint}].
 * @ctx: context
 * @res: results
 * @n: how many
 * @out: stream
 *
 * Return: 0, or -EIO.
 */
int syscheck_write_json(const struct syscheck_ctx *ctx, const struct syscheck_result *res, size_t n,
			FILE *out);

/**
 * syscheck_main() - The "rtwhy check" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: 0 when the checks ran (warnings included), 1 on an error, 2 on a
 * bad option.
 */
int syscheck_main(int argc, char **argv);

#endif
