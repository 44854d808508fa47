/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rbread - the per-CPU ring-buffer pages of a tracing instance (as
 * trace_pipe_raw and snapshot_raw hand them out, one sub-buffer per read)
 * to decoded events in time order, decoding only what a window needs.
 *
 * A read covers [from_ns, until_ns]: a page whose successor starts at or
 * before from_ns is dropped unread (its events are all older: the page
 * header's timestamp, kbuffer_subbuf_timestamp()), older events of the
 * other pages are walked past undecoded, and a CPU is read only until it
 * has shown an event after until_ns, so that a buffer still being written
 * is not chased. What was read past until_ns (one page at most per CPU,
 * and its events) is kept for the next read. Reading consumes: the kernel
 * hands out each page once.
 *
 * No tracefs here (tsession.c opens the files): the pages come from a
 * callback, so the logic is tested on pages built by hand.
 */
#ifndef RTWHY_RBREAD_H
#define RTWHY_RBREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

struct tep_record;
struct rbread;

/*
 * Reads the next page of @cpu into @page (rbread_create()'s page_size
 * bytes). Return: the bytes read (> 0), 0 when the CPU has nothing more
 * now, or -errno.
 */
typedef int (*rbread_page_fn)(void *arg, int cpu, void *page);

/*
 * Decodes one record (its ts, data, size and cpu set; missed_events 0) into
 * @out. Return: 1 if @out holds an event, 0 if the record is of no interest.
 */
typedef int (*rbread_decode_fn)(void *arg, struct tep_record *rec, int cpu, struct rtw_event *out);

/*
 * Decodes frame @i of the RTW_EV_STACK @stack that @rec gave (decode_stack_frame()).
 * Return: 1 if @out holds it, 0 if not.
 */
typedef int (*rbread_frame_fn)(void *arg, struct tep_record *rec, const struct rtw_event *stack,
			       int i, struct rtw_event *out);

/* Called per event, oldest first; a non-zero return stops the read (the rest is kept). */
typedef int (*rbread_event_fn)(const struct rtw_event *ev, void *arg);

/* What reads have done so far (cumulative). */
struct rbread_stats {
	uint64_t pages;		   /* pages read from the kernel */
	uint64_t pages_skipped;	   /* ... dropped unread: older than a window */
	uint64_t records;	   /* records walked in the pages kept */
	uint64_t decoded;	   /* ... decoded (at or after from_ns) */
	uint64_t skipped_until_ns; /* the newest timestamp not decoded because too old */
};

/**
 * rbread_create() - A reader for @nr_cpus CPUs.
 * @out: result; rbread_destroy() it
 * @nr_cpus: CPUs 0 .. nr_cpus - 1 (at most RTW_MAX_CPUS)
 * @page_size: the sub-buffer size (tracefs_cpu_read_size())
 * @decode: record decoder
 * @frame: the frames of a kernel stack record, after it; NULL: none
 * @decode_arg: passed to @decode and @frame
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int rbread_create(struct rbread **out, int nr_cpus, int page_size, rbread_decode_fn decode,
		  rbread_frame_fn frame, void *decode_arg);

/**
 * rbread_destroy() - Free a reader.
 * @r: reader, may be NULL
 */
void rbread_destroy(struct rbread *r);

/**
 * rbread_read() - Read and hand on, in time order, the events of [@from_ns, @until_ns].
 * @r: reader
 * @page: the page source
 * @page_arg: passed to @page
 * @from_ns: events before this are not decoded (0: all)
 * @until_ns: read each CPU until past this (UINT64_MAX: until it is empty)
 * @fn: per event: RTW_EV_LOST marks (events the kernel overwrote before the
 *      next one) included, events kept from an earlier read first
 * @arg: passed to @fn
 *
 * Events of different CPUs with the same timestamp come lower CPU first.
 * Return: the number of events handed on, or -errno (a page source error,
 * -ENOMEM); @fn's non-zero value stops the read early (not an error).
 */
long rbread_read(struct rbread *r, rbread_page_fn page, void *page_arg, uint64_t from_ns,
		 uint64_t until_ns, rbread_event_fn fn, void *arg);

/**
 * rbread_forget() - Drop what was kept from earlier reads (another source follows).
 * @r: reader
 */
void rbread_forget(struct rbread *r);

/**
 * rbread_stats() - What the reads did so far.
 * @r: reader
 *
 * Return: the counters (valid until rbread_destroy()).
 */
const struct rbread_stats *rbread_stats(const struct rbread *r);

#endif
