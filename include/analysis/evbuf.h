/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * evbuf - a time-ordered window of events. Sources append in timestamp
 * order; the window keeps at most @retain_ns behind the newest event and
 * at most @max_events, dropping the oldest first, so memory is bounded by
 * the analysis window and not by the size of a trace.
 *
 * The same window of raw records (struct evbuf_recs): a ring-buffer
 * record's bytes as a trace.dat holds them, about a third of a decoded
 * event's size, for a reader that decodes a window only when a spike in
 * it is explained. Kept in chunks, dropped whole and reused as the window
 * moves, so that memory follows what the window holds and a record costs a
 * copy, nothing more.
 */
#ifndef ANALYSIS_EVBUF_H
#define ANALYSIS_EVBUF_H

#include <stdbool.h>
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
 * evbuf_reserve() - Make room for @n events (one allocation instead of doublings).
 * @b: window
 * @n: events the window will hold
 *
 * Return: 0 or -ENOMEM.
 */
int evbuf_reserve(struct evbuf *b, size_t n);

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

/* One raw record: where it came from, then @size bytes of its data. */
struct evbuf_rec {
	uint64_t ts_ns;
	int64_t missed; /* events lost before it on its CPU: -1 count unknown, 0 none */
	uint32_t size;
	uint16_t cpu;
	uint8_t buffer; /* the source's buffer number */
	uint8_t kind;	/* enum rtw_event_kind */
	const void *data;
	uint64_t offset; /* its place in the source (a trace.dat's file offset); not kept in a
			  * window of records */
};

struct evbuf_chunk;

struct evbuf_recs {
	struct evbuf_chunk **chunk; /* a ring: chunk[first .. first + nr) hold records */
	size_t nr_slots;
	size_t first;
	size_t nr;
	struct evbuf_chunk *spare; /* one emptied chunk kept for reuse */
	size_t len;		   /* records held */
	size_t bytes;		   /* memory held by chunks */
	size_t max_records;	   /* 0 = unbounded */
	uint64_t retain_ns;	   /* 0 = keep everything */
	uint64_t newest_ns;
	uint64_t dropped;	   /* records dropped from the front */
	uint64_t dropped_until_ns; /* newest timestamp dropped so far */
};

/* Where a walk through a window of records is. */
struct evbuf_recs_pos {
	size_t chunk;
	size_t off;
};

/**
 * evbuf_recs_init() - An empty window of records.
 * @b: window
 * @retain_ns: keep records no older than the newest minus this (0: all)
 * @max_records: keep at most this many (0: no limit)
 */
void evbuf_recs_init(struct evbuf_recs *b, uint64_t retain_ns, size_t max_records);

/**
 * evbuf_recs_push() - Append a copy of @r and its data, dropping what falls out.
 * @b: window
 * @r: record, not older than the newest held
 *
 * The window is cut a chunk (128 KB of records) at a time: it holds
 * @retain_ns and up to two chunks more, older; @max_records likewise.
 *
 * Return: 0 or -ENOMEM.
 */
int evbuf_recs_push(struct evbuf_recs *b, const struct evbuf_rec *r);

/**
 * evbuf_recs_next() - Walk the records, oldest first.
 * @b: window, not changed during the walk
 * @pos: the walk; zeroed to start
 * @r: the record (its data valid until the window changes)
 *
 * Return: true if @r holds the next record, false at the end.
 */
bool evbuf_recs_next(const struct evbuf_recs *b, struct evbuf_recs_pos *pos, struct evbuf_rec *r);

/**
 * evbuf_recs_clear() - Drop every record (chunks are kept or freed).
 * @b: window
 */
void evbuf_recs_clear(struct evbuf_recs *b);

/**
 * evbuf_recs_free() - Release the window.
 * @b: window; reusable after evbuf_recs_init()
 */
void evbuf_recs_free(struct evbuf_recs *b);

#endif
