// SPDX-License-Identifier: GPL-2.0-only
/*
 * irqs/gather - /proc/interrupts, /proc/irq/N, the irq/N threads, the
 * forced threading, and the --observe tracing window.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/host/kernel.h"
#include "rtwhy/irqs/gather.h"
#include "rtwhy/log.h"
#include "rtwhy/procfs.h"
#include "rtwhy/sigflag.h"
#include "rtwhy/timenow.h"
#include "rtwhy/tsession.h"
#include "analysis/util.h"

#define IRQS_GATHER_DRAIN_NS   NSEC_PER_SEC /* read the buffer this often */
#define IRQS_GATHER_BUFFER_KB  4096	    /* per CPU: sched_switch is busy... */
#define IRQS_GATHER_TOTAL_KB   65536	    /* ...but not more than this in all */
#define IRQS_GATHER_PF_KTHREAD 0x00200000UL /* task flag of kernel threads */
#define IRQS_GATHER_CPULIST    4096	    /* bytes of a CPU list file */

static void irqs_gather_note(struct irqs_gather_table *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void irqs_gather_note(struct irqs_gather_table *t, const char *fmt, ...)
{
	va_list ap;

	if (t->nr_notes >= IRQS_GATHER_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(t->notes[t->nr_notes++], IRQS_GATHER_NOTE_LEN, fmt, ap);
	va_end(ap);
}

/* A CPU list file into @set. Return: true if read and not empty. */
static bool irqs_gather_cpulist(const char *root, const char *rel, cpu_set_t *set, ssize_t *err)
{
	char buf[IRQS_GATHER_CPULIST];
	ssize_t n = procfs_read(root, rel, buf, sizeof(buf));

	if (err)
		*err = n < 0 ? n : 0;
	CPU_ZERO(set);
	return n > 0 && !util_parse_cpulist(buf, set);
}

/* ---- /proc/interrupts --------------------------------------------------------------- */

/* Collapse runs of blanks into one space, trim both ends. */
static void irqs_gather_squeeze(char *s)
{
	char *r = s, *w = s;

	while (isspace((unsigned char)*r))
		r++;
	while (*r) {
		if (!isspace((unsigned char)*r)) {
			*w++ = *r++;
			continue;
		}
		while (isspace((unsigned char)*r))
			r++;
		if (*r)
			*w++ = ' ';
	}
	*w = '\0';
}

static int irqs_gather_header(const char *line, struct irqs_gather_table *t)
{
	const char *p = line;
	int n = 0, cap = 0, *tmp;

	while ((p = strstr(p, "CPU"))) {
		char *end;
		long cpu = strtol(p + 3, &end, 10);

		if (end == p + 3) {
			p += 3;
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			tmp = realloc(t->cpus, (size_t)cap * sizeof(*tmp));
			if (!tmp)
				return -ENOMEM;
			t->cpus = tmp;
		}
		t->cpus[n++] = (int)cpu;
		p = end;
	}
	t->nr_cpus = n;
	return n ? 0 : -EINVAL;
}

/* Up to @max counts after the label; returns how many and advances *@pp. */
static int irqs_gather_counts(const char **pp, uint64_t *counts, int max, uint64_t *total)
{
	const char *p = *pp;
	int n = 0;

	*total = 0;
	while (n < max) {
		char *end;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!isdigit((unsigned char)*p))
			break;
		counts[n] = strtoull(p, &end, 10);
		*total += counts[n++];
		p = end;
	}
	*pp = p;
	return n;
}

/* "IO-APIC   5-edge      ACPI:Ged": the names follow the last run of two blanks. */
static void irqs_gather_split_desc(const char *desc, struct irqs_gather_irq *q)
{
	const char *names = NULL, *p;
	size_t chip_len = strlen(desc);

	for (p = desc; *p; p++) {
		if (p[0] == ' ' && p[1] == ' ') {
			chip_len = (size_t)(p - desc);
			while (*p == ' ')
				p++;
			names = p;
			p--;
		}
	}
	/* "IO-APIC   2-edge" without an action: the last field is the flow type */
	if (names && isdigit((unsigned char)names[0]) && strchr(names, '-') &&
	    !strchr(names, ' ') &&
	    (strstr(names, "edge") || strstr(names, "level") || strstr(names, "eoi"))) {
		chip_len = strlen(desc);
		names = NULL;
	}
	snprintf(q->chip, sizeof(q->chip), "%.*s", (int)chip_len, desc);
	irqs_gather_squeeze(q->chip);
	util_strlcpy(q->name, names ? names : "", sizeof(q->name));
	q->nr_actions = 0;
	if (q->name[0]) {
		q->nr_actions = 1;
		for (p = q->name; (p = strstr(p, ", ")); p += 2)
			q->nr_actions++;
	}
}

/*
 * Room for one more element in an array of @n: the capacity is 8, then the
 * next power of two, so it is full exactly when @n is 8, 16, 32...
 * Return: the (maybe moved) array, or NULL with @arr untouched.
 */
static void *irqs_gather_grow(void *arr, size_t n, size_t size)
{
	if (!arr)
		return malloc(8 * size);
	if (n < 8 || (n & (n - 1)))
		return arr;
	return realloc(arr, 2 * n * size);
}

static int irqs_gather_row(struct irqs_gather_table *t, const char *line)
{
	const char *colon = strchr(line, ':'), *p, *label = line;
	uint64_t *counts;
	char desc[IRQS_GATHER_NAME_LEN * 2];
	uint64_t total;
	size_t label_len;
	int n;
	void *tmp;

	while (*label == ' ')
		label++;
	if (!colon || colon <= label)
		return 0;
	label_len = (size_t)(colon - label);
	counts = calloc((size_t)t->nr_cpus ? (size_t)t->nr_cpus : 1, sizeof(*counts));
	if (!counts)
		return -ENOMEM;
	p = colon + 1;
	n = irqs_gather_counts(&p, counts, t->nr_cpus, &total);
	while (*p == ' ' || *p == '\t')
		p++;
	snprintf(desc, sizeof(desc), "%s", p);
	for (size_t l = strlen(desc); l && isspace((unsigned char)desc[l - 1]); l--)
		desc[l - 1] = '\0';

	if (isdigit((unsigned char)*label) && strspn(label, "0123456789") == label_len) {
		struct irqs_gather_irq *q;

		tmp = irqs_gather_grow(t->irqs, t->nr_irqs, sizeof(*t->irqs));
		if (!tmp)
			goto nomem;
		t->irqs = tmp;
		q = &t->irqs[t->nr_irqs++];
		memset(q, 0, sizeof(*q));
		q->irq = atoi(label);
		q->counts = counts;
		q->total = total;
		irqs_gather_split_desc(desc, q);
		return 0;
	}
	tmp = irqs_gather_grow(t->vecs, t->nr_vecs, sizeof(*t->vecs));
	if (!tmp)
		goto nomem;
	t->vecs = tmp;
	{
		struct irqs_gather_vector *v = &t->vecs[t->nr_vecs++];

		memset(v, 0, sizeof(*v));
		snprintf(v->name, sizeof(v->name), "%.*s", (int)label_len, label);
		util_strlcpy(v->desc, desc, sizeof(v->desc));
		v->counts = counts;
		v->nr_counts = n;
		v->total = total;
	}
	return 0;
nomem:
	free(counts);
	return -ENOMEM;
}

int irqs_gather_parse_interrupts(const char *text, struct irqs_gather_table *t)
{
	char *copy = strdup(text), *line, *rest;
	int ret;

	if (!copy)
		return -ENOMEM;
	rest = copy;
	line = strsep(&rest, "\n");
	ret = irqs_gather_header(line, t);
	while (!ret && rest) {
		line = strsep(&rest, "\n");
		if (*line)
			ret = irqs_gather_row(t, line);
	}
	free(copy);
	return ret;
}

/* ---- threads ------------------------------------------------------------------------ */

int irqs_gather_parse_thread(const char *stat, const char *status, struct irqs_gather_thread *th)
{
	const char *open = strchr(stat, '('), *close = strrchr(stat, ')'), *p;
	unsigned long long field[48] = { 0 };
	char cpus[IRQS_GATHER_CPULIST];
	int nr = 0, irq;
	const char *name;
	char *end;

	memset(th, 0, sizeof(*th));
	if (!open || !close || close < open)
		return -EINVAL;
	th->pid = atoi(stat);
	snprintf(th->comm, sizeof(th->comm), "%.*s", (int)(close - open - 1), open + 1);
	/* fields after the comm: 3 state, 4 ppid ... 9 flags, 19 nice, 40 rt_priority, 41 policy */
	p = close + 1;
	while (*p == ' ')
		p++;
	if (!*p)
		return -EINVAL;
	p++; /* state */
	for (nr = 4; nr < (int)ARRAY_SIZE(field); nr++) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		field[nr] = (unsigned long long)strtoll(p, &end, 10);
		if (end == p)
			return -EINVAL;
		p = end;
	}
	if (nr <= 41 || th->pid <= 0)
		return -EINVAL;
	irq = event_irq_thread_number(th->comm);
	if (irq < 0 || !(field[9] & IRQS_GATHER_PF_KTHREAD))
		return -ENOENT;
	th->irq = irq;
	name = strchr(th->comm, '-') + 1;
	if (!strncmp(name, "s-", 2)) {
		th->secondary = true;
		name += 2;
	}
	util_strlcpy(th->name, name, sizeof(th->name));
	th->policy = (int)field[41];
	th->prio = th->policy == SCHED_FIFO || th->policy == SCHED_RR ? (int)field[40]
								      : (int)(long long)field[19];
	if (status && !procfs_field(status, "Cpus_allowed_list", cpus, sizeof(cpus)))
		th->cpus_known = !util_parse_cpulist(cpus, &th->cpus);
	return 0;
}

static int irqs_gather_threads(const char *root, struct irqs_gather_table *t)
{
	char **pids, rel[64], stat[1024], status[4096];
	struct irqs_gather_thread th;
	int n, i, unreadable = 0;
	void *tmp;

	n = procfs_list(root, "/proc", true, &pids);
	if (n < 0) {
		irqs_gather_note(t, "/proc (%s): no handler threads", strerror(-n));
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)pids[i][0]))
			continue;
		snprintf(rel, sizeof(rel), "/proc/%s/stat", pids[i]);
		if (procfs_read(root, rel, stat, sizeof(stat)) < 0) {
			unreadable++; /* also a task that just ended */
			continue;
		}
		if (!strstr(stat, "(irq/"))
			continue;
		snprintf(rel, sizeof(rel), "/proc/%s/status", pids[i]);
		if (procfs_read(root, rel, status, sizeof(status)) < 0)
			status[0] = '\0';
		if (irqs_gather_parse_thread(stat, status, &th))
			continue;
		tmp = irqs_gather_grow(t->threads, t->nr_threads, sizeof(*t->threads));
		if (!tmp) {
			procfs_list_free(pids, n);
			return -ENOMEM;
		}
		t->threads = tmp;
		t->threads[t->nr_threads++] = th;
	}
	procfs_list_free(pids, n);
	if (unreadable > n / 2)
		irqs_gather_note(t, "/proc/PID/stat of %d tasks", unreadable);
	return 0;
}

/* ---- the rest of /proc/irq --------------------------------- */

struct irqs_gather_name_pos {
	const char *name;
	size_t pos;
};

static int irqs_gather_pos_cmp(const void *a, const void *b)
{
	const struct irqs_gather_name_pos *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The /proc/irq/N/<action> directories name the actions, spaces and all. */
static int irqs_gather_irq_dir(const char *root, struct irqs_gather_irq *q, const char *desc_names,
			       ssize_t *aff_err)
{
	struct irqs_gather_name_pos pos[32];
	char rel[64], **names;
	size_t used = 0, first = SIZE_MAX;
	int n, i;

	snprintf(rel, sizeof(rel), "/proc/irq/%d/smp_affinity_list", q->irq);
	q->affinity_known = irqs_gather_cpulist(root, rel, &q->affinity, aff_err);
	snprintf(rel, sizeof(rel), "/proc/irq/%d/effective_affinity_list", q->irq);
	q->effective_known = irqs_gather_cpulist(root, rel, &q->effective, NULL);

	snprintf(rel, sizeof(rel), "/proc/irq/%d", q->irq);
	n = procfs_list(root, rel, true, &names);
	if (n < 0)
		return n;
	if (n == 0 && q->nr_actions) { /* names the kernel could not make a directory of */
		procfs_list_free(names, n);
		return 0;
	}
	if (n > (int)ARRAY_SIZE(pos))
		n = (int)ARRAY_SIZE(pos);
	for (i = 0; i < n; i++) {
		const char *at = strstr(desc_names, names[i]);

		pos[i].name = names[i];
		pos[i].pos = at ? (size_t)(at - desc_names) : SIZE_MAX;
		if (at && pos[i].pos < first)
			first = pos[i].pos;
	}
	qsort(pos, (size_t)n, sizeof(pos[0]), irqs_gather_pos_cmp);
	q->name[0] = '\0';
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(q->name + used,
					 used < sizeof(q->name) ? sizeof(q->name) - used : 0,
					 "%s%s", i ? ", " : "", pos[i].name);
	if (first != SIZE_MAX && first < strlen(desc_names)) {
		char chip[IRQS_GATHER_NAME_LEN];

		snprintf(chip, sizeof(chip), "%.*s", (int)first, desc_names);
		irqs_gather_squeeze(chip);
		if (chip[0])
			util_strlcpy(q->chip, chip, sizeof(q->chip));
	}
	q->nr_actions = n;
	procfs_list_free(names, n);
	return 0;
}

int irqs_gather_load(const char *root, struct irqs_gather_table *t)
{
	ssize_t n, aff_err = 0;
	int ret, dir_err = 0;
	char *text;
	size_t i;

	n = procfs_read_all(root, "/proc/interrupts", &text);
	if (n < 0) {
		log_err("cannot read %s/proc/interrupts: %s", root, strerror((int)-n));
		return (int)n;
	}
	ret = irqs_gather_parse_interrupts(text, t);
	free(text);
	if (ret) {
		log_err("cannot parse %s/proc/interrupts: %s", root,
			ret == -EINVAL ? "no CPU header line" : strerror(-ret));
		return ret;
	}
	for (i = 0; i < t->nr_irqs; i++) {
		struct irqs_gather_irq *q = &t->irqs[i];
		char desc[2 * IRQS_GATHER_NAME_LEN + 4];
		ssize_t aff;

		/* the row as printed, to order the action names and find the chip */
		snprintf(desc, sizeof(desc), "%s  %s", q->chip, q->name);
		ret = irqs_gather_irq_dir(root, q, desc, &aff);
		if (ret && !dir_err)
			dir_err = ret;
		if (aff < 0 && !aff_err)
			aff_err = aff;
	}
	if (dir_err)
		irqs_gather_note(t, "/proc/irq/N (%s): names from /proc/interrupts",
				 strerror(-dir_err));
	if (aff_err)
		irqs_gather_note(t, "/proc/irq/N/smp_affinity_list (%s)", strerror((int)-aff_err));
	ret = irqs_gather_threads(root, t);
	if (ret) {
		log_err("cannot list the IRQ threads: %s", strerror(-ret));
		return ret;
	}
	t->forced = host_kernel_forced_threading(root, t->forced_by, sizeof(t->forced_by)) == 1;
	return 0;
}

struct irqs_gather_irq *irqs_gather_find(const struct irqs_gather_table *t, int irq)
{
	size_t i;

	for (i = 0; i < t->nr_irqs; i++)
		if (t->irqs[i].irq == irq)
			return &t->irqs[i];
	return NULL;
}

void irqs_gather_free(struct irqs_gather_table *t)
{
	size_t i;

	for (i = 0; i < t->nr_irqs; i++)
		free(t->irqs[i].counts);
	for (i = 0; i < t->nr_vecs; i++)
		free(t->vecs[i].counts);
	free(t->irqs);
	free(t->vecs);
	free(t->threads);
	free(t->cpus);
	memset(t, 0, sizeof(*t));
}

/* ---- observation -------------------------------------------------------------------- */

void irqs_gather_account(struct irqs_gather_table *t, const struct rtw_event *ev)
{
	struct irqs_gather_irq *q;

	t->nr_events++;
	switch (ev->kind) {
	case RTW_EV_IRQ_ENTRY:
		q = irqs_gather_find(t, ev->u.irq.irq);
		if (!q)
			return;
		if (ev->flags & RTW_F_HARDIRQ) {
			q->seen_hardirq++;
			if (ev->cpu >= 0 && ev->cpu < CPU_SETSIZE)
				CPU_SET(ev->cpu, &q->hard_cpus);
		} else {
			q->seen_task++;
		}
		return;
	case RTW_EV_SWITCH:
		q = irqs_gather_find(t, event_irq_thread_number(ev->u.sw.next_comm));
		if (q)
			q->thread_runs++;
		return;
	case RTW_EV_LOST:
		t->lost_events += ev->u.lost.count ? ev->u.lost.count : 1;
		return;
	default:
		return;
	}
}

/* Totals of @text by IRQ number and vector name into @t's fired (as "minus"/"plus"). */
static void irqs_gather_add_totals(struct irqs_gather_table *t, const char *text, bool minus)
{
	struct irqs_gather_table a = { 0 };
	size_t i, k;

	if (!text || irqs_gather_parse_interrupts(text, &a)) {
		irqs_gather_free(&a);
		return;
	}
	for (i = 0; i < a.nr_irqs; i++) {
		struct irqs_gather_irq *q = irqs_gather_find(t, a.irqs[i].irq);

		if (q)
			q->fired += minus ? -a.irqs[i].total : a.irqs[i].total;
	}
	for (i = 0; i < a.nr_vecs; i++)
		for (k = 0; k < t->nr_vecs; k++)
			if (!strcmp(a.vecs[i].name, t->vecs[k].name))
				t->vecs[k].fired += minus ? -a.vecs[i].total : a.vecs[i].total;
	irqs_gather_free(&a);
}

void irqs_gather_observe_done(struct irqs_gather_table *t, const char *before, const char *after,
			      uint64_t window_ns)
{
	size_t i;

	t->observed = true;
	t->observed_ns = window_ns;
	for (i = 0; i < t->nr_irqs; i++)
		t->irqs[i].fired = 0;
	for (i = 0; i < t->nr_vecs; i++)
		t->vecs[i].fired = 0;
	if (!before || !after)
		return;
	irqs_gather_add_totals(t, before, true);
	irqs_gather_add_totals(t, after, false);
	/* an IRQ missing from one of them: no count rather than a wrapped one */
	for (i = 0; i < t->nr_irqs; i++)
		if (t->irqs[i].fired > UINT64_MAX / 2)
			t->irqs[i].fired = 0;
	for (i = 0; i < t->nr_vecs; i++)
		if (t->vecs[i].fired > UINT64_MAX / 2)
			t->vecs[i].fired = 0;
}

static int irqs_gather_one_event(const struct rtw_event *ev, void *arg)
{
	irqs_gather_account(arg, ev);
	return 0;
}

/*
 * Stop, drain into @t and record again, so that the buffer never fills up.
 * The last time (@after not NULL) read /proc/interrupts right after the stop
 * instead of recording again.
 */
static int irqs_gather_drain(struct irqs_gather_table *t, struct tsess *s, char **after)
{
	uint64_t t0 = timenow_mono_ns();
	long n;
	int ret;

	ret = tsess_stop(s);
	if (ret) {
		log_err("cannot stop tracing in %s: %s", tsess_name(s), strerror(-ret));
		return ret;
	}
	if (after && procfs_read_all("", "/proc/interrupts", after) < 0)
		*after = NULL;
	n = tsess_read(s, irqs_gather_one_event, t);
	if (n < 0)
		return (int)n;
	if (after)
		return 0;
	ret = tsess_rearm(s);
	if (ret)
		log_err("cannot restart tracing in %s: %s", tsess_name(s), strerror(-ret));
	t->blind_ns += timenow_mono_ns() - t0;
	return ret;
}

int irqs_gather_observe(struct irqs_gather_table *t, unsigned int observe_s)
{
	static const char *const events[] = { "irq/irq_handler_entry", "sched/sched_switch", NULL };
	struct tsess_opts opts = { .buffer_kb = IRQS_GATHER_BUFFER_KB, .events = events };
	char *before = NULL, *after = NULL;
	uint64_t start, end, now;
	struct tsess *s;
	bool last;
	int ret;

	if (t->nr_cpus > 0 && opts.buffer_kb * (unsigned int)t->nr_cpus > IRQS_GATHER_TOTAL_KB)
		opts.buffer_kb = IRQS_GATHER_TOTAL_KB / (unsigned int)t->nr_cpus;
	sigflag_install();
	tsess_remove_stale();
	ret = tsess_create(&s, &opts);
	if (ret) {
		sigflag_restore();
		return ret;
	}
	if (procfs_read_all("", "/proc/interrupts", &before) < 0)
		before = NULL;
	start = timenow_mono_ns();
	end = start + observe_s * NSEC_PER_SEC;
	do {
		now = timenow_mono_ns();
		if (now < end)
			sigflag_sleep_ns(end - now < IRQS_GATHER_DRAIN_NS ? end - now
									  : IRQS_GATHER_DRAIN_NS);
		now = timenow_mono_ns();
		last = sigflag_caught() || now >= end;
		ret = irqs_gather_drain(t, s, last ? &after : NULL);
	} while (!ret && !last);
	tsess_destroy(s);
	t->signal = sigflag_caught();
	sigflag_restore();
	if (!ret)
		irqs_gather_observe_done(t, before, after, now - start);
	free(before);
	free(after);
	return ret;
}
