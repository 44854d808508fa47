/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * verdict - why an explained spike could happen, and what to do about it,
 * in words a user acts on. blame.c finds the chain, the phases and the
 * culprits; this module owns the verdicts: one table in verdict.c with an
 * entry per verdict (its kind, its JSON name, the rule that picks it, the
 * function that words its text and hint: verdict_words.h, verdict_cause.h). The rules are tried in table
 * order on the largest culprit; the first that holds is the verdict.
 *
 * Adding a verdict: its enum blame_verdict value (result.h, before
 * BLAME_NR_VERDICTS), then in verdict.c its rule and its table entry,
 * placed where its rule must be tried, and its wording function: in
 * verdict_words.c for what occupied the CPU, in verdict_cause.c for a
 * kernel mechanism. Nothing else names the verdicts: renderers take the
 * name and the words from the result.
 */
#ifndef ANALYSIS_VERDICT_H
#define ANALYSIS_VERDICT_H

#include <stdint.h>

#include "analysis/result.h"

/**
 * verdict_decide() - Choose the verdict of @res and word it.
 * @res: an explanation whose culprits are attributed, sorted and their
 *       policies resolved; receives verdict, verdict_culprit, text and hint
 * @host: what the caller knows of the machine, NULL nothing; the invisible
 *        verdict says its steal time and its SMI count
 */
void verdict_decide(struct blame_result *res, const struct blame_host *host);

/**
 * verdict_name() - The JSON name of a verdict ("tick_wait" ...).
 * @v: enum blame_verdict
 *
 * Return: a static string, "?" for a value that is no verdict.
 */
const char *verdict_name(enum blame_verdict v);

#endif
