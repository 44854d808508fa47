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
static volatile sig_atomic_t sigflag_usr1, sigflag_usr2; /* the run's: asked, not yet taken */
static volatile sig_atomic_t sigflag_hup;		 /* --reopen-on-hup: asked, not taken */
static bool sigflag_hup_reopens;
/* the signals whose default would end the process without its cleanup */
static const int sigflag_stop[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
static const int sigflag_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1 };
static struct sigaction sigflag_old[ARRAY_SIZE(sigflag_signals)];

/* sigflag_handler - the signal that ends it, recorded */
static void sigflag_handler(int sig)
{
	sigflag_sig = sig;
}

/* sigflag_on_request - SIGUSR1 / SIGUSR2 (and SIGHUP with --reopen-on-hup) of a run */
static void sigflag_on_request(int sig)
{
	if (sig == SIGUSR2)
		sigflag_usr2 = 1;
	else if (sig == SIGHUP)
		sigflag_hup = 1;
	else
		sigflag_usr1 = 1;
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

void sigflag_install_run(sigset_t *blocked)
{
	struct sigaction sa = { .sa_handler = sigflag_handler };
	size_t i;

	sigemptyset(&sa.sa_mask);
	sigemptyset(blocked);
	sigflag_sig = sigflag_usr1 = sigflag_usr2 = sigflag_hup = 0;
	for (i = 0; i < ARRAY_SIZE(sigflag_stop); i++) {
		sigaction(sigflag_stop[i], &sa, NULL);
		sigaddset(blocked, sigflag_stop[i]);
	}
	sa.sa_handler = sigflag_on_request;
	if (sigflag_hup_reopens)
		sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigaddset(blocked, SIGUSR1);
	sigaddset(blocked, SIGUSR2);
}

bool sigflag_take(int sig)
{
	volatile sig_atomic_t *flag = sig == SIGUSR2  ? &sigflag_usr2
				      : sig == SIGHUP ? &sigflag_hup
						      : &sigflag_usr1;

	if (!*flag)
		return false;
	*flag = 0;
	return true;
}

void sigflag_set_hup_reopens(bool on)
{
	sigflag_hup_reopens = on;
}
