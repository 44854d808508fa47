// SPDX-License-Identifier: GPL-2.0-only
/*
 * spikeq: a free slot first; full, the smallest waiting replaced by a larger
 * one, never a pinned one; everything waiting taken at once; the drops counted.
 */
#include <string.h>

#include "rtwhy/spikeq.h"
#include "unit.h"

static int put(struct spikeq *q, int64_t lat, bool pinned)
{
	int slot = spikeq_claim(q, lat);

	if (slot >= 0) {
		memset(spikeq_spike(q, slot), 0, sizeof(struct measure_spike));
		spikeq_spike(q, slot)->latency_ns = lat;
		spikeq_spike(q, slot)->cycle = (uint64_t)lat;
		spikeq_put(q, slot, pinned);
	}
	return slot;
}

static void test_keeps_largest(void)
{
	static struct spikeq q;
	struct measure_spike out[SPIKEQ_SLOTS];
	bool seen[SPIKEQ_SLOTS * 3] = { false };
	int i, n;

	memset(&q, 0, sizeof(q));
	/* latency 1 pinned (it froze the trace), then 2..SLOTS: every slot waits */
	CU_ASSERT_EQUAL(put(&q, 1, true), 0);
	for (i = 2; i <= SPIKEQ_SLOTS; i++)
		CU_ASSERT_TRUE(put(&q, i, false) >= 0);
	CU_ASSERT_EQUAL(spikeq_dropped(&q), 0);
	/* smaller than every unpinned one: dropped itself */
	CU_ASSERT_EQUAL(put(&q, 2, false), -1);
	CU_ASSERT_EQUAL(spikeq_dropped(&q), 1);
	/* larger ones take the smallest unpinned's place: 2, then 3, ... */
	for (i = 0; i < SPIKEQ_SLOTS; i++)
		CU_ASSERT_TRUE(put(&q, 1000 + i, false) >= 0);
	CU_ASSERT_EQUAL(spikeq_dropped(&q), 1 + SPIKEQ_SLOTS);
	n = spikeq_take(&q, out);
	CU_ASSERT_EQUAL(n, SPIKEQ_SLOTS);
	for (i = 0; i < n; i++) {
		int64_t l = out[i].latency_ns;

		if (l == 1)
			seen[0] = true;
		else if (l >= 1000 && l < 1000 + SPIKEQ_SLOTS)
			seen[l - 1000 + 1] = true;
	}
	/* the pinned one and the SLOTS - 1 largest */
	CU_ASSERT_TRUE(seen[0]);
	for (i = 1; i < SPIKEQ_SLOTS; i++)
		CU_ASSERT_TRUE(seen[i + 1]);
	/* taken: every slot free again, nothing waits */
	CU_ASSERT_EQUAL(spikeq_take(&q, out), 0);
	for (i = 0; i < SPIKEQ_SLOTS; i++)
		CU_ASSERT_TRUE(put(&q, 5, false) >= 0);
	CU_ASSERT_EQUAL(spikeq_dropped(&q), 1 + SPIKEQ_SLOTS);
	/* equal is not larger: dropped */
	CU_ASSERT_EQUAL(put(&q, 5, false), -1);
	CU_ASSERT_EQUAL(spikeq_take(&q, out), SPIKEQ_SLOTS);
}

static void test_all_pinned(void)
{
	static struct spikeq q;
	struct measure_spike out[SPIKEQ_SLOTS];
	int i;

	memset(&q, 0, sizeof(q));
	for (i = 0; i < SPIKEQ_SLOTS; i++)
		CU_ASSERT_TRUE(put(&q, 1, true) >= 0);
	CU_ASSERT_EQUAL(put(&q, 1000, false), -1); /* nothing may go */
	CU_ASSERT_EQUAL(spikeq_dropped(&q), 1);
	CU_ASSERT_EQUAL(spikeq_take(&q, out), SPIKEQ_SLOTS);
}

static CU_TestInfo spikeq_tests[] = {
	{ "full: the smallest replaced by a larger, never a pinned one", test_keeps_largest },
	{ "full of pinned spikes: the new one dropped", test_all_pinned },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("spikeq", NULL, NULL, spikeq_tests);
