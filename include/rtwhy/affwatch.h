/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * affwatch - a measuring thread's CPU taken another way than by CPU hotplug (hotplug.h): its
 * affinity changed while rtwhy measures, not by rtwhy. Another program's sched_setaffinity()
 * (taskset -p), the thread moved into another cpuset cgroup, or its cpuset's CPUs changed
 * (cgroup v1 sets the affinity of every task in it to them). The main thread polls each pinned
 * thread's affinity every AFFWATCH_PERIOD_NS (never the measuring threads): each change is
 * said once at the time on stderr, with the thread's cpuset where that is why, and again when
 * the thread is pinned to its CPU as before. rtwhy does not pin it back (whoever changed it
 * meant it, and a cpuset would refuse): it measures the thread where the kernel runs it. The
 * changes are kept for the --json file.
 *
 * The same poll reads each measuring thread's scheduling policy and priority, and for the
 * policies that are not real-time its nice value and timer slack: another program's
 * sched_setscheduler() (chrt -p, a tuning daemon), setpriority() (renice) or write of
 * /proc/TID/timerslack_ns takes the thread's claim to its CPU as surely as its affinity. Said
 * once at the time, and again when it is what rtwhy set once more; not set back (the spikes
 * from then are those of the scheduling the kernel runs it with).
 */
#ifndef RTWHY_AFFWATCH_H
#define RTWHY_AFFWATCH_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include "rtwhy/host/cgroup.h"
#include "rtwhy/measure.h"

#define AFFWATCH_PERIOD_NS   (100 * 1000 * 1000ULL)
#define AFFWATCH_MAX_CHANGES 64 /* kept for --json; more are counted */
#define AFFWATCH_CPUS_LEN    64 /* a CPU list, "0-3,6" (cut) */

/* One measuring thread whose affinity changed, or came back to its CPU. */
struct affwatch_change {
	uint64_t at_ns; /* CLOCK_MONOTONIC when the poll saw it */
	int thread;	/* its index (0 = "T: 0") */
	int tid;
	int cpu;			     /* the CPU rtwhy pinned it to */
	bool back;			     /* pinned to @cpu alone again */
	char cpus[AFFWATCH_CPUS_LEN];	     /* !back: its affinity now */
	char cpuset[HOST_CGROUP_PATH_LEN];   /* !back: its cpuset group, when it excludes @cpu */
	char cpuset_cpus[AFFWATCH_CPUS_LEN]; /* ... and that group's CPUs */
};

/* A thread's scheduling as the poll compares it. */
struct affwatch_sched {
	int policy;   /* SCHED_FIFO ... (without SCHED_RESET_ON_FORK) */
	int priority; /* its sched_priority (real-time policies) */
	int nice;     /* its nice value (SCHED_OTHER, SCHED_BATCH: their share of a shared CPU) */
	int64_t slack_ns; /* its timer slack (not real-time: how late its timers may fire), -1
			   * unknown */
};

/* One measuring thread whose scheduling changed, not by rtwhy, or came back. */
struct affwatch_sched_change {
	uint64_t at_ns; /* CLOCK_MONOTONIC when the poll saw it */
	int thread;
	int tid;
	struct affwatch_sched set; /* what rtwhy set (the nice value: the process's) */
	struct affwatch_sched now; /* what it is now (back: the same as @set) */
	bool back;		   /* what rtwhy set again */
};

/* where a thread stands (affwatch.moved) */
enum affwatch_state {
	AFFWATCH_PINNED,  /* to its CPU alone, as rtwhy set it */
	AFFWATCH_MOVED,	  /* elsewhere too, or instead (said) */
	AFFWATCH_HOTPLUG, /* its CPU went offline: hotplug.h's, until pinned to it again */
};

struct affwatch {
	const char *root; /* "" = this machine; a sysroot in tests */
	int pid;	  /* the measuring threads' process */
	uint8_t *moved;	  /* per thread: enum affwatch_state */
	int nr_threads;
	struct host_cgroup_ctl cpuset; /* version 0: no cpuset controller */
	struct affwatch_change change[AFFWATCH_MAX_CHANGES];
	int nr_changes;
	uint64_t nr_not_kept; /* changes past AFFWATCH_MAX_CHANGES */
	bool *resched;	      /* per thread: its policy or priority is not rtwhy's (said) */
	struct affwatch_sched_change sched[AFFWATCH_MAX_CHANGES];
	int nr_sched;
	uint64_t nr_sched_not_kept;
	bool no_slack; /* /proc/TID/timerslack_ns refused (no CAP_SYS_NICE) or absent: not read */
	uint64_t start_ns; /* the run's start, for "at 2.5 s" */
	uint64_t last_ns;  /* the last poll */
};

/**
 * affwatch_init() - Start watching @nr_threads measuring threads of process @pid.
 * @w: the watcher; affwatch_free() it
 * @root: "" for this machine; must outlive @w
 * @pid: the process (getpid())
 * @nr_threads: the measuring threads
 * @start_ns: CLOCK_MONOTONIC of the run's start
 *
 * Return: 0 or -ENOMEM.
 */
int affwatch_init(struct affwatch *w, const char *root, int pid, int nr_threads, uint64_t start_ns);

/**
 * affwatch_judge() - Is a thread pinned to @cpu moved, by its affinity @now (pure)?
 * @cpu: the CPU rtwhy pinned it to
 * @now: its affinity now
 * @online: the online CPUs (a CPU that went offline is hotplug's to say)
 *
 * Return: 1 moved (@now is not @cpu alone, and @cpu is online), 0 pinned to it as set, -1
 * @cpu offline (not judged).
 */
int affwatch_judge(int cpu, const cpu_set_t *now, const cpu_set_t *online);

/**
 * affwatch_record() - Keep one change of thread @t (pure but for the cpuset files under @w's
 * root: no message).
 * @w: the watcher
 * @t: the thread, as measure_summary() has it
 * @back: it is pinned to its CPU again (else it moved)
 * @now: its affinity now
 * @now_ns: when
 *
 * Return: the change kept, or NULL past AFFWATCH_MAX_CHANGES (counted).
 */
struct affwatch_change *affwatch_record(struct affwatch *w, const struct measure_thread_summary *t,
					bool back, const cpu_set_t *now, uint64_t now_ns);

/**
 * affwatch_sched_judge() - Is a thread's scheduling not what rtwhy set (pure)?
 * @set: what rtwhy set
 * @now: the thread's scheduling now (SCHED_RESET_ON_FORK in its policy ignored)
 *
 * Return: true when the policy differs, or the real-time priority of a real-time policy, or
 * the nice value of SCHED_OTHER and SCHED_BATCH (SCHED_IDLE's weight does not follow it), or
 * the timer slack (where both are known) of a policy that is not real-time.
 */
bool affwatch_sched_judge(const struct affwatch_sched *set, const struct affwatch_sched *now);

/**
 * affwatch_sched_describe() - One scheduling change in words: "thread 0 (tid 812), set to
 * SCHED_FIFO 99 by rtwhy, runs as SCHED_OTHER nice 0 now: ...", or of its nice value alone,
 * or of its timer slack alone.
 * @w: the watcher (for the run's start)
 * @c: the change
 * @buf: result
 * @len: size of @buf
 */
void affwatch_sched_describe(const struct affwatch *w, const struct affwatch_sched_change *c,
			     char *buf, size_t len);

/**
 * affwatch_poll() - Every AFFWATCH_PERIOD_NS, read each pinned thread's affinity and each
 * measuring thread's scheduling; say each change once on stderr.
 * @w: the watcher
 * @s: the measuring threads
 * @online: the online CPUs now; NULL: unknown (every CPU judged online)
 * @now_ns: CLOCK_MONOTONIC now
 *
 * Return: the number of changes seen in this poll.
 */
int affwatch_poll(struct affwatch *w, const struct measure_summary *s, const cpu_set_t *online,
		  uint64_t now_ns);

/**
 * affwatch_describe() - One change in words: "thread 1 (tid 812), pinned to CPU 1, may now
 * run on CPU 0 only: its affinity changed at 2.51 s, not by rtwhy (...)".
 * @w: the watcher (for the run's start)
 * @c: the change
 * @buf: result
 * @len: size of @buf
 */
void affwatch_describe(const struct affwatch *w, const struct affwatch_change *c, char *buf,
		       size_t len);

/**
 * affwatch_free() - Release what affwatch_init() allocated.
 * @w: the watcher, may be zeroed
 */
void affwatch_free(struct affwatch *w);

#endif
