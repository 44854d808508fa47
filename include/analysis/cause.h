/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cause - the kernel mechanisms behind a spike that what occupied the CPU
 * does not tell by itself, read from the events once blame has attributed
 * the culprits:
 *  - RT bandwidth: a lower class (fair tasks, idle) ran while an RT task was
 *    runnable on the CPU. Only two rules of the kernel allow that: RT
 *    throttling (the CPU's RT tasks used sched_rt_runtime_us of the period;
 *    every RT task waits for sched_rt_period_timer) and the fair deadline
 *    server (6.12+: starved fair tasks run ahead of every RT task, 50 ms per
 *    second, started by its dl_task_timer). The RT tasks that used the budget
 *    are named from the window, else from what the live run read in /proc.
 *  - priority inheritance (sched_pi_setprio): the task that held the CPU ran
 *    boosted by a waiter of a lock it holds; the measured thread itself
 *    waited for a lock (its holder ran boosted, or not: an inversion, with
 *    the task that ran in between);
 *  - the CPU stopper (migration/N, the stop class above everything) and why
 *    it ran: the task it moved, who asked;
 *  - the kernel stack of what the timer interrupted when it woke the thread
 *    (a stacktrace trigger's record), cut below the interrupt entry.
 * The time a mechanism held goes to the task behind it where that task is
 * what to fix (RT throttling: the CPU idled or ran fair tasks because of the
 * budget user's run time), so that culprits still add up to the latency.
 * Pure: no I/O; what a live run knows of the machine comes as data
 * (struct cause_host, in blame_host).
 */
#ifndef ANALYSIS_CAUSE_H
#define ANALYSIS_CAUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

#define CAUSE_MAX_USERS	 4  /* RT tasks named as having used the budget */
#define CAUSE_MAX_FRAMES 24 /* stack frames kept below the interrupt entry */
#define CAUSE_FRAME_LEN	 48
#define CAUSE_MAX_CHAIN	 4 /* owners boosted in one priority-inheritance walk */

/* ---- what a live run reads of the machine (src/run.c), for the explanation ------------- */

/* A runnable RT task of the spike's CPU, from /proc/PID/task/TID/{stat,sched}. */
struct cause_rt_task {
	int32_t pid; /* tid */
	char comm[RTW_COMM_LEN];
	int32_t rt_prio;     /* 1-99 */
	int policy;	     /* SCHED_FIFO, SCHED_RR */
	int32_t cpu;	     /* the CPU it is on */
	uint64_t run_ns;     /* run time gained over @sample_ns (0: not sampled) */
	uint64_t sample_ns;  /* between the two reads, 0: read once */
	int8_t never_sleeps; /* 1: runnable at both reads, no voluntary switch; 0; -1 */
};

/* A SCHED_DEADLINE task's reservation (sched_getattr). */
struct cause_dl_task {
	int32_t pid;
	uint64_t runtime_ns;
	uint64_t deadline_ns;
	uint64_t period_ns;
};

/* The bandwidth knobs as read; a *_known false when they could not be read. */
struct cause_knobs {
	bool rt_known;
	int64_t rt_runtime_us; /* /proc/sys/kernel/sched_rt_runtime_us, -1 = no throttling */
	int64_t rt_period_us;  /* sched_rt_period_us */
	bool cgroup_known;     /* the root cpu cgroup's (v1) cpu.rt_runtime_us: 6.12+ with
				* RT_GROUP_SCHED, the live budget of the root group */
	int64_t cgroup_rt_runtime_us;
	int64_t cgroup_rt_period_us;
	bool fair_known; /* /sys/kernel/debug/sched/fair_server/cpuN/{runtime,period} */
	uint64_t fair_runtime_ns;
	uint64_t fair_period_ns;
	int kernel_version; /* major * 1000 + minor (6012: 6.12, the fair server's), 0 unknown */
};

struct cause_host {
	const struct cause_rt_task *rt_tasks; /* of the spike's CPU, NULL: unknown */
	size_t nr_rt_tasks;
	const struct cause_dl_task *dl_tasks; /* the DL tasks of the window, NULL: none */
	size_t nr_dl_tasks;
	struct cause_knobs knobs;
};

/* ---- what was found --------------------------------------------------------------------- */

enum cause_bw_kind {
	CAUSE_BW_NONE,
	CAUSE_BW_RT_THROTTLED, /* RT throttling held the RT tasks of the CPU */
	CAUSE_BW_FAIR_SERVER,  /* the fair server ran fair tasks ahead of them */
	CAUSE_BW_UNTOLD,       /* one of the two: the trace has no timer events to tell */
};

/* An RT task that used the CPU's RT time (or starved its fair tasks). */
struct cause_task {
	int32_t pid;
	char comm[RTW_COMM_LEN];
	int32_t prio;	     /* kernel prio */
	uint64_t run_ns;     /* ran on the CPU in the window (or over the /proc sample) */
	bool slept;	     /* went to sleep in the window */
	bool from_host;	     /* not in the window: read from /proc */
	int8_t never_sleeps; /* 1, 0, -1 unknown (from /proc) */
};

struct cause_bandwidth {
	uint8_t kind; /* enum cause_bw_kind */
	int32_t cpu;
	uint64_t start_ns; /* an RT task left the CPU to a lower class; 0: before the window */
	bool server_start; /* ... right after the fair server's dl_task_timer or a fair wakeup */
	uint64_t server_timer_ns; /* that dl_task_timer expiry, 0 none */
	uint64_t period_timer_ns; /* the sched_rt_period_timer expiry that ended it, 0 none */
	int32_t period_timer_cpu;
	uint64_t held_ns; /* of the latency: lower classes on the CPU */
	uint64_t idle_ns; /* ... of which idle */
	uint64_t fair_ns; /* ... of which fair tasks */
	int32_t fair_pid; /* the fair task that ran most, -1 */
	char fair_comm[RTW_COMM_LEN];
	uint64_t fair_top_ns;
	bool timer_events;	  /* the trace has hrtimer expiries (else the end cannot be told) */
	struct cause_knobs knobs; /* as the live run read them (all unknown otherwise) */
	int nr_users;
	struct cause_task user[CAUSE_MAX_USERS]; /* largest run time first */
};

enum cause_pi_kind {
	CAUSE_PI_NONE,
	CAUSE_PI_BOOST,	    /* the culprit ran boosted by a waiter of a lock it holds */
	CAUSE_PI_LOCK_WAIT, /* the thread waited for a lock (or a wakeup) from the holder */
	CAUSE_PI_INVERSION, /* ... while a task between the two in priority ran */
};

struct cause_pi {
	uint8_t kind;	    /* enum cause_pi_kind */
	bool events_seen;   /* the window has sched_pi_setprio events (they were recorded) */
	int32_t holder_pid; /* the boosted task / the lock holder */
	char holder_comm[RTW_COMM_LEN];
	int32_t holder_prio; /* its own kernel prio */
	int32_t boost_prio;  /* the prio it ran at, TL_PRIO_UNKNOWN when not boosted */
	int32_t waiter_pid;  /* who boosted it (waits for the lock), -1 */
	char waiter_comm[RTW_COMM_LEN];
	int32_t waiter_prio;
	uint64_t boost_ns; /* the boost, 0 unknown */
	int nr_chain;	   /* tasks boosted in the same walk, the waiter's lock owner first */
	int32_t chain_pid[CAUSE_MAX_CHAIN];
	uint64_t wait_ns; /* the thread blocked -> woken again (LOCK_WAIT, INVERSION) */
	int32_t mid_pid;  /* INVERSION: the task that ran while the holder could not, -1 */
	char mid_comm[RTW_COMM_LEN];
	int32_t mid_prio;
	uint64_t mid_ns;
};

struct cause_stop {
	bool seen;
	int32_t pid; /* migration/N */
	char comm[RTW_COMM_LEN];
	int32_t cpu;
	uint64_t ns;
	int32_t moved_pid; /* the task it migrated (sched_migrate_task in its context), -1 */
	char moved_comm[RTW_COMM_LEN];
	int32_t moved_from;
	int32_t moved_to;
	int32_t by_pid; /* who woke it (queued the stop work), -1 unknown */
	char by_comm[RTW_COMM_LEN];
	int32_t by_cpu;
	bool by_irq; /* ... from interrupt context (load balancing, an IPI) */
};

enum cause_stack_where {
	CAUSE_STACK_NONE,    /* no stack recorded for this wakeup */
	CAUSE_STACK_KERNEL,  /* the timer interrupted kernel code: the frames */
	CAUSE_STACK_USER,    /* ... user space (nothing below the entry) */
	CAUSE_STACK_IDLE,    /* ... the idle loop */
	CAUSE_STACK_UNKNOWN, /* no interrupt entry among the frames: shown as recorded */
};

struct cause_stack {
	uint8_t where; /* enum cause_stack_where */
	int32_t pid;   /* the interrupted task */
	char comm[RTW_COMM_LEN];
	int32_t cpu;
	uint64_t ts_ns;
	int nr_recorded; /* frames in the record */
	int nr;		 /* frames kept (below the entry), innermost first */
	char frame[CAUSE_MAX_FRAMES][CAUSE_FRAME_LEN];
};

struct cause_info {
	struct cause_bandwidth bw;
	struct cause_pi pi;
	struct cause_stop stop;
	struct cause_stack stack;
};

struct blame_host;
struct blame_result;
struct timeline;

/**
 * cause_find() - Find the mechanisms behind an explained spike.
 * @ev: the (repaired) events the spike was explained from, time-ordered
 * @n: their number
 * @tl: the timeline built from them
 * @host: what the live run read of the machine (its cause part), may be NULL
 * @res: the explanation, culprits attributed and sorted; receives res->cause,
 *       and may have time moved to the task behind a mechanism, or that task
 *       added (culprits re-sorted, still adding up; their policies are
 *       resolved after this)
 */
void cause_find(const struct rtw_event *ev, size_t n, const struct timeline *tl,
		const struct blame_host *host, struct blame_result *res);

/**
 * cause_stack_entry() - Is @fn where an interrupt or exception entered the kernel?
 * @fn: a frame's function
 *
 * Return: true for asm_sysvec_*, asm_common_interrupt, asm_exc_* (x86),
 * el1h_64_irq / el0t_64_irq (arm64) and the older x86 names.
 */
bool cause_stack_entry(const char *fn);

/**
 * cause_stack_words() - "ring_buffer_resize <- tracing_resize_ring_buffer <- ..." of a stack.
 * @st: the stack
 * @max: frames to name at most
 * @buf: output
 * @len: size of @buf
 *
 * Return: @buf ("" when the stack has no frame).
 */
const char *cause_stack_words(const struct cause_stack *st, int max, char *buf, size_t len);

/**
 * cause_stack_where_name() - "kernel", "user", "idle", "unknown", "none".
 * @where: enum cause_stack_where
 *
 * Return: a static string.
 */
const char *cause_stack_where_name(int where);

/**
 * cause_is_stopper() - Is @comm the CPU stopper thread, "migration/N"?
 * @comm: task name
 *
 * Return: true for "migration/" followed by a CPU number.
 */
bool cause_is_stopper(const char *comm);

#endif
