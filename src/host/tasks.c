// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/tasks - live tasks from /proc, and the sched_attr system calls.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rtwhy/host/tasks.h"
#include "rtwhy/procfs.h"
#include "rtwhy/timenow.h"
#include "analysis/util.h"

#define HOST_TASKS_PF_NO_SETAFFINITY 0x04000000UL /* include/linux/sched.h */
#define HOST_TASKS_MAX_RT	     64		  /* runnable RT tasks sampled at once */

int host_tasks_getattr(pid_t pid, struct host_sched_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	return syscall(SYS_sched_getattr, pid, a, sizeof(*a), 0) ? -errno : 0;
}

int host_tasks_setattr(pid_t pid, struct host_sched_attr *a)
{
	a->size = sizeof(*a);
	return syscall(SYS_sched_setattr, pid, a, 0) ? -errno : 0;
}

int host_tasks_timer_slack(const char *root, int32_t tid, int64_t *ns)
{
	char rel[48];
	long long v;
	int ret;

	snprintf(rel, sizeof(rel), "/proc/%d/timerslack_ns", (int)tid);
	ret = procfs_read_long(root, rel, &v);
	if (ret)
		return ret;
	if (v < 0)
		return -EINVAL;
	*ns = v;
	return 0;
}

long long host_tasks_stat_field(const char *stat, int field)
{
	const char *p = strrchr(stat, ')');
	int f = 3;

	if (!p)
		return -1;
	for (p++; *p; f++) {
		while (*p == ' ')
			p++;
		if (f == field)
			return *p >= '0' && *p <= '9' ? strtoll(p, NULL, 10) : -1;
		while (*p && *p != ' ')
			p++;
	}
	return -1;
}

/* host_tasks_parse - a stat line into @t; -EINVAL when it is not one */
static int host_tasks_parse(const char *stat, int32_t pid, struct host_task *t)
{
	const char *open = strchr(stat, '('), *close = strrchr(stat, ')');
	long long flags;

	if (!open || !close || close < open || close[1] != ' ' || !close[2])
		return -EINVAL;
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	snprintf(t->comm, sizeof(t->comm), "%.*s", (int)(close - open - 1), open + 1);
	t->state = close[2];
	t->cpu = (int)host_tasks_stat_field(stat, 39);
	t->rt_prio = (int32_t)host_tasks_stat_field(stat, 40);
	t->policy = (int)host_tasks_stat_field(stat, 41);
	flags = host_tasks_stat_field(stat, 9);
	t->pinned = flags > 0 && ((unsigned long long)flags & HOST_TASKS_PF_NO_SETAFFINITY);
	return t->policy < 0 ? -EINVAL : 0;
}

int host_tasks_read(const char *root, int32_t pid, struct host_task *t)
{
	char rel[64], stat[1024];
	ssize_t n;

	snprintf(rel, sizeof(rel), "/proc/%d/stat", pid);
	n = procfs_read(root, rel, stat, sizeof(stat));
	if (n <= 0)
		return n < 0 ? (int)n : -ENOENT;
	return host_tasks_parse(stat, pid, t);
}

int host_tasks_usage(const char *root, int32_t pid, int32_t tid, struct host_task_usage *u)
{
	char rel[96], buf[4096], val[32];
	unsigned long long run;

	snprintf(rel, sizeof(rel), "/proc/%d/task/%d/schedstat", pid, tid);
	if (procfs_read(root, rel, buf, sizeof(buf)) <= 0 || sscanf(buf, "%llu", &run) != 1)
		return -ENOENT;
	snprintf(rel, sizeof(rel), "/proc/%d/task/%d/status", pid, tid);
	if (procfs_read(root, rel, buf, sizeof(buf)) <= 0 ||
	    procfs_field(buf, "voluntary_ctxt_switches", val, sizeof(val)))
		return -ENOENT;
	u->run_ns = run;
	u->voluntary = strtoll(val, NULL, 10);
	u->state = procfs_field(buf, "State", val, sizeof(val)) ? '?' : val[0];
	return 0;
}

/* host_tasks_scan_pid - the runnable RT threads of one process on @cpu, first usage read */
static size_t host_tasks_scan_pid(const char *root, const char *pid, int cpu,
				  struct host_rt_task *rt, struct host_task_usage *u0, size_t max)
{
	char **tids, rel[96], stat[1024];
	size_t n = 0;
	int nt, k;

	snprintf(rel, sizeof(rel), "/proc/%s/task", pid);
	nt = procfs_list(root, rel, true, &tids);
	for (k = 0; k < nt && n < max; k++) {
		struct host_task t;

		snprintf(rel, sizeof(rel), "/proc/%s/task/%s/stat", pid, tids[k]);
		if (procfs_read(root, rel, stat, sizeof(stat)) <= 0 ||
		    host_tasks_parse(stat, atoi(tids[k]), &t) || t.state != 'R' || t.cpu != cpu ||
		    t.rt_prio <= 0)
			continue;
		memset(&rt[n], 0, sizeof(rt[n]));
		rt[n].task = t;
		rt[n].never_sleeps = -1;
		if (!host_tasks_usage(root, atoi(pid), t.pid, &u0[n]))
			n++;
	}
	procfs_list_free(tids, nt);
	return n;
}

/* host_tasks_resample - the second read: run time gained, and whether each slept */
static void host_tasks_resample(const char *root, struct host_rt_task *rt,
				const struct host_task_usage *u0, size_t n, uint64_t dt)
{
	size_t j;

	for (j = 0; j < n; j++) {
		struct host_task_usage u1;

		if (host_tasks_usage(root, rt[j].task.pid, rt[j].task.pid, &u1) ||
		    u1.run_ns < u0[j].run_ns)
			continue;
		rt[j].run_ns = u1.run_ns - u0[j].run_ns;
		rt[j].sample_ns = dt;
		/* runnable throughout yet not run: starved behind the budget user (rcuc/N
		 * behind an RT hog of its priority), which says nothing of its sleeping */
		if (u1.voluntary != u0[j].voluntary)
			rt[j].never_sleeps = 0;
		else if (u1.state == 'R' && rt[j].run_ns)
			rt[j].never_sleeps = 1;
	}
}

size_t host_tasks_runnable_rt(const char *root, int cpu, int32_t skip_pid, uint64_t sample_ns,
			      struct host_rt_task *rt, size_t max)
{
	struct host_task_usage u0[HOST_TASKS_MAX_RT];
	char **pids = NULL;
	size_t n = 0;
	int np, i;

	if (max > HOST_TASKS_MAX_RT)
		max = HOST_TASKS_MAX_RT;
	np = procfs_list(root, "/proc", true, &pids);
	for (i = 0; i < np && n < max; i++) {
		if (pids[i][0] < '0' || pids[i][0] > '9' || atoi(pids[i]) == skip_pid)
			continue;
		n += host_tasks_scan_pid(root, pids[i], cpu, rt + n, u0 + n, max - n);
	}
	procfs_list_free(pids, np);
	if (n && sample_ns) {
		struct timespec pause = util_ns_to_ts(sample_ns);
		uint64_t t0 = timenow_mono_ns();

		nanosleep(&pause, NULL);
		host_tasks_resample(root, rt, u0, n, timenow_mono_ns() - t0);
	}
	return n;
}
