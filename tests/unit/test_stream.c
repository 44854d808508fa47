// SPDX-License-Identifier: GPL-2.0-only
/*
 * stream: the engine of rtwhy analyze fed recorded traces directly: what
 * it hands on per spike (the explanation, what it was read from, where it
 * came from, the facts so far), what it sums up, what it says through
 * diag.h, and how the window follows the recordings of a file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/datread.h"
#include "analysis/diag.h"
#include "analysis/stream.h"
#include "analysis/util.h"
#include "unit.h"

struct seen {
	int spikes;
	int index[8];
	char what[8][256];
	enum blame_verdict verdict[8];
	size_t nr_events[8];
	size_t nr_read[8];
	int lanes_cpus[8];
	char format[8][48];
	int errors;
	char error[256];
};

static void on_spike(const struct stream_spike *sp, void *arg)
{
	struct seen *s = arg;
	int i = s->spikes++;

	if (i >= 8)
		return;
	s->index[i] = sp->index;
	snprintf(s->what[i], sizeof(s->what[i]), "%s", sp->what);
	s->verdict[i] = sp->res->verdict;
	s->nr_events[i] = sp->nr_events;
	s->nr_read[i] = sp->trace ? sp->trace->nr_read : 0;
	s->lanes_cpus[i] = sp->trace ? sp->trace->tl.nr_cpus : 0;
	snprintf(s->format[i], sizeof(s->format[i]), "%s", sp->sum->format);
}

static void on_diag(enum diag_level level, const char *msg, void *arg)
{
	struct seen *s = arg;

	if (level != DIAG_ERR)
		return;
	s->errors++;
	snprintf(s->error, sizeof(s->error), "%s", msg);
}

/* Fixture @name through the engine with @o (its callback set here). */
static int stream_fixture(const char *name, struct stream_opts *o, struct stream_summary *sum,
			  struct seen *s)
{
	char path[512];
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s", unit_fixtures(), name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	o->on_spike = on_spike;
	o->arg = s;
	ret = stream_text(o, fd, sum);
	close(fd);
	return ret;
}

/* @text through the engine with @o (its callback set here). */
static int stream_string(const char *text, struct stream_opts *o, struct stream_summary *sum,
			 struct seen *s)
{
	char path[UNIT_TMP_LEN];
	int fd, ret;

	if (unit_tmpfile(text, strlen(text), path))
		return -EIO;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	unlink(path);
	if (fd < 0)
		return -errno;
	o->on_spike = on_spike;
	o->arg = s;
	ret = stream_text(o, fd, sum);
	close(fd);
	return ret;
}

/* The seed: one cyclictest marker, explained from the window, handed on with its trace. */
static void test_seed(void)
{
	struct stream_opts o = { .name = "seed", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { 0 };

	CU_ASSERT_EQUAL_FATAL(stream_fixture("seed-example.trace.txt", &o, &sum, &s), 0);
	CU_ASSERT_EQUAL(s.spikes, 1);
	CU_ASSERT_EQUAL(s.index[0], 1);
	CU_ASSERT_STRING_EQUAL(s.what[0], "marker at 171.377353 on CPU 1 by cyclictest-2643: hit "
					  "latency threshold (3950 > 3000)");
	CU_ASSERT_EQUAL(s.verdict[0], BLAME_V_TICK_WAIT);
	CU_ASSERT_EQUAL(s.nr_events[0], 79);
	CU_ASSERT_EQUAL(s.nr_read[0], 79);
	CU_ASSERT_EQUAL(s.lanes_cpus[0], 2);
	CU_ASSERT_STRING_EQUAL(s.format[0], "ftrace text"); /* the facts as far as read */
	CU_ASSERT_FALSE(sum.dat);
	CU_ASSERT_EQUAL(sum.nr_explained, 1);
	CU_ASSERT_EQUAL(sum.nr_failed, 0);
	CU_ASSERT_EQUAL(sum.nr_spikes, 1);
	CU_ASSERT_EQUAL(sum.nr_cpus, 2);
	CU_ASSERT_STRING_EQUAL(sum.clock, "");
	CU_ASSERT_EQUAL(sum.spikes[0].spike.tid, 2643);
	CU_ASSERT_STRING_EQUAL(sum.spikes[0].spike.source, "cyclictest");
	stream_summary_free(&sum);
	CU_ASSERT_PTR_NULL(sum.spikes);
}

/* rtwhy's own --save-trace file: three saved windows, three FREEZE markers, exact deadlines. */
static void test_saved_windows(void)
{
	struct stream_opts o = { .name = "saved", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { 0 };
	int i;

	CU_ASSERT_EQUAL_FATAL(stream_fixture("rtwhy-explain.trace.txt", &o, &sum, &s), 0);
	CU_ASSERT_EQUAL(sum.nr_explained, 3);
	CU_ASSERT_EQUAL_FATAL(s.spikes, 3);
	/* each window alone: not the events of the recordings before it */
	CU_ASSERT_EQUAL(s.nr_events[0], 135);
	CU_ASSERT_EQUAL(s.nr_events[1], 136);
	CU_ASSERT_EQUAL(s.nr_events[2], 113);
	CU_ASSERT_EQUAL(sum.events, 384);
	for (i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL(s.index[i], i + 1);
		CU_ASSERT_TRUE(sum.spikes[i].spike.deadline_exact);
		CU_ASSERT_PTR_NOT_NULL(strstr(s.what[i], ": FREEZE tid="));
	}
	CU_ASSERT_STRING_EQUAL(sum.clock, "mono");
	stream_summary_free(&sum);
}

/* A spike named by hand: before the end of the trace, and after it (said through diag). */
static void test_manual(void)
{
	struct stream_opts o = { .name = "seed",
				 .window_ns = 200 * NSEC_PER_MSEC,
				 .manual = true,
				 .pid = 2643,
				 .at_ns = 171377353000ULL,
				 .latency_ns = 3950000 };
	struct stream_summary sum;
	struct seen s = { 0 };

	CU_ASSERT_EQUAL_FATAL(stream_fixture("seed-example.trace.txt", &o, &sum, &s), 0);
	CU_ASSERT_EQUAL(s.spikes, 1); /* the marker is not taken as well */
	CU_ASSERT_STRING_EQUAL(s.what[0],
			       "spike given by hand: tid 2643 ran at 171.377353, 3950 us "
			       "late");
	CU_ASSERT_EQUAL(s.verdict[0], BLAME_V_TICK_WAIT);
	stream_summary_free(&sum);

	o.at_ns = 999 * NSEC_PER_SEC;
	memset(&s, 0, sizeof(s));
	diag_set_sink(on_diag, &s);
	CU_ASSERT_EQUAL(stream_fixture("seed-example.trace.txt", &o, &sum, &s), 0);
	diag_set_sink(NULL, NULL);
	CU_ASSERT_EQUAL(s.spikes, 0);
	CU_ASSERT_EQUAL(sum.nr_failed, 1);
	CU_ASSERT_EQUAL(s.errors, 1);
	CU_ASSERT_STRING_EQUAL(s.error, "cannot explain the spike at 999.000000: the trace ends at "
					"171.377353");
	stream_summary_free(&sum);
}

/* Time going back is a new trace: the window starts again; markers that cannot be explained. */
static void test_restart_and_failures(void)
{
	static const char text[] =
		"  a-10 [000] d..1. 5.000000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 "
		"prev_state=S ==> next_comm=b next_pid=20 next_prio=120\n"
		"  b-20 [000] d..1. 5.001000: sched_switch: prev_comm=b prev_pid=20 prev_prio=120 "
		"prev_state=S ==> next_comm=a next_pid=10 next_prio=120\n"
		"  a-10 [000] ..... 1.000000: tracing_mark_write: hit latency threshold "
		"(2000000 > 10)\n"
		"  a-10 [000] ..... 1.500000: tracing_mark_write: hit latency threshold (10 > 5)\n";
	struct stream_opts o = { .name = "t", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { 0 };

	diag_set_sink(on_diag, &s);
	CU_ASSERT_EQUAL_FATAL(stream_string(text, &o, &sum, &s), 0);
	diag_set_sink(NULL, NULL);
	CU_ASSERT_EQUAL(sum.restarts, 1);
	CU_ASSERT_EQUAL(sum.events, 4);
	/* 2 s late at 1.0 s: the deadline would be before time 0 */
	CU_ASSERT_EQUAL(sum.nr_failed, 1);
	CU_ASSERT_EQUAL(s.errors, 1);
	CU_ASSERT_STRING_EQUAL(s.error, "cannot explain the marker at 1.000000: its latency is "
					"longer than its time");
	/* the second, from a window of the new trace alone: no wakeup of tid 10 in it */
	CU_ASSERT_EQUAL(sum.nr_explained, 1);
	CU_ASSERT_EQUAL_FATAL(s.spikes, 1);
	CU_ASSERT_EQUAL(s.nr_events[0], 2);
	CU_ASSERT_EQUAL(s.verdict[0], BLAME_V_INCOMPLETE);
	stream_summary_free(&sum);
	/* no event at all: an error, said once */
	memset(&s, 0, sizeof(s));
	diag_set_sink(on_diag, &s);
	CU_ASSERT_EQUAL(stream_string("# tracer: nop\n", &o, &sum, &s), -EINVAL);
	diag_set_sink(NULL, NULL);
	CU_ASSERT_EQUAL(s.errors, 1);
	CU_ASSERT_STRING_EQUAL(s.error, "cannot read t: no ftrace event line in it (1 line)");
	stream_summary_free(&sum);
}

/* A trace.dat opened by the caller: the same engine. */
static void test_dat(void)
{
	struct stream_opts o = { .name = "dat", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { 0 };
	struct datread *dr;
	char path[512];

	snprintf(path, sizeof(path), "%s/busy-tick.dat", unit_fixtures());
	CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
	o.on_spike = on_spike;
	o.arg = &s;
	CU_ASSERT_EQUAL(stream_dat(&o, dr, &sum), 0);
	datread_close(dr);
	CU_ASSERT_TRUE(sum.dat);
	CU_ASSERT_STRING_EQUAL(sum.format, "trace.dat v7");
	CU_ASSERT_EQUAL(sum.events, 6080);
	CU_ASSERT_EQUAL_FATAL(s.spikes, 1);
	CU_ASSERT_EQUAL(s.verdict[0], BLAME_V_TICK_WAIT);
	/* the 200 ms before the marker exactly (the raw window is cut at every record) */
	CU_ASSERT_EQUAL(s.nr_events[0], 3594);
	CU_ASSERT_TRUE(s.nr_read[0] == 3594);
	stream_summary_free(&sum);
}

/* A shorter window: fewer events kept before the spike, the same verdict. */
static void test_window(void)
{
	struct stream_opts o = { .name = "dat", .window_ns = 20 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { 0 };

	CU_ASSERT_EQUAL_FATAL(stream_fixture("busy-tick.trace.txt", &o, &sum, &s), 0);
	CU_ASSERT_EQUAL_FATAL(s.spikes, 1);
	CU_ASSERT_TRUE(s.nr_events[0] > 0 && s.nr_events[0] < 3797);
	CU_ASSERT_EQUAL(s.verdict[0], BLAME_V_TICK_WAIT);
	stream_summary_free(&sum);
}

static CU_TestInfo stream_tests[] = {
	{ "the seed's marker", test_seed },
	{ "rtwhy's saved windows", test_saved_windows },
	{ "a spike named by hand", test_manual },
	{ "time going back, markers that fail", test_restart_and_failures },
	{ "a trace.dat", test_dat },
	{ "a shorter window", test_window },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("stream", NULL, NULL, stream_tests);
