// SPDX-License-Identifier: GPL-2.0-only
/*
 * marker: rtwhy's FREEZE line written and read back, cyclictest's marker,
 * the spike a marker names, and the unit of cyclictest -N.
 */
#include <errno.h>
#include <string.h>

#include "analysis/marker.h"
#include "analysis/util.h"
#include "evgen.h"
#include "unit.h"

static void test_freeze_line(void)
{
	struct marker s = { .thread = 1,
			    .tid = 4242,
			    .cpu = 1,
			    .prio = 0,
			    .slack_ns = 50000,
			    .deadline_ns = 171349570123ULL,
			    .wake_ns = 171353520456ULL,
			    .latency = 3950333 };
	char buf[MARKER_FREEZE_MAX];
	int n = marker_format_freeze(buf, &s);

	buf[n] = '\0';
	CU_ASSERT_STRING_EQUAL(buf, "FREEZE tid=4242 thread=1 cpu=1 prio=0 slack=50000 "
				    "deadline=171349570123 wake=171353520456 lat=3950333");
	CU_ASSERT_TRUE(n < 160);
	/* what the trace session's trigger matches: the start of this line, not another's */
	CU_ASSERT_EQUAL(strncmp(buf, MARKER_FREEZE_TRIGGER, strlen(MARKER_FREEZE_TRIGGER)), 0);
	s.untriggered = true;
	buf[marker_format_freeze(buf, &s)] = '\0';
	CU_ASSERT_NOT_EQUAL(strncmp(buf, MARKER_FREEZE_TRIGGER, strlen(MARKER_FREEZE_TRIGGER)), 0);
}

/* The longest values still fit, and what is written is what is read. */
static void test_freeze_round_trip(void)
{
	struct marker s = { .thread = 65535,
			    .tid = INT32_MAX,
			    .cpu = RTW_MAX_CPUS - 1,
			    .prio = 99,
			    .slack_ns = INT32_MAX - 1,
			    .deadline_ns = UINT64_MAX - 5,
			    .wake_ns = UINT64_MAX,
			    .latency = UINT64_MAX },
		      back;
	char buf[MARKER_FREEZE_MAX];
	int n = marker_format_freeze(buf, &s);

	CU_ASSERT_TRUE(n < MARKER_FREEZE_MAX);
	CU_ASSERT_EQUAL(buf[n], '\0');
	CU_ASSERT_TRUE_FATAL(marker_parse(buf, &back));
	CU_ASSERT_EQUAL(back.kind, MARKER_FREEZE);
	CU_ASSERT_EQUAL(back.tid, s.tid);
	CU_ASSERT_EQUAL(back.thread, s.thread);
	CU_ASSERT_EQUAL(back.cpu, s.cpu);
	CU_ASSERT_EQUAL(back.prio, 99);
	CU_ASSERT_EQUAL(back.slack_ns, s.slack_ns);
	CU_ASSERT_EQUAL(back.deadline_ns, s.deadline_ns);
	CU_ASSERT_EQUAL(back.wake_ns, s.wake_ns);
	CU_ASSERT_EQUAL(back.latency, s.latency);
	/* what cannot be negative is written as 0 */
	s.cpu = -1;
	s.slack_ns = -1;
	marker_format_freeze(buf, &s);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, " cpu=0 "));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, " slack=0 "));
	/* the line no trigger matches: one space more, the widest values, read back alike */
	s.slack_ns = INT32_MAX - 1;
	s.untriggered = true;
	n = marker_format_freeze(buf, &s);
	CU_ASSERT_TRUE(n < MARKER_FREEZE_MAX);
	CU_ASSERT_EQUAL(strncmp(buf, "FREEZE  tid=", 12), 0);
	CU_ASSERT_TRUE_FATAL(marker_parse(buf, &back));
	CU_ASSERT_EQUAL(back.tid, s.tid);
	CU_ASSERT_EQUAL(back.slack_ns, s.slack_ns);
	CU_ASSERT_EQUAL(back.latency, s.latency);
}

static void test_markers(void)
{
	struct marker m;

	CU_ASSERT(marker_parse("hit latency threshold (3950 > 3000)", &m));
	CU_ASSERT_EQUAL(m.kind, MARKER_CYCLICTEST);
	CU_ASSERT_EQUAL(m.latency, 3950);
	CU_ASSERT_EQUAL(m.threshold, 3000);
	CU_ASSERT(marker_parse(
		"FREEZE tid=2643 thread=1 cpu=1 prio=0 slack=50000 deadline=1000000000 "
		"wake=1000012000 lat=12000",
		&m));
	CU_ASSERT_EQUAL(m.kind, MARKER_FREEZE);
	CU_ASSERT_EQUAL(m.tid, 2643);
	CU_ASSERT_EQUAL(m.thread, 1);
	CU_ASSERT_EQUAL(m.cpu, 1);
	CU_ASSERT_EQUAL(m.slack_ns, 50000);
	CU_ASSERT_EQUAL(m.deadline_ns, 1000000000ULL);
	CU_ASSERT_EQUAL(m.wake_ns, 1000012000ULL);
	CU_ASSERT_EQUAL(m.latency, 12000);
	/* the least a FREEZE marker needs; the rest is unknown */
	CU_ASSERT(marker_parse("FREEZE tid=7 deadline=10 wake=15", &m));
	CU_ASSERT_EQUAL(m.thread, -1);
	CU_ASSERT_EQUAL(m.cpu, -1);
	CU_ASSERT_EQUAL(m.slack_ns, -1);
	CU_ASSERT_EQUAL(m.latency, 5);
	CU_ASSERT(!marker_parse("FREEZE tid=7 deadline=20 wake=15", &m));
	CU_ASSERT(!marker_parse("FREEZE thread=1 deadline=10 wake=15", &m));
	CU_ASSERT(!marker_parse("FREEZE tid=7 xdeadline=10 wake=15", &m));
	CU_ASSERT(!marker_parse("hit latency threshold (x > 3000)", &m));
	CU_ASSERT(!marker_parse("hit latency threshold (3950 > 3000", &m));
	CU_ASSERT(!marker_parse("hello", &m));
	CU_ASSERT(!marker_parse("", &m));
	CU_ASSERT_EQUAL(m.kind, MARKER_NONE);
}

static void marker_event(struct rtw_event *ev, uint64_t ts_ns, int pid, int cpu)
{
	memset(ev, 0, sizeof(*ev));
	ev->kind = RTW_EV_MARKER;
	ev->ts_ns = ts_ns;
	ev->pid = pid;
	ev->cpu = cpu;
}

static void test_marker_spike(void)
{
	struct marker m;
	struct blame_spike sp;
	struct rtw_event ev;

	marker_event(&ev, 171377353000ULL, 2643, 1);
	marker_parse("hit latency threshold (3950 > 3000)", &m);
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, true, NSEC_PER_USEC, &sp), 0);
	CU_ASSERT_EQUAL(sp.tid, 2643);
	CU_ASSERT_EQUAL(sp.cpu, 1);
	CU_ASSERT_EQUAL(sp.thread, -1);
	CU_ASSERT_EQUAL(sp.wake_ns, 171377353000ULL);
	CU_ASSERT_EQUAL(sp.deadline_ns, 171377353000ULL - 3950000);
	CU_ASSERT_EQUAL(sp.threshold_ns, 3000000);
	CU_ASSERT_EQUAL(sp.slack_ns, -1);
	CU_ASSERT(!sp.deadline_exact);
	CU_ASSERT_STRING_EQUAL(sp.source, "cyclictest");
	/* cyclictest -N */
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, false, 1, &sp), 0);
	CU_ASSERT_EQUAL(sp.deadline_ns, 171377353000ULL - 3950);
	/* a latency longer than the marker's time */
	marker_event(&ev, 1000, 1, 0);
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, false, NSEC_PER_USEC, &sp), -EINVAL);

	/* FREEZE on clock mono: its own numbers */
	marker_parse("FREEZE tid=2643 thread=1 cpu=0 prio=0 slack=50000 "
		     "deadline=1000000000 wake=1000012000 lat=12000",
		     &m);
	marker_event(&ev, 1000020000ULL, 2643, 0);
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, true, NSEC_PER_USEC, &sp), 0);
	CU_ASSERT(sp.deadline_exact);
	CU_ASSERT_EQUAL(sp.deadline_ns, 1000000000ULL);
	CU_ASSERT_EQUAL(sp.wake_ns, 1000012000ULL);
	CU_ASSERT_EQUAL(sp.thread, 1);
	CU_ASSERT_EQUAL(sp.slack_ns, 50000);
	CU_ASSERT_STRING_EQUAL(sp.source, "rtwhy");
	/* clock unknown, but the marker was written right after wake=: the same clock */
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, false, NSEC_PER_USEC, &sp), 0);
	CU_ASSERT(sp.deadline_exact);
	/* another clock (local is 25 ms off here): derived from the marker's time */
	marker_event(&ev, 1025020000ULL, 2643, 0);
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, false, NSEC_PER_USEC, &sp), 0);
	CU_ASSERT(!sp.deadline_exact);
	CU_ASSERT_EQUAL(sp.wake_ns, 1025020000ULL);
	CU_ASSERT_EQUAL(sp.deadline_ns, 1025020000ULL - 12000);
	/* said to be mono but written before wake=: not that clock after all */
	marker_event(&ev, 900000000ULL, 2643, 0);
	CU_ASSERT_EQUAL(marker_spike(&ev, &m, true, NSEC_PER_USEC, &sp), 0);
	CU_ASSERT(!sp.deadline_exact);
}

/* The timerlat tracer's samples (rtla timerlat -t on Debian's 6.12.117-rt): thread, irq. */
static void test_timerlat(void)
{
	static const char thread[] = "#2     context thread timer_latency   2643604 ns";
	struct marker m;
	struct blame_spike sp;
	struct rtw_event ev;

	CU_ASSERT(marker_parse(thread, &m));
	CU_ASSERT_EQUAL(m.kind, MARKER_TIMERLAT);
	CU_ASSERT_EQUAL(m.context, MARKER_TIMERLAT_THREAD);
	CU_ASSERT_EQUAL(m.seq, 2);
	CU_ASSERT_EQUAL(m.latency, 2643604);
	CU_ASSERT(marker_is_timerlat(thread, sizeof(thread) - 1));
	CU_ASSERT(marker_parse("#1     context    irq timer_latency    104284 ns", &m));
	CU_ASSERT_EQUAL(m.context, MARKER_TIMERLAT_IRQ);
	CU_ASSERT_EQUAL(m.latency, 104284);
	CU_ASSERT(marker_parse("#1     context user-ret timer_latency    344910 ns", &m));
	CU_ASSERT_EQUAL(m.context, MARKER_TIMERLAT_USER_RET);
	/* not samples */
	CU_ASSERT_FALSE(marker_parse("#2 context thread timer_latency 12 us", &m));
	CU_ASSERT_FALSE(marker_parse("#2 context nmi timer_latency 12 ns", &m));
	CU_ASSERT_FALSE(marker_parse("# context thread timer_latency 12 ns", &m));
	CU_ASSERT_FALSE(marker_is_timerlat("<stack trace>", 13));
	CU_ASSERT_FALSE(marker_is_timerlat(thread, 10));
	/* its spike: the sample's thread and CPU, woken at the sample, late by its latency */
	marker_event(&ev, 115192748000ULL, 231, 1);
	CU_ASSERT(marker_parse(thread, &m));
	CU_ASSERT_EQUAL(marker_spike_window(&ev, 1, &ev, &m, -1, &sp, &(uint64_t){ 0 }), 0);
	CU_ASSERT_EQUAL(sp.tid, 231);
	CU_ASSERT_EQUAL(sp.cpu, 1);
	CU_ASSERT_EQUAL(sp.wake_ns, 115192748000ULL);
	CU_ASSERT_EQUAL(sp.deadline_ns, 115192748000ULL - 2643604);
	CU_ASSERT_EQUAL(sp.deadline_from, BLAME_DEADLINE_MARKER);
	CU_ASSERT_STRING_EQUAL(sp.source, "timerlat");
}

/* cyclictest -N prints nanoseconds: the thread's last sleep tells. */
static void test_cyclictest_unit(void)
{
	struct evgen g;
	struct rtw_event m;

	evgen_init(&g);
	ev_switch(&g, 100, 0, 42, "cyclictest", 120, 1, 0, "swapper/0", 120, 0);
	ev_switch(&g, 900, 0, 0, "swapper/0", 120, 0, 42, "cyclictest", 120, 0);
	marker_event(&m, evgen_us(1000), 42, 0);
	/* 500 us: deadline at 500 us, after the sleep at 100 us */
	CU_ASSERT_EQUAL(marker_cyclictest_unit_ns(g.ev, g.n, &m, 500), NSEC_PER_USEC);
	/* 850000 read as us would put the deadline 849 ms before the sleep: ns */
	CU_ASSERT_EQUAL(marker_cyclictest_unit_ns(g.ev, g.n, &m, 850000), 1);
	/* neither reading fits: keep us */
	CU_ASSERT_EQUAL(marker_cyclictest_unit_ns(g.ev, g.n, &m, 99950000), NSEC_PER_USEC);
	/* no sleep seen: us */
	CU_ASSERT_EQUAL(marker_cyclictest_unit_ns(g.ev, 0, &m, 950000), NSEC_PER_USEC);
	/* a preemption is not a sleep */
	g.ev[0].u.sw.prev_state = RTW_STATE_PREEMPTED;
	CU_ASSERT_EQUAL(marker_cyclictest_unit_ns(g.ev, g.n, &m, 950000), NSEC_PER_USEC);
}

/* The live run finds its own FREEZE line, the last one of the thread, in the window. */
static void test_freeze_ts(void)
{
	struct evgen g;

	evgen_init(&g);
	ev_marker(&g, 100, 0, 42, "rtwhy", "FREEZE tid=42 thread=0 deadline=1 wake=2");
	ev_marker(&g, 200, 1, 7, "rtwhy", "FREEZE tid=7 thread=1 deadline=1 wake=2");
	ev_marker(&g, 300, 0, 4, "rtwhy", "FREEZE tid=4");
	ev_marker(&g, 400, 0, 42, "x", "hit latency threshold (10 > 5)");
	CU_ASSERT_EQUAL(marker_freeze_ts(g.ev, g.n, 42), evgen_us(100));
	CU_ASSERT_EQUAL(marker_freeze_ts(g.ev, g.n, 7), evgen_us(200));
	CU_ASSERT_EQUAL(marker_freeze_ts(g.ev, g.n, 4), 0); /* "FREEZE tid=4" alone is not one */
	CU_ASSERT_EQUAL(marker_freeze_ts(g.ev, g.n, 5), 0);
	CU_ASSERT_EQUAL(marker_freeze_ts(g.ev, 0, 42), 0);
}

static CU_TestInfo marker_tests[] = {
	{ "the FREEZE line", test_freeze_line },
	{ "FREEZE written and read back", test_freeze_round_trip },
	{ "spike markers", test_markers },
	{ "spike from a marker", test_marker_spike },
	{ "cyclictest -N markers", test_cyclictest_unit },
	{ "timerlat samples", test_timerlat },
	{ "the FREEZE line of a thread in the window", test_freeze_ts },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("marker", NULL, NULL, marker_tests);
