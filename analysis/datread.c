// SPDX-License-Identifier: GPL-2.0-only
/*
 * datread - trace.dat through libtracecmd, records through decode.c. The
 * file's own facts (trace clock, kernel release for the common_flags
 * layout) come from its options; the records of all buffers are merged as
 * tracecmd_iterate_events_multi() merges them (the oldest first, a tie to the
 * lower buffer, then the lower CPU) and handed on as they come. The walk is
 * datread's own so that a callback may read a CPU again (a stream) on the
 * same handles: the CPU's place in the walk is put back after the callback.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <trace-cmd.h>
#include <unistd.h>

#include "analysis/datread.h"
#include "analysis/decode.h"
#include "analysis/diag.h"
#include "analysis/evbuf.h"
#include "analysis/tracecmd_private.h"
#include "analysis/util.h"

#define DATREAD_MAGIC	   "\027\010\104tracing"
#define DATREAD_MAGIC_LEN  10
#define DATREAD_OPEN_FLAGS (TRACECMD_FL_LOAD_NO_PLUGINS | TRACECMD_FL_LOAD_NO_SYSTEM_PLUGINS)

struct datread_buffer {
	struct tracecmd_input *handle;
	struct decode *dec;
	bool own_dec; /* buffers sharing a tep share the decoder */
	char name[64];
	char clock[16];
};

/*
 * A handle whose tracecmd_init_data() failed is not closed: libtracecmd 1.3.1
 * frees a page twice in tracecmd_close() after init_cpu() failed (a truncated
 * version 6 file), and crashes. It is kept here instead, still reachable.
 */
static struct tracecmd_input *datread_quarantine[4];

/*
 * One CPU of one buffer in the walk: the record it offers next (peeked, libtracecmd's),
 * and when a stream read it again during a callback, where it was (restored after).
 */
struct datread_head {
	int buffer;
	int index;		 /* libtracecmd's CPU index in its buffer */
	struct tep_record *rec;	 /* NULL: the CPU has no more records */
	struct tep_record *held; /* a stream's record, ours */
	uint64_t ts;		 /* rec's time */
	uint64_t saved;		 /* rec's offset, when touched */
	bool live;		 /* rec is there */
	bool was_live;		 /* ... when touched */
	bool touched;
};

struct datread {
	struct tracecmd_input *handles[DATREAD_MAX_BUFFERS]; /* [0] is the file's handle */
	struct datread_buffer buf[DATREAD_MAX_BUFFERS];
	struct datread_head *heads; /* the walk: every CPU of every buffer, in that order */
	int nr_heads;
	int *head_of[DATREAD_MAX_BUFFERS]; /* a CPU's number (rec->cpu) to its head, -1 */
	int nr_head_of[DATREAD_MAX_BUFFERS];
	bool touched; /* a stream read a CPU again during this callback */
	int walk_err; /* the walk cannot go on */
	struct datread_info info;
	datread_fn fn;
	datread_rec_fn rec_fn; /* datread_read_raw() */
	void *arg;
	int stop;		/* the callback's non-zero value */
	unsigned int page_size; /* of the file's ring buffer pages, from its header; 0 unknown */
	bool formats_seen;	/* info.layout and preempt_rt refined by the first record */
};

static void datread_walk_free(struct datread *dr);
static int datread_walk(struct datread *dr);

/* The page size the header gives after the version string, endianness and long size. */
static unsigned int datread_page_size(const unsigned char *head, size_t len)
{
	const unsigned char *nul = memchr(head + DATREAD_MAGIC_LEN, '\0', len - DATREAD_MAGIC_LEN);
	const unsigned char *p;
	uint32_t v;

	if (!nul || (size_t)(nul - head) + 7 > len)
		return 0;
	p = nul + 3; /* endian byte, long size byte */
	v = nul[1] ? (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]
		   : (uint32_t)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0];
	return v >= 4096 && v <= (1u << 20) && !(v & (v - 1)) ? v : 0;
}

bool datread_probe(const void *head, size_t len, int *version)
{
	const char *p = head;
	size_t i;
	int v = 0;

	*version = -1;
	if (len < DATREAD_MAGIC_LEN || memcmp(p, DATREAD_MAGIC, DATREAD_MAGIC_LEN))
		return false;
	for (i = DATREAD_MAGIC_LEN; i < len && i < DATREAD_MAGIC_LEN + 6; i++) {
		if (p[i] == '\0') {
			if (i > DATREAD_MAGIC_LEN)
				*version = v;
			break;
		}
		if (p[i] < '0' || p[i] > '9')
			break;
		v = v * 10 + (p[i] - '0');
	}
	return true;
}

/* "[mono]" in "local global [mono] ..." or a bare name; "" if none. */
static void datread_clock_of(struct tracecmd_input *h, char *out, size_t len)
{
	const char *c = tracecmd_get_trace_clock ? tracecmd_get_trace_clock(h) : NULL;
	const char *open, *close;

	out[0] = '\0';
	if (!c)
		return;
	open = strchr(c, '[');
	close = open ? strchr(open, ']') : NULL;
	if (open && close && (size_t)(close - open - 1) < len) {
		memcpy(out, open + 1, (size_t)(close - open - 1));
		out[close - open - 1] = '\0';
	} else if (!strchr(c, ' ')) {
		util_strlcpy(out, c, len);
	}
}

/* The release in "Linux vm 6.18.44-fc-v669 x86_64", and the flags layout it implies. */
static void datread_kernel(struct datread *dr)
{
	const char *u = tracecmd_get_uname ? tracecmd_get_uname(dr->handles[0]) : NULL;
	const char *rel;
	int major, minor;

	dr->info.layout = EVENT_FLAGS_6_13;
	dr->info.layout_assumed = true;
	dr->info.preempt_rt = -1;
	if (!u)
		return;
	rel = strchr(u, ' ');
	rel = rel ? strchr(rel + 1, ' ') : NULL;
	if (!rel)
		return;
	util_strlcpy(dr->info.release, rel + 1, sizeof(dr->info.release));
	dr->info.release[strcspn(dr->info.release, " \n")] = '\0';
	dr->info.preempt_rt = util_kernel_rt(dr->info.release, NULL);
	if (util_kernel_version(dr->info.release, &major, &minor))
		return;
	dr->info.layout = event_flag_layout_detect(major, minor, dr->info.preempt_rt, false);
	dr->info.layout_assumed = false;
}

static int datread_add_buffer(struct datread *dr, struct tracecmd_input *h, const char *name)
{
	int i = dr->info.nr_buffers, k, cpus;
	struct datread_buffer *b = &dr->buf[i];
	struct tep_handle *tep = tracecmd_get_tep(h);

	if (!tep)
		return -EINVAL;
	b->handle = h;
	dr->handles[i] = h;
	util_strlcpy(b->name, name, sizeof(b->name));
	datread_clock_of(h, b->clock, sizeof(b->clock));
	for (k = 0; k < i; k++) {
		if (tracecmd_get_tep(dr->buf[k].handle) == tep) {
			b->dec = dr->buf[k].dec;
			break;
		}
	}
	if (!b->dec) {
		b->dec = decode_create(tep, dr->info.layout);
		if (!b->dec)
			return -ENOMEM;
		b->own_dec = true;
	}
	cpus = tep_get_cpus(tep);
	if (cpus > dr->info.nr_cpus)
		dr->info.nr_cpus = cpus;
	dr->info.nr_buffers++;
	return 0;
}

int datread_open(struct datread **out, const char *path)
{
	struct tracecmd_input *top;
	struct datread *dr;
	char head[32];
	int fd, version, i, nr, ret;
	ssize_t n;

	*out = NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		diag_report(DIAG_ERR, "cannot read %s: %s", path, strerror(errno));
		return ret;
	}
	n = pread(fd, head, sizeof(head), 0);
	close(fd);
	if (n < 0 || !datread_probe(head, (size_t)n, &version)) {
		diag_report(DIAG_ERR, "cannot read %s: not a trace.dat file", path);
		return -EINVAL;
	}
	tracecmd_set_loglevel(
		TEP_LOG_NONE); /* one message, ours (see datread_open() in datread.h) */
	top = tracecmd_open_head(path, DATREAD_OPEN_FLAGS);
	if (top && tracecmd_init_data(top) < 0) {
		for (i = 0; i < (int)ARRAY_SIZE(datread_quarantine); i++) {
			if (!datread_quarantine[i]) {
				datread_quarantine[i] = top;
				break;
			}
		}
		top = NULL;
	}
	if (!top) {
		if (version >= 0 && version != 6 && version != 7) {
			diag_report(DIAG_ERR,
				    "cannot read %s: trace.dat version %d is not supported "
				    "(libtracecmd "
				    "reads versions 6 and 7)",
				    path, version);
			return -EPROTONOSUPPORT;
		}
		diag_report(DIAG_ERR, "cannot read %s: damaged or truncated trace.dat (version %d)",
			    path, version);
		return -EINVAL;
	}
	dr = calloc(1, sizeof(*dr));
	if (!dr) {
		tracecmd_close(top);
		diag_report(DIAG_ERR, "cannot read %s: %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	dr->info.file_version = version;
	dr->page_size = datread_page_size((const unsigned char *)head, (size_t)n);
	dr->handles[0] = top;
	datread_kernel(dr);
	ret = datread_add_buffer(dr, top, "");
	nr = tracecmd_buffer_instances(top);
	for (i = 0; !ret && i < nr && dr->info.nr_buffers < DATREAD_MAX_BUFFERS; i++) {
		struct tracecmd_input *h = tracecmd_buffer_instance_handle(top, i);
		const char *name = tracecmd_buffer_instance_name(top, i);

		if (!h) {
			ret = -EINVAL;
			break;
		}
		ret = datread_add_buffer(dr, h, name ? name : "?");
		if (ret)
			tracecmd_close(h);
	}
	if (ret) {
		diag_report(DIAG_ERR, "cannot read %s: %s", path,
			    ret == -ENOMEM ? strerror(ENOMEM)
					   : "damaged trace.dat (a buffer cannot be read)");
		datread_close(dr);
		return ret;
	}
	if (nr >= DATREAD_MAX_BUFFERS)
		diag_report(DIAG_WARN, "%s has %d buffers: reading the first %d", path, nr + 1,
			    DATREAD_MAX_BUFFERS);
	util_strlcpy(dr->info.clock, dr->buf[0].clock, sizeof(dr->info.clock));
	*out = dr;
	return 0;
}

/* @rec as datread_record() hands it on: 1, or 0 if it would not (a damaged page, no kind) */
static int datread_rec_of(struct datread *dr, int b, struct tep_record *rec, struct evbuf_rec *r)
{
	int kind;

	if (dr->page_size &&
	    (rec->offset & (dr->page_size - 1)) + (unsigned int)rec->record_size > dr->page_size)
		return 0;
	kind = decode_kind(dr->buf[b].dec, rec);
	if (kind < 0)
		return 0;
	r->ts_ns = rec->ts;
	r->missed = rec->missed_events;
	r->size = rec->size > 0 ? (uint32_t)rec->size : 0;
	r->cpu = (uint16_t)rec->cpu;
	r->buffer = (uint8_t)b;
	r->kind = (uint8_t)kind;
	r->data = rec->data;
	r->offset = rec->offset;
	return 1;
}

/* A record of buffer @b (rec->cpu: the buffer's own CPU number), handed on. */
static int datread_record(struct datread *dr, int b, struct tep_record *rec)
{
	struct evbuf_rec r;

	dr->info.records++;
	if (!datread_rec_of(dr, b, rec, &r))
		return 0;
	if (!dr->formats_seen) { /* the formats refine what the release said */
		dr->formats_seen = true;
		dr->info.layout = decode_layout(dr->buf[b].dec);
		if (decode_rt_fields(dr->buf[b].dec))
			dr->info.preempt_rt = 1;
	}
	if (r.missed)
		dr->info.lost_records++;
	dr->info.events += r.missed ? 2 : 1;
	if (dr->rec_fn) {
		dr->stop = dr->rec_fn(&r, dr->arg);
	} else {
		struct rtw_event ev[DATREAD_MAX_EVENTS];
		int i, n = datread_decode(dr, &r, ev);

		for (i = 0; i < n && !dr->stop; i++)
			dr->stop = dr->fn(&ev[i], b, dr->arg);
	}
	return dr->stop ? 1 : 0;
}

int datread_decode(struct datread *dr, const struct evbuf_rec *r, struct rtw_event *out)
{
	struct tep_record rec = {
		.ts = r->ts_ns,
		.missed_events = r->missed,
		.size = (int)r->size,
		.record_size = (int)r->size,
		.data = (void *)r->data,
		.cpu = r->cpu,
	};
	int n = 0;

	if (r->buffer >= dr->info.nr_buffers)
		return 0;
	n += decode_lost(&rec, r->cpu, &out[n]);
	if (r->kind != RTW_EV_LOST) /* LOST: the loss it announces only (datread.h) */
		n += decode_record(dr->buf[r->buffer].dec, &rec, r->cpu, &out[n]);
	if (n && out[n - 1].kind == RTW_EV_STACK) {
		const struct rtw_event stack = out[n - 1];
		int i;

		for (i = 0; i < stack.u.stack.nr && n < DATREAD_MAX_EVENTS; i++) {
			if (!decode_stack_frame(dr->buf[r->buffer].dec, &rec, &stack, i, &out[n]))
				break;
			n++;
		}
	}
	return n;
}

int datread_read(struct datread *dr, datread_fn fn, void *arg)
{
	dr->fn = fn;
	dr->rec_fn = NULL;
	dr->arg = arg;
	dr->stop = 0;
	return datread_walk(dr);
}

int datread_read_raw(struct datread *dr, datread_rec_fn fn, void *arg)
{
	dr->fn = NULL;
	dr->rec_fn = fn;
	dr->arg = arg;
	dr->stop = 0;
	return datread_walk(dr);
}

int32_t datread_task_pid(struct datread *dr, const struct evbuf_rec *r, int32_t *target_cpu)
{
	struct tep_record rec = {
		.ts = r->ts_ns,
		.size = (int)r->size,
		.record_size = (int)r->size,
		.data = (void *)r->data,
		.cpu = r->cpu,
	};

	*target_cpu = -1;
	if (r->buffer >= dr->info.nr_buffers)
		return -1;
	return decode_task_pid(dr->buf[r->buffer].dec, &rec, target_cpu);
}

static struct datread_head *datread_head_of(struct datread *dr, int b, int cpu)
{
	if (b < 0 || b >= dr->info.nr_buffers || cpu < 0 || cpu >= dr->nr_head_of[b] ||
	    dr->head_of[b][cpu] < 0)
		return NULL;
	return &dr->heads[dr->head_of[b][cpu]];
}

int datread_stream_next(struct datread *dr, int buffer, int cpu, struct evbuf_rec *r)
{
	struct datread_head *h = datread_head_of(dr, buffer, cpu);
	struct tep_record *rec;

	if (!h || !h->touched)
		return 0;
	for (;;) {
		tracecmd_free_record(h->held);
		h->held = NULL;
		rec = tracecmd_read_data(dr->handles[buffer], h->index);
		if (!rec)
			return 0;
		h->held = rec;
		if (datread_rec_of(dr, buffer, rec, r))
			return 1;
	}
}

int datread_stream_start(struct datread *dr, int buffer, int cpu, uint64_t offset,
			 struct evbuf_rec *r)
{
	struct datread_head *h = datread_head_of(dr, buffer, cpu);
	struct tep_record *rec;
	int got = -1;

	if (!h)
		return 0;
	if (!h->touched) { /* where the walk is, put back after the callback */
		h->touched = true;
		h->was_live = h->live;
		h->saved = h->live ? h->rec->offset : 0;
		dr->touched = true;
	}
	tracecmd_free_record(h->held);
	h->held = NULL;
	rec = tracecmd_read_at(dr->handles[buffer], offset, &got);
	if (!rec)
		return 0;
	h->held = rec;
	if (got != h->index)
		return 0;
	if (datread_rec_of(dr, buffer, rec, r))
		return 1;
	return datread_stream_next(dr, buffer, cpu, r);
}

void datread_streams_end(struct datread *dr)
{
	int k;

	for (k = 0; k < dr->nr_heads; k++) {
		tracecmd_free_record(dr->heads[k].held);
		dr->heads[k].held = NULL;
	}
}

/* After a callback that read CPUs again: each back where the walk left it. */
static void datread_restore(struct datread *dr)
{
	int k;

	datread_streams_end(dr);
	for (k = 0; k < dr->nr_heads; k++) {
		struct datread_head *h = &dr->heads[k];
		struct tracecmd_input *handle = dr->handles[h->buffer];

		if (!h->touched)
			continue;
		h->touched = false;
		if (!h->was_live)
			continue;
		h->rec = NULL;
		if (!tracecmd_set_cursor(handle, h->index, h->saved))
			h->rec = tracecmd_peek_data(handle, h->index);
		h->live = h->rec && h->rec->offset == h->saved;
		if (h->live) {
			h->ts = h->rec->ts;
		} else if (!dr->walk_err) {
			diag_report(DIAG_ERR,
				    "cannot read the trace.dat on after reading CPU %d "
				    "again: libtracecmd lost its place",
				    h->index);
			dr->walk_err = -EIO;
		}
	}
	dr->touched = false;
}

static void datread_walk_free(struct datread *dr)
{
	int b;

	if (dr->heads)
		datread_streams_end(dr);
	free(dr->heads);
	dr->heads = NULL;
	dr->nr_heads = 0;
	for (b = 0; b < DATREAD_MAX_BUFFERS; b++) {
		free(dr->head_of[b]);
		dr->head_of[b] = NULL;
		dr->nr_head_of[b] = 0;
	}
}

/* CPU indexes of a buffer: libtracecmd's own count when it says it */
static int datread_nr_index(struct tracecmd_input *h)
{
	struct tep_handle *tep = tracecmd_get_tep(h);
	int n = tep ? tep_get_cpus(tep) : 0;

	if (tracecmd_cpus && tracecmd_cpus(h) > n)
		n = tracecmd_cpus(h);
	return n;
}

/* @h's record at its CPU's number in the map of its buffer */
static int datread_map(struct datread *dr, const struct datread_head *h, int k)
{
	int b = h->buffer, cpu = h->rec->cpu;

	if (cpu < 0 || cpu > 65535)
		return 0;
	if (cpu >= dr->nr_head_of[b]) {
		int nr = cpu + 1, i;
		int *map = realloc(dr->head_of[b], (size_t)nr * sizeof(*map));

		if (!map)
			return -ENOMEM;
		for (i = dr->nr_head_of[b]; i < nr; i++)
			map[i] = -1;
		dr->head_of[b] = map;
		dr->nr_head_of[b] = nr;
	}
	dr->head_of[b][cpu] = k;
	return 0;
}

/* Every CPU of every buffer, at its first record. */
static int datread_walk_init(struct datread *dr)
{
	int b, i, n = 0, k = 0;

	datread_walk_free(dr);
	for (b = 0; b < dr->info.nr_buffers; b++)
		n += datread_nr_index(dr->handles[b]);
	dr->heads = calloc(n > 0 ? (size_t)n : 1, sizeof(*dr->heads));
	if (!dr->heads)
		return -ENOMEM;
	for (b = 0; b < dr->info.nr_buffers; b++) {
		for (i = datread_nr_index(dr->handles[b]); i > 0; i--, k++) {
			struct datread_head *h = &dr->heads[k];

			h->buffer = b;
			h->index = datread_nr_index(dr->handles[b]) - i;
			h->rec = tracecmd_peek_data(dr->handles[b], h->index);
			h->live = h->rec != NULL;
			h->ts = h->live ? h->rec->ts : 0;
			if (h->live && datread_map(dr, h, k))
				return -ENOMEM;
		}
	}
	dr->nr_heads = n;
	return 0;
}

/*
 * tracecmd_iterate_events_multi()'s walk: the oldest next record of every CPU of every
 * buffer, a tie to the first (buffer, then CPU); its next record peeked before the callback.
 */
static int datread_walk(struct datread *dr)
{
	int ret = datread_walk_init(dr), k;

	if (ret)
		return ret;
	dr->walk_err = 0;
	while (!dr->stop && !dr->walk_err) {
		struct datread_head *next = NULL;
		struct tep_record *rec;

		for (k = 0; k < dr->nr_heads; k++)
			if (dr->heads[k].live && (!next || dr->heads[k].ts < next->ts))
				next = &dr->heads[k];
		if (!next)
			break;
		rec = tracecmd_read_data(dr->handles[next->buffer], next->index);
		next->rec = tracecmd_peek_data(dr->handles[next->buffer], next->index);
		next->live = next->rec != NULL;
		next->ts = next->live ? next->rec->ts : 0;
		if (rec)
			datread_record(dr, next->buffer, rec);
		tracecmd_free_record(rec);
		if (dr->touched)
			datread_restore(dr);
	}
	return dr->stop ? dr->stop : dr->walk_err;
}

const struct datread_info *datread_info(const struct datread *dr)
{
	return &dr->info;
}

const char *datread_buffer_name(const struct datread *dr, int buffer)
{
	if (buffer <= 0 || buffer >= dr->info.nr_buffers)
		return "";
	return dr->buf[buffer].name;
}

const char *datread_buffer_clock(const struct datread *dr, int buffer)
{
	if (buffer < 0 || buffer >= dr->info.nr_buffers)
		return "";
	return dr->buf[buffer].clock;
}

void datread_close(struct datread *dr)
{
	int i;

	if (!dr)
		return;
	datread_walk_free(dr);
	/* instance handles first: they hold a reference to the file's handle */
	for (i = dr->info.nr_buffers - 1; i >= 0; i--) {
		if (dr->buf[i].own_dec)
			decode_destroy(dr->buf[i].dec);
		if (i > 0)
			tracecmd_close(dr->handles[i]);
	}
	if (dr->handles[0])
		tracecmd_close(dr->handles[0]);
	free(dr);
}
