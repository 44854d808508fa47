// SPDX-License-Identifier: GPL-2.0-only
/*
 * datwin - per (buffer, CPU) a ring of places, one per 10 ms slot that had a
 * record: the first record's offset and the CPU's count before it. A window
 * is read from the newest place not after its start; the records before the
 * start are skipped as the kept window skipped them. The CPUs are merged as
 * tracecmd_iterate_events_multi() merges them: the oldest first, a tie to
 * the lower buffer, then the lower CPU.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/datread.h"
#include "analysis/datwin.h"
#include "analysis/util.h"

#define DATWIN_SLOT_NS (10 * NSEC_PER_MSEC)
#define DATWIN_WAKE_NR 16384 /* wakeups and switch-ins remembered, by pid (a power of two) */
#define DATWIN_WAYS    4     /* ... in sets of this many pids */
#define DATWIN_DROP_NR 64    /* marker records dropped, the last ones */

struct datwin_place {
	uint64_t ts_ns;
	uint64_t offset;
	uint64_t count; /* the CPU's records before this one */
};

struct datwin_cpu {
	struct datwin_place *place; /* a ring of nr_places */
	size_t first, nr;
	uint64_t slot; /* of the newest place */
	uint64_t count;
};

struct datwin_wake {
	int32_t pid;
	int16_t cpu;
	int16_t target;
	uint64_t ts_ns;
};

struct datwin_drop {
	uint64_t offset;
	int buffer;
	int cpu;
};

struct datwin {
	size_t nr_places;
	struct datwin_cpu *cpu[DATREAD_MAX_BUFFERS];
	int nr_cpus[DATREAD_MAX_BUFFERS];
	struct datwin_wake wake[DATWIN_WAKE_NR];
	struct datwin_wake run[DATWIN_WAKE_NR]; /* switch-ins (no target) */
	struct datwin_drop drop[DATWIN_DROP_NR];
	size_t nr_drop;
};

struct datwin *datwin_create(uint64_t window_ns)
{
	struct datwin *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	/* the slots of a window, the one it starts in and one more */
	w->nr_places = (size_t)(window_ns / DATWIN_SLOT_NS) + 3;
	return w;
}

void datwin_destroy(struct datwin *w)
{
	int b, c;

	if (!w)
		return;
	for (b = 0; b < DATREAD_MAX_BUFFERS; b++) {
		for (c = 0; c < w->nr_cpus[b]; c++)
			free(w->cpu[b][c].place);
		free(w->cpu[b]);
	}
	free(w);
}

static struct datwin_cpu *datwin_cpu_of(struct datwin *w, int b, int c)
{
	if (b < 0 || b >= DATREAD_MAX_BUFFERS || c < 0)
		return NULL;
	if (c >= w->nr_cpus[b]) {
		int nr = c + 8;
		struct datwin_cpu *cpu = realloc(w->cpu[b], (size_t)nr * sizeof(*cpu));

		if (!cpu)
			return NULL;
		memset(cpu + w->nr_cpus[b], 0, (size_t)(nr - w->nr_cpus[b]) * sizeof(*cpu));
		w->cpu[b] = cpu;
		w->nr_cpus[b] = nr;
	}
	return &w->cpu[b][c];
}

int datwin_note(struct datwin *w, const struct evbuf_rec *r)
{
	struct datwin_cpu *c = datwin_cpu_of(w, r->buffer, r->cpu);
	uint64_t slot = r->ts_ns / DATWIN_SLOT_NS;
	struct datwin_place *p;

	if (!c)
		return -ENOMEM;
	if (!c->place) {
		c->place = calloc(w->nr_places, sizeof(*c->place));
		if (!c->place)
			return -ENOMEM;
	}
	if (!c->nr || slot != c->slot) {
		if (c->nr == w->nr_places) {
			c->first = (c->first + 1) % w->nr_places;
			c->nr--;
		}
		p = &c->place[(c->first + c->nr) % w->nr_places];
		p->ts_ns = r->ts_ns;
		p->offset = r->offset;
		p->count = c->count;
		c->nr++;
		c->slot = slot;
	}
	c->count++;
	return 0;
}

/* The first entry of @pid's set (DATWIN_WAYS entries) in a table */
static size_t datwin_set(int32_t pid)
{
	return ((uint32_t)pid & (DATWIN_WAKE_NR / DATWIN_WAYS - 1)) * DATWIN_WAYS;
}

/* @pid's entry of @table (wake or run): the CPU of @r, @target_cpu, its time; a new pid
 * takes the entry of its set noted longest ago */
static void datwin_note_task(struct datwin_wake *table, int32_t pid, int32_t target_cpu,
			     const struct evbuf_rec *r)
{
	struct datwin_wake *set = &table[datwin_set(pid)], *k = set;
	int i;

	if (pid <= 0)
		return;
	for (i = 0; i < DATWIN_WAYS && set[i].pid != pid; i++)
		if (set[i].ts_ns < k->ts_ns)
			k = &set[i];
	if (i < DATWIN_WAYS)
		k = &set[i];
	k->pid = pid;
	k->cpu = (int16_t)r->cpu;
	k->target = (int16_t)(target_cpu >= 0 && target_cpu < 32768 ? target_cpu : -1);
	k->ts_ns = r->ts_ns;
}

/* @pid's entry of @table noted at or after @since_ns, NULL none */
static const struct datwin_wake *datwin_find(const struct datwin_wake *table, int32_t pid,
					     uint64_t since_ns)
{
	const struct datwin_wake *set = &table[datwin_set(pid)];
	int i;

	for (i = 0; pid > 0 && i < DATWIN_WAYS; i++)
		if (set[i].pid == pid)
			return set[i].ts_ns >= since_ns ? &set[i] : NULL;
	return NULL;
}

void datwin_note_wakeup(struct datwin *w, int32_t pid, int32_t target_cpu,
			const struct evbuf_rec *r)
{
	datwin_note_task(w->wake, pid, target_cpu, r);
}

void datwin_note_switch_in(struct datwin *w, int32_t pid, const struct evbuf_rec *r)
{
	datwin_note_task(w->run, pid, -1, r);
}

void datwin_note_dropped(struct datwin *w, const struct evbuf_rec *r)
{
	struct datwin_drop *d = &w->drop[w->nr_drop++ % DATWIN_DROP_NR];

	d->offset = r->offset;
	d->buffer = r->buffer;
	d->cpu = r->cpu;
}

void datwin_clear(struct datwin *w)
{
	int b, c;

	for (b = 0; b < DATREAD_MAX_BUFFERS; b++)
		for (c = 0; c < w->nr_cpus[b]; c++)
			w->cpu[b][c].first = w->cpu[b][c].nr = 0;
	memset(w->wake, 0, sizeof(w->wake));
	memset(w->run, 0, sizeof(w->run));
	w->nr_drop = 0;
	memset(w->drop, 0, sizeof(w->drop));
}

int datwin_waker_cpu(const struct datwin *w, int32_t pid, uint64_t since_ns, int *target_cpu)
{
	const struct datwin_wake *k = datwin_find(w->wake, pid, since_ns);

	*target_cpu = k ? k->target : -1;
	return k ? k->cpu : -1;
}

int datwin_ran_cpu(const struct datwin *w, int32_t pid, uint64_t since_ns)
{
	const struct datwin_wake *k = datwin_find(w->run, pid, since_ns);

	return k ? k->cpu : -1;
}

/* The place a window from @since_ns is read from on @c: its index in the ring, -1 none */
static long datwin_start(const struct datwin *w, const struct datwin_cpu *c, uint64_t since_ns)
{
	size_t i;

	if (!c->nr)
		return -1;
	for (i = c->nr; i-- > 1;)
		if (c->place[(c->first + i) % w->nr_places].ts_ns <= since_ns)
			return (long)i;
	return 0;
}

static bool datwin_wanted(const bool *cpus, int nr, int c)
{
	return !cpus || (c < nr && cpus[c]);
}

uint64_t datwin_count(const struct datwin *w, const bool *cpus, int nr, uint64_t since_ns)
{
	uint64_t n = 0;
	int b, c;

	for (b = 0; b < DATREAD_MAX_BUFFERS; b++) {
		for (c = 0; c < w->nr_cpus[b]; c++) {
			const struct datwin_cpu *cpu = &w->cpu[b][c];
			long i = datwin_start(w, cpu, since_ns);

			if (i >= 0 && datwin_wanted(cpus, nr, c))
				n += cpu->count -
				     cpu->place[(cpu->first + (size_t)i) % w->nr_places].count;
		}
	}
	return n;
}

/* The first slot start from @since_ns on whose window of @cpus holds at most @max records */
static uint64_t datwin_within(const struct datwin *w, const bool *cpus, int nr, uint64_t since_ns,
			      size_t max)
{
	uint64_t lo = 0, hi = w->nr_places, k; /* in slots after @since_ns's */

	if (!max || datwin_count(w, cpus, nr, since_ns) <= max)
		return since_ns;
	while (lo < hi) { /* the count only falls as the start moves on */
		k = lo + (hi - lo) / 2;
		if (datwin_count(w, cpus, nr, (since_ns / DATWIN_SLOT_NS + k) * DATWIN_SLOT_NS) <=
		    max)
			hi = k;
		else
			lo = k + 1;
	}
	return (since_ns / DATWIN_SLOT_NS + lo) * DATWIN_SLOT_NS;
}

/* one CPU of one buffer being read again */
struct datwin_src {
	int buffer;
	int cpu;
	bool live;
	struct evbuf_rec r;
};

static bool datwin_dropped(const struct datwin *w, const struct evbuf_rec *r)
{
	size_t i, nr = w->nr_drop < DATWIN_DROP_NR ? w->nr_drop : DATWIN_DROP_NR;

	for (i = 0; i < nr; i++)
		if (w->drop[i].offset == r->offset && w->drop[i].buffer == r->buffer &&
		    w->drop[i].cpu == r->cpu)
			return true;
	return false;
}

/* Is @r past @end? (the walk's order: time, then buffer, then CPU, then the file) */
static bool datwin_past(const struct evbuf_rec *r, const struct datwin_end *e)
{
	if (r->ts_ns != e->ts_ns)
		return r->ts_ns > e->ts_ns;
	if (r->buffer != e->buffer)
		return r->buffer > e->buffer;
	if (r->cpu != e->cpu)
		return r->cpu > e->cpu;
	return e->inclusive ? r->offset > e->offset : r->offset >= e->offset;
}

/* @r's events into @out, as stream.c's walk kept it (stream_on_rec()) */
static int datwin_push(const struct datwin *w, struct datread *dr, const struct evbuf_rec *r,
		       const int *owner, struct evbuf *out)
{
	struct rtw_event ev[DATREAD_MAX_EVENTS];
	struct evbuf_rec keep = *r;
	int i, n;

	if (r->kind == RTW_EV_MARKER) {
		n = datread_decode(dr, r, ev);
		if (!(n && ev[n - 1].kind == RTW_EV_MARKER) || datwin_dropped(w, r)) {
			if (!r->missed)
				return 0;
			keep.kind = RTW_EV_LOST;
		}
	} else if (owner[r->kind] != r->buffer) {
		if (!r->missed)
			return 0;
		keep.kind = RTW_EV_LOST;
	}
	n = datread_decode(dr, &keep, ev);
	for (i = 0; i < n; i++)
		if (evbuf_push(out, &ev[i]))
			return -ENOMEM;
	return 0;
}

/* The next record of @s (its first: from @offset), not past @end: 1, 0 none, -errno. */
static int datwin_advance(struct datread *dr, struct datwin_src *s, const struct datwin_end *end,
			  bool first, uint64_t offset)
{
	int got = first ? datread_stream_start(dr, s->buffer, s->cpu, offset, &s->r)
			: datread_stream_next(dr, s->buffer, s->cpu, &s->r);

	s->live = got > 0 && !datwin_past(&s->r, end);
	return got < 0 ? got : s->live;
}

/* The sources of the CPUs asked for, started at their places; their number or -errno */
static int datwin_sources(struct datwin *w, struct datread *dr, const bool *cpus, int nr,
			  uint64_t since_ns, const struct datwin_end *end, struct datwin_src **out)
{
	struct datwin_src *src = NULL;
	int b, c, n = 0, cap = 0, ret;

	for (b = 0; b < DATREAD_MAX_BUFFERS; b++) {
		for (c = 0; c < w->nr_cpus[b]; c++) {
			struct datwin_cpu *cpu = &w->cpu[b][c];
			long i = datwin_start(w, cpu, since_ns);

			if (i < 0 || !datwin_wanted(cpus, nr, c))
				continue;
			if (n == cap) {
				struct datwin_src *more;

				cap = cap ? cap * 2 : 8;
				more = realloc(src, (size_t)cap * sizeof(*src));
				if (!more) {
					free(src);
					return -ENOMEM;
				}
				src = more;
			}
			src[n].buffer = b;
			src[n].cpu = c;
			ret = datwin_advance(
				dr, &src[n], end, true,
				cpu->place[(cpu->first + (size_t)i) % w->nr_places].offset);
			if (ret < 0) {
				free(src);
				return ret;
			}
			n++;
		}
	}
	*out = src;
	return n;
}

int datwin_read(struct datwin *w, struct datread *dr, const bool *cpus, int nr, uint64_t since_ns,
		const struct datwin_end *end, const int *owner, struct evbuf *out)
{
	struct datwin_src *src = NULL;
	int n, i, ret = 0;

	evbuf_clear(out);
	since_ns = datwin_within(w, cpus, nr, since_ns, out->max_events);
	n = (int)(datwin_count(w, cpus, nr, since_ns) & 0x3fffffff);
	if (evbuf_reserve(out, (size_t)n + (size_t)n / 16 + 16))
		return -ENOMEM;
	n = datwin_sources(w, dr, cpus, nr, since_ns, end, &src);
	if (n < 0)
		return n;
	for (;;) {
		struct datwin_src *next = NULL;

		for (i = 0; i < n; i++) /* in buffer, then CPU order: a tie to the first */
			if (src[i].live && (!next || src[i].r.ts_ns < next->r.ts_ns))
				next = &src[i];
		if (!next)
			break;
		/* older than the window: skipped, as the kept window was cut */
		if (next->r.ts_ns >= since_ns) {
			ret = datwin_push(w, dr, &next->r, owner, out);
			if (ret)
				break;
		}
		datwin_advance(dr, next, end, false, 0);
	}
	datread_streams_end(dr);
	free(src);
	return ret;
}
