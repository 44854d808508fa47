// SPDX-License-Identifier: GPL-2.0-only
/*
 * spikekeep: every spike kept until the store is full; then the largest kept,
 * the others counted; written in the order of wakeups, each element as the
 * JSON writer writes it in place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/json.h"
#include "rtwhy/report/json.h"
#include "rtwhy/spikekeep.h"
#include "unit.h"

static void result(struct blame_result *r, int64_t latency_ns, uint64_t wake_ns)
{
	memset(r, 0, sizeof(*r));
	r->latency_ns = latency_ns;
	r->spike.wake_ns = wake_ns;
	r->spike.tid = 42;
	r->spike.thread = 0;
	r->spike.cpu = 1;
	r->run_cpu = -1;
	r->verdict_culprit = -1;
	snprintf(r->text, sizeof(r->text), "spike %lld", (long long)latency_ns);
}

/* the "spikes" array as spikekeep_write() gives it */
static char *written(struct spikekeep *k, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputc('[', f);
	spikekeep_write(f, k);
	fputc(']', f);
	fclose(f);
	return text;
}

static void test_same_as_writer(void)
{
	static struct blame_result r[2];
	struct spikekeep k = { 0 };
	struct json j = { 0 };
	char *direct = NULL, *kept;
	size_t n, m;
	FILE *f;

	result(&r[0], 3000000, 2000);
	result(&r[1], 5000000, 1000);
	/* added out of wake order: written in wake order */
	CU_ASSERT_EQUAL(spikekeep_add(&k, &r[0], 1), 0);
	CU_ASSERT_EQUAL(spikekeep_add(&k, &r[1], 2), 0);
	CU_ASSERT_EQUAL(k.nr, 2);
	CU_ASSERT_EQUAL(k.nr_dropped, 0);
	f = open_memstream(&direct, &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputc('[', f);
	j.out = f;
	j.depth = 2;
	j.closer[1] = ']';
	report_json_spike(&j, &r[1], 2);
	report_json_spike(&j, &r[0], 1);
	fputc(']', f);
	fclose(f);
	kept = written(&k, &m);
	CU_ASSERT_EQUAL(m, n);
	CU_ASSERT_STRING_EQUAL(kept, direct);
	CU_ASSERT_PTR_NOT_NULL(strstr(kept, "\"latency_us\": 5000.000"));
	free(kept);
	free(direct);
	spikekeep_free(&k);
	CU_ASSERT_EQUAL(k.nr, 0);
	CU_ASSERT_PTR_NULL(k.item);
}

static void test_keeps_largest(void)
{
	static struct blame_result r;
	struct spikekeep k = { 0 };
	char needle[64], *text;
	size_t i, len;

	/* latencies 1..MAX us, then larger and smaller ones */
	for (i = 1; i <= SPIKEKEEP_MAX; i++) {
		result(&r, (int64_t)i * 1000, i);
		CU_ASSERT_EQUAL(spikekeep_add(&k, &r, (int)i), 0);
	}
	CU_ASSERT_EQUAL(k.nr, SPIKEKEEP_MAX);
	CU_ASSERT_EQUAL(k.nr_dropped, 0);
	result(&r, 500, SPIKEKEEP_MAX + 1); /* smaller than any kept: counted */
	CU_ASSERT_EQUAL(spikekeep_add(&k, &r, SPIKEKEEP_MAX + 1), 0);
	CU_ASSERT_EQUAL(k.nr_dropped, 1);
	result(&r, 1000, SPIKEKEEP_MAX + 2); /* as small as the smallest: counted */
	CU_ASSERT_EQUAL(spikekeep_add(&k, &r, SPIKEKEEP_MAX + 2), 0);
	CU_ASSERT_EQUAL(k.nr_dropped, 2);
	result(&r, 9000000, SPIKEKEEP_MAX + 3); /* the run's maximum, late: kept */
	CU_ASSERT_EQUAL(spikekeep_add(&k, &r, SPIKEKEEP_MAX + 3), 0);
	CU_ASSERT_EQUAL(k.nr, SPIKEKEEP_MAX);
	CU_ASSERT_EQUAL(k.nr_dropped, 3);
	text = written(&k, &len);
	CU_ASSERT_PTR_NULL(strstr(text, "\"latency_us\": 1.000,")); /* replaced */
	CU_ASSERT_PTR_NULL(strstr(text, "\"latency_us\": 0.500,")); /* not kept */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"latency_us\": 2.000,"));
	snprintf(needle, sizeof(needle), "\"latency_us\": %d.000,", SPIKEKEEP_MAX);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, needle));
	/* its number in the run, kept with it */
	snprintf(needle, sizeof(needle), "\"spike\": %d,", SPIKEKEEP_MAX + 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, needle));
	CU_ASSERT_PTR_NULL(strstr(text, "\"spike\": 1,")); /* replaced */
	/* in wake order: the maximum, woken last, is the last element */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"latency_us\": 9000.000,"));
	CU_ASSERT_PTR_NULL(
		strstr(strstr(text, "\"latency_us\": 9000.000,"), "\"latency_us\": 2.000,"));
	CU_ASSERT_TRUE(strstr(text, "\"latency_us\": 2.000,") <
		       strstr(text, "\"latency_us\": 3.000,"));
	free(text);
	spikekeep_free(&k);
}

/* a long run: thousands of replacements by elements of other lengths keep the block packed */
static void test_replacements_bounded(void)
{
	static struct blame_result r;
	struct spikekeep k = { 0 };
	size_t i, n, len, most = 0;
	char needle[64], *text, *p;

	for (i = 1; i <= 20 * SPIKEKEEP_MAX; i++) {
		result(&r, (int64_t)i * 1000, i);
		/* texts of 0 to its size less one, in no order */
		memset(r.text, 'x', (i * 7919) % sizeof(r.text));
		r.text[(i * 7919) % sizeof(r.text)] = 0;
		CU_ASSERT_EQUAL_FATAL(spikekeep_add(&k, &r, (int)i), 0);
		CU_ASSERT_TRUE_FATAL(k.used <= k.size);
		if (k.size > most)
			most = k.size;
	}
	CU_ASSERT_EQUAL(k.nr, SPIKEKEEP_MAX);
	CU_ASSERT_EQUAL(k.nr_dropped, 19 * SPIKEKEEP_MAX);
	/* the block: no more than twice what the kept ones hold, with room for one */
	CU_ASSERT_TRUE(most <= 2 * (k.live * 4 / 3 + 4096));
	text = written(&k, &len);
	/* the last 1000, each once, in wake order, each with its own text */
	for (n = 0, p = text; (p = strstr(p, "\"latency_us\": ")); p++)
		n++;
	CU_ASSERT_EQUAL(n, SPIKEKEEP_MAX);
	p = text;
	for (i = 19 * SPIKEKEEP_MAX + 1; i <= 20 * SPIKEKEEP_MAX; i++) {
		snprintf(needle, sizeof(needle), "\"latency_us\": %zu.000,", i);
		p = strstr(p, needle);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	}
	free(text);
	spikekeep_free(&k);
}

static CU_TestInfo spikekeep_tests[] = {
	{ "kept elements as the JSON writer writes them, in wake order", test_same_as_writer },
	{ "full: the largest kept, the others counted", test_keeps_largest },
	{ "thousands of replacements: the block stays packed", test_replacements_bounded },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("spikekeep", NULL, NULL, spikekeep_tests);
