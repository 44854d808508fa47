/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * irqcheck - "rtwhy irqs": is every IRQ handler a thread?
 *
 * One row per IRQ from /proc/interrupts and /proc/irq/N (names, counts per
 * CPU, affinity), the irq/N-name (and irq/N-s-name) kernel threads from
 * /proc/PID/stat, and whether threading is forced (threadirqs, PREEMPT_RT).
 * With --observe, a tracing window says where each handler really ran.
 *
 * What the trace can show: irq:irq_handler_entry fires around the primary
 * handler only, always in hard IRQ context (with forced threading that is
 * the kernel's irq_default_primary_handler, which only wakes the thread);
 * the threaded handler has no tracepoint. So an IRQ "ran in its thread" when
 * its irq/N thread was switched in (sched_switch), "in hard IRQ context" when
 * the entry was seen but no thread of it ran.
 *
 * Everything but irqcheck_main() is pure or reads under a root prefix, so the
 * unit tests run on fake trees without root.
 */
#ifndef RTWHY_IRQCHECK_H
#define RTWHY_IRQCHECK_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/event.h"

#define IRQCHECK_NAME_LEN    128
#define IRQCHECK_COMM_LEN    64
#define IRQCHECK_CPUS_LEN    64
#define IRQCHECK_MAX_OBSERVE 3600 /* seconds */

enum irqcheck_kind {
	IRQCHECK_DEVICE, /* a device handler: the kernel can run it in a thread */
	IRQCHECK_TIMER,	 /* timer or per-CPU (IRQF_TIMER, IRQF_PERCPU): never threaded */
	IRQCHECK_UNUSED, /* no handler installed */
};

enum irqcheck_observed {
	IRQCHECK_OBS_NONE,    /* not observed (no --observe) */
	IRQCHECK_OBS_UNSEEN,  /* no entry and no thread run in the window */
	IRQCHECK_OBS_HARDIRQ, /* handler entries in hard IRQ context, no thread ran */
	IRQCHECK_OBS_THREAD,  /* its irq/N thread ran */
};

/* A kernel thread irq/N-name (primary) or irq/N-s-name (secondary handler). */
struct irqcheck_thread {
	int pid;
	int irq;
	bool secondary;
	char comm[IRQCHECK_COMM_LEN];
	char name[IRQCHECK_COMM_LEN]; /* the part after "irq/N-" or "irq/N-s-" */
	int policy;		      /* SCHED_* */
	int prio;		      /* as chrt shows it: 1-99 RT, nice otherwise */
	char cpus[IRQCHECK_CPUS_LEN]; /* Cpus_allowed_list, "" if unreadable */
};

struct irqcheck_irq {
	int irq;
	char name[IRQCHECK_NAME_LEN]; /* action names, ", "-separated */
	char chip[IRQCHECK_NAME_LEN]; /* controller and type, e.g. "IO-APIC 5-edge" */
	int nr_actions;
	int nr_threaded;  /* actions that have a primary thread */
	uint64_t *counts; /* one per column of the table's cpus */
	uint64_t total;
	char affinity[IRQCHECK_CPUS_LEN];  /* smp_affinity_list, "" if unknown */
	char effective[IRQCHECK_CPUS_LEN]; /* effective_affinity_list */
	enum irqcheck_kind kind;
	int thread;    /* index in the table's threads: first primary, -1 none */
	int secondary; /* first secondary thread, -1 none */
	bool threaded; /* every action has its primary thread */
	/* --observe */
	enum irqcheck_observed observed;
	uint64_t seen_hardirq; /* handler entries in hard IRQ context */
	uint64_t seen_task;    /* handler entries outside hard IRQ context */
	uint64_t thread_runs;  /* switches into one of its threads */
	uint64_t fired;	       /* /proc/interrupts delta over the window */
	cpu_set_t hard_cpus;   /* CPUs where the entries were seen */
};

/* A per-CPU vector row of /proc/interrupts (LOC, RES, CAL, NMI, IPI0...). */
struct irqcheck_vector {
	char name[16];
	char desc[IRQCHECK_NAME_LEN];
	uint64_t *counts;
	int nr_counts; /* ERR and MIS have one */
	uint64_t total;
	uint64_t fired;
};

struct irqcheck_table {
	int nr_cpus;
	int *cpus; /* the CPU of each count column */
	struct irqcheck_irq *irqs;
	size_t nr_irqs;
	struct irqcheck_vector *vecs;
	size_t nr_vecs;
	struct irqcheck_thread *threads;
	size_t nr_threads;
	bool forced;	       /* forced threading */
	char forced_by[128];   /* why, or why not */
	char unreadable[1024]; /* what could not be read, "; "-separated */
	/* --observe */
	bool observed;
	uint64_t observed_ns; /* the window actually observed */
	uint64_t blind_ns;    /* of which not recording (reading the buffer) */
	int signal;	      /* the signal that cut it short, 0 */
	uint64_t lost_events;
	uint64_t nr_events;
};

struct irqcheck_opts {
	unsigned int observe_s; /* 0 = no tracing */
	const char *json_path;	/* NULL = none, "-" = stdout (then no text) */
	const char *root;	/* "" = this system */
	bool help;
};

/**
 * irqcheck_parse_args() - Parse the options of "rtwhy irqs".
 * @argc: argument count
 * @argv: arguments, argv[0] = "irqs"
 * @opts: result
 * @err: one line of error (no "rtwhy: " prefix, no newline)
 * @errlen: size of @err
 *
 * Pure: no file is opened.
 * Return: 0, or -EINVAL with @err filled (exit status CLI_EXIT_USAGE).
 */
int irqcheck_parse_args(int argc, char **argv, struct irqcheck_opts *opts, char *err,
			size_t errlen);

/**
 * irqcheck_usage() - Print the help of "rtwhy irqs".
 * @out: stream
 */
void irqcheck_usage(FILE *out);

/**
 * irqcheck_parse_interrupts() - Fill @t's CPUs, IRQ and vector rows.
 * @text: the content of /proc/interrupts
 * @t: table, zeroed
 *
 * IRQ names and chip are taken from the row; irqcheck_load() replaces the
 * names with the /proc/irq/N directory names when it can read them.
 * Return: 0, -EINVAL if the header line is missing, -ENOMEM.
 */
int irqcheck_parse_interrupts(const char *text, struct irqcheck_table *t);

/**
 * irqcheck_parse_thread() - Recognise an IRQ handler thread.
 * @stat: the content of /proc/PID/stat
 * @status: the content of /proc/PID/status (for Cpus_allowed_list), or NULL
 * @th: result
 *
 * Return: 0 for a kernel thread named irq/N-..., -ENOENT for any other task,
 * -EINVAL if @stat is not parseable.
 */
int irqcheck_parse_thread(const char *stat, const char *status, struct irqcheck_thread *th);

/**
 * irqcheck_forced_threading() - Does the kernel force IRQ threading?
 * @root: directory prefix ("" = this system)
 * @why: receives the reason (or what was looked at)
 * @len: size of @why
 *
 * Looks at "threadirqs" in /proc/cmdline, PREEMPT_RT in
 * /proc/sys/kernel/version (uname -v) and /sys/kernel/realtime.
 * Return: 1 forced, 0 not, -errno when neither the command line nor the
 * version could be read (then nobody can tell).
 */
int irqcheck_forced_threading(const char *root, char *why, size_t len);

/**
 * irqcheck_load() - Read everything about the IRQs of the system at @root.
 * @root: directory prefix ("" = this system)
 * @t: table, zeroed; irqcheck_free() it
 *
 * Only an unreadable /proc/interrupts is an error; anything else that
 * cannot be read is listed in @t->unreadable.
 * Return: 0, or -errno with the message printed.
 */
int irqcheck_load(const char *root, struct irqcheck_table *t);

/**
 * irqcheck_account() - Count one traced event into the table.
 * @t: table
 * @ev: decoded event (irq_handler_entry, sched_switch, lost)
 */
void irqcheck_account(struct irqcheck_table *t, const struct rtw_event *ev);

/**
 * irqcheck_observe_done() - Conclude the observation window.
 * @t: table, with the events accounted
 * @before: /proc/interrupts at the start of the window, or NULL
 * @after: /proc/interrupts at its end, or NULL; with @before, gives how
 *         often each IRQ fired meanwhile (to compare with what was seen)
 * @window_ns: how long the window was
 */
void irqcheck_observe_done(struct irqcheck_table *t, const char *before, const char *after,
			   uint64_t window_ns);

/**
 * irqcheck_irq_verdict() - One IRQ's verdict in a few words.
 * @q: the IRQ
 * @buf: output
 * @len: size of @buf
 *
 * Return: @buf.
 */
const char *irqcheck_irq_verdict(const struct irqcheck_irq *q, char *buf, size_t len);

/**
 * irqcheck_count() - Count the device IRQs, and those not threaded.
 * @t: table
 * @unthreaded: receives the number of device IRQs without a thread; may be NULL
 *
 * Return: the number of device IRQs.
 */
size_t irqcheck_count(const struct irqcheck_table *t, size_t *unthreaded);

/**
 * irqcheck_print() - The report: a row per IRQ, the per-CPU vectors, the
 * verdict and the remedies.
 * @t: table
 * @out: stream
 */
void irqcheck_print(const struct irqcheck_table *t, FILE *out);

/**
 * irqcheck_write_json() - The report as JSON.
 * @t: table
 * @out: stream
 *
 * Return: 0, or -EIO.
 */
int irqcheck_write_json(const struct irqcheck_table *t, FILE *out);

/**
 * irqcheck_free() - Free what the table holds.
 * @t: table; zeroed afterwards
 */
void irqcheck_free(struct irqcheck_table *t);

/**
 * irqcheck_main() - The "rtwhy irqs" subcommand.
 * @argc: arguments after the program name
 * @argv: argv[0] is the subcommand name
 *
 * Return: 0 when every device IRQ is threaded, 1 when one is not (or on an
 * error), 2 on a bad option.
 */
int irqcheck_main(int argc, char **argv);

#endif
