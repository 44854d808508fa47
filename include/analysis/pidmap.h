/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pidmap - the one pid -> task map: what the events said last about each
 * task (its comm and kernel priority; decode, textread, repair and timeline
 * learn them as events pass), or what the live system says of it (comm and
 * scheduling policy, gathered by a live run for blame_host). An
 * open-addressing hash table that grows; lookups are O(1).
 */
#ifndef ANALYSIS_PIDMAP_H
#define ANALYSIS_PIDMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

#define PIDMAP_PRIO_UNKNOWN   (-1000)
#define PIDMAP_POLICY_UNKNOWN (-1)

struct pidmap_task {
	int32_t pid; /* -1: empty slot */
	int32_t prio;
	int32_t policy; /* SCHED_*, PIDMAP_POLICY_UNKNOWN */
	uint8_t pinned; /* the live task cannot move to another CPU (a bound kthread) */
	char comm[RTW_COMM_LEN];
};

struct pidmap {
	struct pidmap_task *slot;
	size_t mask;
	size_t used;
};

/**
 * pidmap_init() - An empty map.
 * @m: map
 *
 * Return: 0 or -ENOMEM.
 */
int pidmap_init(struct pidmap *m);

/**
 * pidmap_free() - Release the map.
 * @m: map
 */
void pidmap_free(struct pidmap *m);

/**
 * pidmap_find() - The task @pid, or NULL if never noted.
 * @m: map
 * @pid: task
 *
 * Return: the entry (valid until the next pidmap_note()).
 */
const struct pidmap_task *pidmap_find(const struct pidmap *m, int32_t pid);

/**
 * pidmap_note() - Remember @comm and @prio of @pid.
 * @m: map
 * @pid: task; negative pids are ignored
 * @comm: its name ("" or "<...>" keep the known one)
 * @prio: its kernel prio (PIDMAP_PRIO_UNKNOWN keeps the known one)
 */
void pidmap_note(struct pidmap *m, int32_t pid, const char *comm, int32_t prio);

/**
 * pidmap_set_policy() - Remember the scheduling policy of a task noted before.
 * @m: map
 * @pid: task (nothing happens if it was never noted)
 * @policy: SCHED_* value
 */
void pidmap_set_policy(struct pidmap *m, int32_t pid, int policy);

/**
 * pidmap_set_pinned() - Remember that a live task noted before cannot move.
 * @m: map
 * @pid: task (nothing happens if it was never noted)
 * @pinned: PF_NO_SETAFFINITY: a kernel thread bound to its CPU
 */
void pidmap_set_pinned(struct pidmap *m, int32_t pid, bool pinned);

/**
 * pidmap_next() - Walk the tasks of the map, in no particular order.
 * @m: map, not changed during the walk
 * @pos: 0 to start; advanced by each call
 *
 * Return: the next task, or NULL at the end.
 */
const struct pidmap_task *pidmap_next(const struct pidmap *m, size_t *pos);

/**
 * pidmap_learn() - Note everything @e says about tasks.
 * @m: map
 * @e: event (switch, wakeups, migration, and its common pid/comm)
 */
void pidmap_learn(struct pidmap *m, const struct rtw_event *e);

#endif
