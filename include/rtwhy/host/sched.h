/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/sched - the scheduler's bandwidth knobs, under a root ("" for this
 * system): the RT budget (sched_rt_runtime_us / sched_rt_period_us), the
 * root cpu cgroup's RT budget (cgroup v1, two usual mount points: see
 * host/cgroup.c for the controller found once), and the fair server's
 * runtime and period per CPU (debugfs, 6.12+).
 *
 * The fair server's files are behind the lockdown guard: where the kernel
 * is locked down (/sys/kernel/security/lockdown not "[none]") or a read was
 * refused once, debugfs is not tried again on this system (each try costs a
 * kernel message); the refusal is cached for the process.
 */
#ifndef RTWHY_HOST_SCHED_H
#define RTWHY_HOST_SCHED_H

#include <stdbool.h>
#include <stdint.h>

/* The knobs as read; an *_err is 0 when read, else -errno. */
struct host_sched {
	int rt_runtime_err;
	long long rt_runtime_us; /* -1: no throttling */
	int rt_period_err;
	long long rt_period_us;
	bool cgroup_known; /* the root cpu cgroup's cpu.rt_{runtime,period}_us (v1) */
	long long cgroup_rt_runtime_us;
	long long cgroup_rt_period_us;
	int fair_err; /* of @cpu's fair server files (-EPERM: locked down) */
	long long fair_runtime_ns;
	long long fair_period_ns;
};

/**
 * host_sched_read() - The knobs as they are now.
 * @root: directory prefix, "" for the running system
 * @cpu: the CPU whose fair server is read, -1 none
 * @s: result
 */
void host_sched_read(const char *root, int cpu, struct host_sched *s);

/**
 * host_sched_fair_server() - A CPU's fair server, behind the lockdown guard.
 * @root: directory prefix
 * @cpu: the CPU
 * @runtime_ns: result
 * @period_ns: result
 *
 * Return: 0, or -errno (-EPERM also when the guard says not to try).
 */
int host_sched_fair_server(const char *root, int cpu, long long *runtime_ns, long long *period_ns);

#endif
