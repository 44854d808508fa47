// SPDX-License-Identifier: GPL-2.0-only
/*
 * irqcheck - "rtwhy irqs": a row per IRQ (names, counts, affinity, handler
 * thread), whether threading is forced, and with --observe where each
 * handler really ran. Exit status 0 when every device IRQ is threaded.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "rtwhy/config.h"
#include "rtwhy/irqcheck.h"
#include "rtwhy/json.h"
#include "rtwhy/log.h"
#include "rtwhy/procfs.h"
#include "rtwhy/sigflag.h"
#include "rtwhy/subcmd.h"
#include "rtwhy/tsession.h"
#include "analysis/util.h"

#define IRQCHECK_DRAIN_NS     NSEC_PER_SEC /* read the buffer this often */
#define IRQCHECK_BUFFER_KB    4096	   /* per CPU: sched_switch is busy... */
#define IRQCHECK_TOTAL_KB     65536	   /* ...but not more than this in all */
#define IRQCHECK_PF_KTHREAD   0x00200000UL /* task flag of kernel threads */
#define IRQCHECK_MAX_REMEDIES 4
#define IRQCHECK_REMEDY_LEN   512

/* Handlers the kernel never threads: IRQF_TIMER implies IRQF_NO_THREAD, and per-CPU timers. */
static const char *const irqcheck_timer_names[] = {
	"timer",       "arch_timer",	   "arch_mem_timer",
	"riscv-timer", "kvm guest vtimer", "kvm guest ptimer",
};

/* ---- options ------------------------------------------------------------------------ */

enum { IRQCHECK_OPT_OBSERVE = 256, IRQCHECK_OPT_JSON, IRQCHECK_OPT_SYSROOT };

static const struct option irqcheck_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "observe", required_argument, NULL, IRQCHECK_OPT_OBSERVE },
	{ "json", required_argument, NULL, IRQCHECK_OPT_JSON },
	{ "sysroot", required_argument, NULL, IRQCHECK_OPT_SYSROOT },
	{ NULL, 0, NULL, 0 },
};

int irqcheck_parse_args(int argc, char **argv, struct irqcheck_opts *opts, char *err, size_t errlen)
{
	int c, n, ret;

	memset(opts, 0, sizeof(*opts));
	opts->root = "";
	err[0] = '\0';
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", irqcheck_options, NULL)) != -1) {
		switch (c) {
		case 'h':
			opts->help = true;
			return 0;
		case IRQCHECK_OPT_OBSERVE:
			ret = util_parse_int(optarg, 1, IRQCHECK_MAX_OBSERVE, &n);
			if (ret) {
				snprintf(
					err, errlen,
					"invalid value '%s' for --observe: %sexpected seconds 1-%d",
					optarg, ret == -ERANGE ? "out of range, " : "",
					IRQCHECK_MAX_OBSERVE);
				return -EINVAL;
			}
			opts->observe_s = (unsigned int)n;
			break;
		case IRQCHECK_OPT_JSON:
			if (subcmd_check_value("json", optarg, "a file name", err, errlen))
				return -EINVAL;
			opts->json_path = optarg;
			break;
		case IRQCHECK_OPT_SYSROOT:
			if (subcmd_check_value("sysroot", optarg, "a directory", err, errlen))
				return -EINVAL;
			opts->root = optarg;
			break;
		default:
			return subcmd_getopt_error("irqs", argv, err, errlen);
		}
	}
	if (subcmd_no_args("irqs", argc, argv, err, errlen))
		return -EINVAL;
	if (opts->observe_s && opts->root[0]) {
		snprintf(err, errlen,
			 "conflicting options: --observe traces the running kernel, "
			 "--sysroot reads another tree");
		return -EINVAL;
	}
	return 0;
}

void irqcheck_usage(FILE *out)
{
	fputs("usage: rtwhy irqs [--observe SEC] [--json=FILE]\n"
	      "\n"
	      "Is every IRQ handler a thread? One row per IRQ: counts per CPU, affinity,\n"
	      "the irq/N-name handler thread (pid, policy, priority, CPUs) and a verdict.\n"
	      "\n"
	      "  --observe=SEC   trace SEC seconds (1-3600, root) and say where each handler\n"
	      "                  ran: in hard IRQ context, in its thread, or not seen\n"
	      "  --json=FILE     also write the report as JSON (- : JSON only, on stdout)\n"
	      "  --sysroot=DIR   read /proc and /sys under DIR instead of this system\n"
	      "  -h, --help      this help\n"
	      "\n"
	      "Exit status: 0 every device IRQ is threaded, 1 one is not (or an error),\n"
	      "2 bad usage.\n",
	      out);
}

/* ---- /proc/interrupts --------------------------------------------------------------- */

static void irqcheck_note(struct irqcheck_table *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void irqcheck_note(struct irqcheck_table *t, const char *fmt, ...)
{
	size_t used = strlen(t->unreadable);
	va_list ap;

	if (used + 8 >= sizeof(t->unreadable))
		return;
	if (used)
		used += (size_t)snprintf(t->unreadable + used, sizeof(t->unreadable) - used, "; ");
	va_start(ap, fmt);
	vsnprintf(t->unreadable + used, sizeof(t->unreadable) - used, fmt, ap);
	va_end(ap);
}

/* Collapse runs of blanks into one space, trim both ends. */
static void irqcheck_squeeze(char *s)
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

static int irqcheck_header(const char *line, struct irqcheck_table *t)
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
static int irqcheck_counts(const char **pp, uint64_t *counts, int max, uint64_t *total)
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
static void irqcheck_split_desc(const char *desc, struct irqcheck_irq *q)
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
	irqcheck_squeeze(q->chip);
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
static void *irqcheck_grow(void *arr, size_t n, size_t size)
{
	if (!arr)
		return malloc(8 * size);
	if (n < 8 || (n & (n - 1)))
		return arr;
	return realloc(arr, 2 * n * size);
}

static int irqcheck_row(struct irqcheck_table *t, const char *line)
{
	const char *colon = strchr(line, ':'), *p, *label = line;
	uint64_t *counts;
	char desc[IRQCHECK_NAME_LEN * 2];
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
	n = irqcheck_counts(&p, counts, t->nr_cpus, &total);
	while (*p == ' ' || *p == '\t')
		p++;
	snprintf(desc, sizeof(desc), "%s", p);
	for (size_t l = strlen(desc); l && isspace((unsigned char)desc[l - 1]); l--)
		desc[l - 1] = '\0';

	if (isdigit((unsigned char)*label) && strspn(label, "0123456789") == label_len) {
		struct irqcheck_irq *q;

		tmp = irqcheck_grow(t->irqs, t->nr_irqs, sizeof(*t->irqs));
		if (!tmp)
			goto nomem;
		t->irqs = tmp;
		q = &t->irqs[t->nr_irqs++];
		memset(q, 0, sizeof(*q));
		q->irq = atoi(label);
		q->counts = counts;
		q->total = total;
		q->thread = -1;
		q->secondary = -1;
		irqcheck_split_desc(desc, q);
		return 0;
	}
	tmp = irqcheck_grow(t->vecs, t->nr_vecs, sizeof(*t->vecs));
	if (!tmp)
		goto nomem;
	t->vecs = tmp;
	{
		struct irqcheck_vector *v = &t->vecs[t->nr_vecs++];

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

int irqcheck_parse_interrupts(const char *text, struct irqcheck_table *t)
{
	char *copy = strdup(text), *line, *rest;
	int ret;

	if (!copy)
		return -ENOMEM;
	rest = copy;
	line = strsep(&rest, "\n");
	ret = irqcheck_header(line, t);
	while (!ret && rest) {
		line = strsep(&rest, "\n");
		if (*line)
			ret = irqcheck_row(t, line);
	}
	free(copy);
	return ret;
}

/* ---- threads ------------------------------------------------------------------------ */

int irqcheck_parse_thread(const char *stat, const char *status, struct irqcheck_thread *th)
{
	const char *open = strchr(stat, '('), *close = strrchr(stat, ')'), *p;
	unsigned long long field[48] = { 0 };
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
	if (irq < 0 || !(field[9] & IRQCHECK_PF_KTHREAD))
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
	if (status)
		procfs_field(status, "Cpus_allowed_list", th->cpus, sizeof(th->cpus));
	return 0;
}

static int irqcheck_load_threads(const char *root, struct irqcheck_table *t)
{
	char **pids, rel[64], stat[1024], status[4096];
	struct irqcheck_thread th;
	int n, i, unreadable = 0;
	void *tmp;

	n = procfs_list(root, "/proc", true, &pids);
	if (n < 0) {
		irqcheck_note(t, "/proc (%s): no handler threads", strerror(-n));
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
		if (irqcheck_parse_thread(stat, status, &th))
			continue;
		tmp = irqcheck_grow(t->threads, t->nr_threads, sizeof(*t->threads));
		if (!tmp) {
			procfs_list_free(pids, n);
			return -ENOMEM;
		}
		t->threads = tmp;
		t->threads[t->nr_threads++] = th;
	}
	procfs_list_free(pids, n);
	if (unreadable > n / 2)
		irqcheck_note(t, "/proc/PID/stat of %d tasks", unreadable);
	return 0;
}

/* Does thread name @tn (maybe cut to fit the 16-byte comm) name action @a (@alen bytes)? */
static bool irqcheck_thread_names(const char *tn, const char *a, size_t alen)
{
	size_t tlen = strlen(tn);

	return tlen && tlen <= alen && !strncmp(tn, a, tlen);
}

static bool irqcheck_is_timer(const struct irqcheck_irq *q)
{
	const char *a = q->name;

	while (*a) {
		const char *sep = strstr(a, ", ");
		size_t alen = sep ? (size_t)(sep - a) : strlen(a), i;
		bool timer = false;

		for (i = 0; i < ARRAY_SIZE(irqcheck_timer_names); i++)
			if (strlen(irqcheck_timer_names[i]) == alen &&
			    !strncmp(irqcheck_timer_names[i], a, alen))
				timer = true;
		if (!timer)
			return false;
		a += alen + (sep ? 2 : 0);
	}
	return true;
}

/* Link each IRQ to its threads and decide kind and threaded. */
static void irqcheck_link(struct irqcheck_table *t)
{
	size_t i, k;

	for (i = 0; i < t->nr_irqs; i++) {
		struct irqcheck_irq *q = &t->irqs[i];
		const char *a = q->name;

		q->thread = q->secondary = -1;
		for (k = 0; k < t->nr_threads; k++) {
			if (t->threads[k].irq != q->irq)
				continue;
			if (t->threads[k].secondary && q->secondary < 0)
				q->secondary = (int)k;
			else if (!t->threads[k].secondary && q->thread < 0)
				q->thread = (int)k;
		}
		q->nr_threaded = 0;
		while (*a) {
			const char *sep = strstr(a, ", ");
			size_t alen = sep ? (size_t)(sep - a) : strlen(a);

			for (k = 0; k < t->nr_threads; k++) {
				const struct irqcheck_thread *th = &t->threads[k];

				if (th->irq == q->irq && !th->secondary &&
				    irqcheck_thread_names(th->name, a, alen)) {
					q->nr_threaded++;
					break;
				}
			}
			a += alen + (sep ? 2 : 0);
		}
		if (q->nr_actions == 0)
			q->kind = IRQCHECK_UNUSED;
		else if (irqcheck_is_timer(q))
			q->kind = IRQCHECK_TIMER;
		else
			q->kind = IRQCHECK_DEVICE;
		q->threaded = q->name[0] ? q->nr_threaded == q->nr_actions : q->thread >= 0;
	}
}

/* ---- the rest of /proc/irq and the forced threading --------------------------------- */

int irqcheck_forced_threading(const char *root, char *why, size_t len)
{
	char cmdline[4096], version[256], realtime[16];
	ssize_t nc, nv;

	nc = procfs_read(root, "/proc/cmdline", cmdline, sizeof(cmdline));
	if (nc >= 0 && procfs_cmdline_param(cmdline, "threadirqs", NULL, 0)) {
		snprintf(why, len, "threadirqs on the kernel command line");
		return 1;
	}
	nv = procfs_read(root, "/proc/sys/kernel/version", version, sizeof(version));
	if (nv >= 0 && procfs_has_word(version, "PREEMPT_RT")) {
		snprintf(why, len, "PREEMPT_RT kernel");
		return 1;
	}
	if (procfs_read(root, "/sys/kernel/realtime", realtime, sizeof(realtime)) >= 0 &&
	    !strcmp(realtime, "1")) {
		snprintf(why, len, "real-time kernel (/sys/kernel/realtime = 1)");
		return 1;
	}
	snprintf(why, len, "%s, %s",
		 nc >= 0 ? "no threadirqs on the kernel command line" : "/proc/cmdline unreadable",
		 nv >= 0 ? "not a PREEMPT_RT kernel" : "kernel version unreadable");
	return nc < 0 && nv < 0 ? (int)nc : 0;
}

struct irqcheck_name_pos {
	const char *name;
	size_t pos;
};

static int irqcheck_pos_cmp(const void *a, const void *b)
{
	const struct irqcheck_name_pos *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The /proc/irq/N/<action> directories name the actions, spaces and all. */
static int irqcheck_load_irq(const char *root, struct irqcheck_irq *q, const char *desc_names,
			     int *aff_err)
{
	struct irqcheck_name_pos pos[32];
	char rel[64], **names;
	size_t used = 0, first = SIZE_MAX;
	int n, i;

	snprintf(rel, sizeof(rel), "/proc/irq/%d/smp_affinity_list", q->irq);
	*aff_err = (int)procfs_read(root, rel, q->affinity, sizeof(q->affinity));
	snprintf(rel, sizeof(rel), "/proc/irq/%d/effective_affinity_list", q->irq);
	procfs_read(root, rel, q->effective, sizeof(q->effective));

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
	qsort(pos, (size_t)n, sizeof(pos[0]), irqcheck_pos_cmp);
	q->name[0] = '\0';
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(q->name + used,
					 used < sizeof(q->name) ? sizeof(q->name) - used : 0,
					 "%s%s", i ? ", " : "", pos[i].name);
	if (first != SIZE_MAX && first < strlen(desc_names)) {
		char chip[IRQCHECK_NAME_LEN];

		snprintf(chip, sizeof(chip), "%.*s", (int)first, desc_names);
		irqcheck_squeeze(chip);
		if (chip[0])
			util_strlcpy(q->chip, chip, sizeof(q->chip));
	}
	q->nr_actions = n;
	procfs_list_free(names, n);
	return 0;
}

int irqcheck_load(const char *root, struct irqcheck_table *t)
{
	int ret, dir_err = 0, aff_err = 0;
	char *text;
	ssize_t n;
	size_t i;

	n = procfs_read_all(root, "/proc/interrupts", &text);
	if (n < 0) {
		log_err("cannot read %s/proc/interrupts: %s", root, strerror((int)-n));
		return (int)n;
	}
	ret = irqcheck_parse_interrupts(text, t);
	free(text);
	if (ret) {
		log_err("cannot parse %s/proc/interrupts: %s", root,
			ret == -EINVAL ? "no CPU header line" : strerror(-ret));
		return ret;
	}
	for (i = 0; i < t->nr_irqs; i++) {
		struct irqcheck_irq *q = &t->irqs[i];
		char desc[2 * IRQCHECK_NAME_LEN + 4];
		int aff;

		/* the row as printed, to order the action names and find the chip */
		snprintf(desc, sizeof(desc), "%s  %s", q->chip, q->name);
		ret = irqcheck_load_irq(root, q, desc, &aff);
		if (ret && !dir_err)
			dir_err = ret;
		if (aff < 0 && !aff_err)
			aff_err = aff;
	}
	if (dir_err)
		irqcheck_note(t, "/proc/irq/N (%s): names from /proc/interrupts",
			      strerror(-dir_err));
	if (aff_err)
		irqcheck_note(t, "/proc/irq/N/smp_affinity_list (%s)", strerror(-aff_err));
	ret = irqcheck_load_threads(root, t);
	if (ret) {
		log_err("cannot list the IRQ threads: %s", strerror(-ret));
		return ret;
	}
	irqcheck_link(t);
	t->forced = irqcheck_forced_threading(root, t->forced_by, sizeof(t->forced_by)) == 1;
	return 0;
}

void irqcheck_free(struct irqcheck_table *t)
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

static struct irqcheck_irq *irqcheck_find(struct irqcheck_table *t, int irq)
{
	size_t i;

	for (i = 0; i < t->nr_irqs; i++)
		if (t->irqs[i].irq == irq)
			return &t->irqs[i];
	return NULL;
}

void irqcheck_account(struct irqcheck_table *t, const struct rtw_event *ev)
{
	struct irqcheck_irq *q;

	t->nr_events++;
	switch (ev->kind) {
	case RTW_EV_IRQ_ENTRY:
		q = irqcheck_find(t, ev->u.irq.irq);
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
		q = irqcheck_find(t, event_irq_thread_number(ev->u.sw.next_comm));
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
static void irqcheck_add_totals(struct irqcheck_table *t, const char *text, bool minus)
{
	struct irqcheck_table a = { 0 };
	size_t i, k;

	if (!text || irqcheck_parse_interrupts(text, &a)) {
		irqcheck_free(&a);
		return;
	}
	for (i = 0; i < a.nr_irqs; i++) {
		struct irqcheck_irq *q = irqcheck_find(t, a.irqs[i].irq);

		if (q)
			q->fired += minus ? -a.irqs[i].total : a.irqs[i].total;
	}
	for (i = 0; i < a.nr_vecs; i++)
		for (k = 0; k < t->nr_vecs; k++)
			if (!strcmp(a.vecs[i].name, t->vecs[k].name))
				t->vecs[k].fired += minus ? -a.vecs[i].total : a.vecs[i].total;
	irqcheck_free(&a);
}

void irqcheck_observe_done(struct irqcheck_table *t, const char *before, const char *after,
			   uint64_t window_ns)
{
	size_t i;

	t->observed = true;
	t->observed_ns = window_ns;
	for (i = 0; i < t->nr_irqs; i++)
		t->irqs[i].fired = 0;
	for (i = 0; i < t->nr_vecs; i++)
		t->vecs[i].fired = 0;
	if (before && after) {
		irqcheck_add_totals(t, before, true);
		irqcheck_add_totals(t, after, false);
		/* an IRQ missing from one of them: no count rather than a wrapped one */
		for (i = 0; i < t->nr_irqs; i++)
			if (t->irqs[i].fired > UINT64_MAX / 2)
				t->irqs[i].fired = 0;
		for (i = 0; i < t->nr_vecs; i++)
			if (t->vecs[i].fired > UINT64_MAX / 2)
				t->vecs[i].fired = 0;
	}
	for (i = 0; i < t->nr_irqs; i++) {
		struct irqcheck_irq *q = &t->irqs[i];

		if (q->thread_runs || q->seen_task)
			q->observed = IRQCHECK_OBS_THREAD;
		else if (q->seen_hardirq)
			q->observed = IRQCHECK_OBS_HARDIRQ;
		else
			q->observed = IRQCHECK_OBS_UNSEEN;
	}
}

static uint64_t irqcheck_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return util_ts_to_ns(&ts);
}

static int irqcheck_one_event(const struct rtw_event *ev, void *arg)
{
	irqcheck_account(arg, ev);
	return 0;
}

/*
 * Stop, drain into @t and record again, so that the buffer never fills up.
 * The last time (@after not NULL) read /proc/interrupts right after the stop
 * instead of recording again.
 */
static int irqcheck_drain(struct irqcheck_table *t, struct tsess *s, char **after)
{
	uint64_t t0 = irqcheck_now_ns();
	long n;
	int ret;

	ret = tsess_stop(s);
	if (ret) {
		log_err("cannot stop tracing in %s: %s", tsess_name(s), strerror(-ret));
		return ret;
	}
	if (after && procfs_read_all("", "/proc/interrupts", after) < 0)
		*after = NULL;
	n = tsess_read(s, irqcheck_one_event, t);
	if (n < 0)
		return (int)n;
	if (after)
		return 0;
	ret = tsess_rearm(s);
	if (ret)
		log_err("cannot restart tracing in %s: %s", tsess_name(s), strerror(-ret));
	t->blind_ns += irqcheck_now_ns() - t0;
	return ret;
}

static int irqcheck_observe(struct irqcheck_table *t, unsigned int observe_s)
{
	static const char *const events[] = { "irq/irq_handler_entry", "sched/sched_switch", NULL };
	struct tsess_opts opts = { .buffer_kb = IRQCHECK_BUFFER_KB, .events = events };
	char *before = NULL, *after = NULL;
	uint64_t start, end, now;
	struct tsess *s;
	bool last;
	int ret;

	if (t->nr_cpus > 0 && opts.buffer_kb * (unsigned int)t->nr_cpus > IRQCHECK_TOTAL_KB)
		opts.buffer_kb = IRQCHECK_TOTAL_KB / (unsigned int)t->nr_cpus;
	sigflag_install();
	tsess_remove_stale();
	ret = tsess_create(&s, &opts);
	if (ret) {
		sigflag_restore();
		return ret;
	}
	if (procfs_read_all("", "/proc/interrupts", &before) < 0)
		before = NULL;
	start = irqcheck_now_ns();
	end = start + observe_s * NSEC_PER_SEC;
	do {
		now = irqcheck_now_ns();
		if (now < end)
			sigflag_sleep_ns(end - now < IRQCHECK_DRAIN_NS ? end - now
								       : IRQCHECK_DRAIN_NS);
		now = irqcheck_now_ns();
		last = sigflag_caught() || now >= end;
		ret = irqcheck_drain(t, s, last ? &after : NULL);
	} while (!ret && !last);
	tsess_destroy(s);
	t->signal = sigflag_caught();
	sigflag_restore();
	if (!ret)
		irqcheck_observe_done(t, before, after, now - start);
	free(before);
	free(after);
	return ret;
}

/* ---- verdicts ----------------------------------------------------------------------- */

static const char *irqcheck_observed_name(enum irqcheck_observed o)
{
	switch (o) {
	case IRQCHECK_OBS_UNSEEN:
		return "unseen";
	case IRQCHECK_OBS_HARDIRQ:
		return "hardirq";
	case IRQCHECK_OBS_THREAD:
		return "thread";
	default:
		return NULL;
	}
}

static const char *irqcheck_kind_name(enum irqcheck_kind k)
{
	switch (k) {
	case IRQCHECK_TIMER:
		return "timer";
	case IRQCHECK_UNUSED:
		return "unused";
	default:
		return "device";
	}
}

const char *irqcheck_irq_verdict(const struct irqcheck_irq *q, char *buf, size_t len)
{
	const char *base;
	char cpus[64];

	if (q->kind == IRQCHECK_UNUSED) {
		snprintf(buf, len, "no handler");
		return buf;
	}
	if (q->kind == IRQCHECK_TIMER) {
		snprintf(buf, len, "timer: never threaded");
		return buf;
	}
	base = q->threaded ? "threaded" : q->nr_threaded ? "partly threaded" : "NOT threaded";
	util_format_cpulist(&q->hard_cpus, cpus, sizeof(cpus));
	switch (q->observed) {
	case IRQCHECK_OBS_THREAD:
		snprintf(buf, len, "%s; ran in its thread", base);
		break;
	case IRQCHECK_OBS_HARDIRQ:
		if (q->threaded)
			snprintf(buf, len, "%s, but handled in hard IRQ context (CPU %s)", base,
				 cpus);
		else
			snprintf(buf, len, "%s: ran in hard IRQ context on CPU %s", base, cpus);
		break;
	case IRQCHECK_OBS_UNSEEN:
		if (q->fired)
			snprintf(buf, len, "%s; fired %llu times, not in the trace", base,
				 (unsigned long long)q->fired);
		else
			snprintf(buf, len, "%s; did not fire", base);
		break;
	default:
		snprintf(buf, len, "%s%s", base, q->threaded ? "" : ": hard IRQ context");
		break;
	}
	return buf;
}

size_t irqcheck_count(const struct irqcheck_table *t, size_t *unthreaded)
{
	size_t i, n = 0, bad = 0;

	for (i = 0; i < t->nr_irqs; i++) {
		if (t->irqs[i].kind != IRQCHECK_DEVICE)
			continue;
		n++;
		if (!t->irqs[i].threaded)
			bad++;
	}
	if (unthreaded)
		*unthreaded = bad;
	return n;
}

static void irqcheck_overall(const struct irqcheck_table *t, char *buf, size_t len)
{
	size_t bad, n = irqcheck_count(t, &bad);

	if (n == 0)
		snprintf(buf, len, "no device IRQ has a handler installed (forced threading: %s)",
			 t->forced ? "yes" : "no");
	else if (bad == 0)
		snprintf(buf, len, "all %zu device IRQs are threaded (%s)", n, t->forced_by);
	else
		snprintf(buf, len,
			 "%zu of %zu device IRQs not threaded: their handlers run in hard IRQ "
			 "context, which no task priority can preempt (%s)",
			 bad, n, t->forced_by);
}

/* The busiest unthreaded device IRQ: during the window if observed, else since boot. */
static const struct irqcheck_irq *irqcheck_busiest_hard(const struct irqcheck_table *t)
{
	const struct irqcheck_irq *best = NULL;
	size_t i;

	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqcheck_irq *q = &t->irqs[i];
		uint64_t v = t->observed ? q->seen_hardirq : q->total;

		if (q->kind != IRQCHECK_DEVICE || q->threaded || !v)
			continue;
		if (!best || v > (t->observed ? best->seen_hardirq : best->total))
			best = q;
	}
	return best;
}

static void irqcheck_thread_sched(const struct irqcheck_thread *th, char *buf, size_t len)
{
	const char *policy = config_policy_name(th->policy);

	if (th->policy == SCHED_FIFO || th->policy == SCHED_RR)
		snprintf(buf, len, "%s %d", policy, th->prio);
	else
		snprintf(buf, len, "%s nice %d", policy, th->prio);
}

static int irqcheck_remedies(const struct irqcheck_table *t, char rem[][IRQCHECK_REMEDY_LEN])
{
	const struct irqcheck_irq *busy = irqcheck_busiest_hard(t);
	char sched[64];
	int nr = 0;
	size_t i, bad;

	irqcheck_count(t, &bad);
	if (bad && !t->forced)
		snprintf(
			rem[nr++], IRQCHECK_REMEDY_LEN,
			"boot with threadirqs on the kernel command line (or use a PREEMPT_RT "
			"kernel): device handlers then run in irq/N-name threads at SCHED_FIFO 50, "
			"which an RT thread above 50 preempts");
	else if (bad)
		snprintf(rem[nr++], IRQCHECK_REMEDY_LEN,
			 "threading is forced, yet %zu device IRQ%s not threaded (IRQF_NO_THREAD): "
			 "keep %s off the CPUs of your RT threads",
			 bad, bad == 1 ? " is" : "s are", bad == 1 ? "it" : "them");
	if (busy && t->nr_cpus > 1)
		snprintf(rem[nr++], IRQCHECK_REMEDY_LEN,
			 "move busy hard IRQs off the CPUs of your RT threads, e.g. IRQ %d (%s): "
			 "echo %d > /proc/irq/%d/smp_affinity_list (stop irqbalance, or it moves "
			 "it back)",
			 busy->irq, busy->name, t->cpus[0], busy->irq);
	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqcheck_thread *th;

		if (t->irqs[i].thread < 0)
			continue;
		th = &t->threads[t->irqs[i].thread];
		irqcheck_thread_sched(th, sched, sizeof(sched));
		snprintf(rem[nr++], IRQCHECK_REMEDY_LEN,
			 "IRQ threads run at %s (%s, pid %d): an RT thread at or below that waits "
			 "for them; measure with rtwhy -p 80, or change a thread with chrt -f -p "
			 "PRIO PID",
			 sched, th->comm, th->pid);
		break;
	}
	return nr;
}

/* ---- output ------------------------------------------------------------------------- */

static void irqcheck_affinity(const struct irqcheck_irq *q, char *buf, size_t len)
{
	if (!q->affinity[0])
		snprintf(buf, len, "?");
	else if (q->effective[0] && strcmp(q->effective, q->affinity))
		snprintf(buf, len, "%s [%s]", q->affinity, q->effective);
	else
		snprintf(buf, len, "%s", q->affinity);
}

static int irqcheck_width(const char *s, int w)
{
	int n = (int)strlen(s);

	return n > w ? n : w;
}

void irqcheck_print(const struct irqcheck_table *t, FILE *out)
{
	int wname = 4, wcount = 5, waff = 8, wthr = 6, wsched = 5, wpid = 3, wseen = 4;
	char buf[256], aff[2 * IRQCHECK_CPUS_LEN + 4], sched[64], seen[64],
		rem[IRQCHECK_MAX_REMEDIES][IRQCHECK_REMEDY_LEN];
	size_t i, zero = 0;
	int c, nr;

	fprintf(out, "IRQs on %d CPU%s; forced threading: %s (%s)\n", t->nr_cpus,
		t->nr_cpus == 1 ? "" : "s", t->forced ? "yes" : "no", t->forced_by);
	if (t->observed)
		fprintf(out,
			"observed %.1f s (%llu ms of it not recording, while reading): %llu "
			"events%s%s\n",
			t->observed_ns / 1e9, (unsigned long long)(t->blind_ns / NSEC_PER_MSEC),
			(unsigned long long)t->nr_events,
			t->lost_events ? ", some LOST: counts are partial" : "",
			t->signal ? ", cut short by a signal" : "");
	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqcheck_irq *q = &t->irqs[i];

		wname = irqcheck_width(q->name, wname);
		irqcheck_affinity(q, aff, sizeof(aff));
		waff = irqcheck_width(aff, waff);
		for (c = 0; c < t->nr_cpus; c++) {
			snprintf(buf, sizeof(buf), "%llu", (unsigned long long)q->counts[c]);
			wcount = irqcheck_width(buf, wcount);
		}
		if (q->thread >= 0) {
			wthr = irqcheck_width(t->threads[q->thread].comm, wthr);
			irqcheck_thread_sched(&t->threads[q->thread], sched, sizeof(sched));
			wsched = irqcheck_width(sched, wsched);
			snprintf(buf, sizeof(buf), "%d", t->threads[q->thread].pid);
			wpid = irqcheck_width(buf, wpid);
		}
	}
	if (wname > 28)
		wname = 28;
	fprintf(out, "\n%4s  %-*s", "IRQ", wname, "NAME");
	for (c = 0; c < t->nr_cpus; c++) {
		snprintf(buf, sizeof(buf), "CPU%d", t->cpus[c]);
		fprintf(out, " %*s", wcount, buf);
	}
	fprintf(out, "  %-*s  %-*s %*s  %-*s", waff, "AFFINITY", wthr, "THREAD", wpid, "PID",
		wsched, "SCHED");
	if (t->observed)
		fprintf(out, "  %-*s", wseen + 9, "SEEN");
	fprintf(out, "  VERDICT\n");
	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqcheck_irq *q = &t->irqs[i];
		const struct irqcheck_thread *th = q->thread >= 0 ? &t->threads[q->thread] : NULL;
		char pid[16];

		fprintf(out, "%4d  %-*.*s", q->irq, wname, wname, q->name[0] ? q->name : "-");
		for (c = 0; c < t->nr_cpus; c++)
			fprintf(out, " %*llu", wcount, (unsigned long long)q->counts[c]);
		irqcheck_affinity(q, aff, sizeof(aff));
		if (th) {
			irqcheck_thread_sched(th, sched, sizeof(sched));
			snprintf(pid, sizeof(pid), "%d", th->pid);
		} else {
			snprintf(sched, sizeof(sched), "-");
			snprintf(pid, sizeof(pid), "-");
		}
		fprintf(out, "  %-*s  %-*s %*s  %-*s", waff, aff, wthr, th ? th->comm : "-", wpid,
			pid, wsched, sched);
		if (t->observed) {
			if (q->observed == IRQCHECK_OBS_THREAD)
				snprintf(seen, sizeof(seen), "thread %llu",
					 (unsigned long long)q->thread_runs);
			else if (q->observed == IRQCHECK_OBS_HARDIRQ)
				snprintf(seen, sizeof(seen), "hardirq %llu",
					 (unsigned long long)q->seen_hardirq);
			else
				snprintf(seen, sizeof(seen), "unseen");
			fprintf(out, "  %-*s", wseen + 9, seen);
		}
		fprintf(out, "  %s\n", irqcheck_irq_verdict(q, buf, sizeof(buf)));
		if (q->secondary >= 0) {
			th = &t->threads[q->secondary];
			irqcheck_thread_sched(th, sched, sizeof(sched));
			fprintf(out, "%4s  %-*s", "", wname, "  (secondary handler)");
			for (c = 0; c < t->nr_cpus; c++)
				fprintf(out, " %*s", wcount, "");
			fprintf(out, "  %-*s  %-*s %*d  %s\n", waff, "", wthr, th->comm, wpid,
				th->pid, sched);
		}
	}
	fprintf(out, "AFFINITY: CPUs allowed [effective]; THREAD: the irq/N-name kernel thread\n");

	fprintf(out, "\nPer-CPU vectors (always hard IRQ context, never threads):\n");
	for (i = 0; i < t->nr_vecs; i++) {
		const struct irqcheck_vector *v = &t->vecs[i];

		if (!v->total) {
			zero++;
			continue;
		}
		fprintf(out, "%4s  %-*s", v->name, wname, "");
		for (c = 0; c < t->nr_cpus; c++) {
			if (c < v->nr_counts)
				fprintf(out, " %*llu", wcount, (unsigned long long)v->counts[c]);
			else
				fprintf(out, " %*s", wcount, "");
		}
		fprintf(out, "  %s", v->desc);
		if (t->observed)
			fprintf(out, " (+%llu while observed)", (unsigned long long)v->fired);
		fputc('\n', out);
	}
	if (zero)
		fprintf(out, "  (%zu more with a count of 0)\n", zero);

	irqcheck_overall(t, buf, sizeof(buf));
	fprintf(out, "\nVerdict: %s.\n", buf);
	nr = irqcheck_remedies(t, rem);
	if (nr)
		fprintf(out, "Remedies:\n");
	for (c = 0; c < nr; c++)
		fprintf(out, "  * %s\n", rem[c]);
	if (t->unreadable[0])
		fprintf(out, "Could not read: %s\n", t->unreadable);
}

static void irqcheck_json_thread(struct json *j, const char *key, const struct irqcheck_table *t,
				 int idx)
{
	const struct irqcheck_thread *th;

	if (idx < 0) {
		json_null(j, key);
		return;
	}
	th = &t->threads[idx];
	json_object(j, key);
	json_int(j, "pid", th->pid);
	json_string(j, "comm", th->comm);
	json_string(j, "policy", config_policy_name(th->policy));
	json_int(j, "prio", th->prio);
	json_string(j, "cpus", th->cpus);
	json_end(j);
}

static void irqcheck_json_counts(struct json *j, const uint64_t *counts, int n)
{
	int c;

	json_array(j, "counts");
	for (c = 0; c < n; c++)
		json_uint(j, NULL, counts[c]);
	json_end(j);
}

int irqcheck_write_json(const struct irqcheck_table *t, FILE *out)
{
	char buf[512], rem[IRQCHECK_MAX_REMEDIES][IRQCHECK_REMEDY_LEN];
	size_t i, bad, n = irqcheck_count(t, &bad);
	struct json j;
	int c, nr;

	json_start(&j, out);
	json_bool(&j, "forced_threading", t->forced);
	json_string(&j, "forced_by", t->forced_by);
	json_array(&j, "cpus");
	for (c = 0; c < t->nr_cpus; c++)
		json_int(&j, NULL, t->cpus[c]);
	json_end(&j);
	json_uint(&j, "device_irqs", n);
	json_uint(&j, "unthreaded", bad);
	json_bool(&j, "all_threaded", bad == 0);
	if (t->observed) {
		json_object(&j, "observe");
		json_double(&j, "window_s", t->observed_ns / 1e9, 3);
		json_uint(&j, "blind_ms", t->blind_ns / NSEC_PER_MSEC);
		json_uint(&j, "events", t->nr_events);
		json_uint(&j, "lost_events", t->lost_events);
		json_int(&j, "signal", t->signal);
		json_end(&j);
	} else {
		json_null(&j, "observe");
	}
	json_array(&j, "irqs");
	for (i = 0; i < t->nr_irqs; i++) {
		const struct irqcheck_irq *q = &t->irqs[i];
		const char *obs = irqcheck_observed_name(q->observed);

		json_object(&j, NULL);
		json_int(&j, "irq", q->irq);
		json_string(&j, "name", q->name);
		json_string(&j, "chip", q->chip);
		json_string(&j, "kind", irqcheck_kind_name(q->kind));
		irqcheck_json_counts(&j, q->counts, t->nr_cpus);
		json_uint(&j, "total", q->total);
		json_string(&j, "affinity", q->affinity);
		json_string(&j, "effective_affinity", q->effective);
		json_bool(&j, "threaded", q->threaded);
		irqcheck_json_thread(&j, "thread", t, q->thread);
		irqcheck_json_thread(&j, "secondary_thread", t, q->secondary);
		if (obs)
			json_string(&j, "observed", obs);
		else
			json_null(&j, "observed");
		if (t->observed) {
			util_format_cpulist(&q->hard_cpus, buf, sizeof(buf));
			json_string(&j, "hardirq_cpus", buf);
			json_uint(&j, "seen_hardirq", q->seen_hardirq);
			json_uint(&j, "thread_runs", q->thread_runs);
			json_uint(&j, "fired", q->fired);
		}
		json_string(&j, "verdict", irqcheck_irq_verdict(q, buf, sizeof(buf)));
		json_end(&j);
	}
	json_end(&j);
	json_array(&j, "vectors");
	for (i = 0; i < t->nr_vecs; i++) {
		json_object(&j, NULL);
		json_string(&j, "name", t->vecs[i].name);
		json_string(&j, "description", t->vecs[i].desc);
		irqcheck_json_counts(&j, t->vecs[i].counts, t->vecs[i].nr_counts);
		json_uint(&j, "total", t->vecs[i].total);
		if (t->observed)
			json_uint(&j, "fired", t->vecs[i].fired);
		json_end(&j);
	}
	json_end(&j);
	irqcheck_overall(t, buf, sizeof(buf));
	json_string(&j, "verdict", buf);
	json_array(&j, "remedies");
	nr = irqcheck_remedies(t, rem);
	for (c = 0; c < nr; c++)
		json_string(&j, NULL, rem[c]);
	json_end(&j);
	json_string(&j, "unreadable", t->unreadable);
	return json_finish(&j);
}

/* ---- the subcommand ----------------------------------------------------------------- */

int irqcheck_main(int argc, char **argv)
{
	struct irqcheck_table t = { 0 };
	struct irqcheck_opts o;
	FILE *json = NULL;
	size_t bad;
	char err[256];
	int status = CLI_EXIT_FAILURE;

	if (irqcheck_parse_args(argc, argv, &o, err, sizeof(err))) {
		log_err("%s", err);
		return CLI_EXIT_USAGE;
	}
	if (o.help) {
		irqcheck_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (subcmd_json_open(o.json_path, &json))
		return CLI_EXIT_FAILURE;
	if (irqcheck_load(o.root, &t))
		goto out;
	if (o.observe_s && irqcheck_observe(&t, o.observe_s))
		goto out;
	if (json != stdout)
		irqcheck_print(&t, stdout);
	if (json && irqcheck_write_json(&t, json))
		goto out; /* subcmd_json_close() says why, once */
	irqcheck_count(&t, &bad);
	status = bad ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
out:
	if (subcmd_json_close(json, o.json_path))
		status = CLI_EXIT_FAILURE;
	irqcheck_free(&t);
	return status;
}
