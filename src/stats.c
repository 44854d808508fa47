// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats - the non-hot half of the per-thread statistics: setup, snapshots
 * and the numbers derived for the reports.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rtwhy/stats.h"

#define STATS_READ_SPINS 16  /* retries at once */
#define STATS_READ_TRIES 116 /* then 100 more, 10 us apart: about 1 ms at most */

int stats_init(struct stats_thread *st, int nr_buckets, uint64_t unit_ns, bool ring)
{
	memset(st, 0, sizeof(*st));
	atomic_store(&st->min_ns, INT64_MAX);
	atomic_store(&st->max_ns, INT64_MIN);
	st->unit_ns = unit_ns ? unit_ns : 1;
	/* calloc + memset: the pages are touched now, not in the loop */
	st->est = calloc(STATS_EST_BUCKETS, sizeof(*st->est));
	if (!st->est)
		goto err_free;
	memset(st->est, 0, STATS_EST_BUCKETS * sizeof(*st->est));
	if (nr_buckets > 0) {
		st->hist = calloc((size_t)nr_buckets, sizeof(*st->hist));
		st->outliers = calloc((size_t)nr_buckets, sizeof(*st->outliers));
		if (!st->hist || !st->outliers)
			goto err_free;
		memset(st->hist, 0, (size_t)nr_buckets * sizeof(*st->hist));
		memset(st->outliers, 0, (size_t)nr_buckets * sizeof(*st->outliers));
		st->nr_buckets = nr_buckets;
	}
	if (ring) {
		st->values = calloc(STATS_VALUES_RING, sizeof(*st->values));
		if (!st->values)
			goto err_free;
		memset(st->values, 0, STATS_VALUES_RING * sizeof(*st->values));
		st->values_mask = STATS_VALUES_RING - 1;
	}
	return 0;
err_free:
	stats_free(st);
	return -ENOMEM;
}

void stats_free(struct stats_thread *st)
{
	free(st->hist);
	free(st->outliers);
	free(st->values);
	free(st->est);
	st->hist = NULL;
	st->outliers = NULL;
	st->values = NULL;
	st->est = NULL;
	st->nr_buckets = 0;
}

void stats_read(const struct stats_thread *st, struct stats_snapshot *snap)
{
	int tries;

	/* the reader half of a sequence lock: the writer never waits */
	for (tries = 0;; tries++) {
		uint64_t s1 = atomic_load_explicit(&st->seq, memory_order_acquire), s2;

		/* acquire: a value of a sample in progress brings its odd count along */
		snap->cycles = atomic_load_explicit(&st->cycles, memory_order_acquire);
		snap->min_ns = atomic_load_explicit(&st->min_ns, memory_order_acquire);
		snap->act_ns = atomic_load_explicit(&st->act_ns, memory_order_acquire);
		snap->max_ns = atomic_load_explicit(&st->max_ns, memory_order_acquire);
		snap->sum_units = atomic_load_explicit(&st->sum_units, memory_order_acquire);
		s2 = atomic_load_explicit(&st->seq, memory_order_relaxed);
		if ((s1 == s2 && !(s1 & 1)) || tries == STATS_READ_TRIES)
			break;
		/* the writer may be preempted mid-sample: spin a little, then give it time */
		if (tries >= STATS_READ_SPINS) {
			struct timespec pause = { 0, 10000 };

			nanosleep(&pause, NULL);
		}
	}
	if (snap->cycles == 0 || snap->min_ns == INT64_MAX) {
		snap->min_ns = 0;
		snap->max_ns = 0;
	}
}

long stats_avg_units(const struct stats_snapshot *snap)
{
	return snap->cycles ? (long)(snap->sum_units / (int64_t)snap->cycles) : 0;
}

uint64_t stats_hist_total(const struct stats_thread *st)
{
	uint64_t total = 0;
	int i;

	for (i = 0; i < st->nr_buckets; i++)
		total += st->hist[i];
	return total;
}

const char *const stats_pct_name[STATS_NR_PCT] = { "p50", "p90", "p99", "p99.9", "p99.99" };
const uint32_t stats_pct_ppm[STATS_NR_PCT] = { 500000, 900000, 990000, 999000, 999900 };

uint64_t stats_est_value_ns(unsigned int b)
{
	unsigned int g = b / STATS_EST_SUB, sub = b % STATS_EST_SUB;
	uint64_t lo, width;

	if (g == 0)
		return b;
	lo = (uint64_t)(STATS_EST_SUB + sub) << (g - 1);
	width = 1ULL << (g - 1);
	return lo + (width - 1) / 2;
}

int stats_percentile(const struct stats_thread *st, uint32_t ppm, struct stats_percentile *out)
{
	struct stats_snapshot snap;
	uint64_t want, seen;
	unsigned int b;
	int64_t v;
	int i;

	stats_read(st, &snap);
	if (!snap.cycles || !ppm || ppm > 1000000)
		return -ENODATA;
	/* nearest rank: ceil(N * ppm / 10^6) */
	want = (uint64_t)(((unsigned __int128)snap.cycles * ppm + 999999) / 1000000);
	if (st->nr_buckets) {
		seen = st->hist_below; /* negative samples rank below bucket 0 */
		for (i = 0; i < st->nr_buckets && seen < want; i++) {
			seen += st->hist[i];
			if (seen >= want) {
				out->units = i;
				out->exact = true;
				return 0;
			}
		}
	}
	seen = 0;
	for (b = 0; b < STATS_EST_BUCKETS - 1; b++) {
		seen += st->est[b];
		if (seen >= want)
			break;
	}
	v = (int64_t)stats_est_value_ns(b);
	/* the middle of a bucket may lie past what was seen */
	if (v > snap.max_ns)
		v = snap.max_ns;
	if (v < snap.min_ns)
		v = snap.min_ns;
	out->units = v / (int64_t)st->unit_ns;
	/* past the histogram's range: never shown inside it */
	if (st->nr_buckets && want > st->hist_below && out->units < st->nr_buckets)
		out->units = st->nr_buckets;
	out->exact = false;
	return 0;
}
