/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * event - the one event model of the analysis. Every source (live ring
 * buffer through decode.c, trace.dat through datread.c, ftrace text through
 * textread.c) becomes a time-ordered stream of struct rtw_event; timeline
 * and blame know nothing else. Also: the event table (which tracepoints
 * the analysis reads, their kinds, which ones live tracing enables), the
 * trace flags, decoded per kernel version into one canonical set, and small
 * helpers over events.
 */
#ifndef ANALYSIS_EVENT_H
#define ANALYSIS_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RTW_COMM_LEN   16
#define RTW_NAME_LEN   32
#define RTW_MARKER_LEN 128
#define RTW_FRAME_LEN  96 /* a kernel function name of a stack frame */

/* the most CPUs any part of rtwhy handles (CPU numbers 0 .. RTW_MAX_CPUS - 1) */
#define RTW_MAX_CPUS 4096

/* the kernel's timer slack of a fair task that did not change it (RT tasks have none) */
#define RTW_DEFAULT_TIMER_SLACK_NS 50000

enum rtw_kind {
	RTW_EV_OTHER = 0,     /* an event we keep only for its common fields */
	RTW_EV_SWITCH,	      /* sched:sched_switch */
	RTW_EV_WAKING,	      /* sched:sched_waking (in the waker's context) */
	RTW_EV_WAKEUP,	      /* sched:sched_wakeup, sched_wakeup_new */
	RTW_EV_MIGRATE,	      /* sched:sched_migrate_task */
	RTW_EV_IRQ_ENTRY,     /* irq:irq_handler_entry */
	RTW_EV_IRQ_EXIT,      /* irq:irq_handler_exit */
	RTW_EV_SOFTIRQ_ENTRY, /* irq:softirq_entry */
	RTW_EV_SOFTIRQ_EXIT,  /* irq:softirq_exit */
	RTW_EV_SOFTIRQ_RAISE, /* irq:softirq_raise */
	RTW_EV_HRTIMER_ENTRY, /* timer:hrtimer_expire_entry */
	RTW_EV_HRTIMER_EXIT,  /* timer:hrtimer_expire_exit */
	RTW_EV_VECTOR_ENTRY,  /* irq_vectors:*_entry (x86 local timer, IPIs...) */
	RTW_EV_VECTOR_EXIT,   /* irq_vectors:*_exit */
	RTW_EV_NMI,	      /* nmi:nmi_handler */
	RTW_EV_IPI,	      /* ipi:ipi_send_cpu / ipi_send_cpumask */
	RTW_EV_MARKER,	      /* ftrace:print (trace_marker writes) */
	RTW_EV_LOST,	      /* synthetic: events were lost on this CPU before ts */
	RTW_EV_PI_SETPRIO,    /* sched:sched_pi_setprio (in the booster's context) */
	RTW_EV_STACK,	      /* ftrace:kernel_stack, "<stack trace>": its frames follow */
	RTW_EV_STACK_FRAME,   /* synthetic: one frame of the RTW_EV_STACK before it */
	RTW_EV_NR_KINDS,
};

/* Canonical trace flags (whatever the kernel's layout; see event_flags_from_raw()). */
#define RTW_F_IRQS_OFF		0x01
#define RTW_F_NEED_RESCHED	0x02 /* TIF_NEED_RESCHED */
#define RTW_F_NEED_RESCHED_LAZY 0x04 /* TIF_NEED_RESCHED_LAZY (6.13+) */
#define RTW_F_HARDIRQ		0x08
#define RTW_F_SOFTIRQ		0x10
#define RTW_F_PREEMPT_RESCHED	0x20 /* folded preempt-count resched bit */
#define RTW_F_NMI		0x40
#define RTW_F_BH_OFF		0x80
#define RTW_F_ANY_RESCHED	(RTW_F_NEED_RESCHED | RTW_F_NEED_RESCHED_LAZY | RTW_F_PREEMPT_RESCHED)

/* sched_switch prev_state, canonical (TASK_REPORT bits; 0 = runnable/preempted). */
#define RTW_STATE_RUNNING   0x000
#define RTW_STATE_PREEMPTED 0x100 /* "R+" */

struct rtw_event {
	uint64_t ts_ns; /* trace clock, ns */
	int32_t cpu;
	int32_t pid;		 /* common_pid: the task current on @cpu */
	uint16_t kind;		 /* enum rtw_kind */
	uint8_t flags;		 /* RTW_F_* */
	uint8_t preempt;	 /* preempt depth (low nibble of preempt_count) */
	char comm[RTW_COMM_LEN]; /* comm of @pid when known, else "" */
	union {
		struct {
			int32_t prev_pid;
			int32_t prev_prio; /* kernel prio: <0 DL, <100 RT, >=100 fair */
			uint32_t prev_state;
			int32_t next_pid;
			int32_t next_prio;
			char prev_comm[RTW_COMM_LEN];
			char next_comm[RTW_COMM_LEN];
		} sw;
		struct { /* WAKING, WAKEUP */
			int32_t pid;
			int32_t prio;
			int32_t target_cpu;
			char comm[RTW_COMM_LEN];
		} wake;
		struct {
			int32_t pid;
			int32_t prio;
			int32_t orig_cpu;
			int32_t dest_cpu;
			char comm[RTW_COMM_LEN];
		} mig;
		struct { /* IRQ_ENTRY, IRQ_EXIT */
			int32_t irq;
			int32_t ret;
			char name[RTW_NAME_LEN];
		} irq;
		struct { /* SOFTIRQ_* */
			int32_t vec;
		} softirq;
		struct {		 /* HRTIMER_* */
			uint64_t timer;	 /* hrtimer address (identity only) */
			uint64_t now_ns; /* the hrtimer core's now (entry only) */
			char function[RTW_NAME_LEN];
		} hrt;
		struct { /* VECTOR_*, NMI */
			int32_t vector;
			uint64_t delta_ns; /* NMI handler duration */
			char name[RTW_NAME_LEN];
		} vec;
		struct {
			char text[RTW_MARKER_LEN];
		} marker;
		struct {
			uint64_t count; /* 0 = unknown number */
		} lost;
		struct {	     /* PI_SETPRIO: @pid gets @newprio (kernel prios) */
			int32_t pid; /* the task whose priority changes (the owner) */
			int32_t oldprio;
			int32_t newprio;
			char comm[RTW_COMM_LEN];
		} pi;
		struct {	    /* STACK, in the context of the interrupted task */
			int32_t nr; /* frames that follow, 0 unknown (text: count them) */
		} stack;
		struct {	       /* STACK_FRAME: same cpu, pid and ts as its STACK */
			int32_t index; /* 0 = the innermost frame */
			char name[RTW_FRAME_LEN]; /* function, or "0x..." when unknown */
		} frame;
	} u;
};

/* How the kernel lays out common_flags. */
enum event_flag_layout {
	EVENT_FLAGS_PRE_6_13, /* 0x02 = IRQS_NOSUPPORT */
	EVENT_FLAGS_6_13,     /* 0x02 = NEED_RESCHED_LAZY */
};

/**
 * event_flag_layout_for() - The common_flags layout of a kernel version.
 * @major: e.g. 6
 * @minor: e.g. 18
 *
 * Return: the layout.
 */
enum event_flag_layout event_flag_layout_for(int major, int minor);

/**
 * event_flags_from_raw() - Canonical RTW_F_* flags from a raw common_flags.
 * @raw: the common_flags value
 * @layout: the kernel's layout
 *
 * Return: RTW_F_* bits.
 */
uint8_t event_flags_from_raw(unsigned int raw, enum event_flag_layout layout);

/**
 * event_flags_to_raw() - The raw common_flags of canonical flags (event_flags_from_raw()'s inverse).
 * @flags: RTW_F_* bits
 * @layout: the kernel's layout (before 6.13 there is no lazy bit: it is left out)
 *
 * Return: the common_flags value.
 */
unsigned int event_flags_to_raw(uint8_t flags, enum event_flag_layout layout);

/**
 * event_flags_from_letters() - Canonical flags from ftrace's latency columns.
 * @s: the columns, e.g. "dNh2." or "d.h3" (irqs-off, need-resched, hardirq/
 *     softirq, preempt depth, optionally migrate-disable)
 * @len: number of characters available at @s
 * @flags: result
 * @preempt: result: preempt depth (0 if '.')
 *
 * Return: 0, or -EINVAL if @s is not such a column group.
 */
int event_flags_from_letters(const char *s, int len, uint8_t *flags, uint8_t *preempt);

/**
 * event_flags_to_letters() - The kernel's latency columns for @flags.
 * @flags: RTW_F_* bits
 * @preempt: preempt depth
 * @buf: at least 6 bytes; receives 5 characters and a NUL
 */
void event_flags_to_letters(uint8_t flags, uint8_t preempt, char *buf);

/*
 * The event table: every tracepoint the analysis reads, in one place. Live
 * tracing enables the EVENT_T_ENABLE ones in table order (tsession.c), the
 * readers map a record (decode.c: system and name) or a text line
 * (textread.c: the name only, or its alias) to its kind with
 * event_kind_of(), and `rtwhy check` can count the EVENT_T_NEEDED ones.
 */
#define EVENT_T_ENABLE 0x01 /* rtwhy enables it to explain a spike, where the kernel has it */
#define EVENT_T_NEEDED 0x02 /* the explanation needs it; without it a spike may stay unexplained */

struct event_type {
	const char *system; /* "sched" */
	const char *name;   /* "sched_switch" */
	const char *alias;  /* the name the kernel's text output shows instead, or NULL */
	uint16_t kind;	    /* enum rtw_kind */
	uint8_t flags;	    /* EVENT_T_* */
};

/**
 * event_types() - The event table.
 * @n: result: its number of entries
 *
 * Return: the entries (static), those to enable in the order to enable them.
 */
const struct event_type *event_types(size_t *n);

/**
 * event_systems() - The trace systems of the event table, each once, in table order.
 * @out: result
 * @max: room in @out
 *
 * Return: how many were stored.
 */
size_t event_systems(const char **out, size_t max);

/**
 * event_kind_of() - The kind of a tracepoint, by its name.
 * @system: e.g. "irq_vectors"; NULL for text, which names events without
 *          their system (the name or the alias of a table entry then counts)
 * @name: the event's name; need not be NUL-terminated
 * @len: its length
 * @vector: at least RTW_NAME_LEN bytes: for an x86 vector event, the vector's
 *          name (the event name without _entry/_exit); untouched otherwise
 *
 * With @system "irq_vectors" every NAME_entry/NAME_exit (but vector_*) is a
 * vector, also one the table does not list (newer kernels add some).
 * Return: enum rtw_kind; RTW_EV_OTHER for an event the analysis does not read.
 */
uint16_t event_kind_of(const char *system, const char *name, size_t len, char *vector);

/**
 * event_kind_name() - The tracepoint name of a kind ("sched_switch" ...): the
 * first table entry of the kind; "other" and "lost" for the kinds no
 * tracepoint has.
 * @kind: enum rtw_kind
 *
 * Return: a static string, "?" for a value that is no kind.
 */
const char *event_kind_name(int kind);

/**
 * event_softirq_name() - The kernel's name of softirq vector @vec.
 * @vec: 0-9
 *
 * Return: "HI", "TIMER", "NET_TX", ..., or "?".
 */
const char *event_softirq_name(int vec);

/**
 * event_is_tick_function() - Is @function the scheduler tick's hrtimer?
 * @function: hrtimer callback name
 *
 * Return: true for tick_nohz_handler, tick_sched_timer, tick_handle_periodic.
 */
bool event_is_tick_function(const char *function);

/**
 * event_irq_thread_number() - The IRQ number of a threaded handler's comm.
 * @comm: e.g. "irq/41-eth0" or "irq/41-s-eth0"
 *
 * Return: the IRQ number, or -1 if @comm is not an IRQ thread.
 */
int event_irq_thread_number(const char *comm);

/**
 * event_prio_is_rt() - Is a kernel priority a real-time (or deadline) one?
 * @prio: kernel prio as in sched_switch (0-99 RT, -1 DL, 100-139 fair)
 *
 * Return: true for RT and deadline.
 */
static inline bool event_prio_is_rt(int prio)
{
	return prio < 100;
}

/**
 * event_user_prio() - The priority as chrt shows it.
 * @prio: kernel prio
 *
 * Return: 1-99 for RT (99 - @prio), the nice value for fair tasks, 0 for DL.
 */
int event_user_prio(int prio);

#endif
