/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host/steal - the time a hypervisor stole from this machine's CPUs: the
 * steal column of /proc/stat (in USER_HZ ticks), read under a root ("" for
 * this system), and a ring of samples taken while a run goes on, so that a
 * spike nothing in the trace explains can be given the steal around it.
 */
#ifndef RTWHY_HOST_STEAL_H
#define RTWHY_HOST_STEAL_H

#include <stdbool.h>
#include <stdint.h>

#define HOST_STEAL_SAMPLES 64
#define HOST_STEAL_CPUS	   64 /* per-CPU steal of the first CPUs; the machine's beyond */

/* One CPU line of /proc/stat ("cpu" for all of them, "cpuN"), in USER_HZ ticks. */
struct host_steal_stat {
	uint64_t steal_ticks;
	uint64_t total_ticks; /* user .. steal, the first eight columns */
};

/* Samples of the whole machine's steal, oldest overwritten first. */
struct host_steal {
	uint64_t ts_ns[HOST_STEAL_SAMPLES]; /* CLOCK_MONOTONIC of each sample */
	uint64_t steal_ticks[HOST_STEAL_SAMPLES];
	uint64_t cpu_ticks[HOST_STEAL_SAMPLES][HOST_STEAL_CPUS]; /* 0: no "cpuN" line */
	unsigned int next;					 /* samples taken */
	uint64_t last_ns;					 /* of the last one */
};

/**
 * host_steal_read() - One CPU line of /proc/stat.
 * @root: directory prefix, "" for the running system
 * @cpu: the CPU, -1 for the "cpu" line of all of them
 * @out: result
 *
 * Return: 0, -errno from reading, -ENOENT without that line, -EINVAL when
 * it has fewer than eight columns.
 */
int host_steal_read(const char *root, int cpu, struct host_steal_stat *out);

/**
 * host_steal_sample() - Take a sample of this system's steal now.
 * @st: the samples (zeroed to start)
 * @now_ns: CLOCK_MONOTONIC now
 */
void host_steal_sample(struct host_steal *st, uint64_t now_ns);

/**
 * host_steal_since() - Steal from the last sample at or before @from_ns until
 * now (a sample is taken now).
 * @st: the samples
 * @from_ns: e.g. a spike's deadline
 * @now_ns: CLOCK_MONOTONIC now
 *
 * Return: ns, or -1 when no sample is old enough.
 */
int64_t host_steal_since(struct host_steal *st, uint64_t from_ns, uint64_t now_ns);

/**
 * host_steal_since_cpu() - host_steal_since() of one CPU where /proc/stat has its line.
 * @st: the samples
 * @from_ns: e.g. a spike's deadline
 * @now_ns: CLOCK_MONOTONIC now
 * @cpu: the CPU
 * @per_cpu: set true when the figure is @cpu's, false when it is the whole machine's
 * @span_ns: set to the time the figure covers (from the sample before @from_ns to now)
 * Return: ns, or -1 when no sample is old enough.
 */
int64_t host_steal_since_cpu(struct host_steal *st, uint64_t from_ns, uint64_t now_ns, int cpu,
			     bool *per_cpu, uint64_t *span_ns);

#endif
