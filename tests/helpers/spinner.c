// SPDX-License-Identifier: GPL-2.0-only
/*
 * spinner - a culprit for tests: spin SPIN_US, sleep until the next period,
 * for DURATION seconds. Run it under chrt/taskset to make an RT hog:
 *   taskset -c 1 chrt -f 80 spinner 3000 20000 10
 * PERIOD_US 0: spin for DURATION without ever sleeping (an RT task that
 * never sleeps: what RT throttling and the fair server act on):
 *   taskset -c 1 chrt -f 1 spinner 0 0 10
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	uint64_t spin_ns, period_ns, end, next;

	if (argc != 4) {
		fprintf(stderr, "usage: spinner SPIN_US PERIOD_US DURATION_S\n");
		return 2;
	}
	spin_ns = strtoull(argv[1], NULL, 10) * 1000;
	period_ns = strtoull(argv[2], NULL, 10) * 1000;
	end = now_ns() + strtoull(argv[3], NULL, 10) * 1000000000ULL;
	next = now_ns();
	if (!period_ns) {
		while (now_ns() < end)
			;
		return 0;
	}
	while (next < end) {
		struct timespec ts;
		uint64_t stop = now_ns() + spin_ns;

		while (now_ns() < stop)
			;
		next += period_ns;
		ts.tv_sec = (time_t)(next / 1000000000ULL);
		ts.tv_nsec = (long)(next % 1000000000ULL);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
	return 0;
}
