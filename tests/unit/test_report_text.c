// SPDX-License-Identifier: GPL-2.0-only
/* report_text: cyclictest 2.4's exact lines, and the explanation block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/cli.h"
#include "rtwhy/report/text.h"
#include "evgen.h"
#include "sumfix.h"
#include "unit.h"

static char buf[16384];

static FILE *out_open(void)
{
	memset(buf, 0, sizeof(buf));
	return fmemopen(buf, sizeof(buf), "w");
}

static void make(struct rtw_config *cfg, struct sumfix *m, const char *a1, const char *a2)
{
	const char *args[] = { "rtwhy", "-t", "2", a1, a2, NULL };
	enum cli_action action;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(
		cli_parse(a1 ? (a2 ? 5 : 4) : 3, (char **)args, cfg, &action, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(sumfix_init(m, cfg, 2), 0);
	m->t[0].tid = 2127;
	m->t[1].tid = 2128;
}

static void test_thread_line(void)
{
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	make(&cfg, &m, NULL, NULL);
	f = out_open();
	report_text_thread_line(f, &cfg, sumfix_thread(&m, 1));
	fflush(f);
	/* before the first sample cyclictest prints Min:1000000 */
	CU_ASSERT_STRING_EQUAL(buf, "T: 1 ( 2128) P: 0 I:1500 C:      0 Min:1000000 Act:    0 "
				    "Avg:    0 Max:       0\n");
	stats_add(&m.st[0], 62000);
	stats_add(&m.st[0], 66999);
	stats_add(&m.st[0], 19130000);
	rewind(f);
	report_text_thread_line(f, &cfg, sumfix_thread(&m, 0));
	fflush(f);
	CU_ASSERT_STRING_EQUAL(buf, "T: 0 ( 2127) P: 0 I:1000 C:      3 Min:     62 Act:19130 "
				    "Avg: 6419 Max:   19130\n");
	fclose(f);
	sumfix_free(&m);
}

static void test_thread_line_ns(void)
{
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	make(&cfg, &m, "-N", NULL);
	stats_add(&m.st[0], 1234);
	f = out_open();
	report_text_thread_line(f, &cfg, sumfix_thread(&m, 0));
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "T: 0 ( 2127) P: 0 I:1000 C:      1 Min:   1234 Act:    1234 "
				    "Avg:    1234 Max:    1234\n");
	sumfix_free(&m);
}

static void test_histogram_block(void)
{
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	make(&cfg, &m, "-h", "3");
	stats_add(&m.st[0], 1500);
	stats_add(&m.st[0], 1700);
	stats_add(&m.st[0], 9000);
	stats_add(&m.st[1], 500);
	f = out_open();
	report_text_histogram(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "# Histogram\n"
				    "000000 000000\t000001\n"
				    "000001 000002\t000000\n"
				    "000002 000000\t000000\n"
				    "# Total: 000000002 000000001\n"
				    "# Min Latencies: 00001 00000\n"
				    "# Avg Latencies: 00003 00000\n"
				    "# Max Latencies: 00009 00000\n"
				    "# Histogram Overflows: 00001 00000\n"
				    "# Histogram Overflow at cycle number:\n"
				    "# Thread 0: 00002\n"
				    "# Thread 1:\n"
				    "\n");
	sumfix_free(&m);
}

static void test_histofall_columns(void)
{
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	make(&cfg, &m, "-H", "2");
	stats_add(&m.st[0], 1500);
	stats_add(&m.st[1], 1200);
	f = out_open();
	report_text_histogram(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "000001 000001\t000001\t000002\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# Total: 000000001 000000001 000000002\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# Max Latencies: 00001 00001 00001\n"));
	sumfix_free(&m);
}

static void test_break_lines(void)
{
	struct rtw_config cfg;
	struct sumfix m;
	FILE *f;

	make(&cfg, &m, "-b", "10");
	f = out_open();
	report_text_break(f, &cfg, sumfix_summary(&m));
	fflush(f);
	CU_ASSERT_STRING_EQUAL(buf, "# Thread Ids: 02127 02128\n");
	m.s.break_tid = 2128;
	m.s.break_latency_ns = 71999;
	rewind(f);
	report_text_break(f, &cfg, sumfix_summary(&m));
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "# Thread Ids: 02127 02128\n# Break thread: 2128\n"
				    "# Break value: 71\n");
	sumfix_free(&m);
}

static void test_spike_block(void)
{
	struct blame_spike sp = { .thread = 1,
				  .tid = 5000,
				  .cpu = 1,
				  .deadline_ns = evgen_us(10000),
				  .wake_ns = evgen_us(13005),
				  .threshold_ns = 2500000,
				  .slack_ns = 0,
				  .deadline_exact = true };
	static struct evgen g;
	struct blame_result r;
	char *line;
	FILE *f;

	evgen_init(&g);
	ev_switch(&g, 100, 1, 5000, "rtwhy", 49, 1, 7000, "spinner", 19, 0);
	ev_hrtimer(&g, 10000, 1, 7000, "spinner", "hrtimer_wakeup", true, 0);
	ev_wake(&g, 10001, 1, 7000, "spinner", RTW_EV_WAKING, 5000, "rtwhy", 49, 1, RTW_F_HARDIRQ);
	ev_hrtimer(&g, 10002, 1, 7000, "spinner", NULL, false, 0);
	ev_switch(&g, 13000, 1, 7000, "spinner", 19, 1, 5000, "rtwhy", 49, 0);
	CU_ASSERT_EQUAL_FATAL(blame_explain(g.ev, g.n, &sp, NULL, &r), 0);
	f = out_open();
	report_text_spike(f, &r, 1, g.n);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
				      "# Spike 1: thread 1 (tid 5000) on CPU 1 woke 3005.0 us late "
				      "(threshold 2500 us)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "spinner (pid 7000, fifo 80), CPU 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# verdict (higher_priority): "));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# hint: "));
	/* every line is a comment, and none is wider than 100 columns */
	for (line = buf; *line; line = strchr(line, '\n') + 1) {
		size_t len = strcspn(line, "\n");

		CU_ASSERT_EQUAL(line[0], '#');
		CU_ASSERT_TRUE(len <= 100);
		if (!strchr(line, '\n'))
			break;
	}
}

/* What a kernel mechanism adds: the culprit's role, the stack of what the timer interrupted. */
static void test_spike_causes(void)
{
	struct blame_result r;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.spike.tid = 5000;
	r.spike.thread = 0;
	r.latency_ns = 2000000;
	r.run_cpu = 1;
	r.complete = true;
	r.nr_culprits = 1;
	r.culprit[0] = (struct blame_culprit){ .kind = BLAME_TASK,
					       .ns = 2000000,
					       .pid = 4919,
					       .comm = "pilock",
					       .prio = 89,
					       .policy = 1,
					       .cpu = 1,
					       .role = BLAME_ROLE_BOOSTED,
					       .boost_prio = 9 };
	r.cause.stack.where = CAUSE_STACK_KERNEL;
	r.cause.stack.pid = 4919;
	r.cause.stack.cpu = 1;
	snprintf(r.cause.stack.comm, sizeof(r.cause.stack.comm), "pilock");
	r.cause.stack.nr = 2;
	snprintf(r.cause.stack.frame[0], CAUSE_FRAME_LEN, "futex_unlock_pi");
	snprintf(r.cause.stack.frame[1], CAUSE_FRAME_LEN, "do_futex");
	f = out_open();
	report_text_spike(f, &r, 1, 0);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "pilock (pid 4919, fifo 10), CPU 1 (boosted to 90)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
				      "#   stack: pilock (pid 4919) on CPU 1 at the wakeup, in the "
				      "kernel: futex_unlock_pi <- do_futex\n"));
}

static void test_wrap(void)
{
	FILE *f = out_open();

	report_text_wrap(f, "hint: ", "aaaa bbbb", 4);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "# hint: aaaa bbbb\n");
}

static void test_tally(void)
{
	struct blame_result r[3];
	struct report_text_tally t;
	FILE *f;
	int i;

	memset(r, 0, sizeof(r));
	r[0].verdict = r[1].verdict = BLAME_V_TICK_WAIT;
	r[2].verdict = BLAME_V_INVISIBLE;
	r[0].nr_culprits = r[1].nr_culprits = r[2].nr_culprits = 1;
	r[0].culprit[0] = (struct blame_culprit){
		.kind = BLAME_TASK, .ns = 3000000, .pid = 10, .comm = "busyloop", .prio = 120
	};
	r[1].culprit[0] = r[0].culprit[0];
	r[1].culprit[0].pid = 11; /* another busy loop, same name */
	r[2].culprit[0] = (struct blame_culprit){
		.kind = BLAME_UNACCOUNTED, .ns = 5000000, .pid = 0, .irq = -1
	};
	memset(&t, 0, sizeof(t));
	for (i = 0; i < 3; i++)
		report_text_tally_add(&t, &r[i]);
	f = out_open();
	report_text_tally(f, &t);
	fclose(f);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "# rtwhy: verdicts: tick_wait 2, invisible 1\n"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(buf, "2 x tick_wait        task busyloop (6000.0 us in all)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "1 x invisible        nothing visible (CPU idle)"));
}

static CU_TestInfo report_text_tests[] = {
	{ "verdict tally", test_tally },
	{ "T: line (us)", test_thread_line },
	{ "T: line (-N)", test_thread_line_ns },
	{ "histogram block", test_histogram_block },
	{ "-H all-threads column", test_histofall_columns },
	{ "break lines", test_break_lines },
	{ "explanation block", test_spike_block },
	{ "what a mechanism adds", test_spike_causes },
	{ "wrapping", test_wrap },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("report_text", NULL, NULL, report_text_tests);
