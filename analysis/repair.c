// SPDX-License-Identifier: GPL-2.0-only
/*
 * repair - two passes: find where a CPU's common_pid changes without a
 * sched_switch, then copy the events with a synthetic switch inserted where
 * it most likely happened (see repair.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pidmap.h"
#include "analysis/repair.h"
#include "analysis/util.h"

struct repair_cpu {
	int32_t pid; /* current task, -1 unknown */
	char comm[RTW_COMM_LEN];
	long last; /* index of the previous event of this CPU, -1 none */
};

struct repair_insert {
	size_t after; /* insert after this input index */
	uint64_t ts_ns;
	int32_t cpu;
	int32_t prev_pid;
	int32_t next_pid;
	char prev_comm[RTW_COMM_LEN];
	char next_comm[RTW_COMM_LEN];
	int32_t prev_prio;
	int32_t next_prio;
};

static int32_t repair_prio(const struct pidmap *tasks, int32_t pid)
{
	const struct pidmap_task *t = pidmap_find(tasks, pid);

	return t && t->prio != PIDMAP_PRIO_UNKNOWN ? t->prio : 120;
}

/* repair_add - room for one more insert in @ins (grown by doubling); NULL when out of memory */
static struct repair_insert *repair_add(struct repair_insert **ins, size_t *nr, size_t *cap)
{
	if (*nr == *cap) {
		size_t bigger_cap = *cap ? *cap * 2 : 64;
		struct repair_insert *bigger = realloc(*ins, bigger_cap * sizeof(**ins));

		if (!bigger)
			return NULL;
		*ins = bigger;
		*cap = bigger_cap;
	}
	return &(*ins)[(*nr)++];
}

/*
 * repair_place - where the switch @e revealed on @c goes. Idle, or a pending need-resched:
 * it follows the previous event (an interrupt's end), or the next task's wakeup when that came
 * later: a task runs only once woken, and a polling idle CPU is woken from another CPU with no
 * event of its own (no IPI). Else the task ran on, unseen, until it blocked: the switch
 * precedes the next task's first event, or the time the next task is known to have run
 * (@ran: a thread's clock read comes before its marker) when that is later than the CPU's
 * previous event.
 */
static void repair_place(struct repair_insert *r, const struct rtw_event *ev, size_t i,
			 const struct repair_cpu *c, const struct pidmap *tasks,
			 const struct repair_ran *ran)
{
	const struct rtw_event *e = &ev[i];
	size_t w;

	if (c->pid == 0 || (ev[c->last].flags & RTW_F_ANY_RESCHED)) {
		r->after = (size_t)c->last;
		for (w = i - 1; w > (size_t)c->last; w--) {
			if (ev[w].pid == e->pid && ev[w].cpu != e->cpu)
				break; /* it ran elsewhere since: it migrated here, unseen */
			if ((ev[w].kind == RTW_EV_WAKING || ev[w].kind == RTW_EV_WAKEUP) &&
			    ev[w].u.wake.pid == e->pid &&
			    (ev[w].u.wake.target_cpu == e->cpu || ev[w].u.wake.target_cpu < 0)) {
				r->after = w;
				break;
			}
		}
		r->ts_ns = ev[r->after].ts_ns;
	} else if (ran && ran->pid == e->pid && ran->cpu == e->cpu && ran->ts_ns < e->ts_ns &&
		   ran->ts_ns >= ev[c->last].ts_ns) {
		for (w = i - 1; w > (size_t)c->last && ev[w].ts_ns > ran->ts_ns; w--)
			;
		r->after = w;
		r->ts_ns = ran->ts_ns;
	} else {
		r->after = i - 1;
		r->ts_ns = e->ts_ns;
	}
	r->cpu = e->cpu;
	r->prev_pid = c->pid;
	memcpy(r->prev_comm, c->comm, RTW_COMM_LEN);
	r->next_pid = e->pid;
	memcpy(r->next_comm, e->comm, RTW_COMM_LEN);
	r->prev_prio = repair_prio(tasks, c->pid);
	r->next_prio = repair_prio(tasks, e->pid);
}

/* repair_find - the first pass: each CPU's common_pid changes without a switch, in @ins */
static int repair_find(const struct rtw_event *ev, size_t n, const struct repair_ran *ran,
		       struct repair_cpu *cpus, struct pidmap *tasks, struct repair_insert **ins,
		       size_t *nr_ins)
{
	size_t cap_ins = 0, i;

	for (i = 0; i < RTW_MAX_CPUS; i++) {
		cpus[i].pid = -1;
		cpus[i].last = -1;
	}
	for (i = 0; i < n; i++) {
		const struct rtw_event *e = &ev[i];
		struct repair_cpu *c;

		if (e->cpu < 0 || e->cpu >= RTW_MAX_CPUS)
			continue;
		c = &cpus[e->cpu];
		if (e->kind == RTW_EV_LOST) {
			c->pid = -1;
			c->last = -1;
			continue;
		}
		if (c->pid >= 0 && e->pid >= 0 && e->pid != c->pid && c->last >= 0) {
			struct repair_insert *r = repair_add(ins, nr_ins, &cap_ins);

			if (!r)
				return -ENOMEM;
			repair_place(r, ev, i, c, tasks, ran);
		}
		pidmap_learn(tasks, e);
		if (e->kind == RTW_EV_SWITCH) {
			c->pid = e->u.sw.next_pid;
			memcpy(c->comm, e->u.sw.next_comm, RTW_COMM_LEN);
		} else if (e->pid >= 0) {
			c->pid = e->pid;
			memcpy(c->comm, e->comm, RTW_COMM_LEN);
		}
		c->last = (long)i;
	}
	return 0;
}

/* repair_switch_event - the synthetic sched_switch of @r */
static void repair_switch_event(struct rtw_event *s, const struct repair_insert *r)
{
	memset(s, 0, sizeof(*s));
	s->ts_ns = r->ts_ns;
	s->cpu = r->cpu;
	s->pid = r->prev_pid;
	s->kind = RTW_EV_SWITCH;
	s->flags = RTW_F_IRQS_OFF;
	memcpy(s->comm, r->prev_comm, RTW_COMM_LEN);
	s->u.sw.prev_pid = r->prev_pid;
	s->u.sw.prev_prio = r->prev_prio;
	s->u.sw.prev_state = RTW_STATE_INFERRED;
	memcpy(s->u.sw.prev_comm, r->prev_comm, RTW_COMM_LEN);
	s->u.sw.next_pid = r->next_pid;
	s->u.sw.next_prio = r->next_prio;
	memcpy(s->u.sw.next_comm, r->next_comm, RTW_COMM_LEN);
}

long repair_switches(const struct rtw_event *ev, size_t n, const struct repair_ran *ran,
		     struct rtw_event **out, size_t *nout)
{
	struct repair_insert *ins = NULL;
	struct pidmap tasks;
	struct repair_cpu *cpus;
	size_t nr_ins = 0, i, k, o;
	struct rtw_event *res;
	int ret;

	cpus = malloc(RTW_MAX_CPUS * sizeof(*cpus));
	if (!cpus)
		return -ENOMEM;
	if (pidmap_init(&tasks)) {
		free(cpus);
		return -ENOMEM;
	}
	ret = repair_find(ev, n, ran, cpus, &tasks, &ins, &nr_ins);
	free(cpus);
	pidmap_free(&tasks);
	if (ret) {
		free(ins);
		return ret;
	}

	if (!nr_ins) { /* nothing to put back: no copy */
		free(ins);
		*out = NULL;
		*nout = n;
		return 0;
	}
	res = malloc((n + nr_ins) * sizeof(*res));
	if (!res) {
		free(ins);
		return -ENOMEM;
	}
	/* @ins is ordered by the event that revealed it, not by @after: sort by @after */
	for (i = 1; i < nr_ins; i++) {
		struct repair_insert tmp = ins[i];

		for (k = i; k > 0 && ins[k - 1].after > tmp.after; k--)
			ins[k] = ins[k - 1];
		ins[k] = tmp;
	}
	for (i = 0, k = 0, o = 0; i < n; i++) {
		res[o++] = ev[i];
		for (; k < nr_ins && ins[k].after == i; k++)
			repair_switch_event(&res[o++], &ins[k]);
	}
	free(ins);
	*out = res;
	*nout = o;
	return (long)nr_ins;
}
