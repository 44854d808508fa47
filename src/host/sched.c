// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/sched - the RT budget, the root cpu cgroup's, the fair server's.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/host/sched.h"
#include "rtwhy/procfs.h"
#include "analysis/util.h"

/* this system's debugfs refused us (lockdown, or EPERM once): not tried again */
static bool host_sched_debugfs_denied;

/* host_sched_denied - is debugfs closed under @root? Cached for this system */
static bool host_sched_denied(const char *root)
{
	char buf[128];
	bool live = !root[0];

	if (live && host_sched_debugfs_denied)
		return true;
	if (procfs_read(root, "/sys/kernel/security/lockdown", buf, sizeof(buf)) > 0 &&
	    !strstr(buf, "[none]")) {
		if (live)
			host_sched_debugfs_denied = true;
		return true;
	}
	return false;
}

int host_sched_fair_server(const char *root, int cpu, long long *runtime_ns, long long *period_ns)
{
	char rel[96];
	int ret;

	if (cpu < 0)
		return -EINVAL;
	if (host_sched_denied(root))
		return -EPERM;
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/sched/fair_server/cpu%d/runtime", cpu);
	ret = procfs_read_long(root, rel, runtime_ns);
	if ((ret == -EPERM || ret == -EACCES) && !root[0])
		host_sched_debugfs_denied = true;
	if (ret)
		return ret;
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/sched/fair_server/cpu%d/period", cpu);
	return procfs_read_long(root, rel, period_ns);
}

/* host_sched_cgroup - the root cpu cgroup's RT budget (cgroup: see host/cgroup.c) */
static void host_sched_cgroup(const char *root, struct host_sched *s)
{
	static const char *const cgroup[] = { "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct" };
	long long v, p;
	char rel[96];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cgroup) && !s->cgroup_known; i++) {
		snprintf(rel, sizeof(rel), "%s/cpu.rt_runtime_us", cgroup[i]);
		if (procfs_read_long(root, rel, &v))
			continue;
		snprintf(rel, sizeof(rel), "%s/cpu.rt_period_us", cgroup[i]);
		if (procfs_read_long(root, rel, &p))
			continue;
		s->cgroup_known = true;
		s->cgroup_rt_runtime_us = v;
		s->cgroup_rt_period_us = p;
	}
}

void host_sched_read(const char *root, int cpu, struct host_sched *s)
{
	memset(s, 0, sizeof(*s));
	s->rt_runtime_err =
		procfs_read_long(root, "/proc/sys/kernel/sched_rt_runtime_us", &s->rt_runtime_us);
	s->rt_period_err =
		procfs_read_long(root, "/proc/sys/kernel/sched_rt_period_us", &s->rt_period_us);
	host_sched_cgroup(root, s);
	s->fair_err = host_sched_fair_server(root, cpu, &s->fair_runtime_ns, &s->fair_period_ns);
}
