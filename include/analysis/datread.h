/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * datread - trace.dat (versions 6 and 7, as trace-cmd writes them) to
 * struct rtw_event: libtracecmd reads the file, decode.c the records. Every
 * buffer of the file is read, the top-level one and each instance, merged
 * in time order, so a marker in one buffer meets the events of another.
 * Streaming: one pass, nothing kept. Either decoded as read
 * (datread_read()), or raw, each record with the kind of its event only,
 * for a reader that keeps records and decodes the few it explains
 * (datread_read_raw(), datread_decode()): decoding is most of the cost of
 * a pass once the file is open.
 */
#ifndef ANALYSIS_DATREAD_H
#define ANALYSIS_DATREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/decode.h"
#include "analysis/event.h"

/* events one record gives at most: a loss mark, the event, a kernel stack's frames */
#define DATREAD_MAX_EVENTS (2 + DECODE_MAX_FRAMES)

#define DATREAD_MAX_BUFFERS 16

struct datread_info {
	int file_version;	       /* 6, 7 */
	int nr_cpus;		       /* CPUs of the traced machine (most of any buffer) */
	int nr_buffers;		       /* top level + instances */
	char clock[16];		       /* trace clock of the top-level buffer; "" unknown */
	char release[64];	       /* kernel release from the file's uname; "" unknown */
	enum event_flag_layout layout; /* common_flags layout used to decode */
	bool layout_assumed;	       /* no kernel release in the file: 6.13+ assumed */
	int preempt_rt; /* 1 PREEMPT_RT (its release, or the -rt lazy patch's fields), -1 unknown */
	uint64_t records;      /* records read */
	uint64_t events;       /* events handed on, RTW_EV_LOST ones included */
	uint64_t lost_records; /* records that announced lost events */
};

/*
 * Called per event in time order. @buffer: 0 for the top-level buffer,
 * 1.. for the file's instances. A non-zero return stops the reading.
 */
typedef int (*datread_fn)(const struct rtw_event *ev, int buffer, void *arg);

struct datread;
struct evbuf_rec;

/* A raw record (evbuf.h's struct evbuf_rec: its time, CPU, buffer, kind, data). */
typedef int (*datread_rec_fn)(const struct evbuf_rec *rec, void *arg);

/**
 * datread_probe() - Does @head (the first bytes of a file) start a trace.dat?
 * @head: bytes
 * @len: how many
 * @version: result: the version the file says (e.g. 6), -1 if not readable
 *
 * Return: true if the trace.dat magic is there (whatever the version).
 */
bool datread_probe(const void *head, size_t len, int *version);

/**
 * datread_open() - Open a trace.dat and its buffers.
 * @dr: result; datread_close() it
 * @path: file
 *
 * Says "cannot read PATH: ..." once through diag.h on failure. libtracecmd's
 * own notes are silenced (its log level), but for a truncated file libtracecmd
 * 1.3.1 also printf()s "File possibly truncated..." to stdout, which no log
 * level stops: a caller whose stdout carries a report points stdout elsewhere
 * around this call (src/analyze.c does).
 * Return: 0, -ENOENT/-EACCES..., -EPROTONOSUPPORT for a version libtracecmd
 * cannot read, -EINVAL for a damaged file, -ENOMEM.
 */
int datread_open(struct datread **dr, const char *path);

/**
 * datread_read() - Decode every record of every buffer, in time order.
 * @dr: reader
 * @fn: per-event callback
 * @arg: passed to @fn
 *
 * Return: 0, or the callback's non-zero value.
 */
int datread_read(struct datread *dr, datread_fn fn, void *arg);

/**
 * datread_read_raw() - Hand on every record of every buffer, undecoded, in time order.
 * @dr: reader
 * @fn: per record of interest (one decode_record() would decode); @rec's data
 *      valid during the call only
 * @arg: passed to @fn
 *
 * Counts in datread_info() as datread_read() does (a record that announces
 * lost events counts two events).
 * Return: 0, the callback's non-zero value, -ENOMEM, or -EIO if libtracecmd
 * lost a CPU's place after a stream (said through diag.h).
 */
int datread_read_raw(struct datread *dr, datread_rec_fn fn, void *arg);

/**
 * datread_decode() - The events of a record handed on by datread_read_raw().
 * @dr: reader (the same file)
 * @rec: the record (or a copy of it, evbuf.h's window of records); kind
 *       RTW_EV_LOST: the loss it announces only, not its event
 * @out: result, DATREAD_MAX_EVENTS of room: the RTW_EV_LOST mark first when
 *       events were lost before it, then the event, then a kernel stack's frames
 *
 * Return: the number of events in @out (0 .. DATREAD_MAX_EVENTS).
 */
int datread_decode(struct datread *dr, const struct evbuf_rec *rec, struct rtw_event *out);

/**
 * datread_task_pid() - The task a record handed on by datread_read_raw() wakes or switches in.
 * @dr: reader
 * @rec: a record of kind RTW_EV_WAKING, RTW_EV_WAKEUP or RTW_EV_SWITCH
 * @target_cpu: result: the run queue a wakeup puts it on, -1 unknown (a switch: -1)
 *
 * Decodes those fields only (decode_task_pid()).
 * Return: the pid, -1 if none.
 */
int32_t datread_task_pid(struct datread *dr, const struct evbuf_rec *rec, int32_t *target_cpu);

/*
 * Reading one CPU of one buffer again, from a record's offset (rec->offset of
 * datread_read_raw()), from within datread_read_raw()'s callback: on the same
 * handles, the CPU's place in the walk put back when the callback returns. A
 * stream hands on the records datread_read_raw() handed on, in the same
 * order, with the same fields. Only during a callback of datread_read_raw().
 */

/**
 * datread_stream_start() - The record at @offset of CPU @cpu of @buffer.
 * @dr: reader
 * @buffer: buffer id
 * @cpu: the buffer's CPU (rec->cpu)
 * @offset: a record's offset, as datread_read_raw() gave it
 * @rec: result; its data valid until the next call for this stream or
 *       datread_streams_end()
 *
 * Return: 1 @rec holds it, 0 the CPU has no record there, -errno.
 */
int datread_stream_start(struct datread *dr, int buffer, int cpu, uint64_t offset,
			 struct evbuf_rec *rec);

/**
 * datread_stream_next() - The next record of a stream datread_stream_start() started.
 * @dr: reader
 * @buffer: buffer id
 * @cpu: the buffer's CPU
 * @rec: result, as datread_stream_start()'s
 *
 * Return: 1 @rec holds it, 0 the end of the CPU's records.
 */
int datread_stream_next(struct datread *dr, int buffer, int cpu, struct evbuf_rec *rec);

/**
 * datread_streams_end() - Let go of the records the streams hold (not the handles).
 * @dr: reader
 */
void datread_streams_end(struct datread *dr);

/**
 * datread_info() - What the file says about itself, and what was read.
 * @dr: reader
 *
 * Return: the facts (valid until datread_close()).
 */
const struct datread_info *datread_info(const struct datread *dr);

/**
 * datread_buffer_name() - The name of a buffer id.
 * @dr: reader
 * @buffer: id handed to the callback
 *
 * Return: "" for the top-level buffer, the instance name otherwise.
 */
const char *datread_buffer_name(const struct datread *dr, int buffer);

/**
 * datread_buffer_clock() - The trace clock of a buffer.
 * @dr: reader
 * @buffer: id handed to the callback
 *
 * Return: e.g. "mono", or "" when the file does not say.
 */
const char *datread_buffer_clock(const struct datread *dr, int buffer);

/**
 * datread_close() - Close the file.
 * @dr: reader, may be NULL
 */
void datread_close(struct datread *dr);

#endif
