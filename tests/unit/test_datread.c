// SPDX-License-Identifier: GPL-2.0-only
/*
 * datread: recorded trace.dat files (trace-cmd extract on this machine)
 * read through libtracecmd and decode.c; the same records as the kernel's
 * own text of the same recording; damaged files refused without a crash.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/datread.h"
#include "analysis/evbuf.h"
#include "analysis/textread.h"
#include "analysis/util.h"
#include "unit.h"

#define MAX_KEPT 8192
#define US(ns)	 (((ns) + 500) / 1000 * 1000) /* the kernel's text rounds to the us */

struct kept {
	struct rtw_event *ev;
	int *buffer;
	size_t n;
	uint64_t from_ns; /* keep events from here on */
	uint64_t kinds[2][RTW_EV_NR_KINDS];
};

static int keep(const struct rtw_event *ev, int buffer, void *arg)
{
	struct kept *k = arg;

	if (buffer >= 0 && buffer < 2)
		k->kinds[buffer][ev->kind]++;
	if (ev->ts_ns < k->from_ns || k->n == MAX_KEPT)
		return 0;
	k->ev[k->n] = *ev;
	k->buffer[k->n] = buffer;
	k->n++;
	return 0;
}

static void kept_init(struct kept *k, uint64_t from_ns)
{
	memset(k, 0, sizeof(*k));
	k->ev = calloc(MAX_KEPT, sizeof(*k->ev));
	k->buffer = calloc(MAX_KEPT, sizeof(*k->buffer));
	k->from_ns = from_ns;
}

static void kept_free(struct kept *k)
{
	free(k->ev);
	free(k->buffer);
}

static void fixture(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", unit_fixtures(), name);
}

static void test_probe(void)
{
	static const char v7[] = "\027\010\104tracing7\0\0\0\0";
	static const char v6[] = "\027\010\104tracing6\0";
	int version;

	CU_ASSERT(datread_probe(v7, sizeof(v7), &version));
	CU_ASSERT_EQUAL(version, 7);
	CU_ASSERT(datread_probe(v6, sizeof(v6), &version));
	CU_ASSERT_EQUAL(version, 6);
	CU_ASSERT(datread_probe("\027\010\104tracing12\0", 13, &version));
	CU_ASSERT_EQUAL(version, 12);
	CU_ASSERT(datread_probe("\027\010\104tracing", 10, &version)); /* cut: version unknown */
	CU_ASSERT_EQUAL(version, -1);
	CU_ASSERT(!datread_probe("\027\010\104trac", 7, &version));
	CU_ASSERT(!datread_probe("# tracer: nop\n", 14, &version));
	CU_ASSERT(!datread_probe("", 0, &version));
}

static void test_info(void)
{
	const struct datread_info *in;
	struct datread *dr;
	struct kept k;
	char path[512];
	size_t i, markers = 0;

	fixture(path, sizeof(path), "rt-hog.dat");
	CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
	in = datread_info(dr);
	CU_ASSERT_EQUAL(in->file_version, 7);
	CU_ASSERT_EQUAL(in->nr_cpus, 2);
	CU_ASSERT_EQUAL(in->nr_buffers, 1);
	CU_ASSERT_STRING_EQUAL(in->clock, "mono");
	CU_ASSERT_STRING_EQUAL(in->release, "6.18.44-fc-v669");
	CU_ASSERT_EQUAL(in->layout, EVENT_FLAGS_6_13);
	CU_ASSERT(!in->layout_assumed);
	CU_ASSERT_STRING_EQUAL(datread_buffer_name(dr, 0), "");
	kept_init(&k, 0);
	CU_ASSERT_EQUAL(datread_read(dr, keep, &k), 0);
	CU_ASSERT(in->events > 2000);
	CU_ASSERT_EQUAL(in->records, in->events - in->lost_records);
	for (i = 1; i < k.n; i++)
		CU_ASSERT_FATAL(k.ev[i].ts_ns >= k.ev[i - 1].ts_ns);
	for (i = 0; i < k.n; i++) {
		const struct rtw_event *e = &k.ev[i];

		if (e->kind != RTW_EV_MARKER)
			continue;
		markers++;
		CU_ASSERT_STRING_EQUAL(e->u.marker.text, "hit latency threshold (2282 > 1500)");
		CU_ASSERT_EQUAL(e->pid, 4277);
		CU_ASSERT_EQUAL(e->cpu, 1);
		CU_ASSERT_STRING_EQUAL(e->comm, "cyclictest");
	}
	CU_ASSERT_EQUAL(markers, 1);
	CU_ASSERT(k.kinds[0][RTW_EV_HRTIMER_ENTRY] > 0);
	kept_free(&k);
	datread_close(dr);
	datread_close(NULL);
}

struct raw {
	struct datread *dr;
	struct kept *k;
	struct evbuf_recs recs; /* a copy of every record, decoded after the pass */
	uint64_t records;
};

static int keep_raw(const struct evbuf_rec *r, void *arg)
{
	struct raw *w = arg;

	w->records++;
	return evbuf_recs_push(&w->recs, r);
}

/* Raw records, copied and decoded later, are the events datread_read() gives. */
static void test_raw(void)
{
	const char *files[] = { "rt-hog.dat", "two-buffers.dat" };
	struct evbuf_recs_pos pos;
	struct evbuf_rec r;
	struct kept k;
	char path[512];
	size_t f, i;

	for (f = 0; f < ARRAY_SIZE(files); f++) {
		struct raw w = { .k = &k };
		uint64_t events;

		fixture(path, sizeof(path), files[f]);
		CU_ASSERT_EQUAL_FATAL(datread_open(&w.dr, path), 0);
		kept_init(&k, 0);
		CU_ASSERT_EQUAL(datread_read(w.dr, keep, &k), 0);
		events = datread_info(w.dr)->events;
		datread_close(w.dr);
		/* a second reader of the same file: raw */
		CU_ASSERT_EQUAL_FATAL(datread_open(&w.dr, path), 0);
		evbuf_recs_init(&w.recs, 0, 0);
		CU_ASSERT_EQUAL(datread_read_raw(w.dr, keep_raw, &w), 0);
		CU_ASSERT_EQUAL(datread_info(w.dr)->events, events);
		memset(&pos, 0, sizeof(pos));
		i = 0;
		while (evbuf_recs_next(&w.recs, &pos, &r) && i < k.n) {
			struct rtw_event ev[DATREAD_MAX_EVENTS];
			int j, n = datread_decode(w.dr, &r, ev);

			CU_ASSERT_TRUE(n >= 1);
			CU_ASSERT_EQUAL(r.kind, ev[n - 1].kind);
			for (j = 0; j < n && i < k.n; j++, i++) {
				CU_ASSERT_EQUAL(ev[j].ts_ns, k.ev[i].ts_ns);
				CU_ASSERT_EQUAL(ev[j].kind, k.ev[i].kind);
				CU_ASSERT_EQUAL(ev[j].cpu, k.ev[i].cpu);
				CU_ASSERT_EQUAL(ev[j].pid, k.ev[i].pid);
				CU_ASSERT_EQUAL(r.buffer, k.buffer[i]);
				CU_ASSERT_EQUAL(memcmp(&ev[j].u, &k.ev[i].u, sizeof(ev[j].u)), 0);
			}
		}
		CU_ASSERT_EQUAL(i, k.n);
		evbuf_recs_free(&w.recs);
		kept_free(&k);
		datread_close(w.dr);
	}
}

/* Events in an instance, cyclictest's marker and sched_switch again in the top level. */
static void test_two_buffers(void)
{
	struct datread *dr;
	struct kept k;
	char path[512];

	fixture(path, sizeof(path), "two-buffers.dat");
	CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
	CU_ASSERT_EQUAL(datread_info(dr)->nr_buffers, 2);
	CU_ASSERT_STRING_EQUAL(datread_buffer_name(dr, 1), "rtwhy-fixture");
	CU_ASSERT_STRING_EQUAL(datread_buffer_clock(dr, 0), "mono");
	CU_ASSERT_STRING_EQUAL(datread_buffer_clock(dr, 1), "mono");
	kept_init(&k, 0);
	datread_read(dr, keep, &k);
	CU_ASSERT_EQUAL(k.kinds[0][RTW_EV_MARKER], 1);
	CU_ASSERT_EQUAL(k.kinds[1][RTW_EV_MARKER], 0);
	CU_ASSERT(k.kinds[0][RTW_EV_SWITCH] > 0);
	CU_ASSERT(k.kinds[1][RTW_EV_SWITCH] > 0);
	CU_ASSERT_EQUAL(k.kinds[0][RTW_EV_WAKING], 0);
	CU_ASSERT(k.kinds[1][RTW_EV_WAKING] > 0);
	/* the CPU numbers are each buffer's own, not libtracecmd's combined index */
	CU_ASSERT_EQUAL(k.kinds[1][RTW_EV_OTHER], 0);
	kept_free(&k);
	datread_close(dr);
}

static int keep_text(const struct rtw_event *ev, int buffer, void *arg)
{
	return keep(ev, buffer, arg);
}

/* The trace.dat and the kernel's text of one recording give the same events. */
static void test_same_as_text(void)
{
	struct kept dat, txt;
	struct datread *dr;
	struct textread *tr;
	char path[512];
	size_t i, same = 0;
	FILE *f;

	fixture(path, sizeof(path), "rt-hog.trace.txt");
	f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	kept_init(&txt, 0);
	tr = textread_create(keep_text, &txt);
	CU_ASSERT_EQUAL(textread_fd(tr, fileno(f)), 0);
	fclose(f);
	CU_ASSERT_EQUAL(textread_stats(tr)->unparsed, 0);
	textread_destroy(tr);
	CU_ASSERT_FATAL(txt.n > 100);

	fixture(path, sizeof(path), "rt-hog.dat");
	CU_ASSERT_EQUAL_FATAL(datread_open(&dr, path), 0);
	/* the text was trimmed to its last 250 ms; it shows times rounded to the us */
	kept_init(&dat, txt.ev[0].ts_ns - 500);
	datread_read(dr, keep, &dat);
	datread_close(dr);
	for (i = 0; i < dat.n && US(dat.ev[i].ts_ns) != txt.ev[0].ts_ns; i++)
		;
	CU_ASSERT_EQUAL_FATAL(dat.n - i, txt.n);
	for (; i < dat.n; i++, same++) {
		const struct rtw_event *a = &dat.ev[i], *b = &txt.ev[same];

		CU_ASSERT_EQUAL_FATAL(US(a->ts_ns), b->ts_ns);
		CU_ASSERT_EQUAL_FATAL(a->kind, b->kind);
		CU_ASSERT_EQUAL(a->cpu, b->cpu);
		CU_ASSERT_EQUAL(a->pid, b->pid);
		CU_ASSERT_EQUAL(a->flags, b->flags);
		CU_ASSERT_EQUAL(a->preempt, b->preempt);
		switch (a->kind) {
		case RTW_EV_SWITCH:
			CU_ASSERT_EQUAL(a->u.sw.prev_pid, b->u.sw.prev_pid);
			CU_ASSERT_EQUAL(a->u.sw.next_pid, b->u.sw.next_pid);
			CU_ASSERT_EQUAL(a->u.sw.prev_prio, b->u.sw.prev_prio);
			CU_ASSERT_EQUAL(a->u.sw.next_prio, b->u.sw.next_prio);
			CU_ASSERT_EQUAL(a->u.sw.prev_state, b->u.sw.prev_state);
			CU_ASSERT_STRING_EQUAL(a->u.sw.next_comm, b->u.sw.next_comm);
			break;
		case RTW_EV_WAKING:
		case RTW_EV_WAKEUP:
			CU_ASSERT_EQUAL(a->u.wake.pid, b->u.wake.pid);
			CU_ASSERT_EQUAL(a->u.wake.prio, b->u.wake.prio);
			CU_ASSERT_EQUAL(a->u.wake.target_cpu, b->u.wake.target_cpu);
			break;
		case RTW_EV_HRTIMER_ENTRY:
			CU_ASSERT_STRING_EQUAL(a->u.hrt.function, b->u.hrt.function);
			CU_ASSERT_EQUAL(a->u.hrt.now_ns, b->u.hrt.now_ns);
			break;
		case RTW_EV_SOFTIRQ_ENTRY:
		case RTW_EV_SOFTIRQ_EXIT:
		case RTW_EV_SOFTIRQ_RAISE:
			CU_ASSERT_EQUAL(a->u.softirq.vec, b->u.softirq.vec);
			break;
		case RTW_EV_VECTOR_ENTRY:
		case RTW_EV_VECTOR_EXIT:
			CU_ASSERT_STRING_EQUAL(a->u.vec.name, b->u.vec.name);
			CU_ASSERT_EQUAL(a->u.vec.vector, b->u.vec.vector);
			break;
		case RTW_EV_MARKER:
			CU_ASSERT_STRING_EQUAL(a->u.marker.text, b->u.marker.text);
			break;
		default:
			break;
		}
	}
	CU_ASSERT(same > 100);
	kept_free(&dat);
	kept_free(&txt);
}

/* Write @len bytes of fixture @name (or @bytes) to a temporary file. */
static void damaged(char *path, const char *name, long len, const char *bytes, size_t n)
{
	char src[512];
	FILE *in, *out;
	int fd, c;

	strcpy(path, "/tmp/rtwhy-unit-datread.XXXXXX");
	fd = mkstemp(path);
	out = fdopen(fd, "w");
	if (bytes) {
		fwrite(bytes, 1, n, out);
	} else {
		fixture(src, sizeof(src), name);
		in = fopen(src, "r");
		while (in && len-- > 0 && (c = fgetc(in)) != EOF)
			fputc(c, out);
		if (in)
			fclose(in);
	}
	fclose(out);
}

static void test_damaged(void)
{
	static const long cuts[] = { 12, 200, 4096, 60000, 120000, 150000 };
	char path[64];
	struct datread *dr;
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
		damaged(path, "rt-hog.dat", cuts[i], NULL, 0);
		CU_ASSERT_EQUAL(datread_open(&dr, path), -EINVAL);
		CU_ASSERT_PTR_NULL(dr);
		unlink(path);
	}
	/* another version number */
	damaged(path, "rt-hog.dat", 1 << 30, NULL, 0);
	f = fopen(path, "r+");
	fseek(f, 10, SEEK_SET);
	fputc('9', f);
	fclose(f);
	CU_ASSERT_EQUAL(datread_open(&dr, path), -EPROTONOSUPPORT);
	unlink(path);
	/* junk and text */
	damaged(path, NULL, 0, "\x01\x02junk", 6);
	CU_ASSERT_EQUAL(datread_open(&dr, path), -EINVAL);
	unlink(path);
	damaged(path, NULL, 0, "# tracer: nop\n", 14);
	CU_ASSERT_EQUAL(datread_open(&dr, path), -EINVAL);
	unlink(path);
	CU_ASSERT_EQUAL(datread_open(&dr, "/nonexistent/x.dat"), -ENOENT);
}

static CU_TestInfo datread_tests[] = {
	{ "probe", test_probe },
	{ "file facts and records", test_info },
	{ "two buffers", test_two_buffers },
	{ "raw records, decoded later, are the same events", test_raw },
	{ "same events as the kernel's text", test_same_as_text },
	{ "damaged files", test_damaged },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("datread", NULL, NULL, datread_tests);
