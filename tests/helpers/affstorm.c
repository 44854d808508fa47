// SPDX-License-Identifier: GPL-2.0-only
/*
 * affstorm - CPU stop work for tests: move a running task back and forth
 * between two CPUs with sched_setaffinity, every GAP_US, for DURATION
 * seconds. Moving a task that is running on its CPU cannot be done from
 * outside: the kernel queues migration_cpu_stop on that CPU's stopper,
 * migration/N (the stop class, shown as SCHED_FIFO 99, above every RT and
 * DEADLINE task), which preempts whatever runs there, moves the task
 * (sched_migrate_task) and sleeps again. Run it on another CPU than the
 * one measured:
 *   taskset -c 1 busyloop & taskset -c 0 affstorm $! 1 0 10 200
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec gap;
	cpu_set_t a, b;
	time_t end;
	long gap_us;
	pid_t pid;
	int n = 0;

	if (argc != 6) {
		fprintf(stderr, "usage: affstorm PID CPU_A CPU_B DURATION_S GAP_US\n");
		return 2;
	}
	pid = (pid_t)atoi(argv[1]);
	CPU_ZERO(&a);
	CPU_SET(atoi(argv[2]), &a);
	CPU_ZERO(&b);
	CPU_SET(atoi(argv[3]), &b);
	end = time(NULL) + atoi(argv[4]);
	gap_us = atol(argv[5]);
	gap.tv_sec = gap_us / 1000000;
	gap.tv_nsec = (gap_us % 1000000) * 1000;
	while (time(NULL) < end) {
		if (sched_setaffinity(pid, sizeof(cpu_set_t), n++ & 1 ? &b : &a)) {
			fprintf(stderr, "affstorm: cannot move %d: %s\n", pid, strerror(errno));
			return 1;
		}
		nanosleep(&gap, NULL);
	}
	printf("affstorm: %d moves\n", n);
	return 0;
}
