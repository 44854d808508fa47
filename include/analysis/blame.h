/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blame - explain one spike from the events around it.
 *
 * A spike is a thread (tid) that should have woken at deadline D and ran
 * at W. Its latency W - D is cut into three phases:
 *   timer delay       D -> the timer's expiry (hrtimer_expire_entry)
 *   scheduling delay  expiry -> sched_switch to the thread
 *   return to user    sched_switch -> W
 * and every nanosecond of each phase is attributed, on the CPU that
 * mattered at that moment, to what occupied it: a task, a threaded IRQ
 * handler, a hard IRQ, a softirq, idle, the timer slack, or nothing
 * visible at all. The parts add up to the latency. The verdict (verdict.h)
 * says why the largest part could happen, and what to do about it.
 *
 * Pure: no I/O, no root. Live runs, trace.dat and text traces all end here.
 */
#ifndef ANALYSIS_BLAME_H
#define ANALYSIS_BLAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/cause.h"
#include "analysis/event.h"
#include "analysis/timeline.h"

#define BLAME_MAX_CULPRITS 32
#define BLAME_TEXT_LEN	   896
#define BLAME_HINT_LEN	   640

struct pidmap;

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
	char source[16];	 /* "rtwhy", "cyclictest", "manual" */
};

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
	char name[RTW_NAME_LEN]; /* IRQ name, vector, softirq name */
	int32_t cpu;
	bool victim;		  /* the late thread itself (its return path) */
	uint8_t flags;		  /* BLAME_C_* */
	uint64_t softirq_ns;	  /* task, irq_thread: of @ns, softirqs it ran in its own context */
	char softirq[16];	  /* ... the first of them ("BLOCK") */
	uint64_t resched_held_ns; /* task: how long it kept the CPU with need-resched set */
	uint8_t role;		  /* enum blame_role */
	int32_t boost_prio;	  /* BOOSTED: the kernel prio it ran at, TL_PRIO_UNKNOWN */
	uint64_t dl_runtime_ns;	  /* SCHED_DEADLINE reservation read live, 0 unknown */
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
	bool resched_at_wakeup; /* need-resched (full) set when it was woken */
	bool lazy_at_wakeup;	/* only the lazy bit set when it was woken */
	uint64_t resched_ns;	/* first full need-resched on the run queue, 0 none */
	bool resched_by_tick;	/* ... set in the scheduler tick */
	bool occupant_blocked;	/* the task before the thread went to sleep (not preempted) */
	int32_t handover_pid;	/* ... that task */
	int64_t slack_ns;	/* the timer slack assumed (the spike's, or 50 us for fair) */
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
	int64_t steal_ns; /* host steal time around the spike, -1 unknown */
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

/*
 * What an explanation read, kept for a renderer that draws it (report_svg):
 * the events with the untraced switches put back (repair.h) and the
 * timeline built from them, the very one the culprits were attributed on.
 * Owned by whoever called blame_explain_trace(); blame_trace_free() it.
 */
struct blame_trace {
	struct rtw_event *ev; /* the repaired events, time-ordered */
	size_t n;
	size_t nr_read;	    /* events blame_explain_trace() was given */
	struct timeline tl; /* of @ev, up to the wake time (or the last event) */
};

/**
 * blame_explain() - Explain @spike from the events @ev.
 * @ev: events ordered by time, covering the spike
 * @n: number of events
 * @spike: the spike
 * @host: what is known of the machine, may be NULL (nothing)
 * @res: result
 *
 * Return: 0; -EINVAL if W < D; -ENODATA if there is no event at all;
 * -ENOMEM.
 */
int blame_explain(const struct rtw_event *ev, size_t n, const struct blame_spike *spike,
		  const struct blame_host *host, struct blame_result *res);

/**
 * blame_explain_trace() - blame_explain(), keeping what it read in @trace.
 * @ev: events ordered by time, covering the spike
 * @n: number of events
 * @spike: the spike
 * @host: what is known of the machine, may be NULL
 * @res: result
 * @trace: result: the repaired events and their timeline; zeroed when the
 *         call fails. blame_trace_free() it in both cases.
 *
 * Return: as blame_explain().
 */
int blame_explain_trace(const struct rtw_event *ev, size_t n, const struct blame_spike *spike,
			const struct blame_host *host, struct blame_result *res,
			struct blame_trace *trace);

/**
 * blame_trace_free() - Release what blame_explain_trace() kept.
 * @trace: the trace, may be zeroed
 */
void blame_trace_free(struct blame_trace *trace);

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
 * blame_verdict_name() - JSON name of a verdict ("tick_wait" ...), from the
 * verdict table (verdict.h).
 * @v: enum blame_verdict
 *
 * Return: a static string, "?" for a value that is no verdict.
 */
const char *blame_verdict_name(enum blame_verdict v);

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
 * blame_culprit_label() - "bash (pid 2638, other nice 0)", "IRQ 36 virtio1-req.0" ...
 * @c: culprit
 * @buf: output
 * @len: size of @buf
 */
void blame_culprit_label(const struct blame_culprit *c, char *buf, size_t len);

#endif
