// SPDX-License-Identifier: GPL-2.0-only
/*
 * pilock - a priority inversion for tests, with or without priority
 * inheritance. Three threads, all pinned to one CPU:
 *   low   (-L: "other" or a SCHED_FIFO priority) takes the mutex, spins
 *         HOLD_US inside it, unlocks, sleeps GAP_US, again;
 *   high  (SCHED_FIFO -H) wakes every PERIOD_US (clock_nanosleep ABSTIME),
 *         takes the mutex (blocking while low holds it), unlocks: its
 *         latency is lock obtained - deadline;
 *   mid   (SCHED_FIFO -M, optional) wakes MID_DELAY_US after each of high's
 *         deadlines and spins MID_US: with -m none it runs ahead of low while
 *         high waits (an unboosted inversion); with -m pi low is boosted to
 *         high's priority (sched_pi_setprio) and mid waits.
 * The mutex is PTHREAD_PRIO_INHERIT (-m pi: FUTEX_LOCK_PI, an rt_mutex in
 * the kernel) or PTHREAD_PRIO_NONE (-m none: a plain futex).
 * With -T FILE (a tracefs trace_marker) and -b US: the first latency above US
 * writes rtwhy's marker "FREEZE tid= thread=0 cpu= prio= slack=0 deadline=
 * wake= lat=" (CLOCK_MONOTONIC ns; wake = when high got the lock) to FILE and
 * ends the run (status 0), so that `rtwhy analyze` explains it.
 * Prints each thread's tid ("pilock: low tid=N prio=P"), then the max latency and how
 * many periods went over the threshold.
 *   pilock -m pi -c 1 -L 10 -H 90 -M 50 -h 2000 -s 5000 -i 20000 -D 10
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct pilock_cfg {
	int pi, cpu, low_prio, high_prio, mid_prio;
	uint64_t hold_ns, gap_ns, period_ns, mid_ns, mid_delay_ns, thresh_ns, end_ns, start_ns;
	const char *marker;
};

static struct pilock_cfg cfg = {
	.pi = 1,
	.cpu = 1,
	.low_prio = 0,
	.high_prio = 90,
	.hold_ns = 2000000,
	.gap_ns = 500000,
	.period_ns = 20000000,
	.mid_ns = 5000000,
	.mid_delay_ns = 50000,
};
static pthread_mutex_t lock;
static volatile int stop;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void sleep_until(uint64_t t)
{
	struct timespec ts = { .tv_sec = (time_t)(t / 1000000000ULL),
			       .tv_nsec = (long)(t % 1000000000ULL) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static void spin(uint64_t ns)
{
	uint64_t stop_at = now_ns() + ns;

	while (now_ns() < stop_at)
		;
}

/* pin the calling thread and give it @prio (0: SCHED_OTHER); say its tid (tests need it) */
static int setup_thread(const char *role, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	cpu_set_t set;
	int err;

	CPU_ZERO(&set);
	CPU_SET(cfg.cpu, &set);
	err = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (!err)
		err = pthread_setschedparam(pthread_self(), prio ? SCHED_FIFO : SCHED_OTHER, &sp);
	if (err)
		fprintf(stderr, "pilock: cannot set CPU %d priority %d: %s\n", cfg.cpu, prio,
			strerror(err));
	else
		printf("pilock: %s tid=%d prio=%d\n", role, gettid(), prio);
	fflush(stdout);
	return err;
}

static void *low_fn(void *arg)
{
	if (setup_thread("low", cfg.low_prio))
		exit(1);
	while (!stop && now_ns() < cfg.end_ns) {
		pthread_mutex_lock(&lock);
		spin(cfg.hold_ns);
		pthread_mutex_unlock(&lock);
		sleep_until(now_ns() + cfg.gap_ns);
	}
	return arg;
}

static void *mid_fn(void *arg)
{
	uint64_t next = cfg.start_ns + cfg.mid_delay_ns;

	if (setup_thread("mid", cfg.mid_prio))
		exit(1);
	while (!stop && next < cfg.end_ns) {
		sleep_until(next);
		spin(cfg.mid_ns);
		next += cfg.period_ns;
		while (next < now_ns())
			next += cfg.period_ns;
	}
	return arg;
}

static void freeze(uint64_t deadline, uint64_t wake)
{
	char buf[256];
	int fd, n;

	fd = open(cfg.marker, O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "pilock: cannot open %s: %s\n", cfg.marker, strerror(errno));
		return;
	}
	n = snprintf(buf, sizeof(buf),
		     "FREEZE tid=%d thread=0 cpu=%d prio=%d slack=0 deadline=%llu wake=%llu "
		     "lat=%llu",
		     gettid(), cfg.cpu, cfg.high_prio, (unsigned long long)deadline,
		     (unsigned long long)wake, (unsigned long long)(wake - deadline));
	if (write(fd, buf, (size_t)n) != n)
		fprintf(stderr, "pilock: cannot write the marker: %s\n", strerror(errno));
	close(fd);
}

static void *high_fn(void *arg)
{
	uint64_t next = cfg.start_ns, max = 0, over = 0, loops = 0;

	if (setup_thread("high", cfg.high_prio))
		exit(1);
	while (!stop && next < cfg.end_ns) {
		uint64_t got;

		sleep_until(next);
		pthread_mutex_lock(&lock);
		got = now_ns();
		pthread_mutex_unlock(&lock);
		loops++;
		if (got - next > max)
			max = got - next;
		if (cfg.thresh_ns && got - next > cfg.thresh_ns) {
			over++;
			if (cfg.marker) {
				freeze(next, got);
				stop = 1;
			}
		}
		next += cfg.period_ns;
		while (next < now_ns())
			next += cfg.period_ns;
	}
	stop = 1;
	printf("pilock: %s, %llu periods, max %llu us, %llu over %llu us\n", cfg.pi ? "pi" : "none",
	       (unsigned long long)loops, (unsigned long long)(max / 1000),
	       (unsigned long long)over, (unsigned long long)(cfg.thresh_ns / 1000));
	return arg;
}

static uint64_t us(const char *s)
{
	return strtoull(s, NULL, 10) * 1000;
}

int main(int argc, char **argv)
{
	pthread_t low, mid, high;
	pthread_mutexattr_t ma;
	int opt;

	while ((opt = getopt(argc, argv, "m:c:L:H:M:h:g:i:s:d:D:b:T:")) != -1) {
		switch (opt) {
		case 'm':
			cfg.pi = strcmp(optarg, "none") != 0;
			break;
		case 'c':
			cfg.cpu = atoi(optarg);
			break;
		case 'L':
			cfg.low_prio = strcmp(optarg, "other") ? atoi(optarg) : 0;
			break;
		case 'H':
			cfg.high_prio = atoi(optarg);
			break;
		case 'M':
			cfg.mid_prio = atoi(optarg);
			break;
		case 'h':
			cfg.hold_ns = us(optarg);
			break;
		case 'g':
			cfg.gap_ns = us(optarg);
			break;
		case 'i':
			cfg.period_ns = us(optarg);
			break;
		case 's':
			cfg.mid_ns = us(optarg);
			break;
		case 'd':
			cfg.mid_delay_ns = us(optarg);
			break;
		case 'D':
			cfg.end_ns = strtoull(optarg, NULL, 10) * 1000000000ULL;
			break;
		case 'b':
			cfg.thresh_ns = us(optarg);
			break;
		case 'T':
			cfg.marker = optarg;
			break;
		default:
			fprintf(stderr,
				"usage: pilock [-m pi|none] [-c CPU] [-L other|PRIO] [-H PRIO] "
				"[-M PRIO] [-h HOLD_US] [-g GAP_US] [-i PERIOD_US] "
				"[-s MID_US] [-d MID_DELAY_US] [-D SEC] [-b US] [-T MARKER]\n");
			return 2;
		}
	}
	if (!cfg.end_ns)
		cfg.end_ns = 10 * 1000000000ULL;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, cfg.pi ? PTHREAD_PRIO_INHERIT : PTHREAD_PRIO_NONE);
	pthread_mutex_init(&lock, &ma);
	cfg.start_ns = now_ns() + 100000000ULL; /* 100 ms: every thread set up */
	cfg.end_ns += cfg.start_ns;
	if (pthread_create(&low, NULL, low_fn, NULL) ||
	    pthread_create(&high, NULL, high_fn, NULL) ||
	    (cfg.mid_prio && pthread_create(&mid, NULL, mid_fn, NULL))) {
		fprintf(stderr, "pilock: cannot start the threads\n");
		return 1;
	}
	pthread_join(high, NULL);
	pthread_join(low, NULL);
	if (cfg.mid_prio)
		pthread_join(mid, NULL);
	return 0;
}
