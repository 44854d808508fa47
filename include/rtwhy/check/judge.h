/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check/judge - what the gathered facts mean for real-time work: one result
 * per check with a status (ok, warn, unknown), its value as typed fields (a
 * number, a CPU set, a word... or null: not known, or none), where it came
 * from, a sentence a user reads, why it matters and what to do. Pure: reads
 * nothing, prints nothing; the unit tests judge the gathered fake trees.
 *
 * Every result has a field "value" first; some have more (rt_throttling:
 * runtime_us, period_us, knob...). doc/schema/check.schema.json lists them all.
 */
#ifndef RTWHY_CHECK_JUDGE_H
#define RTWHY_CHECK_JUDGE_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>

#include "rtwhy/check/gather.h"

#define CHECK_JUDGE_MAX		24 /* checks */
#define CHECK_JUDGE_MAX_FIELDS	10 /* typed fields of one check, "value" included */
#define CHECK_JUDGE_MAX_INTS	CHECK_GATHER_MAX_IDLE
#define CHECK_JUDGE_STR_LEN	256
#define CHECK_JUDGE_TEXT_LEN	384
#define CHECK_JUDGE_HINT_LEN	512
#define CHECK_JUDGE_VERDICT_LEN 768
#define CHECK_JUDGE_NO_INT	(-0x7fffffffffffffffLL - 1) /* an INTS entry not known */

enum check_judge_status {
	CHECK_JUDGE_OK,	     /* nothing to do for real-time work */
	CHECK_JUDGE_WARN,    /* a cause of latency the user can remove */
	CHECK_JUDGE_UNKNOWN, /* could not be read (permissions, missing files) */
};

enum check_judge_type {
	CHECK_JUDGE_NULL, /* not known, or nothing */
	CHECK_JUDGE_BOOL,
	CHECK_JUDGE_INT,
	CHECK_JUDGE_NUM, /* a double, with @decimals */
	CHECK_JUDGE_STR,
	CHECK_JUDGE_CPUS, /* a CPU set */
	CHECK_JUDGE_STRS, /* words: @str holds them '\n'-separated */
	CHECK_JUDGE_INTS, /* numbers, CHECK_JUDGE_NO_INT for one not known */
};

struct check_judge_field {
	const char *key; /* static; units in the name ("runtime_us") */
	enum check_judge_type type;
	bool b;
	long long i;
	double num;
	int decimals;
	char str[CHECK_JUDGE_STR_LEN];
	union {
		cpu_set_t cpus;
		long long ints[CHECK_JUDGE_MAX_INTS];
	};
	int nr_ints;
};

struct check_judge_result {
	const char *name;
	enum check_judge_status status;
	const char *unit;   /* of "value" ("Hz", "us", "ns"), NULL where none applies */
	const char *source; /* where the value was read ("config", "sysfs"...), NULL unknown */
	char text[CHECK_JUDGE_TEXT_LEN];			 /* the value in a sentence */
	const char *why;					 /* why it matters */
	char hint[CHECK_JUDGE_HINT_LEN];			 /* what to do, "" nothing */
	struct check_judge_field fields[CHECK_JUDGE_MAX_FIELDS]; /* [0] is "value" */
	int nr_fields;
};

struct check_judge_report {
	struct check_judge_result res[CHECK_JUDGE_MAX];
	size_t n;
	size_t nr_warn;
	size_t nr_unknown;
	char verdict[CHECK_JUDGE_VERDICT_LEN];
};

/**
 * check_judge_run() - Judge every check.
 * @f: the gathered facts
 * @r: result (large: allocate it)
 */
void check_judge_run(const struct check_gather_facts *f, struct check_judge_report *r);

/**
 * check_judge_find() - The result of a check.
 * @r: report
 * @name: e.g. "hz"
 *
 * Return: the result, or NULL.
 */
const struct check_judge_result *check_judge_find(const struct check_judge_report *r,
						  const char *name);

/**
 * check_judge_field() - A typed field of a result.
 * @res: result
 * @key: e.g. "value" or "runtime_us"
 *
 * Return: the field, or NULL.
 */
const struct check_judge_field *check_judge_field(const struct check_judge_result *res,
						  const char *key);

/**
 * check_judge_kernel_version() - Major and minor of a release ("6.12.38-rt-amd64").
 * @release: uname -r
 * @major: receives e.g. 6
 * @minor: receives e.g. 12
 *
 * Return: 0, or -EINVAL.
 */
int check_judge_kernel_version(const char *release, int *major, int *minor);

/**
 * check_judge_status_name() - "ok", "warn" or "unknown".
 * @s: status
 *
 * Return: a static string.
 */
const char *check_judge_status_name(enum check_judge_status s);

#endif
