// SPDX-License-Identifier: GPL-2.0-only
/*
 * rbread on ring-buffer pages built by hand in the kernel's format (a
 * buffer_data_page: u64 time_stamp, long commit, then events whose 32-bit
 * header holds type_len:5 and time_delta:27), with a decoder that reads
 * the record's first word as a pid.
 */
#include <errno.h>
#include <event-parse.h>
#include <stdint.h>
#include <string.h>

#include "rtwhy/rbread.h"
#include "unit.h"

#define PAGE	      4096
#define MAX_PAGES     64
#define MISSED_BIT    (1UL << 31) /* commit flags: events lost before this page */
#define STORED_BIT    (1UL << 30) /* ... and their count after the data */
#define PAYLOAD_WORDS 2

struct fake {
	unsigned char page[2][MAX_PAGES][PAGE];
	int nr[2];
	int next[2];
};

/* A page of @n events at @ts[i] (absolute, ns), each carrying @id[i]; @missed lost before. */
static void page_build(struct fake *f, int cpu, const uint64_t *ts, const uint32_t *id, int n,
		       long missed)
{
	unsigned char *p = f->page[cpu][f->nr[cpu]++];
	uint64_t prev = ts[0];
	unsigned long commit;
	size_t off = 0;
	int i;

	memset(p, 0, PAGE);
	memcpy(p, &ts[0], 8);
	for (i = 0; i < n; i++) {
		uint32_t hdr = PAYLOAD_WORDS | (uint32_t)((ts[i] - prev) << 5);

		memcpy(p + 16 + off, &hdr, 4);
		memcpy(p + 16 + off + 4, &id[i], 4);
		memset(p + 16 + off + 8, 0, 4);
		off += 4 + PAYLOAD_WORDS * 4;
		prev = ts[i];
	}
	commit = off;
	if (missed) {
		memcpy(p + 16 + off, &missed, sizeof(missed));
		commit |= MISSED_BIT | STORED_BIT;
	}
	memcpy(p + 8, &commit, sizeof(commit));
}

static int fake_page(void *arg, int cpu, void *page)
{
	struct fake *f = arg;

	if (f->next[cpu] >= f->nr[cpu])
		return 0;
	memcpy(page, f->page[cpu][f->next[cpu]++], PAGE);
	return PAGE;
}

static int fake_decode(void *arg, struct tep_record *rec, int cpu, struct rtw_event *out)
{
	uint32_t id;

	(void)arg;
	if (rec->size < 4)
		return 0;
	memcpy(&id, rec->data, 4);
	memset(out, 0, sizeof(*out));
	out->ts_ns = rec->ts;
	out->cpu = cpu;
	out->pid = (int32_t)id;
	out->kind = RTW_EV_OTHER;
	return 1;
}

struct got {
	struct rtw_event ev[256];
	int n;
	int stop_after; /* 0: never */
};

static int collect(const struct rtw_event *ev, void *arg)
{
	struct got *g = arg;

	if (g->n < 256)
		g->ev[g->n] = *ev;
	g->n++;
	return g->stop_after && g->n >= g->stop_after;
}

static struct fake fk;

static void fake_reset(void)
{
	memset(&fk, 0, sizeof(fk));
}

static void test_merge_in_time_order(void)
{
	const uint64_t t0[] = { 100, 300, 500 }, t1[] = { 200, 300, 400 };
	const uint32_t i0[] = { 1, 3, 5 }, i1[] = { 2, 30, 4 };
	struct rbread *r;
	struct got g = { .n = 0 };
	int k;

	fake_reset();
	page_build(&fk, 0, t0, i0, 3, 0);
	page_build(&fk, 1, t1, i1, 3, 0);
	CU_ASSERT_EQUAL_FATAL(rbread_create(&r, 2, PAGE, fake_decode, NULL, NULL), 0);
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, UINT64_MAX, collect, &g), 6);
	CU_ASSERT_EQUAL_FATAL(g.n, 6);
	for (k = 1; k < 6; k++)
		CU_ASSERT_TRUE(g.ev[k - 1].ts_ns <= g.ev[k].ts_ns);
	/* same time on two CPUs: the lower CPU first */
	CU_ASSERT_EQUAL(g.ev[2].pid, 3);
	CU_ASSERT_EQUAL(g.ev[3].pid, 30);
	CU_ASSERT_EQUAL(g.ev[5].cpu, 0);
	/* consumed: a second read has nothing */
	g.n = 0;
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, UINT64_MAX, collect, &g), 0);
	rbread_destroy(r);
	CU_ASSERT_EQUAL(rbread_create(&r, 0, PAGE, fake_decode, NULL, NULL), -EINVAL);
	CU_ASSERT_PTR_NULL(r);
}

/* Ten pages of ten events 1000 ns apart: page p holds p*10000 .. p*10000 + 9000. */
static void ten_pages(int cpu, uint32_t base)
{
	uint64_t ts[10];
	uint32_t id[10];
	int p, i;

	for (p = 0; p < 10; p++) {
		for (i = 0; i < 10; i++) {
			ts[i] = 1000000 + (uint64_t)(p * 10 + i) * 1000;
			id[i] = base + (uint32_t)(p * 10 + i);
		}
		page_build(&fk, cpu, ts, id, 10, 0);
	}
}

static void test_window_skips_old_pages(void)
{
	const struct rbread_stats *st;
	struct rbread *r;
	struct got g = { .n = 0 };

	fake_reset();
	ten_pages(0, 0);
	CU_ASSERT_EQUAL_FATAL(rbread_create(&r, 1, PAGE, fake_decode, NULL, NULL), 0);
	/* from 1.0555 ms: pages 0-4 end before it; page 5 holds 1.050-1.059 */
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 1055500, UINT64_MAX, collect, &g), 44);
	st = rbread_stats(r);
	CU_ASSERT_EQUAL(st->pages, 10);
	CU_ASSERT_EQUAL(st->pages_skipped, 5); /* dropped unread */
	CU_ASSERT_EQUAL(st->records, 50);      /* only the pages kept were walked */
	CU_ASSERT_EQUAL(st->decoded, 44);      /* 1.056 .. 1.099 ms */
	CU_ASSERT_EQUAL(st->skipped_until_ns, 1055000);
	CU_ASSERT_EQUAL(g.ev[0].pid, 56);
	CU_ASSERT_EQUAL(g.ev[43].pid, 99);
	rbread_destroy(r);
}

static void test_until_keeps_the_rest(void)
{
	struct rbread *r;
	struct got g = { .n = 0 };

	fake_reset();
	ten_pages(0, 0);
	ten_pages(1, 1000);
	fk.nr[1] = 3; /* CPU 1 has less so far: the source runs dry */
	CU_ASSERT_EQUAL_FATAL(rbread_create(&r, 2, PAGE, fake_decode, NULL, NULL), 0);
	/* up to 1.0345 ms: CPU 0 is read just past it, no further */
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, 1034500, collect, &g), 35 + 30);
	CU_ASSERT_EQUAL(g.ev[g.n - 1].pid, 34);
	CU_ASSERT_TRUE(fk.next[0] <= 5); /* pages 0-3 and a lookahead, not the whole buffer */
	/* the next read starts where that one stopped, nothing lost or repeated */
	g.n = 0;
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, UINT64_MAX, collect, &g), 65);
	CU_ASSERT_EQUAL(g.ev[0].pid, 35);
	CU_ASSERT_EQUAL(g.ev[64].pid, 99);
	/* a callback that stops: the rest is kept, not lost */
	fake_reset();
	ten_pages(0, 0);
	rbread_forget(r);
	g.n = 0;
	g.stop_after = 7;
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, UINT64_MAX, collect, &g), 7);
	g.stop_after = 0;
	g.n = 0;
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, UINT64_MAX, collect, &g), 93);
	CU_ASSERT_EQUAL(g.ev[0].pid, 7);
	rbread_destroy(r);
}

static void test_lost_events(void)
{
	const uint64_t a[] = { 5000, 6000 }, b[] = { 9000, 9500 };
	const uint32_t ia[] = { 1, 2 }, ib[] = { 3, 4 };
	struct rbread *r;
	struct got g = { .n = 0 };

	fake_reset();
	page_build(&fk, 0, a, ia, 2, 1234); /* 1234 overwritten before 5000 */
	page_build(&fk, 0, b, ib, 2, 0);
	CU_ASSERT_EQUAL_FATAL(rbread_create(&r, 1, PAGE, fake_decode, NULL, NULL), 0);
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 0, UINT64_MAX, collect, &g), 5);
	CU_ASSERT_EQUAL(g.ev[0].kind, RTW_EV_LOST);
	CU_ASSERT_EQUAL(g.ev[0].u.lost.count, 1234);
	CU_ASSERT_EQUAL(g.ev[0].ts_ns, 5000);
	CU_ASSERT_EQUAL(g.ev[1].pid, 1);
	/* a loss older than the window is not in it */
	fake_reset();
	page_build(&fk, 0, a, ia, 2, 1234);
	g.n = 0;
	CU_ASSERT_EQUAL(rbread_read(r, fake_page, &fk, 5500, UINT64_MAX, collect, &g), 1);
	CU_ASSERT_EQUAL(g.ev[0].pid, 2);
	rbread_destroy(r);
}

static CU_TestInfo rbread_tests[] = {
	{ "CPUs merged in time order, lower CPU first on ties", test_merge_in_time_order },
	{ "a window: older pages dropped unread", test_window_skips_old_pages },
	{ "until: read no further, the rest kept", test_until_keeps_the_rest },
	{ "lost events: a mark before the page, unless older than the window", test_lost_events },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("rbread", NULL, NULL, rbread_tests);
