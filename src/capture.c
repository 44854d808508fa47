// SPDX-License-Identifier: GPL-2.0-only
/*
 * capture - a batch of the spikes taken from the measuring threads, the
 * window that grows as the oldest of them needs it, and per capture mode
 * how "needs more" is read: up to its FREEZE line (LIVE), the spare its
 * line or a later one swapped out (SNAPSHOT), the stopped buffer (STOP).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rtwhy/capture.h"
#include "rtwhy/config.h"
#include "rtwhy/log.h"
#include "rtwhy/timenow.h"
#include "analysis/util.h"

#define CAPTURE_TAIL_NS	  NSEC_PER_MSEC		/* events kept after a spike's FREEZE line */
#define CAPTURE_WAIT_NS	  (200 * NSEC_PER_MSEC) /* for a spike whose line swapped */
#define CAPTURE_WAIT_STEP (100 * NSEC_PER_USEC)

const struct capture_ops capture_live_ops = {
	.read = tsess_read_window,
	.skipped_until = tsess_skipped_until,
	.swap = tsess_swap,
	.stop = tsess_stop,
	.restart = tsess_rearm,
	.take = measure_take_spike,
	.disarm = measure_disarm,
	.rearm = measure_rearm,
	.now = timenow_mono_ns,
};

void capture_init(struct capture *c, const struct capture_ops *ops, struct tsess *ts,
		  struct measure *m, enum tsess_capture mode, uint64_t lookback_ns,
		  uint64_t start_ns)
{
	memset(c, 0, sizeof(*c));
	c->ops = ops;
	c->ts = ts;
	c->m = m;
	c->mode = mode;
	c->lookback_ns = lookback_ns;
	c->complete_since_ns = start_ns;
	evbuf_init(&c->win, 0, CAPTURE_MAX_EVENTS);
}

void capture_free(struct capture *c)
{
	evbuf_free(&c->win);
	free(c->gap);
	c->gap = NULL;
}

static uint64_t capture_from(const struct measure_spike *s, uint64_t lookback_ns)
{
	return s->deadline_ns > lookback_ns ? s->deadline_ns - lookback_ns : 0;
}

/* Is @x the largest spike its thread had so far (its run's maximum until a larger one)? */
static bool capture_is_thread_max(const struct capture *c, const struct measure_spike *x)
{
	return x->thread < 0 || x->thread >= CONFIG_MAX_THREADS ||
	       x->latency_ns >= c->thread_max_ns[x->thread];
}

/*
 * The batch is full: the spike to drop for @x, the smallest that did not
 * freeze the trace and is not its thread's maximum; CAPTURE_BATCH for @x
 * itself when that is smaller (or nothing else may go).
 */
static int capture_victim(const struct capture *c, const struct measure_spike *x)
{
	int i, v = CAPTURE_BATCH;
	int64_t lat = capture_is_thread_max(c, x) ? INT64_MAX : x->latency_ns;

	for (i = 0; i < c->nr_batch; i++) {
		const struct measure_spike *b = &c->batch[i];

		if (b->froze || capture_is_thread_max(c, b) || b->latency_ns >= lat)
			continue;
		if (v == CAPTURE_BATCH || b->latency_ns < c->batch[v].latency_ns)
			v = i;
	}
	if (v == CAPTURE_BATCH && lat == INT64_MAX) /* every other one is kept: the smallest */
		for (i = 0; i < c->nr_batch; i++)
			if (!c->batch[i].froze &&
			    (v == CAPTURE_BATCH || c->batch[i].latency_ns < c->batch[v].latency_ns))
				v = i;
	return v;
}

static void capture_remove(struct capture *c, int i)
{
	c->nr_batch--;
	memmove(&c->batch[i], &c->batch[i + 1], (size_t)(c->nr_batch - i) * sizeof(c->batch[0]));
	memmove(&c->batch_read[i], &c->batch_read[i + 1], (size_t)(c->nr_batch - i) * sizeof(bool));
}

/* Into the batch by deadline; a full batch drops its smallest (capture_victim()). */
static void capture_insert(struct capture *c, const struct measure_spike *x)
{
	int i;

	if (x->thread >= 0 && x->thread < CONFIG_MAX_THREADS &&
	    x->latency_ns > c->thread_max_ns[x->thread])
		c->thread_max_ns[x->thread] = x->latency_ns;
	if (c->nr_batch == CAPTURE_BATCH) {
		i = capture_victim(c, x);
		c->nr_dropped++;
		if (i == CAPTURE_BATCH)
			return;
		capture_remove(c, i);
	}
	for (i = c->nr_batch; i > 0 && c->batch[i - 1].deadline_ns > x->deadline_ns; i--) {
		c->batch[i] = c->batch[i - 1];
		c->batch_read[i] = c->batch_read[i - 1];
	}
	c->batch[i] = *x;
	c->batch_read[i] = false;
	c->nr_batch++;
}

/*
 * Take what the threads queued into the batch: everything (@all), or only
 * while there is room (nothing dropped, while a spike of the batch is
 * being covered).
 */
static bool capture_take(struct capture *c, bool all)
{
	struct measure_spike x;
	bool any = false;

	while ((all || c->nr_batch < CAPTURE_BATCH) && c->ops->take(c->m, &x)) {
		capture_insert(c, &x);
		any = true;
	}
	return any;
}

/* a swap leaves the events written on other CPUs meanwhile in both buffers' ends */
static int capture_push(const struct rtw_event *ev, void *arg)
{
	struct capture *c = arg;

	if (!c->gap) {
		c->gap = calloc(RTW_MAX_CPUS, sizeof(*c->gap));
		if (!c->gap)
			return -ENOMEM;
	}
	if (ev->cpu >= 0 && ev->cpu < RTW_MAX_CPUS) {
		struct capture_gap *g = &c->gap[ev->cpu];

		if (ev->kind == RTW_EV_LOST) {
			g->from_ns = g->last_ns;
			g->to_ns = ev->ts_ns;
		} else {
			g->last_ns = ev->ts_ns;
		}
	}
	return evbuf_push_sorted(&c->win, ev);
}

/*
 * Did the kernel overwrite events of the spike's CPU between its deadline
 * and wake-up before they were read? Overwriting takes the oldest first, so
 * a loss mark (at the first event that survived) after the deadline, or no
 * event of that CPU at all in the window, which holds the thread's own
 * wake-up and FREEZE line when the CPU's buffer still has them.
 */
static bool capture_overwritten(const struct capture *c, const struct measure_spike *x,
				const struct rtw_event *ev, size_t n)
{
	const struct capture_gap *g;
	size_t i;

	if (x->cpu < 0 || x->cpu >= RTW_MAX_CPUS)
		return false;
	g = c->gap ? &c->gap[x->cpu] : NULL;
	if (g && g->to_ns && g->from_ns < x->wake_ns && g->to_ns > x->deadline_ns)
		return true;
	for (i = 0; i < n; i++)
		if (ev[i].cpu == x->cpu)
			return false;
	return true;
}

/* Read into the window what the source holds from the batch's earliest need on. */
static int capture_read(struct capture *c, uint64_t until_ns)
{
	uint64_t from = UINT64_MAX;
	long n;
	int i;

	for (i = 0; i < c->nr_batch; i++) {
		uint64_t f = capture_from(&c->batch[i], c->lookback_ns);

		if (f < from)
			from = f;
	}
	evbuf_drop_before(&c->win, from); /* no spike waiting needs it */
	n = c->ops->read(c->ts, from, until_ns, capture_push, c);
	c->err = n < 0 ? (int)n : 0;
	return c->err;
}

static void capture_sleep(uint64_t ns)
{
	struct timespec ts = util_ns_to_ts(ns);

	nanosleep(&ts, NULL);
}

/*
 * STOP, SNAPSHOT: the spike's events are in a capture that a FREEZE line
 * made (its own, or a later spike's that swapped the spare), or one made
 * here (a spike that came while disarmed, or whose line failed).
 */
static int capture_frozen(struct capture *c, const struct measure_spike *x)
{
	uint64_t waited = 0;
	int i;

	for (;;) {
		for (i = 0; i < c->nr_batch; i++) {
			if (!c->batch[i].froze || c->batch_read[i])
				continue;
			/* recording stopped or swapped between write_ns and written_ns */
			c->batch_read[i] = true;
			c->own_arm = true;
			if (c->mode == TSESS_CAPTURE_STOP)
				c->stopped_ns = c->batch[i].write_ns;
			if (capture_read(c, UINT64_MAX))
				return c->err;
			c->covered_until_ns = c->batch[i].write_ns;
			if (c->covered_until_ns >= x->wake_ns)
				return 0;
		}
		if (c->own_arm || c->ops->disarm(c->m)) {
			uint64_t t = c->ops->now();
			int ret;

			c->own_arm = true;
			if (c->mode == TSESS_CAPTURE_STOP) {
				ret = c->stopped_ns ? 0 : c->ops->stop(c->ts);
				if (!c->stopped_ns)
					c->stopped_ns = t;
			} else {
				ret = c->ops->swap(c->ts);
			}
			if (ret)
				return c->err = ret;
			if (capture_read(c, UINT64_MAX))
				return c->err;
			c->covered_until_ns = t;
			return 0;
		}
		/* a thread's line disarmed first: its spike is being queued */
		if (waited >= CAPTURE_WAIT_NS)
			return c->err = -ETIMEDOUT;
		capture_sleep(CAPTURE_WAIT_STEP);
		waited += CAPTURE_WAIT_STEP;
		capture_take(c, false);
	}
}

/* Make the window cover @x (a copy: the batch may grow meanwhile), batch[@pick]. */
static int capture_cover(struct capture *c, const struct measure_spike *x, int pick)
{
	if (c->mode == TSESS_CAPTURE_LIVE) {
		if (c->covered_until_ns >= x->written_ns)
			return 0;
		if (capture_read(c, x->written_ns))
			return c->err;
		c->covered_until_ns = x->written_ns;
		return 0;
	}
	if (c->covered_until_ns >= x->wake_ns && (!x->froze || c->batch_read[pick]))
		return 0;
	return capture_frozen(c, x);
}

/* Where @x is in the batch now (it was at @pick: capture_take() may have moved it). */
static int capture_index(const struct capture *c, const struct measure_spike *x, int pick)
{
	int i;

	for (i = 0; i < c->nr_batch; i++)
		if (c->batch[i].thread == x->thread && c->batch[i].cycle == x->cycle &&
		    c->batch[i].deadline_ns == x->deadline_ns)
			return i;
	return pick; /* not reached: nothing is dropped while covering */
}

/* No spike waits: what a frozen trace needs to record and trigger again. */
static void capture_idle(struct capture *c)
{
	if (!c->own_arm)
		return;
	if (c->mode == TSESS_CAPTURE_STOP && c->stopped_ns) {
		int ret = c->ops->restart(c->ts);
		uint64_t t;

		if (ret) {
			log_err("cannot re-arm tracing: %s", strerror(-ret));
			return; /* still stopped: the next spike tries again */
		}
		t = c->ops->now();
		c->blind_ns += t - c->stopped_ns;
		c->stopped_ns = 0;
		/* what came before the clear is another recording */
		evbuf_clear(&c->win);
		c->complete_since_ns = t;
		c->covered_until_ns = 0;
	}
	c->own_arm = false;
	c->ops->rearm(c->m);
}

bool capture_next(struct capture *c, struct capture_spike *out)
{
	const struct measure_spike *x;
	uint64_t from, since, end;
	size_t a, b;
	int pick;

	capture_take(c, true);
	if (!c->nr_batch) {
		capture_idle(c);
		return false;
	}
	memset(out, 0, sizeof(*out));
	/*
	 * live: read ahead to the newest waiting spike first, so that every waiting window is
	 * in memory before the kernel can overwrite it; then explain the oldest
	 */
	if (c->mode == TSESS_CAPTURE_LIVE && c->nr_batch > 1)
		capture_cover(c, &c->batch[c->nr_batch - 1], c->nr_batch - 1);
	/*
	 * the oldest (the batch is in deadline order): windows are saved and handed over the way
	 * they overlap; what goes when spikes come faster is the smallest, never a thread's
	 * maximum (capture_victim()), so the order does not decide which are explained
	 */
	pick = 0;
	out->ms = c->batch[pick];
	x = &out->ms;
	out->err = capture_cover(c, x, pick);
	if (!out->err) {
		from = capture_from(x, c->lookback_ns);
		end = (x->written_ns > x->wake_ns ? x->written_ns : x->wake_ns) + CAPTURE_TAIL_NS;
		a = evbuf_first_at(&c->win, from);
		b = evbuf_first_at(&c->win, end + 1);
		out->ev = evbuf_data(&c->win) + a;
		out->n = b - a;
		/* complete since: the (re)start, and after what was dropped or walked past */
		since = c->complete_since_ns;
		if (c->win.dropped && c->win.dropped_until_ns + 1 > since)
			since = c->win.dropped_until_ns + 1;
		if (c->ops->skipped_until(c->ts) + 1 > since && c->ops->skipped_until(c->ts))
			since = c->ops->skipped_until(c->ts) + 1;
		out->trace_start_ns = since > from ? since : from;
		out->overwritten = capture_overwritten(c, x, out->ev, out->n);
	}
	capture_remove(c, capture_index(c, x, pick));
	return true;
}
