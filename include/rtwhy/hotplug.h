/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hotplug - CPUs that go offline or come back while rtwhy measures. The main
 * thread polls /sys/devices/system/cpu/online (never the measuring threads):
 * each change is said at the time on stderr, with the measuring threads that
 * were pinned to the CPU (the kernel moves a thread whose only CPU goes away,
 * and widens its affinity to do so); when the CPU is back, those threads are
 * pinned to it again. The kernel shows a CPU online before it can take tasks
 * (cpu_active is set last, milliseconds later: sched_setaffinity() then says
 * EINVAL), so a CPU that came back is pinned to again at each poll until it
 * takes them, or HOTPLUG_ACTIVE_WAIT_NS has passed, and said then. The changes
 * are kept for the --json file.
 */
#ifndef RTWHY_HOTPLUG_H
#define RTWHY_HOTPLUG_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include "rtwhy/measure.h"

#define HOTPLUG_MAX_CHANGES 64			  /* kept for --json; more are counted */
#define HOTPLUG_MAX_LISTED  16			  /* threads listed per change; more are counted */
#define HOTPLUG_PERIOD_NS   (50 * 1000 * 1000ULL) /* between two reads of the file */
/* online, not yet active: how long a CPU that came back may refuse its threads */
#define HOTPLUG_ACTIVE_WAIT_NS (2000 * 1000 * 1000ULL)

/* One CPU that went offline or came back. */
struct hotplug_change {
	uint64_t at_ns; /* CLOCK_MONOTONIC when the poll saw it */
	int cpu;
	bool online;	/* true: came back; false: went offline */
	int nr_threads; /* measuring threads pinned to @cpu (may exceed the listed) */
	int thread[HOTPLUG_MAX_LISTED]; /* their indexes (0 = "T: 0") */
	int tid[HOTPLUG_MAX_LISTED];
	int nr_repinned; /* online: of them, pinned to @cpu again */
	int repin_err;	 /* online: the first failure to pin one, -errno; 0 none */
	bool settled;	 /* said on stderr (online: pinned, or given up) */
};

struct hotplug {
	const char *root; /* "" = this machine; a sysroot in tests */
	cpu_set_t online;
	bool known; /* @online was read */
	struct hotplug_change change[HOTPLUG_MAX_CHANGES];
	int nr_changes;
	uint64_t nr_not_kept; /* changes past HOTPLUG_MAX_CHANGES */
	uint64_t start_ns;    /* the run's start, for "at 2.5 s" */
	uint64_t last_ns;     /* the last read */
};

/**
 * hotplug_read_online() - The online CPUs, as /sys/devices/system/cpu/online says.
 * @root: "" for this machine, or a sysroot
 * @set: result
 *
 * Return: 0, or -errno (the file is missing or not a CPU list).
 */
int hotplug_read_online(const char *root, cpu_set_t *set);

/**
 * hotplug_init() - Start watching: read the online CPUs now.
 * @h: the watcher (no allocation: nothing to free)
 * @root: "" for this machine; must outlive @h
 * @start_ns: CLOCK_MONOTONIC of the run's start
 *
 * A machine without the file is not watched (hotplug_poll() then does nothing).
 */
void hotplug_init(struct hotplug *h, const char *root, uint64_t start_ns);

/**
 * hotplug_diff() - Record the changes from @h's CPUs to @now (pure: no message, no pinning).
 * @h: the watcher; its online set becomes @now
 * @now: the CPUs online now
 * @s: the measuring threads (their CPU and tid); NULL: none
 * @now_ns: when
 *
 * Return: the number of changes recorded (each CPU that went or came is one).
 */
int hotplug_diff(struct hotplug *h, const cpu_set_t *now, const struct measure_summary *s,
		 uint64_t now_ns);

/**
 * hotplug_repin() - Pin the threads of a CPU that came back to it again (one attempt).
 * @c: an online change; its nr_repinned and repin_err are set anew
 * @s: the measuring threads
 * @now_ns: CLOCK_MONOTONIC now
 *
 * Return: true when @c is settled: every thread pinned, a failure other than EINVAL (the
 * CPU not yet active), or HOTPLUG_ACTIVE_WAIT_NS past @c's at_ns; false: try again later.
 */
bool hotplug_repin(struct hotplug_change *c, const struct measure_summary *s, uint64_t now_ns);

/**
 * hotplug_poll() - Every HOTPLUG_PERIOD_NS, read the online CPUs; say each change once on
 * stderr, and pin the threads of a CPU that came back to it again (at each call until it
 * takes them, see hotplug_repin()).
 * @h: the watcher
 * @s: the measuring threads
 * @now_ns: CLOCK_MONOTONIC now
 *
 * Return: the number of changes seen in this poll.
 */
int hotplug_poll(struct hotplug *h, const struct measure_summary *s, uint64_t now_ns);

/**
 * hotplug_flush() - At the run's end: say the changes not yet said (a CPU still refusing
 * its threads), as they stand.
 * @h: the watcher
 */
void hotplug_flush(struct hotplug *h);

/**
 * hotplug_describe() - One change in words: "CPU 1 went offline at 2.51 s: thread 1 (tid 812),
 * pinned to it, lost its CPU; the kernel runs it on another CPU until CPU 1 is back".
 * @h: the watcher (for the run's start)
 * @c: the change
 * @buf: result
 * @len: size of @buf
 */
void hotplug_describe(const struct hotplug *h, const struct hotplug_change *c, char *buf,
		      size_t len);

#endif
