/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * savetrace - --save-trace=FILE of a live run and of `rtwhy analyze`: each
 * explained window into FILE, as ftrace text (textwrite.h) or, when FILE
 * ends in ".dat", as a trace.dat (datwrite.h) that trace-cmd report reads.
 * Windows that overlap are written once: a window that goes on from the
 * last one adds its new events only, so each event and FREEZE line is
 * there once and `rtwhy analyze` explains each spike once.
 *
 * The file is created at the first window (none: no file); a trace.dat is
 * written whole by savetrace_close() (its data comes after its headers).
 */
#ifndef RTWHY_SAVETRACE_H
#define RTWHY_SAVETRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/event.h"

struct datwrite;

/* What the events are from: the traced machine. */
struct savetrace_src {
	int nr_cpus;	     /* its CPUs */
	const char *clock;   /* its trace clock ("mono") */
	const char *release; /* its kernel release, NULL or "" unknown */
	const char *machine; /* uname's machine, NULL unknown */
	const char *version; /* uname -v, NULL unknown (text only) */
	int hz;		     /* CONFIG_HZ, 0 unknown (text only) */
	int32_t main_tid;    /* rtwhy's main thread, 0 unknown (text only) */
};

/* One explained window. */
struct savetrace_window {
	const struct rtw_event *ev; /* time-ordered */
	size_t n;
	int index;	     /* the spike's number (1-based) */
	int32_t tid;	     /* the late thread */
	uint64_t latency_ns; /* how late */
	uint64_t since_ns;   /* the recording holds every event since then; 0 unknown */
};

struct savetrace {
	const char *path; /* NULL: nothing saved */
	bool dat;
	FILE *text;
	struct datwrite *dw;
	uint64_t saved_until_ns; /* the last event written */
	int err;		 /* a write failed (said once): -errno */
};

/**
 * savetrace_is_dat() - Is @path a trace.dat by its name (it ends in ".dat")?
 * @path: file name
 *
 * Return: true for "x.dat".
 */
bool savetrace_is_dat(const char *path);

/**
 * savetrace_init() - Nothing written yet.
 * @s: saver
 * @path: the --save-trace file, NULL for none (kept, not copied)
 */
void savetrace_init(struct savetrace *s, const char *path);

/**
 * savetrace_window() - Write an explained window.
 * @s: saver
 * @src: the traced machine (used when the file is created)
 * @win: the window
 *
 * A failure is said once ("rtwhy: cannot write --save-trace file ..."),
 * and the later windows are not written.
 * Return: 0 or -errno.
 */
int savetrace_window(struct savetrace *s, const struct savetrace_src *src,
		     const struct savetrace_window *win);

/**
 * savetrace_close() - Finish the file (a trace.dat is written now).
 * @s: saver
 *
 * On failure the file is removed, the reason said once.
 * Return: 0, or -errno (also the error of an earlier window).
 */
int savetrace_close(struct savetrace *s);

/**
 * savetrace_discard() - Drop what was gathered (an error path); a text file stays as written.
 * @s: saver
 */
void savetrace_discard(struct savetrace *s);

#endif
