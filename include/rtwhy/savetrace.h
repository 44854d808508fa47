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
 * The gaps between windows are marked: in text, by the "# rtwhy: spike N"
 * line; in a trace.dat, by two ftrace print events (trace_marker lines) at
 * each gap, "rtwhy: window of spike N ends: nothing saved until the next
 * one" on the last event's CPU and time, and "rtwhy: window of spike M
 * starts: ..." on the next window's first event's; a window that goes on
 * from the last one is no gap.
 *
 * DIR/ (a path ending in '/', or an existing directory): each window is a
 * trace.dat of its own, written whole at once, DIR/spike-SEC.USEC-LATns.dat
 * (when it was written, CLOCK_REALTIME; the spike's latency in ns), through
 * a hidden temporary DIR/.spike-...tmp renamed into place. With a bound
 * (savetrace_set_max(), --save-trace-max), before each rename the window
 * files of DIR/ (of earlier runs too) are removed until the new one fits:
 * the largest spikes whose files add up to half the bound are kept; the
 * others go oldest first; only then the kept ones, smallest spike first.
 * The finished files never add up to more than the bound (the temporary
 * file of the window being written is not counted); a window larger than
 * the whole bound is not saved (said once).
 *
 * savetrace_reopen() (SIGHUP, --reopen-on-hup) may be called from another
 * thread (or a signal handler): the next window closes the file (a
 * trace.dat is written) and starts a new one at the path (logrotate).
 */
#ifndef RTWHY_SAVETRACE_H
#define RTWHY_SAVETRACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/event.h"

struct datwrite;
struct cause_dl_task;

/* What the events are from: the traced machine. */
struct savetrace_src {
	int nr_cpus;	      /* its CPUs */
	const char *clock;    /* its trace clock ("mono") */
	const char *release;  /* its kernel release, NULL or "" unknown */
	const char *machine;  /* uname's machine, NULL unknown */
	const char *hostname; /* its host name (uname's nodename), NULL unknown */
	const char *version;  /* uname -v, NULL unknown (text only) */
	int hz;		      /* CONFIG_HZ, 0 unknown (text only) */
	int32_t main_tid;     /* rtwhy's main thread, 0 unknown (text only) */
	int preempt;	      /* enum util_preempt, 0 unknown (text only) */
};

/* One explained window. */
struct savetrace_window {
	const struct rtw_event *ev; /* time-ordered */
	size_t n;
	int index;			/* the spike's number (1-based) */
	int32_t tid;			/* the late thread */
	uint64_t latency_ns;		/* how late */
	uint64_t since_ns;		/* the recording holds every event since then; 0 unknown */
	const struct cause_dl_task *dl; /* the SCHED_DEADLINE reservations read (text only) */
	size_t nr_dl;
};

struct savetrace {
	const char *path; /* NULL: nothing saved */
	bool dir;	  /* DIR/: a trace.dat per window */
	bool dat;
	uint64_t max_bytes; /* DIR/'s bound, 0 none */
	atomic_int reopen;  /* savetrace_reopen() asked, not done yet */
	int nr_saved;	    /* DIR/: windows saved */
	int nr_removed;	    /* DIR/: window files removed for the bound */
	int nr_too_large;   /* DIR/: windows larger than the bound, not saved */
	FILE *text;
	struct datwrite *dw;
	uint64_t saved_until_ns;  /* the last event written */
	struct rtw_event last_ev; /* a trace.dat: the last event written ... */
	int last_index;		  /* ... of this spike's window */
	bool open_window;	  /* its end marker not written yet */
	int err;		  /* a write failed (said once): -errno */
};

/**
 * savetrace_is_dat() - Is @path a trace.dat by its name (it ends in ".dat")?
 * @path: file name
 *
 * Return: true for "x.dat".
 */
bool savetrace_is_dat(const char *path);

/**
 * savetrace_is_dir() - Is @path a directory for --save-trace: it ends in '/'
 * or names an existing directory?
 * @path: file name
 *
 * Return: true for "traces/".
 */
bool savetrace_is_dir(const char *path);

/**
 * savetrace_parse_size() - Parse --save-trace-max: bytes, or a number with
 * K, M, G or T (powers of 1024; lower case too).
 * @text: "500M", "2G", "65536"
 * @bytes: result
 *
 * Return: 0, -EINVAL (not a size) or -ERANGE (above 2^64).
 */
int savetrace_parse_size(const char *text, uint64_t *bytes);

/**
 * savetrace_check() - Can --save-trace DIR/ be written? Creates DIR (one
 * level) when missing. A FILE is not checked here.
 * @path: the --save-trace path, NULL for none
 *
 * Return: 0, or -errno with "rtwhy: cannot write --save-trace file PATH: reason" printed.
 */
int savetrace_check(const char *path);

/**
 * savetrace_entry_name() - Is @name a window file of DIR/, and of which spike?
 * @name: a file name in DIR/
 * @written_us: when it was written (CLOCK_REALTIME, us)
 * @latency_ns: its spike's latency
 *
 * Return: true for "spike-SEC.USEC-LATns.dat".
 */
bool savetrace_entry_name(const char *name, uint64_t *written_us, uint64_t *latency_ns);

/* A window file of DIR/: spike-SECONDS.USEC-LATENCYns.dat, written then (CLOCK_REALTIME). */
struct savetrace_entry {
	uint64_t written_us;
	uint64_t latency_ns;
	uint64_t bytes;
	char name[256];
	bool kept; /* among the largest spikes that fit in half the bound */
	bool gone;
};

/**
 * savetrace_evict() - Choose the window files to remove so that @need more
 * bytes fit within @max_bytes (the policy above). Pure: marks, removes nothing.
 * @e: the files (their written_us, latency_ns, bytes); sorted here, largest
 *     spike first, each one's gone set
 * @n: how many
 * @max_bytes: the bound
 * @need: the new file's size, at most @max_bytes
 *
 * Return: how many are gone.
 */
size_t savetrace_evict(struct savetrace_entry *e, size_t n, uint64_t max_bytes, uint64_t need);

/**
 * savetrace_init() - Nothing written yet.
 * @s: saver
 * @path: the --save-trace file, NULL for none (kept, not copied)
 */
void savetrace_init(struct savetrace *s, const char *path);

/**
 * savetrace_set_max() - The bound of DIR/ (--save-trace-max).
 * @s: saver
 * @max_bytes: bytes, 0 none
 */
void savetrace_set_max(struct savetrace *s, uint64_t max_bytes);

/**
 * savetrace_reopen() - Close and start the file again at the next window
 * (SIGHUP: logrotate moved it). Async-signal-safe; any thread.
 * @s: saver
 */
void savetrace_reopen(struct savetrace *s);

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
