// SPDX-License-Identifier: GPL-2.0-only
/*
 * sigflag - a signal is only a flag: every cleanup runs in normal context.
 */
#include <signal.h>
#include <string.h>
#include <time.h>

#include "rtwhy/sigflag.h"
#include "analysis/util.h"

#define SIGFLAG_STEP_NS (50 * NSEC_PER_MSEC)

static volatile sig_atomic_t sigflag_sig;
static const int sigflag_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1 };
static struct sigaction sigflag_old[ARRAY_SIZE(sigflag_signals)];

static void sigflag_handler(int sig)
{
	sigflag_sig = sig;
}

void sigflag_install(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sigflag_handler;
	sigemptyset(&sa.sa_mask);
	sigflag_sig = 0;
	for (i = 0; i < ARRAY_SIZE(sigflag_signals); i++)
		sigaction(sigflag_signals[i], &sa, &sigflag_old[i]);
}

void sigflag_restore(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sigflag_signals); i++)
		sigaction(sigflag_signals[i], &sigflag_old[i], NULL);
}

int sigflag_caught(void)
{
	return sigflag_sig;
}

bool sigflag_sleep_ns(uint64_t ns)
{
	while (ns && !sigflag_sig) {
		uint64_t step = ns < SIGFLAG_STEP_NS ? ns : SIGFLAG_STEP_NS;
		struct timespec ts = util_ns_to_ts(step);

		nanosleep(&ts, NULL); /* EINTR: the loop looks at the flag */
		ns -= step;
	}
	return !sigflag_sig;
}
