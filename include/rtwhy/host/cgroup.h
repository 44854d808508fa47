/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/cgroup - a task's cgroups, read under a root ("" for this system):
 * where a controller is mounted (cgroup v1: a `cgroup` mount whose options
 * name it, e.g. /sys/fs/cgroup/cpu; v2: the unified hierarchy whose
 * cgroup.controllers lists it), the task's group in it (/proc/PID/cgroup),
 * and what the cpu and cpuset controllers say of that group:
 *  - the CFS quota: v1 cpu.cfs_quota_us / cpu.cfs_period_us (-1: none), v2
 *    cpu.max ("max 100000", "30000 100000"); the tightest of the group and
 *    its ancestors (nested groups: each limits its subtree);
 *  - the throttling counters: v1 cpu.stat nr_periods, nr_throttled,
 *    throttled_time (ns); v2 cpu.stat nr_periods, nr_throttled,
 *    throttled_usec;
 *  - the RT runtime of the group (v1 cpu.rt_runtime_us, RT_GROUP_SCHED): 0
 *    means no RT task may run in it (why chrt fails in a container);
 *  - the CPUs of its cpuset (v1 cpuset.effective_cpus, v2
 *    cpuset.cpus.effective);
 *  - its freezers: the v1 freezer hierarchy's group and freezer.state, the
 *    v2 group's cgroup.freeze and cgroup.stat.local frozen_usec (6.17+).
 * Paths of groups are below their hierarchy's root ("/", "/docker/abc").
 */
#ifndef RTWHY_HOST_CGROUP_H
#define RTWHY_HOST_CGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/offcpu.h"

#define HOST_CGROUP_PATH_LEN 256

/* Where a controller is. */
struct host_cgroup_ctl {
	int version;			  /* 1, 2; 0: the controller is not mounted */
	char mount[HOST_CGROUP_PATH_LEN]; /* "/sys/fs/cgroup/cpu", "/sys/fs/cgroup" */
};

/* A group's CFS bandwidth: the tightest limit of it and its ancestors. */
struct host_cgroup_quota {
	int64_t quota_us;		       /* -1: no quota anywhere on the path */
	int64_t period_us;		       /* its period, 0 when none */
	char limit_path[HOST_CGROUP_PATH_LEN]; /* the group that sets it, "" none */
};

/* A group's RT budget (RT_GROUP_SCHED): the tightest of it and its ancestors below the root. */
struct host_cgroup_rt {
	int64_t runtime_us;		       /* -1: no group below the root sets one */
	int64_t period_us;		       /* its period, 0 when none */
	char limit_path[HOST_CGROUP_PATH_LEN]; /* the group that sets it, "" none */
};

/* cpu.stat's throttling counters, in ns. */
struct host_cgroup_stat {
	uint64_t nr_periods;
	uint64_t nr_throttled;
	uint64_t throttled_ns;
};

/**
 * host_cgroup_find() - Where @controller is mounted.
 * @root: directory prefix, "" for this system
 * @controller: "cpu", "cpuset"
 * @ctl: result (version 0 when it is not found)
 *
 * A v1 mount that binds it wins over the v2 hierarchy (a controller is in
 * one of them at a time).
 * Return: 0, -ENOENT when no hierarchy has it, -errno reading /proc/mounts.
 */
int host_cgroup_find(const char *root, const char *controller, struct host_cgroup_ctl *ctl);

/**
 * host_cgroup_of() - The group of a task in @controller's hierarchy.
 * @root: directory prefix
 * @pid: process, 0 for the caller's own (/proc/self/cgroup)
 * @tid: thread, 0 for the process's own (/proc/PID/cgroup)
 * @controller: "cpu", "cpuset"
 * @ctl: where the controller is (host_cgroup_find())
 * @path: result, e.g. "/docker/abc" ("/" the root group)
 * @len: size of @path
 *
 * Return: 0, -ENOENT when /proc/PID/cgroup has no line for that hierarchy, -errno.
 */
int host_cgroup_of(const char *root, int pid, int tid, const char *controller,
		   const struct host_cgroup_ctl *ctl, char *path, size_t len);

/**
 * host_cgroup_quota() - The tightest CFS quota of @path and its ancestors.
 * @root: directory prefix
 * @ctl: the cpu controller
 * @path: the group
 * @q: result (quota_us -1 when none is set)
 *
 * Return: 0, -errno when the group's own files cannot be read.
 */
int host_cgroup_quota(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
		      struct host_cgroup_quota *q);

/**
 * host_cgroup_stat() - The throttling counters of @path (cpu.stat).
 * @root: directory prefix
 * @ctl: the cpu controller
 * @path: the group
 * @st: result
 *
 * Return: 0, -ENOENT without them (v2 without the cpu controller), -errno.
 */
int host_cgroup_stat(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
		     struct host_cgroup_stat *st);

/**
 * host_cgroup_rt_runtime() - The RT runtime of @path (cgroup v1 cpu.rt_runtime_us).
 * @root: directory prefix
 * @ctl: the cpu controller
 * @path: the group
 * @rt_runtime_us: result (-1: unlimited)
 *
 * Return: 0, -ENOENT on v2 or a kernel without RT_GROUP_SCHED, -errno.
 */
int host_cgroup_rt_runtime(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
			   int64_t *rt_runtime_us);

/**
 * host_cgroup_rt_budget() - The tightest RT budget of @path and its ancestors below the root.
 * @root: directory prefix
 * @ctl: the cpu controller
 * @path: the group
 * @b: result (runtime_us -1 when no group below the root sets one)
 *
 * With RT_GROUP_SCHED each group's RT tasks share its cpu.rt_runtime_us of every
 * cpu.rt_period_us, on each CPU, and are throttled together when they used it (a child's
 * also when a parent's is used). The root group's budget is the system's
 * (sched_rt_runtime_us, host/sched.h), not read here.
 * Return: 0, -ENOENT on v2, a kernel without RT_GROUP_SCHED or @path the root, -errno.
 */
int host_cgroup_rt_budget(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
			  struct host_cgroup_rt *b);

/**
 * host_cgroup_cpus() - The CPUs of @path's cpuset, as the kernel lists them ("0-3,6").
 * @root: directory prefix
 * @ctl: the cpuset controller
 * @path: the group
 * @buf: result
 * @len: size of @buf
 *
 * Return: 0, -errno.
 */
int host_cgroup_cpus(const char *root, const struct host_cgroup_ctl *ctl, const char *path,
		     char *buf, size_t len);

/* A live run's view of the measuring thread's cpu group, sampled at each explanation. */
struct host_cgroup_watch {
	bool tried; /* the controller was looked for */
	struct host_cgroup_ctl ctl;
	bool sampled; /* @last holds a sample */
	struct host_cgroup_stat last;
	uint64_t last_ns; /* when (CLOCK_MONOTONIC) */
	char last_path[HOST_CGROUP_PATH_LEN];
};

/**
 * host_cgroup_explain() - The thread's cpu group for an explanation, with
 * its throttling since the previous sample (the previous explanation's).
 * @w: the run's watch, zeroed before the first call
 * @root: directory prefix
 * @pid: the process
 * @tid: the measuring thread
 * @now_ns: CLOCK_MONOTONIC now
 * @out: result (known false when the cpu controller or the group is not found)
 */
void host_cgroup_explain(struct host_cgroup_watch *w, const char *root, int pid, int tid,
			 uint64_t now_ns, struct offcpu_cgroup *out);

/**
 * host_cgroup_within() - Is task @pid in the cpu group @group or below it?
 * @root: directory prefix
 * @ctl: the cpu controller
 * @pid: the task (a thread's tid reads its own group, /proc/TID/cgroup)
 * @group: "/rt" ("/" holds every task)
 *
 * Return: 1 yes, 0 no, -errno when its group cannot be read (it has ended: -ENOENT).
 */
int host_cgroup_within(const char *root, const struct host_cgroup_ctl *ctl, int pid,
		       const char *group);

/**
 * host_cgroup_unified() - Where the v2 (unified) hierarchy is mounted, whatever its
 * controllers (the v2 freezer, cgroup.freeze, needs none).
 * @root: directory prefix
 * @ctl: result (version 2), zeroed when there is none
 *
 * Return: 0, -ENOENT without a cgroup2 mount, -errno reading /proc/mounts.
 */
int host_cgroup_unified(const char *root, struct host_cgroup_ctl *ctl);

/* A live run's view of the measuring thread's freezer cgroups. */
struct host_cgroup_freezer_watch {
	bool tried;		   /* the hierarchies were looked for */
	struct host_cgroup_ctl v1; /* the v1 freezer hierarchy (version 0: none) */
	struct host_cgroup_ctl v2; /* the v2 hierarchy (version 0: none) */
	bool sampled;		   /* @last_usec holds a sample of @last_path */
	uint64_t last_usec;	   /* its cgroup.stat.local frozen_usec */
	uint64_t last_ns;	   /* when (CLOCK_MONOTONIC) */
	char last_path[HOST_CGROUP_PATH_LEN];
};

/**
 * host_cgroup_freezer_explain() - The thread's freezer cgroups for an explanation: its v1
 * freezer group and freezer.state (THAWED, FREEZING, FROZEN), its v2 group, cgroup.freeze
 * and (6.17+) the time cgroup.stat.local's frozen_usec grew since the previous call.
 * @w: the run's watch, zeroed before the first call (which may be made at the start, to
 *     have a sample before the first spike)
 * @root: directory prefix
 * @pid: the process
 * @tid: the measuring thread, 0 the process
 * @now_ns: CLOCK_MONOTONIC now
 * @out: result (known false when neither hierarchy has the task)
 *
 * Read after the thaw (the thread runs again), the states say "now", not "then".
 */
void host_cgroup_freezer_explain(struct host_cgroup_freezer_watch *w, const char *root, int pid,
				 int tid, uint64_t now_ns, struct offcpu_freezer *out);

#endif
