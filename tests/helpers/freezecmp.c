// SPDX-License-Identifier: GPL-2.0-only
/*
 * freezecmp - the two ways to stop a trace from a measuring thread, timed
 * the same way, for the benchmark:
 *   cyclictest --tracemark: write the marker, then "0" to tracing_on;
 *   rtwhy: write one FREEZE marker that a traceoff trigger acts on.
 * Each round sleeps (like a measuring thread between wakeups), wakes, reads
 * the clock, stops the trace, and records (recording stopped - wake): for
 * the trigger the stop is the marker's own timestamp in the trace; for
 * tracing_on it is when that write returns. Uses its own tracefs instance.
 *   freezecmp ROUNDS SLEEP_US
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DIR "/sys/kernel/tracing/instances/freezecmp"

static unsigned long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long long)t.tv_sec * 1000000000ULL + (unsigned long long)t.tv_nsec;
}

static int put(const char *file, const char *val)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), DIR "/%s", file);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -1;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok ? 0 : -1;
}

/* timestamp (ns) of the last "MARK" print in the instance's trace */
static unsigned long long last_mark_ns(void)
{
	char line[512];
	unsigned long long ts = 0;
	FILE *f = fopen(DIR "/trace", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, ": tracing_mark_write: MARK");
		char *t;

		if (!p)
			continue;
		*p = '\0';
		t = strrchr(line, ' ');
		if (t) {
			unsigned long s, us;

			if (sscanf(t + 1, "%lu.%lu", &s, &us) == 2)
				ts = s * 1000000000ULL + us * 1000ULL;
		}
	}
	fclose(f);
	return ts;
}

static int cmp(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 200, sleep_us = argc > 2 ? atoi(argv[2]) : 1000;
	unsigned long long *trig = calloc((size_t)rounds, 8), *two = calloc((size_t)rounds, 8);
	int i, marker, on, n_trig = 0, n_two = 0;

	if (mkdir(DIR, 0755) && access(DIR, F_OK))
		return perror("mkdir " DIR), 1;
	put("trace_clock", "mono");
	put("events/sched/sched_switch/enable", "1");
	put("events/sched/sched_waking/enable", "1");
	put("events/irq/enable", "1");
	put("events/timer/hrtimer_expire_entry/enable", "1");
	put("events/timer/hrtimer_expire_exit/enable", "1");
	marker = open(DIR "/trace_marker", O_WRONLY);
	on = open(DIR "/tracing_on", O_RDWR);
	for (i = 0; i < rounds && marker >= 0 && on >= 0; i++) {
		struct timespec ts = { 0, sleep_us * 1000L };
		unsigned long long woke, mark;

		/* cyclictest's way: marker, then tracing_on */
		put("trace", "");
		if (write(on, "1", 1) != 1)
			break;
		nanosleep(&ts, NULL);
		woke = now_ns();
		if (write(marker, "MARK two writes", 15) < 0 || write(on, "0", 1) != 1)
			break;
		two[n_two++] = now_ns() - woke;

		/* rtwhy's way: one marker, the trigger stops the trace */
		put("trace", "");
		put("events/ftrace/print/trigger", "traceoff if buf ~ \"MARK*\"");
		if (write(on, "1", 1) != 1)
			break;
		nanosleep(&ts, NULL);
		woke = now_ns();
		if (write(marker, "MARK trigger", 12) < 0)
			break;
		mark = last_mark_ns();
		put("events/ftrace/print/trigger", "!traceoff if buf ~ \"MARK*\"");
		if (mark >= woke)
			trig[n_trig++] = mark - woke;
	}
	close(marker);
	close(on);
	put("events/ftrace/print/trigger", "!traceoff if buf ~ \"MARK*\"");
	put("events/enable", "0");
	rmdir(DIR);
	if (!n_trig || !n_two)
		return fprintf(stderr, "freezecmp: no samples\n"), 1;
	qsort(trig, (size_t)n_trig, 8, cmp);
	qsort(two, (size_t)n_two, 8, cmp);
	printf("trigger %d %.1f %.1f two_writes %d %.1f %.1f\n", n_trig, trig[n_trig / 2] / 1e3,
	       trig[n_trig * 99 / 100] / 1e3, n_two, two[n_two / 2] / 1e3,
	       two[n_two * 99 / 100] / 1e3);
	return 0;
}
