// SPDX-License-Identifier: GPL-2.0-only
/*
 * rbread - one page of lookahead per CPU (to drop a page whose successor
 * already starts before the window), kbuffer to walk a page, the decoder
 * for what is in the window, a queue of decoded events per CPU, and a
 * merge across the CPUs up to until_ns.
 */
#include <errno.h>
#include <event-parse.h>
#include <kbuffer.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/decode.h"
#include "rtwhy/rbread.h"

struct rbread_cpu {
	void *page; /* the lookahead page, read but not walked yet */
	bool have_page;
	struct rtw_event *ev; /* decoded, not handed on yet: ev[head .. n) */
	size_t head;
	size_t n;
	size_t cap;
	bool empty; /* the source had nothing more during this read */
};

struct rbread {
	int nr_cpus;
	int page_size;
	rbread_decode_fn decode;
	rbread_frame_fn frame;
	void *decode_arg;
	struct kbuffer *kb;
	void *next; /* a second page: the lookahead's successor */
	struct rbread_cpu *cpu;
	int *active; /* CPUs with events to merge, in CPU order */
	struct rbread_stats stats;
};

int rbread_create(struct rbread **out, int nr_cpus, int page_size, rbread_decode_fn decode,
		  rbread_frame_fn frame, void *decode_arg)
{
	struct rbread *r;
	int i;

	*out = NULL;
	if (nr_cpus <= 0 || nr_cpus > RTW_MAX_CPUS || page_size < 64 || !decode)
		return -EINVAL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->nr_cpus = nr_cpus;
	r->page_size = page_size;
	r->decode = decode;
	r->frame = frame;
	r->decode_arg = decode_arg;
	r->kb = kbuffer_alloc(KBUFFER_LSIZE_SAME_AS_HOST, KBUFFER_ENDIAN_SAME_AS_HOST);
	r->next = malloc((size_t)page_size);
	r->cpu = calloc((size_t)nr_cpus, sizeof(*r->cpu));
	r->active = calloc((size_t)nr_cpus, sizeof(*r->active));
	if (!r->kb || !r->next || !r->cpu || !r->active)
		goto err;
	for (i = 0; i < nr_cpus; i++) {
		r->cpu[i].page = malloc((size_t)page_size);
		if (!r->cpu[i].page)
			goto err;
	}
	*out = r;
	return 0;
err:
	rbread_destroy(r);
	return -ENOMEM;
}

void rbread_destroy(struct rbread *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; r->cpu && i < r->nr_cpus; i++) {
		free(r->cpu[i].page);
		free(r->cpu[i].ev);
	}
	free(r->cpu);
	free(r->active);
	free(r->next);
	if (r->kb)
		kbuffer_free(r->kb);
	free(r);
}

void rbread_forget(struct rbread *r)
{
	int i;

	for (i = 0; i < r->nr_cpus; i++) {
		r->cpu[i].have_page = false;
		r->cpu[i].head = r->cpu[i].n = 0;
	}
}

const struct rbread_stats *rbread_stats(const struct rbread *r)
{
	return &r->stats;
}

static int rbread_keep(struct rbread_cpu *c, const struct rtw_event *ev)
{
	if (c->n == c->cap) {
		if (c->head) { /* what was handed on is dead: move the rest to the front */
			memmove(c->ev, c->ev + c->head, (c->n - c->head) * sizeof(*c->ev));
			c->n -= c->head;
			c->head = 0;
		}
		if (c->n == c->cap) {
			size_t cap = c->cap ? c->cap * 2 : 1024;
			struct rtw_event *ev2 = realloc(c->ev, cap * sizeof(*ev2));

			if (!ev2)
				return -ENOMEM;
			c->ev = ev2;
			c->cap = cap;
		}
	}
	c->ev[c->n++] = *ev;
	return 0;
}

/* Walk one page: decode its events from @from_ns on into the CPU's queue. */
static int rbread_walk(struct rbread *r, int cpu, void *page, uint64_t from_ns)
{
	struct rbread_cpu *c = &r->cpu[cpu];
	unsigned long long ts;
	long long missed;
	bool first = true;
	void *data;

	if (kbuffer_load_subbuffer(r->kb, page) < 0)
		return 0; /* not a page: nothing in it */
	missed = kbuffer_missed_events(r->kb);
	for (data = kbuffer_read_event(r->kb, &ts); data; data = kbuffer_next_event(r->kb, &ts)) {
		struct tep_record rec = {
			.ts = ts,
			.data = data,
			.size = kbuffer_event_size(r->kb),
			.record_size = kbuffer_curr_size(r->kb),
			.cpu = cpu,
		};
		struct rtw_event ev;
		int ret;

		r->stats.records++;
		if (ts < from_ns) {
			/* a loss before the first event is older than the window too */
			if (ts > r->stats.skipped_until_ns)
				r->stats.skipped_until_ns = ts;
			first = false;
			continue;
		}
		if (first && missed) {
			rec.missed_events = missed;
			if (decode_lost(&rec, cpu, &ev) && (ret = rbread_keep(c, &ev)))
				return ret;
			rec.missed_events = 0;
		}
		first = false;
		if (!r->decode(r->decode_arg, &rec, cpu, &ev))
			continue;
		r->stats.decoded++;
		ret = rbread_keep(c, &ev);
		if (ret)
			return ret;
		if (ev.kind == RTW_EV_STACK && r->frame) {
			struct rtw_event frame;
			int i;

			for (i = 0;
			     i < ev.u.stack.nr && r->frame(r->decode_arg, &rec, &ev, i, &frame);
			     i++) {
				ret = rbread_keep(c, &frame);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

static bool rbread_past(const struct rbread_cpu *c, uint64_t until_ns)
{
	return c->n > c->head && c->ev[c->n - 1].ts_ns > until_ns;
}

/* Fill @cpu's queue until it holds an event after @until_ns or the source is empty. */
static int rbread_fill(struct rbread *r, rbread_page_fn page, void *page_arg, int cpu,
		       uint64_t from_ns, uint64_t until_ns)
{
	struct rbread_cpu *c = &r->cpu[cpu];
	int n, ret;

	c->empty = false;
	while (!rbread_past(c, until_ns)) {
		if (!c->have_page) {
			n = page(page_arg, cpu, c->page);
			if (n < 0)
				return n;
			if (n == 0) {
				c->empty = true;
				return 0;
			}
			r->stats.pages++;
			c->have_page = true;
		}
		/* the successor: if it starts before the window, this page is all older */
		n = page(page_arg, cpu, r->next);
		if (n < 0)
			return n;
		if (n > 0) {
			void *tmp = c->page;

			r->stats.pages++;
			if (kbuffer_subbuf_timestamp(r->kb, r->next) <
			    (unsigned long long)from_ns) {
				r->stats.pages_skipped++;
			} else {
				ret = rbread_walk(r, cpu, c->page, from_ns);
				if (ret)
					return ret;
			}
			c->page = r->next; /* the successor is the new lookahead */
			r->next = tmp;
			continue;
		}
		ret = rbread_walk(r, cpu, c->page, from_ns);
		c->have_page = false;
		if (ret)
			return ret;
		c->empty = true;
		return 0;
	}
	return 0;
}

long rbread_read(struct rbread *r, rbread_page_fn page, void *page_arg, uint64_t from_ns,
		 uint64_t until_ns, rbread_event_fn fn, void *arg)
{
	long count = 0;
	int i, ret, nr_active = 0;

	for (i = 0; i < r->nr_cpus; i++) {
		struct rbread_cpu *c = &r->cpu[i];

		/* what an earlier read kept but this window does not want */
		while (c->head < c->n && c->ev[c->head].ts_ns < from_ns) {
			if (c->ev[c->head].ts_ns > r->stats.skipped_until_ns)
				r->stats.skipped_until_ns = c->ev[c->head].ts_ns;
			c->head++;
		}
		ret = rbread_fill(r, page, page_arg, i, from_ns, until_ns);
		if (ret)
			return ret;
	}
	/* every CPU is past @until_ns or empty: merge what is up to it */
	for (i = 0; i < r->nr_cpus; i++)
		if (r->cpu[i].head < r->cpu[i].n && r->cpu[i].ev[r->cpu[i].head].ts_ns <= until_ns)
			r->active[nr_active++] = i;
	while (nr_active) {
		struct rbread_cpu *c;
		int k, best = 0;

		for (k = 1; k < nr_active; k++) /* ties: the lower CPU, listed first */
			if (r->cpu[r->active[k]].ev[r->cpu[r->active[k]].head].ts_ns <
			    r->cpu[r->active[best]].ev[r->cpu[r->active[best]].head].ts_ns)
				best = k;
		c = &r->cpu[r->active[best]];
		count++;
		if (fn(&c->ev[c->head++], arg))
			break;
		if (c->head == c->n || c->ev[c->head].ts_ns > until_ns) {
			memmove(&r->active[best], &r->active[best + 1],
				(size_t)(nr_active - best - 1) * sizeof(*r->active));
			nr_active--;
		}
	}
	for (i = 0; i < r->nr_cpus; i++)
		if (r->cpu[i].head == r->cpu[i].n)
			r->cpu[i].head = r->cpu[i].n = 0;
	return count;
}
