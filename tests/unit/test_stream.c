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
#include "analysis/datwrite.h"
#include "analysis/diag.h"
#include "analysis/stream.h"
#include "analysis/textwrite.h"
#include "analysis/util.h"
#include "evgen.h"
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
	enum diag_level level; /* the messages on_diag() counts: DIAG_ERR unless set */
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

	if (level != s->level)
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

/*
 * The bare samples @text and @more after them: the spike is CPU 1's timerlat thread's (231),
 * said first as @what, waking at @wake_ns @lat_ns late.
 */
static void timerlat_stop(const char *text, const char *more, const char *what, uint64_t wake_ns,
			  uint64_t lat_ns)
{
	struct stream_opts o = { .name = "t", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { 0 };
	char all[2048];

	snprintf(all, sizeof(all), "%s%s", text, more);
	CU_ASSERT_EQUAL_FATAL(stream_string(all, &o, &sum, &s), 0);
	CU_ASSERT_EQUAL_FATAL(s.spikes, 1);
	CU_ASSERT(strstr(s.what[0], what) == s.what[0]);
	CU_ASSERT_EQUAL(sum.spikes[0].spike.tid, 231);
	CU_ASSERT_EQUAL(sum.spikes[0].spike.wake_ns, wake_ns);
	CU_ASSERT_EQUAL(sum.spikes[0].spike.deadline_ns, wake_ns - lat_ns);
	stream_summary_free(&sum);
}

/*
 * rtla timerlat -a N -t FILE without -e: the timerlat samples alone. The last thread sample
 * is the spike (rtla saved the trace because it stopped there); one line names the options
 * that record what an explanation needs.
 */
static void test_timerlat_bare(void)
{
	static const char text[] =
		"# tracer: timerlat\n"
		"  ksoftirqd/1-34 [001] d.h1. 115.189209: #1     context    irq timer_latency "
		"   104284 ns\n"
		"  timerlatu/1-231 [001] ....1 115.189389: #1     context thread timer_latency "
		"   290480 ns\n"
		"  spinner-223 [001] d.h.. 115.190342: #2     context    irq timer_latency    "
		"142181 ns\n"
		"  timerlatu/1-231 [001] ....1 115.192748: #2     context thread timer_latency "
		"  2643604 ns\n";
	struct stream_opts o = { .name = "t", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct seen s = { .level = DIAG_WARN };

	diag_set_sink(on_diag, &s);
	CU_ASSERT_EQUAL_FATAL(stream_string(text, &o, &sum, &s), 0);
	diag_set_sink(NULL, NULL);
	CU_ASSERT_EQUAL(s.errors, 1);
	CU_ASSERT_STRING_EQUAL(s.error,
			       "t: this timerlat trace has no sched_switch, sched_waking, "
			       "irq_handler_entry, softirq_entry, hrtimer_expire_entry, "
			       "hrtimer_start, local_timer_entry events: record it with rtla "
			       "timerlat ... -t FILE -e sched -e irq -e timer -e irq_vectors");
	CU_ASSERT_EQUAL_FATAL(s.spikes, 1);
	CU_ASSERT_STRING_EQUAL(s.what[0],
			       "timerlat thread sample at 115.192748 on CPU 1 by "
			       "timerlatu/1-231 (the last of 4, where rtla stopped): #2  "
			       "   context thread timer_latency   2643604 ns");
	CU_ASSERT_EQUAL(sum.spikes[0].spike.tid, 231);
	CU_ASSERT_EQUAL(sum.spikes[0].spike.deadline_ns, 115192748000ULL - 2643604);
	CU_ASSERT_STRING_EQUAL(sum.spikes[0].spike.source, "timerlat");
	stream_summary_free(&sum);
	/* rtla -a stopped on an IRQ latency: the timer's interrupt came late for CPU 1's
	 * timerlat thread (the writer of that CPU's thread samples) */
	timerlat_stop(text,
		      "  busyloop-1052 [001] d.h.. 115.205000: #3     context    irq "
		      "timer_latency   2702180 ns\n",
		      "timerlat IRQ sample at 115.205000 on CPU 1 by busyloop-1052 (the last of 5, "
		      "where rtla stopped, on the IRQ latency: the thread had not run yet)",
		      115205000000ULL, 2702180);
	/* rtla's user-space thread: the kernel stopped on its return to user space (the
	 * thread's own sample was below the threshold; rtla calls this its thread latency) */
	timerlat_stop(
		text,
		"  timerlatu/1-231 [001] ....1 115.205000: #3     context thread "
		"timer_latency    250064 ns\n"
		"  timerlatu/1-231 [001] ....1 115.208692: #3     context user-ret "
		"timer_latency   3940447 ns\n",
		"timerlat user-ret sample at 115.208692 on CPU 1 by timerlatu/1-231 (the last "
		"of 6, where rtla stopped, on the time to its thread's return to user space",
		115208692000ULL, 3940447);
	/* a spike named by hand: the samples are not explained */
	memset(&s, 0, sizeof(s));
	o.manual = true;
	o.pid = 231;
	o.at_ns = 115192748000ULL;
	o.latency_ns = 1000;
	CU_ASSERT_EQUAL_FATAL(stream_string(text, &o, &sum, &s), 0);
	CU_ASSERT_EQUAL(s.spikes, 1);
	CU_ASSERT_STRING_EQUAL(sum.spikes[0].spike.source, "manual");
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

/*
 * A window too large to decode whole (here: any) is read for the CPUs its explanation
 * needs: the thread's, its waker's, those the first explanation names; the verdicts of
 * the recorded traces are the same.
 */
static void test_dat_needed(void)
{
	static const char *const files[] = { "busy-tick.dat",
					     "dd-nonpreempt.dat",
					     "idle-slack.dat",
					     "net-softirq.dat",
					     "rt-hog.dat",
					     "two-buffers.dat",
					     "kernels/rt-ct-late-marker.dat" };
	size_t f;

	for (f = 0; f < ARRAY_SIZE(files); f++) {
		struct stream_opts o = { .name = "dat", .window_ns = 200 * NSEC_PER_MSEC };
		struct stream_summary sum;
		struct seen whole = { 0 }, needed = { 0 };
		struct datread *dr;
		char path[512];

		snprintf(path, sizeof(path), "%s/%s", unit_fixtures(), files[f]);
		o.on_spike = on_spike;
		o.arg = &whole;
		CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
		CU_ASSERT_EQUAL(stream_dat(&o, dr, &sum), 0);
		datread_close(dr);
		stream_summary_free(&sum);
		o.decode_all = 1;
		o.arg = &needed;
		CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
		CU_ASSERT_EQUAL(stream_dat(&o, dr, &sum), 0);
		datread_close(dr);
		stream_summary_free(&sum);
		CU_ASSERT_EQUAL_FATAL(needed.spikes, whole.spikes);
		if (needed.spikes && needed.verdict[0] != whole.verdict[0])
			fprintf(stderr, "%s: %s, whole: %s\n", files[f],
				blame_verdict_name(needed.verdict[0]),
				blame_verdict_name(whole.verdict[0]));
		CU_ASSERT_EQUAL(needed.verdict[0], whole.verdict[0]);
		CU_ASSERT_TRUE(needed.nr_events[0] <= whole.nr_events[0]);
	}
}

static int by_time(const void *a, const void *b)
{
	const struct rtw_event *x = a, *y = b;

	return x->ts_ns < y->ts_ns ? -1 : x->ts_ns > y->ts_ns;
}

/*
 * @g as a trace.dat, explained whole and for the CPUs it needs (decode_all 1): its marker,
 * or with @manual the spike of @manual->tid given by hand.
 */
static void explain_both(const struct evgen *g, const struct blame_spike *manual,
			 struct seen *whole, struct seen *needed)
{
	struct datwrite_info wi = { .clock = "mono", .release = "6.18.44", .nr_cpus = 4 };
	struct stream_opts o = { .name = "dat", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	struct datwrite *w;
	struct datread *dr;
	char path[64];
	int pass;

	snprintf(path, sizeof(path), "/tmp/rtwhy-test-stream-%d.dat", (int)getpid());
	CU_ASSERT_EQUAL_FATAL(datwrite_open(&w, path, &wi), 0);
	CU_ASSERT_EQUAL_FATAL(datwrite_events(w, g->ev, g->n), 0);
	CU_ASSERT_EQUAL_FATAL(datwrite_close(w), 0);
	o.on_spike = on_spike;
	if (manual) {
		o.manual = true;
		o.pid = manual->tid;
		o.at_ns = manual->wake_ns;
		o.latency_ns = manual->wake_ns - manual->deadline_ns;
	}
	for (pass = 0; pass < 2; pass++) {
		o.decode_all = pass ? 1 : 0;
		o.arg = pass ? needed : whole;
		CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
		CU_ASSERT_EQUAL(stream_dat(&o, dr, &sum), 0);
		datread_close(dr);
		stream_summary_free(&sum);
	}
	unlink(path);
}

/*
 * The thread sleeps on CPU 0, a task on CPU 2 wakes it onto CPU 0 where a hog runs, it
 * migrates to CPU 1 and writes its marker there; CPU 3 only ticks. Read for the CPUs it
 * needs: the marker's (1), the waker's (2) and the run queue it woke onto (0); never CPU
 * 3. The same verdict as the whole window; the same given by hand; and when its wakeup is
 * no longer known, every CPU in the second round.
 */
static void test_dat_second_round(void)
{
	const int tid = 4000;
	struct seen whole = { 0 }, needed = { 0 };
	struct evgen g;
	int i;

	evgen_init(&g);
	ev_switch(&g, 100, 0, tid, "rtwhy", 120, 1 /* S */, 7100, "hog", 120, 0);
	ev_switch(&g, 200, 1, 7200, "other", 120, 1 /* S */, 0, "swapper/1", 120, 0);
	for (i = 0; i < 13; i++) {
		ev_tick(&g, 300 + i * 1000, 0, 7100, "hog", 0);
		ev_tick(&g, 500 + i * 1000, 3, 7300, "busy", 0);
		ev_tick(&g, 700 + i * 1000, 2, 7400, "waker", 0);
	}
	ev_wake(&g, 10051, 2, 7400, "waker", RTW_EV_WAKING, tid, "rtwhy", 120, 0, 0);
	ev_wake(&g, 10052, 2, 7400, "waker", RTW_EV_WAKEUP, tid, "rtwhy", 120, 0, 0);
	ev_migrate(&g, 13000, 1, 0, "<idle>", tid, "rtwhy", 120, 0, 1);
	ev_switch(&g, 13010, 1, 0, "swapper/1", 120, 0, tid, "rtwhy", 120, 0);
	ev_marker(&g, 13020, 1, tid, "rtwhy", "hit latency threshold (2969 > 100)");
	qsort(g.ev, g.n, sizeof(g.ev[0]), by_time); /* written CPU by CPU */
	explain_both(&g, NULL, &whole, &needed);
	CU_ASSERT_EQUAL_FATAL(whole.spikes, 1);
	CU_ASSERT_EQUAL_FATAL(needed.spikes, 1);
	if (needed.verdict[0] != whole.verdict[0])
		fprintf(stderr, "second round: %s, whole: %s\n",
			blame_verdict_name(needed.verdict[0]),
			blame_verdict_name(whole.verdict[0]));
	CU_ASSERT_EQUAL(needed.verdict[0], whole.verdict[0]);
	CU_ASSERT_EQUAL(whole.verdict[0], BLAME_V_MIGRATION);
	/* every event but CPU 3's ticks */
	CU_ASSERT_TRUE(needed.nr_events[0] < whole.nr_events[0]);
	CU_ASSERT_EQUAL(needed.nr_events[0], whole.nr_events[0] - 13 * 4);
	/* given by hand: the thread's CPU unknown, read from its wakeup (CPU 2, onto CPU 0) */
	memset(&whole, 0, sizeof(whole));
	memset(&needed, 0, sizeof(needed));
	explain_both(&g,
		     &(struct blame_spike){ .tid = tid,
					    .deadline_ns = evgen_us(10051),
					    .wake_ns = evgen_us(13010) },
		     &whole, &needed);
	CU_ASSERT_EQUAL_FATAL(whole.spikes, 1);
	CU_ASSERT_EQUAL_FATAL(needed.spikes, 1);
	CU_ASSERT_EQUAL(needed.verdict[0], whole.verdict[0]);
	CU_ASSERT_EQUAL(whole.verdict[0], BLAME_V_MIGRATION);
	CU_ASSERT_TRUE(needed.nr_events[0] < whole.nr_events[0]);
	/*
	 * Four more tasks of the thread's set of the wakeup table woken after it: its wakeup
	 * is no longer known, the first round reads CPU 1 alone, does not find it, and the
	 * second reads every CPU: the whole window.
	 */
	for (i = 1; i <= 4; i++)
		ev_wake(&g, 10060 + i, 3, 7300, "busy", RTW_EV_WAKING, tid + i * 4096, "other", 120,
			3, 0);
	qsort(g.ev, g.n, sizeof(g.ev[0]), by_time);
	memset(&whole, 0, sizeof(whole));
	memset(&needed, 0, sizeof(needed));
	explain_both(&g, NULL, &whole, &needed);
	CU_ASSERT_EQUAL_FATAL(needed.spikes, 1);
	CU_ASSERT_EQUAL(needed.verdict[0], whole.verdict[0]);
	CU_ASSERT_EQUAL(needed.nr_events[0], whole.nr_events[0]);
}

/*
 * The seed on CPU 1 (a fair busy loop until the tick at 14 ms, the thread's marker at 14.02
 * ms); CPU 0 runs cc1, ticking, until 8 ms, then shows nothing: with @goes_on its ticks come
 * again from 14.5 ms (its vCPU stalled, or the CPU went tickless), else never.
 */
static void build_silent_cpu(struct evgen *g, bool goes_on)
{
	const int tid = 4000;
	int t;

	evgen_init(g);
	ev_switch(g, 100, 1, tid, "rtwhy", 120, 1 /* S */, 7100, "busyloop", 120, 0);
	ev_switch(g, 150, 0, 0, "swapper/0", 120, 0, 7200, "cc1", 120, 0);
	for (t = 0; t < 4; t++) {
		if (t < 2)
			ev_tick(g, 1001 + t * 4000, 0, 7200, "cc1", 0);
		ev_tick(g, 2000 + t * 4000, 1, 7100, "busyloop", 0);
	}
	ev_timer_wakes(g, 10050, 1, 7100, "busyloop", tid, 120, 0);
	ev_tick(g, 14000, 1, 7100, "busyloop", RTW_F_NEED_RESCHED | RTW_F_PREEMPT_RESCHED);
	ev_switch(g, 14010, 1, 7100, "busyloop", 120, 0, tid, "rtwhy", 120, 0);
	ev_marker(g, 14020, 1, tid, "rtwhy", "hit latency threshold (3970 > 100)");
	for (t = 0; goes_on && t < 3; t++)
		ev_tick(g, 14500 + t * 4000, 0, 7200, "cc1", 0);
	qsort(g->ev, g->n, sizeof(g->ev[0]), by_time);
}

/* @g as ftrace text through the engine */
static void explain_text(const struct evgen *g, struct seen *s)
{
	struct stream_opts o = { .name = "text", .window_ns = 200 * NSEC_PER_MSEC };
	struct stream_summary sum;
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	textwrite_header(f, 2, "mono");
	for (i = 0; i < g->n; i++)
		textwrite_event(f, &g->ev[i]);
	CU_ASSERT_EQUAL_FATAL(fclose(f), 0);
	CU_ASSERT_EQUAL(stream_string(text, &o, &sum, s), 0);
	stream_summary_free(&sum);
	free(text);
}

/*
 * A CPU whose events end before the spike's wake time: incomplete when they end for good,
 * the spike's own answer when they go on after it (the engine reads on past the spike
 * before it says), in text and in trace.dat; read for the CPUs the spike needs, CPU 0 is not
 * one of them.
 */
static void test_silent_cpu_read_on(void)
{
	struct evgen g;
	int on;

	for (on = 0; on < 2; on++) {
		struct seen text = { 0 }, whole = { 0 }, needed = { 0 };
		enum blame_verdict want = on ? BLAME_V_TICK_WAIT : BLAME_V_INCOMPLETE;

		build_silent_cpu(&g, on);
		explain_text(&g, &text);
		explain_both(&g, NULL, &whole, &needed);
		CU_ASSERT_EQUAL_FATAL(text.spikes, 1);
		CU_ASSERT_EQUAL_FATAL(whole.spikes, 1);
		CU_ASSERT_EQUAL_FATAL(needed.spikes, 1);
		CU_ASSERT_EQUAL(text.verdict[0], want);
		CU_ASSERT_EQUAL(whole.verdict[0], want);
		/* read for the CPUs it needs, CPU 0 is not among them: not read, not judged */
		CU_ASSERT_EQUAL(needed.verdict[0], BLAME_V_TICK_WAIT);
		CU_ASSERT_EQUAL(text.index[0], 1);
	}
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
	{ "a trace.dat: a large window read for the CPUs it needs", test_dat_needed },
	{ "a trace.dat: the CPUs a spike needs, and every CPU when its wakeup is unknown",
	  test_dat_second_round },
	{ "rtla's timerlat trace without -e", test_timerlat_bare },
	{ "a shorter window", test_window },
	{ "a CPU silent before the wake time: read on past it", test_silent_cpu_read_on },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("stream", NULL, NULL, stream_tests);
