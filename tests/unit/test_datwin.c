// SPDX-License-Identifier: GPL-2.0-only
/*
 * datwin: a window read again from its places is the window kept whole, CPU by
 * CPU and all together, and the walk that read it goes on where it was.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/datread.h"
#include "analysis/datwin.h"
#include "analysis/evbuf.h"
#include "analysis/util.h"
#include "unit.h"

#define WINDOW_NS (20 * NSEC_PER_MSEC)

struct walk {
	struct datread *dr;
	struct datwin *w;
	struct evbuf_recs recs; /* every record, the reference */
	int owner[RTW_EV_NR_KINDS];
	uint64_t records;
	int checks;
	int failed;
};

/* The reference: the kept records of @cpu (-1 all) from @since on, decoded as datwin does. */
static void reference(struct walk *k, int cpu, uint64_t since, struct evbuf *out)
{
	struct evbuf_recs_pos pos = { 0 };
	struct evbuf_rec r;

	evbuf_clear(out);
	while (evbuf_recs_next(&k->recs, &pos, &r)) {
		struct rtw_event ev[DATREAD_MAX_EVENTS];
		int i, n;

		if (r.ts_ns < since || (cpu >= 0 && r.cpu != cpu))
			continue;
		if (r.kind == RTW_EV_MARKER) {
			n = datread_decode(k->dr, &r, ev);
			if (!(n && ev[n - 1].kind == RTW_EV_MARKER) && !r.missed)
				continue;
			if (!(n && ev[n - 1].kind == RTW_EV_MARKER))
				r.kind = RTW_EV_LOST;
		} else if (k->owner[r.kind] != r.buffer) {
			if (!r.missed)
				continue;
			r.kind = RTW_EV_LOST;
		}
		n = datread_decode(k->dr, &r, ev);
		for (i = 0; i < n; i++)
			evbuf_push(out, &ev[i]);
	}
}

static bool same(const struct evbuf *a, const struct evbuf *b)
{
	const struct rtw_event *x = evbuf_data(a), *y = evbuf_data(b);
	size_t i;

	if (evbuf_len(a) != evbuf_len(b))
		return false;
	for (i = 0; i < evbuf_len(a); i++)
		if (x[i].ts_ns != y[i].ts_ns || x[i].kind != y[i].kind || x[i].cpu != y[i].cpu ||
		    x[i].pid != y[i].pid || memcmp(&x[i].u, &y[i].u, sizeof(x[i].u)))
			return false;
	return true;
}

/* At @r: the window of every CPU, then of each of CPU 0 and 1, against the reference. */
static void check(struct walk *k, const struct evbuf_rec *r)
{
	struct datwin_end end = { r->ts_ns, r->buffer, r->cpu, r->offset, true };
	uint64_t since = r->ts_ns > WINDOW_NS ? r->ts_ns - WINDOW_NS : 0;
	struct evbuf got, want;
	int cpu;

	evbuf_init(&got, 0, 0);
	evbuf_init(&want, 0, 0);
	for (cpu = -1; cpu < 2; cpu++) {
		bool cpus[2] = { cpu == 0, cpu == 1 };

		reference(k, cpu, since, &want);
		if (datwin_read(k->w, k->dr, cpu < 0 ? NULL : cpus, 2, since, &end, k->owner,
				&got) ||
		    !same(&got, &want))
			k->failed++;
		k->checks++;
	}
	evbuf_free(&got);
	evbuf_free(&want);
}

static int on_rec(const struct evbuf_rec *r, void *arg)
{
	struct walk *k = arg;

	if (r->kind != RTW_EV_MARKER && k->owner[r->kind] < 0)
		k->owner[r->kind] = r->buffer;
	k->records++;
	if (evbuf_recs_push(&k->recs, r) || datwin_note(k->w, r))
		return -1;
	if (k->records % 97 == 0)
		check(k, r);
	return 0;
}

static int walk_only(const struct evbuf_rec *r, void *arg)
{
	(void)r;
	(void)arg;
	return 0;
}

static void test_reread(void)
{
	const char *files[] = { "rt-hog.dat", "two-buffers.dat", "net-softirq.dat" };
	char path[512];
	size_t f;
	int i;

	for (f = 0; f < ARRAY_SIZE(files); f++) {
		struct walk k = { 0 };
		uint64_t records;

		snprintf(path, sizeof(path), "%s/%s", unit_fixtures(), files[f]);
		CU_ASSERT_EQUAL_FATAL(datread_open(&k.dr, path), 0);
		for (i = 0; i < RTW_EV_NR_KINDS; i++)
			k.owner[i] = -1;
		k.w = datwin_create(WINDOW_NS);
		evbuf_recs_init(&k.recs, 0, 0);
		CU_ASSERT_EQUAL(datread_read_raw(k.dr, on_rec, &k), 0);
		CU_ASSERT_TRUE(k.checks > 3);
		CU_ASSERT_EQUAL(k.failed, 0);
		records = datread_info(k.dr)->records;
		datread_close(k.dr);
		/* the walk went on where it was: as many records as a walk that read nothing again */
		CU_ASSERT_EQUAL_FATAL(datread_open(&k.dr, path), 0);
		CU_ASSERT_EQUAL(datread_read_raw(k.dr, walk_only, NULL), 0);
		CU_ASSERT_EQUAL(datread_info(k.dr)->records, records);
		datread_close(k.dr);
		datwin_destroy(k.w);
		evbuf_recs_free(&k.recs);
	}
}

/* Counts, the waker's CPU, a new recording. */
static void test_index(void)
{
	struct datwin *w = datwin_create(WINDOW_NS);
	struct evbuf_rec r = { 0 };
	int i, target;

	for (i = 0; i < 100; i++) {
		r.ts_ns = 1000 * NSEC_PER_MSEC + (uint64_t)i * NSEC_PER_MSEC;
		r.cpu = (uint16_t)(i % 4);
		r.offset = (uint64_t)i * 64;
		CU_ASSERT_EQUAL(datwin_note(w, &r), 0);
	}
	/* 1080..1099 ms: 20 records, and at most a slot more of each CPU (read from a place) */
	CU_ASSERT_TRUE(datwin_count(w, NULL, 0, 1080 * NSEC_PER_MSEC) >= 20);
	CU_ASSERT_TRUE(datwin_count(w, NULL, 0, 1080 * NSEC_PER_MSEC) <= 20 + 4 * 3);
	CU_ASSERT_TRUE(datwin_count(w, NULL, 0, 1085 * NSEC_PER_MSEC) >= 15);
	/* after the last record: the last slot of each CPU */
	CU_ASSERT_EQUAL(datwin_count(w, NULL, 0, 2000 * NSEC_PER_MSEC), 10);
	r.cpu = 3;
	datwin_note_wakeup(w, 4242, 2, &r);
	CU_ASSERT_EQUAL(datwin_waker_cpu(w, 4242, 1000 * NSEC_PER_MSEC, &target), 3);
	CU_ASSERT_EQUAL(target, 2);
	CU_ASSERT_EQUAL(datwin_waker_cpu(w, 4242, r.ts_ns + 1, &target), -1);
	CU_ASSERT_EQUAL(target, -1);
	CU_ASSERT_EQUAL(datwin_waker_cpu(w, 4243, 0, &target), -1);
	datwin_note_switch_in(w, 4242, &r);
	CU_ASSERT_EQUAL(datwin_ran_cpu(w, 4242, 0), 3);
	CU_ASSERT_EQUAL(datwin_ran_cpu(w, 4243, 0), -1);
	datwin_clear(w);
	CU_ASSERT_EQUAL(datwin_ran_cpu(w, 4242, 0), -1);
	CU_ASSERT_EQUAL(datwin_count(w, NULL, 0, 0), 0);
	CU_ASSERT_EQUAL(datwin_waker_cpu(w, 4242, 0, &target), -1);
	datwin_destroy(w);
}

static CU_TestInfo datwin_tests[] = {
	{ "places, waker, count", test_index },
	{ "read again: the window kept whole, and the walk goes on", test_reread },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("datwin", NULL, NULL, datwin_tests);
