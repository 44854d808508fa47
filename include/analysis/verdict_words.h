/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * verdict_words - the words of a verdict: its text (why the spike could
 * happen, with the culprit's label, its time and share) and its hint (what
 * to do about it), in words a user acts on. This module words the verdicts
 * that name what occupied the CPU; verdict_cause.h those of the kernel's
 * mechanisms; verdict.c's table says which wording goes with which rule.
 *
 * Every wording takes the facts in struct verdict_words (filled by
 * verdict_decide()) and writes BLAME_TEXT_LEN bytes of @text and
 * BLAME_HINT_LEN bytes of @hint (result.h), NUL-terminated, cut to fit.
 * Pure: no I/O.
 */
#ifndef ANALYSIS_VERDICT_WORDS_H
#define ANALYSIS_VERDICT_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/result.h"

/* What the wordings start from. */
struct verdict_words {
	const struct blame_result *res;
	const struct blame_culprit *c; /* the culprit the verdict names, or NULL */
	char who[96];		       /* its label (blame_culprit_label()), "" if none */
	unsigned long long us;	       /* its time */
	double pct;		       /* its share of the latency, in % */
	int cpu;		       /* its CPU, else where the thread ran */
	int64_t steal_ns;	       /* host steal time around the spike, -1 unknown */
	const struct blame_smi *smi;   /* --smi: the count around the spike, NULL none */
};

/**
 * verdict_words_cat() - Append @add to the string in @buf (@len bytes), cut to fit.
 * @buf: a NUL-terminated string
 * @len: size of @buf
 * @add: what to append
 */
void verdict_words_cat(char *buf, size_t len, const char *add);

/**
 * verdict_words_us() - Microseconds from the spike's deadline to @ts_ns (negative: before it).
 * @r: the explanation
 * @ts_ns: a trace time
 */
long long verdict_words_us(const struct blame_result *r, uint64_t ts_ns);

/**
 * verdict_words_own_way() - Does culprit @c leave the CPU its own way (a kernel thread, a
 * per-CPU one, rtwhy's own thread), which verdict_words_move_away() says, not by taskset?
 * @c: the culprit, NULL: no
 */
bool verdict_words_own_way(const struct blame_culprit *c);

/**
 * verdict_words_hint_name() - How a hint names culprit @c: a per-CPU kernel thread by what it
 * is ("the ksoftirqd kernel thread of CPU 0"), rtwhy's own thread as such, else its comm.
 * @c: the culprit, NULL: "the task"
 * @buf: output
 * @len: size of @buf
 */
void verdict_words_hint_name(const struct blame_culprit *c, char *buf, size_t len);

/**
 * verdict_words_move_away() - The second half of a hint: how to get @c off CPU @cpu, where it
 * can be (taskset, an IRQ's affinity, the workqueue cpumask, rcu_nocbs ...).
 * @c: the culprit, NULL: other tasks
 * @cpu: the CPU
 * @buf: output
 * @len: size of @buf
 */
void verdict_words_move_away(const struct blame_culprit *c, int cpu, char *buf, size_t len);

/* ---- the wordings: @w the facts, @text BLAME_TEXT_LEN bytes, @hint BLAME_HINT_LEN bytes ---- */

/* tick_wait: a fair task kept the CPU until the tick set need-resched */
void verdict_words_tick_wait(const struct verdict_words *w, char *text, char *hint);
/* higher_priority: a task of a higher priority (or a deadline task) ran */
void verdict_words_higher_priority(const struct verdict_words *w, char *text, char *hint);
/* non_preemptible: a task kept the CPU in a kernel section, need-resched set */
void verdict_words_non_preemptible(const struct verdict_words *w, char *text, char *hint);
/* irq: a hard interrupt's handler */
void verdict_words_irq(const struct verdict_words *w, char *text, char *hint);
/* softirq: a softirq run at an interrupt's exit */
void verdict_words_softirq(const struct verdict_words *w, char *text, char *hint);
/* irq_thread: a threaded interrupt handler (irq/N-name) */
void verdict_words_irq_thread(const struct verdict_words *w, char *text, char *hint);
/* idle_exit: the CPU left a deep idle state */
void verdict_words_idle_exit(const struct verdict_words *w, char *text, char *hint);
/* timer_slack: the timer slack of a fair thread */
void verdict_words_timer_slack(const struct verdict_words *w, char *text, char *hint);
/* migration: the thread was moved to another CPU, where a task ran */
void verdict_words_migration(const struct verdict_words *w, char *text, char *hint);
/* invisible: no event shows the time (and what was ruled out: res->cause.evidence) */
void verdict_words_invisible(const struct verdict_words *w, char *text, char *hint);
/* incomplete: the trace does not cover the spike */
void verdict_words_incomplete(const struct verdict_words *w, char *text, char *hint);

#endif
