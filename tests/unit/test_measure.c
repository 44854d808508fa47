// SPDX-License-Identifier: GPL-2.0-only
/*
 * measure: short real runs of the threads (SCHED_OTHER,
 * no root): cycle counts, intervals per thread, -l, clean joins, -x and -r.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "rtwhy/measure.h"
#include "analysis/util.h"
#include "unit.h"

static void nap_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000 };

	nanosleep(&ts, NULL);
}

static int run_loops(const char *const *args, int argc, struct rtw_config *cfg, struct measure **m)
{
	struct measure_failure why;
	enum cli_action action;
	char err[256];

	*m = NULL;
	if (cli_parse(argc, (char **)args, cfg, &action, err, sizeof(err)))
		return -1;
	if (measure_init(m, cfg))
		return -1;
	if (measure_start(*m, &why))
		return -1;
	while (measure_summary(*m)->running)
		nap_ms(1);
	measure_join(*m);
	return 0;
}

static void test_loops(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "-i", "200", "-l", "50", "-h", "1000", NULL };
	const struct measure_summary *s;
	struct rtw_config cfg;
	struct measure *m;
	int i;

	CU_ASSERT_EQUAL_FATAL(run_loops(args, 9, &cfg, &m), 0);
	s = measure_summary(m);
	CU_ASSERT_TRUE(s->stopped);
	CU_ASSERT_FALSE(s->running);
	CU_ASSERT_EQUAL(s->nr_threads, 2);
	for (i = 0; i < 2; i++) {
		const struct measure_thread_summary *t = &s->threads[i];

		CU_ASSERT_EQUAL(t->index, i);
		CU_ASSERT_EQUAL(t->snap.cycles, 50);
		CU_ASSERT_TRUE(t->snap.min_ns >= 0 && t->snap.min_ns <= t->snap.max_ns);
		CU_ASSERT_EQUAL(stats_hist_total(t->stats) + t->stats->hist_overflow, 50);
		CU_ASSERT_TRUE(t->tid > 0);
		CU_ASSERT_EQUAL(t->priority, 0);
		/* SCHED_OTHER: the kernel's default slack, read by the thread itself */
		CU_ASSERT_TRUE(t->slack_ns > 0);
		CU_ASSERT_EQUAL(t->smi_count, 0);
	}
	CU_ASSERT_FALSE(s->smi);
	CU_ASSERT_EQUAL(s->break_tid, 0);
	measure_free(m);
}

static void test_intervals_and_timers(void)
{
	const char *a1[] = { "rtwhy", "-t", "2", "-i", "300", "-d", "200", "-l", "20", "-x", NULL };
	const char *a2[] = { "rtwhy", "-i", "300", "-l", "20", "-r", NULL };
	const char *a3[] = { "rtwhy", "-i", "300", "-l", "20", "-s", "--timerslack=1000", NULL };
	const char *a4[] = { "rtwhy", "-t", "2", "-i", "300", "-l", "10", "-A", "100", NULL };
	struct rtw_config cfg;
	struct measure *m;

	CU_ASSERT_EQUAL_FATAL(run_loops(a1, 10, &cfg, &m), 0);
	CU_ASSERT_EQUAL(measure_summary(m)->threads[1].interval_ns, 500000);
	CU_ASSERT_EQUAL(measure_summary(m)->threads[1].snap.cycles, 20);
	measure_free(m);
	CU_ASSERT_EQUAL_FATAL(run_loops(a2, 6, &cfg, &m), 0);
	CU_ASSERT_EQUAL(measure_summary(m)->threads[0].snap.cycles, 20);
	measure_free(m);
	CU_ASSERT_EQUAL_FATAL(run_loops(a3, 7, &cfg, &m), 0);
	CU_ASSERT_EQUAL(measure_summary(m)->threads[0].slack_ns, 1000);
	measure_free(m);
	CU_ASSERT_EQUAL_FATAL(run_loops(a4, 9, &cfg, &m), 0);
	CU_ASSERT_EQUAL(measure_summary(m)->threads[1].snap.cycles, 10);
	measure_free(m);
}

static void test_break_without_tracing(void)
{
	/* -b with a tiny threshold: the first sample breaks, even with no trace to freeze */
	const char *args[] = { "rtwhy", "-t", "2", "-i", "1000", "-D", "5", "-b", "1", NULL };
	const struct measure_summary *s;
	struct measure_failure why;
	struct measure_spike spike;
	enum cli_action action;
	struct rtw_config cfg;
	struct measure *m;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(cli_parse(9, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(measure_init(&m, &cfg), 0);
	CU_ASSERT_EQUAL_FATAL(measure_start(m, &why), 0);
	while (measure_summary(m)->running)
		nap_ms(1);
	measure_join(m);
	s = measure_summary(m);
	CU_ASSERT_TRUE(s->break_tid > 0);
	CU_ASSERT_TRUE(s->break_tid == s->threads[s->break_thread].tid);
	CU_ASSERT_TRUE(s->break_latency_ns > 1000);
	CU_ASSERT_FALSE(measure_take_spike(m, &spike)); /* nothing frozen: no trace */
	measure_free(m);
}

static volatile sig_atomic_t usr2_seen;

static void on_usr2(int sig)
{
	(void)sig;
	usr2_seen = 1;
}

/*
 * A SIGUSR2 sent to the process (get_cyclictest_snapshot) must not cut a
 * thread's sleep short: with the test's own thread blocking it, the process's
 * measuring threads are the only ones that could take it.
 */
static void test_process_signals_go_elsewhere(void)
{
	const char *args[] = { "rtwhy", "-i", "20000", "-l", "5", NULL };
	struct sigaction sa = { .sa_handler = on_usr2 }, old;
	struct timespec zero = { 0, 0 };
	const struct measure_summary *s;
	struct measure_failure why;
	enum cli_action action;
	struct rtw_config cfg;
	sigset_t usr2, oldmask;
	struct measure *m;
	char err[256];
	int i;

	CU_ASSERT_EQUAL_FATAL(cli_parse(5, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	sigemptyset(&sa.sa_mask); /* no SA_RESTART: a handled signal would end a sleep */
	sigaction(SIGUSR2, &sa, &old);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	CU_ASSERT_EQUAL_FATAL(measure_init(&m, &cfg), 0);
	CU_ASSERT_EQUAL_FATAL(measure_start(m, &why), 0);
	pthread_sigmask(SIG_BLOCK, &usr2, &oldmask);
	for (i = 0; i < 10; i++) {
		kill(getpid(), SIGUSR2);
		nap_ms(3);
	}
	while (measure_summary(m)->running)
		nap_ms(1);
	measure_join(m);
	s = measure_summary(m);
	CU_ASSERT_EQUAL(s->threads[0].snap.cycles, 5);
	/* an early wakeup would have been measured as a negative latency */
	CU_ASSERT_TRUE(s->threads[0].snap.min_ns >= 0);
	CU_ASSERT_FALSE(usr2_seen);
	/* still pending for the process: nobody took it */
	CU_ASSERT_EQUAL(sigtimedwait(&usr2, NULL, &zero), SIGUSR2);
	pthread_sigmask(SIG_SETMASK, &oldmask, NULL);
	sigaction(SIGUSR2, &old, NULL);
	measure_free(m);
}

/* The summary of a running measurement: consistent scalars, read without stopping it. */
static void test_summary_while_running(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "-i", "100", "-D", "1", NULL };
	struct measure_failure why;
	enum cli_action action;
	struct rtw_config cfg;
	struct measure *m;
	char err[256];
	uint64_t last[2] = { 0, 0 };
	int i, k, reads = 0;

	CU_ASSERT_EQUAL_FATAL(cli_parse(7, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(measure_init(&m, &cfg), 0);
	CU_ASSERT_EQUAL_FATAL(measure_start(m, &why), 0);
	for (k = 0; k < 200 && measure_summary(m)->running; k++) {
		const struct measure_summary *s = measure_summary(m);

		for (i = 0; i < 2; i++) {
			const struct stats_snapshot *sn = &s->threads[i].snap;

			/* cycles only grow; min <= act <= max once there is a sample */
			CU_ASSERT_TRUE(sn->cycles >= last[i]);
			last[i] = sn->cycles;
			if (sn->cycles) {
				CU_ASSERT_TRUE(sn->min_ns <= sn->act_ns &&
					       sn->act_ns <= sn->max_ns);
				reads++;
			}
		}
		nap_ms(1);
	}
	measure_join(m);
	CU_ASSERT_TRUE(reads > 0);
	CU_ASSERT_TRUE(measure_summary(m)->threads[0].snap.cycles >= last[0]);
	measure_free(m);
}

static void test_smi_needs_a_counter(void)
{
	const char *args[] = { "rtwhy", "-l", "1", "--smi", NULL };
	enum cli_action action;
	struct rtw_config cfg;
	struct measure *m;
	char err[256], why[256];
	uint32_t count;
	uint64_t since;

	CU_ASSERT_EQUAL_FATAL(cli_parse(4, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(measure_init(&m, &cfg), 0);
	CU_ASSERT_EQUAL(measure_smi_window(m, 0, 0, &count, &since), -ENODEV);
	/* this machine may have the MSR (Intel, msr loaded, root): then it opens */
	if (measure_smi_open(m, why, sizeof(why)) == 0) {
		CU_ASSERT_TRUE(measure_summary(m)->smi);
	} else {
		CU_ASSERT_TRUE(why[0] != '\0');
		CU_ASSERT_FALSE(measure_summary(m)->smi);
	}
	measure_free(m);
}

/*
 * Every sample a spike (threshold 1 ns), the FREEZE lines into a pipe: per
 * mode, what is queued, what is blind, which lines the trigger would match.
 */
static struct measure *freeze_run(enum measure_freeze mode, char *lines, size_t len)
{
	const char *args[] = { "rtwhy", "-i", "200", "-l", "100", NULL };
	static struct rtw_config cfg;
	struct measure_failure why;
	enum cli_action action;
	struct measure *m;
	char err[256];
	int p[2];
	ssize_t n;

	CU_ASSERT_EQUAL_FATAL(cli_parse(5, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	cfg.trace.explain_ns = 1; /* below any latency */
	CU_ASSERT_EQUAL_FATAL(pipe(p), 0);
	CU_ASSERT_EQUAL_FATAL(measure_init(&m, &cfg), 0);
	measure_set_freeze(m, p[1], mode);
	CU_ASSERT_EQUAL_FATAL(measure_start(m, &why), 0);
	while (measure_summary(m)->running)
		nap_ms(1);
	measure_join(m);
	close(p[1]);
	n = read(p[0], lines, len - 1);
	lines[n > 0 ? n : 0] = '\0';
	close(p[0]);
	return m;
}

static int count(const char *text, const char *what)
{
	int n = 0;

	while ((text = strstr(text, what))) {
		n++;
		text++;
	}
	return n;
}

static void test_freeze_modes(void)
{
	static char lines[65536];
	struct measure_spike sp, prev;
	struct measure *m;
	int64_t max;
	int n;

	/*
	 * MARK: 64 wait with their lines; a larger spike takes the place of the
	 * smallest (its line written too), so the 64 largest wait, the run's
	 * maximum with them, and the other 36 are counted dropped
	 */
	m = freeze_run(MEASURE_FREEZE_MARK, lines, sizeof(lines));
	CU_ASSERT_TRUE(count(lines, "FREEZE tid=") >= MEASURE_MAX_QUEUED);
	CU_ASSERT_EQUAL(measure_summary(m)->blind_spikes, 100 - MEASURE_MAX_QUEUED);
	CU_ASSERT_EQUAL(measure_summary(m)->blind_queue_full, 100 - MEASURE_MAX_QUEUED);
	CU_ASSERT_EQUAL(measure_summary(m)->blind_recording_off, 0);
	max = 0;
	for (n = 0; measure_take_spike(m, &sp); n++) {
		CU_ASSERT_FALSE(sp.froze);
		CU_ASSERT_TRUE(sp.write_ns <= sp.written_ns && sp.wake_ns <= sp.write_ns);
		if (n) /* handed out oldest first */
			CU_ASSERT_TRUE(sp.cycle > prev.cycle);
		if (sp.latency_ns > max)
			max = sp.latency_ns;
		prev = sp;
	}
	CU_ASSERT_EQUAL(n, MEASURE_MAX_QUEUED);
	CU_ASSERT_EQUAL(max, measure_summary(m)->threads[0].snap.max_ns);
	measure_free(m);

	/* SWAP: the first line swaps; the others queued, written so that no trigger matches */
	m = freeze_run(MEASURE_FREEZE_SWAP, lines, sizeof(lines));
	CU_ASSERT_EQUAL(count(lines, "FREEZE tid="), 1);
	CU_ASSERT_TRUE(count(lines, "FREEZE  tid=") >= MEASURE_MAX_QUEUED - 1);
	CU_ASSERT_TRUE_FATAL(measure_take_spike(m, &sp));
	CU_ASSERT_TRUE(sp.froze); /* never replaced: the consumer re-arms it */
	CU_ASSERT_TRUE_FATAL(measure_take_spike(m, &sp));
	CU_ASSERT_FALSE(sp.froze);
	CU_ASSERT_FALSE(measure_disarm(m)); /* the first line holds it */
	measure_rearm(m);
	CU_ASSERT_TRUE(measure_disarm(m));
	measure_free(m);

	/* STOP: one line, the spikes after it blind */
	m = freeze_run(MEASURE_FREEZE_STOP, lines, sizeof(lines));
	CU_ASSERT_EQUAL(count(lines, "FREEZE"), 1);
	CU_ASSERT_EQUAL(measure_summary(m)->blind_spikes, 99);
	CU_ASSERT_EQUAL(measure_summary(m)->blind_recording_off, 99);
	CU_ASSERT_TRUE(measure_take_spike(m, &sp) && sp.froze);
	CU_ASSERT_FALSE(measure_take_spike(m, &sp));
	measure_free(m);
}

static CU_TestInfo measure_tests[] = {
	{ "-l cycles, histogram totals", test_loops },
	{ "intervals, -x, -r, -s, --timerslack, -A", test_intervals_and_timers },
	{ "-b breaks without tracing", test_break_without_tracing },
	{ "SIGUSR2 to the process: no early wakeup", test_process_signals_go_elsewhere },
	{ "the summary of a running measurement", test_summary_while_running },
	{ "--smi: open or say why not", test_smi_needs_a_counter },
	{ "FREEZE lines and the spike queue: mark, swap, stop", test_freeze_modes },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("measure", NULL, NULL, measure_tests);
