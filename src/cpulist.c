// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpulist - libnuma's CPU list syntax (cyclictest's parse_cpumask() of
 * rt-tests 2.4, src/lib/rt-numa.c), with libnuma's complaints kept, not printed.
 */
#include <errno.h>
#include <numa.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rtwhy/cpulist.h"
#include "analysis/util.h"

/* the last complaint of libnuma, for cpulist_parse() to pass on */
static char cpulist_numa_msg[160];

void numa_warn(int num, char *fmt, ...) __attribute__((format(printf, 2, 3)));
void numa_error(char *where);

/* libnuma's hook (weak in libnuma): called with its warning; keep it for the caller */
void numa_warn(int num, char *fmt, ...)
{
	va_list ap;
	size_t n;

	(void)num;
	va_start(ap, fmt);
	vsnprintf(cpulist_numa_msg, sizeof(cpulist_numa_msg), fmt, ap);
	va_end(ap);
	n = strcspn(cpulist_numa_msg, "\n");
	while (n > 0 && cpulist_numa_msg[n - 1] == ' ')
		n--;
	cpulist_numa_msg[n] = '\0';
}

/* libnuma's hook for a failed system call */
void numa_error(char *where)
{
	snprintf(cpulist_numa_msg, sizeof(cpulist_numa_msg), "%s: %s", where, strerror(errno));
}

int cpulist_parse(const char *s, cpu_set_t *set, char *why, size_t len)
{
	struct bitmask *mask;
	cpu_set_t allowed;
	unsigned int cpu;
	int ret = 0;

	why[0] = '\0';
	cpulist_numa_msg[0] = '\0';
	numa_available(); /* libnuma: "must be called before any other" */
	/* libnuma's parser takes a non-const string it does not change */
	mask = numa_parse_cpustring_all((char *)s);
	if (!mask) {
		util_strlcpy(why,
			     cpulist_numa_msg[0] ? cpulist_numa_msg
						 : "not a CPU list (like 0-3,5, !0, +0 or all)",
			     len);
		return -EINVAL;
	}
	CPU_ZERO(set);
	for (cpu = 0; cpu < mask->size; cpu++) {
		if (!numa_bitmask_isbitset(mask, cpu))
			continue;
		if (cpu >= CPU_SETSIZE) {
			snprintf(why, len, "CPU %u is beyond the %d CPUs rtwhy handles", cpu,
				 CPU_SETSIZE);
			ret = -ERANGE;
			break;
		}
		CPU_SET(cpu, set);
	}
	numa_bitmask_free(mask);
	if (ret)
		return ret;
	/* cyclictest's use_current_cpuset(): '!' and '+' lists keep only the usable CPUs */
	if ((strchr(s, '!') || strchr(s, '+')) && !sched_getaffinity(0, sizeof(allowed), &allowed))
		CPU_AND(set, set, &allowed);
	if (CPU_COUNT(set) == 0) {
		util_strlcpy(why, "no CPU left in the set", len);
		return -EINVAL;
	}
	return 0;
}
