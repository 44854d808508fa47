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
