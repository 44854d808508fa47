// SPDX-License-Identifier: GPL-2.0-only
/*
 * irqs/judge - threads linked to actions, kinds, verdicts and remedies.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/config.h"
#include "rtwhy/irqs/judge.h"
#include "analysis/util.h"

/* Handlers the kernel never threads: IRQF_TIMER implies IRQF_NO_THREAD, and per-CPU timers. */
static const char *const irqs_judge_timer_names[] = {
	"timer",       "arch_timer",	   "arch_mem_timer",
	"riscv-timer", "kvm guest vtimer", "kvm guest ptimer",
};

const char *irqs_judge_kind_name(enum irqs_judge_kind k)
{
	switch (k) {
	case IRQS_JUDGE_TIMER:
		return "timer";
	case IRQS_JUDGE_UNUSED:
		return "unused";
	default:
		return "device";
	}
}

const char *irqs_judge_observed_name(enum irqs_judge_observed o)
{
	switch (o) {
	case IRQS_JUDGE_OBS_UNSEEN:
		return "unseen";
	case IRQS_JUDGE_OBS_HARDIRQ:
		return "hardirq";
	case IRQS_JUDGE_OBS_THREAD:
		return "thread";
	default:
		return NULL;
	}
}

void irqs_judge_sched(const struct irqs_gather_thread *th, char *buf, size_t len)
{
	const char *policy = config_policy_name(th->policy);

	if (th->policy == SCHED_FIFO || th->policy == SCHED_RR)
		snprintf(buf, len, "%s %d", policy, th->prio);
	else
		snprintf(buf, len, "%s nice %d", policy, th->prio);
}

/* Does thread name @tn (maybe cut to fit the 16-byte comm) name action @a (@alen bytes)? */
static bool irqs_judge_thread_names(const char *tn, const char *a, size_t alen)
{
	size_t tlen = strlen(tn);

	return tlen && tlen <= alen && !strncmp(tn, a, tlen);
}

static bool irqs_judge_is_timer(const struct irqs_gather_irq *q)
{
	const char *a = q->name;

	while (*a) {
		const char *sep = strstr(a, ", ");
		size_t alen = sep ? (size_t)(sep - a) : strlen(a), i;
		bool timer = false;

		for (i = 0; i < ARRAY_SIZE(irqs_judge_timer_names); i++)
			if (strlen(irqs_judge_timer_names[i]) == alen &&
			    !strncmp(irqs_judge_timer_names[i], a, alen))
				timer = true;
		if (!timer)
			return false;
		a += alen + (sep ? 2 : 0);
	}
	return true;
}

/* Link the IRQ to its threads and decide its kind and whether it is threaded. */
static void irqs_judge_link(const struct irqs_gather_table *t, const struct irqs_gather_irq *q,
			    struct irqs_judge_irq *v)
{
	const char *a = q->name;
	size_t k;

	v->thread = v->secondary = -1;
	for (k = 0; k < t->nr_threads; k++) {
		if (t->threads[k].irq != q->irq)
			continue;
		if (t->threads[k].secondary && v->secondary < 0)
			v->secondary = (int)k;
		else if (!t->threads[k].secondary && v->thread < 0)
			v->thread = (int)k;
	}
	v->nr_threaded = 0;
	while (*a) {
		const char *sep = strstr(a, ", ");
		size_t alen = sep ? (size_t)(sep - a) : strlen(a);

		for (k = 0; k < t->nr_threads; k++) {
			const struct irqs_gather_thread *th = &t->threads[k];

			if (th->irq == q->irq && !th->secondary &&
			    irqs_judge_thread_names(th->name, a, alen)) {
				v->nr_threaded++;
				break;
			}
		}
		a += alen + (sep ? 2 : 0);
	}
	if (q->nr_actions == 0)
		v->kind = IRQS_JUDGE_UNUSED;
	else if (irqs_judge_is_timer(q))
		v->kind = IRQS_JUDGE_TIMER;
	else
		v->kind = IRQS_JUDGE_DEVICE;
	v->threaded = q->name[0] ? v->nr_threaded == q->nr_actions : v->thread >= 0;
}

static enum irqs_judge_observed irqs_judge_observed(const struct irqs_gather_table *t,
						    const struct irqs_gather_irq *q)
{
	if (!t->observed)
		return IRQS_JUDGE_OBS_NONE;
	if (q->thread_runs || q->seen_task)
		return IRQS_JUDGE_OBS_THREAD;
	if (q->seen_hardirq)
		return IRQS_JUDGE_OBS_HARDIRQ;
	return IRQS_JUDGE_OBS_UNSEEN;
}

static void irqs_judge_verdict(const struct irqs_gather_irq *q, struct irqs_judge_irq *v)
{
	char *buf = v->verdict, cpus[64];
	size_t len = sizeof(v->verdict);
	const char *base;

	if (v->kind == IRQS_JUDGE_UNUSED) {
		snprintf(buf, len, "no handler");
		return;
	}
	if (v->kind == IRQS_JUDGE_TIMER) {
		snprintf(buf, len, "timer: never threaded");
		return;
	}
	base = v->threaded ? "threaded" : v->nr_threaded ? "partly threaded" : "NOT threaded";
	util_format_cpulist(&q->hard_cpus, cpus, sizeof(cpus));
	switch (v->observed) {
	case IRQS_JUDGE_OBS_THREAD:
		snprintf(buf, len, "%s; ran in its thread", base);
		break;
	case IRQS_JUDGE_OBS_HARDIRQ:
		if (v->threaded)
			snprintf(buf, len, "%s, but handled in hard IRQ context (CPU %s)", base,
				 cpus);
		else
			snprintf(buf, len, "%s: ran in hard IRQ context on CPU %s", base, cpus);
		break;
	case IRQS_JUDGE_OBS_UNSEEN:
		if (q->fired)
			snprintf(buf, len, "%s; fired %llu times, not in the trace", base,
				 (unsigned long long)q->fired);
		else
			snprintf(buf, len, "%s; did not fire", base);
		break;
	default:
		snprintf(buf, len, "%s%s", base, v->threaded ? "" : ": hard IRQ context");
		break;
	}
}

static void irqs_judge_overall(const struct irqs_gather_table *t, struct irqs_judge *v)
{
	if (v->nr_device == 0)
		snprintf(v->verdict, sizeof(v->verdict),
			 "no device IRQ has a handler installed (forced threading: %s)",
			 t->forced ? "yes" : "no");
	else if (v->nr_unthreaded == 0)
		snprintf(v->verdict, sizeof(v->verdict), "all %zu device IRQs are threaded (%s)",
			 v->nr_device, t->forced_by);
	else
		snprintf(v->verdict, sizeof(v->verdict),
			 "%zu of %zu device IRQs not threaded: their handlers run in hard IRQ "
			 "context, which no task priority can preempt (%s)",
			 v->nr_unthreaded, v->nr_device, t->forced_by);
}

/* The busiest unthreaded device IRQ: during the window if observed, else since boot. */
static const struct irqs_gather_irq *irqs_judge_busiest_hard(const struct irqs_gather_table *t,
							     const struct irqs_judge *v)
{
	const struct irqs_gather_irq *best = NULL;
	size_t i;

	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqs_gather_irq *q = &t->irqs[i];
		uint64_t n = t->observed ? q->seen_hardirq : q->total;

		if (v->irqs[i].kind != IRQS_JUDGE_DEVICE || v->irqs[i].threaded || !n)
			continue;
		if (!best || n > (t->observed ? best->seen_hardirq : best->total))
			best = q;
	}
	return best;
}

static void irqs_judge_remedies(const struct irqs_gather_table *t, struct irqs_judge *v)
{
	const struct irqs_gather_irq *busy = irqs_judge_busiest_hard(t, v);
	size_t i, bad = v->nr_unthreaded;
	char sched[64];
	int nr = 0;

	if (bad && !t->forced)
		snprintf(
			v->remedies[nr++], IRQS_JUDGE_REMEDY_LEN,
			"boot with threadirqs on the kernel command line (or use a PREEMPT_RT "
			"kernel): device handlers then run in irq/N-name threads at SCHED_FIFO 50, "
			"which an RT thread above 50 preempts");
	else if (bad)
		snprintf(v->remedies[nr++], IRQS_JUDGE_REMEDY_LEN,
			 "threading is forced, yet %zu device IRQ%s not threaded (IRQF_NO_THREAD): "
			 "keep %s off the CPUs of your RT threads",
			 bad, bad == 1 ? " is" : "s are", bad == 1 ? "it" : "them");
	if (busy && t->nr_cpus > 1)
		snprintf(v->remedies[nr++], IRQS_JUDGE_REMEDY_LEN,
			 "move busy hard IRQs off the CPUs of your RT threads, e.g. IRQ %d (%s): "
			 "echo %d > /proc/irq/%d/smp_affinity_list (stop irqbalance, or it moves "
			 "it back)",
			 busy->irq, busy->name, t->cpus[0], busy->irq);
	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqs_gather_thread *th;

		if (v->irqs[i].thread < 0)
			continue;
		th = &t->threads[v->irqs[i].thread];
		irqs_judge_sched(th, sched, sizeof(sched));
		snprintf(v->remedies[nr++], IRQS_JUDGE_REMEDY_LEN,
			 "IRQ threads run at %s (%s, pid %d): an RT thread at or below that waits "
			 "for them; measure with rtwhy -p 80, or change a thread with chrt -f -p "
			 "PRIO PID",
			 sched, th->comm, th->pid);
		break;
	}
	v->nr_remedies = nr;
}

int irqs_judge_run(const struct irqs_gather_table *t, struct irqs_judge *v)
{
	size_t i;

	memset(v, 0, sizeof(*v));
	v->irqs = calloc(t->nr_irqs ? t->nr_irqs : 1, sizeof(*v->irqs));
	if (!v->irqs)
		return -ENOMEM;
	v->nr_irqs = t->nr_irqs;
	for (i = 0; i < t->nr_irqs; i++) {
		struct irqs_judge_irq *q = &v->irqs[i];

		irqs_judge_link(t, &t->irqs[i], q);
		q->observed = irqs_judge_observed(t, &t->irqs[i]);
		irqs_judge_verdict(&t->irqs[i], q);
		if (q->kind != IRQS_JUDGE_DEVICE)
			continue;
		v->nr_device++;
		if (!q->threaded)
			v->nr_unthreaded++;
	}
	irqs_judge_overall(t, v);
	irqs_judge_remedies(t, v);
	return 0;
}

void irqs_judge_free(struct irqs_judge *v)
{
	free(v->irqs);
	memset(v, 0, sizeof(*v));
}
