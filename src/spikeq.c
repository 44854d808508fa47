// SPDX-License-Identifier: GPL-2.0-only
/*
 * spikeq - a measuring thread's waiting spikes, keeping the largest; the
 * ownership rules are in spikeq.h.
 */
#include "rtwhy/spikeq.h"

enum {
	SPIKEQ_FREE,	/* the writer's: empty */
	SPIKEQ_FILLING, /* the writer's: being written */
	SPIKEQ_READY,	/* waiting: the writer or the consumer may take it (CAS) */
	SPIKEQ_TAKING,	/* the consumer's: being copied */
};

/*
 * The consumer holds at most one slot at a time (TAKING, then FREE), so a
 * second look finds the slot it was taking freed or another one to replace.
 */
#define SPIKEQ_TRIES 3

int spikeq_claim(struct spikeq *q, int64_t latency_ns)
{
	int i, try, smallest, st;

	for (try = 0; try < SPIKEQ_TRIES; try++) {
		smallest = -1;
		for (i = 0; i < SPIKEQ_SLOTS; i++) {
			st = atomic_load_explicit(&q->state[i], memory_order_acquire);
			if (st == SPIKEQ_FREE) {
				atomic_store_explicit(&q->state[i], SPIKEQ_FILLING,
						      memory_order_relaxed);
				return i;
			}
			/* the writer's own data: the consumer only ever reads it */
			if (st == SPIKEQ_READY && !q->pinned[i] &&
			    (smallest < 0 ||
			     q->spike[i].latency_ns < q->spike[smallest].latency_ns))
				smallest = i;
		}
		if (smallest < 0 || q->spike[smallest].latency_ns >= latency_ns)
			break;
		st = SPIKEQ_READY;
		if (atomic_compare_exchange_strong_explicit(&q->state[smallest], &st,
							    SPIKEQ_FILLING, memory_order_acquire,
							    memory_order_relaxed)) {
			atomic_fetch_add_explicit(&q->dropped, 1, memory_order_relaxed);
			return smallest;
		}
		/* the consumer took it meanwhile: look again */
	}
	atomic_fetch_add_explicit(&q->dropped, 1, memory_order_relaxed);
	return -1;
}

void spikeq_put(struct spikeq *q, int slot, bool pinned)
{
	q->pinned[slot] = pinned;
	atomic_store_explicit(&q->state[slot], SPIKEQ_READY, memory_order_release);
}

int spikeq_take(struct spikeq *q, struct measure_spike *out)
{
	int i, n = 0;

	for (i = 0; i < SPIKEQ_SLOTS; i++) {
		int st = SPIKEQ_READY;

		if (!atomic_compare_exchange_strong_explicit(&q->state[i], &st, SPIKEQ_TAKING,
							     memory_order_acquire,
							     memory_order_relaxed))
			continue;
		out[n++] = q->spike[i];
		atomic_store_explicit(&q->state[i], SPIKEQ_FREE, memory_order_release);
	}
	return n;
}

uint64_t spikeq_dropped(struct spikeq *q)
{
	return atomic_load_explicit(&q->dropped, memory_order_relaxed);
}
