// SPDX-License-Identifier: GPL-2.0-only
/*
 * datread - trace.dat through libtracecmd, records through decode.c. The
 * file's own facts (trace clock, kernel release for the common_flags
 * layout) come from its options; the records of all buffers are merged by
 * tracecmd_iterate_events_multi() and handed on as they come.
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

struct datread {
	struct tracecmd_input *handles[DATREAD_MAX_BUFFERS]; /* [0] is the file's handle */
	struct datread_buffer buf[DATREAD_MAX_BUFFERS];
	int last; /* buffer of the previous record: records come in runs */
	struct datread_info info;
	datread_fn fn;
	datread_rec_fn rec_fn; /* datread_read_raw() */
	void *arg;
	int stop;		/* the callback's non-zero value */
	unsigned int page_size; /* of the file's ring buffer pages, from its header; 0 unknown */
	bool formats_seen;	/* info.layout and preempt_rt refined by the first record */
};

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

static int datread_buffer_of(struct datread *dr, struct tracecmd_input *h)
{
	int i;

	if (dr->handles[dr->last] == h)
		return dr->last;
	for (i = 0; i < dr->info.nr_buffers; i++) {
		if (dr->handles[i] == h) {
			dr->last = i;
			return i;
		}
	}
	return -1;
}

/* @cpu numbers the CPUs of all buffers together: rec->cpu is the buffer's own. */
static int datread_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *arg)
{
	struct datread *dr = arg;
	int b = datread_buffer_of(dr, h), kind;
	struct evbuf_rec r;

	(void)cpu;
	if (b < 0)
		return 0;
	dr->info.records++;
	/* a damaged page: libtracecmd 1.3.1 hands on a record that runs past it */
	if (dr->page_size && /* a power of two (datread_page_size()) */
	    (rec->offset & (dr->page_size - 1)) + (unsigned int)rec->record_size > dr->page_size)
		return 0;
	kind = decode_kind(dr->buf[b].dec, rec);
	if (kind < 0)
		return 0;
	if (!dr->formats_seen) { /* the formats refine what the release said */
		dr->formats_seen = true;
		dr->info.layout = decode_layout(dr->buf[b].dec);
		if (decode_rt_fields(dr->buf[b].dec))
			dr->info.preempt_rt = 1;
	}
	r.ts_ns = rec->ts;
	r.missed = rec->missed_events;
	r.size = rec->size > 0 ? (uint32_t)rec->size : 0;
	r.cpu = (uint16_t)rec->cpu;
	r.buffer = (uint8_t)b;
	r.kind = (uint8_t)kind;
	r.data = rec->data;
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
	tracecmd_iterate_events_multi(dr->handles, dr->info.nr_buffers, datread_record, dr);
	return dr->stop;
}

int datread_read_raw(struct datread *dr, datread_rec_fn fn, void *arg)
{
	dr->fn = NULL;
	dr->rec_fn = fn;
	dr->arg = arg;
	dr->stop = 0;
	tracecmd_iterate_events_multi(dr->handles, dr->info.nr_buffers, datread_record, dr);
	return dr->stop;
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
