/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats - per-thread latency statistics: min/act/avg/max, cyclictest's
 * histogram with its overflow list, the -v sample ring and percentiles.
 *
 * One measuring thread writes a struct stats_thread; the main thread reads
 * the published scalars at any time (relaxed atomics, cycles with release /
 * acquire) and the histogram only after the writer has stopped. Values are
 * ns; the histogram and the average keep cyclictest's per-sample truncation
 * to the printed unit (us, or ns with -N) so that the numbers print the same.
 */
#ifndef RTWHY_STATS_H
#define RTWHY_STATS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct stats_thread {
	_Atomic uint64_t cycles; /* samples taken; published last */
	_Atomic int64_t min_ns;	 /* INT64_MAX before the first sample */
	_Atomic int64_t act_ns;	 /* the last sample */
	_Atomic int64_t max_ns;
	_Atomic int64_t sum_units; /* sum of samples truncated to units (some may be < 0) */
	uint64_t unit_ns;	   /* 1000 (us) or 1 (-N) */
	int nr_buckets;		   /* histogram buckets of one unit, 0 = none */
	uint64_t *hist;
	uint64_t hist_overflow;
	uint64_t *outliers; /* cycle numbers of the first nr_buckets overflows */
	uint64_t nr_outliers;
	int64_t *values; /* -v ring of samples in units, or NULL */
	uint64_t values_mask;
};

#define STATS_VALUES_RING 16384 /* cyclictest's -v ring size */

/**
 * stats_init() - Prepare @st; allocate the histogram and -v ring if asked.
 * @st: statistics of one thread
 * @nr_buckets: histogram buckets (0: no histogram)
 * @unit_ns: 1000 for us, 1 for ns
 * @ring: keep the -v sample ring
 *
 * Context: setup only (allocates and pre-faults).
 * Return: 0 or -ENOMEM.
 */
int stats_init(struct stats_thread *st, int nr_buckets, uint64_t unit_ns, bool ring);

/**
 * stats_free() - Release what stats_init() allocated.
 * @st: statistics; may be zeroed or already freed
 */
void stats_free(struct stats_thread *st);

/**
 * stats_add() - Account one sample.
 * @st: the calling thread's statistics
 * @lat_ns: latency of the sample
 *
 * Context: measuring hot path: no allocation, no locks, no system calls.
 */
static inline void stats_add(struct stats_thread *st, int64_t lat_ns)
{
	uint64_t cycle = atomic_load_explicit(&st->cycles, memory_order_relaxed);
	int64_t units = lat_ns / (int64_t)st->unit_ns;

	if (lat_ns < atomic_load_explicit(&st->min_ns, memory_order_relaxed))
		atomic_store_explicit(&st->min_ns, lat_ns, memory_order_relaxed);
	if (lat_ns > atomic_load_explicit(&st->max_ns, memory_order_relaxed))
		atomic_store_explicit(&st->max_ns, lat_ns, memory_order_relaxed);
	atomic_store_explicit(&st->act_ns, lat_ns, memory_order_relaxed);
	atomic_store_explicit(&st->sum_units,
			      atomic_load_explicit(&st->sum_units, memory_order_relaxed) + units,
			      memory_order_relaxed);
	if (st->nr_buckets) {
		if (units < 0 || units >= st->nr_buckets) {
			st->hist_overflow++;
			if (st->nr_outliers < (uint64_t)st->nr_buckets)
				st->outliers[st->nr_outliers++] = cycle;
		} else {
			st->hist[units]++;
		}
	}
	if (st->values)
		st->values[cycle & st->values_mask] = units;
	atomic_store_explicit(&st->cycles, cycle + 1, memory_order_release);
}

/* A consistent copy of the published scalars, in ns. */
struct stats_snapshot {
	uint64_t cycles;
	int64_t min_ns; /* 0 when no sample yet */
	int64_t act_ns;
	int64_t max_ns;
	int64_t sum_units;
};

/**
 * stats_read() - Copy the published scalars of @st.
 * @st: statistics, possibly being written
 * @snap: result
 */
void stats_read(struct stats_thread *st, struct stats_snapshot *snap);

/**
 * stats_avg_units() - cyclictest's average: sum of truncated samples / cycles.
 * @snap: scalars
 *
 * Return: the truncated average in units, 0 with no sample.
 */
long stats_avg_units(const struct stats_snapshot *snap);

/**
 * stats_hist_total() - Samples counted in histogram buckets (not overflows).
 * @st: statistics, writer stopped
 *
 * Return: the count.
 */
uint64_t stats_hist_total(const struct stats_thread *st);

/**
 * stats_percentile_units() - Latency below which @pct percent of the samples
 * fall, from the histogram.
 * @st: statistics with a histogram, writer stopped
 * @pct: 0-100
 *
 * Return: the bucket in units, or -1 if the percentile falls in the overflow
 * or there is no histogram or no sample.
 */
long stats_percentile_units(const struct stats_thread *st, double pct);

#endif
