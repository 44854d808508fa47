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
	RTW_EV_HRTIMER_START, /* timer:hrtimer_start (in the context of who armed it) */
	RTW_EV_HRTIMER_INIT,  /* timer:hrtimer_init, hrtimer_setup: the timer's clock */
	RTW_EV_VECTOR_ENTRY,  /* irq_vectors:*_entry (x86 local timer, IPIs...) */
	RTW_EV_VECTOR_EXIT,   /* irq_vectors:*_exit */
	RTW_EV_NMI,	      /* nmi:nmi_handler */
	RTW_EV_IPI,	      /* ipi:ipi_send_cpu / ipi_send_cpumask */
	RTW_EV_MARKER,	      /* ftrace:print (trace_marker writes) */
	RTW_EV_LOST,	      /* synthetic: events were lost on this CPU before ts */
	RTW_EV_PI_SETPRIO,    /* sched:sched_pi_setprio (in the booster's context) */
	RTW_EV_STACK,	      /* ftrace:kernel_stack, "<stack trace>": its frames follow */
	RTW_EV_STACK_FRAME,   /* synthetic: one frame of the RTW_EV_STACK before it */
	RTW_EV_SIGNAL,	      /* signal:signal_generate (in the sender's context) */
	RTW_EV_CPUHP_ENTER,   /* cpuhp:cpuhp_enter, cpuhp_multi_enter: a CPU hotplug step */
	RTW_EV_CPUHP_EXIT,    /* cpuhp:cpuhp_exit */
	RTW_EV_TIMER_ENTRY,   /* timer:timer_expire_entry: a timer wheel callback (TIMER softirq) */
	RTW_EV_TIMER_EXIT,    /* timer:timer_expire_exit */
	RTW_EV_CSD_ENTRY,     /* csd:csd_function_entry (6.4+): a function an IPI runs */
	RTW_EV_CSD_EXIT,      /* csd:csd_function_exit */
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

/* hrtimer modes (include/linux/hrtimer.h enum hrtimer_mode) */
#define RTW_HRTIMER_REL	   0x01
#define RTW_HRTIMER_PINNED 0x02
#define RTW_HRTIMER_SOFT   0x04 /* expires in softirq context (PREEMPT_RT: all but HARD) */
#define RTW_HRTIMER_HARD   0x08 /* expires in hard IRQ context even on PREEMPT_RT */

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
			uint64_t now_ns; /* the hrtimer core's now (entry only), timer's clock */
			uint64_t expires_ns;	 /* START: hard expiry, in the timer's clock */
			uint64_t softexpires_ns; /* START: the time asked for (expires - slack) */
			int32_t clockid;	 /* INIT: CLOCK_MONOTONIC ..., -1 unknown */
			uint32_t mode;		 /* START, INIT: RTW_HRTIMER_* bits */
			char function[RTW_NAME_LEN]; /* ENTRY, START */
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
		struct { /* SIGNAL: @sig sent to @pid by the event's task */
			int32_t sig;
			int32_t pid;		 /* the target task */
			int32_t group;		 /* 1: sent to its process (kill), 0: the thread */
			int32_t result;		 /* 0 delivered, 1 ignored, 2 already pending ... */
			char comm[RTW_COMM_LEN]; /* the target's */
		} sig;
		struct {		/* CPUHP_*: a step of CPU @cpu's hotplug state machine */
			int32_t cpu;	/* the CPU going down or up */
			int32_t target; /* ENTER: the state it goes to (0: offline); EXIT: the
					 * state reached */
			int32_t step;	/* the step's state (idx) */
			int32_t ret;	/* EXIT: its callback's result */
			char fun[RTW_NAME_LEN]; /* ENTER: the step's callback */
		} hp;
		struct {	     /* TIMER_*, CSD_*: a callback run by the kernel */
			uint64_t id; /* the timer_list or csd address (identity only) */
			char function[RTW_NAME_LEN]; /* ENTRY: the callback */
		} cb;
		struct {	       /* STACK_FRAME: same cpu, pid and ts as its STACK */
			int32_t index; /* 0 = the innermost frame */
			char name[RTW_FRAME_LEN]; /* function, or "0x..." when unknown */
		} frame;
	} u;
};

/*
 * How the kernel lays out common_flags (include/linux/trace_events.h
 * TRACE_FLAG_*, as each kernel defines it):
 *   mainline before 6.13: 0x01 irqs-off, 0x02 irqs-off not supported, 0x04
 *     TIF_NEED_RESCHED, 0x08 hardirq, 0x10 softirq, 0x20 PREEMPT_NEED_RESCHED,
 *     0x40 NMI, 0x80 BH disabled (5.17+)
 *   6.13+ (and 6.12-rt): 0x02 is TIF_NEED_RESCHED_LAZY
 *   -rt with the lazy-preempt patch ("sched: Add support for lazy
 *     preemption", up to 6.6-rt; a common_preempt_lazy_count field in every
 *     event): before 5.17 0x80 is the lazy bit; from 5.17 (0x80 went to BH)
 *     0x20 is, and PREEMPT_NEED_RESCHED is not recorded
 *   -rt with PREEMPT_AUTO (6.6-rt to 6.11-rt): 0x02 TIF_NEED_RESCHED, 0x04
 *     TIF_NEED_RESCHED_LAZY
 */
enum event_flag_layout {
	EVENT_FLAGS_PRE_6_13,	 /* 0x02 = IRQS_NOSUPPORT */
	EVENT_FLAGS_6_13,	 /* 0x02 = NEED_RESCHED_LAZY */
	EVENT_FLAGS_RT_LAZY_OLD, /* before 5.17: 0x80 = -rt NEED_RESCHED_LAZY (unused else) */
	EVENT_FLAGS_RT_LAZY,	 /* -rt lazy patch 5.17-6.6: 0x20 = NEED_RESCHED_LAZY */
	EVENT_FLAGS_RT_AUTO,	 /* -rt PREEMPT_AUTO: 0x02 NEED_RESCHED, 0x04 LAZY */
};

/**
 * event_flag_layout_for() - The common_flags layout of a mainline kernel version.
 * @major: e.g. 6
 * @minor: e.g. 18
 *
 * Return: the layout.
 */
enum event_flag_layout event_flag_layout_for(int major, int minor);

/**
 * event_flag_layout_detect() - The common_flags layout of a kernel.
 * @major: e.g. 6; 0 unknown
 * @minor: e.g. 1
 * @rt: 1 PREEMPT_RT, 0 not, -1 unknown (see util_kernel_rt())
 * @lazy_count: the events have the -rt lazy patch's common_preempt_lazy_count
 *              field (trace.dat, live), or the text has its need-resched-lazy
 *              column
 *
 * Return: the layout; an unknown kernel is read as 6.13+, one before 5.17
 * as EVENT_FLAGS_RT_LAZY_OLD (mainline never sets its lazy bit).
 */
enum event_flag_layout event_flag_layout_detect(int major, int minor, int rt, bool lazy_count);

/**
 * event_flag_layout_refine() - The layout once the event formats are known.
 * @layout: from event_flag_layout_detect() with what the kernel's version says
 * @lazy_count: the formats have the -rt lazy patch's common_preempt_lazy_count
 *
 * Return: the layout.
 */
enum event_flag_layout event_flag_layout_refine(enum event_flag_layout layout, bool lazy_count);

/**
 * event_flags_from_raw() - Canonical RTW_F_* flags from a raw common_flags.
 * @raw: the common_flags value
 * @layout: the kernel's layout
 *
 * Return: RTW_F_* bits.
 */
uint8_t event_flags_from_raw(unsigned int raw, enum event_flag_layout layout);

/*
 * The flag columns of ftrace's text (kernel/trace/trace_output.c
 * trace_print_lat_fmt()), in the order a kernel prints them: mainline 5.13+
 * "d.h1." (irqs-off, need-resched, hardirq/softirq, preempt-depth,
 * migrate-disable), before 5.13 "d.h1", the -rt lazy patch "d..h1.." (the
 * need-resched-lazy column 'L' after need-resched, preempt-lazy-depth before
 * migrate-disable). The text's header names them ("_-----=> need-resched").
 */
enum event_col {
	EVENT_COL_SKIP,	      /* a column we do not read (any character) */
	EVENT_COL_IRQS,	      /* irqs-off/BH-disabled: D d b X . */
	EVENT_COL_RESCHED,    /* need-resched: B N L b n l p . */
	EVENT_COL_LAZY,	      /* -rt need-resched-lazy: L . */
	EVENT_COL_IRQCTX,     /* hardirq/softirq: Z z H h s . */
	EVENT_COL_PREEMPT,    /* preempt-depth: hex digit . */
	EVENT_COL_LAZY_DEPTH, /* -rt preempt-lazy-depth: hex digit . */
	EVENT_COL_MIGRATE,    /* migrate-disable: hex digit . */
};

#define EVENT_MAX_COLS 8

struct event_cols {
	uint8_t n;		     /* number of flag characters */
	uint8_t col[EVENT_MAX_COLS]; /* enum event_col */
};

/**
 * event_flags_to_raw() - The raw common_flags of canonical flags (event_flags_from_raw()'s inverse).
 * @flags: RTW_F_* bits
 * @layout: the kernel's layout (event_flag_layout_detect(); a bit it has not is left out)
 *
 * Return: the common_flags value.
 */
unsigned int event_flags_to_raw(uint8_t flags, enum event_flag_layout layout);

/**
 * event_col_of_legend() - The column a header legend line names.
 * @name: what follows "=> " in "#  ||| / _---=> preempt-depth" (need not be
 *        NUL-terminated; trailing spaces allowed)
 * @len: its length
 *
 * Return: enum event_col; -1 for "CPU#" (latency format: not a flag
 * column), EVENT_COL_SKIP for a name this reader does not know.
 */
int event_col_of_legend(const char *name, size_t len);

/**
 * event_cols_for_width() - The columns of a flags group without a legend.
 * @width: its number of characters (4-8)
 * @cols: result: 4 before 5.13, 5 mainline, 7 the -rt lazy patch, 6 and 8
 *        as 5 and 7 with a column more not read (trace-cmd's lock depth)
 */
void event_cols_for_width(int width, struct event_cols *cols);

/**
 * event_cols_have_lazy() - Do @cols hold the -rt need-resched-lazy column?
 * @cols: columns
 *
 * Return: true if so (a PREEMPT_RT kernel with the lazy-preempt patch).
 */
bool event_cols_have_lazy(const struct event_cols *cols);

/**
 * event_flags_from_cols() - Canonical flags from ftrace's flag columns.
 * @s: the columns, e.g. "dn.h3.." for a 7-column layout
 * @len: number of characters at @s (must be @cols->n)
 * @cols: the layout
 * @flags: result
 * @preempt: result: preempt depth (0 if '.')
 *
 * Return: 0, or -EINVAL if @s is not such a column group.
 */
int event_flags_from_cols(const char *s, int len, const struct event_cols *cols, uint8_t *flags,
			  uint8_t *preempt);

/**
 * event_flags_from_letters() - Canonical flags from ftrace's latency columns,
 * their layout told by their number (event_cols_for_width()).
 * @s: the columns, e.g. "dNh2." or "d.h3" (irqs-off, need-resched, hardirq/
 *     softirq, preempt depth, optionally migrate-disable) or "d.L.411"
 * @len: number of characters at @s
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
#define EVENT_T_NEWER \
	0x04 /* newer than the oldest kernel rtwhy serves (6.1): used where it
			     * is, its absence not worth a warning */

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

/* the TIMER softirq's vector: it runs the timer wheel's callbacks (timer_expire_entry/exit) */
#define RTW_SOFTIRQ_TIMER 1
/* the HRTIMER softirq's: it runs the soft hrtimer callbacks, each traced */
#define RTW_SOFTIRQ_HRTIMER 8
#define RTW_NR_SOFTIRQS	    10 /* HI .. RCU: event_softirq_name()'s vectors */

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
 * event_is_quick_callback() - Does the callback @function (of an hrtimer in hard IRQ context,
 * of the timer wheel, or a csd function an IPI runs) run only microseconds of code between its
 * traced steps?
 * @function: callback name
 *
 * The tick (event_is_tick_function(): the scheduler's tick, the RCU and timer softirqs
 * raised, the current task's runtime, all traced), a sleeper's timer (hrtimer_wakeup; the timer
 * wheel's process_timeout, schedule_timeout()'s: try_to_wake_up(), whose sched_waking and
 * sched_wakeup are traced), the wakeups other CPUs queued for this one (sched_ttwu_pending:
 * each sched_wakeup traced), the nohz balancer's kick (nohz_csd_func: the SCHED softirq
 * raised), a delayed work's timer (delayed_work_timer_fn, kthread_delayed_work_timer_fn: the
 * work queued, its worker woken), a signal timer's (it_real_fn, posix_timer_fn: the signal
 * sent, signal_generate) and a timerfd's (timerfd_tmrproc: its pollers woken) do no work of
 * unbounded length between those steps. Other callbacks
 * (sched_rt_period_timer spins on every CPU's runqueue lock, watchdog_timer_fn may print a
 * soft-lockup report, drivers' timers, a TLB flush) may.
 *
 * Return: true for those.
 */
bool event_is_quick_callback(const char *function);

/**
 * event_irq_thread_number() - The IRQ number of a threaded handler's comm.
 * @comm: e.g. "irq/41-eth0" or "irq/41-s-eth0"
 *
 * Return: the IRQ number, or -1 if @comm is not an IRQ thread.
 */
int event_irq_thread_number(const char *comm);

/**
 * event_comm_is_percpu_kthread() - Is @comm a kernel thread bound to one CPU?
 * @comm: e.g. "ksoftirqd/1", "ktimers/0", "kworker/1:2H", "rcuc/3"
 * @base: receives the name without its CPU ("ksoftirqd", "kworker"), may be NULL
 * @len: size of @base
 *
 * By name (what a trace gives): ksoftirqd, ktimers, rcuc, rcub, migration,
 * cpuhp, idle_inject, irq_work, watchdog, posixcputmr followed by "/CPU",
 * and the bound workers "kworker/CPU:N". Not IRQ threads (their IRQ's
 * affinity moves them) nor unbound workers ("kworker/u8:1").
 * Return: true if so.
 */
bool event_comm_is_percpu_kthread(const char *comm, char *base, size_t len);

/**
 * event_comm_is_softirq_thread() - Is @comm a CPU's softirq thread, by name?
 * @comm: e.g. "ksoftirqd/1", "ktimers/0" (PREEMPT_RT's timer softirqs)
 *
 * Return: true if so. The end of the softirqs it runs in its own context is followed at once
 * by cond_resched() and its thread loop's preempt_enable().
 */
bool event_comm_is_softirq_thread(const char *comm);

/**
 * event_comm_is_kthread() - Is @comm a kernel thread, by name?
 * @comm: e.g. "irq/25-virtio0", "kworker/u8:1", "rcuc/3"
 *
 * A threaded IRQ handler (event_irq_thread_number()), a per-CPU kernel
 * thread (event_comm_is_percpu_kthread()) or any worker ("kworker/...").
 * Return: true if so.
 */
bool event_comm_is_kthread(const char *comm);

/**
 * event_comm_is_stopper() - Is @comm the CPU stopper thread, "migration/N"?
 * @comm: task name
 *
 * Return: true for "migration/" followed by a CPU number.
 */
bool event_comm_is_stopper(const char *comm);

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
 * event_hrtimer_slack_ns() - The slack of an hrtimer_start: its expiry range.
 * @e: an RTW_EV_HRTIMER_START
 *
 * Return: expires - softexpires (the arming task's timer slack for a sleep), 0 when inverted.
 */
static inline uint64_t event_hrtimer_slack_ns(const struct rtw_event *e)
{
	return e->u.hrt.expires_ns > e->u.hrt.softexpires_ns
		       ? e->u.hrt.expires_ns - e->u.hrt.softexpires_ns
		       : 0;
}

/**
 * event_user_prio() - The priority as chrt shows it.
 * @prio: kernel prio
 *
 * Return: 1-99 for RT (99 - @prio), the nice value for fair tasks, 0 for DL.
 */
int event_user_prio(int prio);

/**
 * event_frame_is_irq_entry() - Is @fn where an interrupt or exception entered the kernel?
 * @fn: a frame's function
 *
 * Return: true for asm_sysvec_*, asm_common_interrupt, asm_exc_* (x86),
 * el1h_64_irq / el0t_64_irq (arm64) and the older x86 names.
 */
bool event_frame_is_irq_entry(const char *fn);

#endif
