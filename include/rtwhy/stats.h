/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats - per-thread latency statistics: min/act/avg/max, cyclictest's
 * histogram with its overflow list, the -v sample ring, and a log-linear
 * estimator histogram for percentiles.
 *
 * One measuring thread writes a struct stats_thread; the main thread reads
 * the published scalars at any time with stats_read(), which never blocks
 * the writer: a sequence count (odd while a sample is being added) lets the
 * reader retry a copy torn by a concurrent stats_add(), for a bounded time. The histograms are
 * read only after the writer has stopped, but for their bucket counts, which stats_count_read()
 * may read at any time (--metrics). Values
 * are ns; cyclictest's histogram and the average keep its per-sample
 * truncation to the printed unit (us, or ns with -N) so that the numbers
 * print the same.
 *
 * Percentiles: exact from the -h histogram (nearest rank, in units) when the
 * rank falls inside it; otherwise from the estimator, which keeps every
 * sample in one of STATS_EST_SUB buckets per power of two of ns: its value
 * (the middle of the bucket, clamped to [min, max]) is within 1/256 (0.4%)
 * of the exact one, plus at most one unit of truncation; below 128 ns it is
 * exact. Samples above STATS_EST_MAX_NS count in its last bucket, negative
 * ones as 0.
 */
#ifndef RTWHY_STATS_H
#define RTWHY_STATS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct stats_thread {
	_Atomic uint64_t seq;	 /* odd while stats_add() runs */
	_Atomic uint64_t cycles; /* samples taken; published last */
	_Atomic int64_t min_ns;	 /* INT64_MAX before the first sample */
	_Atomic int64_t act_ns;	 /* the last sample */
	_Atomic int64_t max_ns;
	_Atomic int64_t sum_units; /* sum of samples truncated to units (some may be < 0) */
	uint64_t unit_ns;	   /* 1000 (us) or 1 (-N) */
	int nr_buckets;		   /* histogram buckets of one unit, 0 = none */
	uint64_t *hist;
	uint64_t hist_overflow; /* samples outside the histogram, either side */
	uint64_t hist_below;	/* of which negative ones */
	uint64_t *outliers;	/* cycle numbers of the first nr_buckets overflows */
	uint64_t nr_outliers;
	int64_t *values; /* -v ring of samples in units, or NULL */
	uint64_t values_mask;
	uint64_t *est; /* STATS_EST_BUCKETS counts */
};

#define STATS_VALUES_RING 16384 /* cyclictest's -v ring size */

#define STATS_EST_SUB_BITS 7 /* 128 buckets per power of two */
#define STATS_EST_SUB	   (1u << STATS_EST_SUB_BITS)
#define STATS_EST_MAX_LOG2 36					    /* exact powers up to 2^36 ns */
#define STATS_EST_MAX_NS   ((1ULL << (STATS_EST_MAX_LOG2 + 1)) - 1) /* 137 s */
#define STATS_EST_BUCKETS  ((STATS_EST_MAX_LOG2 - STATS_EST_SUB_BITS + 2) * STATS_EST_SUB)

/**
 * stats_est_bucket() - The estimator's bucket of a sample.
 * @v_ns: latency in ns, not negative
 *
 * Context: measuring hot path.
 * Return: the bucket index, below STATS_EST_BUCKETS.
 */
static inline unsigned int stats_est_bucket(uint64_t v_ns)
{
	unsigned int e;

	if (v_ns < STATS_EST_SUB)
		return (unsigned int)v_ns;
	e = 63u - (unsigned int)__builtin_clzll(v_ns);
	if (e > STATS_EST_MAX_LOG2)
		return STATS_EST_BUCKETS - 1;
	return (e - STATS_EST_SUB_BITS + 1) * STATS_EST_SUB +
	       (unsigned int)((v_ns >> (e - STATS_EST_SUB_BITS)) - STATS_EST_SUB);
}

/*
 * A bucket count (hist[], hist_below, est[]) the main thread may read while
 * the writer runs (--metrics): relaxed atomic accesses, no lock prefix, so
 * the same moves on x86 as a plain increment. Only its writer increments it.
 */
static inline void stats_count_inc(uint64_t *c, uint64_t by)
{
	__atomic_store_n(c, __atomic_load_n(c, __ATOMIC_RELAXED) + by, __ATOMIC_RELAXED);
}

static inline uint64_t stats_count_read(const uint64_t *c)
{
	return __atomic_load_n(c, __ATOMIC_RELAXED);
}

/**
 * stats_init() - Prepare @st; allocate the estimator, and the histogram and
 * -v ring if asked.
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
	uint64_t seq = atomic_load_explicit(&st->seq, memory_order_relaxed);
	uint64_t cycle = atomic_load_explicit(&st->cycles, memory_order_relaxed);
	int64_t units = lat_ns / (int64_t)st->unit_ns;

	/*
	 * The sequence count goes odd first; every scalar is then a release store, so
	 * that a reader's acquire load of a new value also sees the odd count (plain
	 * moves on x86; no fence, which ThreadSanitizer could not follow).
	 */
	atomic_store_explicit(&st->seq, seq + 1, memory_order_relaxed);
	if (lat_ns < atomic_load_explicit(&st->min_ns, memory_order_relaxed))
		atomic_store_explicit(&st->min_ns, lat_ns, memory_order_release);
	if (lat_ns > atomic_load_explicit(&st->max_ns, memory_order_relaxed))
		atomic_store_explicit(&st->max_ns, lat_ns, memory_order_release);
	atomic_store_explicit(&st->act_ns, lat_ns, memory_order_release);
	atomic_store_explicit(&st->sum_units,
			      atomic_load_explicit(&st->sum_units, memory_order_relaxed) + units,
			      memory_order_release);
	if (st->nr_buckets) {
		if (units < 0 || units >= st->nr_buckets) {
			st->hist_overflow++;
			stats_count_inc(&st->hist_below, units < 0);
			if (st->nr_outliers < (uint64_t)st->nr_buckets)
				st->outliers[st->nr_outliers++] = cycle;
		} else {
			stats_count_inc(&st->hist[units], 1);
		}
	}
	if (st->values)
		st->values[cycle & st->values_mask] = units;
	stats_count_inc(&st->est[stats_est_bucket(lat_ns < 0 ? 0 : (uint64_t)lat_ns)], 1);
	atomic_store_explicit(&st->cycles, cycle + 1, memory_order_release);
	atomic_store_explicit(&st->seq, seq + 2, memory_order_release);
}

/* A copy of the published scalars, in ns, all of them after the same sample. */
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
 *
 * Lock-free for the writer: a copy that a concurrent sample tore is taken
 * again, 16 times at once, then every 10 us for about 1 ms (a writer
 * preempted in the middle of a sample); after that the last copy is kept.
 * Context: not the measuring thread (it may sleep).
 */
void stats_read(const struct stats_thread *st, struct stats_snapshot *snap);

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

/* The percentiles rtwhy reports: names as in the JSON keys, ranks in parts per million. */
#define STATS_NR_PCT 5
extern const char *const stats_pct_name[STATS_NR_PCT]; /* "p50" ... "p99.99" */
extern const uint32_t stats_pct_ppm[STATS_NR_PCT];     /* 500000 ... 999900 */

struct stats_percentile {
	int64_t units; /* the value, in units (us, or ns with -N), truncated */
	bool exact;    /* from the -h histogram; else from the estimator */
};

/**
 * stats_percentile() - The nearest-rank percentile: the smallest sample that
 * at least @ppm / 10^6 of all samples do not exceed.
 * @st: statistics, writer stopped
 * @ppm: rank in parts per million, 1-1000000
 * @out: result
 *
 * Return: 0, or -ENODATA with no sample (or a @ppm out of range).
 */
int stats_percentile(const struct stats_thread *st, uint32_t ppm, struct stats_percentile *out);

/**
 * stats_est_value_ns() - The value the estimator gives for its bucket @b:
 * the middle of the ns it holds.
 * @b: bucket, below STATS_EST_BUCKETS
 *
 * Return: ns.
 */
uint64_t stats_est_value_ns(unsigned int b);

#endif
