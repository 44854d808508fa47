// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats - the non-hot half of the per-thread statistics: setup, snapshots
 * and the numbers derived for the reports.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/stats.h"

int stats_init(struct stats_thread *st, int nr_buckets, uint64_t unit_ns, bool ring)
{
	memset(st, 0, sizeof(*st));
	atomic_store(&st->min_ns, INT64_MAX);
	atomic_store(&st->max_ns, INT64_MIN);
	st->unit_ns = unit_ns ? unit_ns : 1;
	if (nr_buckets > 0) {
		/* calloc + memset: the pages are touched now, not in the loop */
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
	st->hist = NULL;
	st->outliers = NULL;
	st->values = NULL;
	st->nr_buckets = 0;
}

void stats_read(struct stats_thread *st, struct stats_snapshot *snap)
{
	snap->cycles = atomic_load_explicit(&st->cycles, memory_order_acquire);
	snap->min_ns = atomic_load_explicit(&st->min_ns, memory_order_relaxed);
	snap->act_ns = atomic_load_explicit(&st->act_ns, memory_order_relaxed);
	snap->max_ns = atomic_load_explicit(&st->max_ns, memory_order_relaxed);
	snap->sum_units = atomic_load_explicit(&st->sum_units, memory_order_relaxed);
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

long stats_percentile_units(const struct stats_thread *st, double pct)
{
	uint64_t total = stats_hist_total(st) + st->hist_overflow;
	uint64_t want, seen = 0;
	int i;

	if (!st->nr_buckets || !total || pct < 0 || pct > 100)
		return -1;
	want = (uint64_t)((double)total * pct / 100.0 + 0.5);
	if (want == 0)
		want = 1;
	for (i = 0; i < st->nr_buckets; i++) {
		seen += st->hist[i];
		if (seen >= want)
			return i;
	}
	return -1;
}
