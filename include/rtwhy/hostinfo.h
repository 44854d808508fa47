/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hostinfo - the facts of the machine that the reports print but do not
 * compute: uname(), whether the kernel says it is real-time
 * (/sys/kernel/realtime), the NUMA node of a CPU, the load average. The run
 * gathers them (once; the load average at each drawing of the live
 * display) and hands them to the renderers, which read nothing themselves.
 *
 * The files are read under a root prefix ("" for the running system, a
 * fake tree in the unit tests); uname() is always this system's.
 */
#ifndef RTWHY_HOSTINFO_H
#define RTWHY_HOSTINFO_H

#include <stddef.h>
#include <sys/utsname.h>

#define HOSTINFO_LOADAVG_LEN 128

/* What the --json "sysinfo" and the histogram picture's title say of the machine. */
struct hostinfo {
	struct utsname uts; /* uname(); all "" when it failed */
	int realtime;	    /* /sys/kernel/realtime: 1 on PREEMPT_RT, 0 without the file */
};

/**
 * hostinfo_read() - Gather uname() and hostinfo_realtime() of this system.
 * @h: result
 */
void hostinfo_read(struct hostinfo *h);

/**
 * hostinfo_realtime() - The number in /sys/kernel/realtime (present only with
 * the PREEMPT_RT patch, where it is 1).
 * @root: directory prefix, "" for the running system
 *
 * Return: the number, 0 when the file is missing or holds no number.
 */
int hostinfo_realtime(const char *root);

/**
 * hostinfo_cpu_node() - The NUMA node of a CPU: N of the first "nodeN" entry
 * of /sys/devices/system/cpu/cpuC, as cyclictest's JSON gives it.
 * @root: directory prefix, "" for the running system
 * @cpu: the CPU, -1 for none (a thread not pinned)
 *
 * Return: the node; 0 when the directory is missing or has no such entry;
 * -1 for @cpu < 0.
 */
int hostinfo_cpu_node(const char *root, int cpu);

/**
 * hostinfo_loadavg() - /proc/loadavg as it reads now, without its newline.
 * @root: directory prefix, "" for the running system
 * @buf: output, "" when unreadable
 * @len: size of @buf (HOSTINFO_LOADAVG_LEN: the whole line)
 */
void hostinfo_loadavg(const char *root, char *buf, size_t len);

#endif
