// SPDX-License-Identifier: GPL-2.0-only
/*
 * pidmap - pid -> (comm, prio), learned from the events as they pass.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pidmap.h"
#include "analysis/util.h"

static size_t pidmap_hash(int32_t pid, size_t mask)
{
	return ((uint32_t)pid * 2654435761u) & mask;
}

static int pidmap_alloc(struct pidmap *m, size_t mask)
{
	size_t i;

	m->slot = malloc((mask + 1) * sizeof(*m->slot));
	if (!m->slot)
		return -ENOMEM;
	for (i = 0; i <= mask; i++)
		m->slot[i].pid = -1;
	m->mask = mask;
	m->used = 0;
	return 0;
}

int pidmap_init(struct pidmap *m)
{
	return pidmap_alloc(m, 1023);
}

void pidmap_free(struct pidmap *m)
{
	free(m->slot);
	m->slot = NULL;
	m->used = 0;
}

const struct pidmap_task *pidmap_find(const struct pidmap *m, int32_t pid)
{
	size_t i = pidmap_hash(pid, m->mask);

	while (m->slot[i].pid != -1) {
		if (m->slot[i].pid == pid)
			return &m->slot[i];
		i = (i + 1) & m->mask;
	}
	return NULL;
}

static int pidmap_grow(struct pidmap *m)
{
	struct pidmap old = *m;
	size_t i, j;

	if (pidmap_alloc(m, old.mask * 2 + 1)) {
		*m = old;
		return -ENOMEM;
	}
	for (i = 0; i <= old.mask; i++) {
		if (old.slot[i].pid == -1)
			continue;
		j = pidmap_hash(old.slot[i].pid, m->mask);
		while (m->slot[j].pid != -1)
			j = (j + 1) & m->mask;
		m->slot[j] = old.slot[i];
		m->used++;
	}
	free(old.slot);
	return 0;
}

void pidmap_note(struct pidmap *m, int32_t pid, const char *comm, int32_t prio)
{
	struct pidmap_task *t;
	size_t i;

	if (pid < 0 || !m->slot)
		return;
	t = (struct pidmap_task *)pidmap_find(m, pid);
	if (!t) {
		if ((m->used + 1) * 2 > m->mask + 1 && pidmap_grow(m))
			return; /* out of memory: lose a name, not the analysis */
		i = pidmap_hash(pid, m->mask);
		while (m->slot[i].pid != -1)
			i = (i + 1) & m->mask;
		t = &m->slot[i];
		t->pid = pid;
		t->prio = PIDMAP_PRIO_UNKNOWN;
		t->policy = PIDMAP_POLICY_UNKNOWN;
		t->pinned = 0;
		t->comm[0] = '\0';
		m->used++;
	}
	if (comm && comm[0] && strcmp(comm, "<...>"))
		util_strlcpy(t->comm, comm, sizeof(t->comm));
	if (prio != PIDMAP_PRIO_UNKNOWN)
		t->prio = prio;
}

void pidmap_set_policy(struct pidmap *m, int32_t pid, int policy)
{
	struct pidmap_task *t = m->slot ? (struct pidmap_task *)pidmap_find(m, pid) : NULL;

	if (t)
		t->policy = policy;
}

void pidmap_set_pinned(struct pidmap *m, int32_t pid, bool pinned)
{
	struct pidmap_task *t = m->slot ? (struct pidmap_task *)pidmap_find(m, pid) : NULL;

	if (t)
		t->pinned = pinned;
}

const struct pidmap_task *pidmap_next(const struct pidmap *m, size_t *pos)
{
	while (m->slot && *pos <= m->mask) {
		const struct pidmap_task *t = &m->slot[(*pos)++];

		if (t->pid != -1)
			return t;
	}
	return NULL;
}

void pidmap_learn(struct pidmap *m, const struct rtw_event *e)
{
	switch (e->kind) {
	case RTW_EV_SWITCH:
		pidmap_note(m, e->u.sw.prev_pid, e->u.sw.prev_comm, e->u.sw.prev_prio);
		pidmap_note(m, e->u.sw.next_pid, e->u.sw.next_comm, e->u.sw.next_prio);
		break;
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		pidmap_note(m, e->u.wake.pid, e->u.wake.comm, e->u.wake.prio);
		break;
	case RTW_EV_MIGRATE:
		pidmap_note(m, e->u.mig.pid, e->u.mig.comm, e->u.mig.prio);
		break;
	default:
		break;
	}
	if (e->kind != RTW_EV_LOST)
		pidmap_note(m, e->pid, e->comm, PIDMAP_PRIO_UNKNOWN);
}
