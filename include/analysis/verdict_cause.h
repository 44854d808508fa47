/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * verdict_cause - the words of the verdicts of the kernel's mechanisms
 * (cause_find.h, offcpu.h): what held the thread, the task behind it, the
 * knob or the event that says so, and what to change. Each writes
 * BLAME_TEXT_LEN bytes of @text and BLAME_HINT_LEN bytes of @hint from the
 * facts @w (verdict_words.h) and res->cause; times are said in us or ms.
 * Pure: no I/O.
 */
#ifndef ANALYSIS_VERDICT_CAUSE_H
#define ANALYSIS_VERDICT_CAUSE_H

#include "analysis/verdict_words.h"

/* rt_throttled: RT throttling held the CPU's RT tasks (or it or the fair server: untold) */
void verdict_cause_rt_throttled(const struct verdict_words *w, char *text, char *hint);
/* fair_server: the fair deadline server ran fair tasks ahead of the thread */
void verdict_cause_fair_server(const struct verdict_words *w, char *text, char *hint);
/* pi_boost: a task boosted by priority inheritance ran ahead */
void verdict_cause_pi_boost(const struct verdict_words *w, char *text, char *hint);
/* lock_wait: the thread waited for a lock its holder held */
void verdict_cause_lock_wait(const struct verdict_words *w, char *text, char *hint);
/* priority_inversion: ... while a middle-priority task ran instead of the holder */
void verdict_cause_priority_inversion(const struct verdict_words *w, char *text, char *hint);
/* stop_work: the CPU stopper (migration/N) ran ahead */
void verdict_cause_stop_work(const struct verdict_words *w, char *text, char *hint);
/* cfs_throttled: its cgroup used its CPU quota */
void verdict_cause_cfs_throttled(const struct verdict_words *w, char *text, char *hint);
/* stopped: the thread was stopped (T) or traced (t) */
void verdict_cause_stopped(const struct verdict_words *w, char *text, char *hint);
/* frozen: the thread was frozen by the cgroup freezer (v1 TASK_FROZEN, v2's trap) */
void verdict_cause_frozen(const struct verdict_words *w, char *text, char *hint);
/* stop_machine: every CPU's stopper, interrupts off */
void verdict_cause_stop_machine(const struct verdict_words *w, char *text, char *hint);

#endif
