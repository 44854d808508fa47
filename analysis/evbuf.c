// SPDX-License-Identifier: GPL-2.0-only
/*
 * evbuf - a bounded, contiguous window of recent events. The front moves
 * forward as old events fall out; the array is compacted when the dead
 * front is larger than the live part, so a push costs O(1) amortised.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/evbuf.h"

void evbuf_init(struct evbuf *b, uint64_t retain_ns, size_t max_events)
{
	memset(b, 0, sizeof(*b));
	b->retain_ns = retain_ns;
	b->max_events = max_events;
}

void evbuf_free(struct evbuf *b)
{
	free(b->ev);
	b->ev = NULL;
	b->head = b->len = b->cap = 0;
}

void evbuf_clear(struct evbuf *b)
{
	b->head = 0;
	b->len = 0;
}

static void evbuf_drop_front(struct evbuf *b, size_t n)
{
	b->dropped_until_ns = b->ev[b->head + n - 1].ts_ns;
	b->dropped += n;
	b->head += n;
	b->len -= n;
}

static void evbuf_trim(struct evbuf *b)
{
	uint64_t newest, oldest_kept;
	size_t n = 0;

	if (b->max_events && b->len > b->max_events)
		evbuf_drop_front(b, b->len - b->max_events);
	if (!b->retain_ns || !b->len)
		return;
	newest = b->ev[b->head + b->len - 1].ts_ns;
	if (newest < b->retain_ns)
		return;
	oldest_kept = newest - b->retain_ns;
	while (n < b->len && b->ev[b->head + n].ts_ns < oldest_kept)
		n++;
	if (n)
		evbuf_drop_front(b, n);
}

size_t evbuf_first_at(const struct evbuf *b, uint64_t ts_ns)
{
	const struct rtw_event *ev = b->ev + b->head;
	size_t lo = 0, hi = b->len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ev[mid].ts_ns < ts_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void evbuf_drop_before(struct evbuf *b, uint64_t ts_ns)
{
	size_t n = evbuf_first_at(b, ts_ns);

	if (n)
		evbuf_drop_front(b, n);
}

int evbuf_reserve(struct evbuf *b, size_t n)
{
	struct rtw_event *ev;

	if (b->head) {
		memmove(b->ev, b->ev + b->head, b->len * sizeof(*b->ev));
		b->head = 0;
	}
	if (n <= b->cap)
		return 0;
	ev = realloc(b->ev, n * sizeof(*ev));
	if (!ev)
		return -ENOMEM;
	b->ev = ev;
	b->cap = n;
	return 0;
}

int evbuf_push(struct evbuf *b, const struct rtw_event *e)
{
	if (b->head + b->len == b->cap) {
		if (b->head > b->len) {
			memmove(b->ev, b->ev + b->head, b->len * sizeof(*b->ev));
			b->head = 0;
		} else {
			size_t cap = b->cap ? b->cap * 2 : 4096;
			struct rtw_event *ev = realloc(b->ev, cap * sizeof(*ev));

			if (!ev)
				return -ENOMEM;
			b->ev = ev;
			b->cap = cap;
		}
	}
	b->ev[b->head + b->len] = *e;
	b->len++;
	/* trimming per event would be O(n) on retain: do it every 256 events */
	if ((b->len & 255) == 0 || (b->max_events && b->len > b->max_events))
		evbuf_trim(b);
	return 0;
}

int evbuf_push_sorted(struct evbuf *b, const struct rtw_event *e)
{
	struct rtw_event *ev;
	size_t i;
	int ret = evbuf_push(b, e);

	if (ret || b->len < 2)
		return ret;
	ev = b->ev + b->head;
	i = b->len - 1;
	if (ev[i - 1].ts_ns <= e->ts_ns)
		return 0;
	while (i > 0 && ev[i - 1].ts_ns > e->ts_ns)
		i--;
	memmove(&ev[i + 1], &ev[i], (b->len - 1 - i) * sizeof(*ev));
	ev[i] = *e;
	return 0;
}

/* ---- raw records ----------------------------------------------------------------------- */

#define EVBUF_CHUNK_BYTES (128 * 1024)
#define EVBUF_REC_HEAD	  16   /* ts 8, size 4, cpu 2, buffer 1, kind 1 */
#define EVBUF_REC_MISSED  0x80 /* in the kind byte: an int64_t missed count follows */

/* Records one after the other; the window drops whole chunks, oldest first. */
struct evbuf_chunk {
	size_t cap;	  /* bytes of data[] */
	size_t tail;	  /* the end of the last record */
	size_t count;	  /* records */
	uint64_t last_ns; /* the time of the last one */
	unsigned char data[];
};

static size_t evbuf_rec_bytes(const struct evbuf_rec *r)
{
	size_t n = EVBUF_REC_HEAD + (r->missed ? sizeof(int64_t) : 0) + r->size;

	return (n + 7) & ~(size_t)7;
}

void evbuf_recs_init(struct evbuf_recs *b, uint64_t retain_ns, size_t max_records)
{
	memset(b, 0, sizeof(*b));
	b->retain_ns = retain_ns;
	b->max_records = max_records;
}

/* the ring has a power of two of slots */
static struct evbuf_chunk *evbuf_chunk_at(const struct evbuf_recs *b, size_t i)
{
	return b->chunk[(b->first + i) & (b->nr_slots - 1)];
}

/* The record at @off of @c, and its size in the chunk. */
static size_t evbuf_rec_read(const struct evbuf_chunk *c, size_t off, struct evbuf_rec *r)
{
	const unsigned char *p = c->data + off;

	memcpy(&r->ts_ns, p, 8);
	memcpy(&r->size, p + 8, 4);
	memcpy(&r->cpu, p + 12, 2);
	r->buffer = p[14];
	r->kind = p[15] & (uint8_t)~EVBUF_REC_MISSED;
	r->missed = 0;
	p += EVBUF_REC_HEAD;
	if (c->data[off + 15] & EVBUF_REC_MISSED) {
		memcpy(&r->missed, p, sizeof(r->missed));
		p += sizeof(r->missed);
	}
	r->data = p;
	return evbuf_rec_bytes(r);
}

static void evbuf_chunk_release(struct evbuf_recs *b, struct evbuf_chunk *c)
{
	if (!b->spare && c->cap == EVBUF_CHUNK_BYTES) {
		b->spare = c;
		return;
	}
	b->bytes -= sizeof(*c) + c->cap;
	free(c);
}

static void evbuf_recs_drop_chunk(struct evbuf_recs *b)
{
	struct evbuf_chunk *c = evbuf_chunk_at(b, 0);

	b->len -= c->count;
	b->dropped += c->count;
	b->dropped_until_ns = c->last_ns;
	b->first = (b->first + 1) & (b->nr_slots - 1);
	b->nr--;
	evbuf_chunk_release(b, c);
}

/* What falls out of the window, a chunk at a time (never the newest one). */
static void evbuf_recs_trim(struct evbuf_recs *b)
{
	while (b->nr > 1) {
		const struct evbuf_chunk *f = evbuf_chunk_at(b, 0);

		if (b->max_records && b->len - f->count >= b->max_records) {
			evbuf_recs_drop_chunk(b);
			continue;
		}
		if (b->retain_ns && b->newest_ns >= b->retain_ns &&
		    f->last_ns < b->newest_ns - b->retain_ns) {
			evbuf_recs_drop_chunk(b);
			continue;
		}
		break;
	}
}

static struct evbuf_chunk *evbuf_recs_room(struct evbuf_recs *b, size_t need)
{
	struct evbuf_chunk *c;

	if (b->nr == b->nr_slots) {
		size_t slots = b->nr_slots ? b->nr_slots * 2 : 16, i;
		struct evbuf_chunk **ring = malloc(slots * sizeof(*ring));

		if (!ring)
			return NULL;
		for (i = 0; i < b->nr; i++)
			ring[i] = evbuf_chunk_at(b, i);
		free(b->chunk);
		b->chunk = ring;
		b->nr_slots = slots;
		b->first = 0;
	}
	if (b->spare && need <= b->spare->cap) {
		c = b->spare;
		b->spare = NULL;
	} else {
		size_t cap = need > EVBUF_CHUNK_BYTES ? need : EVBUF_CHUNK_BYTES;

		c = malloc(sizeof(*c) + cap);
		if (!c)
			return NULL;
		c->cap = cap;
		b->bytes += sizeof(*c) + cap;
	}
	c->tail = c->count = 0;
	c->last_ns = 0;
	b->chunk[(b->first + b->nr) & (b->nr_slots - 1)] = c;
	b->nr++;
	return c;
}

int evbuf_recs_push(struct evbuf_recs *b, const struct evbuf_rec *r)
{
	size_t need = evbuf_rec_bytes(r);
	struct evbuf_chunk *c = b->nr ? evbuf_chunk_at(b, b->nr - 1) : NULL;
	unsigned char *p;

	if (!c || c->tail + need > c->cap) {
		evbuf_recs_trim(b); /* before a chunk is added: it may reuse the one dropped */
		c = evbuf_recs_room(b, need);
		if (!c)
			return -ENOMEM;
	}
	p = c->data + c->tail;
	memcpy(p, &r->ts_ns, 8);
	memcpy(p + 8, &r->size, 4);
	memcpy(p + 12, &r->cpu, 2);
	p[14] = r->buffer;
	p[15] = (uint8_t)(r->kind | (r->missed ? EVBUF_REC_MISSED : 0));
	p += EVBUF_REC_HEAD;
	if (r->missed) {
		memcpy(p, &r->missed, sizeof(r->missed));
		p += sizeof(r->missed);
	}
	memcpy(p, r->data, r->size);
	c->tail += need;
	c->count++;
	c->last_ns = r->ts_ns;
	b->len++;
	if (r->ts_ns > b->newest_ns)
		b->newest_ns = r->ts_ns;
	return 0;
}

bool evbuf_recs_next(const struct evbuf_recs *b, struct evbuf_recs_pos *pos, struct evbuf_rec *r)
{
	while (pos->chunk < b->nr) {
		const struct evbuf_chunk *c = evbuf_chunk_at(b, pos->chunk);

		if (pos->off < c->tail) {
			pos->off += evbuf_rec_read(c, pos->off, r);
			return true;
		}
		pos->chunk++;
		pos->off = 0;
	}
	return false;
}

void evbuf_recs_clear(struct evbuf_recs *b)
{
	while (b->nr) {
		struct evbuf_chunk *c = evbuf_chunk_at(b, 0);

		b->first = (b->first + 1) & (b->nr_slots - 1);
		b->nr--;
		evbuf_chunk_release(b, c);
	}
	b->len = 0;
	b->newest_ns = 0;
}

void evbuf_recs_free(struct evbuf_recs *b)
{
	evbuf_recs_clear(b);
	free(b->spare);
	free(b->chunk);
	b->spare = NULL;
	b->chunk = NULL;
	b->nr_slots = b->first = 0;
	b->bytes = 0;
}
