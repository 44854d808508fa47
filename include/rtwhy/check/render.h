/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check/render - the results of "rtwhy check" as text (one aligned line per
 * check, why and what to do under each that is not ok, the verdict) and as
 * JSON. Lays out what check/judge decided; decides nothing.
 */
#ifndef RTWHY_CHECK_RENDER_H
#define RTWHY_CHECK_RENDER_H

#include <stdio.h>

#include "rtwhy/check/gather.h"
#include "rtwhy/check/judge.h"

/**
 * check_render_text() - The report as text.
 * @f: the facts (for the kernel line)
 * @r: the results
 * @out: stream
 */
void check_render_text(const struct check_gather_facts *f, const struct check_judge_report *r,
		       FILE *out);

/**
 * check_render_json() - The report as JSON (doc/schema/check.schema.json).
 * @f: the facts (for the kernel object)
 * @r: the results
 * @out: stream
 *
 * Return: 0, or -EIO.
 */
int check_render_json(const struct check_gather_facts *f, const struct check_judge_report *r,
		      FILE *out);

#endif
