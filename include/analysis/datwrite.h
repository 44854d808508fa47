/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * datwrite - events to a trace.dat, trace-cmd's own format, through
 * libtracecmd's output API (what trace-cmd record writes with), for
 * --save-trace=FILE.dat: `trace-cmd report` reads it, and `rtwhy analyze`
 * reads it back to the same events (decode.c, datread.c).
 *
 * The events are re-encoded: each becomes a ring-buffer record of its
 * tracepoint, laid out as the kernel's format file of that event says
 * (6.18's layouts, which the file carries as its event formats), packed
 * into ring-buffer pages per CPU with the kernel's record headers (time
 * deltas, time extends, a page flagged with the events lost before it).
 * Why not the kernel's own pages: the live reader decodes the pages as it
 * reads them and keeps the decoded window (rbread.h, capture.h), and a text
 * trace has no bytes at all; one encoder serves the live run and both
 * inputs of `rtwhy analyze`.
 *
 * The file carries what a reader needs: the header page and event
 * formats, the event formats of every event written, kernel symbols for
 * the function names the events hold (the hrtimer callbacks, the stack
 * frames: a decoded event keeps the name, not the address, so each name
 * gets an address of its own), the task names (saved_cmdlines), the trace
 * clock and the traced kernel's release and host name (uname: the
 * common_flags layout), and each CPU's stats (`trace-cmd report --stat`:
 * its records, the lost events the input counted, bytes, first and last
 * record time; no kernel buffer's overrun: the file holds windows).
 *
 * Everything is gathered in a temporary directory (TMPDIR, else /tmp) and
 * the file is written by datwrite_close(): a trace.dat holds its data
 * after its headers, CPU by CPU. No root needed, no tracefs.
 */
#ifndef ANALYSIS_DATWRITE_H
#define ANALYSIS_DATWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/event.h"

struct datwrite;

/* What the file says of the traced machine. */
struct datwrite_info {
	int nr_cpus;	      /* CPUs of the traced machine, 1 .. RTW_MAX_CPUS */
	const char *clock;    /* its trace clock, e.g. "mono" */
	const char *release;  /* its kernel release ("6.18.44"), NULL or "" unknown: no uname */
	const char *machine;  /* uname's machine ("x86_64"), NULL unknown */
	const char *hostname; /* uname's nodename, NULL unknown ("unknown" in the file) */
};

/**
 * datwrite_open() - Start a trace.dat.
 * @out: result; datwrite_close() or datwrite_discard() it
 * @path: the file, written by datwrite_close()
 * @info: the traced machine (copied)
 *
 * Return: 0, or -errno (the temporary directory could not be made).
 */
int datwrite_open(struct datwrite **out, const char *path, const struct datwrite_info *info);

/**
 * datwrite_events() - Add events.
 * @w: writer
 * @ev: events, time-ordered (per CPU at least), as every source gives them;
 *      RTW_EV_LOST marks the next record of its CPU as following lost
 *      events, RTW_EV_STACK_FRAME events follow their RTW_EV_STACK,
 *      RTW_EV_OTHER (an event known only by its common fields) is left out
 * @n: how many
 *
 * Return: 0, or -errno (a temporary file could not be written).
 */
int datwrite_events(struct datwrite *w, const struct rtw_event *ev, size_t n);

/**
 * datwrite_close() - Write the file and release the writer.
 * @w: writer
 *
 * On failure nothing is left at the path. The temporary directory is removed.
 * Return: 0, or -errno.
 */
int datwrite_close(struct datwrite *w);

/**
 * datwrite_discard() - Release the writer, write nothing.
 * @w: writer, may be NULL
 */
void datwrite_discard(struct datwrite *w);

/**
 * datwrite_nr_events() - Events added so far (records written).
 * @w: writer
 *
 * Return: the count.
 */
uint64_t datwrite_nr_events(const struct datwrite *w);

#endif
