/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * irqs/gather - what "rtwhy irqs" reads: one row per IRQ from
 * /proc/interrupts and /proc/irq/N (names, counts per CPU, affinity), the
 * irq/N-name (and irq/N-s-name) kernel threads from /proc/PID/stat, whether
 * threading is forced (threadirqs, PREEMPT_RT) and, with --observe, what a
 * tracing window saw (through tsession).
 *
 * What the trace can show: irq:irq_handler_entry fires around the primary
 * handler only, always in hard IRQ context (with forced threading that is
 * the kernel's irq_default_primary_handler, which only wakes the thread);
 * the threaded handler has no tracepoint. So the window counts handler
 * entries (and where they ran) and switches into each IRQ's threads.
 *
 * Only facts: which thread belongs to which action, and what that means,
 * is irqs/judge's. Everything but irqs_gather_observe() reads under a root
 * prefix, so the unit tests run on fake trees without root.
 */
#ifndef RTWHY_IRQS_GATHER_H
#define RTWHY_IRQS_GATHER_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

#define IRQS_GATHER_NAME_LEN	128
#define IRQS_GATHER_COMM_LEN	64
#define IRQS_GATHER_MAX_NOTES	8
#define IRQS_GATHER_NOTE_LEN	160
#define IRQS_GATHER_FORCED_LEN	128
#define IRQS_GATHER_MAX_OBSERVE 3600 /* seconds */

/* A kernel thread irq/N-name (primary) or irq/N-s-name (secondary handler). */
struct irqs_gather_thread {
	int pid;
	int irq;
	bool secondary;
	char comm[IRQS_GATHER_COMM_LEN];
	char name[IRQS_GATHER_COMM_LEN]; /* the part after "irq/N-" or "irq/N-s-" */
	int policy;			 /* SCHED_* */
	int prio;			 /* as chrt shows it: 1-99 RT, nice otherwise */
	bool cpus_known;		 /* Cpus_allowed_list was read */
	cpu_set_t cpus;
};

struct irqs_gather_irq {
	int irq;
	char name[IRQS_GATHER_NAME_LEN]; /* action names, ", "-separated, "" none */
	char chip[IRQS_GATHER_NAME_LEN]; /* controller and type, e.g. "IO-APIC 5-edge" */
	int nr_actions;
	uint64_t *counts; /* one per column of the table's cpus */
	uint64_t total;
	bool affinity_known; /* smp_affinity_list was read */
	cpu_set_t affinity;
	bool effective_known; /* effective_affinity_list was read (and not empty) */
	cpu_set_t effective;
	/* --observe */
	uint64_t seen_hardirq; /* handler entries in hard IRQ context */
	uint64_t seen_task;    /* handler entries outside hard IRQ context */
	uint64_t thread_runs;  /* switches into one of its threads */
	uint64_t fired;	       /* /proc/interrupts delta over the window */
	cpu_set_t hard_cpus;   /* CPUs where the entries were seen */
};

/* A per-CPU vector row of /proc/interrupts (LOC, RES, CAL, NMI, IPI0...). */
struct irqs_gather_vector {
	char name[16];
	char desc[IRQS_GATHER_NAME_LEN];
	uint64_t *counts;
	int nr_counts; /* ERR and MIS have one */
	uint64_t total;
	uint64_t fired;
};

struct irqs_gather_table {
	int nr_cpus;
	int *cpus; /* the CPU of each count column */
	struct irqs_gather_irq *irqs;
	size_t nr_irqs;
	struct irqs_gather_vector *vecs;
	size_t nr_vecs;
	struct irqs_gather_thread *threads;
	size_t nr_threads;
	bool forced;				/* forced threading */
	char forced_by[IRQS_GATHER_FORCED_LEN]; /* why, or why not */
	/* what could not be read */
	char notes[IRQS_GATHER_MAX_NOTES][IRQS_GATHER_NOTE_LEN];
	int nr_notes;
	/* --observe */
	bool observed;
	uint64_t observed_ns; /* the window actually observed */
	uint64_t blind_ns;    /* of which not recording (reading the buffer) */
	int signal;	      /* the signal that cut it short, 0 */
	uint64_t lost_events;
	uint64_t nr_events;
};

/**
 * irqs_gather_parse_interrupts() - Fill @t's CPUs, IRQ and vector rows.
 * @text: the content of /proc/interrupts
 * @t: table, zeroed
 *
 * IRQ names and chip are taken from the row; irqs_gather_load() replaces the
 * names with the /proc/irq/N directory names when it can read them.
 * Return: 0, -EINVAL if the header line is missing, -ENOMEM.
 */
int irqs_gather_parse_interrupts(const char *text, struct irqs_gather_table *t);

/**
 * irqs_gather_parse_thread() - Recognise an IRQ handler thread.
 * @stat: the content of /proc/PID/stat
 * @status: the content of /proc/PID/status (for Cpus_allowed_list), or NULL
 * @th: result
 *
 * Return: 0 for a kernel thread named irq/N-..., -ENOENT for any other task,
 * -EINVAL if @stat is not parseable.
 */
int irqs_gather_parse_thread(const char *stat, const char *status, struct irqs_gather_thread *th);

/**
 * irqs_gather_load() - Read everything about the IRQs of the system at @root.
 * @root: directory prefix ("" = this system)
 * @t: table, zeroed; irqs_gather_free() it
 *
 * Only an unreadable /proc/interrupts is an error; anything else that
 * cannot be read is listed in @t->notes.
 * Return: 0, or -errno with the message printed.
 */
int irqs_gather_load(const char *root, struct irqs_gather_table *t);

/**
 * irqs_gather_account() - Count one traced event into the table.
 * @t: table
 * @ev: decoded event (irq_handler_entry, sched_switch, lost)
 */
void irqs_gather_account(struct irqs_gather_table *t, const struct rtw_event *ev);

/**
 * irqs_gather_observe_done() - Close the observation window.
 * @t: table, with the events accounted
 * @before: /proc/interrupts at the start of the window, or NULL
 * @after: /proc/interrupts at its end, or NULL; with @before, gives how
 *         often each IRQ fired meanwhile (to compare with what was seen)
 * @window_ns: how long the window was
 */
void irqs_gather_observe_done(struct irqs_gather_table *t, const char *before, const char *after,
			      uint64_t window_ns);

/**
 * irqs_gather_observe() - Trace the running kernel for @observe_s seconds
 * (root): handler entries and switches into IRQ threads, into @t.
 * @t: table of this system (irqs_gather_load(""))
 * @observe_s: seconds; a signal (SIGINT...) ends the window early
 *
 * The tracing instance is gone when this returns, whatever happened.
 * Return: 0, or -errno with the message printed.
 */
int irqs_gather_observe(struct irqs_gather_table *t, unsigned int observe_s);

/**
 * irqs_gather_find() - The row of IRQ @irq.
 * @t: table
 * @irq: IRQ number
 *
 * Return: the row, or NULL.
 */
struct irqs_gather_irq *irqs_gather_find(const struct irqs_gather_table *t, int irq);

/**
 * irqs_gather_free() - Free what the table holds.
 * @t: table; zeroed afterwards
 */
void irqs_gather_free(struct irqs_gather_table *t);

#endif
