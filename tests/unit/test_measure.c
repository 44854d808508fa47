// SPDX-License-Identifier: GPL-2.0-only
/*
 * measure: short real runs of the threads (SCHED_OTHER,
 * no root): cycle counts, intervals per thread, -l, clean joins, -x and -r.
 */
#include <string.h>
#include <unistd.h>

#include "rtwhy/cli.h"
#include "rtwhy/measure.h"
#include "analysis/util.h"
#include "unit.h"

static int run_loops(const char *const *args, int argc, struct rtw_config *cfg, struct measure *m)
{
	enum cli_action action;
	char err[256];

	if (cli_parse(argc, (char **)args, cfg, &action, err, sizeof(err)))
		return -1;
	if (measure_init(m, cfg))
		return -1;
	if (measure_start(m))
		return -1;
	while (atomic_load(&m->nr_done) < m->nr_threads) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
	}
	measure_join(m);
	return 0;
}

static void test_loops(void)
{
	const char *args[] = { "rtwhy", "-t", "2", "-i", "200", "-l", "50", "-h", "1000", NULL };
	struct rtw_config cfg;
	struct measure m;
	int i;

	CU_ASSERT_EQUAL_FATAL(run_loops(args, 9, &cfg, &m), 0);
	for (i = 0; i < 2; i++) {
		struct stats_snapshot s;

		stats_read(&m.threads[i].stats, &s);
		CU_ASSERT_EQUAL(s.cycles, 50);
		CU_ASSERT_TRUE(s.min_ns >= 0 && s.min_ns <= s.max_ns);
		CU_ASSERT_EQUAL(stats_hist_total(&m.threads[i].stats) +
					m.threads[i].stats.hist_overflow,
				50);
		CU_ASSERT_TRUE(atomic_load(&m.threads[i].tid) > 0);
		CU_ASSERT_EQUAL(m.threads[i].priority, 0);
		/* SCHED_OTHER: the kernel's default slack, read by the thread itself */
		CU_ASSERT_TRUE(m.threads[i].slack_ns > 0);
	}
	measure_free(&m);
}

static void test_intervals_and_timers(void)
{
	const char *a1[] = { "rtwhy", "-t", "2", "-i", "300", "-d", "200", "-l", "20", "-x", NULL };
	const char *a2[] = { "rtwhy", "-i", "300", "-l", "20", "-r", NULL };
	const char *a3[] = { "rtwhy", "-i", "300", "-l", "20", "-s", "--timerslack=1000", NULL };
	const char *a4[] = { "rtwhy", "-t", "2", "-i", "300", "-l", "10", "-A", "100", NULL };
	struct rtw_config cfg;
	struct measure m;
	struct stats_snapshot s;

	CU_ASSERT_EQUAL_FATAL(run_loops(a1, 10, &cfg, &m), 0);
	CU_ASSERT_EQUAL(m.threads[1].interval_ns, 500000);
	stats_read(&m.threads[1].stats, &s);
	CU_ASSERT_EQUAL(s.cycles, 20);
	measure_free(&m);
	CU_ASSERT_EQUAL_FATAL(run_loops(a2, 6, &cfg, &m), 0);
	stats_read(&m.threads[0].stats, &s);
	CU_ASSERT_EQUAL(s.cycles, 20);
	measure_free(&m);
	CU_ASSERT_EQUAL_FATAL(run_loops(a3, 7, &cfg, &m), 0);
	CU_ASSERT_EQUAL(m.threads[0].slack_ns, 1000);
	measure_free(&m);
	CU_ASSERT_EQUAL_FATAL(run_loops(a4, 9, &cfg, &m), 0);
	stats_read(&m.threads[1].stats, &s);
	CU_ASSERT_EQUAL(s.cycles, 10);
	measure_free(&m);
}

static void test_break_without_tracing(void)
{
	/* -b with a tiny threshold: the first sample breaks, even with no trace to freeze */
	const char *args[] = { "rtwhy", "-t", "2", "-i", "1000", "-D", "5", "-b", "1", NULL };
	enum cli_action action;
	struct rtw_config cfg;
	struct measure_spike sp;
	struct measure m;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(cli_parse(9, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(measure_init(&m, &cfg), 0);
	m.threshold_ns = config_trace_threshold_ns(&cfg);
	m.stop_on_spike = true;
	CU_ASSERT_EQUAL_FATAL(measure_start(&m), 0);
	while (!atomic_load(&m.shutdown)) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
	}
	measure_join(&m);
	CU_ASSERT_TRUE(atomic_load(&m.break_tid) > 0);
	CU_ASSERT_TRUE(m.break_latency_ns > 1000);
	CU_ASSERT_FALSE(measure_take_spike(&m, &sp)); /* nothing frozen: no trace */
	measure_free(&m);
}

/*
 * Every sample a spike (threshold 1 ns), the FREEZE lines into a pipe: per
 * mode, what is queued, what is blind, which lines the trigger would match.
 */
static void freeze_run(enum measure_freeze mode, struct measure *m, char *lines, size_t len)
{
	const char *args[] = { "rtwhy", "-i", "200", "-l", "100", NULL };
	static struct rtw_config cfg;
	enum cli_action action;
	char err[256];
	int p[2];
	ssize_t n;

	CU_ASSERT_EQUAL_FATAL(cli_parse(5, (char **)args, &cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(pipe(p), 0);
	CU_ASSERT_EQUAL_FATAL(measure_init(m, &cfg), 0);
	m->freeze_fd = p[1];
	m->freeze_mode = mode;
	m->threshold_ns = 1;
	CU_ASSERT_EQUAL_FATAL(measure_start(m), 0);
	while (atomic_load(&m->nr_done) < m->nr_threads) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
	}
	measure_join(m);
	close(p[1]);
	n = read(p[0], lines, len - 1);
	lines[n > 0 ? n : 0] = '\0';
	close(p[0]);
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
	struct measure m;
	int n;

	/* MARK: 64 queued with their lines, the rest counted blind */
	freeze_run(MEASURE_FREEZE_MARK, &m, lines, sizeof(lines));
	CU_ASSERT_EQUAL(count(lines, "FREEZE tid="), MEASURE_MAX_QUEUED);
	CU_ASSERT_EQUAL(atomic_load(&m.blind_spikes), 100 - MEASURE_MAX_QUEUED);
	for (n = 0; measure_take_spike(&m, &sp); n++) {
		CU_ASSERT_FALSE(sp.froze);
		CU_ASSERT_TRUE(sp.write_ns <= sp.written_ns && sp.wake_ns <= sp.write_ns);
		if (n)
			CU_ASSERT_TRUE(sp.cycle > prev.cycle);
		prev = sp;
	}
	CU_ASSERT_EQUAL(n, MEASURE_MAX_QUEUED);
	measure_free(&m);

	/* SWAP: the first line swaps; the others queued, written so that no trigger matches */
	freeze_run(MEASURE_FREEZE_SWAP, &m, lines, sizeof(lines));
	CU_ASSERT_EQUAL(count(lines, "FREEZE tid="), 1);
	CU_ASSERT_EQUAL(count(lines, "FREEZE  tid="), MEASURE_MAX_QUEUED - 1);
	CU_ASSERT_TRUE_FATAL(measure_take_spike(&m, &sp));
	CU_ASSERT_TRUE(sp.froze);
	CU_ASSERT_TRUE_FATAL(measure_take_spike(&m, &sp));
	CU_ASSERT_FALSE(sp.froze);
	CU_ASSERT_FALSE(measure_disarm(&m)); /* the first line holds it */
	measure_rearm(&m);
	CU_ASSERT_TRUE(measure_disarm(&m));
	measure_free(&m);

	/* STOP: one line, the spikes after it blind */
	freeze_run(MEASURE_FREEZE_STOP, &m, lines, sizeof(lines));
	CU_ASSERT_EQUAL(count(lines, "FREEZE"), 1);
	CU_ASSERT_EQUAL(atomic_load(&m.blind_spikes), 99);
	CU_ASSERT_TRUE(measure_take_spike(&m, &sp) && sp.froze);
	CU_ASSERT_FALSE(measure_take_spike(&m, &sp));
	measure_free(&m);
}

static CU_TestInfo measure_tests[] = {
	{ "-l cycles, histogram totals", test_loops },
	{ "intervals, -x, -r, -s, --timerslack, -A", test_intervals_and_timers },
	{ "-b breaks without tracing", test_break_without_tracing },
	{ "FREEZE lines and the spike queue: mark, swap, stop", test_freeze_modes },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("measure", NULL, NULL, measure_tests);
