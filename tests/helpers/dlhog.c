// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlhog - a SCHED_DEADLINE culprit for tests: become SCHED_DEADLINE with
 * RUNTIME_US every PERIOD_US (deadline = period), then spin without
 * sleeping for DURATION seconds. The CBS lets it run RUNTIME_US per
 * period, ahead of every RT task (DL is above SCHED_FIFO 99), and
 * throttles it for the rest of the period:
 *   dlhog 5000 50000 10      5 ms of every 50 ms, on whichever CPU it runs
 * A DEADLINE task cannot be pinned to fewer CPUs than its root domain
 * (sched_setattr fails with EPERM after taskset), so run one per CPU to be
 * sure to hit a given CPU. Needs root (CAP_SYS_NICE).
 */
#include <errno.h>
#include <linux/sched/types.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	struct sched_attr attr;
	uint64_t end;

	if (argc != 4) {
		fprintf(stderr, "usage: dlhog RUNTIME_US PERIOD_US DURATION_S\n");
		return 2;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_runtime = strtoull(argv[1], NULL, 10) * 1000;
	attr.sched_period = strtoull(argv[2], NULL, 10) * 1000;
	attr.sched_deadline = attr.sched_period;
	if (syscall(SYS_sched_setattr, 0, &attr, 0)) {
		fprintf(stderr, "dlhog: cannot become SCHED_DEADLINE: %s\n", strerror(errno));
		return 1;
	}
	end = now_ns() + strtoull(argv[3], NULL, 10) * 1000000000ULL;
	while (now_ns() < end)
		;
	return 0;
}
