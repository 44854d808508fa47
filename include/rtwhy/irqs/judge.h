/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * irqs/judge - what the gathered IRQ table means: which thread serves which
 * action, whether each IRQ is a device IRQ the kernel could thread (or a
 * timer, or unused), whether it is threaded, where --observe saw it run,
 * its verdict, the overall verdict and the remedies. Pure: reads nothing,
 * prints nothing.
 *
 * An IRQ "ran in its thread" when its irq/N thread was switched in (or its
 * handler entry was outside hard IRQ context), "in hard IRQ context" when
 * entries were seen but no thread of it ran.
 */
#ifndef RTWHY_IRQS_JUDGE_H
#define RTWHY_IRQS_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "rtwhy/irqs/gather.h"

#define IRQS_JUDGE_VERDICT_LEN	256
#define IRQS_JUDGE_OVERALL_LEN	512
#define IRQS_JUDGE_MAX_REMEDIES 4
#define IRQS_JUDGE_REMEDY_LEN	512

enum irqs_judge_kind {
	IRQS_JUDGE_DEVICE, /* a device handler: the kernel can run it in a thread */
	IRQS_JUDGE_TIMER,  /* timer or per-CPU (IRQF_TIMER, IRQF_PERCPU): never threaded */
	IRQS_JUDGE_UNUSED, /* no handler installed */
};

enum irqs_judge_observed {
	IRQS_JUDGE_OBS_NONE,	/* not observed (no --observe) */
	IRQS_JUDGE_OBS_UNSEEN,	/* no entry and no thread run in the window */
	IRQS_JUDGE_OBS_HARDIRQ, /* handler entries in hard IRQ context, no thread ran */
	IRQS_JUDGE_OBS_THREAD,	/* its irq/N thread ran */
};

/* The judgement of one row of the table. */
struct irqs_judge_irq {
	enum irqs_judge_kind kind;
	int nr_threaded; /* actions that have a primary thread */
	int thread;	 /* index in the table's threads: first primary, -1 none */
	int secondary;	 /* first secondary thread, -1 none */
	bool threaded;	 /* every action has its primary thread */
	enum irqs_judge_observed observed;
	char verdict[IRQS_JUDGE_VERDICT_LEN]; /* in a few words */
};

struct irqs_judge {
	struct irqs_judge_irq *irqs; /* one per row of the table, in its order */
	size_t nr_irqs;
	size_t nr_device;     /* device IRQs */
	size_t nr_unthreaded; /* of which not threaded */
	char verdict[IRQS_JUDGE_OVERALL_LEN];
	char remedies[IRQS_JUDGE_MAX_REMEDIES][IRQS_JUDGE_REMEDY_LEN];
	int nr_remedies;
};

/**
 * irqs_judge_run() - Judge every IRQ of @t, then the whole.
 * @t: the gathered table (observed or not)
 * @v: result; irqs_judge_free() it
 *
 * Return: 0, or -ENOMEM.
 */
int irqs_judge_run(const struct irqs_gather_table *t, struct irqs_judge *v);

/**
 * irqs_judge_free() - Free what irqs_judge_run() allocated.
 * @v: judgement; zeroed afterwards
 */
void irqs_judge_free(struct irqs_judge *v);

/**
 * irqs_judge_sched() - A thread's policy and priority as a user reads it.
 * @th: the thread
 * @buf: receives "fifo 50" or "other nice 0"
 * @len: size of @buf
 */
void irqs_judge_sched(const struct irqs_gather_thread *th, char *buf, size_t len);

/**
 * irqs_judge_kind_name() - "device", "timer" or "unused".
 * @k: kind
 *
 * Return: a static string.
 */
const char *irqs_judge_kind_name(enum irqs_judge_kind k);

/**
 * irqs_judge_observed_name() - "unseen", "hardirq" or "thread".
 * @o: what was observed
 *
 * Return: a static string, NULL for IRQS_JUDGE_OBS_NONE.
 */
const char *irqs_judge_observed_name(enum irqs_judge_observed o);

#endif
