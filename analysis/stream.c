// SPDX-License-Identifier: GPL-2.0-only
/*
 * stream - a reader's callback per event: duplicates of a second buffer
 * dropped, a new recording (saved window, time going back) empties the
 * window, the event is kept, and a spike marker is explained from the
 * window at once and handed to the caller.
 *
 * A trace.dat is walked raw and nothing of it is kept but places (datwin):
 * per CPU where each 10 ms of the window started, the CPU of each task's
 * last wakeup; only a marker is decoded as it passes. At a spike the window
 * is read again from those places and decoded: every CPU when the window is
 * small (STREAM_DECODE_ALL records), else the CPUs the explanation needs,
 * in order of need: the thread's CPU and its waker's, then those the first
 * explanation names (its timer's, the run queues it was woken onto and ran
 * on, its culprits'), read in a second round when it named any other. Its
 * memory is then one explanation's, whatever the CPU count.
 *
 * A spike explained incomplete only because a CPU's events end before its
 * wake time is held back and explained again once the reader has gone
 * STREAM_LOOKAHEAD_NS past that time (or met the next spike, a new window,
 * the end): if the CPU's events go on, it was silent (a stalled vCPU, a
 * tickless CPU), not cut off, as the live run that saved the window saw.
 *
 * A timerlat trace (rtla timerlat -a N -t FILE) has a sample per activation,
 * not a marker per spike: rtla saves it when one crossed its threshold and
 * the tracer stopped tracing after it, so that sample (timerlat.h: the first
 * with its stack dumped, else the last) is the spike, explained at the end of
 * the trace: a thread sample as the thread's wakeup;
 * an IRQ sample (rtla -a stops on the IRQ latency too) as the wakeup the
 * timer's interrupt came too late for, the thread being the one of that
 * CPU's thread samples; a user-ret sample (rtla's user-space threads: the
 * kernel stops on the time to the thread's return to user space too, which
 * rtla then calls its thread latency) as that thread's latency up to its
 * next read of the timerlat file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/datread.h"
#include "analysis/datwin.h"
#include "analysis/diag.h"
#include "analysis/evbuf.h"
#include "analysis/marker.h"
#include "analysis/stream.h"
#include "analysis/textread.h"
#include "analysis/timerlat.h"
#include "analysis/util.h"

#define STREAM_MARKER_DUP_NS	(1 * NSEC_PER_MSEC)  /* same marker from two buffers */
#define STREAM_RESTART_NS	(1 * NSEC_PER_MSEC)  /* time going back: a new trace */
#define STREAM_LOOKAHEAD_NS	(10 * NSEC_PER_MSEC) /* read on past a spike whose CPU fell silent */
#define STREAM_TIMERLAT_RACE_NS NSEC_PER_SEC	     /* rtla's period: its stop to its reading it */
#define STREAM_WHAT_LEN		(RTW_MARKER_LEN + 448) /* what a spike came from, said */

/* A spike held back (see the top), explained again at stream_flush(). */
struct stream_pending {
	bool on;
	struct blame_spike sp;
	char what[STREAM_WHAT_LEN];
};

struct stream {
	const struct stream_opts *o;
	struct stream_summary *sum;
	struct textread *tr; /* the reader: one of the two */
	struct datread *dr;
	struct evbuf win;   /* text: the window; trace.dat: the decoded one being explained */
	struct datwin *dw;  /* trace.dat: the window's places */
	uint64_t newest_ns; /* trace.dat: the newest record of the window */
	int owner[RTW_EV_NR_KINDS]; /* buffer whose events of a kind are used, -1 none yet */
	uint64_t last_ts_ns;
	unsigned int windows;	      /* saved windows seen (text) */
	struct rtw_event last_marker; /* the previous marker taken */
	bool have_marker;
	bool manual_done;
	struct rtw_event timerlat; /* the last timerlat thread sample */
	bool have_timerlat;
	struct rtw_event timerlat_irq; /* the last timerlat IRQ sample */
	bool have_timerlat_irq;
	struct rtw_event timerlat_ret; /* the last timerlat user-ret sample */
	bool have_timerlat_ret;
	uint64_t timerlat_samples;
	int max_cpu;
	struct stream_pending pending;
	bool flushing;		   /* explaining the held back spike: no holding back again */
	struct evbuf_rec last_rec; /* trace.dat: the last record noted in the window */
	bool have_last_rec;
	int err; /* -ENOMEM in the callback */
};

static const char *stream_clock(const struct stream *st, int buffer)
{
	if (st->o->clock)
		return st->o->clock;
	if (st->dr)
		return datread_buffer_clock(st->dr, buffer);
	return textread_stats(st->tr)->clock;
}

/* "1116.268022", or with nanoseconds when the trace has them */
static void stream_ts(uint64_t ns, char *buf, size_t len)
{
	if (ns % NSEC_PER_USEC)
		snprintf(buf, len, "%llu.%09llu", (unsigned long long)(ns / NSEC_PER_SEC),
			 (unsigned long long)(ns % NSEC_PER_SEC));
	else
		snprintf(buf, len, "%llu.%06llu", (unsigned long long)(ns / NSEC_PER_SEC),
			 (unsigned long long)(ns % NSEC_PER_SEC / NSEC_PER_USEC));
}

/* What the file says about itself, into the summary (text: as far as read). */
static void stream_facts(struct stream *st)
{
	struct stream_summary *sum = st->sum;

	util_strlcpy(sum->clock, stream_clock(st, 0), sizeof(sum->clock));
	sum->nr_cpus = st->max_cpu + 1;
	if (st->dr) {
		const struct datread_info *in = datread_info(st->dr);

		snprintf(sum->format, sizeof(sum->format), "trace.dat v%d", in->file_version);
		util_strlcpy(sum->kernel, in->release, sizeof(sum->kernel));
		if (in->nr_cpus > 0)
			sum->nr_cpus = in->nr_cpus;
		sum->nr_buffers = in->nr_buffers;
		sum->lost = in->lost_records;
		sum->layout_assumed = in->layout_assumed;
	} else {
		const struct textread_stats *ts = textread_stats(st->tr);

		util_strlcpy(sum->format, textread_flavor_name(ts->flavor), sizeof(sum->format));
		util_strlcpy(sum->kernel, ts->kernel, sizeof(sum->kernel));
		/* the header's #P:, unless the events show more CPUs (rtwhy before 2026-12
		 * wrote its explaining thread's affinity there) */
		if (ts->nr_cpus > sum->nr_cpus)
			sum->nr_cpus = ts->nr_cpus;
		sum->nr_buffers = ts->nr_buffers;
		sum->lines = ts->lines;
		sum->unparsed_lines = ts->unparsed;
		sum->first_unparsed_line = ts->first_unparsed_line;
		sum->lost = ts->lost_lines;
		sum->cut = ts->cut;
		sum->relative_ts = ts->relative_ts;
		sum->flagless = ts->flagless;
	}
}

/* What the trace file says of its kernel (release, its own fields and columns, a
 * saved window's header): the facts blame cannot read in the events. */
static void stream_kernel(const struct stream *st, struct blame_kernel *k)
{
	memset(k, 0, sizeof(*k));
	if (st->dr) {
		const struct datread_info *in = datread_info(st->dr);

		if (in->preempt_rt > 0)
			k->preempt_rt = 1;
		k->preempt = (int8_t)(in->preempt_rt > 0 ? UTIL_PREEMPT_RT : UTIL_PREEMPT_UNKNOWN);
	} else {
		const struct textread_stats *ts = textread_stats(st->tr);
		int rt = util_kernel_rt(ts->kernel, ts->kernel_version);

		k->preempt_rt = ts->rt_layout ? 1 : (int8_t)(rt > 0 ? 1 : (rt == 0 ? -1 : 0));
		k->main_tid = ts->main_tid;
		k->tick_ns = util_hz_tick_ns(ts->hz);
		k->preempt = (int8_t)(ts->preempt ? ts->preempt
						  : util_preempt_of_version(ts->kernel_version));
		if (k->preempt_rt > 0)
			k->preempt = UTIL_PREEMPT_RT;
	}
	if (k->preempt_rt > 0)
		k->threaded_irqs = 1;
}

static void stream_keep_result(struct stream *st, const struct blame_result *res)
{
	struct stream_summary *sum = st->sum;
	struct blame_result *kept;

	if (sum->nr_spikes == STREAM_MAX_KEPT)
		return;
	kept = realloc(sum->spikes, (sum->nr_spikes + 1) * sizeof(*kept));
	if (!kept)
		return;
	sum->spikes = kept;
	sum->spikes[sum->nr_spikes++] = *res;
}

/* major * 1000 + minor of the traced kernel, when the trace says it; 0 */
static int stream_kernel_version(const struct stream *st)
{
	const char *release =
		st->dr ? datread_info(st->dr)->release : textread_stats(st->tr)->kernel;
	int major, minor;

	if (!release || !release[0] || util_kernel_version(release, &major, &minor))
		return 0;
	return major * 1000 + minor;
}

/* nothing of this machine: the trace may come from another; only what it says of its
 * kernel (a kernel before 6.12 has no fair server; PREEMPT_RT, its HZ ...) */
static void stream_host(const struct stream *st, struct blame_host *host,
			struct cause_dl_task dl[TEXTREAD_MAX_DL])
{
	const struct textread_stats *ts = st->tr ? textread_stats(st->tr) : NULL;
	int i;

	memset(host, 0, sizeof(*host));
	host->steal_ns = -1;
	stream_kernel(st, &host->kernel);
	host->cause.knobs.kernel_version = stream_kernel_version(st);
	/* a saved window's SCHED_DEADLINE reservations, as the live run read them */
	for (i = 0; ts && i < ts->nr_dl; i++) {
		dl[i].pid = ts->dl[i].pid;
		dl[i].runtime_ns = ts->dl[i].runtime_ns;
		dl[i].deadline_ns = ts->dl[i].deadline_ns;
		dl[i].period_ns = ts->dl[i].period_ns;
	}
	host->cause.dl_tasks = ts && ts->nr_dl ? dl : NULL;
	host->cause.nr_dl_tasks = ts ? (size_t)ts->nr_dl : 0;
}

static void stream_explain(struct stream *st, const struct blame_spike *sp, const char *what)
{
	struct cause_dl_task dl[TEXTREAD_MAX_DL];
	struct blame_host host;
	struct blame_result res;
	struct blame_trace trace;
	char at[32];
	int ret;

	stream_ts(sp->wake_ns, at, sizeof(at));
	stream_host(st, &host, dl);
	ret = blame_explain_trace(evbuf_data(&st->win), evbuf_len(&st->win), sp, &host, &res,
				  &trace);
	if (ret) {
		diag_report(DIAG_ERR, "cannot explain the spike of tid %d at %s: %s", sp->tid, at,
			    ret == -ENODATA ? "no event before it" : strerror(-ret));
		st->sum->nr_failed++;
		return;
	}
	if (res.tail_cpu >= 0 && !st->flushing && !st->pending.on) {
		/* a CPU fell silent before the wake time: read on to see whether it goes on */
		st->pending.on = true;
		st->pending.sp = *sp;
		util_strlcpy(st->pending.what, what, sizeof(st->pending.what));
		blame_trace_free(&trace);
		return;
	}
	st->sum->nr_explained++;
	if (st->o->on_spike) {
		struct stream_spike spike = { .index = st->sum->nr_explained,
					      .what = what,
					      .res = &res,
					      .trace = &trace,
					      .ev = evbuf_data(&st->win),
					      .nr_events = evbuf_len(&st->win),
					      .sum = st->sum };

		stream_facts(st);
		st->o->on_spike(&spike, st->o->arg);
	}
	blame_trace_free(&trace);
	stream_keep_result(st, &res);
}

/* 1 the trace clock is mono, 0 it is another, -1 the trace does not say */
static int stream_clock_mono(const struct stream *st, int buffer)
{
	const char *clock = stream_clock(st, buffer);

	if (!clock[0])
		return -1;
	return !strcmp(clock, "mono");
}

static void stream_marker(struct stream *st, const struct rtw_event *ev, int buffer)
{
	uint64_t unit = NSEC_PER_USEC;
	struct marker m;
	struct blame_spike sp;
	char what[STREAM_WHAT_LEN], at[32];

	if (!marker_parse(ev->u.marker.text, &m))
		return;
	if (m.kind == MARKER_TIMERLAT) {
		st->timerlat_samples++;
		if (m.context == MARKER_TIMERLAT_THREAD) {
			st->timerlat = *ev;
			st->have_timerlat = true;
		} else if (m.context == MARKER_TIMERLAT_IRQ) {
			st->timerlat_irq = *ev;
			st->have_timerlat_irq = true;
		} else if (m.context == MARKER_TIMERLAT_USER_RET) {
			st->timerlat_ret = *ev;
			st->have_timerlat_ret = true;
		}
		return;
	}
	stream_ts(ev->ts_ns, at, sizeof(at));
	if (marker_spike_window(evbuf_data(&st->win), evbuf_len(&st->win), ev, &m,
				stream_clock_mono(st, buffer), &sp, &unit)) {
		diag_report(DIAG_ERR,
			    "cannot explain the marker at %s: its latency is longer than its time",
			    at);
		st->sum->nr_failed++;
		return;
	}
	/* a window saved by rtwhy says since when it was recording, like the live run knew */
	if (m.kind == MARKER_FREEZE && sp.deadline_exact && st->tr)
		sp.trace_start_ns = textread_stats(st->tr)->recording_since_ns;
	if (sp.deadline_from == BLAME_DEADLINE_HRTIMER)
		st->sum->timer_deadlines++;
	snprintf(what, sizeof(what), "marker at %s on CPU %d by %s-%d%s: %s", at, ev->cpu,
		 ev->comm[0] ? ev->comm : "<...>", ev->pid,
		 unit == 1 ? " (cyclictest -N: nanoseconds)" : "", ev->u.marker.text);
	stream_explain(st, &sp, what);
}

/* The spike given by hand (stream_opts.manual). */
static void stream_manual_spike(const struct stream *st, struct blame_spike *sp)
{
	const struct stream_opts *o = st->o;

	memset(sp, 0, sizeof(*sp));
	sp->thread = -1;
	sp->tid = o->pid;
	sp->cpu = -1;
	sp->deadline_ns = o->at_ns - o->latency_ns;
	sp->wake_ns = o->at_ns;
	sp->slack_ns = -1;
	util_strlcpy(sp->source, BLAME_SOURCE_MANUAL, sizeof(sp->source));
}

static void stream_manual(struct stream *st)
{
	const struct stream_opts *o = st->o;
	struct blame_spike sp;
	char what[96], at[32];

	stream_manual_spike(st, &sp);
	st->manual_done = true;
	stream_ts(o->at_ns, at, sizeof(at));
	snprintf(what, sizeof(what), "spike given by hand: tid %d ran at %s, %llu us late", o->pid,
		 at, (unsigned long long)(o->latency_ns / NSEC_PER_USEC));
	stream_explain(st, &sp, what);
}

/* Several buffers may carry the same events (a tracepoint enabled in two): per kind,
 * the first buffer that gives it is used. Markers come from every buffer, once. */
static bool stream_take_kind(struct stream *st, int kind, int buffer)
{
	if (st->owner[kind] < 0)
		st->owner[kind] = buffer;
	if (st->owner[kind] == buffer)
		return true;
	st->sum->duplicates++;
	return false;
}

static bool stream_take(struct stream *st, const struct rtw_event *ev, int buffer)
{
	if (ev->kind == RTW_EV_LOST)
		return true;
	if (ev->kind == RTW_EV_MARKER) {
		const struct rtw_event *l = &st->last_marker;

		if (st->have_marker && l->pid == ev->pid &&
		    ev->ts_ns - l->ts_ns < STREAM_MARKER_DUP_NS &&
		    !strcmp(l->u.marker.text, ev->u.marker.text))
			return false;
		st->last_marker = *ev;
		st->have_marker = true;
		return true;
	}
	return stream_take_kind(st, ev->kind, buffer);
}

/* The held back spike (see the top), explained from the window as read now. */
static void stream_flush(struct stream *st)
{
	struct stream_pending p = st->pending;

	st->pending.on = false;
	st->flushing = true;
	stream_explain(st, &p.sp, p.what);
	st->flushing = false;
}

/* Has the reader gone far enough past the held back spike, at an event at @ts_ns? */
static bool stream_flush_due(const struct stream *st, uint64_t ts_ns, int kind)
{
	return st->pending.on &&
	       (ts_ns > st->pending.sp.wake_ns + STREAM_LOOKAHEAD_NS || kind == RTW_EV_MARKER ||
		ts_ns + STREAM_RESTART_NS < st->last_ts_ns);
}

static int stream_on_event(const struct rtw_event *ev, int buffer, void *arg)
{
	struct stream *st = arg;
	bool new_window = st->tr && textread_stats(st->tr)->windows != st->windows;

	if (stream_flush_due(st, ev->ts_ns, ev->kind) || (st->pending.on && new_window))
		stream_flush(st);
	if (new_window) {
		/* a new saved window: what came before was another recording */
		st->windows = textread_stats(st->tr)->windows;
		evbuf_clear(&st->win);
	}
	if (ev->ts_ns + STREAM_RESTART_NS < st->last_ts_ns) { /* time went back: a new trace */
		st->sum->restarts++;
		evbuf_clear(&st->win);
	}
	if (!stream_take(st, ev, buffer))
		return 0;
	if (st->o->manual && !st->manual_done && ev->ts_ns > st->o->at_ns)
		stream_manual(st);
	if (evbuf_push(&st->win, ev)) {
		st->err = -ENOMEM;
		return st->err;
	}
	st->sum->events++;
	st->last_ts_ns = ev->ts_ns;
	if (ev->cpu > st->max_cpu)
		st->max_cpu = ev->cpu;
	if (ev->kind == RTW_EV_MARKER && !st->o->manual)
		stream_marker(st, ev, buffer);
	return 0;
}

/* The window's start: @window_ns before its newest record. */
static uint64_t stream_since(const struct stream *st)
{
	return st->newest_ns > st->o->window_ns ? st->newest_ns - st->o->window_ns : 0;
}

/* trace.dat: the window of @cpus (NULL every CPU) up to @end, decoded into st->win. */
static int stream_read_window(struct stream *st, const bool *cpus, int nr,
			      const struct datwin_end *end)
{
	int ret = datwin_read(st->dw, st->dr, cpus, nr, stream_since(st), end, st->owner, &st->win);

	if (ret == -EIO)
		diag_report(DIAG_ERR, "cannot read %s again: %s", st->o->name, strerror(EIO));
	else if (ret)
		st->err = ret;
	return ret;
}

static void stream_want(bool *cpus, int nr, int cpu, bool *more)
{
	if (cpu < 0 || cpu >= nr || cpus[cpu])
		return;
	cpus[cpu] = true;
	*more = true;
}

/* The spike a window of some CPUs is read for: a marker's (read in the window), or given. */
struct stream_need {
	const struct rtw_event *marker; /* NULL: @given */
	const struct marker *m;
	int buffer;
	const struct blame_spike *given;
};

/*
 * The CPUs the explanation of the window read so far names that are not read yet, into
 * @cpus: its timer's, the run queue it was woken onto, where it ran, its culprits', the RT
 * period timer's that ended a throttling, a CPU stopper's waker's and the CPU it moved a
 * task from. (A lock holder's CPU is not among them: the explanation does not say it.)
 * Every CPU when the thread's wakeup or switch-in is not among the CPUs read.
 * Return: true if there is any.
 */
static bool stream_named_cpus(struct stream *st, const struct stream_need *n, bool *cpus, int nr)
{
	struct cause_dl_task dl[TEXTREAD_MAX_DL];
	struct blame_host host;
	struct blame_result res;
	struct blame_spike sp;
	uint64_t unit = NSEC_PER_USEC;
	bool more = false;
	int i;

	if (n->given)
		sp = *n->given;
	else if (marker_spike_window(evbuf_data(&st->win), evbuf_len(&st->win), n->marker, n->m,
				     stream_clock_mono(st, n->buffer), &sp, &unit))
		return false;
	stream_host(st, &host, dl);
	if (blame_explain(evbuf_data(&st->win), evbuf_len(&st->win), &sp, &host, &res))
		return false;
	if (!res.waking_ns || !res.switch_ns) { /* its wakeup is elsewhere: every CPU */
		for (i = 0; i < nr; i++)
			stream_want(cpus, nr, i, &more);
		return more;
	}
	stream_want(cpus, nr, res.timer_cpu, &more);
	stream_want(cpus, nr, res.wake_cpu, &more);
	stream_want(cpus, nr, res.run_cpu, &more);
	for (i = 0; i < res.nr_culprits; i++)
		stream_want(cpus, nr, res.culprit[i].cpu, &more);
	if (res.cause.bw.period_timer_ns) /* the RT period timer that ended a throttling */
		stream_want(cpus, nr, res.cause.bw.period_timer_cpu, &more);
	if (res.cause.stop.seen) { /* the stopper's waker, where it moved a task from */
		if (res.cause.stop.by_pid >= 0)
			stream_want(cpus, nr, res.cause.stop.by_cpu, &more);
		if (res.cause.stop.moved_pid >= 0)
			stream_want(cpus, nr, res.cause.stop.moved_from, &more);
	}
	return more;
}

/*
 * trace.dat, a window too large to decode whole: the CPUs the explanation of @tid needs
 * (see the top), into st->win; @cpus holds those known already (the marker's), and gets
 * the waker's and the run queue the thread was woken onto. None known: every CPU.
 */
static int stream_read_needed(struct stream *st, int32_t tid, bool *cpus, int nr,
			      const struct stream_need *n, const struct datwin_end *end)
{
	int target, waker = datwin_waker_cpu(st->dw, tid, stream_since(st), &target), i, ret;
	bool more = false;

	stream_want(cpus, nr, waker, &more);
	stream_want(cpus, nr, target, &more);
	for (i = 0; i < nr; i++)
		more |= cpus[i];
	if (!more)
		return stream_read_window(st, NULL, 0, end);
	ret = stream_read_window(st, cpus, nr, end);
	if (!ret && stream_named_cpus(st, n, cpus, nr))
		ret = stream_read_window(st, cpus, nr, end); /* the second and last round */
	return ret;
}

/* Is the window too large to decode whole? */
static bool stream_too_large(const struct stream *st)
{
	uint64_t all = st->o->decode_all ? st->o->decode_all : STREAM_DECODE_ALL;

	return datwin_count(st->dw, NULL, 0, stream_since(st)) > all;
}

/* trace.dat: a spike marker taken at @r, explained from the window it ends. */
static int stream_dat_marker(struct stream *st, const struct rtw_event *marker,
			     const struct evbuf_rec *r)
{
	struct datwin_end end = { r->ts_ns, r->buffer, r->cpu, r->offset, true };
	struct stream_need n = { .marker = marker, .buffer = r->buffer };
	int nr = st->max_cpu + 1, ret;
	struct marker m;
	bool *cpus, seeded = false;

	if (!marker_parse(marker->u.marker.text, &m))
		return 0;
	if (m.kind == MARKER_TIMERLAT) { /* a sample: no window needed */
		stream_marker(st, marker, r->buffer);
		return 0;
	}
	if (!stream_too_large(st)) {
		ret = stream_read_window(st, NULL, 0, &end);
	} else {
		cpus = calloc((size_t)nr, sizeof(*cpus));
		if (!cpus)
			return st->err = -ENOMEM;
		n.m = &m;
		stream_want(cpus, nr, marker->cpu, &seeded); /* the thread's CPU */
		if (m.kind == MARKER_FREEZE)
			stream_want(cpus, nr, m.cpu, &seeded);
		ret = stream_read_needed(st,
					 m.kind == MARKER_FREEZE && m.tid > 0 ? m.tid : marker->pid,
					 cpus, nr, &n, &end);
		free(cpus);
	}
	if (!ret)
		stream_marker(st, marker, r->buffer);
	evbuf_free(&st->win); /* memory for one explanation at a time */
	return st->err;
}

/*
 * trace.dat: the window up to @end for a spike known already (@sp, not a marker's): whole
 * when small, else the CPUs it needs, @cpu (where its thread ran) first.
 */
static int stream_dat_read_given(struct stream *st, const struct blame_spike *sp, int cpu,
				 const struct datwin_end *end)
{
	struct stream_need n = { .given = sp };
	int nr = st->max_cpu + 1, ret;
	bool *cpus, seeded = false;

	if (!stream_too_large(st))
		return stream_read_window(st, NULL, 0, end);
	cpus = calloc(nr > 0 ? (size_t)nr : 1, sizeof(*cpus));
	if (!cpus)
		return st->err = -ENOMEM;
	stream_want(cpus, nr, cpu, &seeded);
	ret = stream_read_needed(st, sp->tid, cpus, nr, &n, end);
	free(cpus);
	return ret;
}

/* trace.dat: the held back spike, from the window read again up to the last record noted. */
static int stream_dat_flush(struct stream *st)
{
	const struct evbuf_rec *r = &st->last_rec;
	struct datwin_end end = { r->ts_ns, r->buffer, r->cpu, r->offset, true };

	if (!st->have_last_rec) {
		stream_flush(st); /* nothing to read again: the window it had */
		return st->err;
	}
	if (!stream_dat_read_given(st, &st->pending.sp, st->pending.sp.cpu, &end))
		stream_flush(st);
	else
		st->pending.on = false;
	evbuf_free(&st->win);
	return st->err;
}

/* trace.dat: the spike given by hand, before @r: its thread's CPU where it last ran. */
static int stream_dat_manual(struct stream *st, const struct evbuf_rec *r)
{
	struct datwin_end end = { r->ts_ns, r->buffer, r->cpu, r->offset, false };
	struct blame_spike sp;

	stream_manual_spike(st, &sp);
	if (!stream_dat_read_given(st, &sp, datwin_ran_cpu(st->dw, st->o->pid, stream_since(st)),
				   &end))
		stream_manual(st);
	else
		st->manual_done = true;
	evbuf_free(&st->win);
	return st->err;
}

static int stream_on_rec(const struct evbuf_rec *r, void *arg)
{
	struct stream *st = arg;
	struct rtw_event ev[DATREAD_MAX_EVENTS], *marker = NULL;
	bool used = true; /* its event, not only the loss it announces */
	int n;

	if (stream_flush_due(st, r->ts_ns, r->kind) && stream_dat_flush(st))
		return st->err;
	if (r->ts_ns + STREAM_RESTART_NS < st->last_ts_ns) { /* time went back: a new trace */
		st->sum->restarts++;
		datwin_clear(st->dw);
		st->newest_ns = 0;
		st->have_last_rec = false;
	}
	if (r->kind == RTW_EV_MARKER) {
		n = datread_decode(st->dr, r, ev);
		if (n && ev[n - 1].kind == RTW_EV_MARKER) {
			marker = &ev[n - 1];
			if (!stream_take(st, marker, r->buffer)) {
				datwin_note_dropped(st->dw, r);
				marker = NULL;
			}
		}
		if (!marker && !r->missed)
			return 0;
		used = marker != NULL;
	} else if (!stream_take_kind(st, r->kind, r->buffer)) {
		if (!r->missed)
			return 0;
		used = false; /* the loss it announces is used all the same */
	} else if (r->kind == RTW_EV_WAKING || r->kind == RTW_EV_WAKEUP) {
		int32_t target, pid = datread_task_pid(st->dr, r, &target);

		datwin_note_wakeup(st->dw, pid, target, r);
	} else if (r->kind == RTW_EV_SWITCH) {
		int32_t none, pid = datread_task_pid(st->dr, r, &none);

		datwin_note_switch_in(st->dw, pid, r);
	}
	if (st->o->manual && !st->manual_done && r->ts_ns > st->o->at_ns &&
	    stream_dat_manual(st, r))
		return st->err;
	if (datwin_note(st->dw, r))
		return st->err = -ENOMEM;
	st->last_rec = *r;
	st->have_last_rec = true;
	st->sum->events += (r->missed ? 1 : 0) + used;
	st->last_ts_ns = r->ts_ns;
	if (r->ts_ns > st->newest_ns)
		st->newest_ns = r->ts_ns;
	if (r->cpu > st->max_cpu)
		st->max_cpu = r->cpu;
	if (marker && !st->o->manual)
		return stream_dat_marker(st, marker, r);
	return 0;
}

static void stream_init(struct stream *st, const struct stream_opts *o, struct stream_summary *sum)
{
	int k;

	memset(st, 0, sizeof(*st));
	memset(sum, 0, sizeof(*sum));
	st->o = o;
	st->sum = sum;
	st->max_cpu = -1;
	for (k = 0; k < RTW_EV_NR_KINDS; k++)
		st->owner[k] = -1;
	evbuf_init(&st->win, o->window_ns, STREAM_MAX_EVENTS);
}

/*
 * The events a timerlat trace needs for an explanation, by the rtla option that
 * records them: one line naming the options none of whose events the trace has.
 */
static void stream_timerlat_events(const struct stream *st)
{
	static const struct {
		const char *option, *events;
		int kinds[3];
	} need[] = {
		{ "-e sched", "sched_switch, sched_waking", { RTW_EV_SWITCH, RTW_EV_WAKING, -1 } },
		{ "-e irq",
		  "irq_handler_entry, softirq_entry",
		  { RTW_EV_IRQ_ENTRY, RTW_EV_SOFTIRQ_ENTRY, RTW_EV_SOFTIRQ_RAISE } },
		{ "-e timer",
		  "hrtimer_expire_entry, hrtimer_start",
		  { RTW_EV_HRTIMER_ENTRY, RTW_EV_HRTIMER_START, -1 } },
		{ "-e irq_vectors", "local_timer_entry", { RTW_EV_VECTOR_ENTRY, -1, -1 } },
	};
	char events[200] = "", options[80] = "";
	size_t i, k, el = 0, ol = 0;
	bool seen;

	for (i = 0; i < ARRAY_SIZE(need); i++) {
		for (seen = false, k = 0; k < ARRAY_SIZE(need[i].kinds) && need[i].kinds[k] >= 0;
		     k++)
			seen |= st->owner[need[i].kinds[k]] >= 0;
		if (seen || el >= sizeof(events) || ol >= sizeof(options))
			continue;
		el += (size_t)snprintf(events + el, sizeof(events) - el, "%s%s", el ? ", " : "",
				       need[i].events);
		ol += (size_t)snprintf(options + ol, sizeof(options) - ol, "%s%s", ol ? " " : "",
				       need[i].option);
	}
	if (el && ol < sizeof(options))
		diag_report(
			DIAG_WARN,
			"%s: this timerlat trace has no %s events: record it with rtla timerlat "
			"... -t FILE %s",
			st->o->name, events, options);
}

/* The spike of a timerlat trace: the sample rtla stopped on, else its last (see the top). */
static void stream_timerlat(struct stream *st)
{
	const struct rtw_event *ev = st->have_timerlat ? &st->timerlat : NULL;
	const struct rtw_event *stop =
		timerlat_stop(evbuf_data(&st->win), evbuf_len(&st->win), st->max_cpu);
	bool irq = false, ret = false, by_stack;
	struct marker m;
	struct blame_spike sp;
	char what[STREAM_WHAT_LEN], at[32];

	if (st->have_timerlat_irq && (!ev || st->timerlat_irq.ts_ns > ev->ts_ns)) {
		ev = &st->timerlat_irq;
		irq = true;
	}
	if (st->have_timerlat_ret && (!ev || st->timerlat_ret.ts_ns > ev->ts_ns)) {
		ev = &st->timerlat_ret;
		irq = false;
		ret = true;
	}
	/* @ev is a copy: the same sample has its time and CPU */
	by_stack = stop && (stop->ts_ns != ev->ts_ns || stop->cpu != ev->cpu) &&
		   marker_parse(stop->u.marker.text, &m);
	if (by_stack) {
		ev = stop;
		irq = m.context == MARKER_TIMERLAT_IRQ;
		ret = m.context == MARKER_TIMERLAT_USER_RET;
	}
	stream_timerlat_events(st);
	stream_ts(ev->ts_ns, at, sizeof(at));
	if (!marker_parse(ev->u.marker.text, &m) || marker_spike(ev, &m, false, 1, &sp)) {
		diag_report(DIAG_ERR,
			    "cannot explain the timerlat sample at %s: its latency is longer than "
			    "its time",
			    at);
		st->sum->nr_failed++;
		return;
	}
	if (irq) {
		/* the timer's interrupt came LAT late: the wakeup it did not do before */
		sp.timer_only = true;
		/* -1 when no thread sample names it (rtla stopped at the first activation): the
		 * spike ends at the timer's expiry, before any wakeup of the thread */
		sp.tid = timerlat_thread(evbuf_data(&st->win), evbuf_len(&st->win), ev->cpu);
	}
	snprintf(what, sizeof(what),
		 "timerlat %s sample at %s on CPU %d by %s-%d (%s of %llu, where rtla "
		 "stopped%s): %s",
		 irq   ? "IRQ"
		 : ret ? "user-ret"
		       : "thread",
		 at, ev->cpu, ev->comm[0] ? ev->comm : "<...>", ev->pid,
		 by_stack ? "the first with its stack dumped after it and no later sample of its "
			    "CPU, a later one of another CPU's before the trace stopped"
			  : "the last",
		 (unsigned long long)st->timerlat_samples,
		 irq   ? ", on the IRQ latency: the thread had not run yet"
		 : ret ? ", on the time to its thread's return to user space, which rtla calls its "
			 "thread latency"
		       : "",
		 ev->u.marker.text);
	stream_explain(st, &sp, what);
}

/* The end of the trace: the spike named by hand after its last event, then the facts. */
static int stream_finish(struct stream *st, int ret)
{
	const struct stream_opts *o = st->o;

	if (!ret && st->pending.on && st->dr) /* the end of the trace: as far as it goes */
		ret = stream_dat_flush(st);
	else if (!ret && st->pending.on)
		stream_flush(st);
	st->flushing = true; /* nothing comes after what is explained now */
	if (!ret && !o->manual &&
	    (st->have_timerlat || st->have_timerlat_irq || st->have_timerlat_ret))
		stream_timerlat(st);
	if (ret == -ENOMEM && st->err)
		diag_report(DIAG_ERR, "cannot analyze %s: %s", o->name, strerror(ENOMEM));
	if (!ret && o->manual && !st->manual_done) {
		char at[32], end[32];

		stream_ts(o->at_ns, at, sizeof(at));
		stream_ts(st->last_ts_ns, end, sizeof(end));
		if (o->at_ns > st->last_ts_ns) {
			diag_report(DIAG_ERR,
				    "cannot explain the spike at %s: the trace ends at %s", at,
				    end);
			st->sum->nr_failed++;
		} else {
			stream_manual(st); /* at the very end of the trace */
		}
	}
	if (!ret)
		stream_facts(st);
	evbuf_free(&st->win);
	datwin_destroy(st->dw);
	return ret;
}

static int stream_read_text(struct stream *st, int fd)
{
	const char *name = st->o->name;
	const struct textread_stats *ts;
	int ret;

	st->tr = textread_create(stream_on_event, st);
	if (!st->tr) {
		diag_report(DIAG_ERR, "cannot read %s: %s", name, strerror(ENOMEM));
		return -ENOMEM;
	}
	ret = textread_fd(st->tr, fd);
	if (st->err)
		return st->err;
	if (ret < 0) {
		diag_report(DIAG_ERR, "cannot read %s: %s", name, strerror(-ret));
		return ret;
	}
	ts = textread_stats(st->tr);
	if (!ts->events) {
		diag_report(DIAG_ERR, "cannot read %s: no ftrace event line in it (%llu line%s)",
			    name, (unsigned long long)ts->lines, ts->lines == 1 ? "" : "s");
		return -EINVAL;
	}
	if (ts->cut)
		diag_report(DIAG_WARN, "%s ends in the middle of a line: the file was cut", name);
	if (ts->unparsed)
		diag_report(DIAG_WARN,
			    "%llu line%s of %s could not be read (the first is line %llu)",
			    (unsigned long long)ts->unparsed, ts->unparsed == 1 ? "" : "s", name,
			    (unsigned long long)ts->first_unparsed_line);
	return 0;
}

int stream_text(const struct stream_opts *o, int fd, struct stream_summary *sum)
{
	struct stream st;
	int ret;

	stream_init(&st, o, sum);
	ret = stream_finish(&st, stream_read_text(&st, fd));
	textread_destroy(st.tr);
	return ret;
}

static int stream_read_dat(struct stream *st)
{
	const char *name = st->o->name;
	int ret;

	if (datread_info(st->dr)->layout_assumed)
		diag_report(DIAG_WARN,
			    "%s does not say which kernel wrote it: reading its flags with the "
			    "layout of kernels 6.13 and later",
			    name);
	ret = datread_read_raw(st->dr, stream_on_rec, st);
	if (st->err)
		return st->err;
	if (ret < 0) {
		if (ret == -ENOMEM)
			diag_report(DIAG_ERR, "cannot read %s: %s", name, strerror(ENOMEM));
		return ret;
	}
	if (!datread_info(st->dr)->events) {
		diag_report(DIAG_ERR, "cannot read %s: the trace.dat holds no event", name);
		return -ENODATA;
	}
	return 0;
}

int stream_dat(const struct stream_opts *o, struct datread *dr, struct stream_summary *sum)
{
	struct stream st;

	stream_init(&st, o, sum);
	sum->dat = true;
	st.dr = dr;
	st.dw = datwin_create(o->window_ns);
	if (!st.dw) {
		diag_report(DIAG_ERR, "cannot analyze %s: %s", o->name, strerror(ENOMEM));
		return stream_finish(&st, -ENOMEM);
	}
	return stream_finish(&st, stream_read_dat(&st));
}

void stream_summary_free(struct stream_summary *sum)
{
	free(sum->spikes);
	sum->spikes = NULL;
	sum->nr_spikes = 0;
}
