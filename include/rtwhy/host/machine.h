/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/machine - the machine itself: its CPUs (those this process may run
 * on), uname(), the NUMA node of a CPU, the load average, and what the
 * reports print of it: the run gathers that once (the load average at each
 * drawing of the live display) and hands it to the renderers, which read
 * nothing themselves. Whether the kernel is PREEMPT_RT is host/kernel's.
 *
 * The files are read under a root prefix ("" for the running system, a
 * fake tree in the unit tests); uname() is always this system's.
 */
#ifndef RTWHY_HOST_MACHINE_H
#define RTWHY_HOST_MACHINE_H

#include <sched.h>
#include <stddef.h>
#include <sys/utsname.h>

#define HOST_MACHINE_LOADAVG_LEN 128

/* What the --json "sysinfo" and the histogram picture's title say of the machine. */
struct host_machine {
	struct utsname uts; /* uname(); all "" when it failed */
	int realtime;	    /* cyclictest's sysinfo "realtime": the number in /sys/kernel/realtime
			     * as it prints it (not a decision: host_kernel_rt() is that) */
	int nr_cpus;	    /* host_machine_nr_cpus() */
};

/**
 * host_machine_read() - Gather uname(), host_machine_realtime() and host_machine_nr_cpus() of
 * this system.
 * @h: result
 */
void host_machine_read(struct host_machine *h);

/**
 * host_machine_realtime() - The number in /sys/kernel/realtime (present only with
 * the PREEMPT_RT patch, where it is 1).
 * @root: directory prefix, "" for the running system
 *
 * Return: the number, 0 when the file is missing or holds no number.
 */
int host_machine_realtime(const char *root);

/**
 * host_machine_cpu_node() - The NUMA node of a CPU: N of the first "nodeN" entry
 * of /sys/devices/system/cpu/cpuC, as cyclictest's JSON gives it.
 * @root: directory prefix, "" for the running system
 * @cpu: the CPU, -1 for none (a thread not pinned)
 *
 * Return: the node; 0 when the directory is missing or has no such entry;
 * -1 for @cpu < 0.
 */
int host_machine_cpu_node(const char *root, int cpu);

/**
 * host_machine_loadavg() - /proc/loadavg as it reads now, without its newline.
 * @root: directory prefix, "" for the running system
 * @buf: output, "" when unreadable
 * @len: size of @buf (HOST_MACHINE_LOADAVG_LEN: the whole line)
 */
void host_machine_loadavg(const char *root, char *buf, size_t len);

/**
 * host_machine_cpus() - The CPUs this process may run on (sched_getaffinity()).
 * @set: result
 *
 * Return: the number of CPUs in @set (at least 1: CPU 0 when unreadable).
 */
int host_machine_cpus(cpu_set_t *set);

/**
 * host_machine_nr_cpus() - How many CPU numbers the machine has: every configured CPU,
 * online or not, whatever the caller's affinity (a trace's CPUs are numbered 0 .. this - 1).
 *
 * Return: at least 1.
 */
int host_machine_nr_cpus(void);

/**
 * host_machine_kernel_version() - The running kernel's major and minor (uname -r).
 * @major: result
 * @minor: result
 *
 * Return: 0, -errno from uname(), or -EINVAL when the release is not "N.N...".
 */
int host_machine_kernel_version(int *major, int *minor);

#endif
