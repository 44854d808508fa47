// SPDX-License-Identifier: GPL-2.0-only
/*
 * cause - what the cause finders share (see cause.h): the priority classes,
 * the culprits a mechanism moves time between, the events they look up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/event.h"
#include "analysis/repair.h"
#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

bool cause_rt_prio(int32_t prio)
{
	return prio >= 0 && prio < 100;
}

bool cause_lower_prio(int32_t prio)
{
	return prio >= 100 && prio != TL_PRIO_UNKNOWN;
}

/* prev_state of a switch: the task was preempted and is still runnable */
bool cause_state_runnable(uint32_t st)
{
	return !(st & RTW_STATE_INFERRED) && (st & 0xff) == 0;
}

bool cause_state_sleeps(uint32_t st)
{
	return !(st & RTW_STATE_INFERRED) && (st & 0xff) != 0;
}

/* ---- culprits ---------------------------------------------------------------------------- */

int cause_culprit_of(const struct blame_result *res, enum blame_kind kind, int32_t pid, int32_t cpu)
{
	int i;

	for (i = 0; i < res->nr_culprits; i++) {
		const struct blame_culprit *c = &res->culprit[i];

		if (c->kind == kind && c->pid == pid && c->cpu == cpu && c->irq == -1 &&
		    !blame_culprit_is_others(c))
			return i;
	}
	return -1;
}

/* The smallest plain culprit (no role, not the thread), -1 none. */
static int cause_smallest(const struct blame_result *res, int skip)
{
	int k;

	for (k = res->nr_culprits - 1; k >= 0; k--)
		if (k != skip && !res->culprit[k].role && !res->culprit[k].victim &&
		    !blame_culprit_is_others(&res->culprit[k]))
			return k;
	return -1;
}

/* A full array: fold the smallest plain culprit into "others" and hand its slot out; -1 none. */
static int cause_make_room(struct blame_result *res)
{
	int k, o, p;

	for (o = 0; o < res->nr_culprits && !blame_culprit_is_others(&res->culprit[o]); o++)
		;
	if (o == res->nr_culprits) { /* no "others" yet: the smallest becomes it */
		o = cause_smallest(res, -1);
		if (o < 0)
			return -1;
		res->culprit[o].kind = BLAME_UNACCOUNTED;
		res->culprit[o].pid = res->culprit[o].irq = res->culprit[o].policy = -1;
		res->culprit[o].prio = TL_PRIO_UNKNOWN;
		res->culprit[o].comm[0] = '\0';
		util_strlcpy(res->culprit[o].name, "others", sizeof(res->culprit[o].name));
	}
	k = cause_smallest(res, o);
	if (k < 0)
		return -1;
	for (p = 0; p < BLAME_NR_PHASES; p++)
		res->culprit[o].phase_ns[p] += res->culprit[k].phase_ns[p];
	res->culprit[o].ns += res->culprit[k].ns;
	return k;
}

/* The culprit of task @pid on @cpu, made (with no time) if needed; -1 when there is no room. */
int cause_task_culprit(struct blame_result *res, int32_t pid, const char *comm, int32_t prio,
		       int32_t cpu)
{
	int i = cause_culprit_of(res, BLAME_TASK, pid, cpu);
	struct blame_culprit *c;

	if (i >= 0)
		return i;
	if (res->nr_culprits == BLAME_MAX_CULPRITS) {
		i = cause_make_room(res);
		if (i < 0)
			return -1;
	} else {
		i = res->nr_culprits++;
	}
	c = &res->culprit[i];
	memset(c, 0, sizeof(*c));
	c->kind = BLAME_TASK;
	c->pid = pid;
	util_strlcpy(c->comm, comm, sizeof(c->comm));
	c->prio = prio;
	c->policy = -1;
	c->irq = -1;
	c->cpu = cpu;
	c->boost_prio = TL_PRIO_UNKNOWN;
	return i;
}

void cause_move(struct blame_result *res, int from, int to, uint64_t ns, int phase)
{
	struct blame_culprit *f = &res->culprit[from], *t = &res->culprit[to];

	if (from == to || !ns)
		return;
	if (ns > f->ns)
		ns = f->ns;
	if (ns > f->phase_ns[phase])
		ns = f->phase_ns[phase];
	f->ns -= ns;
	f->phase_ns[phase] -= ns;
	t->ns += ns;
	t->phase_ns[phase] += ns;
}

static int cause_cmp_culprit(const void *a, const void *b)
{
	const struct blame_culprit *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	if (x->role != y->role) /* a task named through a mechanism before plain ones */
		return x->role ? -1 : 1;
	return x->kind - y->kind;
}

/* Drop the culprits a move emptied (not those a mechanism names), largest first again. */
void cause_settle(struct blame_result *res)
{
	int i, k = 0;

	for (i = 0; i < res->nr_culprits; i++)
		if (res->culprit[i].ns || res->culprit[i].role || res->culprit[i].victim)
			res->culprit[k++] = res->culprit[i];
	res->nr_culprits = k;
	qsort(res->culprit, (size_t)k, sizeof(res->culprit[0]), cause_cmp_culprit);
}

/* ---- finding events ------------------------------------------------------------------------ */

/* The last waking (or wakeup) of @pid before index @before, after index @after; -1 none. */
long cause_waking_of(const struct rtw_event *ev, long after, long before, int32_t pid)
{
	long i, wakeup = -1;

	for (i = before - 1; i > after; i--) {
		if (ev[i].kind == RTW_EV_WAKING && ev[i].u.wake.pid == pid)
			return i;
		if (ev[i].kind == RTW_EV_WAKEUP && ev[i].u.wake.pid == pid && wakeup < 0)
			wakeup = i;
	}
	return wakeup;
}

/* The kernel prio a window's switch or wakeup last gave @pid, TL_PRIO_UNKNOWN. */
int32_t cause_prio_of(const struct rtw_event *ev, long before, int32_t pid)
{
	long i;

	for (i = before - 1; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_SWITCH && e->u.sw.next_pid == pid)
			return e->u.sw.next_prio;
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == pid)
			return e->u.sw.prev_prio;
		if ((e->kind == RTW_EV_WAKING || e->kind == RTW_EV_WAKEUP) && e->u.wake.pid == pid)
			return e->u.wake.prio;
	}
	return TL_PRIO_UNKNOWN;
}

bool cause_slept(const struct rtw_event *ev, long before, int32_t pid)
{
	long i;

	for (i = 0; i < before; i++)
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.prev_pid == pid &&
		    cause_state_sleeps(ev[i].u.sw.prev_state))
			return true;
	return false;
}

/* ---- walking a CPU's time --------------------------------------------------------------------- */

/* Time per task: @t[*@n] of at most @max, @ns added to @pid's (made if new). */
void cause_tally(struct cause_task *t, int *n, int max, int32_t pid, const char *comm, int32_t prio,
		 uint64_t ns)
{
	int k;

	for (k = 0; k < *n && t[k].pid != pid; k++)
		;
	if (k == *n) {
		if (*n == max)
			return;
		memset(&t[k], 0, sizeof(t[k]));
		t[k].pid = pid;
		util_strlcpy(t[k].comm, comm, RTW_COMM_LEN);
		t[k].prio = prio;
		t[k].never_sleeps = -1;
		(*n)++;
	}
	t[k].run_ns += ns;
}
