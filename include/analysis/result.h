/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * result - the model of an explained spike, below every module that makes
 * or reads one: the spike asked about (struct blame_spike), what the caller
 * knows of the machine (struct blame_host, its cause part struct cause_host,
 * the thread's cgroup struct offcpu_cgroup), and the explanation (struct
 * blame_result: phases, culprits, the verdict, and the kernel mechanisms
 * found behind them, struct cause_info with offcpu's findings). Plus the
 * names and labels renderers and verdicts give its values.
 *
 * Layering (tests/shell/80-layers.sh): result <- cause, offcpu <- the cause
 * finders <- cause_find; result <- verdict_words <- verdict_cause <- verdict;
 * all of them <- blame. Each fills its part of the result; nothing here
 * calls them.
 *
 * The names keep their first owners' prefixes (blame_, cause_, offcpu_):
 * the model moved here from blame.h, cause.h and offcpu.h, and renaming it
 * would churn hundreds of lines of renderers (src/report/), the live run and
 * the tests for no gain. Anything new here is result_.
 *
 * Units: _ns nanoseconds in the trace clock, _us microseconds as the kernel
 * knobs give them. Pure: no I/O.
 */
#ifndef ANALYSIS_RESULT_H
#define ANALYSIS_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

struct pidmap;

/* ---- offcpu's findings (offcpu.h): the thread held off the CPU by the kernel ----------- */

#define OFFCPU_MAX_WITH 4   /* other tasks held off with the thread, named */
#define OFFCPU_PATH_LEN 256 /* a cgroup's path below its hierarchy's root */

/* The measuring thread's cpu cgroup as a live run read it (src/host/cgroup.c). */
struct offcpu_cgroup {
	bool known;			  /* the rest is read */
	char path[OFFCPU_PATH_LEN];	  /* "/docker/abc", below the cpu hierarchy's root */
	int version;			  /* 1 or 2 */
	int64_t quota_us;		  /* the tightest quota of it and its ancestors, -1 none */
	int64_t period_us;		  /* ... its period */
	char limit_path[OFFCPU_PATH_LEN]; /* the group whose quota that is */
	bool stat_known;		  /* the counters below were sampled twice */
	uint64_t nr_throttled;		  /* periods throttled between the two samples */
	uint64_t nr_periods;		  /* periods between the two samples */
	uint64_t throttled_ns;		  /* time throttled between the two samples */
	uint64_t sample_ns;		  /* between the two samples */
	int64_t rt_runtime_us;		  /* RT_GROUP_SCHED: the tightest RT budget of it and its
					   * ancestors below the root, -1 none (root: the knobs) */
	int64_t rt_period_us;		  /* ... its period */
	char rt_limit_path[OFFCPU_PATH_LEN]; /* the group whose budget that is */
};

struct offcpu_task {
	int32_t pid;
	char comm[RTW_COMM_LEN];
};

struct offcpu_cfs {
	bool seen;	   /* the thread was held off by CFS bandwidth throttling */
	bool idle_proof;   /* ... its CPU idled (with events) while it was runnable */
	int32_t cpu;	   /* its run queue */
	uint64_t start_ns; /* it became runnable and was not run from here */
	uint64_t held_ns;  /* of the latency: runnable and not run */
	uint64_t idle_ns;  /* ... of which the CPU idled */
	uint64_t other_ns; /* ... of which other tasks ran */
	int32_t top_pid;   /* the other task that ran most then, -1 */
	char top_comm[RTW_COMM_LEN];
	uint64_t top_ns;
	uint64_t timer_ns; /* the period (or slack) timer that ended it, 0 none */
	int32_t timer_cpu;
	bool slack_timer; /* ... sched_cfs_slack_timer */
	uint64_t timer_addr;
	bool timer_events; /* the trace has hrtimer expiries */
	int nr_with;	   /* other tasks switched out runnable and not run until the timer */
	struct offcpu_task with[OFFCPU_MAX_WITH];
	struct offcpu_cgroup group; /* as the live run read it (known false otherwise) */
};

enum offcpu_stop_kind {
	OFFCPU_STOP_NONE,
	OFFCPU_STOP_STOPPED, /* T: a stop signal */
	OFFCPU_STOP_TRACED,  /* t: a ptrace stop */
};

struct offcpu_stop {
	uint8_t kind;	     /* enum offcpu_stop_kind */
	int32_t cpu;	     /* where it was switched out */
	uint64_t start_ns;   /* switched out stopped */
	uint64_t end_ns;     /* woken again */
	uint64_t held_ns;    /* of the latency */
	int stop_sig;	     /* the stop signal seen (SIGSTOP ...), 0 not traced */
	int32_t stop_by_pid; /* who sent it, -1 unknown */
	char stop_by_comm[RTW_COMM_LEN];
	int cont_sig;	     /* SIGCONT when its signal_generate was seen, 0 */
	int32_t cont_by_pid; /* who woke it (continued it), -1 unknown */
	char cont_by_comm[RTW_COMM_LEN];
	int32_t cont_by_cpu;
	bool signal_events; /* the trace has signal_generate events */
};

/*
 * How a frozen thread was frozen, from the trace:
 *  - FREEZER: kernel/freezer.c's TASK_FROZEN (the cgroup v1 freezer, freezer.state FROZEN; or
 *    a system suspend's freezer): a task asleep in a freezable wait (clock_nanosleep) is
 *    frozen where it sleeps, without an event; its timer then expires and wakes nothing (a
 *    frozen task takes no wakeup) until the thaw wakes it. A running one switches out in
 *    TASK_FROZEN (prev_state D since 6.13 and the stable kernels that took f718faf3940e,
 *    R before).
 *  - TRAP: the cgroup v2 freezer (cgroup.freeze 1): JOBCTL_TRAP_FREEZE, the task woken as by
 *    a signal (no signal_generate), runs to get_signal() and sleeps in do_freezer_trap()
 *    (prev_state S) until the thaw's wake_up_process().
 *  - BEFORE: a freeze longer than the window (`rtwhy analyze` keeps 200 ms): the thread not
 *    seen in it until a task woke it and other tasks at once, from task context, without a
 *    signal, after its deadline (before the window's start), as a thaw of either version does.
 */
enum offcpu_frozen_how {
	OFFCPU_FROZEN_NONE,
	OFFCPU_FROZEN_FREEZER, /* TASK_FROZEN: its timer woke nothing, or a switch-out frozen */
	OFFCPU_FROZEN_TRAP,    /* cgroup v2: woken without a signal, asleep again at once */
	OFFCPU_FROZEN_BEFORE,  /* since before the window: its thaw's burst of wakings shows it */
};

/* The measuring thread's freezer cgroups as a live run read them (src/host/cgroup.c). */
struct offcpu_freezer {
	bool known;		       /* the rest is read */
	char v1_mount[64];	       /* the v1 freezer hierarchy's mount, "" none */
	char v1_path[OFFCPU_PATH_LEN]; /* its group in the v1 freezer hierarchy, "" none */
	char v1_state[16];	       /* its freezer.state now: THAWED, FREEZING, FROZEN; "" */
	char v2_mount[64];	       /* the v2 hierarchy's mount, "" none */
	char v2_path[OFFCPU_PATH_LEN]; /* its group in the v2 hierarchy, "" none */
	int8_t v2_freeze;	       /* its cgroup.freeze now (1: frozen), -1 unknown */
	bool v2_time_known;	       /* cgroup.stat.local frozen_usec sampled twice (6.17+) */
	uint64_t v2_frozen_ns;	       /* ... frozen between the two samples */
	uint64_t v2_sample_ns;	       /* ... between the two samples */
};

struct offcpu_frozen {
	uint8_t how;	       /* enum offcpu_frozen_how */
	int32_t cpu;	       /* where it slept (or was switched out frozen) */
	uint64_t start_ns;     /* frozen from here at the latest: its timer's expiry, the trap */
	uint64_t end_ns;       /* woken by the thaw */
	uint64_t held_ns;      /* of the latency */
	uint64_t timer_ns;     /* FREEZER: its timer's expiry that woke nothing, 0 none */
	uint32_t out_state;    /* the switch-out's prev_state (D, S, R) */
	int32_t freeze_by_pid; /* TRAP: who froze it (woke it into the trap), -1 unknown */
	char freeze_by_comm[RTW_COMM_LEN];
	int nr_thawed_with;  /* other tasks its thawer woke at once (the group's) */
	int32_t thaw_by_pid; /* who woke it at the thaw, -1 unknown */
	char thaw_by_comm[RTW_COMM_LEN];
	int32_t thaw_by_cpu;
	struct offcpu_freezer group; /* as the live run read it (known false otherwise) */
};

/* ---- the kernel mechanisms (cause.h): what a live run read, what was found ------------ */

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
	struct offcpu_cgroup cgroup;	    /* the measuring thread's cpu cgroup (offcpu.h) */
	const struct cause_member *members; /* RT tasks' places against its RT-limit group */
	size_t nr_members;
	struct offcpu_freezer freezer; /* ... and its freezer cgroups (offcpu.h) */
};

/* ---- what was found --------------------------------------------------------------------- */

enum cause_bw_kind {
	CAUSE_BW_NONE,
	CAUSE_BW_RT_THROTTLED, /* RT throttling held the RT tasks of the CPU */
	CAUSE_BW_FAIR_SERVER,  /* the fair server ran fair tasks ahead of them */
	CAUSE_BW_UNTOLD,       /* one of the two: the trace has no timer events to tell */
};

/* Where a task is against the thread's RT-limit cgroup (offcpu_cgroup.rt_limit_path), live. */
enum cause_rt_group {
	CAUSE_RT_GROUP_UNKNOWN, /* not read (a trace alone, the task gone) */
	CAUSE_RT_GROUP_IN,	/* in that group or below it: it uses the group's RT budget */
	CAUSE_RT_GROUP_OUT,	/* elsewhere */
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
	uint8_t rt_group;    /* enum cause_rt_group */
};

/* A task's place against the thread's RT-limit cgroup, as the live run read it. */
struct cause_member {
	int32_t pid;
	uint8_t rt_group; /* enum cause_rt_group */
};

struct cause_bandwidth {
	uint8_t kind; /* enum cause_bw_kind */
	int32_t cpu;
	uint64_t start_ns; /* an RT task left the CPU to a lower class; 0: before the window */
	bool server_start; /* ... right after the fair server's dl_task_timer or a fair wakeup */
	uint64_t server_timer_ns; /* that dl_task_timer expiry, 0 none */
	uint64_t period_timer_ns; /* the sched_rt_period_timer expiry that ended it, 0 none */
	int32_t period_timer_cpu;
	uint64_t server_after_ns; /* throttled: the fair server's run after that timer, 0 none */
	uint64_t held_ns;	  /* of the latency: lower classes on the CPU */
	uint64_t idle_ns;	  /* ... of which idle */
	uint64_t fair_ns;	  /* ... of which tasks below the thread: fair ones, and */
	uint64_t lower_rt_ns;	  /* ... RT ones below its priority (RT group scheduling: another
				   * group's, run while the thread's group was throttled) */
	int32_t fair_pid;	  /* the task below it that ran most, -1 */
	char fair_comm[RTW_COMM_LEN];
	int32_t fair_prio; /* its kernel prio */
	uint64_t fair_top_ns;
	bool timer_events;	  /* the trace has hrtimer expiries (else the end cannot be told) */
	struct cause_knobs knobs; /* as the live run read them (all unknown otherwise) */
	struct offcpu_cgroup group; /* the thread's cpu cgroup and its RT budget, live (known) */
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
	bool by_irq;		     /* ... from interrupt context (load balancing, an IPI) */
	char by_timer[RTW_NAME_LEN]; /* the hrtimer callback it was woken in, "" none */
	/* stop_machine(): the stoppers of several CPUs, woken together, run with interrupts off */
	bool machine;
	int nr_cpus;	      /* CPUs whose stopper the trace shows woken or run with it */
	uint64_t machine_ns;  /* the stopper on the thread's CPU: ran over the spike */
	uint64_t irqs_off_ns; /* its longest stretch with no event on that CPU */
	int32_t hotplug_cpu;  /* a cpuhp/N thread ran, or a cpuhp step began, just before:
			       * CPU N's hotplug, -1 */
	int8_t hotplug_down;  /* the step (cpuhp_enter) took it down: 1; up: 0; unknown: -1 */
	char hotplug_step[RTW_NAME_LEN]; /* that step's callback (cpuhp_enter), "" unknown */
	int32_t waker_pid;		 /* who woke the stoppers (stop_machine's caller), -1 */
	char waker_comm[RTW_COMM_LEN];
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

/* What an "invisible" verdict ruled out (bits), said in its text and in JSON. */
enum cause_ruled_out {
	CAUSE_RO_LOST = 0x01,	   /* no event lost: the window is complete */
	CAUSE_RO_TASK = 0x02,	   /* no task switched in during the gap */
	CAUSE_RO_IRQ = 0x04,	   /* no hard IRQ, softirq or IRQ thread during the gap */
	CAUSE_RO_BANDWIDTH = 0x08, /* not RT throttling, not the fair server */
	CAUSE_RO_STOPPER = 0x10,   /* no CPU stopper, no stop_machine() */
	CAUSE_RO_LOCK = 0x20,	   /* no lock wait, no priority inheritance */
	CAUSE_RO_SMI = 0x40,	   /* --smi counted none */
};
#define CAUSE_NR_RULED_OUT 7

/* The evidence of the last resort: what was ruled out, and the host's steal time. */
struct cause_evidence {
	uint32_t ruled_out;	/* enum cause_ruled_out bits */
	int64_t steal_ns;	/* host steal time measured around the spike, -1 unknown */
	bool steal_per_cpu;	/* ... of the spike's CPU (else of the machine) */
	uint64_t steal_span_ns; /* ... over this long */
};

struct cause_info {
	struct cause_bandwidth bw;
	struct cause_pi pi;
	struct cause_stop stop;
	struct cause_stack stack;
	struct offcpu_cfs cfs;	     /* CFS bandwidth throttling of its group (offcpu.h) */
	struct offcpu_stop stopped;  /* stopped, traced (offcpu.h) */
	struct offcpu_frozen frozen; /* frozen by the cgroup freezer (offcpu.h) */
	struct cause_evidence evidence;
};

/* ---- the spike, the host, the explanation ----------------------------------------------- */

#define BLAME_MAX_CULPRITS 32
#define BLAME_TEXT_LEN	   896
#define BLAME_HINT_LEN	   640

/* Where a spike's deadline comes from. */
enum blame_deadline_from {
	BLAME_DEADLINE_GIVEN,	/* measured by the caller (a live run), or given by hand */
	BLAME_DEADLINE_FREEZE,	/* rtwhy's FREEZE marker: its own clock read, clock mono */
	BLAME_DEADLINE_HRTIMER, /* the thread's own hrtimer_start: the time it asked for */
	BLAME_DEADLINE_MARKER,	/* marker time minus its latency: the marker may come late */
};

/* The spike to explain. Times are in the trace clock. */
struct blame_spike {
	int thread;		 /* measuring thread index, -1 unknown */
	int32_t tid;		 /* the thread that was late */
	int32_t cpu;		 /* its CPU when it woke, -1 unknown */
	uint64_t deadline_ns;	 /* D */
	uint64_t wake_ns;	 /* W */
	uint64_t threshold_ns;	 /* what made it a spike, 0 unknown */
	int64_t slack_ns;	 /* its timer slack, -1 unknown (50 us assumed for fair) */
	bool deadline_exact;	 /* D is exact (rtwhy FREEZE, or the thread's hrtimer_start,
				  * on clock mono) */
	uint8_t deadline_from;	 /* enum blame_deadline_from */
	uint64_t trace_start_ns; /* recording started here (0 unknown): a quiet CPU is covered */
	bool timer_only;	 /* the spike ends at its timer's expiry on @cpu, at W (rtla's
				  * timerlat IRQ sample: the interrupt was late, the thread not
				  * woken yet): no wakeup or switch-in belongs to it */
	char source[16];	 /* BLAME_SOURCE_* */
};

/* Where a spike came from (struct blame_spike.source, the JSON's "source") */
#define BLAME_SOURCE_RTWHY	"rtwhy"	     /* rtwhy's own run, or its FREEZE marker */
#define BLAME_SOURCE_CYCLICTEST "cyclictest" /* cyclictest's marker (-b, --tracemark) */
#define BLAME_SOURCE_TIMERLAT	"timerlat"   /* an rtla timerlat sample */
#define BLAME_SOURCE_MANUAL	"manual"     /* given by hand: --pid --at --latency */

enum blame_kind {
	BLAME_TASK,
	BLAME_IRQ_THREAD,
	BLAME_HARDIRQ,
	BLAME_SOFTIRQ,
	BLAME_IDLE,
	BLAME_TIMER_SLACK,
	BLAME_UNACCOUNTED,
};

enum blame_phase {
	BLAME_PHASE_TIMER,
	BLAME_PHASE_SCHED,
	BLAME_PHASE_RETURN,
	BLAME_NR_PHASES,
};

#define BLAME_C_SELF	 0x01 /* rtwhy's own: its main thread or its explaining thread */
#define BLAME_C_PINNED	 0x02 /* a per-CPU kernel thread: it cannot move to another CPU */
#define BLAME_C_THREADED 0x04 /* a hard IRQ whose handler has an irq/N thread in the trace */
/* unaccounted: silent from an interrupt's return with need-resched set to the next interrupt,
 * right after which the task was switched out (timeline.h: tl_segment.resched_return) */
#define BLAME_C_RESCHED_GAP 0x08
/* unaccounted: a softirq run at an interrupt's exit (interrupts on) while the thread's hard
 * timer was due and its interrupt did not come: not the softirq's time */
#define BLAME_C_IRQ_DUE 0x10
/* with BLAME_C_RESCHED_GAP: a stack record in that interrupt found the task in user space */
#define BLAME_C_RESCHED_USER 0x20
/* with BLAME_C_RESCHED_GAP: (some of) that silence ended at the task's own switch-out */
#define BLAME_C_RESCHED_SWITCH 0x40
/* The name rtwhy gives its explaining thread (--explain): a task of that name is rtwhy's own. */
#define BLAME_EXPLAINER_COMM "rtwhy-explain"
/* What a culprit did through a kernel mechanism (cause.h), beyond occupying the CPU. */
enum blame_role {
	BLAME_ROLE_NONE,
	BLAME_ROLE_RT_BUDGET, /* used the CPU's RT time: RT throttling stopped every RT task */
	BLAME_ROLE_STARVER,   /* starved the CPU's fair tasks: the fair server ran them */
	BLAME_ROLE_BOOSTED,   /* ran boosted by priority inheritance (boost_prio) */
	BLAME_ROLE_HOLDER,    /* held the lock the thread waited for */
	BLAME_ROLE_MIDDLE,    /* ran while the lock holder could not: a priority inversion */
	BLAME_ROLE_STOPPER,   /* the CPU stopper (stop class, above everything) */
};

struct blame_culprit {
	enum blame_kind kind;
	uint64_t ns;
	uint64_t phase_ns[BLAME_NR_PHASES];
	int32_t pid; /* task and irq_thread; -1 otherwise */
	char comm[RTW_COMM_LEN];
	int32_t prio;		 /* kernel prio, TL_PRIO_UNKNOWN if not seen */
	int policy;		 /* SCHED_*, -1 unknown */
	bool policy_exact;	 /* read from the live task, not inferred from prio */
	int32_t irq;		 /* hard IRQ / irq thread number, softirq vector; -1 */
	char name[RTW_NAME_LEN]; /* IRQ name, vector, softirq name; unaccounted: the interrupt
				  * the gap was inside ("local_timer"), "" none */
	int32_t cpu;
	bool victim;	     /* the late thread itself (its return path) */
	uint8_t flags;	     /* BLAME_C_* */
	uint64_t softirq_ns; /* task, irq_thread: of @ns, softirqs it ran in its own context */
	char softirq[16];    /* ... the one it ran longest ("BLOCK") */
	uint64_t softirq_vec_ns[RTW_NR_SOFTIRQS]; /* ... each vector's part of softirq_ns */
	uint64_t resched_held_ns; /* task: how long it kept the CPU with need-resched set */
	uint64_t silent_ns;	 /* task, irq_thread: of @ns, the start of silences that ran on past
			     * a tick that was due (timeline.h: silent_head) */
	uint64_t resched_gap_ns; /* unaccounted: of @ns, BLAME_C_RESCHED_GAP's silence */
	uint64_t stall_ns;	 /* task: of @ns, stalls inside its run (no event past a due
				  * tick) that were its time: within how long it runs
				  * (blame_holder.h) */
	uint8_t role;		 /* enum blame_role */
	int32_t boost_prio;	 /* BOOSTED: the kernel prio it ran at, TL_PRIO_UNKNOWN */
	uint64_t dl_runtime_ns;	 /* SCHED_DEADLINE reservation read live, 0 unknown */
	uint64_t dl_period_ns;
};

enum blame_verdict {
	BLAME_V_TICK_WAIT,
	BLAME_V_HIGHER_PRIORITY,
	BLAME_V_NON_PREEMPTIBLE,
	BLAME_V_IRQ,
	BLAME_V_SOFTIRQ,
	BLAME_V_IRQ_THREAD,
	BLAME_V_IDLE_EXIT,
	BLAME_V_TIMER_SLACK,
	BLAME_V_MIGRATION,
	BLAME_V_INVISIBLE,
	BLAME_V_INCOMPLETE,
	BLAME_V_RT_THROTTLED,	    /* RT bandwidth throttling (or one of it and the fair server) */
	BLAME_V_FAIR_SERVER,	    /* the fair deadline server ran fair tasks first */
	BLAME_V_PI_BOOST,	    /* a task boosted through a PI lock ran ahead */
	BLAME_V_LOCK_WAIT,	    /* the thread waited for a lock its holder held */
	BLAME_V_PRIORITY_INVERSION, /* ... while a middle-priority task ran instead */
	BLAME_V_STOP_WORK,	    /* migration/N, the CPU stopper, ran ahead */
	BLAME_V_CFS_THROTTLED,	    /* its cgroup used its CPU quota: CFS bandwidth throttling */
	BLAME_V_STOPPED,	    /* the thread was stopped (T) or traced (t) */
	BLAME_V_STOP_MACHINE,	    /* stop_machine(): every CPU's stopper, interrupts off */
	BLAME_V_FROZEN,		    /* the thread was frozen: the cgroup freezer (v1 or v2) */
	BLAME_NR_VERDICTS,	    /* new verdicts go before this (and into verdict.c's table) */
};

/*
 * What only a live run knows of a spike, measured around the explanation:
 * not analysis facts, but carried by the result for the renderers (JSON's
 * trace.freeze_ns and trace.explain_ns). run.c fills them once the
 * explanation is ready; 0 otherwise.
 */
struct blame_live {
	uint64_t freeze_ns;  /* wake -> the FREEZE marker recorded (recording stops there) */
	uint64_t explain_ns; /* wake -> explanation ready */
};

/*
 * What is known of the traced kernel: from the live system (run.c), from
 * what a trace file says of itself (stream.c), and what blame reads in the
 * events themselves (ktimers/N exists only on PREEMPT_RT; an IRQ thread
 * running a softirq is forced threading). 1 yes, -1 no, 0 unknown.
 */
struct blame_kernel {
	int8_t preempt_rt;
	int8_t threaded_irqs; /* device IRQs run in threads: threadirqs or PREEMPT_RT */
	uint64_t tick_ns;     /* CONFIG_HZ's tick period, 0 unknown */
	int32_t main_tid;     /* rtwhy's own main thread in this trace, 0 unknown */
	int8_t preempt;	      /* the preemption model: enum util_preempt, 0 unknown */
};

/*
 * The task that took the CPU from the one holding it after the thread's wakeup and handed it
 * to the thread when it slept (ktimers/N woken at a tick's exit on PREEMPT_RT, rcu_preempt
 * woken from another CPU): blame_result.resched_via.
 */
struct blame_via {
	int32_t pid;	    /* 0 none */
	int32_t from_pid;   /* the task it took the CPU from */
	uint64_t ns;	    /* that switch */
	bool at_tick;	    /* asked by a scheduler tick ... */
	uint64_t tick_ns;   /* ... whose interrupt (its hrtimer entry) came then */
	bool woken_at_tick; /* woken in the tick's interrupt or at its exit */
	char comm[RTW_COMM_LEN];
};

struct blame_result {
	struct blame_spike spike;
	uint64_t latency_ns;
	uint64_t phase_ns[BLAME_NR_PHASES];
	/* the chain of events found (0 / -1 when not found) */
	uint64_t timer_ns;  /* hrtimer_expire_entry of the thread's timer */
	uint64_t waking_ns; /* sched_waking of the thread */
	uint64_t switch_ns; /* sched_switch to the thread */
	int timer_cpu;
	int32_t timer_thread_pid; /* the thread that ran the timer (ktimers/N), 0 hard IRQ */
	uint64_t timer_thread_ns; /* ... woken here (its wait is part of the timer delay) */
	int wake_cpu;		  /* run queue the thread was woken onto */
	int run_cpu;		  /* where it finally ran */
	bool migrated;
	char timer_function[RTW_NAME_LEN];
	int32_t victim_prio; /* kernel prio of the thread */
	char victim_comm[RTW_COMM_LEN];
	bool resched_at_wakeup;	  /* need-resched (full) set when it was woken */
	bool lazy_at_wakeup;	  /* only the lazy bit set when it was woken */
	uint64_t resched_ns;	  /* full need-resched on the run queue, set since then until the
				 * thread's switch-in (the last unbroken stretch), 0 none */
	int resched_kept;	  /* need-resched set, then cleared with no switch: the scheduler
				 * ran and kept the task on (a fair task's slice, its weight) */
	bool resched_unheeded;	  /* set at the wakeup, and no schedule() ran to the switch-in:
				   * no switch on the CPU, need-resched never cleared */
	bool resched_by_tick;	  /* ... set in the scheduler tick */
	uint64_t resched_tick_ns; /* ... that tick's interrupt (its hrtimer entry), 0 unknown */
	bool resched_untraced;	  /* ... not in the trace: the task switched out runnable at the
				 * tick's return with no need-resched seen (lazy preemption's
				 * bit, which the trace shows from 6.13 on) */
	struct blame_via resched_via; /* ... a task that took the CPU between (below) */
	bool occupant_blocked;	      /* the task before the thread went to sleep (not preempted) */
	int32_t handover_pid;	      /* ... that task */
	int64_t slack_ns;	      /* the timer slack: the thread's arming of the timer that woke
				       * it shows it (expires - softexpires); else the spike's, or
				       * 50 us for fair */
	int64_t slack_said_ns; /* the spike's own (its marker's, the thread's at the start) where
				* the arming shows another: changed since; -1 none */
	/* the holder whose run absorbed a stall (a culprit's stall_ns, blame_holder.h): that run,
	 * how long it runs (the lower quartile of its other runs on the CPU in the window), and
	 * their number; 0 none */
	uint64_t holder_run_ns;
	uint64_t holder_usual_ns;
	int holder_nr_runs;	  /* 0 with holder_usual_ns: that is its SCHED_DEADLINE runtime */
	uint64_t holder_extra_ns; /* ... of its stalls, how much its run was longer than usual */
	int32_t holder_split_pid; /* the task above the thread whose run says how long it runs
				   * (blame_holder.h), 0 none */
	bool holder_covers;	  /* its run beyond its usual length all counted apart: its
				   * silences before that are its run */
	uint64_t tick_ns; /* tick period (config, else the run queue CPU's ticks), 0 unknown */
	struct blame_kernel kernel; /* what was known of the kernel, and read in the events */
	struct blame_culprit culprit[BLAME_MAX_CULPRITS];
	int nr_culprits; /* sorted, largest first */
	enum blame_verdict verdict;
	int verdict_culprit; /* index into culprit[], -1 none */
	char text[BLAME_TEXT_LEN];
	char hint[BLAME_HINT_LEN];
	/* coverage */
	bool complete;
	char incomplete_why[160];
	bool untraced_wakeup;	  /* incomplete: the wakeup or switch-in is not in the trace */
	int32_t tail_cpu;	  /* incomplete: this CPU's events end before the wake time and
				   * the others' (-1 not so): a reader that goes on past the wake
				   * time can tell a silence from a trace cut short */
	uint64_t lost_events;	  /* lost on the CPUs that matter, in the window */
	int inferred_switches;	  /* sched_switch events the kernel did not trace (repair.h) */
	uint64_t window_start_ns; /* first event available */
	uint64_t window_end_ns;
	struct blame_live live;	 /* a live run's own numbers; blame_explain() zeroes them */
	struct cause_info cause; /* the mechanisms behind it (cause.h) */
};

/*
 * --smi: what the spike's CPU counted in MSR_SMI_COUNT from a reading before
 * the deadline until the explanation; the "invisible" verdict says it.
 */
struct blame_smi {
	bool counted; /* false: no SMI counting (then nothing is said) */
	int cpu;
	uint32_t count;
	uint64_t before_ns; /* the counting started this long before the deadline */
};

/*
 * What the caller knows of the machine the spike happened on, gathered
 * before explaining: a live run reads it from /proc; a trace recorded
 * elsewhere has none of it.
 */
struct blame_host {
	int64_t steal_ns;	/* host steal time around the spike, -1 unknown */
	bool steal_per_cpu;	/* ... of the spike's CPU (else of the whole machine) */
	uint64_t steal_span_ns; /* ... measured over this long (around the spike) */
	struct blame_smi smi;
	/*
	 * The live tasks of the window as the system shows them now: comm and
	 * policy (pidmap_set_policy()); NULL when unknown. A task culprit whose
	 * pid is there with the same comm gets that policy (policy_exact), the
	 * others one inferred from their priority. Read during the call only.
	 */
	const struct pidmap *tasks;
	struct blame_kernel kernel; /* the kernel's facts; zero: unknown */
	/* the runnable RT tasks of the spike's CPU, DL reservations, bandwidth knobs */
	struct cause_host cause;
};

/**
 * blame_deadline_words() - How the deadline of @sp was found, for a report.
 * @sp: spike
 *
 * Return: a static string: "exact (clock mono)", "exact: the thread's
 * hrtimer_start (clock mono)", ... "derived from the marker's latency".
 */
const char *blame_deadline_words(const struct blame_spike *sp);

/**
 * blame_kind_name() - JSON name of a culprit kind ("task", "irq_thread" ...).
 * @kind: enum blame_kind
 *
 * Return: a static string.
 */
const char *blame_kind_name(enum blame_kind kind);

/**
 * blame_policy_name() - "other", "fifo", "rr", "deadline", "batch", "idle".
 * @policy: SCHED_* value, -1 unknown
 *
 * Return: a static string ("unknown" for -1).
 */
const char *blame_policy_name(int policy);

/**
 * blame_policy_is_rt() - Is @policy a real-time one (SCHED_FIFO, SCHED_RR)?
 * @policy: SCHED_* value, -1 unknown
 *
 * Return: true for FIFO and RR.
 */
bool blame_policy_is_rt(int policy);

/**
 * blame_role_name() - JSON name of a culprit's role ("rt_budget" ...), "" for none.
 * @role: enum blame_role
 *
 * Return: a static string.
 */
const char *blame_role_name(int role);

/**
 * blame_culprit_is_others() - Is @c the slot the long tail of culprits is
 * folded into (more than BLAME_MAX_CULPRITS), not a culprit of its own?
 * @c: culprit
 *
 * Return: true for "others".
 */
bool blame_culprit_is_others(const struct blame_culprit *c);

/**
 * blame_unaccounted_ns() - The time no event shows: the sum of @res's unaccounted culprits.
 * @res: a result
 * @top: out, may be NULL: the index of the largest of them (culprits are sorted), -1 none
 */
uint64_t blame_unaccounted_ns(const struct blame_result *res, int *top);

/**
 * blame_culprit_is_thread() - Is @c a thread that ran: a task or an IRQ thread?
 * @c: culprit
 */
bool blame_culprit_is_thread(const struct blame_culprit *c);

/**
 * blame_culprit_is_explainer() - Is @c rtwhy's own explaining thread
 * (BLAME_C_SELF, named BLAME_EXPLAINER_COMM)?
 * @c: culprit
 */
bool blame_culprit_is_explainer(const struct blame_culprit *c);

/**
 * blame_culprit_self_name() - Which of rtwhy's own threads @c is.
 * @c: culprit
 *
 * Return: "main thread", "explaining thread" (BLAME_EXPLAINER_COMM), NULL
 * when @c is not rtwhy's own (BLAME_C_SELF). A static string.
 */
const char *blame_culprit_self_name(const struct blame_culprit *c);

/**
 * blame_irq_label() - How texts name an interrupt from its timeline name.
 * @name: a vector ("local_timer"), an IRQ's name, "timer:FUNCTION", or "softirq:NAME" (a
 *        gap inside the HRTIMER softirq, timeline.c)
 *
 * Return: @name, or the hrtimer function of "timer:FUNCTION", or the softirq's NAME (a
 * pointer into @name).
 */
const char *blame_irq_label(const char *name);

/**
 * blame_irq_noun() - "softirq" for a "softirq:NAME" timeline name, else "interrupt".
 * @name: as blame_irq_label()
 *
 * Return: a static string.
 */
const char *blame_irq_noun(const char *name);

/**
 * blame_culprit_label() - "bash (pid 2638, other nice 0)", "IRQ 36 virtio1-req.0" ...
 * @c: culprit
 * @buf: output
 * @len: size of @buf
 */
void blame_culprit_label(const struct blame_culprit *c, char *buf, size_t len);

/**
 * cause_ruled_out_name() - The JSON name of one enum cause_ruled_out bit ("events_lost").
 * @bit: one bit
 *
 * Return: a static string, "?" for no single known bit.
 */
const char *cause_ruled_out_name(uint32_t bit);

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

#endif
