// SPDX-License-Identifier: GPL-2.0-only
/*
 * capture against a fake kernel: one event every 100 us on a timeline the
 * test moves forward, a live buffer read as it goes (LIVE), a spare that a
 * swap fills (SNAPSHOT), a buffer that a FREEZE line stops (STOP), and the
 * measuring threads' queue and arm.
 */
#include <string.h>

#include "rtwhy/capture.h"
#include "analysis/util.h"
#include "unit.h"

#define NR_EV	 20000
#define STEP_NS	 (100 * NSEC_PER_USEC)
#define T0	 NSEC_PER_SEC
#define LOOKBACK (20 * NSEC_PER_MSEC)

struct fk {
	uint64_t now;
	size_t pos;		 /* LIVE, STOP: the next event the reader gets */
	size_t spare_a, spare_b; /* SNAPSHOT: the spare holds [a, b) */
	size_t live_from;	 /* SNAPSHOT: the live buffer starts here */
	bool snap;		 /* SNAPSHOT: reads get the spare */
	bool stopped;
	int armed;
	int swaps, stops, restarts, rearms, reads;
	uint64_t skipped;
	uint64_t decoded;
	size_t lost_a, lost_b; /* events [a, b) overwritten before they were read */
	struct measure_spike q[128];
	int nq, qpos;
};

static struct fk F;

static uint64_t ev_ts(size_t i)
{
	return T0 + i * STEP_NS;
}

/* events recorded up to @t */
static size_t upto(uint64_t t)
{
	return t < T0 ? 0 : (size_t)((t - T0) / STEP_NS) + 1;
}

static long fk_hand(size_t a, size_t b, uint64_t from, capture_event_fn fn, void *arg)
{
	long n = 0;
	size_t i;

	for (i = a; i < b && i < NR_EV; i++) {
		struct rtw_event e = { .ts_ns = ev_ts(i), .kind = RTW_EV_OTHER, .pid = (int32_t)i };

		if (e.ts_ns < from) {
			F.skipped = e.ts_ns;
			continue;
		}
		if (i >= F.lost_a && i < F.lost_b)
			continue;
		if (F.lost_b && i == F.lost_b) {
			struct rtw_event l = { .ts_ns = e.ts_ns, .kind = RTW_EV_LOST };

			l.u.lost.count = F.lost_b - F.lost_a;
			n++;
			if (fn(&l, arg))
				break;
		}
		F.decoded++;
		n++;
		if (fn(&e, arg))
			break;
	}
	return n;
}

static long fk_read(struct tsess *s, uint64_t from, uint64_t until, capture_event_fn fn,
		    void *fn_arg)
{
	size_t end;
	long n;

	F.reads++;
	if (F.snap) {
		n = fk_hand(F.spare_a, F.spare_b, from, fn, fn_arg);
		F.spare_a = F.spare_b;
		return n;
	}
	end = upto(F.now);
	if (until != UINT64_MAX && upto(until) < end)
		end = upto(until);
	n = fk_hand(F.pos, end, from, fn, fn_arg);
	F.pos = end;
	return n;
}

static uint64_t fk_skipped(const struct tsess *s)
{
	return F.skipped;
}

static int fk_swap(struct tsess *s)
{
	F.swaps++;
	F.spare_a = F.live_from;
	F.spare_b = upto(F.now);
	F.live_from = F.spare_b;
	return 0;
}

static int fk_stop(struct tsess *s)
{
	F.stops++;
	F.stopped = true;
	return 0;
}

static int fk_restart(struct tsess *s)
{
	F.restarts++;
	F.stopped = false;
	F.pos = upto(F.now); /* cleared */
	return 0;
}

static bool fk_take(struct measure *m, struct measure_spike *out)
{
	if (F.qpos == F.nq)
		return false;
	*out = F.q[F.qpos++];
	return true;
}

static bool fk_disarm(struct measure *m)
{
	if (!F.armed)
		return false;
	F.armed = 0;
	return true;
}

static void fk_rearm(struct measure *m)
{
	F.rearms++;
	F.armed = 1;
}

static uint64_t fk_now(void)
{
	return F.now;
}

static const struct capture_ops fk_ops = {
	.read = fk_read,
	.skipped_until = fk_skipped,
	.swap = fk_swap,
	.stop = fk_stop,
	.restart = fk_restart,
	.take = fk_take,
	.disarm = fk_disarm,
	.rearm = fk_rearm,
	.now = fk_now,
};

/* A spike of @lat_ns woken at @wake_ns; its line written right after, swapping if armed. */
static void spike(uint64_t wake_ns, uint64_t lat_ns, bool swap_mode)
{
	struct measure_spike *s = &F.q[F.nq++];

	memset(s, 0, sizeof(*s));
	s->tid = 100 + F.nq;
	s->wake_ns = wake_ns;
	s->deadline_ns = wake_ns - lat_ns;
	s->latency_ns = (int64_t)lat_ns;
	s->write_ns = wake_ns + 2000;
	s->written_ns = wake_ns + 4000;
	if (swap_mode && F.armed) {
		uint64_t now = F.now;

		F.armed = 0;
		s->froze = true;
		F.now = s->write_ns;
		fk_swap(NULL);
		F.swaps--; /* the trigger's, not capture's */
		F.now = now;
	}
}

static void fk_reset(void)
{
	memset(&F, 0, sizeof(F));
	F.armed = 1;
}

static void check_window(const struct capture_spike *cs)
{
	size_t i;

	CU_ASSERT_EQUAL(cs->err, 0);
	CU_ASSERT_TRUE_FATAL(cs->n > 0);
	/* from the deadline minus the lookback to just past the line, in order */
	CU_ASSERT_TRUE(cs->ev[0].ts_ns >= cs->ms.deadline_ns - LOOKBACK);
	CU_ASSERT_TRUE(cs->ev[0].ts_ns < cs->ms.deadline_ns - LOOKBACK + STEP_NS);
	CU_ASSERT_TRUE(cs->ev[cs->n - 1].ts_ns >= cs->ms.wake_ns);
	for (i = 1; i < cs->n; i++)
		CU_ASSERT_TRUE(cs->ev[i - 1].ts_ns < cs->ev[i].ts_ns);
	CU_ASSERT_TRUE(cs->trace_start_ns <= cs->ms.deadline_ns);
}

static void test_live(void)
{
	struct capture c;
	struct capture_spike cs;
	uint64_t d1;

	fk_reset();
	capture_init(&c, &fk_ops, NULL, NULL, TSESS_CAPTURE_LIVE, LOOKBACK, T0);
	F.now = T0 + 500 * NSEC_PER_MSEC;
	/* the older first, after reading ahead to the newer one's line */
	spike(T0 + 300 * NSEC_PER_MSEC, 2 * NSEC_PER_MSEC, false);
	spike(T0 + 305 * NSEC_PER_MSEC, NSEC_PER_MSEC, false);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	d1 = cs.ms.deadline_ns;
	CU_ASSERT_EQUAL(d1, T0 + 298 * NSEC_PER_MSEC);
	/* read up to the newest waiting line, not to now: about 305 ms of the buffer, not 500 */
	CU_ASSERT_EQUAL(F.pos, upto(F.q[1].written_ns));
	/* decoded only its window (and what the second spike needs) */
	CU_ASSERT_TRUE(F.decoded < 2 * LOOKBACK / STEP_NS);
	CU_ASSERT_EQUAL(cs.trace_start_ns, d1 - LOOKBACK);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	/* the events the two share were read once */
	CU_ASSERT_EQUAL(F.decoded, upto(cs.ms.written_ns) - upto(d1 - LOOKBACK - 1));
	CU_ASSERT_FALSE(capture_next(&c, &cs));
	CU_ASSERT_EQUAL(F.rearms, 0); /* nothing to re-arm: it never stopped */
	CU_ASSERT_EQUAL(c.blind_ns, 0);
	capture_free(&c);
}

static void test_overwritten(void)
{
	struct capture c;
	struct capture_spike cs;

	fk_reset();
	capture_init(&c, &fk_ops, NULL, NULL, TSESS_CAPTURE_LIVE, LOOKBACK, T0);
	F.now = T0 + 900 * NSEC_PER_MSEC;
	spike(T0 + 300 * NSEC_PER_MSEC, NSEC_PER_MSEC, false);
	spike(T0 + 800 * NSEC_PER_MSEC, NSEC_PER_MSEC, false);
	/* read too late: 250 .. 310 ms were overwritten */
	F.lost_a = upto(T0 + 250 * NSEC_PER_MSEC);
	F.lost_b = upto(T0 + 310 * NSEC_PER_MSEC);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	CU_ASSERT_TRUE(cs.overwritten);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	CU_ASSERT_FALSE(cs.overwritten); /* after the loss: whole */
	check_window(&cs);
	capture_free(&c);
}

static void test_snapshot(void)
{
	struct capture c;
	struct capture_spike cs;

	fk_reset();
	F.snap = true;
	capture_init(&c, &fk_ops, NULL, NULL, TSESS_CAPTURE_SNAPSHOT, LOOKBACK, T0);
	F.now = T0 + 200 * NSEC_PER_MSEC;
	spike(T0 + 150 * NSEC_PER_MSEC, NSEC_PER_MSEC, true); /* swaps */
	spike(T0 + 160 * NSEC_PER_MSEC, NSEC_PER_MSEC, true); /* disarmed: stays in live */
	CU_ASSERT_TRUE(F.q[0].froze);
	CU_ASSERT_FALSE(F.q[1].froze);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	CU_ASSERT_EQUAL(F.swaps, 0); /* the trigger's swap was enough */
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	CU_ASSERT_EQUAL(F.swaps, 1); /* swapped here, with the trigger still disarmed */
	CU_ASSERT_EQUAL(F.armed, 0);
	CU_ASSERT_FALSE(capture_next(&c, &cs));
	CU_ASSERT_EQUAL(F.rearms, 1); /* the next spike may swap again */
	CU_ASSERT_EQUAL(F.armed, 1);
	CU_ASSERT_EQUAL(c.blind_ns, 0);

	/* a disarmed spike, then one whose line swapped before it was taken: one capture */
	F.now = T0 + 600 * NSEC_PER_MSEC;
	F.armed = 0;
	spike(T0 + 500 * NSEC_PER_MSEC, NSEC_PER_MSEC, true);
	F.armed = 1;
	spike(T0 + 510 * NSEC_PER_MSEC, NSEC_PER_MSEC, true);
	CU_ASSERT_FALSE(F.q[2].froze);
	CU_ASSERT_TRUE(F.q[3].froze);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	CU_ASSERT_EQUAL(F.swaps, 1); /* none of its own: the later line's swap covered both */
	CU_ASSERT_FALSE(capture_next(&c, &cs));
	CU_ASSERT_EQUAL(F.rearms, 2);
	capture_free(&c);
}

static void test_stop(void)
{
	struct capture c;
	struct capture_spike cs;

	fk_reset();
	capture_init(&c, &fk_ops, NULL, NULL, TSESS_CAPTURE_STOP, LOOKBACK, T0);
	F.now = T0 + 100 * NSEC_PER_MSEC;
	spike(T0 + 90 * NSEC_PER_MSEC, NSEC_PER_MSEC, false);
	F.q[0].froze = true;
	F.armed = 0;
	F.now = F.q[0].write_ns; /* stopped by the line */
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	check_window(&cs);
	CU_ASSERT_EQUAL(F.restarts, 0);
	F.now += 30 * NSEC_PER_MSEC; /* explaining */
	CU_ASSERT_FALSE(capture_next(&c, &cs));
	CU_ASSERT_EQUAL(F.restarts, 1);
	CU_ASSERT_EQUAL(F.rearms, 1);
	CU_ASSERT_EQUAL(c.blind_ns, 30 * NSEC_PER_MSEC);
	/* after the restart, the trace starts again: a spike right after it is not covered */
	F.now += 5 * NSEC_PER_MSEC;
	spike(F.now - NSEC_PER_MSEC, NSEC_PER_MSEC, false);
	F.q[1].froze = true;
	F.armed = 0;
	CU_ASSERT_TRUE_FATAL(capture_next(&c, &cs));
	CU_ASSERT_TRUE(cs.trace_start_ns > cs.ms.deadline_ns - LOOKBACK);
	CU_ASSERT_EQUAL(cs.trace_start_ns, c.complete_since_ns);
	capture_free(&c);
}

/*
 * More spikes than the batch holds: the smallest are dropped, never a
 * thread's largest; explained in deadline order, each window whole.
 */
static void test_keep_largest(void)
{
	struct capture c;
	struct capture_spike cs;
	int64_t lat;
	uint64_t prev_dl = 0;
	int i, n, nr = CAPTURE_BATCH + 20;
	bool seen_t1 = false, seen_max = false;

	fk_reset();
	capture_init(&c, &fk_ops, NULL, NULL, TSESS_CAPTURE_LIVE, LOOKBACK, T0);
	F.now = T0 + 1500 * NSEC_PER_MSEC;
	/* thread 0: latencies 100..183 us in a shuffled order (37 is prime to nr) ... */
	for (i = 0; i < nr; i++) {
		lat = (100 + (i * 37) % nr) * NSEC_PER_USEC;
		spike(T0 + (100 + 10 * (uint64_t)i) * NSEC_PER_MSEC, (uint64_t)lat, false);
	}
	/* ... and thread 1 once, smaller than every one of them: its maximum, kept */
	spike(T0 + 95 * NSEC_PER_MSEC, 50 * NSEC_PER_USEC, false);
	F.q[F.nq - 1].thread = 1;
	for (n = 0; capture_next(&c, &cs); n++) {
		CU_ASSERT_EQUAL(cs.err, 0);
		CU_ASSERT_FALSE(cs.overwritten);
		check_window(&cs);
		lat = cs.ms.latency_ns;
		/* in deadline order (windows saved the way they overlap): thread 1's first */
		CU_ASSERT_TRUE(cs.ms.deadline_ns > prev_dl || n == 0);
		prev_dl = cs.ms.deadline_ns;
		if (cs.ms.thread == 1) {
			seen_t1 = true;
			continue;
		}
		if (lat == (int64_t)((100 + nr - 1) * NSEC_PER_USEC))
			seen_max = true; /* thread 0's maximum */
		/* the nr + 1 - CAPTURE_BATCH smallest of thread 0 were dropped */
		CU_ASSERT_TRUE(lat >= (int64_t)((100 + nr + 1 - CAPTURE_BATCH) * NSEC_PER_USEC));
	}
	CU_ASSERT_TRUE(seen_t1);
	CU_ASSERT_TRUE(seen_max);
	CU_ASSERT_EQUAL(n, CAPTURE_BATCH);
	CU_ASSERT_EQUAL(c.nr_dropped, (uint64_t)(nr + 1 - CAPTURE_BATCH));
	capture_free(&c);
}

static CU_TestInfo capture_tests[] = {
	{ "live: read up to each spike's line, shared events read once", test_live },
	{ "live: a window the kernel overwrote before it was read is said", test_overwritten },
	{ "snapshot: the trigger's swap, a swap for a disarmed spike, re-armed after",
	  test_snapshot },
	{ "stop: read, then restart when idle; the stopped time is blind", test_stop },
	{ "more spikes than the batch: the smallest dropped, never a thread's maximum",
	  test_keep_largest },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("capture", NULL, NULL, capture_tests);
