/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * evbuf - a time-ordered window of events. Sources append in timestamp
 * order; the window keeps at most @retain_ns behind the newest event and
 * at most @max_events, dropping the oldest first, so memory is bounded by
 * the analysis window and not by the size of a trace.
 */
#ifndef ANALYSIS_EVBUF_H
#define ANALYSIS_EVBUF_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

struct evbuf {
	struct rtw_event *ev; /* ev[head .. head+len) are the events */
	size_t head;
	size_t len;
	size_t cap;
	size_t max_events;	   /* 0 = unbounded */
	uint64_t retain_ns;	   /* 0 = keep everything */
	uint64_t dropped;	   /* events dropped from the front */
	uint64_t dropped_until_ns; /* newest timestamp dropped so far */
};

/**
 * evbuf_init() - An empty window.
 * @b: window
 * @retain_ns: keep events no older than the newest minus this (0: all)
 * @max_events: keep at most this many (0: no limit)
 */
void evbuf_init(struct evbuf *b, uint64_t retain_ns, size_t max_events);

/**
 * evbuf_free() - Release the events.
 * @b: window; reusable after evbuf_init()
 */
void evbuf_free(struct evbuf *b);

/**
 * evbuf_clear() - Drop every event but keep the memory.
 * @b: window
 */
void evbuf_clear(struct evbuf *b);

/**
 * evbuf_push() - Append a copy of @e, dropping what falls out of the window.
 * @b: window
 * @e: event, not older than the newest one held (older ones are kept but
 *     the order is the caller's promise)
 *
 * Return: 0 or -ENOMEM.
 */
int evbuf_push(struct evbuf *b, const struct rtw_event *e);

/**
 * evbuf_push_sorted() - evbuf_push(), @e put in time order if it is older
 * than the newest held (after the last one of its time).
 * @b: window
 * @e: event
 *
 * For sources whose pieces may overlap by a little (two snapshots of a
 * ring buffer): an event out of order costs a move of the ones after it.
 * Return: 0 or -ENOMEM.
 */
int evbuf_push_sorted(struct evbuf *b, const struct rtw_event *e);

/**
 * evbuf_drop_before() - Drop the events older than @ts_ns (counted in dropped).
 * @b: window
 * @ts_ns: the oldest time kept
 */
void evbuf_drop_before(struct evbuf *b, uint64_t ts_ns);

/**
 * evbuf_first_at() - Where the events at or after @ts_ns start.
 * @b: window
 * @ts_ns: time
 *
 * Return: the index in evbuf_data() of the first event not older than
 * @ts_ns, evbuf_len() if there is none.
 */
size_t evbuf_first_at(const struct evbuf *b, uint64_t ts_ns);

/**
 * evbuf_data() - The events, oldest first, contiguous.
 * @b: window
 *
 * Return: pointer to evbuf_len() events.
 */
static inline const struct rtw_event *evbuf_data(const struct evbuf *b)
{
	return b->ev + b->head;
}

static inline size_t evbuf_len(const struct evbuf *b)
{
	return b->len;
}

#endif
