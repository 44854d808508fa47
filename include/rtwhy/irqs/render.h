/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * irqs/render - the report of "rtwhy irqs" as text (a row per IRQ, the
 * per-CPU vectors, the verdict and the remedies) and as JSON. Lays out what
 * irqs/gather read and irqs/judge decided; decides nothing.
 */
#ifndef RTWHY_IRQS_RENDER_H
#define RTWHY_IRQS_RENDER_H

#include <stdio.h>

#include "rtwhy/irqs/gather.h"
#include "rtwhy/irqs/judge.h"

/**
 * irqs_render_text() - The report as text.
 * @t: table
 * @v: its judgement
 * @out: stream
 */
void irqs_render_text(const struct irqs_gather_table *t, const struct irqs_judge *v, FILE *out);

/**
 * irqs_render_json() - The report as JSON (doc/schema/irqs.schema.json).
 * @t: table
 * @v: its judgement
 * @out: stream
 *
 * Return: 0, or -EIO.
 */
int irqs_render_json(const struct irqs_gather_table *t, const struct irqs_judge *v, FILE *out);

#endif
