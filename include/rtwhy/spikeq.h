/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spikeq - one measuring thread's spikes waiting for the explaining thread:
 * a fixed set of slots that keeps the largest. When every slot waits, a
 * new spike takes the place of the smallest waiting one if it is larger
 * (that one is dropped), else it is dropped itself; a spike whose line
 * froze the trace (spikeq_put()'s @pinned) is never the one replaced. So
 * the largest spike a thread had since the consumer last emptied its
 * slots is always there, and so is its run's maximum.
 *
 * One writer (the measuring thread) and one consumer. Each slot's state
 * says who owns its spike: FREE and FILLING the writer, READY nobody (the
 * writer may take it back to replace it, the consumer to take it, each
 * with one compare-and-swap), TAKING the consumer. So neither side ever
 * reads a spike the other writes; the writer takes no lock, allocates
 * nothing and makes no system call, and never waits for the consumer.
 */
#ifndef RTWHY_SPIKEQ_H
#define RTWHY_SPIKEQ_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "rtwhy/measure.h"

#define SPIKEQ_SLOTS MEASURE_MAX_QUEUED

struct spikeq {
	struct measure_spike spike[SPIKEQ_SLOTS];
	bool pinned[SPIKEQ_SLOTS]; /* written by the writer while it owns the slot */
	_Atomic int state[SPIKEQ_SLOTS];
	_Atomic uint64_t dropped; /* spikes dropped or replaced because every slot waited */
};

/**
 * spikeq_claim() - A slot for a spike of @latency_ns, owned by the writer until spikeq_put().
 * @q: the thread's queue (zeroed: every slot free)
 * @latency_ns: the new spike's latency
 *
 * A free slot, else the smallest waiting one that is not pinned when it is
 * smaller than @latency_ns (its spike counted dropped), else none (the new
 * spike counted dropped). Context: the writer; lock-free, no system call.
 * Return: the slot, or -1.
 */
int spikeq_claim(struct spikeq *q, int64_t latency_ns);

/**
 * spikeq_spike() - The spike of a slot the writer claimed, to fill in.
 * @q: queue
 * @slot: from spikeq_claim()
 */
static inline struct measure_spike *spikeq_spike(struct spikeq *q, int slot)
{
	return &q->spike[slot];
}

/**
 * spikeq_put() - Hand a claimed slot's spike to the consumer.
 * @q: queue
 * @slot: from spikeq_claim(), filled in
 * @pinned: never replace it (its line froze the trace: the consumer must see it)
 */
void spikeq_put(struct spikeq *q, int slot, bool pinned);

/**
 * spikeq_take() - Take every waiting spike, in slot order (not time order).
 * @q: queue
 * @out: room for SPIKEQ_SLOTS spikes
 *
 * Context: the consumer.
 * Return: the number taken.
 */
int spikeq_take(struct spikeq *q, struct measure_spike *out);

/**
 * spikeq_dropped() - Spikes dropped because every slot waited, for either side.
 * @q: queue
 */
uint64_t spikeq_dropped(struct spikeq *q);

#endif
