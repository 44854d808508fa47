// SPDX-License-Identifier: GPL-2.0-only
/*
 * hostinfo - the machine's facts for the reports, read where the run asks
 * for them, so that the renderers only lay them out.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/hostinfo.h"
#include "rtwhy/procfs.h"

void hostinfo_read(struct hostinfo *h)
{
	if (uname(&h->uts))
		memset(&h->uts, 0, sizeof(h->uts));
	h->realtime = hostinfo_realtime("");
}

int hostinfo_realtime(const char *root)
{
	long long v;

	/* present only with the PREEMPT_RT patch */
	return procfs_read_long(root, "/sys/kernel/realtime", &v) ? 0 : (int)v;
}

int hostinfo_cpu_node(const char *root, int cpu)
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

void hostinfo_loadavg(const char *root, char *buf, size_t len)
{
	procfs_read(root, "/proc/loadavg", buf, len);
}
