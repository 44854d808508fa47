// SPDX-License-Identifier: GPL-2.0-only
/*
 * stream - a reader's callback per event: duplicates of a second buffer
 * dropped, a new recording (saved window, time going back) empties the
 * window, the event is kept, and a spike marker is explained from the
 * window at once and handed to the caller.
 *
 * A trace.dat is read raw: the window holds the records as the file has
 * them (evbuf_recs), each with the kind of its event, and only a marker is
 * decoded as it passes; when one is a spike, the window is decoded and
 * explained, then let go. Decoding every record was most of the time of a
 * pass, and a decoded window three times the memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/datread.h"
#include "analysis/diag.h"
#include "analysis/evbuf.h"
#include "analysis/marker.h"
#include "analysis/stream.h"
#include "analysis/textread.h"
#include "analysis/util.h"

#define STREAM_MARKER_DUP_NS (1 * NSEC_PER_MSEC) /* same marker from two buffers */
#define STREAM_RESTART_NS    (1 * NSEC_PER_MSEC) /* time going back: a new trace */

struct stream {
	const struct stream_opts *o;
	struct stream_summary *sum;
	struct textread *tr; /* the reader: one of the two */
	struct datread *dr;
	struct evbuf win;	/* text: the window; trace.dat: the decoded one being explained */
	struct evbuf_recs recs; /* trace.dat: the window, raw */
	int owner[RTW_EV_NR_KINDS]; /* buffer whose events of a kind are used, -1 none yet */
	uint64_t last_ts_ns;
	unsigned int windows;	      /* saved windows seen (text) */
	struct rtw_event last_marker; /* the previous marker taken */
	bool have_marker;
	bool manual_done;
	int max_cpu;
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
		if (ts->nr_cpus > 0)
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
	} else {
		const struct textread_stats *ts = textread_stats(st->tr);
		int rt = util_kernel_rt(ts->kernel, ts->kernel_version);

		k->preempt_rt = ts->rt_layout ? 1 : (int8_t)(rt > 0 ? 1 : (rt == 0 ? -1 : 0));
		k->main_tid = ts->main_tid;
		if (ts->hz > 0)
			k->tick_ns = (NSEC_PER_SEC + (uint64_t)ts->hz / 2) / (uint64_t)ts->hz;
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

static void stream_explain(struct stream *st, const struct blame_spike *sp, const char *what)
{
	struct blame_host host = { .steal_ns = -1 };
	struct blame_result res;
	struct blame_trace trace;
	char at[32];
	int ret;

	stream_ts(sp->wake_ns, at, sizeof(at));
	/* nothing of this machine: the trace may come from another; only what it says of its
	 * kernel (a kernel before 6.12 has no fair server; PREEMPT_RT, its HZ ...) */
	stream_kernel(st, &host.kernel);
	host.cause.knobs.kernel_version = stream_kernel_version(st);
	ret = blame_explain_trace(evbuf_data(&st->win), evbuf_len(&st->win), sp, &host, &res,
				  &trace);
	if (ret) {
		diag_report(DIAG_ERR, "cannot explain the spike of tid %d at %s: %s", sp->tid, at,
			    ret == -ENODATA ? "no event before it" : strerror(-ret));
		st->sum->nr_failed++;
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
	char what[RTW_MARKER_LEN + 160], at[32];

	if (!marker_parse(ev->u.marker.text, &m))
		return;
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

static void stream_manual(struct stream *st)
{
	const struct stream_opts *o = st->o;
	struct blame_spike sp = {
		.thread = -1,
		.tid = o->pid,
		.cpu = -1,
		.deadline_ns = o->at_ns - o->latency_ns,
		.wake_ns = o->at_ns,
		.slack_ns = -1,
		.source = "manual",
	};
	char what[96], at[32];

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

static int stream_on_event(const struct rtw_event *ev, int buffer, void *arg)
{
	struct stream *st = arg;

	if (st->tr && textread_stats(st->tr)->windows != st->windows) {
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

/* trace.dat: the raw window, decoded into st->win for an explanation. */
static int stream_decode_window(struct stream *st)
{
	struct evbuf_recs_pos pos = { 0 };
	uint64_t from =
		st->recs.newest_ns > st->o->window_ns ? st->recs.newest_ns - st->o->window_ns : 0;
	struct evbuf_rec r;

	evbuf_clear(&st->win);
	if (evbuf_reserve(&st->win, st->recs.len + st->recs.len / 16 + 16))
		return -ENOMEM;
	while (evbuf_recs_next(&st->recs, &pos, &r)) {
		struct rtw_event ev[DATREAD_MAX_EVENTS];
		int i, n;

		if (r.ts_ns < from) /* the window is cut every few records: exactly here */
			continue;
		n = datread_decode(st->dr, &r, ev);
		for (i = 0; i < n; i++)
			if (evbuf_push(&st->win, &ev[i]))
				return -ENOMEM;
	}
	return 0;
}

static int stream_on_rec(const struct evbuf_rec *r, void *arg)
{
	struct stream *st = arg;
	struct rtw_event ev[DATREAD_MAX_EVENTS], *marker = NULL;
	struct evbuf_rec keep = *r;
	int n;

	if (r->ts_ns + STREAM_RESTART_NS < st->last_ts_ns) { /* time went back: a new trace */
		st->sum->restarts++;
		evbuf_recs_clear(&st->recs);
	}
	if (r->kind == RTW_EV_MARKER) {
		n = datread_decode(st->dr, r, ev);
		if (n && ev[n - 1].kind == RTW_EV_MARKER) {
			marker = &ev[n - 1];
			if (!stream_take(st, marker, r->buffer))
				marker = NULL;
		}
		if (!marker && !r->missed)
			return 0;
	} else if (!stream_take_kind(st, r->kind, r->buffer)) {
		if (!r->missed)
			return 0;
		marker = NULL;
		keep.kind = RTW_EV_LOST; /* the loss it announces is used all the same */
	}
	if (!marker && r->kind == RTW_EV_MARKER)
		keep.kind = RTW_EV_LOST;
	if (st->o->manual && !st->manual_done && r->ts_ns > st->o->at_ns) {
		if (stream_decode_window(st))
			return st->err = -ENOMEM;
		stream_manual(st);
		evbuf_free(&st->win); /* memory for one explanation at a time */
	}
	if (evbuf_recs_push(&st->recs, &keep))
		return st->err = -ENOMEM;
	st->sum->events += (keep.missed ? 1 : 0) + (keep.kind != RTW_EV_LOST);
	st->last_ts_ns = r->ts_ns;
	if (r->cpu > st->max_cpu)
		st->max_cpu = r->cpu;
	if (marker && !st->o->manual) {
		if (stream_decode_window(st))
			return st->err = -ENOMEM;
		stream_marker(st, marker, r->buffer);
		evbuf_free(&st->win);
	}
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
	evbuf_recs_init(&st->recs, o->window_ns, STREAM_MAX_EVENTS);
}

/* The end of the trace: the spike named by hand after its last event, then the facts. */
static int stream_finish(struct stream *st, int ret)
{
	const struct stream_opts *o = st->o;

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
	evbuf_recs_free(&st->recs);
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

	if (datread_info(st->dr)->layout_assumed)
		diag_report(DIAG_WARN,
			    "%s does not say which kernel wrote it: reading its flags with the "
			    "layout of kernels 6.13 and later",
			    name);
	datread_read_raw(st->dr, stream_on_rec, st);
	if (st->err)
		return st->err;
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
	return stream_finish(&st, stream_read_dat(&st));
}

void stream_summary_free(struct stream_summary *sum)
{
	free(sum->spikes);
	sum->spikes = NULL;
	sum->nr_spikes = 0;
}
