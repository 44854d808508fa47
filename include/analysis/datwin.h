/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * datwin - the window of a trace.dat kept as places, not records. While
 * datread_read_raw() walks the file, every CPU of every buffer keeps where
 * its records of each 10 ms of the last window started (file offsets, a
 * few per CPU) and how many it had, the last wakeup of each task (its CPU,
 * the run queue it woke onto) and its last switch-in (its CPU) are noted,
 * and marker records dropped as duplicates are remembered. At a
 * spike the CPUs it needs are read again from those places through
 * datread's streams, merged in the order datread_read_raw() handed them on,
 * filtered as stream.c filtered them, and decoded: the window of those
 * CPUs, exactly as if it had been kept. Memory: a few numbers per CPU, and
 * one explanation's events.
 */
#ifndef ANALYSIS_DATWIN_H
#define ANALYSIS_DATWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/evbuf.h"

struct datread;
struct datwin;

/* Where a window ends: a record of the walk (included or not) and all before it. */
struct datwin_end {
	uint64_t ts_ns;
	int buffer;
	int cpu;
	uint64_t offset;
	bool inclusive; /* the record itself is in the window */
};

/**
 * datwin_create() - An empty index.
 * @window_ns: how far back a window reaches (places older than it are let go)
 *
 * Return: the index (datwin_destroy() it), NULL without memory.
 */
struct datwin *datwin_create(uint64_t window_ns);

/**
 * datwin_destroy() - Release the index.
 * @w: index, may be NULL
 */
void datwin_destroy(struct datwin *w);

/**
 * datwin_note() - A record the walk keeps in the window: its place.
 * @w: index
 * @r: the record (r->offset, r->cpu, r->buffer, r->ts_ns)
 *
 * Return: 0 or -ENOMEM.
 */
int datwin_note(struct datwin *w, const struct evbuf_rec *r);

/**
 * datwin_note_wakeup() - The wakeup of @pid onto @target_cpu, on the CPU of @r.
 * @w: index
 * @pid: the woken task
 * @target_cpu: the run queue it is woken onto, -1 unknown
 * @r: the record
 */
void datwin_note_wakeup(struct datwin *w, int32_t pid, int32_t target_cpu,
			const struct evbuf_rec *r);

/**
 * datwin_note_switch_in() - @pid switched in on the CPU of @r.
 * @w: index
 * @pid: the task
 * @r: the record
 */
void datwin_note_switch_in(struct datwin *w, int32_t pid, const struct evbuf_rec *r);

/**
 * datwin_note_dropped() - A marker record not used (a second buffer's copy).
 * @w: index
 * @r: the record
 */
void datwin_note_dropped(struct datwin *w, const struct evbuf_rec *r);

/**
 * datwin_clear() - Forget every place (the walk met a new recording).
 * @w: index
 */
void datwin_clear(struct datwin *w);

/**
 * datwin_waker_cpu() - Where @pid was last woken, at or after @since_ns.
 * @w: index
 * @pid: task
 * @since_ns: the window's start
 * @target_cpu: result: the run queue it was woken onto, -1 unknown
 *
 * Return: the CPU the wakeup ran on, -1 unknown (then @target_cpu too).
 */
int datwin_waker_cpu(const struct datwin *w, int32_t pid, uint64_t since_ns, int *target_cpu);

/**
 * datwin_ran_cpu() - Where @pid was last switched in, at or after @since_ns.
 * @w: index
 * @pid: task
 * @since_ns: the window's start
 *
 * Return: the CPU, -1 unknown.
 */
int datwin_ran_cpu(const struct datwin *w, int32_t pid, uint64_t since_ns);

/**
 * datwin_count() - Records of some CPUs from @since_ns on, about (whole slots).
 * @w: index
 * @cpus: which CPUs, as datwin_read()'s; NULL every CPU
 * @nr: entries of @cpus
 * @since_ns: the window's start
 *
 * Return: at least the number of records noted at or after @since_ns, at most a slot
 * (10 ms) more of each CPU.
 */
uint64_t datwin_count(const struct datwin *w, const bool *cpus, int nr, uint64_t since_ns);

/**
 * datwin_read() - Decode the window of some CPUs into @out.
 * @w: index
 * @dr: the file being walked
 * @cpus: which CPUs (a CPU's number in every buffer): cpus[c] for c < @nr; NULL every CPU
 * @nr: entries of @cpus
 * @since_ns: the window's start
 * @end: its end
 * @owner: per enum rtw_event_kind, the buffer whose records of it are used
 * @out: result: emptied, then the events in the walk's order; when the window holds more
 *       records than @out's max_events, it starts later, at the first 10 ms slot from
 *       which it does not (no more than its cap is ever read)
 *
 * Return: 0, -ENOMEM, or -EIO if the file cannot be opened again.
 */
int datwin_read(struct datwin *w, struct datread *dr, const bool *cpus, int nr, uint64_t since_ns,
		const struct datwin_end *end, const int *owner, struct evbuf *out);

#endif
