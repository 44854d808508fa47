// SPDX-License-Identifier: GPL-2.0-only
/*
 * host/machine - the machine's CPUs and names, and its facts for the
 * reports, read where the run asks for them, so that the renderers only
 * lay them out.
 */
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/host/kernel.h"
#include "rtwhy/host/machine.h"
#include "rtwhy/procfs.h"
#include "analysis/event.h"
#include "analysis/util.h"

void host_machine_read(struct host_machine *h)
{
	if (uname(&h->uts))
		memset(&h->uts, 0, sizeof(h->uts));
	h->realtime = host_machine_realtime("");
	h->nr_cpus = host_machine_nr_cpus();
}

int host_machine_realtime(const char *root)
{
	int v = host_kernel_realtime(root); /* present only with the PREEMPT_RT patch */

	return v < 0 ? 0 : v;
}

int host_machine_cpu_node(const char *root, int cpu)
{
	char rel[64], path[4096];
	struct dirent *de;
	DIR *d;
	int node = -1;

	if (cpu < 0)
		return -1;
	snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu%d", cpu);
	if (procfs_path(path, sizeof(path), root, rel))
		return 0;
	d = opendir(path);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (!strncmp(de->d_name, "node", 4) && de->d_name[4] >= '0' &&
		    de->d_name[4] <= '9') {
			node = (int)strtol(de->d_name + 4, NULL, 10);
			break;
		}
	}
	closedir(d);
	return node < 0 ? 0 : node;
}

void host_machine_loadavg(const char *root, char *buf, size_t len)
{
	procfs_read(root, "/proc/loadavg", buf, len);
}

int host_machine_cpus(cpu_set_t *set)
{
	int n;

	if (sched_getaffinity(0, sizeof(*set), set) == 0) {
		n = CPU_COUNT(set);
		if (n > 0)
			return n;
	}
	CPU_ZERO(set);
	CPU_SET(0, set);
	return 1;
}

int host_machine_nr_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n > 0 && n <= RTW_MAX_CPUS ? (int)n : 1;
}

int host_machine_kernel_version(int *major, int *minor)
{
	struct utsname u;

	if (uname(&u))
		return -errno;
	return util_kernel_version(u.release, major, minor);
}
