// SPDX-License-Identifier: GPL-2.0-only
/*
 * diag - the sink of analysis/'s messages: formatted here, printed (or
 * not) by whoever set the sink.
 */
#include <stdarg.h>
#include <stdio.h>

#include "analysis/diag.h"

static diag_sink_fn diag_fn;
static void *diag_arg;

void diag_set_sink(diag_sink_fn fn, void *arg)
{
	diag_fn = fn;
	diag_arg = arg;
}

void diag_report(enum diag_level level, const char *fmt, ...)
{
	char msg[DIAG_MSG_LEN];
	va_list ap;

	if (!diag_fn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_fn(level, msg, diag_arg);
}
