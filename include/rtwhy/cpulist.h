/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpulist - CPU lists read the way cyclictest 2.4 reads them: with libnuma
 * (numa_parse_cpustring_all), so "0-3,5", "!0" (all but 0), "+0" (relative
 * to the CPUs this process may use) and "all" mean what cyclictest.8 says.
 * Like cyclictest, a list with '!' or '+' is then narrowed to the CPUs this
 * process may run on.
 *
 * libnuma reports a bad list by calling numa_warn(); this module defines
 * numa_warn() and numa_error() (libnuma lets a program replace them) to keep
 * the reason instead of printing it, so that the caller can say it in
 * rtwhy's own words. Reads the process's affinity, changes nothing.
 */
#ifndef RTWHY_CPULIST_H
#define RTWHY_CPULIST_H

#include <sched.h>
#include <stddef.h>

/**
 * cpulist_parse() - Read a CPU list.
 * @s: the list as the user wrote it
 * @set: result (only CPUs below CPU_SETSIZE)
 * @why: on failure, libnuma's reason (or rtwhy's), one line, no newline
 * @len: size of @why
 *
 * Return: 0; -EINVAL for a list libnuma does not read or one that leaves no
 * CPU; -ERANGE for a CPU past CPU_SETSIZE.
 */
int cpulist_parse(const char *s, cpu_set_t *set, char *why, size_t len);

#endif
