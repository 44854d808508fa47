// SPDX-License-Identifier: GPL-2.0-only
/* evbuf: a window bounded in time and in count, contiguous, oldest first. */
#include <string.h>

#include "analysis/evbuf.h"
#include "analysis/util.h"
#include "unit.h"

static struct rtw_event at(uint64_t ts_ns)
{
	struct rtw_event e = { .ts_ns = ts_ns, .kind = RTW_EV_OTHER };

	return e;
}

static void test_unbounded(void)
{
	struct evbuf b;
	struct rtw_event e;
	uint64_t i;

	evbuf_init(&b, 0, 0);
	for (i = 0; i < 10000; i++) {
		e = at(i);
		CU_ASSERT_EQUAL_FATAL(evbuf_push(&b, &e), 0);
	}
	CU_ASSERT_EQUAL(evbuf_len(&b), 10000);
	CU_ASSERT_EQUAL(evbuf_data(&b)[0].ts_ns, 0);
	CU_ASSERT_EQUAL(evbuf_data(&b)[9999].ts_ns, 9999);
	evbuf_clear(&b);
	CU_ASSERT_EQUAL(evbuf_len(&b), 0);
	evbuf_free(&b);
}

static void test_retain_time(void)
{
	struct evbuf b;
	struct rtw_event e;
	uint64_t i;

	evbuf_init(&b, 1000 * NSEC_PER_USEC, 0); /* keep 1 ms */
	for (i = 0; i < 100000; i++) {
		e = at(i * NSEC_PER_USEC); /* one event per us: 100 ms */
		CU_ASSERT_EQUAL_FATAL(evbuf_push(&b, &e), 0);
	}
	/* about 1 ms kept (trimmed every 256 events) */
	CU_ASSERT_TRUE(evbuf_len(&b) >= 1000 && evbuf_len(&b) <= 1000 + 256 + 1);
	CU_ASSERT_EQUAL(evbuf_data(&b)[evbuf_len(&b) - 1].ts_ns, 99999 * NSEC_PER_USEC);
	CU_ASSERT_TRUE(evbuf_data(&b)[0].ts_ns >= 98999 * NSEC_PER_USEC - 256 * NSEC_PER_USEC);
	CU_ASSERT_EQUAL(b.dropped + evbuf_len(&b), 100000);
	/* memory bounded by the window, not the stream */
	CU_ASSERT_TRUE(b.cap <= 8192);
	evbuf_free(&b);
}

static void test_max_events(void)
{
	struct evbuf b;
	struct rtw_event e;
	uint64_t i;

	evbuf_init(&b, 0, 100);
	for (i = 0; i < 1000; i++) {
		e = at(i);
		CU_ASSERT_EQUAL_FATAL(evbuf_push(&b, &e), 0);
	}
	CU_ASSERT_EQUAL(evbuf_len(&b), 100);
	CU_ASSERT_EQUAL(evbuf_data(&b)[0].ts_ns, 900);
	CU_ASSERT_EQUAL(b.dropped_until_ns, 899);
	evbuf_free(&b);
}

static void test_drop_before(void)
{
	struct evbuf b;
	struct rtw_event e;
	uint64_t i;

	evbuf_init(&b, 0, 0);
	CU_ASSERT_EQUAL(evbuf_first_at(&b, 5), 0);
	for (i = 0; i < 100; i++) {
		e = at(10 * i); /* 0, 10, ... 990; 500 twice */
		CU_ASSERT_EQUAL_FATAL(evbuf_push(&b, &e), 0);
		if (i == 50)
			CU_ASSERT_EQUAL_FATAL(evbuf_push(&b, &e), 0);
	}
	CU_ASSERT_EQUAL(evbuf_first_at(&b, 0), 0);
	CU_ASSERT_EQUAL(evbuf_first_at(&b, 495), 50);
	CU_ASSERT_EQUAL(evbuf_first_at(&b, 500), 50); /* the first of equal times */
	CU_ASSERT_EQUAL(evbuf_first_at(&b, 501), 52);
	CU_ASSERT_EQUAL(evbuf_first_at(&b, 5000), 101);
	evbuf_drop_before(&b, 500);
	CU_ASSERT_EQUAL(evbuf_len(&b), 51);
	CU_ASSERT_EQUAL(evbuf_data(&b)[0].ts_ns, 500);
	CU_ASSERT_EQUAL(b.dropped, 50);
	CU_ASSERT_EQUAL(b.dropped_until_ns, 490);
	evbuf_drop_before(&b, 100); /* nothing older left */
	CU_ASSERT_EQUAL(evbuf_len(&b), 51);
	evbuf_drop_before(&b, 10000);
	CU_ASSERT_EQUAL(evbuf_len(&b), 0);
	CU_ASSERT_EQUAL(b.dropped_until_ns, 990);
	evbuf_free(&b);
}

static void test_push_sorted(void)
{
	const uint64_t ts[] = { 10, 20, 30, 25, 30, 5, 40 };
	const uint64_t want[] = { 5, 10, 20, 25, 30, 30, 40 };
	struct evbuf b;
	struct rtw_event e;
	size_t i;

	evbuf_init(&b, 0, 0);
	for (i = 0; i < ARRAY_SIZE(ts); i++) {
		e = at(ts[i]);
		e.pid = (int32_t)i;
		CU_ASSERT_EQUAL_FATAL(evbuf_push_sorted(&b, &e), 0);
	}
	CU_ASSERT_EQUAL_FATAL(evbuf_len(&b), ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++)
		CU_ASSERT_EQUAL(evbuf_data(&b)[i].ts_ns, want[i]);
	/* equal times keep their order of arrival */
	CU_ASSERT_EQUAL(evbuf_data(&b)[4].pid, 2);
	CU_ASSERT_EQUAL(evbuf_data(&b)[5].pid, 4);
	evbuf_free(&b);
}

/* Records of 1..300 bytes, one per us, some announcing losses: what goes in comes out. */
static void test_records(void)
{
	unsigned char data[300];
	struct evbuf_recs b;
	struct evbuf_recs_pos pos = { 0 };
	struct evbuf_rec r, got;
	uint64_t i, n = 0, first = 0;
	size_t peak = 0;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)i;
	evbuf_recs_init(&b, 1000 * NSEC_PER_USEC, 0); /* keep 1 ms */
	for (i = 0; i < 200000; i++) {
		r.ts_ns = i * NSEC_PER_USEC;
		r.size = (uint32_t)(i % 300 + 1);
		r.cpu = (uint16_t)(i % 3);
		r.buffer = (uint8_t)(i % 2);
		r.kind = (uint8_t)(i % RTW_EV_NR_KINDS);
		r.missed = i % 1000 == 7 ? (int64_t)i : 0;
		r.data = data;
		CU_ASSERT_EQUAL_FATAL(evbuf_recs_push(&b, &r), 0);
		if (b.bytes > peak)
			peak = b.bytes;
	}
	/* the last ms, and at most two chunks more (128 KB: about 750 of these records each) */
	CU_ASSERT_TRUE(b.len >= 1001 && b.len < 1001 + 2 * 750);
	CU_ASSERT_EQUAL(b.dropped + b.len, 200000);
	CU_ASSERT_EQUAL(b.dropped_until_ns, (200000 - b.len - 1) * NSEC_PER_USEC);
	/* memory follows the window (about 160 KB of records), not the stream (30 MB) */
	CU_ASSERT_TRUE(peak <= 4 * 128 * 1024);
	while (evbuf_recs_next(&b, &pos, &got)) {
		i = got.ts_ns / NSEC_PER_USEC;
		if (!n)
			first = i;
		CU_ASSERT_EQUAL(i, first + n);
		CU_ASSERT_EQUAL(got.size, i % 300 + 1);
		CU_ASSERT_EQUAL(got.cpu, i % 3);
		CU_ASSERT_EQUAL(got.buffer, i % 2);
		CU_ASSERT_EQUAL(got.kind, i % RTW_EV_NR_KINDS);
		CU_ASSERT_EQUAL(got.missed, i % 1000 == 7 ? (int64_t)i : 0);
		CU_ASSERT_EQUAL(memcmp(got.data, data, got.size), 0);
		n++;
	}
	CU_ASSERT_EQUAL(n, b.len);
	CU_ASSERT_EQUAL(first, 200000 - b.len);
	evbuf_recs_clear(&b);
	CU_ASSERT_EQUAL(b.len, 0);
	pos = (struct evbuf_recs_pos){ 0 };
	CU_ASSERT_FALSE(evbuf_recs_next(&b, &pos, &got));
	/* a count bound (give or take two chunks), and a record bigger than a chunk */
	evbuf_recs_free(&b);
	evbuf_recs_init(&b, 0, 1000);
	for (i = 0; i < 100000; i++) {
		static unsigned char big[200000];

		r.ts_ns = i;
		r.size = i == 50000 ? sizeof(big) : 8;
		r.missed = 0;
		r.data = big;
		CU_ASSERT_EQUAL_FATAL(evbuf_recs_push(&b, &r), 0);
	}
	CU_ASSERT_TRUE(b.len >= 1000 && b.len <= 1000 + 2 * 128 * 1024 / 24);
	CU_ASSERT_TRUE(b.bytes <= 4 * (128 * 1024 + 64));
	evbuf_recs_free(&b);
}

static CU_TestInfo evbuf_tests[] = {
	{ "unbounded window", test_unbounded },
	{ "bounded in time", test_retain_time },
	{ "bounded in count", test_max_events },
	{ "drop what is older than a time, find where a time starts", test_drop_before },
	{ "an event older than the newest goes in time order", test_push_sorted },
	{ "raw records: kept exactly as pushed, bounded in time and count", test_records },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("evbuf", NULL, NULL, evbuf_tests);
