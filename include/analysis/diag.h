/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diag - how analysis/ says something to a human without printing: every
 * message (a file that cannot be read, a spike that cannot be explained, a
 * warning about the input) goes to one sink the program sets, with its
 * severity. The default sink is none: a library user or a test that sets
 * nothing hears nothing. The live tool sets log.c's (rtwhy: ... on stderr).
 * Messages follow the project's form: "cannot X: reason", no prefix, no
 * newline.
 */
#ifndef ANALYSIS_DIAG_H
#define ANALYSIS_DIAG_H

#define DIAG_MSG_LEN 1024 /* longer messages are cut */

enum diag_level {
	DIAG_ERR,  /* something failed: what and why */
	DIAG_WARN, /* the result is weaker than it could be */
	DIAG_INFO, /* for the curious */
};

/* Receives one formatted message; @arg is what diag_set_sink() was given. */
typedef void (*diag_sink_fn)(enum diag_level level, const char *msg, void *arg);

/**
 * diag_set_sink() - Where the messages of analysis/ go from now on.
 * @fn: the sink, or NULL to drop them (the default)
 * @arg: passed to @fn
 *
 * Process-wide; set it once before using analysis/, not while it runs.
 */
void diag_set_sink(diag_sink_fn fn, void *arg);

/**
 * diag_report() - Hand one message to the sink (nothing if none is set).
 * @level: its severity
 * @fmt: printf format of the message
 */
void diag_report(enum diag_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
