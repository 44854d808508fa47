// SPDX-License-Identifier: GPL-2.0-only
/*
 * marker - the FREEZE line's fields are one table of keys, which the
 * writer (allocation-free, for the measuring thread) and the parser both
 * walk; cyclictest's marker is parsed by hand; a marker event and its text
 * become a blame_spike.
 */
#include <errno.h>
#include <stdio.h>
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
	[MF_TID] = "tid",     [MF_THREAD] = "thread",	  [MF_CPU] = "cpu",   [MF_PRIO] = "prio",
	[MF_SLACK] = "slack", [MF_DEADLINE] = "deadline", [MF_WAKE] = "wake", [MF_LAT] = "lat",
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

bool marker_parse(const char *text, struct marker *m)
{
	memset(m, 0, sizeof(*m));
	m->tid = -1;
	m->thread = -1;
	m->cpu = -1;
	m->slack_ns = -1;
	if (marker_parse_cyclictest(text, m) || marker_parse_freeze(text, m))
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

		util_strlcpy(sp->source, "rtwhy", sizeof(sp->source));
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
	} else {
		util_strlcpy(sp->source, "cyclictest", sizeof(sp->source));
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
		if (e->kind == RTW_EV_SWITCH && e->u.sw.prev_pid == marker->pid &&
		    e->u.sw.prev_state != RTW_STATE_RUNNING &&
		    e->u.sw.prev_state != RTW_STATE_PREEMPTED) {
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
