// SPDX-License-Identifier: GPL-2.0-only
/*
 * pingpong - scheduler load for benchmarks: two processes bounce a byte
 * over two pipes as fast as they can for DURATION seconds, each one waking
 * the other: a flood of sched_waking/wakeup/switch events that fills a
 * trace buffer in a fraction of a second.
 *   pingpong DURATION_S
 */
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int ab[2], ba[2];
	time_t end;
	pid_t child;
	char c = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: pingpong DURATION_S\n");
		return 2;
	}
	end = time(NULL) + atoi(argv[1]);
	if (pipe(ab) || pipe(ba))
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		/* die with the parent, and see EOF when it is gone */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(ab[1]);
		close(ba[0]);
		while (read(ab[0], &c, 1) == 1 && write(ba[1], &c, 1) == 1)
			;
		_exit(0);
	}
	close(ab[0]);
	close(ba[1]);
	while (time(NULL) < end) {
		int i;

		for (i = 0; i < 1000; i++)
			if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
				break;
	}
	kill(child, SIGTERM);
	waitpid(child, NULL, 0);
	return 0;
}
