// SPDX-License-Identifier: GPL-2.0-only
/*
 * result - the names and labels of the result model's values (result.h):
 * culprit kinds, policies, roles, how a deadline was found, how a culprit
 * is called in a text. Pure: no I/O.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "analysis/event.h"
#include "analysis/result.h"
#include "analysis/timeline.h"
#include "analysis/util.h"

const char *blame_kind_name(enum blame_kind kind)
{
	switch (kind) {
	case BLAME_TASK:
		return "task";
	case BLAME_IRQ_THREAD:
		return "irq_thread";
	case BLAME_HARDIRQ:
		return "hardirq";
	case BLAME_SOFTIRQ:
		return "softirq";
	case BLAME_IDLE:
		return "idle";
	case BLAME_TIMER_SLACK:
		return "timer_slack";
	case BLAME_UNACCOUNTED:
		return "unaccounted";
	}
	return "?";
}

const char *blame_policy_name(int policy)
{
	switch (policy) {
	case SCHED_OTHER:
		return "other";
	case SCHED_FIFO:
		return "fifo";
	case SCHED_RR:
		return "rr";
	case SCHED_BATCH:
		return "batch";
	case SCHED_IDLE:
		return "idle";
#ifdef SCHED_DEADLINE
	case SCHED_DEADLINE:
		return "deadline";
#endif
	default:
		return "unknown";
	}
}

bool blame_policy_is_rt(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR;
}

const char *blame_deadline_words(const struct blame_spike *sp)
{
	switch (sp->deadline_from) {
	case BLAME_DEADLINE_FREEZE:
		return sp->deadline_exact ? "exact (clock mono)" : "rtwhy's FREEZE marker";
	case BLAME_DEADLINE_HRTIMER:
		return sp->deadline_exact ? "exact: the thread's own hrtimer_start (clock mono)"
					  : "the thread's own hrtimer_start, put on the trace "
					    "clock by its expiry";
	case BLAME_DEADLINE_MARKER:
		return "marker time minus its latency (no hrtimer_start of the thread in the "
		       "trace)";
	default:
		return sp->deadline_exact ? "exact (clock mono)" : "as given";
	}
}

const char *blame_role_name(int role)
{
	static const char *const names[] = {
		[BLAME_ROLE_NONE] = "",
		[BLAME_ROLE_RT_BUDGET] = "rt_budget",
		[BLAME_ROLE_STARVER] = "starver",
		[BLAME_ROLE_BOOSTED] = "boosted",
		[BLAME_ROLE_HOLDER] = "lock_holder",
		[BLAME_ROLE_MIDDLE] = "inversion_middle",
		[BLAME_ROLE_STOPPER] = "cpu_stopper",
	};

	return role >= 0 && role < (int)ARRAY_SIZE(names) ? names[role] : "";
}

bool blame_culprit_is_others(const struct blame_culprit *c)
{
	return c->kind == BLAME_UNACCOUNTED && c->pid == -1 && !strcmp(c->name, "others");
}

uint64_t blame_unaccounted_ns(const struct blame_result *res, int *top)
{
	uint64_t ns = 0;
	int i;

	if (top)
		*top = -1;
	for (i = 0; i < res->nr_culprits; i++) {
		if (res->culprit[i].kind != BLAME_UNACCOUNTED)
			continue;
		ns += res->culprit[i].ns;
		if (top && *top < 0)
			*top = i;
	}
	return ns;
}

bool blame_culprit_is_thread(const struct blame_culprit *c)
{
	return c->kind == BLAME_TASK || c->kind == BLAME_IRQ_THREAD;
}

bool blame_culprit_is_explainer(const struct blame_culprit *c)
{
	return (c->flags & BLAME_C_SELF) && !strcmp(c->comm, BLAME_EXPLAINER_COMM);
}

const char *blame_culprit_self_name(const struct blame_culprit *c)
{
	if (!(c->flags & BLAME_C_SELF))
		return NULL;
	return blame_culprit_is_explainer(c) ? "explaining thread" : "main thread";
}

const char *blame_irq_label(const char *name)
{
	if (!strncmp(name, "softirq:", 8))
		return name + 8;
	return strncmp(name, "timer:", 6) ? name : name + 6;
}

const char *blame_irq_noun(const char *name)
{
	return strncmp(name, "softirq:", 8) ? "interrupt" : "softirq";
}

void blame_culprit_label(const struct blame_culprit *c, char *buf, size_t len)
{
	if (c->kind == BLAME_TASK && (c->flags & BLAME_C_SELF)) {
		char task[96];
		struct blame_culprit plain = *c;

		plain.flags &= (uint8_t)~BLAME_C_SELF;
		blame_culprit_label(&plain, task, sizeof(task));
		/* "rtwhy (pid 286, other nice 0)" -> "rtwhy's own main thread (pid 286, ...)" */
		snprintf(buf, len, "rtwhy's own %s %s", blame_culprit_self_name(c),
			 strchr(task, '(') ? strchr(task, '(') : task);
		return;
	}
	switch (c->kind) {
	case BLAME_TASK:
	case BLAME_IRQ_THREAD:
		if (c->role == BLAME_ROLE_STOPPER || event_comm_is_stopper(c->comm))
			snprintf(buf, len, "%s (pid %d, stop class)", c->comm, c->pid);
		else if (c->prio == TL_PRIO_UNKNOWN)
			snprintf(buf, len, "%s (pid %d)", c->comm[0] ? c->comm : "?", c->pid);
		else if (c->prio < 0)
			snprintf(buf, len, "%s (pid %d, deadline)", c->comm[0] ? c->comm : "?",
				 c->pid);
		else if (blame_policy_is_rt(c->policy) || event_prio_is_rt(c->prio))
			snprintf(buf, len, "%s (pid %d, %s %d)", c->comm[0] ? c->comm : "?", c->pid,
				 blame_policy_name(c->policy), event_user_prio(c->prio));
		else
			snprintf(buf, len, "%s (pid %d, %s nice %d)", c->comm[0] ? c->comm : "?",
				 c->pid, blame_policy_name(c->policy), event_user_prio(c->prio));
		return;
	case BLAME_HARDIRQ:
		if (c->irq >= 0)
			snprintf(buf, len, "IRQ %d %s", c->irq, c->name);
		else if (!strncmp(c->name, "timer:", 6))
			snprintf(buf, len, "timer interrupt (%s)", c->name + 6);
		else
			snprintf(buf, len, "%s interrupt", c->name[0] ? c->name : "an");
		return;
	case BLAME_SOFTIRQ:
		snprintf(buf, len, "softirq %s", c->name);
		return;
	case BLAME_IDLE:
		snprintf(buf, len, "idle");
		return;
	case BLAME_TIMER_SLACK:
		snprintf(buf, len, "timer slack");
		return;
	case BLAME_UNACCOUNTED:
		if (blame_culprit_is_others(c))
			snprintf(buf, len, "others (the long tail of small culprits)");
		else if (c->name[0] && c->pid >= 0)
			snprintf(buf, len, "nothing visible (inside the %s %s, %s%s)",
				 blame_irq_label(c->name), blame_irq_noun(c->name),
				 !c->pid				       ? "CPU idle"
				 : !strcmp(blame_irq_noun(c->name), "softirq") ? "run by "
									       : "interrupting ",
				 c->pid ? c->comm : "");
		else if (c->pid > 0)
			snprintf(buf, len, "nothing visible (while %s ran)", c->comm);
		else if (c->pid == 0)
			snprintf(buf, len, "nothing visible (CPU idle)");
		else
			snprintf(buf, len, "nothing visible");
		return;
	}
	snprintf(buf, len, "?");
}

const char *cause_ruled_out_name(uint32_t bit)
{
	static const char *const names[CAUSE_NR_RULED_OUT] = {
		"events_lost", "task", "irq", "bandwidth", "cpu_stopper", "lock", "smi",
	};
	int i;

	for (i = 0; i < CAUSE_NR_RULED_OUT; i++)
		if (bit == 1u << i)
			return names[i];
	return "?";
}

const char *cause_stack_where_name(int where)
{
	switch (where) {
	case CAUSE_STACK_KERNEL:
		return "kernel";
	case CAUSE_STACK_USER:
		return "user";
	case CAUSE_STACK_IDLE:
		return "idle";
	case CAUSE_STACK_UNKNOWN:
		return "unknown";
	default:
		return "none";
	}
}

const char *cause_stack_words(const struct cause_stack *st, int max, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < st->nr && i < max && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " <- " : "",
					 st->frame[i]);
	if (i < st->nr && used < len)
		snprintf(buf + used, len - used, " <- ...");
	return buf;
}
