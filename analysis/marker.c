// SPDX-License-Identifier: GPL-2.0-only
/*
 * marker - the FREEZE line's fields are one table of keys, which the
 * writer (allocation-free, for the measuring thread) and the parser both
 * walk; cyclictest's marker is parsed by hand; a marker event and its text
 * become a blame_spike.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/marker.h"
#include "analysis/util.h"

#define MARKER_CYCLICTEST_PREFIX "hit latency threshold ("
#define MARKER_FREEZE_NEAR_NS	 (10 * NSEC_PER_MSEC) /* written right after wake= */

enum marker_field {
	MF_TID,
	MF_THREAD,
	MF_CPU,
	MF_PRIO,
	MF_SLACK,
	MF_DEADLINE,
	MF_WAKE,
	MF_LAT,
	MF_NR,
};

/* the FREEZE line's keys, in the order they are written */
static const char *const marker_keys[MF_NR] = {
	[MF_TID] = MARKER_FREEZE_TID_KEY,
	[MF_THREAD] = "thread",
	[MF_CPU] = "cpu",
	[MF_PRIO] = "prio",
	[MF_SLACK] = "slack",
	[MF_DEADLINE] = "deadline",
	[MF_WAKE] = "wake",
	[MF_LAT] = "lat",
};

static uint64_t marker_u64(int64_t v)
{
	return v < 0 ? 0 : (uint64_t)v;
}

int marker_format_freeze(char *buf, const struct marker *m)
{
	const uint64_t v[MF_NR] = {
		[MF_TID] = marker_u64(m->tid),
		[MF_THREAD] = marker_u64(m->thread),
		[MF_CPU] = marker_u64(m->cpu),
		[MF_PRIO] = marker_u64(m->prio),
		[MF_SLACK] = marker_u64(m->slack_ns),
		[MF_DEADLINE] = m->deadline_ns,
		[MF_WAKE] = m->wake_ns,
		[MF_LAT] = m->latency,
	};
	char *p = util_fmt_str(buf, MARKER_FREEZE_WORD);
	int i;

	if (m->untriggered)
		*p++ = ' ';

	for (i = 0; i < MF_NR; i++) {
		*p++ = ' ';
		p = util_fmt_str(p, marker_keys[i]);
		*p++ = '=';
		p = util_fmt_u64(p, v[i]);
	}
	*p = '\0';
	return (int)(p - buf);
}

/* "KEY=NUMBER" anywhere in @text (preceded by a space or at the start). */
static bool marker_field(const char *text, enum marker_field f, uint64_t *v)
{
	const char *key = marker_keys[f], *p = text;
	size_t klen = strlen(key);
	char num[24];
	size_t n;

	while ((p = strstr(p, key))) {
		if ((p == text || p[-1] == ' ') && p[klen] == '=')
			break;
		p += klen;
	}
	if (!p)
		return false;
	p += klen + 1;
	n = strspn(p, "0123456789");
	if (!n || n >= sizeof(num))
		return false;
	memcpy(num, p, n);
	num[n] = '\0';
	return util_parse_u64(num, UINT64_MAX, v) == 0;
}

static bool marker_parse_cyclictest(const char *text, struct marker *m)
{
	static const char prefix[] = MARKER_CYCLICTEST_PREFIX;
	char lat[24], thresh[24];
	const char *p = text;
	size_t n;

	if (strncmp(p, prefix, sizeof(prefix) - 1))
		return false;
	p += sizeof(prefix) - 1;
	n = strspn(p, "0123456789");
	if (!n || n >= sizeof(lat) || strncmp(p + n, " > ", 3))
		return false;
	memcpy(lat, p, n);
	lat[n] = '\0';
	p += n + 3;
	n = strspn(p, "-0123456789");
	if (!n || n >= sizeof(thresh) || p[n] != ')')
		return false;
	memcpy(thresh, p, n);
	thresh[n] = '\0';
	if (util_parse_u64(lat, UINT64_MAX / NSEC_PER_USEC, &m->latency))
		return false;
	if (thresh[0] == '-' || util_parse_u64(thresh, UINT64_MAX / NSEC_PER_USEC, &m->threshold))
		m->threshold = 0;
	m->kind = MARKER_CYCLICTEST;
	return true;
}

static bool marker_parse_freeze(const char *text, struct marker *m)
{
	static const char word[] = MARKER_FREEZE_WORD " ";
	uint64_t v;

	if (strncmp(text, word, sizeof(word) - 1))
		return false;
	if (!marker_field(text, MF_TID, &v) || !v || v > INT32_MAX)
		return false;
	m->tid = (int32_t)v;
	if (!marker_field(text, MF_DEADLINE, &m->deadline_ns) ||
	    !marker_field(text, MF_WAKE, &m->wake_ns) || m->wake_ns < m->deadline_ns)
		return false;
	m->thread = marker_field(text, MF_THREAD, &v) && v < 65536 ? (int32_t)v : -1;
	m->cpu = marker_field(text, MF_CPU, &v) && v < 65536 ? (int32_t)v : -1;
	m->prio = marker_field(text, MF_PRIO, &v) && v < 100 ? (int32_t)v : 0;
	m->slack_ns = marker_field(text, MF_SLACK, &v) && v < INT32_MAX ? (int64_t)v : -1;
	if (!marker_field(text, MF_LAT, &m->latency))
		m->latency = m->wake_ns - m->deadline_ns;
	m->kind = MARKER_FREEZE;
	return true;
}

/* "#SEQ context CTX timer_latency NS ns" (kernel/trace/trace_output.c, timerlat_print) */
static bool marker_parse_timerlat(const char *text, struct marker *m)
{
	static const struct {
		const char *word;
		enum marker_timerlat_ctx ctx;
	} ctxs[] = {
		{ "irq", MARKER_TIMERLAT_IRQ },
		{ "thread", MARKER_TIMERLAT_THREAD },
		{ "user-ret", MARKER_TIMERLAT_USER_RET },
	};
	const char *p = text;
	char *end;
	size_t i, n;

	if (*p != '#' || !(p[1] >= '0' && p[1] <= '9'))
		return false;
	errno = 0;
	m->seq = strtoull(p + 1, &end, 10);
	if (errno)
		return false;
	p = end + strspn(end, " ");
	if (strncmp(p, "context ", 8))
		return false;
	p += 8;
	p += strspn(p, " ");
	for (i = 0; i < ARRAY_SIZE(ctxs); i++) {
		n = strlen(ctxs[i].word);
		if (!strncmp(p, ctxs[i].word, n) && p[n] == ' ')
			break;
	}
	if (i == ARRAY_SIZE(ctxs))
		return false;
	m->context = ctxs[i].ctx;
	p += n + strspn(p + n, " ");
	if (strncmp(p, "timer_latency ", 14))
		return false;
	p += 14;
	p += strspn(p, " ");
	if (!(*p >= '0' && *p <= '9'))
		return false;
	errno = 0;
	m->latency = strtoull(p, &end, 10);
	if (errno || strncmp(end, " ns", 3))
		return false;
	m->kind = MARKER_TIMERLAT;
	return true;
}

bool marker_is_timerlat(const char *text, size_t len)
{
	char buf[RTW_MARKER_LEN];
	struct marker m;

	if (!len || text[0] != '#' || len >= sizeof(buf))
		return false;
	memcpy(buf, text, len);
	buf[len] = '\0';
	memset(&m, 0, sizeof(m));
	return marker_parse_timerlat(buf, &m);
}

bool marker_parse(const char *text, struct marker *m)
{
	memset(m, 0, sizeof(*m));
	m->tid = -1;
	m->thread = -1;
	m->cpu = -1;
	m->slack_ns = -1;
	if (marker_parse_cyclictest(text, m) || marker_parse_freeze(text, m) ||
	    marker_parse_timerlat(text, m))
		return true;
	m->kind = MARKER_NONE;
	return false;
}

int marker_spike(const struct rtw_event *ev, const struct marker *m, bool clock_mono,
		 uint64_t latency_unit_ns, struct blame_spike *sp)
{
	uint64_t lat_ns;

	memset(sp, 0, sizeof(*sp));
	sp->thread = -1;
	sp->tid = ev->pid;
	sp->cpu = ev->cpu;
	sp->slack_ns = -1;
	if (m->kind == MARKER_FREEZE) {
		bool near =
			ev->ts_ns >= m->wake_ns && ev->ts_ns - m->wake_ns < MARKER_FREEZE_NEAR_NS;

		util_strlcpy(sp->source, BLAME_SOURCE_RTWHY, sizeof(sp->source));
		sp->deadline_from = BLAME_DEADLINE_FREEZE;
		sp->thread = m->thread;
		sp->tid = m->tid;
		sp->cpu = m->cpu;
		sp->slack_ns = m->slack_ns;
		/* the marker's own numbers are CLOCK_MONOTONIC: usable if the trace's are too */
		if ((clock_mono && ev->ts_ns >= m->wake_ns) || near) {
			sp->deadline_ns = m->deadline_ns;
			sp->wake_ns = m->wake_ns;
			sp->deadline_exact = true;
			return 0;
		}
		lat_ns = m->latency;
	} else if (m->kind == MARKER_TIMERLAT) {
		util_strlcpy(sp->source, BLAME_SOURCE_TIMERLAT, sizeof(sp->source));
		sp->deadline_from = BLAME_DEADLINE_MARKER;
		/* timerlat's timer is a hard hrtimer armed with no range: its latency has no slack */
		sp->slack_ns = 0;
		lat_ns = m->latency;
	} else {
		util_strlcpy(sp->source, BLAME_SOURCE_CYCLICTEST, sizeof(sp->source));
		sp->deadline_from = BLAME_DEADLINE_MARKER;
		lat_ns = m->latency * latency_unit_ns;
		sp->threshold_ns = m->threshold * latency_unit_ns;
	}
	if (lat_ns > ev->ts_ns)
		return -EINVAL;
	sp->wake_ns = ev->ts_ns;
	sp->deadline_ns = ev->ts_ns - lat_ns;
	return 0;
}

uint64_t marker_cyclictest_unit_ns(const struct rtw_event *ev, size_t n,
				   const struct rtw_event *marker, uint64_t latency)
{
	uint64_t slept = 0, us = latency * NSEC_PER_USEC;
	size_t i;

	for (i = n; i-- > 0;) {
		const struct rtw_event *e = &ev[i];

		if (e->ts_ns > marker->ts_ns)
			continue;
		/* its nanosleep is interruptible (S): a lock it blocked on after its clock read
		 * (D, an rtmutex on PREEMPT_RT) is not the sleep its deadline ended */
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == marker->pid &&
		    (e->u.sw.prev_state & 0xff) == 0x01) {
			slept = e->ts_ns;
			break;
		}
	}
	if (!slept || us > marker->ts_ns || marker->ts_ns - us >= slept)
		return NSEC_PER_USEC;
	if (latency <= marker->ts_ns && marker->ts_ns - latency >= slept)
		return 1;
	return NSEC_PER_USEC;
}

uint64_t marker_freeze_ts(const struct rtw_event *ev, size_t n, int32_t tid)
{
	char prefix[48];
	size_t i = n, len;

	len = (size_t)snprintf(prefix, sizeof(prefix), "%s %s=%d ", MARKER_FREEZE_WORD,
			       marker_keys[MF_TID], tid);
	while (i-- > 0) {
		if (ev[i].kind == RTW_EV_MARKER && !strncmp(ev[i].u.marker.text, prefix, len))
			return ev[i].ts_ns;
	}
	return 0;
}

/* ---- the thread's own timer ---------------------------------------------------------------- */

#define MARKER_CLOCK_MONOTONIC 1      /* clockid of hrtimer_init */
#define MARKER_MONO_LAG_NS     100000 /* an expiry's ts - now on a mono trace clock: the IRQ path */

/* The hrtimer_expire_entry of timer @addr after @from, whose callback wakes @tid; -1 none. */
static long marker_expiry(const struct rtw_event *ev, long from, long last, uint64_t addr,
			  int32_t tid, long *waking)
{
	long i, k;

	for (i = from + 1; i <= last; i++) {
		const struct rtw_event *e = &ev[i];

		if (e->kind != RTW_EV_HRTIMER_ENTRY || e->u.hrt.timer != addr)
			continue;
		for (k = i + 1; k <= last; k++) {
			const struct rtw_event *w = &ev[k];

			if (w->cpu != e->cpu)
				continue;
			if (w->kind == RTW_EV_HRTIMER_EXIT || w->kind == RTW_EV_SWITCH)
				break;
			if ((w->kind == RTW_EV_WAKING || w->kind == RTW_EV_WAKEUP) &&
			    w->u.wake.pid == tid) {
				*waking = k;
				return i;
			}
		}
		return -1; /* it expired but did not wake the thread */
	}
	return -1;
}

/*
 * The trace clock minus the timers' clock: the smallest (ts - now=) of the expiries up to
 * @last, the delay from the interrupt's clock read to its event being shortest there (one
 * expiry alone may be late by the vCPU stopping in between: 134 us under TCG). Expiries of
 * CLOCK_REALTIME timers give a far larger one and do not count. 0 if none has a now=.
 */
static int64_t marker_clock_lag(const struct rtw_event *ev, long last, const struct rtw_event *ex)
{
	int64_t best = ex->u.hrt.now_ns ? (int64_t)(ex->ts_ns - ex->u.hrt.now_ns) : 0;
	long i;

	for (i = 0; i <= last; i++) {
		const struct rtw_event *e = &ev[i];
		int64_t l;

		if (e->kind != RTW_EV_HRTIMER_ENTRY || !e->u.hrt.now_ns)
			continue;
		l = (int64_t)(e->ts_ns - e->u.hrt.now_ns);
		if ((best < 0 || l < best) && l >= 0)
			best = l;
	}
	return best;
}

int marker_thread_timer(const struct rtw_event *ev, size_t n, int32_t tid, uint64_t before_ns,
			int clock_mono, struct marker_timer *t)
{
	long last = (long)n - 1, i, start = -1, x, waking = -1;
	const struct rtw_event *st, *ex;
	int32_t clockid = -1;
	int64_t lag;

	memset(t, 0, sizeof(*t));
	while (last >= 0 && ev[last].ts_ns > before_ns)
		last--;
	/* the last timer the thread armed to sleep on (clock_nanosleep: hrtimer_wakeup) */
	for (i = last; i >= 0; i--) {
		const struct rtw_event *e = &ev[i];

		if (e->kind == RTW_EV_HRTIMER_START && e->pid == tid &&
		    (!strcmp(e->u.hrt.function, "hrtimer_wakeup") ||
		     !strncmp(e->u.hrt.function, "0x", 2))) {
			start = i;
			break;
		}
	}
	if (start < 0)
		return -ENOENT;
	st = &ev[start];
	x = marker_expiry(ev, start, last, st->u.hrt.timer, tid, &waking);
	if (x < 0)
		return -ENOENT; /* cancelled, or woken otherwise: not a timer's latency */
	ex = &ev[x];
	for (i = start - 1; i >= 0 && st->ts_ns - ev[i].ts_ns < NSEC_PER_SEC; i--) {
		if (ev[i].kind == RTW_EV_HRTIMER_INIT && ev[i].u.hrt.timer == st->u.hrt.timer) {
			clockid = ev[i].u.hrt.clockid;
			break;
		}
	}
	t->softexpires_ns = st->u.hrt.softexpires_ns;
	t->slack_ns = (int64_t)event_hrtimer_slack_ns(st);
	t->mode = st->u.hrt.mode;
	t->expiry_ns = ex->ts_ns;
	t->expiry_cpu = ex->cpu;
	t->waking_ns = ev[waking].ts_ns;
	for (i = waking + 1; i <= last; i++) {
		if (ev[i].kind == RTW_EV_SWITCH && ev[i].u.sw.next_pid == tid) {
			t->switch_ns = ev[i].ts_ns;
			break;
		}
	}
	/*
	 * softexpires is what the thread asked for, in its timer's clock. On a mono trace
	 * clock it is the deadline as is; else the expiry's own now= (the same clock, read
	 * when the expiry ran) puts it on the trace's clock. An unknown trace clock whose
	 * expiries' now= match their times is mono.
	 */
	lag = marker_clock_lag(ev, last, ex);
	if ((clock_mono > 0 && (clockid < 0 || clockid == MARKER_CLOCK_MONOTONIC)) ||
	    (clock_mono < 0 && (clockid < 0 || clockid == MARKER_CLOCK_MONOTONIC) &&
	     ex->u.hrt.now_ns && lag >= 0 && lag < MARKER_MONO_LAG_NS)) {
		t->deadline_ns = t->softexpires_ns;
		t->exact = true;
		return 0;
	}
	if (!ex->u.hrt.now_ns)
		return -ENOENT;
	if (lag < 0 && (uint64_t)-lag > t->softexpires_ns)
		return -ENOENT;
	t->deadline_ns = (uint64_t)((int64_t)t->softexpires_ns + lag);
	return 0;
}

/* Where a cyclictest latency of @lat units ends from @d: between its switch-in and marker. */
static bool marker_wake_fits(const struct marker_timer *t, uint64_t d, uint64_t lat_ns,
			     uint64_t unit_ns, uint64_t marker_ns)
{
	uint64_t w = d + lat_ns, first = t->switch_ns ? t->switch_ns : t->waking_ns;

	/* LAT is truncated to its unit: the clock read is within one unit after d + LAT */
	return w <= marker_ns && w + unit_ns >= first;
}

int marker_spike_window(const struct rtw_event *win, size_t n, const struct rtw_event *ev,
			const struct marker *m, int clock_mono, struct blame_spike *sp,
			uint64_t *unit_ns)
{
	struct marker_timer t;
	uint64_t unit = NSEC_PER_USEC, lat_ns;
	int32_t tid = m->kind == MARKER_FREEZE ? m->tid : ev->pid;
	int ret;

	*unit_ns = NSEC_PER_USEC;
	/* timerlat's timer is the tracer's own (timerlat_irq), not the thread's: its sample's
	 * latency (ns, from the timer's expected time) is all there is */
	if (m->kind == MARKER_TIMERLAT)
		return marker_spike(ev, m, clock_mono > 0, 1, sp);
	if (m->kind == MARKER_CYCLICTEST)
		unit = marker_cyclictest_unit_ns(win, n, ev, m->latency);
	ret = marker_spike(ev, m, clock_mono > 0, unit, sp);
	if (m->kind == MARKER_FREEZE && sp->deadline_exact)
		return ret; /* its own clock read: nothing is better */
	if (marker_thread_timer(win, n, tid, ev->ts_ns, clock_mono, &t)) {
		*unit_ns = unit;
		return ret;
	}
	/* the deadline the thread's timer gives, and its wake time after it */
	if (m->kind == MARKER_FREEZE) {
		lat_ns = m->latency;
	} else if (marker_wake_fits(&t, t.deadline_ns, m->latency * NSEC_PER_USEC, NSEC_PER_USEC,
				    ev->ts_ns)) {
		lat_ns = m->latency * NSEC_PER_USEC;
	} else if (marker_wake_fits(&t, t.deadline_ns, m->latency, 1, ev->ts_ns)) {
		unit = 1; /* cyclictest -N */
		lat_ns = m->latency;
	} else {
		lat_ns = ev->ts_ns > t.deadline_ns ? ev->ts_ns - t.deadline_ns : 0;
	}
	if (m->kind == MARKER_CYCLICTEST) {
		sp->threshold_ns = m->threshold * unit;
		*unit_ns = unit;
	}
	sp->deadline_ns = t.deadline_ns;
	sp->wake_ns = t.deadline_ns + lat_ns;
	if (t.switch_ns && sp->wake_ns < t.switch_ns)
		sp->wake_ns = t.switch_ns; /* LAT truncated: the clock read follows the switch-in */
	if (sp->wake_ns > ev->ts_ns)
		sp->wake_ns = ev->ts_ns;
	if (sp->wake_ns < sp->deadline_ns)
		sp->wake_ns = sp->deadline_ns;
	sp->deadline_exact = t.exact;
	sp->deadline_from = BLAME_DEADLINE_HRTIMER;
	if (sp->slack_ns < 0)
		sp->slack_ns = t.slack_ns;
	return 0;
}
